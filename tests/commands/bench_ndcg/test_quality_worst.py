"""benchmarks/quality.py --worst: the lowest word queries, with their labels' ranks."""

from __future__ import annotations

import importlib.util

import locations

from prx.commands.bench_ndcg.ndcg import QueryRow, parse_dataset, summarize

QUALITY = locations.ROOT / "benchmarks" / "quality.py"


def _quality():
    spec = importlib.util.spec_from_file_location("quality_bench", QUALITY)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_worst_lists_the_lowest_word_queries_with_their_labels_ranks():
    dataset = parse_dataset(
        {
            "queries": [
                {
                    "query": "Name",
                    "category": "symbol",
                    "relevant": [{"file": "a.py", "relevance": 3}],
                },
                {
                    "query": "how x works",
                    "category": "architecture",
                    "relevant": [
                        {"file": "x.py", "relevance": 3},
                        {"file": "y.py", "relevance": 1},
                    ],
                },
                {
                    "query": "where y is",
                    "category": "semantic",
                    "relevant": [{"file": "y.py", "relevance": 2}],
                },
            ]
        },
        name="demo",
    )
    rows = [
        QueryRow("Name", "symbol", 0.0, 1.0, ("b.py",)),
        QueryRow("how x works", "architecture", 0.3, 1.0, ("z.py", "y.py")),
        QueryRow("where y is", "semantic", 1.0, 1.0, ("y.py",)),
    ]
    report = summarize("demo", "prx", 10, rows)
    text = _quality().worst_queries([report], {"demo": dataset}, 1)
    assert text.splitlines() == [
        "worst 1 word queries of prx:",
        "  0.300  demo [architecture] how x works",
        "      grade 3 rank  -  x.py",
        "      grade 1 rank  2  y.py",
        "      #1 z.py",
        "      #2 y.py",
    ]
