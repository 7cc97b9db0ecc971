"""The built-in rerank stages. Each rescales or adds to the fused scores of the candidate
chunks; none invents a candidate. Boosts are relative to the current best score, so the
stages compose whatever the scale of the fused scores.

Default order (``DEFAULT_PIPELINE``): definition -> implementation -> path -> coherence ->
siblings -> coverage -> centrality -> penalties -> saturation. The constants are chosen by
leave-one-repository-out over the labelled sets (benchmarks/quality.py --knob; see
docs/search.md).
"""

from __future__ import annotations

import functools
import math
import os
import re
from collections import defaultdict
from typing import TYPE_CHECKING, NamedTuple

from prx.engine.ranking.pool import Pool, ScoreStage
from prx.engine.retrieval.query import kind_and_symbol, symbol_owner
from prx.engine.retrieval.symbols import squashed
from prx.plugin.search import Query

if TYPE_CHECKING:
    from collections.abc import Callable

    from prx.engine.corpus.corpus import Corpus, Definition

__all__ = [
    "DEFAULT_PIPELINE",
    "CoherenceReranker",
    "DefinitionReranker",
    "PathReranker",
    "PenaltyReranker",
    "SaturationReranker",
    "SiblingsReranker",
]

#: The stages a search runs, in order.
DEFAULT_PIPELINE = (
    "definition",
    "implementation",
    "path",
    "coherence",
    "siblings",
    "coverage",
    "centrality",
    "penalties",
    "saturation",
)

_STOPWORDS = frozenset(
    "a an and are as at be by can do does for from get how i in is it of on or set the this "
    "to use used what when where which who why with".split()
)


def content_words(query: Query) -> set[str]:
    """A query's words longer than two letters, less the stop words."""
    return {t for t in query.tokens if len(t) > 2 and t not in _STOPWORDS}


class _Names(NamedTuple):
    """What the definition stage needs of one chunk: whether it is mostly imports, and the
    names of the definitions that start in it."""

    imports: bool
    #: Name -> the weight of its most canonical kind there (see ``KIND_WEIGHTS``).
    exact: dict[str, float] = {}  # shared by the defaults, never mutated
    folded: dict[str, float] = {}
    #: How many parts each distinct name has (its split, or the name itself when unsplit).
    sizes: tuple[int, ...] = ()
    #: Part -> the distinct names (positions in ``sizes``) that have it.
    having: dict[str, list[int]] = {}  # shared by the defaults, never mutated
    #: Lower-cased name -> the kinds of its definitions there.
    kinds: dict[str, set[str]] = {}  # shared by the defaults, never mutated
    #: Name -> the most lines one of its definitions there spans.
    lines: dict[str, int] = {}  # shared by the defaults, never mutated


_IMPORTS = _Names(imports=True)
_NO_NAMES = _Names(imports=False)

#: How canonical a definition of the name a symbol query asks for is, by kind: the type
#: itself before a function of that name, before a method or constant merely named so
#: (``type Plan struct`` before ``func (c *Context) Plan``).
KIND_WEIGHTS = {"class": 1.0, "struct": 1.0, "enum": 1.0, "trait": 1.0, "type": 1.0}
OTHER_KIND_WEIGHTS = {"function": 0.85}
#: Methods, constants and anything else.
LEAST_KIND_WEIGHT = 0.7


def _kind_weight(kind: str) -> float:
    return KIND_WEIGHTS.get(kind) or OTHER_KIND_WEIGHTS.get(kind) or LEAST_KIND_WEIGHT


def definition_order(definition: Definition) -> tuple[float, bool, str, int]:
    """A sort key putting a name's most canonical definitions first: by kind (see
    ``KIND_WEIGHTS``), then code before tests, then by place."""
    return (
        -_kind_weight(definition.kind),
        _TEST.search(definition.file) is not None,
        definition.file,
        definition.start_line,
    )


def _names(corpus: Corpus, chunk: int) -> _Names:
    from prx.engine.corpus.tokenize import split_identifier

    if corpus.mostly_imports(chunk):
        return _IMPORTS
    definitions = corpus.chunk_definitions(chunk)
    if not definitions:
        return _NO_NAMES
    exact: dict[str, float] = {}
    folded: dict[str, float] = {}
    kinds: dict[str, set[str]] = {}
    lines: dict[str, int] = {}
    for definition in definitions:
        weight = _kind_weight(definition.kind)
        exact[definition.name] = max(exact.get(definition.name, 0.0), weight)
        span = definition.end_line - definition.start_line + 1
        lines[definition.name] = max(lines.get(definition.name, 0), span)
        lower = definition.name.lower()
        folded[lower] = max(folded.get(lower, 0.0), weight)
        kinds.setdefault(lower, set()).add(definition.kind)
    names = set(exact)
    sizes = []
    having: dict[str, list[int]] = {}
    for position, name in enumerate(names):
        split = split_identifier(name)
        parts = set(split[1:] or split)
        sizes.append(len(parts))
        for part in parts:
            having.setdefault(part, []).append(position)
    return _Names(False, exact, folded, tuple(sizes), having, kinds, lines)


#: A definition in a language prx has no grammar for (jq's ``def``, Perl's ``sub``, m4's
#: ``define``...): a line that starts with a defining keyword and the name.
_GENERIC_DEFINITION = (
    r"(?m)^[ \t]*(?:export[ \t]+)?(?:def|defn|function|func|fn|sub|proc|procedure|class|struct"
    r"|type|module|macro|define|let|var|const)[ \t(]+['\"`]?{name}\b"
)


@functools.lru_cache(maxsize=64)
def _generic_pattern(symbol: str) -> re.Pattern[str]:
    return re.compile(_GENERIC_DEFINITION.format(name=re.escape(symbol)))


def _generic_definition(corpus: Corpus, chunk: int, symbol: str) -> bool:
    record = corpus.chunks[chunk]
    if record.language is not None or symbol not in record.text:
        return False
    return _generic_pattern(symbol).search(record.text) is not None


def _asked(names: _Names, folded: str | None, asked: str | None, weight: float) -> float:
    """A definition's kind weight when the query named a kind ("Context class"): the kind
    asked for weighs most, any other kind of that name at most as much as a function."""
    if asked is None or folded is None:
        return weight
    if asked in names.kinds.get(folded, ()):
        return 1.0
    return min(weight, OTHER_KIND_WEIGHTS["function"])


def _longest(corpus: Corpus, symbol: str) -> int:
    """The most lines a definition of ``symbol`` spans in the corpus."""

    def find(name: str) -> int:
        from prx.engine.retrieval.symbols import symbol_index

        definitions, how = symbol_index(corpus).lookup(name)
        if how != "exact":
            return 0
        return max((d.end_line - d.start_line + 1 for d in definitions), default=0)

    return corpus.memo("longest-definition", symbol, find)


def _owned(corpus: Corpus, chunk: int, symbol: str, owner: str) -> bool:
    """Whether a definition of ``symbol`` starting in ``chunk`` belongs to ``owner``."""
    from prx.engine.retrieval.symbols import owned_by

    return any(
        owned_by(corpus, definition, owner)
        for definition in corpus.chunk_definitions(chunk)
        if definition.name == symbol
    )


class DefinitionReranker(ScoreStage):
    """Chunks that define what the query names rise (a type more than a function, a
    function more than a method of that name); chunks of mostly imports sink."""

    NAME = "definition"
    #: Added, times the best score and the kind's weight, for the definition of a symbol
    #: query's identifier.
    EXACT = 2.0
    #: The same for a definition whose name matches in another case.
    FOLDED = 1.2
    #: Added per matched part of a definition's name, for word queries.
    PARTIAL = 0.1
    #: Multiplier for chunks whose lines are mostly imports.
    IMPORTS = 0.3
    #: How much of the boost the thinnest definition of a name loses against the longest
    #: (log of their lines): laravel's ``Validator`` facade before the validator itself.
    SMALLER = 0.3
    #: For a qualified query (``FilePath.act``), the share of the boost a definition of the
    #: name gets when it belongs to another owner.
    OTHER_OWNER = 0.5

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        if not len(pool):
            return pool.scores
        top = max(pool.scores)
        words = content_words(query)
        symbol = query.symbol
        folded = symbol.lower() if symbol is not None else None
        named = kind_and_symbol(query.text) if symbol is not None else None
        asked = named[0] if named else None
        longest = _longest(corpus, symbol) if symbol is not None else 0
        qualified = symbol_owner(query.text) if symbol is not None else None
        owner, whole = qualified if qualified is not None else (None, None)
        known: dict[int, _Names] = corpus.memo("definition-names", "", lambda _: {})
        scores = []
        for chunk, score in zip(pool.chunks, pool.scores, strict=True):
            if chunk < 0:
                scores.append(score)
                continue
            names = known.get(chunk)
            if names is None:
                names = known[chunk] = _names(corpus, chunk)
            if names.imports:
                scores.append(score * self.IMPORTS)
                continue
            # EXACT > FOLDED > any partial boost (at most 2 * PARTIAL) whatever the kinds,
            # so the first that applies is the best.
            best = 0.0
            if whole is not None and whole in names.exact:  # C++'s ``Optimizer::Optimize``
                best = self.EXACT * _asked(names, folded, asked, names.exact[whole])
            elif symbol is not None and symbol in names.exact:
                best = self.EXACT * _asked(names, folded, asked, names.exact[symbol])
                if self.SMALLER and longest > 1:
                    # Of a name's definitions, the thin ones (a facade, a forward
                    # declaration, a re-declaration) give way to the one with the body.
                    span = math.log1p(names.lines.get(symbol, 1)) / math.log1p(longest)
                    best *= 1.0 - self.SMALLER * (1.0 - min(span, 1.0))
                if owner is not None and not _owned(corpus, chunk, symbol, owner):
                    best *= self.OTHER_OWNER
            elif (
                symbol is not None
                and names is _NO_NAMES
                and _generic_definition(corpus, chunk, symbol)
            ):
                best = self.EXACT * LEAST_KIND_WEIGHT
            elif folded is not None and folded in names.folded:
                best = self.FOLDED * _asked(names, folded, asked, names.folded[folded])
            elif words:
                having = names.having
                shared: dict[int, int] = {}  # name -> how many query words it has as parts
                for word in words:
                    for position in having.get(word, ()):
                        shared[position] = shared.get(position, 0) + 1
                for position, count in shared.items():
                    size = names.sizes[position]
                    best = max(best, self.PARTIAL * count / size * min(count, 2))
            scores.append(score + top * best)
        return scores


#: Every import pattern holds one of these, so their occurrences bound the import lines.


def _path_parts(path: str) -> frozenset[str]:
    """The words of a file's name and its two nearest folders (longer than two letters)."""
    from prx.engine.corpus.tokenize import split_identifier

    stem = os.path.splitext(os.path.basename(path))[0]
    parts: set[str] = set()
    for piece in [*path.split("/")[:-1][-2:], stem]:
        parts.update(split_identifier(piece))
    return frozenset(p for p in parts if len(p) > 2)


def _name_cuts(parts: frozenset[str]) -> tuple[tuple[str, str], ...]:
    """Each way of cutting a part into two halves of three letters or more (``filesize``
    -> ``fil|esize``, ``file|size``, ``files|ize``)."""
    return tuple(
        (part[:cut], part[cut:]) for part in sorted(parts) for cut in range(3, len(part) - 2)
    )


def _file_cuts(file: str) -> tuple[tuple[str, str], ...]:
    return _name_cuts(_path_parts(file))


def _holds(corpus: Corpus) -> Callable[[str], bool]:
    """Whether some chunk of the corpus holds a word (each word looked up once per
    corpus); no word for a corpus without BM25 postings (made by hand)."""
    postings = corpus.prebuilt.get("bm25")
    if postings is None:
        return lambda word: False
    from prx.engine.retrieval.morphology import holds_term

    holds = holds_term(postings)
    return lambda word: corpus.memo("holds-term", word, holds)


def _singular(word: str) -> str:
    """``bodies`` -> ``body``, ``matches`` -> ``match``: a plural's singular (other words
    as they are)."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    return word


def _stem(path: str) -> str:
    return squashed(os.path.basename(path).split(".", 1)[0])


class PathReranker(ScoreStage):
    """Files whose name or folder matches the query's words rise (for a word query, also
    by a half of a name written as one word: ``filesize.py`` for "size"). For a symbol
    query, a file named after the symbol (``TypeAdapterFactory.java``, ``plans/plan.go``) rises
    fully, and files sharing only a part of its name (``matchers.go`` for ``MatcherSet``)
    a little: fully, they would outrank the definition itself."""

    NAME = "path"
    #: Added, times the best score, when every query word is in the path.
    WEIGHT = 1.0
    #: The share of ``WEIGHT`` a symbol query's partial name match gets.
    SYMBOL_PARTIAL = 0.3

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        words = content_words(query)
        if not len(pool) or not words:
            return pool.scores
        top = max(pool.scores)
        wanted = squashed(query.symbol) if query.symbol is not None else None

        # A query word matches a path part that it starts, or that starts it, or that is
        # its singular: looked up by the words' prefixes, lengths and singulars (a search
        # asks this of hundreds of parts and halves of parts).
        starting: dict[str, set[str]] = {}  # a prefix -> the words it starts
        singular: dict[str, set[str]] = {}  # a singular -> its words
        for w in words:
            for end in range(len(w) + 1):
                starting.setdefault(w[:end], set()).add(w)
            singular.setdefault(_singular(w), set()).add(w)
        lengths = sorted({len(w) for w in words})
        matches: dict[str, frozenset[str]] = {}  # part -> the query words it matches

        def hit(part: str) -> frozenset[str]:
            found = matches.get(part)
            if found is None:
                matched = starting.get(part, set()) | singular.get(part, set())
                matched.update(part[:n] for n in lengths if part[:n] in words)
                found = matches[part] = frozenset(matched)
            return found

        holds = _holds(corpus)
        shares: dict[str, float] = {}
        scores = []
        for file, score in zip(pool.files, pool.scores, strict=True):
            share = shares.get(file)
            if share is None:
                matched: set[str] = set()
                parts = corpus.memo("path-parts", file, _path_parts)
                for part in parts:
                    matched |= hit(part)
                if wanted is None:
                    # Word queries: a part written as one word also matches by its halves
                    # when the corpus holds both (looked up only for a half that matches).
                    for head, tail in corpus.memo("path-cuts", file, _file_cuts):
                        halves = hit(head) | hit(tail)
                        if halves and not halves <= matched and holds(head) and holds(tail):
                            matched |= halves
                share = len(matched) / len(words)
                if wanted is not None:
                    named = _stem(file) in (wanted, wanted + "s", wanted + "es")
                    share = 1.0 if named else share * self.SYMBOL_PARTIAL
                shares[file] = share
            scores.append(score + top * self.WEIGHT * share)
        return scores


class CoherenceReranker(ScoreStage):
    """A file with many good chunks is likely the answer: its best chunk rises."""

    NAME = "coherence"
    WEIGHT = 0.15
    ORDERED = True

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        if not len(pool):
            return pool.scores
        scores = list(pool.scores)
        top = max(scores)
        totals: dict[str, float] = defaultdict(float)
        best: dict[str, int] = {}
        files = pool.files
        for index in pool.order if pool.order is not None else range(len(scores)):
            file, score = files[index], scores[index]
            totals[file] += score
            if file not in best or score > scores[best[file]]:
                best[file] = index
        most = max(totals.values()) or 1.0
        for file, index in best.items():
            scores[index] += top * self.WEIGHT * totals[file] / most
        return scores


_TEST = re.compile(
    r"(^|/)(__tests__|spec|testing|fuzz)/|(^|/)test_[^/]*$|_(test|fuzz)\.\w+$"
    r"|\.(test|spec)\.\w+$|(^|/)conftest\.py$"
    # test folders by any name: tests/, integration-tests/, test_utils/, caddytest/ (but
    # not latest/, contest/, attest/, protest/, pytest/)
    r"|(^|/)([\w.-]*[-_.]tests?|tests?[-_.][\w.-]*|\w*(?<!la)(?<!con)(?<!at)(?<!pro)(?<!py)tests?)/"
)
_EXAMPLES = re.compile(r"(^|/)(examples?|docs_src|samples?|demos?|bench(es|marks?)?|perf(-\w+)?)/")
_DOCS = re.compile(
    r"(^|/)docs?/|\.(md|rst|txt|adoc)$|(^|/)(?i:PKG-INFO|LICEN[CS]E|COPYING|AUTHORS|CHANGES|"
    r"CHANGELOG|NEWS|HISTORY|NOTICE|CONTRIBUTORS|CODE_OF_CONDUCT|SECURITY)(\.\w+)?$"
    # manual pages: ls.1, jq.1.prebuilt, bat.1.in
    r"|(^|/)[^/.]+\.[1-9](\.\w+)?$"
)
#: Test data beside tests.
_FIXTURES = re.compile(r"(^|/)(testdata|fixtures?|__fixtures__|__snapshots__)/")
#: Data and configuration formats: answers only when asked about, but for a project's
#: manifest (its scripts, entry points and build switches answer architecture questions).
_DATA = re.compile(
    r"\.(json|jsonl|ya?ml|toml|ini|cfg|xml|csv|tsv|po|pot|svg|lock|sum|bin|dat"
    r"|sublime-syntax|tmLanguage|tmTheme)$"
)
_MANIFESTS = frozenset(
    {
        "package.json",
        "pyproject.toml",
        "Cargo.toml",
        "setup.cfg",
        "pom.xml",
        "composer.json",
        "tsconfig.json",
        "jsconfig.json",
        "deno.json",
        "pubspec.yaml",
        "mix.exs",
    }
)
_VENDORED = re.compile(r"(^|/)(vendor|vendored|third_party|node_modules|_vendor|extern)/")
_GENERATED = re.compile(
    r"\.min\.(js|css)$|_pb2(_grpc)?\.py$|\.pb\.go$|\.generated\.|(^|/)dist/|(^|/)build/"
)
_LOCKS = re.compile(
    r"(^|/)(package-lock\.json|yarn\.lock|pnpm-lock\.yaml|poetry\.lock|Cargo\.lock|uv\.lock|Pipfile\.lock|composer\.lock|go\.sum)$"
)
_COMPAT = re.compile(r"(^|/)(_?compat|legacy|deprecated)(/|\.py$)")


#: Files that are no module's code: a folder of them is a collection, not a module.
_NOT_MODULE_CODE = (_TEST, _FIXTURES, _EXAMPLES, _DOCS)


def _names_its_folder(path: str) -> bool:
    """Whether a file's name (less its extensions and separators, in any case) is its
    folder's: ``utils/jwt/jwt.ts``, ``gson/Gson.java``."""
    folder = os.path.basename(os.path.dirname(path))
    return bool(folder) and squashed(folder) == _stem(path)


class SiblingsReranker(ScoreStage):
    """For word queries, a file whose folder holds other good candidates rises: an answer
    is often a module (``encode/``, ``utils/jwt/``, ``ssg/``) whose files the retrievers
    find one by one, while a lone file elsewhere merely repeats the question's words. Each
    file's best chunk gains in proportion to the summed best scores of the *other* files
    of its folder, relative to the pool's most supported file, so a flat tree (one folder)
    is reordered little; a file named after its folder, more. Tests, fixtures, examples and
    docs lend their folder support (a module's tests beside it point at it) but gain
    none: a folder of tests is not a module."""

    NAME = "siblings"
    #: Added, times the best score, for the file with the most sibling support.
    WEIGHT = 0.1
    #: A module's own file, named after its folder (``encode/encode.go``,
    #: ``client/client.ts``, ``gson/Gson.java``), gets this much more of its support:
    #: the module's entry point before its helpers. (``index``/``mod`` files too: -0.001.)
    ENTRY = 1.0
    ORDERED = True

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        if query.symbol is not None or not len(pool) or len(content_words(query)) < 2:
            return pool.scores
        scores = list(pool.scores)
        files = pool.files
        best: dict[str, int] = {}  # file -> the position of its best chunk
        for index in pool.order if pool.order is not None else range(len(scores)):
            file = files[index]
            if file not in best or scores[index] > scores[best[file]]:
                best[file] = index
        totals: dict[str, float] = defaultdict(float)
        for file, index in best.items():
            totals[os.path.dirname(file)] += scores[index]
        support = {
            file: totals[os.path.dirname(file)] - scores[index]
            for file, index in best.items()
            if not any(rule.search(file) for rule in _NOT_MODULE_CODE)
        }
        most = max(support.values(), default=0.0)
        if most <= 0:
            return scores
        scale = max(scores) * self.WEIGHT / most
        for file, lent in support.items():
            if _names_its_folder(file):
                lent *= 1.0 + self.ENTRY
            scores[best[file]] += scale * lent
        return scores


class CentralityReranker(ScoreStage):
    """Files that many others import rise: the hubs an architecture question is about
    (``Axios.js``, ``hono-base.ts``, ``jv.h``) over a leaf that merely mentions its words.
    The boost is the file's importer count on a log scale, relative to the most imported
    file of the pool, so it only reorders what the query already found."""

    NAME = "centrality"
    #: Added, times the best score, for the most imported file of the pool. Word queries
    #: only: for symbol queries (the definition stage decides) any weight measured worse.
    WEIGHT = 0.1
    #: Content words a query needs: two words name a feature ("redirect following"),
    #: whose own module should not give way to a hub; questions have more.
    MIN_WORDS = 3

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        weight = self.WEIGHT
        if (
            query.symbol is not None
            or not weight
            or not len(pool)
            or len(content_words(query)) < self.MIN_WORDS
        ):
            return pool.scores
        from prx.engine.ranking.importers import importer_counts

        counts = importer_counts(corpus)
        most = max((counts.get(file, 0) for file in set(pool.files)), default=0)
        if most <= 0:
            return pool.scores
        scale = max(pool.scores) * weight / math.log1p(most)
        boosts: dict[str, float] = {}
        scores = []
        for file, score in zip(pool.files, pool.scores, strict=True):
            boost = boosts.get(file)
            if boost is None:
                boost = boosts[file] = scale * math.log1p(counts.get(file, 0))
            scores.append(score + boost)
        return scores


#: A file that says in its first lines that a tool wrote it: ``Code generated ... DO NOT
#: EDIT.`` (Go), ``@generated``, ``# generated by scripts/gen.py``, ``THIS IS AN
#: AUTOGENERATED FILE``, parsers made by Bison or flex. Only the start of a line counts for
#: "generated by", so a docstring's "nodes generated by the parser" does not.
_GENERATED_HEADER = re.compile(
    r"(?im)^\W*(?:this (?:file|code) (?:is|was|has been) )?(?:auto-?|automatically )?"
    r"generated (?:by|from|with)\b|^\W*auto-?generated\b"
    r"|@generated\b|\bDO NOT EDIT\b|\bmade by GNU Bison\b|\bgenerated by flex\b"
)
#: The lines of a file read for that header.
_HEADER_LINES = 15
#: Minified: a line this long, or lines this long on average.
_MINIFIED_LINE = 1000
_MINIFIED_MEAN = 300


def generated_by_content(text: str) -> bool:
    """Whether a file's first chunk ``text`` shows a generated or minified file: lines no
    person writes, or a generated-file header in its first lines."""
    lines = text.split("\n")
    if max(map(len, lines)) > _MINIFIED_LINE or len(text) / len(lines) > _MINIFIED_MEAN:
        return True  # minified (and never a long line through the pattern below)
    head = "\n".join(lines[:_HEADER_LINES])
    low = head.lower()
    # Every alternative of the pattern holds one of these words: most heads hold none.
    return ("generated" in low or "do not edit" in low or "bison" in low) and bool(
        _GENERATED_HEADER.search(head)
    )


#: Generated and minified files, and the query words that ask for them.
_GENERATED_FACTOR = 0.3
_GENERATED_LIFTS = frozenset({"generated", "minified", "build", "dist"})


class CoverageReranker(ScoreStage):
    """For word queries, files whose candidate chunks hold more of the query's words, in
    any of their forms, rise: a soft AND, so the file about every part of a question
    beats one that repeats a single word of it."""

    NAME = "coverage"
    #: Added, times the best score, for a file holding every content word of the query.
    WEIGHT = 0.1
    #: Content words a query needs (one word has nothing to cover).
    MIN_WORDS = 2

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        words = content_words(query)
        if query.symbol is not None or len(words) < self.MIN_WORDS or not len(pool):
            return pool.scores
        postings = corpus.prebuilt.get("bm25")
        if postings is None:  # a corpus made by hand: nothing to look words up in
            return pool.scores
        from bisect import bisect_left

        from prx.engine.retrieval.morphology import holds_term, other_forms

        holds = holds_term(postings)
        chunks = sorted({chunk for chunk in pool.chunks if chunk >= 0})
        covered: dict[int, set[str]] = {}  # chunk -> the query words it holds
        for word in words:
            for term in [word, *other_forms([word], holds)]:
                found = postings.term_postings(term)
                if found is None:
                    continue
                docs = found[0]  # ascending: find each candidate by bisection
                for chunk in chunks:
                    at = bisect_left(docs, chunk)
                    if at < len(docs) and docs[at] == chunk:
                        covered.setdefault(chunk, set()).add(word)
        files: dict[str, set[str]] = {}
        for chunk, file in zip(pool.chunks, pool.files, strict=True):
            if chunk in covered:
                files.setdefault(file, set()).update(covered[chunk])
        share = self.WEIGHT * max(pool.scores) / len(words)
        return [
            score + share * len(files.get(file, ()))
            for file, score in zip(pool.files, pool.scores, strict=True)
        ]


class PenaltyReranker(ScoreStage):
    """Noise sinks: tests, examples, docs, vendored, generated and lock files, compat shims,
    package ``__init__`` files and type stubs, unless the query asks for them."""

    NAME = "penalties"
    #: (pattern, multiplier, query words that lift the penalty)
    RULES: tuple[tuple[re.Pattern[str], float, frozenset[str]], ...] = (
        (
            _TEST,
            0.35,  # TESTS: read at rescore time
            frozenset({"test", "tests", "testing", "fixture", "fixtures", "spec", "mock"}),
        ),
        (_FIXTURES, 0.35, frozenset({"test", "tests", "fixture", "fixtures", "testdata"})),
        (
            _EXAMPLES,
            0.4,
            frozenset(
                {
                    "example",
                    "examples",
                    "sample",
                    "demo",
                    "benchmark",
                    "benchmarks",
                    "bench",
                    "perf",
                }
            ),
        ),
        (
            _DOCS,
            0.4,
            frozenset({"doc", "docs", "documentation", "readme", "guide", "manual", "changelog"}),
        ),
        (_VENDORED, 0.3, frozenset({"vendor", "vendored"})),
        (_GENERATED, _GENERATED_FACTOR, _GENERATED_LIFTS),
        (_LOCKS, 0.2, frozenset({"lock", "lockfile"})),
        (_COMPAT, 0.5, frozenset({"compat", "compatibility", "legacy", "deprecated"})),
        (
            _DATA,
            0.5,
            frozenset(
                {
                    "config",
                    "configuration",
                    "settings",
                    "json",
                    "yaml",
                    "toml",
                    "xml",
                    "csv",
                    "package",
                    "manifest",
                    "schema",
                    "workflow",
                    "locale",
                    "translation",
                }
            ),
        ),
    )
    #: A file of no known language (prose, templates, data, or a language prx cannot
    #: parse): a milder penalty, since it may still be code. Not for a grammar or lexer
    #: source (``parser.y``), which is.
    UNKNOWN = 0.7

    #: Package ``__init__`` files and type stubs: declarations that repeat the code.
    STUB = 0.5
    #: Tests (the ``_TEST`` rule's multiplier, read when scoring so that it can be tuned).
    TESTS = 0.35

    def _rules(self, path: str, corpus: Corpus) -> list[tuple[str, float, frozenset[str]]]:
        """The rules that apply to ``path`` (query-independent, so cached per file)."""
        manifest = os.path.basename(path) in _MANIFESTS
        hits = [
            (p.pattern, m, lifts)
            for p, m, lifts in self.RULES
            if p.search(path) and not (manifest and p is _DATA)
        ]
        if not any(pattern == _GENERATED.pattern for pattern, _, _ in hits):
            # The name does not say generated or minified: the content may (read once per
            # file, from its first chunk).
            span = corpus.chunks_of(path)
            if len(span) and generated_by_content(corpus.chunks[span.start].text):
                hits.append(("generated content", _GENERATED_FACTOR, _GENERATED_LIFTS))
        record = corpus.files.get(path)
        if record is not None and record.language is None and not hits:
            from prx.engine.lang.catalog import source_kind

            if not source_kind(path):
                hits.append(("unknown", self.UNKNOWN, frozenset()))
        name = os.path.basename(path)
        if name in ("__init__.py", "package-info.java") or name.endswith(
            (".d.ts", ".d.cts", ".d.mts", ".pyi")
        ):
            hits.append(("stub", self.STUB, frozenset()))
        return hits

    def _multiplier(self, rule: str, base: float) -> float:
        """A rule's multiplier: the class's current value for the tunable ones (the rules
        of a file are cached with the values they had)."""
        if rule == _TEST.pattern:
            return self.TESTS
        if rule == "stub":
            return self.STUB
        if rule == "unknown":
            return self.UNKNOWN
        return base

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        words = set(query.tokens)
        factors: dict[str, float] = {}
        scores = []
        for file, score in zip(pool.files, pool.scores, strict=True):
            factor = factors.get(file)
            if factor is None:
                factor = 1.0
                rules = corpus.memo("penalties", file, lambda path: self._rules(path, corpus))
                for rule, base, lifts in rules:
                    if not (words & lifts):
                        factor *= self._multiplier(rule, base)
                factors[file] = factor
            scores.append(score * factor)
        return scores


class SaturationReranker(ScoreStage):
    """Each further chunk of the same file counts half as much, so one file cannot fill
    the first page."""

    NAME = "saturation"
    DECAY = 0.3

    def rescore(self, query: Query, pool: Pool, corpus: Corpus) -> list[float]:
        seen: dict[str, int] = defaultdict(int)
        scores = list(pool.scores)
        for index in pool.ranked_order():
            file = pool.files[index]
            scores[index] *= self.DECAY ** seen[file]
            seen[file] += 1
        return scores
