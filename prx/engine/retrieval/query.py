"""What kind of query is this? Mode detection, symbol recognition, abbreviations.

Modes: ``symbol`` (an identifier: definitions first), ``hybrid`` (words: BM25 + embeddings),
``literal`` (a fixed string with code punctuation), ``regex`` (explicit only) and
``structural`` (an ast-grep pattern with ``$METAVARS``). The detected mode and the reason
are reported in every answer.
"""

from __future__ import annotations

import re

__all__ = [
    "ABBREVIATIONS",
    "MODES",
    "detect_mode",
    "expand_abbreviations",
    "is_symbol_query",
    "kind_and_symbol",
    "looks_like_regex",
    "symbol_name",
]

#: Every mode a search can run in.
MODES = ("symbol", "hybrid", "literal", "regex", "structural")

_SYMBOL = re.compile(r"^[^\W\d]\w*(?:(?:::|\.|#|->)[^\W\d]\w*)*(?:\(\))?$")
_METAVAR = re.compile(r"\$(?:\$\$)?[A-Z_][A-Z0-9_]*|\$\$\$")
_WORD = re.compile(r"^[^\W\d][\w'’-]*[?.,!]?$")
#: Punctuation around a word in prose: "(see", "@csv,", "`name`" (not a call's "name(", and
#: not quotes: a quoted phrase asks for that exact text).
_LEADING = "@#(`[<"
_TRAILING = ")`]>:;,.!?"
_REGEX_HINTS = re.compile(r"\\[dwsbDWSB]|\.\*|\.\+|\[[^\]]+\]|\(\?|\|\w|^\^|\$$|\{\d")

#: Abbreviation -> full word, added to the BM25 query (not to the embedded one).
ABBREVIATIONS: dict[str, str] = {
    "auth": "authentication",
    "authn": "authentication",
    "authz": "authorization",
    "db": "database",
    "config": "configuration",
    "cfg": "configuration",
    "deps": "dependencies",
    "env": "environment",
    "impl": "implementation",
    "repo": "repository",
    "msg": "message",
    "req": "request",
    "res": "response",
    "resp": "response",
    "err": "error",
    "fn": "function",
    "func": "function",
    "ctx": "context",
    "cb": "callback",
    "infra": "infrastructure",
    "async": "asynchronous",
    "init": "initialize",
    "param": "parameter",
    "params": "parameters",
    "arg": "argument",
    "args": "arguments",
    "dir": "directory",
    "tmp": "temporary",
    "ws": "websocket",
}


#: Words naming a definition's kind, beside an identifier ("Context class", "Plan struct"),
#: and the kind of prx's outlines each asks for.
_KIND_WORDS = {
    **dict.fromkeys(("class", "module", "object"), "class"),
    **dict.fromkeys(("struct", "record", "union"), "struct"),
    **dict.fromkeys(("interface", "trait", "protocol"), "trait"),
    "enum": "enum",
    **dict.fromkeys(("type", "typedef"), "type"),
    **dict.fromkeys(("function", "func", "fn", "def", "macro"), "function"),
    "method": "method",
    **dict.fromkeys(("const", "constant"), "const"),
}
#: Language keywords that, written first, make even a lower-case word a name: "struct frame",
#: "fn main" (but "type checking", "class loading" stay words).
_KEYWORDS_FIRST = frozenset("struct fn func def enum trait interface typedef union macro".split())
#: Languages' names, which read like identifiers beside a kind ("Rust trait", "Python
#: module") but name no definition.
_LANGUAGE_NAMES = frozenset(
    "c cpp csharp elixir erlang go golang haskell java javascript js kotlin lua ocaml perl php "
    "python ruby rust scala swift typescript ts zig".split()
)
#: A name as code writes it: a capital (a type's name), an underscore, a digit, a qualifier.
_CODE_SHAPED = re.compile(r"^[A-Z]|.[A-Z]|_|\d|::|\.|#|->|\(\)$")


def kind_and_symbol(query: str) -> tuple[str, str] | None:
    """The kind (as prx's outlines name it) and the identifier of a two-word query naming a
    definition ("Context class", "class Context", "struct frame"), else None."""
    tokens = query.split()
    if len(tokens) != 2:
        return None
    for first, (kind, name) in ((True, tokens), (False, tokens[::-1])):
        lower = kind.lower()
        if (
            lower not in _KIND_WORDS
            or name.lower() in _KIND_WORDS
            or name.lower() in _LANGUAGE_NAMES
            or not _SYMBOL.match(name)
        ):
            continue
        if _CODE_SHAPED.search(name) or (first and lower in _KEYWORDS_FIRST):
            return _KIND_WORDS[lower], name
    return None


def is_symbol_query(query: str) -> bool:
    """A single identifier, optionally qualified (``Foo.bar``, ``Foo::bar``, ``foo()``), or
    an identifier and its kind (``Context class``)."""
    return bool(_SYMBOL.match(query.strip())) or kind_and_symbol(query) is not None


def _qualified(query: str) -> tuple[str, list[str]]:
    """A symbol query's name as written (less a kind word and ``()``) and its segments."""
    named = kind_and_symbol(query)
    text = (named[1] if named else query.strip()).removesuffix("()")
    return text, re.split(r"::|\.|#|->", text)


def symbol_name(query: str) -> str:
    """The last segment of a qualified symbol query: ``a.b::Cls.meth()`` -> ``meth``;
    ``Context class`` -> ``Context``."""
    return _qualified(query)[1][-1]


def symbol_owner(query: str) -> tuple[str, str] | None:
    """The owner a qualified symbol query names and the query as one name:
    ``Optimizer::Optimize`` -> (``Optimizer``, ``Optimizer::Optimize``), ``FilePath.act()``
    -> (``FilePath``, ``FilePath.act``); None for a name without a qualifier."""
    text, parts = _qualified(query)
    return (parts[-2], text) if len(parts) > 1 else None


def looks_like_regex(query: str) -> bool:
    """Whether a query reads like a regular expression (``\\d+``, ``.*``, ``[a-z]``)."""
    return bool(_REGEX_HINTS.search(query))


def detect_mode(query: str) -> tuple[str, str]:
    """The mode for ``query`` and why it was chosen."""
    text = query.strip()
    if _METAVAR.search(text):
        return "structural", "the query has ast-grep metavariables ($NAME)"
    if _SYMBOL.match(text):
        return "symbol", "the query is a single identifier"
    if kind_and_symbol(text) is not None:
        return "symbol", "the query is an identifier and its kind (class, struct, function ...)"
    tokens = text.split()
    # "@csv," and "(default)" are words in punctuation, as prose writes them.
    wordy = sum(1 for t in tokens if _WORD.match(t.lstrip(_LEADING).rstrip(_TRAILING) or "-"))
    if len(tokens) >= 2 and wordy / len(tokens) >= 0.6:
        return "hybrid", "the query is words: ranked by BM25 and embeddings"
    return "literal", "the query has code punctuation: searched as a fixed string"


def expand_abbreviations(query: str) -> str:
    """``query`` plus the full forms of the abbreviations it uses."""
    extra = [ABBREVIATIONS[w] for w in re.findall(r"\w+", query.lower()) if w in ABBREVIATIONS]
    return query + (" " + " ".join(extra) if extra else "")
