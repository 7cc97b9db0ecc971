"""A warm answer is confirmed against the tree when it is asked, as a cold one is: right
after a file is deleted it is gone from the answer, right after a definition is added it
is found, whatever the watch has re-indexed by then.

Everything runs through the real CLI: `prx index --watch` serves the warm socket, each
`prx search` is a fresh process, and the cold answer (PRX_NO_WARM) is the reference.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("watchfiles")

CODE = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
ROUNDS = 10


@pytest.fixture
def runtime_dir():
    """A short private XDG_RUNTIME_DIR: socket paths must stay under ~100 bytes."""
    path = tempfile.mkdtemp(prefix="prxf-", dir="/tmp" if os.path.isdir("/tmp") else None)
    os.chmod(path, 0o700)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _prx(cwd: Path, env: dict[str, str], *args: str, **extra: str) -> tuple[int, dict, str]:
    proc = subprocess.run(
        [sys.executable, "-c", CODE, *args],
        cwd=cwd,
        env={**env, **extra},
        capture_output=True,
        timeout=120,
        check=False,
    )
    return proc.returncode, json.loads(proc.stdout), proc.stderr.decode("utf-8", "replace")


def _found(envelope: dict) -> list[tuple[str, int, str, str]]:
    """What an answer found: each match's file, line, name and snippet (not how the index
    was read, nor scores: those depend on whether the watch re-indexed between the two
    calls)."""
    assert envelope["status"] == "ok", envelope
    return [
        (item["file"], match["line"], match.get("context_name", ""), match["snippet"])
        for item in envelope["data"]["files"]
        for match in item["matches"]
    ]


class Watch:
    """`prx index --watch` in the repository, until stopped."""

    def __init__(self, repo: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", CODE, "index", "--watch"],
            cwd=repo,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.ready = threading.Event()
        self.lines: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()
        assert self.ready.wait(90), "".join(self.lines)

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            line = raw.decode("utf-8", "replace")
            self.lines.append(line)
            if "watching for changes" in line:
                self.ready.set()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.communicate(timeout=60)
        finally:
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait()


def test_a_warm_search_right_after_a_change_answers_as_a_cold_one(tmp_path, prx_home, runtime_dir):
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "app.py").write_text("def main():\n    return 0\n")
    for i in range(ROUNDS):
        (repo / "src" / f"gone_{i}.py").write_text(
            f"def vanishing_helper_{i}():\n    return 'doomed {i}'\n"
        )
    env = {k: v for k, v in os.environ.items() if k not in ("PRX_NO_WARM", "PRX_DEBUG")}
    env.update(PRX_HOME=str(prx_home), XDG_RUNTIME_DIR=runtime_dir, PRX_DEBUG="1")
    watch = Watch(repo, env)
    warm_answers = 0
    try:
        time.sleep(1.0)  # the watcher is running
        for i in range(ROUNDS):
            (repo / "src" / f"gone_{i}.py").unlink()
            with (repo / "src" / "app.py").open("a") as fh:
                fh.write(f"\n\ndef fresh_helper_{i}():\n    return {i}\n")
            for query, there in ((f"vanishing_helper_{i}", False), (f"fresh_helper_{i}", True)):
                args = ("search", query, "--symbol")
                _, warm, err = _prx(repo, env, *args)
                warm_answers += "warm path: answered by" in err
                _, cold, _ = _prx(repo, env, *args, PRX_NO_WARM="1")
                assert _found(warm)[:1] == _found(cold)[:1], (i, query, warm, cold)
                assert sorted(_found(warm)) == sorted(_found(cold)), (i, query, warm, cold)
                files = [item["file"] for item in warm["data"]["files"]]
                if there:
                    assert "src/app.py" in files, (i, query, warm)
                else:
                    assert f"src/gone_{i}.py" not in files, (i, query, warm)
    finally:
        watch.stop()
    # Most calls went warm (one may be declined while the server loads a new index).
    assert warm_answers >= ROUNDS, warm_answers
