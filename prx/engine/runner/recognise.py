"""Which parser reads a run's output: by its command line, through wrappers and scripts,
else by the output's own signature lines; a mixed output is read section by section."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from prx.core.results.run import Detected, DetectedBy, Section
from prx.engine.runner.detect import select_parser
from prx.engine.runner.model import CapturedRun, Parsed
from prx.engine.runner.parsers._base import output_lines
from prx.engine.runner.scripts import resolve_script
from prx.engine.runner.sniff import Claim, claims

if TYPE_CHECKING:
    from prx.plugin.runner import RunnerParser

__all__ = ["Choice", "analyse", "choose", "merge", "read_output"]

#: Parsers that read a command whose output may hold other tools' output (``make`` runs
#: compilers and test runners; the generic fallback reads anything).
_CONTAINERS = frozenset({"make", "fallback"})
_MAKE_STOP = re.compile(r"^g?make(?:\[\d+\])?: Error \d+$")
_COUNTS = (
    "passed",
    "failed",
    "skipped",
    "errors",
    "warnings",
    "xfailed",
    "xpassed",
    "filtered",
)


@dataclass(frozen=True, slots=True)
class Choice:
    """The parser the command line names (None: none matched), and how it was found."""

    parser: type[RunnerParser] | None
    #: Wrappers and scripts looked through, outermost first.
    via: tuple[str, ...] = ()


def choose(
    parsers: Sequence[type[RunnerParser]], argv: Sequence[str], cwd: str | None = None
) -> Choice:
    """The parser for ``argv`` before it runs: through wrappers, and through the script of
    ``npm test`` / ``make test`` when ``cwd`` holds a ``package.json`` / Makefile."""
    inner, via = resolve_script(argv, cwd)
    parser = select_parser(parsers, inner) if inner else None
    if parser is None and tuple(inner) != tuple(argv):
        parser = select_parser(parsers, argv)
    return Choice(parser, via)


def _is_container(parser: type[RunnerParser] | None) -> bool:
    return parser is None or str(parser.NAME) in _CONTAINERS


def _section_run(raw: CapturedRun, lines: Sequence[str]) -> CapturedRun:
    text = "\n".join(lines) + ("\n" if lines else "")
    return CapturedRun(
        argv=raw.argv,
        exit_code=raw.exit_code,
        stdout=text,
        stderr="",
        duration_ms=raw.duration_ms,
        merged=text,
    )


def merge(parts: Sequence[Parsed]) -> Parsed:
    """One :class:`Parsed` of several sections: counts added (None when no section states
    one), failures, diagnostics and listings in output order."""
    merged = Parsed()
    for name in _COUNTS:
        values = [getattr(p, name) for p in parts if getattr(p, name) is not None]
        setattr(merged, name, sum(values) if values else None)
    headlines = []
    for part in parts:
        merged.failures.extend(part.failures)
        merged.diagnostics.extend(part.diagnostics)
        merged.collection_errors.extend(part.collection_errors)
        merged.items.extend(part.items)
        if part.headline:
            headlines.append(part.headline)
        merged.complete = merged.complete and part.complete
        if merged.coverage is None:
            merged.coverage = part.coverage
    merged.headline = "; ".join(headlines) or None
    durations = [p.tool_duration_s for p in parts]
    if all(d is not None for d in durations):
        merged.tool_duration_s = sum(d for d in durations if d is not None)
    return merged


def _parse(parser: type[RunnerParser], raw: CapturedRun) -> tuple[Parsed, str]:
    from prx.engine.runner.parse import parse_output

    return parse_output(parser, raw)


def read_output(
    parsers: Sequence[type[RunnerParser]], choice: Choice, raw: CapturedRun
) -> tuple[Parsed, str, Detected]:
    """Parse ``raw``: with the chosen parser, else by the tools its lines show."""
    by: DetectedBy = "wrapper" if choice.via else "argv"
    if not _is_container(choice.parser):
        assert choice.parser is not None
        parsed, tool = _parse(choice.parser, raw)
        return parsed, tool, Detected(by=by, via=choice.via)
    view = raw.view
    lines = view.lines if view is not None else output_lines(raw)
    found = [
        c
        for c in claims([p for p in parsers if not _is_container(p)], lines)
        if choice.parser is None
        or str(c.parser.NAME) not in (getattr(choice.parser, "COVERS", ()) or ())
    ]
    if not found:
        return _by_container(choice, raw, by)
    if view is not None or (len(found) == 1 and _is_container_fallback(choice.parser)):
        # One tool, or an output too large to cut into sections: the most confident reads it.
        claim = max(found, key=lambda c: c.confidence)
        parsed, tool = _parse(claim.parser, raw)
        return parsed, tool, Detected(by="content", via=choice.via, confidence=claim.confidence)
    return _by_sections(found, choice, raw, lines)


def _by_container(choice: Choice, raw: CapturedRun, by: DetectedBy) -> tuple[Parsed, str, Detected]:
    parser = choice.parser
    if _is_container_fallback(parser):
        from prx.engine.runner.parsers.fallback import FallbackParser

        parsed = FallbackParser().parse(raw)
        return parsed, "fallback", Detected(by="fallback", via=choice.via)
    assert parser is not None
    parsed, tool = _parse(parser, raw)
    return parsed, tool, Detected(by=by, via=choice.via)


def _by_sections(
    found: list[Claim], choice: Choice, raw: CapturedRun, lines: Sequence[str]
) -> tuple[Parsed, str, Detected]:
    """Each tool reads its own stretch of the output, from its first signature line on.

    The command's own parser (``make``) reads its lines wherever they are: a compiler's
    stderr may arrive after a test runner's stdout began.
    """
    readers: list[tuple[type[RunnerParser], int]] = []
    container = choice.parser if not _is_container_fallback(choice.parser) else None
    if container is not None:
        readers.append((container, 0))
    for claim in found:
        start = 0 if not readers else claim.first
        readers.append((claim.parser, start))
    parts: list[Parsed] = []
    names: list[str] = []
    sections: list[Section] = []
    for index, (parser, start) in enumerate(readers):
        end = readers[index + 1][1] if index + 1 < len(readers) else len(lines)
        if parser is container:
            parsed, tool = _parse(parser, raw)
        elif end > start:
            parsed, tool = _parse(parser, _section_run(raw, lines[start:end]))
        else:
            continue
        parts.append(parsed)
        names.append(tool)
        if end > start:
            sections.append(Section(tool=tool, lines=f"{start + 1}-{end}"))
    if container is not None and any(p.failures or p.failed for p in parts[1:]):
        # make's "*** [target] Error 1" only says that a tool it ran failed: that tool's
        # failures are listed already.
        parts[0].failures = [f for f in parts[0].failures if not _MAKE_STOP.match(f.message)]
    confidence = min(c.confidence for c in found)
    by: DetectedBy = "content" if container is None else ("wrapper" if choice.via else "argv")
    detected = Detected(
        by=by,
        via=choice.via,
        confidence=confidence,
        sections=tuple(sections) if len(sections) > 1 else (),
    )
    return merge(parts), "+".join(names), detected


def _is_container_fallback(parser: type[RunnerParser] | None) -> bool:
    return parser is None or str(parser.NAME) == "fallback"


def analyse(
    parsers: Sequence[type[RunnerParser]], raw: CapturedRun, cwd: str | None = None
) -> tuple[Parsed, str, Detected]:
    """:func:`choose` then :func:`read_output`: a captured run read as ``prx run`` reads it."""
    return read_output(parsers, choose(parsers, raw.argv, cwd), raw)
