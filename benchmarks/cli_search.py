"""``prx search`` from a fresh process over an indexed tree, beside ripgrep in the same run.

    python benchmarks/cli_search.py [--corpus DIR | --large] [--runs 20] [--json OUT]

Default tree: the django 5.2.8 sdist (``fetch_corpus`` of parse.py). ``--large`` times a
multi-language tree of more than 10,000 files: django and the corpora of the labelled
datasets (benchmarks/get_corpora.py, ../shared/bench/get-corpora.sh), copied side by
side into ``benchmarks/.corpora/large`` (built once).

For each query kind (symbol, natural language, literal) it times ``prx search QUERY .`` as
an agent's shell runs it (a new process each time, the index present and fresh, cwd the
tree) and, for a word of the same query, ``rg -l WORD .`` and ``rg -n WORD .``: p50 and
p95 of ``--runs`` runs after ``--warmup`` ones, and prx's p50 over ``rg -l``'s. Then the
incremental update: one file gets a line more, ``prx index .`` is timed, and a search right
after must find the new line (the file is restored afterwards).

Then warm by default (``prx/frontends/warm/autostart.py``): with a private socket
directory and ``PRX_NO_WARM`` unset, the first ``prx search`` in the tree answers itself and
starts the tree's warm server as it exits. ``--first-runs`` times (the queries in turn) the
server is ended, a cold call (``PRX_NO_WARM=1``) is timed, then the first call, each answer
compared byte for byte with the cold one, and how long the server took to listen. Then, in
shuffled rounds, each query's later calls (answered by the server, checked against the cold
answer) beside ``rg -l WORD .``: p50 and p95 of ``--runs`` rounds after ``--warmup``, and the
target: warm p50 <= ``rg -l`` p50 for every kind. ``--no-warm`` skips this part.

Bytecode is compiled first and ``PYTHONDONTWRITEBYTECODE`` is cleared for the children, as
an installed prx runs. The load average is printed before and after: the figures only mean
something on a quiet machine.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from search import percentile  # noqa: E402

#: (kind, query, a word of it for ripgrep)
DJANGO_QUERIES = [
    ("symbol", "QuerySet", "QuerySet"),
    ("natural language", "how are database migrations applied", "migrations"),
    ("literal", "objects.filter(", "objects.filter("),
]
LARGE_QUERIES = [
    ("symbol", "Parser", "Parser"),
    ("natural language", "how are http requests routed to handlers", "routed"),
    ("literal", "fn main(", "fn main("),
]
#: The corpora hard-linked into the large tree (folders of benchmarks/.corpora and of
#: ../bench-corpora, whichever exist).
LARGE_PARTS = [
    "django-5.2.8",
    "bat",
    "caddy",
    "gson",
    "hono",
    "jq",
    "axios",
    "jinja2",
    "rich",
    "aiohttp",
    "click",
    "fastapi",
    "flask",
    "httpx",
    "model2vec",
    "pydantic",
    "requests",
    "starlette",
]


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PRX_NO_WARM"] = "1"  # the cold path: no server answers for the tree
    return env


def _prx() -> list[str]:
    found = shutil.which("prx")
    return [found] if found else [sys.executable, "-m", "prx"]


def _time(argv: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, bytes]:
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
    return (time.perf_counter() - started) * 1000, done.stdout


def _series(argv: list[str], cwd: Path, env: dict[str, str], runs: int, warmup: int) -> list[float]:
    for _ in range(warmup):
        _time(argv, cwd, env)
    return [_time(argv, cwd, env)[0] for _ in range(runs)]


def _large_tree() -> Path:
    target = HERE / ".corpora" / "large"
    if target.is_dir():
        return target
    sources = [HERE / ".corpora", HERE.parent.parent / "bench-corpora"]
    target.mkdir(parents=True)
    for part in LARGE_PARTS:
        found = next((s / part for s in sources if (s / part).is_dir()), None)
        if found is None:
            print(f"large tree: {part} is missing (run get_corpora.py / get-corpora.sh)")
            continue
        subprocess.run(["cp", "-a", str(found), str(target / part)], check=True)
        prx_state = target / part / ".prx"
        if prx_state.exists():
            shutil.rmtree(prx_state)
    return target


def _files(root: Path) -> int:
    return sum(len(files) for _, _, files in os.walk(root))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, help="a source tree (default: the django sdist)")
    parser.add_argument("--large", action="store_true", help="the >10,000-file multi-language tree")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument("--first-runs", type=int, default=9, help="first calls (warm by default)")
    parser.add_argument("--no-warm", action="store_true", help="skip warm by default")
    parser.add_argument(
        "--warm-only", action="store_true", help="only warm by default (no cold table, floors)"
    )
    args = parser.parse_args(argv)

    if args.large:
        root, queries = _large_tree(), LARGE_QUERIES
    else:
        from parse import DJANGO, fetch_corpus

        root, queries = (args.corpus or fetch_corpus(*DJANGO)), DJANGO_QUERIES
    root = Path(root).resolve()
    env = _environment()
    import prx

    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(Path(prx.__file__).parent)],
        env=env,
        check=True,
    )
    print(f"tree: {root} ({_files(root)} files)   load: {os.getloadavg()[0]:.2f}")
    elapsed, out = _time([*_prx(), "index", "."], root, env)
    status = json.loads(out)["data"]["status"]
    print(f"prx index: {status} in {elapsed:.0f} ms (wall, fresh process)")
    rg = shutil.which("rg")
    warm: dict[str, Any] | None
    if args.warm_only:
        warm = _warm_by_default(root, queries, args)
        print(f"load after: {os.getloadavg()[0]:.2f}")
        if args.json:
            args.json.write_text(json.dumps({"tree": str(root), "warm": warm}, indent=1))
        return 0
    rows: list[dict[str, Any]] = []
    for kind, query, word in queries:
        prx_ms = _series([*_prx(), "search", query, "."], root, env, args.runs, args.warmup)
        row: dict[str, Any] = {"kind": kind, "query": query, "prx": prx_ms}
        if rg:
            row["rg -l"] = _series([rg, "-l", "-F", "--", word, "."], root, env, args.runs, 1)
            row["rg -n"] = _series([rg, "-n", "-F", "--", word, "."], root, env, args.runs, 1)
        rows.append(row)
    print()
    print(
        f"{'kind':<18}{'query':<42}{'prx p50':>9}{'p95':>8}{'rg -l p50':>11}{'rg -n p50':>11}{'prx/rg -l':>11}"
    )
    for row in rows:
        prx_ms = row["prx"]
        line = f"{row['kind']:<18}{row['query']:<42}{percentile(prx_ms, 0.5):>9.1f}{percentile(prx_ms, 0.95):>8.1f}"
        if "rg -l" in row:
            rg_l, rg_n = percentile(row["rg -l"], 0.5), percentile(row["rg -n"], 0.5)
            line += f"{rg_l:>11.1f}{rg_n:>11.1f}{percentile(prx_ms, 0.5) / rg_l:>10.2f}x"
        print(line)
    floors = _floors(root, env, args.runs, args.warmup)
    print("\nwhat no Python program can go below, same run (p50):")
    for name, times in floors.items():
        print(f"  {name:<60}{percentile(times, 0.5):>8.1f} ms")
    update = _incremental(root, env)
    print(
        f"\nincremental update after one file change: prx index p50 {percentile(update, 0.5):.0f} ms "
        f"(runs: {', '.join(f'{u:.0f}' for u in update)}); the next search saw the change"
    )
    warm = None if args.no_warm else _warm_by_default(root, queries, args)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "tree": str(root),
                    "rows": rows,
                    "floors": floors,
                    "update_ms": update,
                    "warm": warm,
                },
                indent=1,
            )
        )
    return 0


# ---------------------------------------------------------------- warm by default


def _server_pid(path: str) -> int | None:
    """The pid of the process listening at the socket ``path`` (``SO_PEERCRED``)."""
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.settimeout(1.0)
        probe.connect(path)
        raw = probe.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    except OSError:
        return None
    finally:
        probe.close()
    return int(struct.unpack("3i", raw)[0])


def _listening(path: str, marker: str) -> bool:
    return os.path.exists(path) and not os.path.exists(marker) and _server_pid(path) is not None


def _end_server(path: str) -> None:
    """End the warm server listening at ``path`` (the one this run started) and wait."""
    pid = _server_pid(path)
    if pid is None:
        return
    os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 30
    while os.path.exists(path) and time.monotonic() < deadline:
        time.sleep(0.05)


def _wait_listening(path: str, marker: str, timeout: float = 120.0) -> float:
    started = time.monotonic()
    while not _listening(path, marker):
        if time.monotonic() - started > timeout:
            raise SystemExit(f"no warm server came up at {path}")
        time.sleep(0.02)
    return time.monotonic() - started


def _warm_by_default(
    root: Path, queries: list[tuple[str, str, str]], args: argparse.Namespace
) -> dict[str, Any]:
    """The first call (answers itself, starts the server) against a cold call, and the
    later calls (answered warm) against ``rg -l``, in the same minutes."""
    from machine import state

    from prx.frontends.warm import address, autostart

    runtime = tempfile.mkdtemp(prefix="prxb-", dir="/tmp" if os.path.isdir("/tmp") else None)
    os.chmod(runtime, 0o700)
    warm_env = {
        k: v
        for k, v in _environment().items()
        if k not in ("PRX_NO_WARM", "PRX_WARM", "PRX_DEBUG", "PRX_WARM_IDLE")
    }
    warm_env.update(XDG_RUNTIME_DIR=runtime, PRX_WARM_IDLE="3600")
    cold_env = {**warm_env, "PRX_NO_WARM": "1"}
    path = address.socket_path(os.path.realpath(root), warm_env)
    assert path is not None
    marker = autostart.marker_path(path)
    rg = shutil.which("rg")
    print(f"\nwarm by default (socket directory {runtime}); {state()}")
    first: dict[str, list[float]] = {"cold": [], "first": [], "listening after": []}
    reference: dict[str, bytes] = {}
    series: dict[str, list[float]] = {}
    try:
        for n in range(args.first_runs):
            kind, query, _ = queries[n % len(queries)]
            argv = [*_prx(), "search", query, "."]
            _end_server(path)
            cold_ms, cold_out = _time(argv, root, cold_env)
            reference.setdefault(kind, cold_out)
            started = time.monotonic()
            first_ms, first_out = _time(argv, root, warm_env)
            if first_out != cold_out:
                raise SystemExit(f"{kind}: the first call's answer differs from the cold one")
            _wait_listening(path, marker)
            first["cold"].append(cold_ms)
            first["first"].append(first_ms)
            first["listening after"].append((time.monotonic() - started) * 1000)
        if not _listening(path, marker):
            _time([*_prx(), "search", queries[0][1], "."], root, warm_env)
            _wait_listening(path, marker)
        for kind, query, _ in queries:
            if kind not in reference:
                reference[kind] = _time([*_prx(), "search", query, "."], root, cold_env)[1]
            done = subprocess.run(
                [*_prx(), "search", query, "."],
                cwd=root,
                env={**warm_env, "PRX_DEBUG": "1"},
                capture_output=True,
                check=False,
            )
            if "warm path: answered by" not in done.stderr.decode():
                raise SystemExit(f"{kind}: not answered warm: {done.stderr.decode()}")
        commands: dict[str, tuple[list[str], str | None]] = {}
        for kind, query, word in queries:
            commands[f"{kind}: warm"] = ([*_prx(), "search", query, "."], kind)
            if rg:
                commands[f"{kind}: rg -l"] = ([rg, "-l", "-F", "--", word, "."], None)
        series = {name: [] for name in commands}
        names = list(commands)
        for round_ in range(args.warmup + args.runs):
            random.shuffle(names)
            for name in names:
                command, which = commands[name]
                elapsed, out = _time(command, root, warm_env)
                if which is not None and out != reference[which]:
                    raise SystemExit(f"{which}: a warm answer differs from the cold one")
                if round_ >= args.warmup:
                    series[name].append(elapsed)
        print(f"after: {state()}")
    finally:
        _end_server(path)
        shutil.rmtree(runtime, ignore_errors=True)

    print(
        f"\nfirst call ({args.first_runs} times, the queries in turn; each right after a cold "
        "call of the same query):"
    )
    for name, values in first.items():
        print(
            f"  {name:<40}p50 {percentile(values, 0.5):>8.1f} ms   (runs: "
            + ", ".join(f"{v:.0f}" for v in values)
            + ")"
        )
    ratio = percentile(first["first"], 0.5) / percentile(first["cold"], 0.5)
    print(f"  first / cold p50: {ratio:.2f}x")
    print(f"\nlater calls, answered warm ({args.runs} shuffled rounds after {args.warmup}):")
    print(f"{'kind':<18}{'warm p50':>10}{'p95':>8}{'rg -l p50':>11}{'warm/rg -l':>12}  target")
    verdicts = {}
    for kind, _, _ in queries:
        values = series[f"{kind}: warm"]
        line = f"{kind:<18}{percentile(values, 0.5):>10.1f}{percentile(values, 0.95):>8.1f}"
        if rg:
            rg_l = percentile(series[f"{kind}: rg -l"], 0.5)
            met = percentile(values, 0.5) <= rg_l
            verdicts[kind] = met
            line += f"{rg_l:>11.1f}{percentile(values, 0.5) / rg_l:>11.2f}x  {'met' if met else 'MISSED'}"
        print(line)
    return {"first": first, "series": series, "met": verdicts}


#: Prints every file and directory the index of the cwd recorded, one per line.
_LIST_INDEXED_PATHS = """
import os, sys
from prx.engine.index.reader import IndexReader
from prx.engine.index.store import current_dir, read_manifest
root = os.getcwd()
directory = current_dir(root)
files = IndexReader(directory, read_manifest(directory)).files
paths = files.table.strings("dir.path").all() + files.paths
sys.stdout.write(chr(10).join(os.path.join(root, p) for p in paths))
"""

#: Stats every path of a listing (argv[1]), as the freshness check does.
_STAT_EVERY_PATH = """
import os, sys
for p in open(sys.argv[1]).read().split(chr(10)):
    try:
        os.stat(p, follow_symlinks=False)
    except OSError:
        pass
"""


def _floors(root: Path, env: dict[str, str], runs: int, warmup: int) -> dict[str, list[float]]:
    """The parts of a fresh process's answer that no Python program avoids: starting
    Python, importing numpy (a natural-language query's embeddings; one BLAS thread, as a
    search runs), and a ``stat`` of every path the index recorded (the freshness check;
    the paths listed into a file first, so only the stats are timed)."""
    listing = root / ".prx" / "bench-paths.txt"
    paths = subprocess.run(
        [sys.executable, "-c", _LIST_INDEXED_PATHS], cwd=root, env=env, capture_output=True
    ).stdout
    listing.write_bytes(paths)
    count = paths.count(b"\n") + 1
    one_thread = {**env, "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    python = sys.executable
    try:
        return {
            "python -c pass": _series([python, "-c", "pass"], root, env, runs, warmup),
            "python -c 'import numpy' (one BLAS thread)": _series(
                [python, "-c", "import numpy"], root, one_thread, runs, warmup
            ),
            f"python: os.stat of the index's {count:,} paths": _series(
                [python, "-c", _STAT_EVERY_PATH, str(listing)], root, env, runs, warmup
            ),
        }
    finally:
        listing.unlink()


def _incremental(root: Path, env: dict[str, str]) -> list[float]:
    """``prx index`` after one file got a new line, five times; each time a literal search
    for the new line must find it (the file is restored at the end, and the index
    updated)."""
    candidates = sorted(
        p for p in root.rglob("*.py") if ".prx" not in p.parts and "tests" not in p.parts
    )
    target = candidates[len(candidates) // 2] if candidates else next(root.rglob("*.*"))
    original = target.read_bytes()
    times = []
    try:
        for n in range(5):
            marker = f"prx_bench_marker_{n}_{os.getpid()}"
            target.write_bytes(original + f"\n# {marker}\n".encode())
            elapsed, _ = _time([*_prx(), "index", "."], root, env)
            times.append(elapsed)
            _, out = _time([*_prx(), "search", "--literal", marker, "."], root, env)
            files = [f["file"] for f in json.loads(out)["data"]["files"]]
            if target.relative_to(root).as_posix() not in files:
                raise SystemExit(f"the search after the update did not find {marker}: {files}")
    finally:
        target.write_bytes(original)
        _time([*_prx(), "index", "."], root, env)
    return times


if __name__ == "__main__":
    sys.exit(main())
