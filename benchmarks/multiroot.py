"""Search over several roots: NDCG@10 of the merged search against each root searched
alone (given the right root) and against one index over the concatenated tree; latency of
a multi-root search against one root, warm.

    python benchmarks/multiroot.py [--json OUT] [--latency-queries N] [--roots-for-latency 8]

The multi-root dataset is the union of the labelled search datasets (benchmarks/datasets/
and ../shared/bench/semble-py/): each query's answers lie in the one repository its
dataset was labelled on, and all repositories are searched at once. Corpora: as
benchmarks/quality.py finds them (benchmarks/.corpora/<name>, ../bench-corpora/<name>);
each is indexed in place (``prx index``) when it has no index. The concatenated tree is
benchmarks/.corpora/multiroot-concat/<names>/<name>/ (hard links), indexed as one root.

Fusions (prx/engine/ranking/across_roots.py) are compared on the same per-root answers;
the one multi-root searches use is chosen by leave-one-repository-out: for each
repository, the fusion best on the others' queries is scored on its queries.
Scores are repository-qualified paths (``name/path``), so a file of another repository
never matches a label.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
CORPORA = [HERE / ".corpora", REPO.parent / "bench-corpora"]
DATASETS = [HERE / "datasets", REPO.parent / "shared" / "bench" / "semble-py"]
CONCAT = HERE / ".corpora" / "multiroot-concat"
K = 10


def collections() -> list[tuple[str, Path, list[dict[str, object]]]]:
    """(name, corpus, queries) of every labelled dataset whose corpus is here."""
    found = []
    for folder in DATASETS:
        for path in sorted(folder.glob("*.json")):
            data = json.loads(path.read_text())
            if not isinstance(data, dict) or "queries" not in data:
                continue
            name = path.stem
            corpus = next((c / name for c in CORPORA if (c / name).is_dir()), None)
            if corpus is None:
                print(f"skipped {name}: no corpus", file=sys.stderr)
                continue
            found.append((name, corpus, list(data["queries"])))
    return found


def ensure_index(root: Path) -> None:
    """Build the root's index, or bring it up to date (searches are timed warm and fresh)."""
    print(f"indexing {root}", file=sys.stderr)
    subprocess.run(
        [sys.executable, "-m", "prx", "index", "--text"],
        cwd=root,
        check=True,
        stdout=subprocess.DEVNULL,
        env={**os.environ, "PRX_WARM": "0"},
    )


def ensure_concat(named: list[tuple[str, Path]]) -> Path:
    """The repositories' trees side by side in one folder (hard links), indexed once:
    one folder per selection of repositories."""
    folder = CONCAT / "+".join(sorted(name for name, _ in named))
    if not folder.is_dir():
        partial = folder.with_name(folder.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        for name, corpus in named:
            shutil.copytree(
                corpus,
                partial / name,
                copy_function=os.link,
                ignore=shutil.ignore_patterns(".prx", ".git"),
            )
        partial.rename(folder)
    ensure_index(folder)
    return folder


def labels(name: str, query: dict[str, object]) -> dict[str, int]:
    relevant = query.get("relevant") or []
    assert isinstance(relevant, list)
    return {f"{name}/{item['file']}": int(item.get("relevance", 1)) for item in relevant}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path)
    parser.add_argument("--latency-queries", type=int, default=60)
    parser.add_argument("--roots-for-latency", type=int, default=8)
    parser.add_argument("--only", help="comma-separated dataset names (default: all found)")
    parser.add_argument(
        "--no-concat", action="store_true", help="leave out the concatenated tree (slow)"
    )
    parser.add_argument("--latency-only", action="store_true")
    parser.add_argument(
        "--cli", action="store_true", help="with --latency-only: time the CLI, warm server on"
    )
    parser.add_argument(
        "--grid", action="store_true", help="choose the evidence weights by leave-one-out"
    )
    args = parser.parse_args()

    import prx
    from prx.commands.bench_ndcg.ndcg import bootstrap_ci, ndcg_at_k
    from prx.commands.search.engine import run_search
    from prx.core.errors import PrxError
    from prx.engine.ranking.across_roots import FUSIONS

    sets = collections()
    if args.only:
        keep = set(args.only.split(","))
        sets = [entry for entry in sets if entry[0] in keep]
    for _, corpus, _ in sets:
        ensure_index(corpus)
    if args.latency_only:
        args.no_concat = True
    concat = None if args.no_concat else ensure_concat([(n, c) for n, c, _ in sets])
    base = Path(os.path.commonpath([str(c) for _, c, _ in sets]))
    hub = prx.Workspace(base)
    contexts = {}
    for name, corpus, _ in sets:
        here, _ = hub.for_path(os.path.relpath(corpus, base) + "//")
        assert here is not hub, f"{corpus} is not a project root"
        contexts[name] = here
    whole = prx.Workspace(concat) if concat else None

    def qualified(name: str, file: str) -> str:
        return f"{name}/{file.partition('//')[2] or file}"

    from prx.commands.search.roots import merge_answers

    if args.latency_only:
        if args.cli:
            timing = cli_latency(sets, args.latency_queries, args.roots_for_latency)
        else:
            timing = latency(hub, sets, contexts, args.latency_queries, args.roots_for_latency)
        text = json.dumps(timing, indent=2)
        print(text)
        if args.json:
            args.json.write_text(text + "\n")
        return 0
    per_root: dict[str, list[float]] = {}
    kept: list[tuple[str, dict[str, int], list[Any]]] = []
    fused: dict[str, dict[str, list[float]]] = {f: {} for f in FUSIONS}
    concatenated: dict[str, list[float]] = {}
    joint: dict[str, list[float]] = {}
    names = [name for name, _, _ in sets]
    rel = {n: os.path.relpath(contexts[n].root_dir, hub.root_dir) for n in names}
    for name, _, queries in sets:
        for query in queries:
            text = str(query["query"])
            relevant = labels(name, query)
            answers = []
            own = None
            for other in names:
                try:
                    answer = run_search(contexts[other], text, ".", top_k=K, budget=0)
                except PrxError as err:
                    answers.append((other, contexts[other].root_dir, err))
                    continue
                answers.append((other, contexts[other].root_dir, answer))
                if other == name:
                    own = answer
            assert own is not None
            kept.append((name, relevant, answers))
            files = [qualified(name, f.file) for f in own.files]  # type: ignore[union-attr]
            per_root.setdefault(name, []).append(ndcg_at_k(files, relevant, K))
            for fusion in FUSIONS:
                merged = merge_answers(
                    hub, text, answers, top_k=K, budget=0, offset=0, request="x", fusion=fusion
                )
                ranked = [
                    qualified(os.path.basename(f.file.partition("//")[0]), f.file)
                    for f in merged.files  # type: ignore[union-attr]
                ]
                fused[fusion].setdefault(name, []).append(ndcg_at_k(ranked, relevant, K))
            together = hub.search(
                text, rel[names[0]], roots=[rel[n] for n in names[1:]], top_k=K, budget=0
            )
            joint.setdefault(name, []).append(
                ndcg_at_k(
                    [
                        qualified(os.path.basename(f.file.partition("//")[0]), f.file)
                        for f in together.files  # type: ignore[union-attr]
                    ],
                    relevant,
                    K,
                )
            )
            if whole is not None:
                alone = whole.search(text, top_k=K, budget=0)
                concatenated.setdefault(name, []).append(
                    ndcg_at_k([f.file for f in alone.files], relevant, K)
                )
        print(f"{name}: {len(queries)} queries", file=sys.stderr)

    def mean_over(scores: dict[str, list[float]], keys: list[str]) -> float:
        values = [v for key in keys for v in scores[key]]
        return statistics.fmean(values)

    loro: list[float] = []
    chosen: dict[str, str] = {}
    for held in names:
        rest = [n for n in names if n != held]
        best = max(FUSIONS, key=lambda f: mean_over(fused[f], rest))
        chosen[held] = best
        loro += fused[best][held]
    every = [v for n in names for v in per_root[n]]
    summary: dict[str, object] = {
        "repositories": len(names),
        "queries": len(every),
        "per_root_given_the_right_root": round(statistics.fmean(every), 3),
        "per_root_ci": [round(x, 3) for x in bootstrap_ci(every)],
        "concatenated_tree": round(mean_over(concatenated, names), 3) if concatenated else None,
        "joint": round(mean_over(joint, names), 3),
        "joint_ci": [round(x, 3) for x in bootstrap_ci([v for n in names for v in joint[n]])],
        "merged": {f: round(mean_over(fused[f], names), 3) for f in FUSIONS},
        "merged_leave_one_repository_out": round(statistics.fmean(loro), 3),
        "merged_loro_ci": [round(x, 3) for x in bootstrap_ci(loro)],
        "fusion_chosen_per_held_out_repository": chosen,
        "per_repository": {
            n: {
                "per_root": round(statistics.fmean(per_root[n]), 3),
                "concatenated": round(statistics.fmean(concatenated[n]), 3)
                if concatenated
                else None,
                "joint": round(statistics.fmean(joint[n]), 3),
                **{f: round(statistics.fmean(fused[f][n]), 3) for f in FUSIONS},
            }
            for n in names
        },
    }
    if args.grid:
        summary["grid"] = weight_grid(kept, names, qualified)
    summary["latency"] = latency(hub, sets, contexts, args.latency_queries, args.roots_for_latency)
    text = json.dumps(summary, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


def weight_grid(
    kept: list[tuple[str, dict[str, int], list[Any]]], names: list[str], qualified: Any
) -> dict[str, object]:
    """The evidence weights chosen by leave-one-repository-out over a grid, and the
    held-out NDCG@10 of each fold's choice."""
    import itertools

    from prx.commands.bench_ndcg.ndcg import ndcg_at_k
    from prx.core.errors import PrxError
    from prx.engine.ranking.across_roots import fuse, root_strength

    grid = list(
        itertools.product(
            [1.0, 2.0, 3.0, 5.0], [1.0, 2.0, 3.0, 5.0], [0.25, 0.5, 1.0], [0.0, 0.5, 1.0]
        )
    )
    scores: dict[tuple[float, ...], dict[str, list[float]]] = {}
    for weights in grid:
        per: dict[str, list[float]] = {}
        for name, relevant, answers in kept:
            found = [(label, a) for label, _, a in answers if not isinstance(a, PrxError)]
            rankings = [
                [(m.relevance, qualified(label, f.file)) for f in a.files for m in f.matches]
                for label, a in found
            ]
            for ranking in rankings:
                ranking.sort(key=lambda pair: -pair[0])
            strengths = [root_strength(a.evidence, a.top_score, weights) for _, a in found]
            merged = [item for _, item in fuse(rankings, "evidence", strengths=strengths)]
            per.setdefault(name, []).append(ndcg_at_k(merged, relevant, K))
        scores[weights] = per

    def mean(weights: tuple[float, ...], keys: list[str]) -> float:
        return statistics.fmean(v for key in keys for v in scores[weights][key])

    folds: dict[str, object] = {}
    held: list[float] = []
    for name in names:
        best = max(grid, key=lambda w: mean(w, [n for n in names if n != name]))
        folds[name] = {"weights": best, "ndcg": round(statistics.fmean(scores[best][name]), 3)}
        held += scores[best][name]
    return {"folds": folds, "leave_one_repository_out": round(statistics.fmean(held), 3)}


def cli_latency(
    sets: list[tuple[str, Path, list[Any]]], count: int, width: int
) -> dict[str, object]:
    """p50 (ms) of ``prx search`` in the first root, alone and with the next ``width - 1``
    roots, as an agent runs it: fresh CLI processes, the root's warm server on (started by
    the first call, as by default), each root searched once before timing. A warm server
    of the first root already running with other settings leaves every call cold."""
    named = sets[:width]
    first = named[0][1]
    others = [os.path.relpath(corpus, first) for _, corpus, _ in named[1:]]
    queries = [str(q["query"]) for _, _, qs in named for q in qs]
    queries = queries[:: max(1, len(queries) // count)][:count]
    # The caller's PRX_HOME: a warm server answers only calls made with its own settings.
    # The one the first call starts ends 15 s after the last call.
    env = {**os.environ, "PRX_WARM": "1", "PRX_WARM_IDLE": "15"}
    # The console script, as agents run it (``python -m prx`` starts slower).
    program = shutil.which("prx", path=os.path.dirname(sys.executable)) or "prx"

    def run(*argv: str) -> float:
        started = time.perf_counter()
        subprocess.run([program, "search", *argv], cwd=first, env=env,
                       capture_output=True, check=True)  # fmt: skip
        return (time.perf_counter() - started) * 1000

    run("warm up")
    time.sleep(3)  # the warm server starts in the background
    run("warm up", ".", *others)
    one, many = [], []
    for _ in range(3):
        for query in queries:
            one.append(run(query))
            many.append(run(query, ".", *others))
    p50_one, p50_many = statistics.median(one), statistics.median(many)
    return {
        "roots": len(named),
        "queries": len(queries),
        "cli_one_root_p50_ms": round(p50_one, 1),
        "cli_several_roots_p50_ms": round(p50_many, 1),
        "ratio_p50": round(p50_many / p50_one, 2),
    }


def latency(
    hub: Any,
    sets: list[tuple[str, Path, list[Any]]],
    contexts: dict[str, Any],
    count: int,
    width: int,
) -> dict[str, object]:
    """p50/p95 (ms) of one root's search and of a ``width``-root search (the query's own
    root first), warm: every root searched once before timing."""
    names = [name for name, _, _ in sets][:width]
    queries = [(name, str(q["query"])) for name, _, qs in sets if name in names for q in qs]
    queries = queries[:: max(1, len(queries) // count)][:count]
    rel = {n: os.path.relpath(contexts[n].root_dir, hub.root_dir) for n in names}
    for name in names:  # warm every engine
        hub.search("warm up", rel[name], top_k=K)
    for fusion in ("joint", "evidence"):
        hub.search("warm up", rel[names[0]], roots=[rel[n] for n in names[1:]], fusion=fusion)
    from prx.commands.search import roots as multi

    one: list[float] = []
    many: dict[bool, list[float]] = {False: [], True: []}
    joint: list[float] = []
    for name, text in queries:
        others = [rel[n] for n in names if n != name]
        for _ in range(3):
            started = time.perf_counter()
            hub.search(text, rel[name], top_k=K)
            one.append((time.perf_counter() - started) * 1000)
            started = time.perf_counter()
            hub.search(text, rel[name], roots=others, top_k=K, fusion="joint")
            joint.append((time.perf_counter() - started) * 1000)
            for parallel in (False, True):
                multi.PARALLEL = parallel
                started = time.perf_counter()
                hub.search(text, rel[name], roots=others, top_k=K, fusion="evidence")
                many[parallel].append((time.perf_counter() - started) * 1000)
    multi.PARALLEL = True

    def pct(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    return {
        "roots": len(names),
        "queries": len(queries),
        "one_root_p50_ms": pct(one, 0.5),
        "one_root_p95_ms": pct(one, 0.95),
        "several_roots_joint_p50_ms": pct(joint, 0.5),
        "several_roots_joint_p95_ms": pct(joint, 0.95),
        "ratio_p50_joint": round(pct(joint, 0.5) / pct(one, 0.5), 2),
        "several_roots_one_thread_p50_ms": pct(many[False], 0.5),
        "several_roots_one_thread_p95_ms": pct(many[False], 0.95),
        "several_roots_threads_p50_ms": pct(many[True], 0.5),
        "several_roots_threads_p95_ms": pct(many[True], 0.95),
        "ratio_p50_one_thread": round(pct(many[False], 0.5) / pct(one, 0.5), 2),
        "ratio_p50_threads": round(pct(many[True], 0.5) / pct(one, 0.5), 2),
    }


if __name__ == "__main__":
    raise SystemExit(main())
