"""Which tools printed an output, read from its signature lines (detection by content).

Each parser may declare ``SIGNATURES``: lines only its tool prints, each with a confidence.
An output is claimed by every parser with a matching line at or above :data:`THRESHOLD`;
when several tools printed one output (``make`` compiling with gcc, then running pytest),
it is cut into sections at the first signature line of each, and each section is read by
its own parser.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.plugin.runner import RunnerParser

__all__ = ["THRESHOLD", "Claim", "claims"]

#: The least confidence with which a parser claims an output.
THRESHOLD = 0.6
#: Lines read from each end of a very long output (signatures are near the start or end).
_SCAN_EDGE = 4000

_COMPILED: dict[type, list[tuple[re.Pattern[str], float]]] = {}


@dataclass(frozen=True, slots=True)
class Claim:
    """One parser's claim on an output."""

    parser: type[RunnerParser]
    #: Its most confident matching signature.
    confidence: float
    #: Index of the first line that matched a signature at or above :data:`THRESHOLD`.
    first: int


def _patterns(parser: type[RunnerParser]) -> list[tuple[re.Pattern[str], float]]:
    compiled = _COMPILED.get(parser)
    if compiled is None:
        compiled = []
        # A class's own signatures only: a variant (``pytest-cov`` of ``pytest``) claims an
        # output by lines of its own, not by its base's.
        for pattern, confidence in vars(parser).get("SIGNATURES", ()) or ():
            try:
                compiled.append((re.compile(pattern), float(confidence)))
            except (re.error, TypeError, ValueError):  # a plugin's bad pattern: ignored
                continue
        _COMPILED[parser] = compiled
    return compiled


def _indices(count: int) -> range | list[int]:
    if count <= 2 * _SCAN_EDGE:
        return range(count)
    return [*range(_SCAN_EDGE), *range(count - _SCAN_EDGE, count)]


def claims(parsers: Sequence[type[RunnerParser]], lines: Sequence[str]) -> list[Claim]:
    """The parsers that claim ``lines``, in the order their output starts; a parser whose
    tool's output covers another's (``COVERS``) hides that one's claim."""
    found: list[Claim] = []
    order = _indices(len(lines))
    for parser in parsers:
        patterns = _patterns(parser)
        if not patterns:
            continue
        best, first = 0.0, -1
        for index in order:
            line = lines[index]
            for pattern, confidence in patterns:
                if confidence > best or (first < 0 and confidence >= THRESHOLD):
                    if pattern.match(line):
                        if confidence >= THRESHOLD and first < 0:
                            first = index
                        best = max(best, confidence)
        if best >= THRESHOLD:
            found.append(Claim(parser, best, first))
    covered = set()
    for claim in found:
        covered |= set(getattr(claim.parser, "COVERS", ()) or ())
    kept = [c for c in found if str(c.parser.NAME) not in covered]
    return sorted(kept, key=lambda c: (c.first, -c.confidence, str(c.parser.NAME)))
