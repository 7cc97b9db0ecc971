"""Leave-one-repository-out (LORO) choice of prx's ranking weights, for benchmarks/quality.py.

A *knob* is a class attribute of a rerank stage (``definition.EXACT``: the ``EXACT`` of the
stage whose ``NAME`` is ``definition``; or ``module:Class.ATTR`` for any other) with the values
to try, its current value first. The grid is one knob changed at a time (every other at its
current value): a point per alternative value, plus the current setting.

prx answers every query of every dataset at every point (in this process, each dataset's
workspace opened once). Then, for each dataset, the point with the best mean NDCG over the
*other* datasets (each dataset weighing the same, whatever its number of queries) is chosen,
and the held-out dataset is scored at that point: the LORO figure, which no dataset helped
choose for itself. The in-sample figure (the current setting, chosen by earlier measurement on
some of these sets) is reported beside it, and both per half of the languages (the datasets'
languages sorted by name, alternately in half A and half B): a change is kept only when LORO
improves on both halves.
"""

from __future__ import annotations

import importlib
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

#: A grade-3 file's extension -> the language a dataset is in (the most common one).
LANGUAGES = {
    ".py": "Python",
    ".js": "JavaScript",
    ".mjs": "JavaScript",
    ".cjs": "JavaScript",
    ".ts": "TypeScript",
    ".tsx": "TypeScript",
    ".go": "Go",
    ".rs": "Rust",
    ".java": "Java",
    ".kt": "Kotlin",
    ".kts": "Kotlin",
    ".cs": "C#",
    ".rb": "Ruby",
    ".php": "PHP",
    ".c": "C",
    ".h": "C",
    ".cc": "C++",
    ".cpp": "C++",
    ".hpp": "C++",
    ".dart": "Dart",
    ".scala": "Scala",
    ".swift": "Swift",
}
#: A repository of at least this many files is large (issue 30's third of the collection).
LARGE_FILES = 3000


@dataclass(frozen=True)
class Knob:
    """A stage's class attribute (or an entry of a module's table) and the values to try
    (the current one first)."""

    name: str
    owner: Any
    attribute: str
    values: tuple[Any, ...]
    #: Keys into the attribute's value, for an entry of a table (``_WEIGHTS[hybrid][dense]``).
    keys: tuple[str, ...] = ()

    def get(self) -> Any:
        value = getattr(self.owner, self.attribute)
        for key in self.keys:
            value = value[key]
        return value

    def set(self, value: Any) -> None:
        if not self.keys:
            setattr(self.owner, self.attribute, value)
            return
        table = getattr(self.owner, self.attribute)
        for key in self.keys[:-1]:
            table = table[key]
        table[self.keys[-1]] = value


@dataclass(frozen=True)
class Point:
    """One setting of the grid: the knobs changed from their current values."""

    changes: tuple[tuple[Knob, Any], ...] = ()

    @property
    def label(self) -> str:
        if not self.changes:
            return "current"
        return ",".join(f"{knob.name}={value}" for knob, value in self.changes)


@dataclass
class Outcome:
    """Every point's per-query NDCG of every dataset."""

    points: list[Point]
    #: dataset -> point label -> the NDCG of each query, in the dataset's order.
    scores: dict[str, dict[str, list[float]]] = field(default_factory=dict)
    languages: dict[str, str] = field(default_factory=dict)
    files: dict[str, int] = field(default_factory=dict)


def parse_knob(text: str) -> Knob:
    """``definition.EXACT=2.0,1.5,3`` (a stage's NAME), ``module:Class.ATTR=...``,
    ``module:CONSTANT=...`` or ``module:TABLE[key][key]=...`` (an entry of a module's
    table)."""
    target, _, values_text = text.partition("=")
    if not values_text:
        raise ValueError(f"knob {text!r}: expected NAME.ATTR=V1,V2,...")
    keys: tuple[str, ...] = ()
    if "[" in target:
        target, _, rest = target.partition("[")
        keys = tuple(rest.rstrip("]").split("]["))
        module_name, _, attribute = target.partition(":")
        owner: Any = importlib.import_module(module_name)
    elif ":" in target and "." not in target.partition(":")[2]:
        module_name, _, attribute = target.partition(":")  # a module's constant
        owner = importlib.import_module(module_name)
    else:
        owner_name, _, attribute = target.rpartition(".")
        if ":" in owner_name:
            module_name, _, class_name = owner_name.partition(":")
            owner = getattr(importlib.import_module(module_name), class_name)
        else:
            owner = _stage_class(owner_name)
    if not hasattr(owner, attribute):
        raise ValueError(f"knob {text!r}: {owner!r} has no attribute {attribute}")
    knob = Knob(text.partition("=")[0], owner, attribute, (), keys)
    current = knob.get()
    values = [_value(v, current) for v in values_text.split(",")]
    ordered = (current, *(v for v in values if v != current))
    return Knob(knob.name, owner, attribute, ordered, keys)


def _stage_class(name: str) -> type:
    """The built-in rerank stage of that ``NAME`` (prx.app.builtins names them all)."""
    from prx.app.builtins import BUILTIN_RERANKERS

    target = BUILTIN_RERANKERS.get(name)
    if target is None:
        raise ValueError(f"no built-in rerank stage named {name!r}: {sorted(BUILTIN_RERANKERS)}")
    module_name, _, class_name = target.partition(":")
    owner: type = getattr(importlib.import_module(module_name), class_name)
    return owner


def _value(text: str, current: Any) -> Any:
    if isinstance(current, bool):
        return text.strip().lower() in ("1", "true", "yes", "on")
    if isinstance(current, int):
        return int(text)
    return float(text)


def grid(knobs: Sequence[Knob]) -> list[Point]:
    """The current setting, then each knob's other values one at a time."""
    points = [Point()]
    for knob in knobs:
        points.extend(Point(((knob, value),)) for value in knob.values[1:])
    return points


@contextmanager
def applied(point: Point) -> Iterator[None]:
    """``point``'s values set for the duration."""
    saved = [(knob, knob.get()) for knob, _ in point.changes]
    try:
        for knob, value in point.changes:
            knob.set(value)
        yield
    finally:
        for knob, value in saved:
            knob.set(value)


def language_of(relevant: Sequence[Mapping[str, int]]) -> str:
    """The language of most of the files a dataset's queries grade highest."""
    counts: dict[str, int] = {}
    for labels in relevant:
        top = max(labels.values(), default=0)
        for file, grade in labels.items():
            if grade == top:
                language = LANGUAGES.get(Path(file).suffix.lower())
                if language is not None:
                    counts[language] = counts.get(language, 0) + 1
    return max(sorted(counts), key=lambda name: counts[name]) if counts else "other"


def count_files(root: Path) -> int:
    """Files of a corpus tree (what makes it large), outside any ``.git``."""
    total = 0
    for path in root.rglob("*"):
        if ".git" not in path.parts and path.is_file():
            total += 1
    return total


def run(
    points: Sequence[Point],
    datasets: Sequence[tuple[str, Path, Sequence[str], Sequence[Mapping[str, int]]]],
    search_at: Callable[[Path], Callable[[str], list[str]]],
    ndcg: Callable[[Sequence[str], Mapping[str, int]], float],
    progress: Callable[[str], None] = lambda line: None,
) -> Outcome:
    """Every point's NDCG per query: ``datasets`` are (name, root, queries, labels);
    ``search_at(root)`` opens a dataset and answers its queries."""
    outcome = Outcome(list(points))
    for name, root, queries, labels in datasets:
        search = search_at(root)
        outcome.languages[name] = language_of(labels)
        outcome.files[name] = count_files(root)
        per_point: dict[str, list[float]] = {}
        for point in points:
            with applied(point):
                per_point[point.label] = [
                    ndcg(search(query), wanted)
                    for query, wanted in zip(queries, labels, strict=True)
                ]
        outcome.scores[name] = per_point
        best = max(statistics.fmean(v) for v in per_point.values())
        progress(f"{name}: current {statistics.fmean(per_point['current']):.3f}, best {best:.3f}")
    return outcome


@dataclass(frozen=True)
class Held:
    """A dataset's LORO score, the point chosen without it, and its in-sample score."""

    dataset: str
    chosen: str
    loro: list[float]
    current: list[float]


def leave_one_out(outcome: Outcome) -> list[Held]:
    """For each dataset, the point best on the others (mean of their means), scored on it."""
    names = list(outcome.scores)
    labels = [point.label for point in outcome.points]
    means = {
        name: {label: statistics.fmean(outcome.scores[name][label]) for label in labels}
        for name in names
    }
    held = []
    for name in names:
        others = [other for other in names if other != name]

        def merit(label: str, others: list[str] = others) -> float:
            return statistics.fmean(means[other][label] for other in others) if others else 0.0

        # Ties keep the earlier point: the current setting first.
        chosen = max(labels, key=lambda label: (merit(label), -labels.index(label)))
        held.append(
            Held(name, chosen, outcome.scores[name][chosen], outcome.scores[name]["current"])
        )
    return held


def halves(languages: Mapping[str, str]) -> dict[str, str]:
    """Language -> "A" or "B": the languages sorted by name, alternately."""
    return {language: "AB"[i % 2] for i, language in enumerate(sorted(set(languages.values())))}


def summary(outcome: Outcome) -> dict[str, Any]:
    """LORO and in-sample NDCG over all queries, the large datasets, each half of the
    languages, and each dataset (with the point chosen for it)."""
    held = leave_one_out(outcome)
    side = halves(outcome.languages)

    def figures(rows: Sequence[Held]) -> dict[str, Any]:
        loro = [x for row in rows for x in row.loro]
        current = [x for row in rows for x in row.current]
        return {
            "datasets": len(rows),
            "queries": len(loro),
            "loro": round(statistics.fmean(loro), 4) if loro else None,
            "in_sample": round(statistics.fmean(current), 4) if current else None,
        }

    large = [row for row in held if outcome.files[row.dataset] >= LARGE_FILES]
    return {
        "points": [point.label for point in outcome.points],
        "all": figures(held),
        "large": figures(large),
        "half_A": figures([row for row in held if side[outcome.languages[row.dataset]] == "A"]),
        "half_B": figures([row for row in held if side[outcome.languages[row.dataset]] == "B"]),
        "halves": side,
        "per_dataset": {
            row.dataset: {
                "language": outcome.languages[row.dataset],
                "files": outcome.files[row.dataset],
                "chosen": row.chosen,
                "loro": round(statistics.fmean(row.loro), 4),
                "in_sample": round(statistics.fmean(row.current), 4),
            }
            for row in held
        },
        "point_means_by_dataset": {
            name: {
                label: round(statistics.fmean(outcome.scores[name][label]), 4)
                for label in (point.label for point in outcome.points)
            }
            for name in outcome.scores
        },
        "point_means": {
            label: round(
                statistics.fmean(
                    statistics.fmean(outcome.scores[name][label]) for name in outcome.scores
                ),
                4,
            )
            for label in (point.label for point in outcome.points)
        },
    }


def format_summary(
    report: Mapping[str, Any], others: Mapping[str, Mapping[str, float]] | None = None
) -> str:
    """The LORO report as a plain-ASCII table; ``others`` (system -> dataset -> NDCG, from
    the same run) are shown beside each dataset, and whether prx's LORO figure beats them."""
    others = others or {}
    out = ["", "Leave-one-repository-out (prx; mean NDCG@10 over the queries)", ""]
    out.append(f"{'rows':<10} {'sets':>4} {'queries':>7} {'LORO':>7} {'in-sample':>9}")
    for key in ("all", "large", "half_A", "half_B"):
        row = report[key]
        loro = "-" if row["loro"] is None else f"{row['loro']:.3f}"
        current = "-" if row["in_sample"] is None else f"{row['in_sample']:.3f}"
        out.append(f"{key:<10} {row['datasets']:>4} {row['queries']:>7} {loro:>7} {current:>9}")
    out.append("")
    out.append("halves: " + ", ".join(f"{lang}={half}" for lang, half in report["halves"].items()))
    out.append("")
    systems = sorted(others)
    head = "".join(f" {system:>7}" for system in systems)
    out.append(f"{'dataset':<12} {'language':<11} {'files':>6} {'LORO':>6} {'in':>6}{head}  chosen")
    below: dict[str, list[str]] = {system: [] for system in systems}
    for name, row in report["per_dataset"].items():
        cells = ""
        for system in systems:
            value = others[system].get(name)
            cells += f" {value:>7.3f}" if value is not None else f" {'-':>7}"
            if value is not None and value >= row["loro"]:
                below[system].append(name)
        out.append(
            f"{name:<12} {row['language']:<11} {row['files']:>6} {row['loro']:>6.3f} "
            f"{row['in_sample']:>6.3f}{cells}  {row['chosen']}"
        )
    for system in systems:
        sets = ", ".join(below[system]) or "none"
        out.append(f"datasets where {system} is not below prx's LORO figure: {sets}")
    out.append("")
    out.append("mean of the datasets' means at each point:")
    for label, value in report["point_means"].items():
        out.append(f"  {value:.4f}  {label}")
    return "\n".join(out) + "\n"
