"""Implementation over description: a chunk of code whose prose string literals hold the
question's words that its code does not (a flag's help text, a usage message) describes the
behaviour asked about; the code that does it, elsewhere, should come first.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from prx.engine.ranking.pool import Pool, ScoreStage
from prx.plugin.search import Query

if TYPE_CHECKING:
    from prx.engine.corpus.corpus import Corpus

__all__ = ["ImplementationReranker"]

#: String literals of most languages: raw strings (``r#"..."#``, ``r"..."``), triple-quoted
#: strings, template/raw backtick strings (all may span lines), then one-line double-quoted
#: strings with their escapes.
_STRINGS = re.compile(
    r'\br(#*)"[\s\S]*?"\1'
    r'|"""[\s\S]*?"""'
    r"|'''[\s\S]*?'''"
    r"|`[^`\\]*(?:\\[\s\S][^`\\]*)*`"
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'
)
#: Single-quoted strings, in the languages where a quote opens a string (elsewhere it
#: opens a character or a Rust lifetime, never words).
_SINGLE_QUOTED = re.compile(r"'[^'\\\n]*(?:\\.[^'\\\n]*)*'")
_SINGLE_QUOTE_STRINGS = frozenset(
    {"python", "javascript", "typescript", "tsx", "php", "ruby", "bash", "lua", "perl", "dart"}
)
#: A string literal of this many words or more is prose (help, usage, a message).
_PROSE_WORDS = 5
#: A chunk's first characters read (an unclosed quote scans to the end of what is read).
_MOST_READ = 20000
#: Query words that ask for the text itself: then a help string is an answer.
_ASKS_FOR_TEXT = frozenset(
    "help flag flags option options usage message messages doc docs documentation "
    "description describe wording text string strings docstring cli".split()
)


def _split(text: str, language: str | None) -> tuple[dict[str, int], dict[str, int]]:
    """The word counts of a chunk's code (outside string literals) and of its prose
    string literals."""
    from prx.engine.corpus.tokenize import tokenize

    literals: list[str] = []

    def keep(match: re.Match[str]) -> str:
        # Prose is a help or usage text; a docstring documents the code around it and a
        # short string (a flag's name, a key) is data: neither counts for either side.
        literal = match.group(0)
        if not literal.startswith(('"""', "'''")) and len(literal.split()) >= _PROSE_WORDS:
            literals.append(literal)
        return " "

    code = _STRINGS.sub(keep, text[:_MOST_READ])
    if language in _SINGLE_QUOTE_STRINGS:
        code = _SINGLE_QUOTED.sub(keep, code)
    return _counts(tokenize(code)), _counts(tokenize(" ".join(literals)))


def _split_chunk(corpus: Corpus, chunk: int) -> tuple[dict[str, int], dict[str, int]]:
    record = corpus.chunks[chunk]
    return _split(record.text, record.language)


def _counts(tokens: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for token in tokens:
        counts[token] = counts.get(token, 0) + 1
    return counts


class ImplementationReranker(ScoreStage):
    """For word queries that do not ask for a text (help, usage, message, docs...), a code
    chunk whose prose strings hold the query's words that its code does not sinks: a help
    text beside the flag it documents, not the code that does what the flag says."""

    NAME = "implementation"
    #: Multiplier for a chunk that describes rather than implements.
    DESCRIBES = 0.7
    #: A chunk describes when its prose holds at least this many of the query's words that
    #: its code does not ...
    ONLY_IN_TEXT = 2
    #: ... and its code at most this many (a flag's code names the flag: one word).
    MOST_IN_CODE = 1

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        from prx.engine.ranking.stages import content_words

        words = content_words(query)
        if (
            query.symbol is not None
            or self.DESCRIBES >= 1.0
            or len(words) < 2
            or words & _ASKS_FOR_TEXT
            or not len(pool)
        ):
            return pool.scores
        scores = []
        chunks = corpus.chunks
        for chunk, score in zip(pool.chunks, pool.scores, strict=True):
            if chunk < 0 or chunks[chunk].language is None:
                scores.append(score)
                continue
            code, text = corpus.memo(
                "code-and-strings", str(chunk), lambda key: _split_chunk(corpus, int(key))
            )
            in_code = {word for word in words if word in code}
            in_text = {word for word in words if word in text}
            describes = (
                len(in_text - in_code) >= self.ONLY_IN_TEXT and len(in_code) <= self.MOST_IN_CODE
            )
            scores.append(score * self.DESCRIBES if describes else score)
        return scores
