"""Races: index updates, searches, exists and stats from several processes at once.

For a bounded time one process keeps editing files and updating the index, two keep
searching and asking ``exists``, one keeps reading ``stats``; all of them append usage
records to one log. Every answer must be a valid ``ok`` envelope, every record in the log
must parse, and once the writers stop the index answers like a fresh build.

``PRX_SOAK=1`` (the ``soak`` nox session) runs for two minutes instead of a few seconds.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from envelopes import data_hits, prx_process

SECONDS = 120.0 if os.environ.get("PRX_SOAK") else 6.0
HANG_S = 180


def _prx(args: list[str], cwd: Path, home: Path) -> dict[str, object]:
    return prx_process(args, cwd, home, timeout=HANG_S)


def _module(index: int, version: int) -> str:
    return (
        f'"""Module {index}, version {version}."""\n\n\n'
        f"def handler_{index}(request):\n"
        f"    return render_page_{version}(request)\n\n\n"
        f"class Widget{index}:\n"
        f"    def paint(self):\n"
        f"        return {version}\n"
    )


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    root.mkdir()
    for index in range(60):
        (root / f"mod_{index}.py").write_text(_module(index, 0))
    return root


@pytest.mark.slow  # processes racing for a bounded time: ~7 s
def test_concurrent_index_search_exists_and_stats(tree: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert _prx(["index", "."], tree, home)["status"] == "ok"
    deadline = time.monotonic() + SECONDS
    failures: list[object] = []
    calls = {"index": 0, "search": 0, "exists": 0, "stats": 0}

    def loop(name: str, step: object) -> None:
        version = 0
        while time.monotonic() < deadline and not failures:
            try:
                assert callable(step)
                envelope = step(version)
                if envelope["status"] != "ok":
                    failures.append(envelope)
            except Exception as exc:  # a hang, a crash, two lines of output
                failures.append(repr(exc))
            calls[name] += 1
            version += 1

    def update(version: int) -> dict[str, object]:
        (tree / f"mod_{version % 60}.py").write_text(_module(version % 60, version + 1))
        return _prx(["index", "."], tree, home)

    workers = [
        threading.Thread(target=loop, args=("index", update)),
        threading.Thread(
            target=loop,
            args=("search", lambda v: _prx(["search", f"handler_{v % 60}", "."], tree, home)),
        ),
        threading.Thread(
            target=loop,
            args=("exists", lambda v: _prx(["exists", f"render_page_{v}", "."], tree, home)),
        ),
        threading.Thread(target=loop, args=("stats", lambda v: _prx(["stats"], tree, home))),
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert not failures, failures[:3]
    assert min(calls.values()) >= 1, calls

    # Every usage record written concurrently is one whole JSON line.
    records = (home / "stats.jsonl").read_text().splitlines()
    assert len(records) >= sum(calls.values()) - calls["stats"]
    for line in records:
        assert isinstance(json.loads(line), dict)

    # After the writers stop, the index answers exactly like a fresh build of the same files.
    _prx(["index", "."], tree, home)
    fresh = tmp_path / "fresh"
    shutil.copytree(tree, fresh, ignore=shutil.ignore_patterns(".prx"))
    _prx(["index", "."], fresh, home)
    for query in ("handler_7", "what paints a widget"):
        got = _prx(["search", query, "."], tree, home)["data"]
        want = _prx(["search", query, "."], fresh, home)["data"]
        assert isinstance(got, dict) and isinstance(want, dict)
        assert [(m["file"], m["line"], m["snippet"]) for m in data_hits(got)] == [
            (m["file"], m["line"], m["snippet"]) for m in data_hits(want)
        ]
