"""``prx search`` from a fresh process through the warm path, beside the cold path and
ripgrep in the same rounds.

    python benchmarks/warm_path.py [--corpus DIR] [--runs 40] [--warmup 5] [--json OUT]

The tree (default: the django 5.2.8 sdist of parse.py) is copied to a temporary directory
first, index included, so the watch writes nowhere else; the copy is brought up to date
with ``prx index .`` (copying changes every file's stamps). Then ``prx index --watch`` is
started there with a private socket directory and ``PRX_HOME``, and each round runs, in a
shuffled order, for every query: ``prx search QUERY .`` (answered by the watch's warm
server), the same with ``PRX_NO_WARM=1`` (answered in-process), ``rg -l WORD .``, and once
per round ``python -c pass`` (the interpreter's floor). Every warm answer is checked
byte for byte against the cold one. p50 and p95 over ``--runs`` rounds, after ``--warmup``.

Bytecode is compiled first and ``PYTHONDONTWRITEBYTECODE`` cleared, as an installed prx
runs. The machine's state (load average, one core's speed) is printed before and after:
the figures only mean something beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cli_search import DJANGO_QUERIES as QUERIES  # noqa: E402
from search import percentile  # noqa: E402

CODE = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"


def _run(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, bytes, str]:
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
    return (time.perf_counter() - started) * 1000, done.stdout, done.stderr.decode()


def _prx() -> list[str]:
    found = shutil.which("prx")
    return [found] if found else [sys.executable, "-c", CODE]


class Watch:
    """``prx index --watch`` in ``root``, until :meth:`stop`."""

    def __init__(self, root: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            [*_prx(), "index", "--watch", "."],
            cwd=root,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        stream = self.proc.stderr
        assert stream is not None
        threading.Thread(target=lambda: [self.lines.put(x) for x in stream], daemon=True).start()

    def expect(self, fragment: str, timeout: float = 300.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            print(f"  watch: {line.rstrip()}")
            if fragment in line:
                return line
        raise SystemExit(f"the watch never said {fragment!r}")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="a source tree (default: the django sdist)")
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)

    from machine import state

    if args.corpus is None:
        from parse import DJANGO, fetch_corpus

        args.corpus = fetch_corpus(*DJANGO)
    import prx

    base = os.environ.copy()
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    for name in ("PRX_NO_WARM", "PRX_DEBUG"):
        base.pop(name, None)
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(prx.__file__).parent)],
        env=base,
        check=True,
    )
    scratch = Path(tempfile.mkdtemp(prefix="prx-warm-bench-"))
    runtime = Path(tempfile.mkdtemp(prefix="prxw-", dir="/tmp" if os.path.isdir("/tmp") else None))
    runtime.chmod(0o700)
    root = scratch / "tree"
    env = {**base, "PRX_HOME": str(scratch / "home"), "XDG_RUNTIME_DIR": str(runtime)}
    cold_env = {**env, "PRX_NO_WARM": "1"}
    watch: Watch | None = None
    try:
        print(f"copying {args.corpus} ...")
        shutil.copytree(args.corpus, root, symlinks=True)
        root = root.resolve()
        elapsed, out, _ = _run([*_prx(), "index", "."], root, cold_env)
        print(f"prx index on the copy: {json.loads(out)['data']['status']} in {elapsed:.0f} ms")
        print(f"before: {state()}")
        watch = Watch(root, env)
        watch.expect("warm socket")
        watch.expect("watching for changes")
        _, _, err = _run([*_prx(), "search", "warm-up", "."], root, {**env, "PRX_DEBUG": "1"})
        if "answered by" not in err:
            raise SystemExit(f"the warm path was not used: {err}")
        rg = shutil.which("rg")
        commands: dict[str, tuple[list[str], dict[str, str]]] = {
            "python -c pass": ([sys.executable, "-c", "pass"], env)
        }
        for kind, query, word in QUERIES:
            commands[f"{kind}: warm"] = ([*_prx(), "search", query, "."], env)
            commands[f"{kind}: cold"] = ([*_prx(), "search", query, "."], cold_env)
            if rg:
                commands[f"{kind}: rg -l"] = ([rg, "-l", "-F", "--", word, "."], env)
        series: dict[str, list[float]] = {name: [] for name in commands}
        names = list(commands)
        for round_ in range(args.warmup + args.runs):
            random.shuffle(names)
            answers: dict[str, bytes] = {}
            for name in names:
                command, environment = commands[name]
                elapsed, out, _ = _run(command, root, environment)
                answers[name] = out
                if round_ >= args.warmup:
                    series[name].append(elapsed)
            for kind, _, _ in QUERIES:
                if answers[f"{kind}: warm"] != answers[f"{kind}: cold"]:
                    raise SystemExit(f"{kind}: the warm answer differs from the cold one")
        print(f"after: {state()}")
    finally:
        if watch is not None:
            watch.stop()
        shutil.rmtree(scratch, ignore_errors=True)
        shutil.rmtree(runtime, ignore_errors=True)

    floor = percentile(series["python -c pass"], 0.5)
    print(f"\n{args.runs} rounds; every warm answer was byte-identical to the cold one")
    print(f"{'':<34}{'p50 ms':>9}{'p95 ms':>9}{'p50 - python':>14}")
    for name in commands:
        values = series[name]
        p50 = percentile(values, 0.5)
        print(f"{name:<34}{p50:>9.1f}{percentile(values, 0.95):>9.1f}{p50 - floor:>14.1f}")
    if args.json:
        args.json.write_text(json.dumps({"tree": str(args.corpus), "series": series}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
