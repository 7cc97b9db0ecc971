"""The ``bench-ndcg`` operation: NDCG@k of prx search over a labelled dataset."""

from __future__ import annotations

import os
import time
from typing import Any

from prx.core.record import record
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["BENCH_NDCG", "BenchNdcgParams"]


@record
class BenchNdcgParams:
    """Parameters of ``prx bench-ndcg``."""

    dataset: str = param(
        help="labelled dataset (JSON: queries with graded relevant files)", positional=True
    )
    root: str = param(
        ".", help="the corpus to search (default: the dataset's root, else .)", positional=True
    )
    k: int = param(10, help="results scored per query (default 10)", metavar="N")
    queries: bool = param(False, help="include every query's score and top files")


def _run(ws: Context, p: BenchNdcgParams) -> dict[str, Any]:
    return evaluate_dataset(ws, p.dataset, p.root, k=p.k, queries=p.queries)


def evaluate_dataset(
    ws: Context, dataset_path: str, corpus: str, *, k: int, queries: bool
) -> dict[str, Any]:
    """The report of ``prx bench-ndcg``."""
    from prx.commands.bench_ndcg.ndcg import evaluate, load_dataset
    from prx.core.results.search import SearchResult

    dataset = load_dataset(ws.resolve(dataset_path))
    root = corpus if corpus != "." or not dataset.root else dataset.root
    target = ws.resolve(root)
    if not os.path.isdir(target):
        from prx.core.errors import NotFoundError

        raise NotFoundError(
            f"corpus not found: {root}", suggestion="Pass the corpus directory as {param:root}."
        )
    from prx.commands.search.engine import run_search

    searcher = ws.at(target)
    started = time.perf_counter()
    run_search(searcher, "warm up", ".", top_k=k)  # builds the corpus and retrievers once
    setup = time.perf_counter() - started

    def search(query: str) -> list[str]:
        result = run_search(searcher, query, ".", top_k=k)
        assert isinstance(result, SearchResult)
        return [f.file for f in result.files]

    report = evaluate(dataset, search, k, system="prx", setup_s=setup)
    data = report.to_dict()
    if not queries:
        data.pop("per_query", None)
    data["root"] = root
    return data


BENCH_NDCG = Operation(
    name="bench-ndcg",
    summary="NDCG@k of prx search on a labelled dataset, per category, with a 95% interval.",
    func=_run,
    params=BenchNdcgParams,
    result=dict,
    budget_param=None,
    toolset="admin",
)
