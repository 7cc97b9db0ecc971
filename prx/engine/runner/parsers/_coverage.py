"""Coverage tables printed with a test run: coverage.py / pytest-cov, istanbul (jest, c8, nyc),
``llvm-cov report`` (cargo llvm-cov) and ``go tool cover -func``.

Each reader returns a :class:`~prx.engine.runner.model.Coverage` with the figures exactly as
the tool printed them, or None when the output holds no such table (a count is never made up).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.engine.runner.model import Coverage, Parsed

__all__ = [
    "add_coverage",
    "format_percent",
    "read_coverage_py",
    "read_go_func",
    "read_istanbul",
    "read_llvm_cov",
]

_PY_HEADER = re.compile(
    r"^Name\s+Stmts\s+Miss(?P<branch>\s+Branch\s+BrPart)?\s+Cover(?P<missing>\s+Missing)?\s*$"
)
_PY_ROW = re.compile(
    r"^(?P<file>\S.*?)\s+\d+\s+\d+(?:\s+\d+\s+\d+)?\s+(?P<pct>\d+(?:\.\d+)?)%"
    r"(?:\s+(?P<missing>\S.*?))?\s*$"
)
_RULE = re.compile(r"^-{5,}\s*$")
_IST_HEADER = re.compile(r"^\s*File\s*\|\s*% Stmts\s*\|\s*% Branch\s*\|\s*% Funcs\s*\|\s*% Lines")
_IST_RULE = re.compile(r"^-+\|[-|]+$")
_LLVM_HEADER = re.compile(r"^Filename\s+Regions\s+Missed Regions\s+Cover\s+Functions")
_GO_ROW = re.compile(r"^(?P<file>\S+\.go):(?P<line>\d+):\s+(?P<func>\S+)\s+(?P<pct>[\d.]+)%\s*$")
_GO_TOTAL = re.compile(r"^total:\s+\(statements\)\s+(?P<pct>[\d.]+)%\s*$")


def format_percent(value: float) -> str:
    """``83.33`` -> ``83.33%``, ``100.0`` -> ``100%``."""
    return f"{value:.2f}".rstrip("0").rstrip(".") + "%"


def read_coverage_py(lines: Sequence[str]) -> Coverage | None:
    """coverage.py's ``report`` table (``Name Stmts Miss [Branch BrPart] Cover [Missing]``)."""
    coverage: Coverage | None = None
    inside = False
    for line in lines:
        header = _PY_HEADER.match(line)
        if header:
            metric = "statements and branches" if header.group("branch") else "statements"
            coverage, inside = Coverage(metric=metric), True
            continue
        if not inside or coverage is None:
            continue
        if _RULE.match(line):
            continue
        row = _PY_ROW.match(line)
        if row is None:
            inside = False
            continue
        name, pct = row.group("file"), float(row.group("pct"))
        if name == "TOTAL":
            coverage.total = pct
            inside = False
            continue
        coverage.rows[name] = pct
        if row.group("missing"):
            coverage.missing[name] = row.group("missing")
    return coverage


def read_istanbul(lines: Sequence[str]) -> Coverage | None:
    """istanbul's ``text`` reporter (jest ``--coverage``, c8, nyc): the ``% Lines`` column.

    Rows are indented by folder depth; a folder row is followed by its files one level deeper,
    so a file's path is rebuilt from the folder rows above it.
    """
    coverage: Coverage | None = None
    folders: list[tuple[int, str]] = []
    for line in lines:
        if _IST_HEADER.match(line):
            coverage, folders = Coverage(metric="lines"), []
            continue
        if coverage is None or _IST_RULE.match(line.strip()):
            continue
        cells = line.split("|")
        if len(cells) < 5:
            if line.strip():
                coverage_done = coverage.total is not None or coverage.rows
                if coverage_done:
                    break
            continue
        label = cells[0].rstrip()
        try:
            pct = float(cells[4].strip())
        except ValueError:
            continue
        name = label.strip()
        if name == "All files":
            coverage.total = pct
            continue
        depth = len(label) - len(label.lstrip(" "))
        while folders and folders[-1][0] >= depth:
            folders.pop()
        uncovered = cells[5].strip() if len(cells) > 5 else ""
        parent = folders[-1][1] if folders else ""
        path = f"{parent}/{name}" if parent else name
        if "." not in name or not _looks_like_file(name):
            folders.append((depth, path))
            continue
        coverage.rows[path] = pct
        if uncovered:
            coverage.missing[path] = uncovered
    return coverage


def _looks_like_file(name: str) -> bool:
    return bool(re.search(r"\.(?:[cm]?[jt]sx?|vue|svelte|json)$", name))


def read_llvm_cov(lines: Sequence[str]) -> Coverage | None:
    """``llvm-cov report`` (what ``cargo llvm-cov`` prints): the ``Lines`` ``Cover`` column."""
    coverage: Coverage | None = None
    for line in lines:
        if _LLVM_HEADER.match(line):
            coverage = Coverage(metric="lines")
            continue
        if coverage is None or not line.strip() or _RULE.match(line):
            continue
        parts = line.split()
        # Filename, then 9 figures (12 with branch columns): lines cover is the 9th.
        if len(parts) < 10:
            continue
        values = parts[-12:] if len(parts) >= 13 else parts[-9:]
        name = " ".join(parts[: len(parts) - len(values)])
        lines_cover = values[8]
        if not lines_cover.endswith("%"):
            if lines_cover == "-":
                continue
            break
        pct = float(lines_cover.rstrip("%"))
        if name == "TOTAL":
            coverage.total = pct
        else:
            coverage.rows[name] = pct
    return coverage


def read_go_func(lines: Sequence[str]) -> Coverage | None:
    """``go tool cover -func``: one row per function, then ``total: (statements) N%``."""
    coverage: Coverage | None = None
    for line in lines:
        row = _GO_ROW.match(line)
        if row:
            coverage = coverage or Coverage(metric="statements")
            key = f"{row.group('file')}:{row.group('line')} {row.group('func')}"
            coverage.rows[key] = float(row.group("pct"))
            continue
        total = _GO_TOTAL.match(line)
        if total:
            coverage = coverage or Coverage(metric="statements")
            coverage.total = float(total.group("pct"))
    return coverage


def add_coverage(parsed: Parsed, coverage: Coverage | None) -> None:
    """Attach ``coverage``: its total in the headline, rows below 100% as the listing."""
    if coverage is None or (coverage.total is None and not coverage.rows):
        return
    parsed.coverage = coverage
    below = [(name, pct) for name, pct in coverage.rows.items() if pct < 100]
    if coverage.total is not None:
        text = f"coverage {format_percent(coverage.total)} of {coverage.metric}"
    else:
        text = f"coverage of {coverage.metric} (no total printed)"
    if coverage.rows:
        text += f", {len(below)} of {len(coverage.rows)} rows below 100%"
    parsed.headline = f"{parsed.headline}; {text}" if parsed.headline else text
    for name, pct in below:
        missing = coverage.missing.get(name)
        parsed.items.append(
            f"{name} {format_percent(pct)}" + (f" missing {missing}" if missing else "")
        )
