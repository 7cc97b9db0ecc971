"""The ``bench-ndcg`` operation: NDCG@k of prx search over a labelled dataset."""

from __future__ import annotations

import os
import time
from typing import Any

from prx._record import record
from prx.plugin._operation import Operation, param
from prx.workspace import Workspace

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


def _run(ws: Workspace, p: BenchNdcgParams) -> dict[str, Any]:
    return ws.bench_ndcg(p.dataset, p.root, k=p.k, queries=p.queries)


def evaluate_dataset(
    ws: Workspace, dataset_path: str, corpus: str, *, k: int, queries: bool
) -> dict[str, Any]:
    """The report of ``prx bench-ndcg`` (see :meth:`Workspace.bench_ndcg`)."""
    from prx.bench.ndcg import evaluate, load_dataset
    from prx.types import SearchResult

    dataset = load_dataset(ws.resolve(dataset_path))
    root = corpus if corpus != "." or not dataset.root else dataset.root
    target = ws.resolve(root)
    if not os.path.isdir(target):
        from prx.errors import NotFoundError

        raise NotFoundError(
            f"corpus not found: {root}", suggestion="Pass the corpus directory as {param:root}."
        )
    searcher = Workspace(target, config=ws.config, plugins=ws._plugins)
    started = time.perf_counter()
    searcher.search("warm up", top_k=k)  # builds the corpus and the retrievers once
    setup = time.perf_counter() - started

    def search(query: str) -> list[str]:
        result = searcher.search(query, top_k=k)
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
