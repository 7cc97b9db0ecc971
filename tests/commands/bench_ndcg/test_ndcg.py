"""Tests for prx.commands.bench_ndcg.ndcg: the metric (hand-computed), path matching, statistics, datasets."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from prx.commands.bench_ndcg.ndcg import (
    Dataset,
    Query,
    bootstrap_ci,
    dcg,
    dedup_files,
    evaluate,
    format_table,
    graded_ranks,
    load_dataset,
    ndcg_at_k,
    normalize_path,
    parse_dataset,
    paths_match,
    percentile,
    pool_reports,
)
from prx.core.errors import InvalidArgumentError, NotFoundError

L3 = math.log2(3)  # discount at rank 2
L4 = 2.0  # discount at rank 3


def approx(x: float):
    return pytest.approx(x, abs=1e-12)


# --------------------------------------------------------------------------- NDCG, by hand


def test_perfect_ranking_is_one():
    assert ndcg_at_k(["a.py"], {"a.py": 1}) == 1.0
    assert ndcg_at_k(["a.py", "b.py", "c.py"], {"a.py": 3, "b.py": 2, "c.py": 1}) == 1.0


def test_single_relevant_at_rank_two():
    assert ndcg_at_k(["x.py", "a.py"], {"a.py": 1}) == approx(1 / L3)
    assert ndcg_at_k(["x.py", "y.py", "a.py"], {"a.py": 1}) == approx(1 / L4)


def test_nothing_relevant_retrieved_is_zero():
    assert ndcg_at_k(["x.py", "y.py"], {"a.py": 2}) == 0.0
    assert ndcg_at_k([], {"a.py": 2}) == 0.0


def test_graded_labels_use_exponential_gain():
    rel = {"a.py": 3, "b.py": 1}
    # DCG  = (2^1-1)/log2(2) + (2^3-1)/log2(3) = 1 + 7/L3
    # IDCG = (2^3-1)/log2(2) + (2^1-1)/log2(3) = 7 + 1/L3
    assert ndcg_at_k(["b.py", "a.py"], rel) == approx((1 + 7 / L3) / (7 + 1 / L3))
    assert ndcg_at_k(["a.py", "b.py"], rel) == 1.0
    # grade 2 at rank 3 only: 3/2 over IDCG 7 + 1/L3
    assert ndcg_at_k(["x", "y", "c.py"], {"a.py": 3, "b.py": 1, "c.py": 2}) == approx(
        (3 / 2) / (7 + 3 / L3 + 1 / 2)
    )


def test_unretrieved_labels_count_in_the_ideal():
    # Two labels, one found at rank 1: 1 / (1 + 1/L3), not 1.0.
    assert ndcg_at_k(["a.py"], {"a.py": 1, "b.py": 1}) == approx(1 / (1 + 1 / L3))


def test_duplicate_files_are_deduplicated_before_ranking():
    # Chunks of x.py three times, then a.py: a.py is the second *file*.
    assert ndcg_at_k(["x.py", "x.py", "x.py", "a.py"], {"a.py": 1}) == approx(1 / L3)
    # A relevant file repeated is credited once.
    assert ndcg_at_k(["a.py", "a.py"], {"a.py": 1, "b.py": 1}) == approx(1 / (1 + 1 / L3))
    # Dedup happens before the cut: 15 chunks of one file do not push a.py out of the top 10.
    assert ndcg_at_k(["x.py"] * 15 + ["a.py"], {"a.py": 1}, k=10) == approx(1 / L3)


def test_results_beyond_k_are_ignored():
    ranked = [f"x{i}.py" for i in range(10)] + ["a.py"]
    assert ndcg_at_k(ranked, {"a.py": 1}, k=10) == 0.0
    assert ndcg_at_k(ranked, {"a.py": 1}, k=11) == approx(1 / math.log2(12))
    assert ndcg_at_k(["x.py", "a.py"], {"a.py": 1}, k=1) == 0.0


def test_ideal_dcg_uses_all_labels_even_beyond_k():
    labels = {f"f{i}.py": 1 for i in range(12)}
    ideal10 = sum(1 / math.log2(i + 1) for i in range(1, 11))
    # The first 10 of 12 labels fill the top 10: perfect at k=10.
    assert ndcg_at_k([f"f{i}.py" for i in range(12)], labels, k=10) == 1.0
    # Three of them at ranks 1..3.
    found3 = 1 + 1 / L3 + 1 / L4
    assert ndcg_at_k(["f0.py", "f1.py", "f2.py"], labels, k=10) == approx(found3 / ideal10)
    # The ideal is cut at k: at k=2, two labelled hits are perfect.
    assert ndcg_at_k(["f5.py", "f7.py"], labels, k=2) == 1.0
    # The ideal is sorted by grade before the cut.
    graded = {"lo.py": 1, "hi.py": 3, "mid.py": 2}
    assert ndcg_at_k(["lo.py"], graded, k=1) == approx(1 / 7)


def test_negative_queries():
    assert ndcg_at_k([], {}) == 1.0
    assert ndcg_at_k(["a.py"], {}) == 0.0
    # Only zero grades: nothing is relevant, same rule.
    assert ndcg_at_k([], {"a.py": 0}) == 1.0
    assert ndcg_at_k(["a.py"], {"a.py": 0}) == 0.0


def test_dcg_helper_and_bad_k():
    assert dcg([]) == 0.0
    assert dcg([1, 0, 1]) == approx(1 + 1 / L4)
    with pytest.raises(InvalidArgumentError, match="k must be at least 1"):
        ndcg_at_k(["a"], {"a": 1}, k=0)
    with pytest.raises(InvalidArgumentError, match="must not be negative"):
        ndcg_at_k(["a"], {"a": -1})


# --------------------------------------------------------------------------- path matching


def test_normalize_path():
    assert normalize_path("./src//flask/./app.py") == "src/flask/app.py"
    assert normalize_path("src\\flask\\app.py") == "src/flask/app.py"
    assert normalize_path("/abs/a.py/") == "abs/a.py"
    assert normalize_path("./") == ""


@pytest.mark.parametrize(
    ("result", "label", "expected"),
    [
        ("src/flask/app.py", "src/flask/app.py", True),
        ("app.py", "src/flask/app.py", True),  # searched src/flask
        ("flask/app.py", "src/flask/app.py", True),  # searched src
        ("sansio/app.py", "src/flask/sansio/app.py", True),
        ("checkout/src/flask/app.py", "src/flask/app.py", True),  # label is the suffix
        (".\\src\\flask\\app.py", "src/flask/app.py", True),
        ("lask/app.py", "src/flask/app.py", False),  # not at a '/' boundary
        ("myapp.py", "src/flask/app.py", False),
        ("src/flask/app.pyi", "src/flask/app.py", False),
        ("app.py", "src/flask/sansio/app.pyc", False),
        ("", "src/flask/app.py", False),
    ],
)
def test_paths_match(result, label, expected):
    assert paths_match(result, label) is expected


def test_suffix_matching_in_ndcg_searching_a_subfolder():
    labels = {"src/flask/app.py": 1, "src/flask/sansio/scaffold.py": 1}
    # Results relative to src/flask.
    assert ndcg_at_k(["app.py", "sansio/scaffold.py"], labels) == 1.0
    assert ndcg_at_k(["cli.py", "sansio/scaffold.py"], labels) == approx((1 / L3) / (1 + 1 / L3))


def test_a_label_is_credited_once():
    labels = {"src/flask/app.py": 1}
    # Both results match the one label; only the first earns it, so NDCG stays <= 1.
    assert graded_ranks(["app.py", "src/flask/app.py"], labels, 10) == [1, 0]
    assert ndcg_at_k(["app.py", "src/flask/app.py"], labels) == 1.0
    assert ndcg_at_k(["x.py", "app.py", "flask/app.py"], labels) == approx(1 / L3)


def test_match_preference_exact_then_longest_then_label_order():
    # Exact beats suffix.
    assert graded_ranks(["b.py"], {"a/b.py": 1, "b.py": 2}, 10) == [2]
    # More shared segments beats fewer.
    labels = {"src/app.py": 1, "src/flask/sansio/app.py": 2, "src/flask/app.py": 3}
    assert graded_ranks(["sansio/app.py"], labels, 10) == [2]
    # A one-segment tie goes to the first label in dataset order.
    assert graded_ranks(["app.py"], labels, 10) == [1]
    assert graded_ranks(["app.py", "app.py", "flask/app.py"], labels, 10) == [1, 3]


def test_dedup_files_normalises():
    assert dedup_files(["./a.py", "a.py", "b\\c.py", "b/c.py", "", "."]) == ["a.py", "b/c.py"]


# --------------------------------------------------------------------------- statistics


def test_bootstrap_is_deterministic_and_brackets_the_mean():
    values = [0.0, 1.0, 0.5, 0.25, 1.0, 0.0, 0.75, 1.0, 0.63, 0.1]
    first = bootstrap_ci(values)
    assert first == bootstrap_ci(list(values))
    assert first == bootstrap_ci(tuple(values), resamples=1000, seed=0)
    lo, hi = first
    mean = sum(values) / len(values)
    assert 0.0 <= lo < mean < hi <= 1.0
    assert bootstrap_ci(values, seed=1) != first  # the seed is what fixes it


def test_bootstrap_edge_cases():
    assert bootstrap_ci([0.4]) == (0.4, 0.4)
    assert bootstrap_ci([0.2, 0.6]) == pytest.approx((0.4, 0.4))
    assert bootstrap_ci([0.5, 0.5, 0.5]) == (0.5, 0.5)
    with pytest.raises(ValueError):
        bootstrap_ci([])


def test_percentile():
    assert percentile([5.0], 50) == 5.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([4.0, 1.0, 3.0, 2.0], 0) == 1.0
    assert percentile(list(range(1, 21)), 95) == approx(19.05)


# --------------------------------------------------------------------------- evaluate


def small_dataset() -> Dataset:
    return Dataset(
        name="demo",
        root=None,
        queries=(
            Query("routing", "semantic", {"src/pkg/routing.py": 1}),
            Query("Config", "symbol", {"src/pkg/config.py": 2, "src/pkg/env.py": 1}),
            Query("how do sessions expire", "architecture", {"src/pkg/sessions.py": 1}),
            Query("no such thing", "semantic", {}, negative=True),
        ),
    )


ANSWERS = {
    "routing": ["pkg/routing.py", "pkg/routing.py", "pkg/app.py"],
    "Config": ["pkg/env.py", "pkg/config.py"],
    "how do sessions expire": ["pkg/app.py"],
    "no such thing": [],
}


def test_evaluate_scores_every_query():
    report = evaluate(small_dataset(), lambda q: ANSWERS[q], k=10, system="fake")
    scores = [row.ndcg for row in report.rows]
    cfg = (1 + 3 / L3) / (3 + 1 / L3)
    assert scores == [1.0, approx(cfg), 0.0, 1.0]
    assert report.mean == approx((2 + cfg) / 4)
    assert report.by_category["semantic"].mean == 1.0
    assert report.by_category["semantic"].count == 2
    assert report.by_category["symbol"].mean == approx(cfg)
    assert list(report.by_category) == ["architecture", "semantic", "symbol"]
    assert report.rows[0].top_files == ("pkg/routing.py", "pkg/app.py")
    assert report.misses == ("how do sessions expire",)
    assert report.errors == 0
    assert all(row.latency_ms >= 0 for row in report.rows)
    assert 0 <= report.latency_p50_ms <= report.latency_p95_ms
    lo, hi = report.ci95
    assert lo <= report.mean <= hi
    again = evaluate(small_dataset(), lambda q: ANSWERS[q], k=10, system="fake")
    assert again.ci95 == report.ci95
    data = report.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["queries"] == 4 and data["ndcg_ci95"][0] <= data["ndcg"]


def test_evaluate_records_search_errors():
    def search(q: str) -> list[str]:
        if q == "Config":
            raise RuntimeError("boom")
        return ANSWERS[q]

    report = evaluate(small_dataset(), search)
    row = report.rows[1]
    assert row.ndcg == 0.0 and row.error == "RuntimeError: boom"
    assert report.errors == 1
    with pytest.raises(RuntimeError):
        evaluate(small_dataset(), search, raise_errors=True)


def test_format_table_and_pooling():
    one = evaluate(small_dataset(), lambda q: ANSWERS[q], system="fake", setup_s=1.5)
    two = evaluate(small_dataset(), lambda q: [], system="empty")
    pooled = pool_reports([one, one], dataset="ALL")
    assert len(pooled.rows) == 8 and pooled.mean == one.mean and pooled.setup_s == 3.0
    table = format_table([one, two, pooled])
    lines = table.splitlines()
    assert lines[0].split()[:5] == ["dataset", "system", "n", "NDCG@10", "95%"]
    assert "architecture" in lines[0] and "symbol" in lines[0]
    assert any(line.startswith("demo") and "fake" in line and "1.50" in line for line in lines)
    assert any(line.startswith("ALL") for line in lines)
    assert "" in lines  # a blank line between datasets
    assert table.isascii()
    with pytest.raises(ValueError):
        pool_reports([one, two])


# --------------------------------------------------------------------------- datasets


def write(tmp_path: Path, data: object, name: str = "ds.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_load_dataset_accepts_the_original_format(tmp_path):
    path = write(
        tmp_path,
        {
            "repo": "pallets/flask",
            "sha": "abc",
            "root": "checkout",
            "queries": [
                {
                    "query": "how are routes registered",
                    "category": "architecture",
                    "relevant": [
                        {"file": "./src/flask/scaffold.py", "relevance": 1, "tier": "primary"},
                        {"file": "src/flask/app.py", "relevance": 1, "start_line": 3},
                        {"file": "src/flask/scaffold.py", "relevance": 3},
                        {"file": "src/flask/app.py", "relevance": 2},
                    ],
                },
                {"query": "nothing", "category": "semantic", "negative": True},
            ],
        },
        name="flask.json",
    )
    ds = load_dataset(path)
    assert ds.name == "flask" and ds.root == "checkout"
    assert ds.queries[0].relevant == {"src/flask/scaffold.py": 3, "src/flask/app.py": 2}
    assert ds.queries[0].negative is False
    assert ds.queries[1] == Query("nothing", "semantic", {}, negative=True)
    hash(ds)  # frozen and hashable


GOOD_QUERY = {"query": "q", "category": "semantic", "relevant": [{"file": "a.py", "relevance": 1}]}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "top level must be a JSON object"),
        ({}, "missing the 'queries' list"),
        ({"queries": {}}, "'queries' must be a list"),
        ({"queries": []}, "'queries' is empty"),
        ({"root": 3, "queries": [GOOD_QUERY]}, "'root' must be a string"),
        ({"queries": [GOOD_QUERY, "q"]}, r"queries\[1\] must be an object"),
        ({"queries": [{**GOOD_QUERY, "query": ""}]}, r"queries\[0\]\.query must be a non-empty"),
        ({"queries": [{"category": "x", "relevant": []}]}, r"queries\[0\]\.query .*missing"),
        ({"queries": [{**GOOD_QUERY, "category": 1}]}, r"queries\[0\] \('q'\)\.category"),
        ({"queries": [{**GOOD_QUERY, "negative": "yes"}]}, r"\.negative must be true or false"),
        ({"queries": [{"query": "q", "category": "c"}]}, r"queries\[0\] \('q'\) has no 'relevant'"),
        ({"queries": [{**GOOD_QUERY, "relevant": "a.py"}]}, r"\.relevant must be a list"),
        ({"queries": [{**GOOD_QUERY, "relevant": ["a.py"]}]}, r"\.relevant\[0\] must be an object"),
        (
            {"queries": [{**GOOD_QUERY, "relevant": [{"relevance": 1}]}]},
            r"\.relevant\[0\]\.file must be a non-empty path",
        ),
        (
            {"queries": [{**GOOD_QUERY, "relevant": [{"file": "./", "relevance": 1}]}]},
            r"\.relevant\[0\]\.file",
        ),
        (
            {"queries": [{**GOOD_QUERY, "relevant": [{"file": "a.py", "relevance": "2"}]}]},
            r"\.relevant\[0\]\.relevance must be an integer",
        ),
        (
            {"queries": [{**GOOD_QUERY, "relevant": [{"file": "a.py", "relevance": True}]}]},
            r"\.relevance must be an integer",
        ),
        (
            {"queries": [{**GOOD_QUERY, "relevant": [{"file": "a.py", "relevance": -1}]}]},
            r"\.relevance must be between 0 and 30",
        ),
        (
            {"queries": [{**GOOD_QUERY, "relevant": []}]},
            r"\.relevant has no file with relevance > 0",
        ),
        (
            {"queries": [{**GOOD_QUERY, "relevant": [{"file": "a.py", "relevance": 0}]}]},
            r"\.relevant has no file with relevance > 0",
        ),
        ({"queries": [{**GOOD_QUERY, "negative": True}]}, "is negative .* relevance > 0"),
    ],
)
def test_dataset_validation_errors(tmp_path, data, message):
    with pytest.raises(InvalidArgumentError, match=message) as info:
        load_dataset(write(tmp_path, data))
    assert str(info.value).startswith(str(tmp_path / "ds.json"))
    assert info.value.code == "invalid_argument"


def test_dataset_file_errors(tmp_path):
    with pytest.raises(NotFoundError):
        load_dataset(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"queries": [', encoding="utf-8")
    with pytest.raises(InvalidArgumentError, match="invalid JSON at line 1"):
        load_dataset(bad)
    with pytest.raises(InvalidArgumentError, match="is a directory"):
        load_dataset(tmp_path)


def test_parse_dataset_names_the_source():
    with pytest.raises(InvalidArgumentError, match=r"^mine: 'queries' is empty"):
        parse_dataset({"queries": []}, "mine")


SEMBLE_PY = Path("/work/shared/bench/semble-py")


@pytest.mark.skipif(not SEMBLE_PY.is_dir(), reason="the shared semble-py datasets are not here")
def test_the_semble_py_datasets_load():
    total = 0
    for path in sorted(SEMBLE_PY.glob("*.json")):
        ds = load_dataset(path)
        total += len(ds.queries)
        assert {q.category for q in ds.queries} <= {"semantic", "architecture", "symbol"}
    assert total == 184
