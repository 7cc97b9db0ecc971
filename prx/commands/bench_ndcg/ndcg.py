"""NDCG@k of a code-search function over labelled queries.

Datasets use the format of the original ``prx bench-ndcg`` (reference §6.4)::

    {"root"?: str,
     "queries": [{"query": str, "category": str,
                  "relevant": [{"file": str, "relevance": int}, ...],
                  "negative"?: bool}, ...]}

Other keys, at any level, are ignored (``repo``, ``sha``, ``tier``, ``start_line`` ...).

**Metric** (:func:`ndcg_at_k`). The ranked results are normalised (:func:`normalize_path`)
and deduplicated to files, keeping each file's first position, and only then cut at ``k``.
With ``rel_i`` the grade of the file at rank ``i`` (1-based) and 0 for an unlabelled file::

    DCG@k  = sum over i = 1..k of (2 ** rel_i - 1) / log2(i + 1)
    IDCG@k = the same sum over ALL labelled grades sorted descending, cut at k
    NDCG@k = DCG@k / IDCG@k

IDCG comes from every label, not just the retrieved ones, so a query with 12 labels can
only reach 1.0 if its 10 best-graded files fill the top 10. A query with no positive label
(only a ``negative`` query can have none, see :func:`parse_dataset`) scores 1.0 when the
result list is empty and 0.0 otherwise, as in the reference.

**Path matching** (:func:`paths_match`). Ranked files are relative to the searched
directory; labels are relative to the repository root. After normalisation (``\\`` to
``/``, empty and ``.`` segments dropped) a result matches a label when the two are equal or
one ends with ``"/" + other``, so a search of ``src/flask`` that returns ``app.py`` still
matches the label ``src/flask/app.py``, while ``lask/app.py`` matches nothing (the
reference's bare string suffix would accept it). Each label is credited at most once,
which keeps NDCG <= 1. When a result matches several unused labels (``app.py`` matches
both ``src/flask/app.py`` and ``src/flask/sansio/app.py``) it takes an exact match first,
then the label sharing the most trailing path segments, then the first label in dataset
order. That tie is a real ambiguity: a caller that knows the searched folder should prefix
it to each result (``src/flask/`` + ``app.py``), which makes every match exact.

**Aggregates** (:func:`evaluate`). Mean NDCG overall and per category; a percentile
bootstrap 95% interval of each mean (1,000 resamples, ``random.Random(0)``, so a rerun
prints the same interval); per-query latency (``time.perf_counter`` around the search call)
with p50/p95 by linear interpolation.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from prx.core.errors import InvalidArgumentError, NotFoundError, PrxIOError

__all__ = [
    "BOOTSTRAP_RESAMPLES",
    "BOOTSTRAP_SEED",
    "DEFAULT_K",
    "MAX_RELEVANCE",
    "CategoryScore",
    "Dataset",
    "Query",
    "QueryRow",
    "Report",
    "bootstrap_ci",
    "dcg",
    "dedup_files",
    "evaluate",
    "format_table",
    "graded_ranks",
    "load_dataset",
    "ndcg_at_k",
    "normalize_path",
    "parse_dataset",
    "paths_match",
    "percentile",
    "pool_reports",
    "summarize",
]

DEFAULT_K = 10
BOOTSTRAP_RESAMPLES = 1000
BOOTSTRAP_SEED = 0
#: Highest accepted grade: 2**30 - 1 is still exact in a float.
MAX_RELEVANCE = 30


# --------------------------------------------------------------------------- dataset


@dataclass(frozen=True, slots=True)
class Query:
    """One labelled query. ``relevant`` maps a normalised repo-relative path to its grade."""

    query: str
    category: str
    relevant: dict[str, int] = field(hash=False)
    negative: bool = False


@dataclass(frozen=True, slots=True)
class Dataset:
    """A named list of queries; ``root`` is the dataset's own ``root`` key, if any."""

    name: str
    root: str | None
    queries: tuple[Query, ...]


def load_dataset(path: str | os.PathLike[str]) -> Dataset:
    """Read and validate a dataset file; its name is the file's stem.

    Raises :class:`~prx.core.errors.NotFoundError` if the file does not exist and
    :class:`~prx.core.errors.InvalidArgumentError` for bad JSON or a malformed dataset.
    """
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NotFoundError(f"dataset not found: {p}") from None
    except IsADirectoryError:
        raise InvalidArgumentError(f"{p}: is a directory, not a dataset JSON file") from None
    except UnicodeDecodeError as exc:
        raise InvalidArgumentError(f"{p}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise PrxIOError(f"cannot read dataset {p}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidArgumentError(
            f"{p}: invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    return parse_dataset(data, p.stem, source=str(p))


def parse_dataset(data: object, name: str = "dataset", *, source: str | None = None) -> Dataset:
    """Validate parsed JSON as a dataset (see the module docstring for the format).

    Beyond the shape, two rules keep every query scoreable: a normal query needs at least one
    file with relevance > 0, and a ``negative`` query (one that should find nothing) may have
    none. A file listed twice keeps its highest grade. Errors name the offending field, e.g.
    ``queries[3].relevant[0].relevance``, and are raised as
    :class:`~prx.core.errors.InvalidArgumentError` prefixed with ``source`` (or ``name``).
    """
    where = source if source is not None else name

    def fail(message: str) -> NoReturn:
        raise InvalidArgumentError(
            f"{where}: {message}",
            suggestion='Expected {"queries": [{"query", "category", '
            '"relevant": [{"file", "relevance"}], "negative"?}]}.',
        )

    if not isinstance(data, dict):
        fail(f"the top level must be a JSON object, got {_json_type(data)}")
    root = data.get("root")
    if root is not None and not isinstance(root, str):
        fail(f"'root' must be a string, got {_json_type(root)}")
    if "queries" not in data:
        fail("missing the 'queries' list")
    raw_queries = data["queries"]
    if not isinstance(raw_queries, list):
        fail(f"'queries' must be a list, got {_json_type(raw_queries)}")
    if not raw_queries:
        fail("'queries' is empty")
    queries = tuple(_parse_query(item, i, fail) for i, item in enumerate(raw_queries))
    return Dataset(name=name, root=root, queries=queries)


def _parse_query(item: object, i: int, fail: Callable[[str], NoReturn]) -> Query:
    at = f"queries[{i}]"
    if not isinstance(item, dict):
        fail(f"{at} must be an object, got {_json_type(item)}")
    text = item.get("query")
    if not isinstance(text, str) or not text.strip():
        fail(f"{at}.query must be a non-empty string, got {_describe(text, 'query' in item)}")
    at = f"{at} ({_clip(text)})"
    category = item.get("category")
    if not isinstance(category, str) or not category.strip():
        got = _describe(category, "category" in item)
        fail(f"{at}.category must be a non-empty string, got {got}")
    negative = item.get("negative", False)
    if not isinstance(negative, bool):
        fail(f"{at}.negative must be true or false, got {_json_type(negative)}")
    if "relevant" not in item and not negative:
        fail(f"{at} has no 'relevant' list (add \"negative\": true if it should find nothing)")
    raw_labels = item.get("relevant", [])
    if not isinstance(raw_labels, list):
        fail(f"{at}.relevant must be a list, got {_json_type(raw_labels)}")
    relevant: dict[str, int] = {}
    for j, label in enumerate(raw_labels):
        lat = f"{at}.relevant[{j}]"
        if not isinstance(label, dict):
            fail(f"{lat} must be an object with 'file' and 'relevance', got {_json_type(label)}")
        file = label.get("file")
        if not isinstance(file, str) or not normalize_path(file):
            got = _describe(file, "file" in label)
            fail(f"{lat}.file must be a non-empty path string, got {got}")
        grade = label.get("relevance")
        if isinstance(grade, bool) or not isinstance(grade, int):
            got = _describe(grade, "relevance" in label)
            fail(f"{lat}.relevance must be an integer, got {got}")
        if not 0 <= grade <= MAX_RELEVANCE:
            fail(f"{lat}.relevance must be between 0 and {MAX_RELEVANCE}, got {grade}")
        key = normalize_path(file)
        relevant[key] = max(grade, relevant.get(key, 0))
    has_positive = any(g > 0 for g in relevant.values())
    if negative and has_positive:
        fail(f"{at} is negative (should find nothing) but lists files with relevance > 0")
    if not negative and not has_positive:
        fail(
            f"{at}.relevant has no file with relevance > 0 "
            '(set "negative": true for a query that should find nothing)'
        )
    return Query(query=text, category=category, relevant=relevant, negative=negative)


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _describe(value: object, present: bool) -> str:
    if not present:
        return "nothing (the key is missing)"
    if isinstance(value, str):
        return "an empty string" if not value.strip() else f"{_clip(value)}"
    return _json_type(value)


def _clip(text: str, width: int = 40) -> str:
    return repr(text if len(text) <= width else text[: width - 3] + "...")


# --------------------------------------------------------------------------- metric


def normalize_path(path: str) -> str:
    """``\\`` to ``/``; empty and ``.`` segments dropped (``./src//a.py`` -> ``src/a.py``)."""
    return "/".join(part for part in path.replace("\\", "/").split("/") if part not in ("", "."))


def _shared_segments(a: str, b: str) -> int:
    """Segments of the shorter path if it equals the other or is its '/'-bounded suffix."""
    if not a or not b:
        return 0
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    if short == long or long.endswith("/" + short):
        return short.count("/") + 1
    return 0


def paths_match(result: str, label: str) -> bool:
    """True if the normalised paths are equal or one is a '/'-bounded suffix of the other."""
    return _shared_segments(normalize_path(result), normalize_path(label)) > 0


def dedup_files(ranked_files: Sequence[str]) -> list[str]:
    """Normalised paths, each kept at its first position; empty paths dropped."""
    seen: set[str] = set()
    out: list[str] = []
    for file in ranked_files:
        norm = normalize_path(file)
        if norm and norm not in seen:
            seen.add(norm)
            out.append(norm)
    return out


def _labels(relevant: Mapping[str, int]) -> list[tuple[str, int]]:
    """Normalised labels in their given order; duplicates after normalisation keep the max."""
    merged: dict[str, int] = {}
    for file, grade in relevant.items():
        if grade < 0:
            raise InvalidArgumentError(f"relevance of {file!r} must not be negative, got {grade}")
        key = normalize_path(file)
        if key:
            merged[key] = max(grade, merged.get(key, 0))
    return list(merged.items())


def _check_k(k: int) -> None:
    if k < 1:
        raise InvalidArgumentError(f"k must be at least 1, got {k}")


def graded_ranks(ranked_files: Sequence[str], relevant: Mapping[str, int], k: int) -> list[int]:
    """The grade earned at each rank of the deduplicated top ``k`` (0 = no label matched).

    Each label is used at most once; see the module docstring for how ties are resolved.
    """
    _check_k(k)
    labels = _labels(relevant)
    used = [False] * len(labels)
    grades: list[int] = []
    for file in dedup_files(ranked_files)[:k]:
        best: int | None = None
        best_key: tuple[int, int, int] | None = None
        for idx, (label, _grade) in enumerate(labels):
            if used[idx]:
                continue
            shared = _shared_segments(file, label)
            if not shared:
                continue
            key = (0 if file == label else 1, -shared, idx)
            if best_key is None or key < best_key:
                best, best_key = idx, key
        if best is None:
            grades.append(0)
        else:
            used[best] = True
            grades.append(labels[best][1])
    return grades


def dcg(grades: Sequence[int]) -> float:
    """``sum((2**g - 1) / log2(rank + 1))`` with ranks from 1."""
    return math.fsum((2**g - 1) / math.log2(rank + 1) for rank, g in enumerate(grades, 1) if g)


def ndcg_at_k(
    ranked_files: Sequence[str], relevant: Mapping[str, int], k: int = DEFAULT_K
) -> float:
    """NDCG@k of one ranked list against graded labels (formula in the module docstring).

    ``ranked_files`` may repeat a file (e.g. one entry per chunk): it is deduplicated to files
    in rank order before the cut at ``k``. The ideal DCG is computed from all labels with a
    positive grade, sorted descending and cut at ``k``. With no positive label (a negative
    query) the score is 1.0 for an empty result list and 0.0 otherwise.
    """
    _check_k(k)
    ideal_grades = sorted((g for _, g in _labels(relevant) if g > 0), reverse=True)[:k]
    if not ideal_grades:
        return 0.0 if dedup_files(ranked_files) else 1.0
    return min(1.0, dcg(graded_ranks(ranked_files, relevant, k)) / dcg(ideal_grades))


# --------------------------------------------------------------------------- statistics


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)


def bootstrap_ci(
    values: Sequence[float],
    *,
    resamples: int = BOOTSTRAP_RESAMPLES,
    seed: int = BOOTSTRAP_SEED,
    confidence: float = 0.95,
) -> tuple[float, float]:
    """Percentile bootstrap interval of the mean; the same input always gives the same output.

    Draws ``resamples`` samples of ``len(values)`` with replacement from
    ``random.Random(seed)``, sorts their means and takes the elements at
    ``floor(resamples * a)`` and ``floor(resamples * (1 - a))`` with ``a = (1 - confidence) / 2``
    (indices 25 and 975 for 1,000 resamples; the reference's convention). Fewer than 3 values
    give ``(mean, mean)``, as in the reference. Raises ValueError for no values.
    """
    if not values:
        raise ValueError("bootstrap_ci needs at least one value")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, got {resamples}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")
    data = [float(v) for v in values]
    n = len(data)
    mean = _mean(data)
    if n < 3:
        return (mean, mean)
    rng = random.Random(seed)
    means = sorted(math.fsum(rng.choices(data, k=n)) / n for _ in range(resamples))
    tail = (1.0 - confidence) / 2.0
    lo = means[min(resamples - 1, math.floor(resamples * tail + 1e-9))]
    hi = means[min(resamples - 1, math.floor(resamples * (1.0 - tail) + 1e-9))]
    return (lo, hi)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) by linear interpolation between closest ranks."""
    if not values:
        raise ValueError("percentile needs at least one value")
    if not 0.0 <= q <= 100.0:
        raise ValueError(f"q must be between 0 and 100, got {q}")
    data = sorted(values)
    pos = (len(data) - 1) * q / 100.0
    below = math.floor(pos)
    above = min(below + 1, len(data) - 1)
    return data[below] + (data[above] - data[below]) * (pos - below)


# --------------------------------------------------------------------------- evaluation


@dataclass(frozen=True, slots=True)
class QueryRow:
    """One evaluated query. ``top_files`` are the deduplicated files that were scored."""

    query: str
    category: str
    ndcg: float
    latency_ms: float
    top_files: tuple[str, ...]
    negative: bool = False
    error: str | None = None


@dataclass(frozen=True, slots=True)
class CategoryScore:
    """Mean NDCG of the queries of one category, with its bootstrap interval."""

    count: int
    mean: float
    ci95: tuple[float, float]


@dataclass(frozen=True, slots=True)
class Report:
    """The result of evaluating one search system on one dataset."""

    dataset: str
    system: str
    k: int
    rows: tuple[QueryRow, ...]
    mean: float
    ci95: tuple[float, float]
    by_category: dict[str, CategoryScore] = field(hash=False)
    latency_p50_ms: float
    latency_p95_ms: float
    #: Index build / start-up time of the system, when the caller measured it.
    setup_s: float | None = None

    @property
    def misses(self) -> tuple[str, ...]:
        """Queries that scored 0."""
        return tuple(row.query for row in self.rows if row.ndcg == 0.0)

    @property
    def errors(self) -> int:
        """Queries whose search call raised (they score 0)."""
        return sum(1 for row in self.rows if row.error is not None)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form; scores rounded to 4 decimals, times to 0.001 ms / s."""
        return {
            "dataset": self.dataset,
            "system": self.system,
            "k": self.k,
            "queries": len(self.rows),
            "ndcg": round(self.mean, 4),
            "ndcg_ci95": [round(self.ci95[0], 4), round(self.ci95[1], 4)],
            "by_category": {
                name: {
                    "ndcg": round(cat.mean, 4),
                    "ndcg_ci95": [round(cat.ci95[0], 4), round(cat.ci95[1], 4)],
                    "count": cat.count,
                }
                for name, cat in self.by_category.items()
            },
            "latency_ms": {
                "p50": round(self.latency_p50_ms, 3),
                "p95": round(self.latency_p95_ms, 3),
            },
            "setup_s": None if self.setup_s is None else round(self.setup_s, 3),
            "misses": list(self.misses),
            "errors": self.errors,
            "per_query": [
                {
                    "query": row.query,
                    "category": row.category,
                    "negative": row.negative,
                    "ndcg": round(row.ndcg, 4),
                    "latency_ms": round(row.latency_ms, 3),
                    "top_files": list(row.top_files),
                    **({"error": row.error} if row.error is not None else {}),
                }
                for row in self.rows
            ],
        }


def summarize(
    dataset: str,
    system: str,
    k: int,
    rows: Sequence[QueryRow],
    *,
    setup_s: float | None = None,
) -> Report:
    """Aggregate per-query rows into a :class:`Report` (categories sorted by name)."""
    if not rows:
        raise ValueError("summarize needs at least one row")
    scores = [row.ndcg for row in rows]
    latencies = [row.latency_ms for row in rows]
    by_category: dict[str, CategoryScore] = {}
    for name in sorted({row.category for row in rows}):
        values = [row.ndcg for row in rows if row.category == name]
        by_category[name] = CategoryScore(len(values), _mean(values), bootstrap_ci(values))
    return Report(
        dataset=dataset,
        system=system,
        k=k,
        rows=tuple(rows),
        mean=_mean(scores),
        ci95=bootstrap_ci(scores),
        by_category=by_category,
        latency_p50_ms=percentile(latencies, 50),
        latency_p95_ms=percentile(latencies, 95),
        setup_s=setup_s,
    )


def evaluate(
    dataset: Dataset,
    search: Callable[[str], Sequence[str]],
    k: int = DEFAULT_K,
    *,
    system: str = "",
    setup_s: float | None = None,
    raise_errors: bool = False,
    on_row: Callable[[QueryRow], None] | None = None,
) -> Report:
    """Run every query through ``search`` and score it with :func:`ndcg_at_k`.

    ``search(query)`` returns ranked file paths relative to the searched directory, best first
    (repeats allowed). Each call is timed with ``time.perf_counter``. If it raises, the query
    scores 0 and the row records the error, unless ``raise_errors`` is set. ``on_row`` is
    called after each query (for progress output).
    """
    _check_k(k)
    rows: list[QueryRow] = []
    for q in dataset.queries:
        error: str | None = None
        start = time.perf_counter()
        try:
            ranked = list(search(q.query))
        except Exception as exc:
            if raise_errors:
                raise
            ranked = []
            error = f"{type(exc).__name__}: {exc}"
        latency_ms = (time.perf_counter() - start) * 1000.0
        labels: Mapping[str, int] = {} if q.negative else q.relevant
        score = 0.0 if error is not None else ndcg_at_k(ranked, labels, k)
        row = QueryRow(
            query=q.query,
            category=q.category,
            ndcg=score,
            latency_ms=latency_ms,
            top_files=tuple(dedup_files(ranked)[:k]),
            negative=q.negative,
            error=error,
        )
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return summarize(dataset.name, system, k, rows, setup_s=setup_s)


def pool_reports(reports: Sequence[Report], dataset: str = "ALL") -> Report:
    """One report over the queries of several reports of the same system and k.

    The mean is over queries (a dataset with more queries weighs more) and the interval is
    re-bootstrapped over the pooled queries. ``setup_s`` is the sum when every report has one.
    """
    if not reports:
        raise ValueError("pool_reports needs at least one report")
    systems = {r.system for r in reports}
    ks = {r.k for r in reports}
    if len(systems) != 1 or len(ks) != 1:
        raise ValueError("pool_reports needs reports of one system and one k")
    setups = [r.setup_s for r in reports]
    setup_s = math.fsum(s for s in setups if s is not None) if None not in setups else None
    rows = [row for r in reports for row in r.rows]
    return summarize(dataset, reports[0].system, reports[0].k, rows, setup_s=setup_s)


# --------------------------------------------------------------------------- table


def format_table(reports: Sequence[Report]) -> str:
    """A plain-ASCII table, one line per report, in the given order.

    Columns: dataset, system, queries, NDCG@k, its 95% interval, the mean NDCG of each
    category with its query count, p50/p95 query latency, and the setup time.
    """
    if not reports:
        return "(no results)\n"
    ks = {r.k for r in reports}
    metric = f"NDCG@{next(iter(ks))}" if len(ks) == 1 else "NDCG@k"
    categories = sorted({name for r in reports for name in r.by_category})
    header = ["dataset", "system", "n", metric, "95% CI", *categories]
    header += ["p50 ms", "p95 ms", "setup s"]
    lines: list[list[str]] = []
    for r in reports:
        cells = [r.dataset, r.system, str(len(r.rows)), f"{r.mean:.3f}"]
        cells.append(f"[{r.ci95[0]:.3f}, {r.ci95[1]:.3f}]")
        for name in categories:
            cat = r.by_category.get(name)
            cells.append("-" if cat is None else f"{cat.mean:.3f} ({cat.count})")
        cells.append(_ms(r.latency_p50_ms))
        cells.append(_ms(r.latency_p95_ms))
        cells.append("-" if r.setup_s is None else f"{r.setup_s:.2f}")
        lines.append(cells)
    widths = [max(len(row[i]) for row in [header, *lines]) for i in range(len(header))]
    left = 2  # dataset and system are left-aligned, numbers right-aligned

    def render(cells: Sequence[str]) -> str:
        parts = [
            cell.ljust(widths[i]) if i < left else cell.rjust(widths[i])
            for i, cell in enumerate(cells)
        ]
        return "  ".join(parts).rstrip()

    rule = "  ".join("-" * w for w in widths)
    out = [render(header), rule]
    previous: str | None = None
    for r, cells in zip(reports, lines, strict=True):
        if previous is not None and r.dataset != previous:
            out.append("")
        out.append(render(cells))
        previous = r.dataset
    return "\n".join(out) + "\n"


def _ms(value: float) -> str:
    return f"{value:.2f}" if value < 100 else f"{value:.0f}"
