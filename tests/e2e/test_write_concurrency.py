"""No lost update (issue 26, class 3): processes editing and renaming the same files at once
through the real CLI; every change answered ``applied`` is in the files, every other answer
is a ``conflict`` and its change is not."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from prx.testing import CliRun

Run = Callable[..., CliRun]

WORKERS = 5
ROUNDS = 12
MARK = "# MARK"


def _files(root: Path) -> None:
    defs = "".join(f"def sym_{i}_0():\n    return {i}\n\n\n" for i in range(WORKERS))
    (root / "a.py").write_text(defs + MARK + "\n")
    names = ", ".join(f"sym_{i}_0" for i in range(WORKERS))
    calls = "".join(f"print(sym_{i}_0())\n" for i in range(WORKERS))
    (root / "b.py").write_text(f"from a import {names}\n\n{calls}{MARK}\n")


def _answer(done: CliRun) -> tuple[str, dict[str, Any]]:
    """``applied`` or the error code, and the envelope."""
    envelope = done.envelope
    if envelope["status"] == "ok":
        assert envelope["data"]["applied"] is True, envelope
        return "applied", envelope
    return str(envelope["error"]["code"]), envelope


def _worker(
    run_cli: Run, root: Path, worker: int, start: threading.Barrier, log: list[dict[str, Any]]
) -> None:
    generation = 0
    start.wait(timeout=60)
    for round_ in range(ROUNDS):
        token = f"# t-{worker}-{round_}"
        kind = ("a", "b", "both", "rename")[round_ % 4]
        if kind == "rename":
            old, new = f"sym_{worker}_{generation}", f"sym_{worker}_{generation + 1}"
            done = run_cli("rename", old, new, ".", "--apply", cwd=root, timeout=60)
        elif kind == "both":
            edits = [
                {"file": name, "find": MARK, "replace": f"{MARK}\n{token}"}
                for name in ("a.py", "b.py")
            ]
            done = run_cli("edit", "--edits", json.dumps(edits), "--apply", cwd=root, timeout=60)
        else:
            done = run_cli(
                "edit",
                f"{kind}.py",
                "--find",
                MARK,
                "--replace",
                f"{MARK}\n{token}",
                "--apply",
                cwd=root,
                timeout=60,
            )
        outcome, envelope = _answer(done)
        if kind == "rename" and outcome == "applied":
            generation += 1
        log.append(
            {
                "worker": worker,
                "kind": kind,
                "token": token,
                "outcome": outcome,
                "generation": generation,
                "envelope": envelope,
            }
        )


def test_concurrent_edits_and_renames_lose_nothing(tmp_path: Path, run_cli: Run) -> None:
    root = tmp_path / "project"
    root.mkdir()
    _files(root)
    log: list[dict[str, Any]] = []
    start = threading.Barrier(WORKERS)
    threads = [
        threading.Thread(target=_worker, args=(run_cli, root, i, start, log), daemon=True)
        for i in range(WORKERS)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
        assert not thread.is_alive(), "a worker hangs"
    assert len(log) == WORKERS * ROUNDS  # no worker died on an unexpected answer

    unexpected = [e["envelope"] for e in log if e["outcome"] not in ("applied", "conflict")]
    # The code and message of each, in full: the envelope's repr is cut by pytest.
    assert not unexpected, [
        (
            e.get("command"),
            (e.get("error") or {}).get("code"),
            (e.get("error") or {}).get("message"),
        )
        for e in unexpected
    ]
    a_text, b_text = (root / "a.py").read_text(), (root / "b.py").read_text()
    lost, leaked = [], []
    for entry in log:
        if entry["kind"] == "rename":
            continue
        where = {"a": [a_text], "b": [b_text], "both": [a_text, b_text]}[entry["kind"]]
        for text in where:
            present = f"\n{entry['token']}\n" in text
            if entry["outcome"] == "applied" and not present:
                lost.append(entry["token"])
            if entry["outcome"] == "conflict" and present:
                leaked.append(entry["token"])
    assert not lost, f"{len(lost)} edits answered applied are not in the files: {lost}"
    assert not leaked, f"edits answered conflict were written: {leaked}"
    for worker in range(WORKERS):
        renamed = sum(
            1
            for e in log
            if e["worker"] == worker and e["kind"] == "rename" and e["outcome"] == "applied"
        )
        name = f"sym_{worker}_{renamed}"
        assert re.search(rf"^def {name}\(\):$", a_text, re.M), (name, a_text)
        assert f"print({name}())" in b_text and f" {name}" in b_text.splitlines()[0], name
    applied = sum(1 for e in log if e["outcome"] == "applied")
    assert applied >= ROUNDS  # the test did exercise writes, not only conflicts
