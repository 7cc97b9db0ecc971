"""The built-in rerank stages. Each rescales or adds to the fused scores of the candidate
chunks; none invents a candidate. Boosts are relative to the current best score, so the
stages compose whatever the scale of the fused scores.

Default order (``DEFAULT_PIPELINE``): definition -> path -> coherence -> penalties ->
saturation. The constants were set by measurement on the dev sets (see docs/search.md).
"""

from __future__ import annotations

import os
import re
from collections import defaultdict
from typing import TYPE_CHECKING

from prx.plugin._search import Candidate, Query, Reranker

if TYPE_CHECKING:
    from prx.retrieval.corpus import Corpus

__all__ = [
    "DEFAULT_PIPELINE",
    "CoherenceReranker",
    "DefinitionReranker",
    "PathReranker",
    "PenaltyReranker",
    "SaturationReranker",
]

#: The stages a search runs, in order.
DEFAULT_PIPELINE = ("definition", "path", "coherence", "penalties", "saturation")

_STOPWORDS = frozenset(
    "a an and are as at be by can do does for from get how i in is it of on or set the this "
    "to use used what when where which who why with".split()
)
_IMPORT_LINE = re.compile(
    r"^\s*(import |from \S+ import|use |#include|require\(|require_relative|extern crate|"
    r"export \{|export \*|const \w+ = require\()"
)


def _with_scores(candidates: list[Candidate], scores: list[float]) -> list[Candidate]:
    # Direct construction: dataclasses.replace costs three times as much on this hot path.
    rescored = [
        Candidate(
            file=c.file,
            start_line=c.start_line,
            end_line=c.end_line,
            score=s,
            source=c.source,
            chunk=c.chunk,
        )
        for c, s in zip(candidates, scores, strict=True)
    ]
    return sorted(rescored, key=lambda c: (-c.score, c.file, c.start_line))


def _content_words(query: Query) -> set[str]:
    return {t for t in query.tokens if len(t) > 2 and t not in _STOPWORDS}


class DefinitionReranker(Reranker):
    """Chunks that define what the query names rise; chunks of mostly imports sink."""

    NAME = "definition"
    #: Added, times the best score, for the definition of a symbol query's identifier.
    EXACT = 2.0
    #: The same for a definition whose name matches in another case.
    FOLDED = 1.2
    #: Added per matched part of a definition's name, for word queries.
    PARTIAL = 0.1
    #: Multiplier for chunks whose lines are mostly imports.
    IMPORTS = 0.3

    def rerank(self, query: Query, candidates: list[Candidate], corpus: Corpus) -> list[Candidate]:
        if not candidates:
            return candidates
        from prx.retrieval.tokenize import split_identifier

        top = max(c.score for c in candidates)
        words = _content_words(query)
        symbol = query.symbol
        scores = []
        for candidate in candidates:
            score = candidate.score
            if candidate.chunk >= 0 and corpus.mostly_imports(candidate.chunk):
                scores.append(score * self.IMPORTS)
                continue
            best = 0.0
            inside = corpus.chunk_definitions(candidate.chunk) if candidate.chunk >= 0 else []
            for definition in inside:
                name = definition.name
                if symbol is not None and name == symbol:
                    best = max(best, self.EXACT)
                elif symbol is not None and name.lower() == symbol.lower():
                    best = max(best, self.FOLDED)
                elif words:
                    parts = set(split_identifier(name)[1:] or split_identifier(name))
                    shared = len(parts & words)
                    if shared:
                        best = max(best, self.PARTIAL * shared / len(parts) * min(shared, 2))
            scores.append(score + top * best)
        return _with_scores(candidates, scores)


def mostly_imports(text: str) -> bool:
    """Whether over 60 % of a text's (at least three) non-blank lines are imports."""
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) < 3:
        return False
    return sum(1 for line in lines if _IMPORT_LINE.match(line)) / len(lines) > 0.6


def _path_parts(path: str) -> set[str]:
    from prx.retrieval.tokenize import split_identifier

    stem = os.path.splitext(os.path.basename(path))[0]
    parts: set[str] = set()
    for piece in [*path.split("/")[:-1][-2:], stem]:
        parts.update(split_identifier(piece))
    return parts


class PathReranker(Reranker):
    """Files whose name or folder matches the query's words rise."""

    NAME = "path"
    #: Added, times the best score, when every query word is in the path.
    WEIGHT = 1.0

    def rerank(self, query: Query, candidates: list[Candidate], corpus: Corpus) -> list[Candidate]:
        words = _content_words(query)
        if not candidates or not words:
            return candidates
        top = max(c.score for c in candidates)
        cache: dict[str, float] = {}
        scores = []
        for candidate in candidates:
            if candidate.file not in cache:
                parts = corpus.memo("path-parts", candidate.file, _path_parts)
                matched = sum(
                    1
                    for w in words
                    if any(p.startswith(w) or w.startswith(p) for p in parts if len(p) > 2)
                )
                cache[candidate.file] = matched / len(words)
            scores.append(candidate.score + top * self.WEIGHT * cache[candidate.file])
        return _with_scores(candidates, scores)


class CoherenceReranker(Reranker):
    """A file with many good chunks is likely the answer: its best chunk rises."""

    NAME = "coherence"
    WEIGHT = 0.15

    def rerank(self, query: Query, candidates: list[Candidate], corpus: Corpus) -> list[Candidate]:
        if not candidates:
            return candidates
        top = max(c.score for c in candidates)
        totals: dict[str, float] = defaultdict(float)
        best: dict[str, int] = {}
        for index, candidate in enumerate(candidates):
            totals[candidate.file] += candidate.score
            if (
                candidate.file not in best
                or candidate.score > candidates[best[candidate.file]].score
            ):
                best[candidate.file] = index
        most = max(totals.values()) or 1.0
        scores = [c.score for c in candidates]
        for file, index in best.items():
            scores[index] += top * self.WEIGHT * totals[file] / most
        return _with_scores(candidates, scores)


_TEST = re.compile(
    r"(^|/)(tests?|__tests__|spec|testing)/|(^|/)test_[^/]*$|_test\.\w+$|\.(test|spec)\.\w+$|(^|/)conftest\.py$"
)
_EXAMPLES = re.compile(r"(^|/)(examples?|docs_src|samples?|demos?|benchmarks?)/")
_DOCS = re.compile(
    r"(^|/)docs?/|\.(md|rst|txt|adoc)$|(^|/)(PKG-INFO|LICEN[CS]E|COPYING|AUTHORS|CHANGES|"
    r"CHANGELOG|NEWS|HISTORY|NOTICE|CONTRIBUTORS|CODE_OF_CONDUCT|SECURITY)(\.\w+)?$"
)
_VENDORED = re.compile(r"(^|/)(vendor|vendored|third_party|node_modules|_vendor|extern)/")
_GENERATED = re.compile(
    r"\.min\.(js|css)$|_pb2(_grpc)?\.py$|\.pb\.go$|\.generated\.|(^|/)dist/|(^|/)build/"
)
_LOCKS = re.compile(
    r"(^|/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Cargo\.lock|uv\.lock|Pipfile\.lock|composer\.lock|go\.sum)$"
)
_COMPAT = re.compile(r"(^|/)(_?compat|legacy|deprecated)(/|\.py$)")


class PenaltyReranker(Reranker):
    """Noise sinks: tests, examples, docs, vendored, generated and lock files, compat shims,
    package ``__init__`` files and type stubs, unless the query asks for them."""

    NAME = "penalties"
    #: (pattern, multiplier, query words that lift the penalty)
    RULES: tuple[tuple[re.Pattern[str], float, frozenset[str]], ...] = (
        (
            _TEST,
            0.35,
            frozenset({"test", "tests", "testing", "fixture", "fixtures", "spec", "mock"}),
        ),
        (_EXAMPLES, 0.4, frozenset({"example", "examples", "sample", "demo", "benchmark"})),
        (_DOCS, 0.4, frozenset({"doc", "docs", "documentation", "readme", "guide", "changelog"})),
        (_VENDORED, 0.3, frozenset({"vendor", "vendored"})),
        (_GENERATED, 0.3, frozenset({"generated", "minified", "build", "dist"})),
        (_LOCKS, 0.2, frozenset({"lock", "lockfile"})),
        (_COMPAT, 0.5, frozenset({"compat", "compatibility", "legacy", "deprecated"})),
    )

    def _rules(self, path: str) -> list[tuple[str, float, frozenset[str]]]:
        """The rules that apply to ``path`` (query-independent, so cached per file)."""
        hits = [(p.pattern, m, lifts) for p, m, lifts in self.RULES if p.search(path)]
        name = os.path.basename(path)
        if name in ("__init__.py", "package-info.java", "index.d.ts") or name.endswith(
            (".d.ts", ".pyi")
        ):
            hits.append(("stub", 0.7, frozenset()))
        return hits

    def rerank(self, query: Query, candidates: list[Candidate], corpus: Corpus) -> list[Candidate]:
        words = set(query.tokens)
        cache: dict[str, float] = {}
        scores = []
        for candidate in candidates:
            factor = cache.get(candidate.file)
            if factor is None:
                factor = 1.0
                for _rule, base, lifts in corpus.memo("penalties", candidate.file, self._rules):
                    if not (words & lifts):
                        factor *= base
                cache[candidate.file] = factor
            scores.append(candidate.score * factor)
        return _with_scores(candidates, scores)


class SaturationReranker(Reranker):
    """Each further chunk of the same file counts half as much, so one file cannot fill
    the first page."""

    NAME = "saturation"
    DECAY = 0.3

    def rerank(self, query: Query, candidates: list[Candidate], corpus: Corpus) -> list[Candidate]:
        seen: dict[str, int] = defaultdict(int)
        scores = []
        for candidate in sorted(candidates, key=lambda c: (-c.score, c.file, c.start_line)):
            scores.append(candidate.score * self.DECAY ** seen[candidate.file])
            seen[candidate.file] += 1
        ordered = sorted(candidates, key=lambda c: (-c.score, c.file, c.start_line))
        return _with_scores(ordered, scores)
