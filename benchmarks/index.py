"""Index build and query figures on a corpus from PyPI (default: the django 5.2.8 sdist).

    python benchmarks/index.py [--corpus DIR] [--queries N]

Prints: full build time, files/s, chunks/s, peak RSS of the `prx index` process (its
worker processes included), index size on disk, the time of an incremental update after
one file changes, and warm in-process query latency (p50/p95) with and without the index.
The corpus is copied to a temporary directory so the index never lands in the source tree.
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
import time
from pathlib import Path

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


def run_index(corpus: Path, *extra: str) -> tuple[dict[str, object], float, float]:
    env = dict(
        os.environ, PRX_HOME=tempfile.mkdtemp(prefix="prx-bench-"), PRX_DISABLE_PLUGIN_AUTOLOAD="1"
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    code = "import sys; from prx.cli import main; sys.exit(main(program='prx'))"
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code, "index", str(corpus), *extra],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - started
    peak_mb = max(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, before) / 1024
    return json.loads(proc.stdout)["data"], wall, peak_mb


def latency(root: Path, queries: list[str]) -> tuple[float, float]:
    import prx

    ws = prx.Workspace(root)
    started = time.perf_counter()
    ws.search(queries[0])
    print(f"  first query of a new Workspace: {time.perf_counter() - started:.2f} s")
    for query in queries:
        ws.search(query)
    samples = []
    for _ in range(3):
        for query in queries:
            started = time.perf_counter()
            ws.search(query)
            samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(0.95 * (len(samples) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, help="a source tree (default: the django sdist)")
    args = parser.parse_args()
    if args.corpus is None:
        from parse import DJANGO, fetch_corpus

        source = fetch_corpus(*DJANGO)
    else:
        source = args.corpus
    work = Path(tempfile.mkdtemp(prefix="prx-index-bench-")) / source.name
    shutil.copytree(source, work, ignore=shutil.ignore_patterns(".prx"))
    try:
        data, wall, peak = run_index(work)
        files, chunks = int(data["files_indexed"]), int(data["chunks"])
        print(
            f"corpus {source.name}: {files} files indexed, {chunks} chunks, skipped {data['skipped']}"
        )
        print(
            f"full build: {wall:.1f} s wall ({data['duration_ms']} ms inside), {files / wall:.0f} files/s, {chunks / wall:.0f} chunks/s"
        )
        print(f"  stages (ms): {data['stages_ms']}")
        print(f"  peak RSS: {peak:.0f} MB; index size: {int(data['size_bytes']) / 1e6:.1f} MB")
        target = next(work.rglob("*.py"))
        with open(target, "a", encoding="utf-8") as fh:
            fh.write("\n# touched by the benchmark\n")
        data, wall, _ = run_index(work)
        print(
            f"incremental after one changed file: {wall:.2f} s wall ({data['status']}, {data['files_changed']} changed, stages {data['stages_ms']})"
        )
        data, wall, _ = run_index(work)
        print(f"no change: {wall:.2f} s wall ({data['status']})")
        p50, p95 = latency(work, QUERIES)
        print(f"warm query with the index: p50 {p50:.2f} ms, p95 {p95:.2f} ms")
        shutil.rmtree(work / ".prx")
        started = time.perf_counter()
        import prx

        prx.Workspace(work).search("warm up")
        print(
            f"first query without an index (builds everything in-process): {time.perf_counter() - started:.1f} s"
        )
        p50, p95 = latency(work, QUERIES)
        print(f"warm query without the index: p50 {p50:.2f} ms, p95 {p95:.2f} ms")
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        shutil.rmtree(work.parent, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
