"""prx against the peer semble, in the same minutes: index build and warm query on django,
and a cold search (a fresh process, no index) on a ~300-file tree.

    python benchmarks/peer.py [--corpus DIR] [--repeat N] [--semble-spec SPEC]
    python benchmarks/peer.py --cold [--corpus DIR] [--dataset FILE] [--repeat N]

The issue's targets were set from semble's figures on this 2-core machine (django indexed in
16 s, a warm query in 3.5 ms), and the machine's speed changes by up to 1.5 times from one
minute to the next (see machine.py). So this runs both, alternating, on one copy of the
corpus, with the same packaged model (semble offline in its own venv, as in quality.py):

- build: ``prx index --rebuild`` in a fresh process (start-up included) against semble's
  ``SembleIndex.from_path`` in its warm process (its start-up and model load excluded);
- warm query: the queries of ``index.py`` (or ``--dataset``'s) three times each,
  in-process, with the index (``prx.Workspace.search``) against ``SembleIndex.search``
  (semble's time is taken inside its process).

With ``--cold`` (default corpus: the pydantic sdist of the dev set, with its queries): ``prx
search`` in a fresh process without an index against a fresh semble process that imports
semble, loads the model, indexes the tree and answers the query (wall time of each, from
the start of the process to the answer). semble has no index on disk either.

Prints each run, the medians and the ratios prx / semble, with the machine's state.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from index import QUERIES, run_index, warm_samples  # noqa: E402
from machine import state  # noqa: E402
from quality import SEMBLE_VENV, SembleSystem  # noqa: E402


def _prx_queries(root: Path, queries: list[str]) -> list[float]:
    import prx

    return warm_samples(prx.Workspace(root), queries)


def _semble_queries(semble: SembleSystem, queries: list[str]) -> list[float]:
    for query in queries:
        semble.search(query)
    return [
        float(semble._call(op="search", query=query)["ms"]) for _ in range(3) for query in queries
    ]


def _start_semble(spec: str) -> SembleSystem:
    """semble in its venv, offline, with prx's packaged model, as it runs by default (its
    tokenizer may use both cores)."""
    import prx.engine.corpus.embed as embed

    return SembleSystem(
        SEMBLE_VENV,
        spec,
        Path(embed.default_model_dir()),
        isolation="auto",
        parallel_tokenizers=True,
    )


def _cold(args: argparse.Namespace) -> int:
    """Fresh-process searches without an index, prx and semble alternating."""

    corpus = args.corpus or Path("/work/bench-corpora/pydantic")
    dataset = args.dataset or (
        Path(__file__).resolve().parents[2] / "shared/bench/semble-py/pydantic.json"
    )
    queries = [q["query"] for q in json.loads(dataset.read_text())["queries"]]
    env = dict(
        os.environ, PRX_HOME=tempfile.mkdtemp(prefix="prx-peer-"), PRX_DISABLE_PLUGIN_AUTOLOAD="1"
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    code = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
    print(f"before: {state()}")
    walls: dict[str, list[float]] = {"prx": [], "semble": []}
    for n in range(args.repeat):
        query = queries[n % len(queries)]
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, "-c", code, "search", query, str(corpus)],
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        walls["prx"].append(time.perf_counter() - started)
        started = time.perf_counter()
        semble = _start_semble(args.semble_spec)
        try:
            semble.open(corpus, 10)
            semble.search(query)
            walls["semble"].append(time.perf_counter() - started)
        finally:
            semble.shutdown()
        print(f"run {n + 1}: prx {walls['prx'][-1]:.2f} s, semble {walls['semble'][-1]:.2f} s")
    cold = {name: statistics.median(runs) for name, runs in walls.items()}
    print(
        f"cold search of {corpus.name}: prx median {cold['prx']:.2f} s, semble"
        f" {cold['semble']:.2f} s; ratio {cold['prx'] / cold['semble']:.2f} (target: prx < 2 s)"
    )
    print(f"after: {state()}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, help="a source tree (default: the django sdist)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--semble-spec", default="semble")
    parser.add_argument("--cache", type=Path, default=Path(__file__).parent / ".corpora")
    parser.add_argument("--cold", action="store_true", help="fresh-process searches, no index")
    parser.add_argument(
        "--dataset", type=Path, help="the queries (a dataset file; default: index.py's)"
    )
    args = parser.parse_args()
    if args.cold:
        return _cold(args)
    from parse import DJANGO, fetch_corpus

    source = args.corpus or fetch_corpus(*DJANGO, base=args.cache)
    asked = (
        [q["query"] for q in json.loads(args.dataset.read_text())["queries"]]
        if args.dataset
        else QUERIES
    )
    top = Path(tempfile.mkdtemp(prefix="prx-peer-bench-"))
    work = top / source.name
    shutil.copytree(source, work, ignore=shutil.ignore_patterns(".prx"))
    semble = _start_semble(args.semble_spec)
    try:
        print(f"before: {state()}")
        print(f"corpus {source.name}; semble {semble.version} ({semble.isolation} isolation)")
        builds: dict[str, list[float]] = {"prx": [], "semble": []}
        queries: dict[str, list[float]] = {"prx": [], "semble": []}
        for round_ in range(args.repeat):
            opened = semble.open(work, 10)
            builds["semble"].append(float(opened["index_s"]))
            built = run_index(work, "--rebuild")
            builds["prx"].append(float(built["wall"]))  # type: ignore[arg-type]
            queries["semble"] += _semble_queries(semble, asked)
            queries["prx"] += _prx_queries(work, asked)
            print(
                f"round {round_ + 1}: build prx {builds['prx'][-1]:.2f} s"
                f" ({built['chunks']} chunks), semble {builds['semble'][-1]:.2f} s"
                f" ({opened['chunks']} chunks)"
            )
        build = {name: statistics.median(runs) for name, runs in builds.items()}
        warm = {name: statistics.median(runs) for name, runs in queries.items()}
        print(
            f"build: prx median {build['prx']:.2f} s, semble {build['semble']:.2f} s;"
            f" ratio {build['prx'] / build['semble']:.2f}"
            " (the targets: 15 s where semble took 16 s, i.e. 0.94)"
        )
        print(
            f"warm query: prx p50 {warm['prx']:.2f} ms, semble {warm['semble']:.2f} ms;"
            f" ratio {warm['prx'] / warm['semble']:.2f} (target 5 ms where semble took 3.5)"
        )
        print(f"after: {state()}")
    finally:
        semble.shutdown()
        shutil.rmtree(top, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
