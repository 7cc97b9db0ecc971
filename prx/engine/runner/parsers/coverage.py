"""Test runs with a coverage report: pytest ``--cov``, ``coverage report``, jest ``--coverage``
(and c8 / nyc), ``cargo llvm-cov`` and ``go tool cover -func``.

Each is the test runner's own parser plus the coverage table read by
:mod:`prx.engine.runner.parsers._coverage`; they rank above the plain runners (``PRIORITY`` 20), so
the most specific parser wins.
"""

from __future__ import annotations

from collections.abc import Sequence

from prx.engine.runner.detect import unwrap
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, first_word, output_lines
from prx.engine.runner.parsers._coverage import (
    add_coverage,
    read_coverage_py,
    read_go_func,
    read_istanbul,
    read_llvm_cov,
)
from prx.engine.runner.parsers._js import js_args
from prx.engine.runner.parsers.cargo import CargoTestParser
from prx.engine.runner.parsers.jest import JestParser
from prx.engine.runner.parsers.pytest import PytestParser
from prx.plugin.runner import RawRun

__all__ = [
    "CargoLlvmCovParser",
    "CoverageReportParser",
    "GoCoverParser",
    "IstanbulParser",
    "JestCovParser",
    "PytestCovParser",
]


def _options(args: Sequence[str]) -> list[str]:
    return list(args[: args.index("--")] if "--" in args else args)


class PytestCovParser(PytestParser):
    """pytest with pytest-cov's ``--cov``: the pytest facts plus the coverage table."""

    NAME = "pytest-cov"
    PRIORITY = 20

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        return super().matches(argv) and any(
            a == "--cov" or a.startswith("--cov=") for a in unwrap(argv)[1:]
        )

    def parse(self, raw: RawRun) -> Parsed:
        parsed = super().parse(raw)
        add_coverage(parsed, read_coverage_py(output_lines(raw)))
        return parsed


class CoverageReportParser(ToolParser):
    """coverage.py's ``coverage report`` (``python -m coverage report``)."""

    NAME = "coverage"
    PROGRAMS = frozenset({"coverage"})
    SUBCOMMANDS = frozenset({"report"})

    def parse(self, raw: RawRun) -> Parsed:
        parsed = Parsed()
        add_coverage(parsed, read_coverage_py(output_lines(raw)))
        return parsed


class JestCovParser(JestParser):
    """jest with ``--coverage``: the jest facts plus istanbul's text table."""

    NAME = "jest-cov"
    PRIORITY = 20

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        return super().matches(argv) and any(
            a in ("--coverage", "--coverage=true", "--collectCoverage")
            for a in _options(js_args(argv))
        )

    def parse(self, raw: RawRun) -> Parsed:
        parsed = super().parse(raw)
        add_coverage(parsed, read_istanbul(output_lines(raw)))
        return parsed


class IstanbulParser(ToolParser):
    """``c8`` / ``nyc`` wrapping any test command: istanbul's table only.

    The wrapped runner's own counts are not read (its output format is not known here), so
    they stay None; the exit code still decides whether the run failed.
    """

    NAME = "istanbul"
    PRIORITY = 20

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = js_args(argv)
        return bool(args) and args[0] in ("c8", "nyc")

    def parse(self, raw: RawRun) -> Parsed:
        parsed = Parsed()
        add_coverage(parsed, read_istanbul(output_lines(raw)))
        return parsed


class CargoLlvmCovParser(CargoTestParser):
    """``cargo llvm-cov``: the libtest results plus ``llvm-cov report``'s table."""

    NAME = "cargo-llvm-cov"
    PRIORITY = 20
    SUBCOMMANDS = frozenset({"llvm-cov"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        if args and args[0] == "cargo-llvm-cov":  # cargo-llvm-cov llvm-cov ...
            return True
        return super().matches(argv)

    def parse(self, raw: RawRun) -> Parsed:
        parsed = super().parse(raw)
        add_coverage(parsed, read_llvm_cov(output_lines(raw)))
        return parsed


class GoCoverParser(ToolParser):
    """``go tool cover -func=profile``: per-function coverage and the total."""

    NAME = "go-cover"
    PRIORITY = 20
    PROGRAMS = frozenset({"go"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        if len(args) < 3 or args[0] != "go" or first_word(args[1:]) != "tool":
            return False
        rest = args[args.index("tool") + 1 :]
        return first_word(rest) == "cover" and any(a.startswith("-func") for a in rest)

    def parse(self, raw: RawRun) -> Parsed:
        parsed = Parsed()
        add_coverage(parsed, read_go_func(output_lines(raw)))
        return parsed
