"""Which chunks are mostly import lines: the ranking sinks them, and the corpus caches the
answer per chunk (:meth:`prx.engine.corpus.corpus.Corpus.mostly_imports`)."""

from __future__ import annotations

import re

__all__ = ["IMPORT_LINE", "mostly_imports"]

IMPORT_LINE = re.compile(
    r"^\s*(import |from \S+ import|use |#include|require\(|require_relative|extern crate|"
    r"export \{|export \*|const \w+ = require\()"
)


_IMPORT_WORDS = ("import", "use ", "#include", "require", "extern crate", "export ")


def mostly_imports(text: str) -> bool:
    """Whether over 60 % of a text's (at least three) non-blank lines are imports."""
    lines = [line for line in text.split("\n") if line and not line.isspace()]
    if len(lines) < 3:
        return False
    # Most chunks have too few import words to be mostly imports: no line needs matching.
    if sum(text.count(word) for word in _IMPORT_WORDS) <= 0.6 * len(lines):
        return False
    return sum(1 for line in lines if IMPORT_LINE.match(line)) / len(lines) > 0.6
