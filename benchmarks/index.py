"""Index build and query figures on corpora from PyPI sdists (default: django 5.2.8).

    python benchmarks/index.py [--corpus DIR | --ten-k] [--repeat N] [--cache DIR] [--no-queries]

Prints, with the load average before and after (timings on a shared machine are noisy:
compare medians, and the CPU seconds, which load disturbs less):

- full build: wall time (median of ``--repeat`` runs), CPU seconds of the whole process
  tree, files/s, chunks/s, stage times, index size;
- peak memory of the ``prx index`` process tree, sampled every 50 ms from /proc: the
  largest sum of RSS over the tree (workers share the parent's pages after fork, so this
  over-counts) and of PSS (shared pages split between processes: the honest total), and
  the largest single process (``ru_maxrss``);
- an incremental update after one file changes, and a run where nothing changed;
- ``exists`` over the index (probable, and --exact) against reading every file;
- warm in-process query latency (p50/p95) with and without the index (``--no-queries``
  skips this: building a 10k-file corpus in-process takes a while).

``--ten-k`` indexes django 5.2.8 and ansible-core 2.17.7 side by side (about 10,300 indexed
files, 11,800 walked). Corpora are copied to a temporary directory, so the index never
lands in the source tree; ``--cache`` says where sdists are unpacked (default
``benchmarks/.corpora``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

QUERIES = [
    "how are database migrations applied",
    "QuerySet",
    "where is the CSRF token checked",
    "template filter registration",
    "password hashing algorithms",
    "get_object_or_404",
    "how does the ORM build SQL for a join",
    "cache backend configuration",
    "middleware order and request processing",
    "ModelAdmin",
]
ANSIBLE = (
    "ansible_core",
    "2.17.7",
    "3aaab735d6c4e2d6239bc326800dc0ecda2a1490caa8455b41084ec0bc54dacf",
)


def _children(pid: int) -> list[int]:
    """``pid`` and all its descendants."""
    parents: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents.setdefault(int(fields[1]), []).append(int(proc.name))
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(parents.get(current, ()))
    return found


def _memory(pid: int) -> tuple[int, int]:
    """RSS and PSS of one process, in kB."""
    rss = pss = 0
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Rss:"):
                rss = int(line.split()[1])
            elif line.startswith("Pss:"):
                pss = int(line.split()[1])
    except OSError:
        pass
    return rss, pss


class TreeSampler(threading.Thread):
    """Largest RSS and PSS sums over a process and its descendants, sampled."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.stop = threading.Event()
        self.rss = self.pss = 0

    def run(self) -> None:
        while not self.stop.is_set():
            totals = [_memory(p) for p in _children(self.pid)]
            self.rss = max(self.rss, sum(r for r, _ in totals))
            self.pss = max(self.pss, sum(p for _, p in totals))
            self.stop.wait(0.05)


def run_index(corpus: Path, *extra: str, source: Path | None = None) -> dict[str, object]:
    """One ``prx index`` run in a fresh process (``source``: another prx tree to run;
    otherwise the prx this interpreter imports)."""
    env = dict(
        os.environ, PRX_HOME=tempfile.mkdtemp(prefix="prx-bench-"), PRX_DISABLE_PLUGIN_AUTOLOAD="1"
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    import prx

    here = Path(prx.__file__).resolve().parent.parent
    env["PYTHONPATH"] = str(source if source is not None else here)
    if source is not None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    code = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "index", str(corpus), *extra],
        env=env,
        cwd=corpus.parent,  # not this checkout: `python -c` puts the cwd first on sys.path
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    sampler = TreeSampler(proc.pid)
    sampler.start()
    out, err = proc.communicate()
    wall = time.perf_counter() - started
    sampler.stop.set()
    sampler.join()
    if proc.returncode:
        raise SystemExit(f"prx index failed: {out}{err}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    data = json.loads(out)["data"]
    data["wall"] = wall
    data["cpu"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    data["rss_mb"] = sampler.rss / 1024
    data["pss_mb"] = sampler.pss / 1024
    data["maxrss_mb"] = after.ru_maxrss / 1024  # the largest process so far
    return data


def warm_samples(ws: Any, queries: list[str]) -> list[float]:
    """Milliseconds of each query three times, after one untimed pass over them."""
    for query in queries:
        ws.search(query)
    samples = []
    for _ in range(3):
        for query in queries:
            started = time.perf_counter()
            ws.search(query)
            samples.append((time.perf_counter() - started) * 1000)
    return samples


def latency(root: Path, queries: list[str]) -> tuple[float, float]:
    import prx

    ws = prx.Workspace(root)
    started = time.perf_counter()
    ws.search(queries[0])
    print(f"  first query of a new Workspace: {time.perf_counter() - started:.2f} s")
    samples = sorted(warm_samples(ws, queries))
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def _load() -> str:
    from machine import state

    return state()


def _median(runs: list[dict[str, object]], key: str) -> float:
    return statistics.median(float(r[key]) for r in runs)  # type: ignore[arg-type]


def _exists(root: Path) -> None:
    import prx

    ws = prx.Workspace(root)
    for pattern in ("no_such_identifier_anywhere", "get_object_or_404"):
        started = time.perf_counter()
        probable = ws.exists(pattern)
        fast = (time.perf_counter() - started) * 1000
        started = time.perf_counter()
        exact = ws.exists(pattern, exact=True)
        slow = (time.perf_counter() - started) * 1000
        print(
            f"exists {pattern!r}: {probable.exists} ({probable.confidence},"
            f" {probable.files_checked} files read, {probable.candidates} candidates) in"
            f" {fast:.0f} ms; --exact: {exact.exists} ({exact.confidence},"
            f" {exact.files_checked} files read) in {slow:.0f} ms"
        )


def _compare(work: Path, baseline: Path, repeat: int) -> None:
    """Builds and one-file updates of this prx and ``baseline``, alternating."""
    other = work.parent / (work.name + "-baseline")
    shutil.copytree(work, other, ignore=shutil.ignore_patterns(".prx"))
    results: dict[str, dict[str, list[dict[str, object]]]] = {
        "this": {"build": [], "update": []},
        "baseline": {"build": [], "update": []},
    }
    for n in range(repeat):
        for label, tree, source in (("this", work, None), ("baseline", other, baseline)):
            results[label]["build"].append(run_index(tree, "--rebuild", source=source))
        for label, tree, source in (("this", work, None), ("baseline", other, baseline)):
            target = sorted(tree.rglob("*.py"))[0]
            with open(target, "a", encoding="utf-8") as fh:
                fh.write(f"\n# touched by the comparison ({n})\n")
            results[label]["update"].append(run_index(tree, source=source))
    for kind in ("build", "update"):
        this, base = results["this"][kind], results["baseline"][kind]
        statuses = {str(r["status"]) for r in this + base}
        print(
            f"same-run {kind}: this {_median(this, 'wall'):.2f} s wall, CPU"
            f" {_median(this, 'cpu'):.1f} s; baseline {_median(base, 'wall'):.2f} s wall, CPU"
            f" {_median(base, 'cpu'):.1f} s; ratio {_median(this, 'wall') / _median(base, 'wall'):.2f}"
            f" (status {sorted(statuses)})"
            f" (walls {[round(float(r['wall']), 2) for r in this]} vs"  # type: ignore[arg-type]
            f" {[round(float(r['wall']), 2) for r in base]})"  # type: ignore[arg-type]
        )
    shutil.rmtree(other, ignore_errors=True)
    shutil.rmtree(work / ".prx", ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, help="a source tree (default: the django sdist)")
    parser.add_argument("--ten-k", action="store_true", help="django + ansible-core (~10k files)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--cache", type=Path, help="where sdists are unpacked")
    parser.add_argument("--no-queries", action="store_true", help="skip the query latencies")
    parser.add_argument(
        "--baseline",
        type=Path,
        help="another prx source tree (e.g. `git archive` of main): its builds and updates"
        " alternate with these, on their own copy, for same-run ratios",
    )
    args = parser.parse_args()
    from parse import DJANGO, fetch_corpus

    if args.corpus is not None:
        sources = [args.corpus]
    elif args.ten_k:
        sources = [fetch_corpus(*DJANGO, base=args.cache), fetch_corpus(*ANSIBLE, base=args.cache)]
    else:
        sources = [fetch_corpus(*DJANGO, base=args.cache)]
    top = Path(tempfile.mkdtemp(prefix="prx-index-bench-"))
    if len(sources) == 1:
        work = top / sources[0].name
        shutil.copytree(sources[0], work, ignore=shutil.ignore_patterns(".prx"))
    else:
        work = top / "corpus"
        for source in sources:
            shutil.copytree(source, work / source.name, ignore=shutil.ignore_patterns(".prx"))
    try:
        print(f"before: {_load()}")
        if args.baseline is not None:
            _compare(work, args.baseline, args.repeat)
        builds = [run_index(work, "--rebuild") for _ in range(args.repeat)]
        data = builds[-1]
        files, chunks = int(data["files_indexed"]), int(data["chunks"])
        wall, cpu = _median(builds, "wall"), _median(builds, "cpu")
        print(
            f"corpus {' + '.join(s.name for s in sources)}: {files} files indexed,"
            f" {chunks} chunks, skipped {data['skipped']}"
        )
        print(
            f"full build: median {wall:.1f} s wall of {[round(float(b['wall']), 1) for b in builds]}"  # type: ignore[arg-type]
            f" (CPU {cpu:.1f} s over the process tree), {files / wall:.0f} files/s,"
            f" {chunks / wall:.0f} chunks/s"
        )
        print(f"  stages (ms): {data['stages_ms']}")
        print(
            f"  peak memory of the tree: PSS {max(float(b['pss_mb']) for b in builds):.0f} MB,"  # type: ignore[arg-type]
            f" RSS sum {max(float(b['rss_mb']) for b in builds):.0f} MB, largest process"  # type: ignore[arg-type]
            f" {max(float(b['maxrss_mb']) for b in builds):.0f} MB;"  # type: ignore[arg-type]
            f" index size {int(data['size_bytes']) / 1e6:.1f} MB"  # type: ignore[call-overload]
        )
        target = next(work.rglob("*.py"))
        updates = []
        for n in range(args.repeat):
            with open(target, "a", encoding="utf-8") as fh:
                fh.write(f"\n# touched by the benchmark ({n})\n")
            updates.append(run_index(work))
        print(
            f"incremental after one changed file: median {_median(updates, 'wall'):.2f} s wall"
            f" of {[round(float(u['wall']), 2) for u in updates]}"  # type: ignore[arg-type]
            f" ({updates[-1]['status']}, {updates[-1]['files_changed']} changed,"
            f" stages {updates[-1]['stages_ms']}, {updates[-1]['duration_ms']} ms inside)"
        )
        same = [run_index(work) for _ in range(args.repeat)]
        print(f"no change: median {_median(same, 'wall'):.2f} s wall ({same[-1]['status']})")
        _exists(work)
        if not args.no_queries:
            p50, p95 = latency(work, QUERIES)
            print(f"warm query with the index: p50 {p50:.2f} ms, p95 {p95:.2f} ms")
            shutil.rmtree(work / ".prx")
            started = time.perf_counter()
            import prx

            prx.Workspace(work).search("warm up")
            print(
                "first query without an index (builds everything in-process):"
                f" {time.perf_counter() - started:.1f} s"
            )
            p50, p95 = latency(work, QUERIES)
            print(f"warm query without the index: p50 {p50:.2f} ms, p95 {p95:.2f} ms")
        shutil.rmtree(work / ".prx", ignore_errors=True)
        print("without an index (every file read until a match):")
        _exists(work)
        print(f"after: {_load()}")
    finally:
        shutil.rmtree(top, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
