"""Search latency: a cold CLI search without an index, warm in-process queries, embedding
throughput, on one corpus (default: the pydantic sdist of the dev set, 298 files).

    python benchmarks/search.py [--corpus DIR] [--dataset FILE] [--runs N]

The queries are the dataset's own. Cold CLI runs start a fresh process each (imports,
walking, chunking, embedding the corpus, the query); in-process queries reuse one Workspace
(its corpus, BM25 and embeddings built) and include the freshness check that detects edits:
first each query once (facts about its chunks, such as the definitions they hold, are then
computed on first sight), then every query three more times (warm). The machine's load
average is printed: on a busy machine every figure grows.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
DEFAULT_CORPUS = Path("/work/bench-corpora/pydantic")
DEFAULT_DATASET = Path(__file__).resolve().parents[2] / "shared/bench/semble-py/pydantic.json"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--dataset", type=Path, default=DEFAULT_DATASET)
    parser.add_argument("--runs", type=int, default=5, help="cold CLI runs")
    args = parser.parse_args()
    queries = [q["query"] for q in json.loads(args.dataset.read_text())["queries"]]
    import prx
    from prx.engine.files.walk import walk

    files = walk(args.corpus).files
    print(f"corpus {args.corpus} ({len(files)} files), {len(queries)} queries")
    from machine import state

    print(f"before: {state()}")

    env = dict(
        os.environ, PRX_HOME=tempfile.mkdtemp(prefix="prx-bench-"), PRX_DISABLE_PLUGIN_AUTOLOAD="1"
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    code = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
    cold = []
    for query in queries[: args.runs]:
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", code, "search", query, str(args.corpus)],
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        cold.append(time.perf_counter() - started)
    print(
        f"CLI search, no index, fresh process: median {statistics.median(cold):.2f} s over {len(cold)} runs (target < 2 s)"
    )

    ws = prx.Workspace(args.corpus)
    started = time.perf_counter()
    ws.search("warm up")
    print(
        f"in-process first query (builds corpus, BM25, embeddings): {time.perf_counter() - started:.2f} s"
    )
    from prx.engine.retrieval.engine import engine_for

    engine = engine_for(ws, str(args.corpus))
    print(
        f"  {len(engine.corpus.files)} files, {len(engine.corpus.chunks)} chunks, {len(engine.corpus.definitions)} definitions"
    )
    first = []  # every query once: facts about its chunks are computed on first sight
    for query in queries:
        started = time.perf_counter()
        ws.search(query)
        first.append((time.perf_counter() - started) * 1000)
    print(
        f"in-process query, first time each: p50 {statistics.median(first):.2f} ms, p95 {percentile(first, 0.95):.2f} ms"
    )
    warm = []
    for _ in range(3):
        for query in queries:
            started = time.perf_counter()
            ws.search(query)
            warm.append((time.perf_counter() - started) * 1000)
    print(
        f"warm in-process query: p50 {statistics.median(warm):.2f} ms, p95 {percentile(warm, 0.95):.2f} ms (target p50 < 5 ms)"
    )
    print(f"after: {state()}")

    from prx.engine.corpus.corpus import enrich
    from prx.engine.corpus.embed import default_embedder

    embedder = default_embedder()
    texts = [enrich(c) for c in engine.corpus.chunks]
    started = time.perf_counter()
    embedder.encode(texts)
    seconds = time.perf_counter() - started
    megabytes = sum(len(t) for t in texts) / 1e6
    print(
        f"embedding: {len(texts) / seconds:.0f} chunks/s, {megabytes / seconds:.2f} MB/s ({len(texts)} chunks)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
