"""Outline queries for a grammar prx has no hand-written query for, generated from the
grammar itself: the node kinds it declares and the fields each may have.

A node kind is a definition when its name says so: one word naming what it defines
(``function``, ``class``, ``struct``, ``module`` ... see :data:`_WHAT`) and a last word
saying it is one (``definition``, ``declaration``, ``item`` ... see :data:`_IS`), and none
naming a part of something else (``parameter``, ``field``, ``call`` ...). Its name is its
``name`` field where the grammar gives the kind one, else an identifier-like child; its
body is its ``body`` field. Each pattern is compiled alone first, so a grammar that would
refuse one (a field the kind cannot have) keeps the others: a new grammar in the pack is
outlined without code.

Generating a query compiles many small ones (seconds for the largest grammars), so the
queries of the pack's grammars ship in ``queries/generated/`` (``python -m
prx.engine.lang.generic`` writes them again; a test checks they are current). A grammar
without a shipped file gets its query generated when first used.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping, Sequence

__all__ = ["GENERATED_DIR", "GeneratedQueries", "definition_kind", "main", "outline_query"]

#: Where the generated queries of the pack's grammars ship.
GENERATED_DIR = os.path.join(os.path.dirname(__file__), "queries", "generated")

#: Words of a node kind that name what it defines, most specific first, and the kind
#: the outline gives it (:data:`prx.engine.lang.outline.KIND_ALIASES` maps the rest).
_WHAT = (
    ("method", "method"),
    ("constructor", "constructor"),
    ("macro", "macro"),
    ("function", "function"),
    ("func", "function"),
    ("fn", "function"),
    ("procedure", "function"),
    ("subroutine", "function"),
    ("sub", "function"),
    ("class", "class"),
    ("struct", "struct"),
    ("enum", "enum"),
    ("interface", "interface"),
    ("trait", "trait"),
    ("protocol", "protocol"),
    ("contract", "class"),
    ("impl", "impl"),
    ("implementation", "impl"),
    ("record", "record"),
    ("union", "union"),
    ("actor", "class"),
    ("message", "struct"),
    ("service", "interface"),
    ("module", "module"),
    ("namespace", "namespace"),
    ("package", "module"),
    ("typedef", "typedef"),
    ("type", "type"),
    ("alias", "alias"),
    ("const", "constant"),
    ("constant", "constant"),
)
_WHAT_WORDS = dict(_WHAT)
_PRIORITY = {word: rank for rank, (word, _) in enumerate(_WHAT)}
#: Last words of a node kind that make it a definition.
_IS = frozenset({"definition", "declaration", "def", "decl", "item", "statement", "specification"})
#: Node kinds of one word that are definitions by themselves (``function`` in Gleam,
#: ``message`` in Protocol Buffers, ``method`` in Pony).
_ALONE = frozenset(
    {
        "function",
        "method",
        "constructor",
        "class",
        "struct",
        "enum",
        "interface",
        "trait",
        "module",
        "macro",
        "record",
        "union",
        "actor",
        "message",
        "service",
        "procedure",
    }
)
#: Words that make it a part of something else, or a use rather than a definition.
_NOT = frozenset(
    {
        "parameter",
        "parameters",
        "argument",
        "arguments",
        "call",
        "reference",
        "field",
        "member",
        "annotation",
        "constraint",
        "constraints",
        "bound",
        "bounds",
        "body",
        "list",
        "expression",
        "identifier",
        "name",
        "anonymous",
        "lambda",
        "import",
        "export",
        "local",
        "forward",
        "prototype",
        "signature",
        "return",
        "instantiation",
        "renaming",
        "end",
        "or",
        "port",
        "generate",
        "variable",
        "signal",
        "literal",
    }
)
#: Child kinds that may hold a definition's name, tried when the kind has no name field
#: (a regular expression, compiled when first used: the catalogue imports this module).
_NAME_KINDS = r"(identifier|^name$|^word$|^symbol$|^simple_identifier$|_name$)"


def definition_kind(node_kind: str) -> str | None:
    """The outline kind of a grammar's node kind, or None when it defines nothing."""
    import re

    words = re.findall(r"[a-z]+", node_kind.lower())
    if words == [node_kind] and node_kind in _ALONE:
        return _WHAT_WORDS[node_kind]
    if len(words) < 2 or words[-1] not in _IS or _NOT.intersection(words):
        return None
    named = [w for w in words[:-1] if w in _WHAT_WORDS]
    if not named:
        return None
    return _WHAT_WORDS[min(named, key=_PRIORITY.__getitem__)]


#: Every query compiled while generating, kept: py-tree-sitter 0.26 may crash compiling a
#: query after another was freed.
_KEPT: list[object] = []


def _compiles(language: object, text: str) -> bool:
    from tree_sitter import Query

    try:
        _KEPT.append(Query(language, text))  # type: ignore[arg-type]
    except Exception:  # noqa: BLE001  (an impossible field or child: another pattern)
        return False
    return True


def outline_query(language: object) -> str:
    """The outline query of a tree-sitter ``Language`` (empty when nothing is found)."""
    lang: object = language
    count = int(getattr(lang, "node_kind_count"))  # noqa: B009
    kinds = sorted(
        {
            str(lang.node_kind_for_id(i))  # type: ignore[attr-defined]
            for i in range(count)
            if lang.node_kind_is_named(i) and lang.node_kind_is_visible(i)  # type: ignore[attr-defined]
        }
    )
    import re

    names = [k for k in kinds if re.search(_NAME_KINDS, k)]
    patterns: list[str] = []
    for kind in kinds:
        what = definition_kind(kind)
        if what is None:
            continue
        body = "body: (_)? @body" if _compiles(lang, f"({kind} body: (_) @body)") else ""
        ids = "[" + " ".join(f"({n})" for n in names) + "]" if names else ""
        # Where the name may be, most telling first: one match per definition is kept
        # (the first), so a later, looser place only names what the earlier ones miss.
        places = [
            "name: (_) @name",
            "declarator: (_ declarator: (_) @name)",
            "(_ name: (_) @name)",
        ]
        if ids:
            places += [f". {ids} @name", f". (_ . {ids} @name)"]
        for place in places:
            pattern = f"({kind} {place} {body}) @definition.{what}"
            if _compiles(lang, pattern):
                patterns.append(pattern)
    header = "; Generated from the grammar's node kinds (prx.engine.lang.generic).\n"
    return header + "\n".join(patterns) + "\n" if patterns else ""


class GeneratedQueries(Mapping[str, str]):
    """The queries of a language of the pack without hand-written ones: its outline,
    generated from the grammar when first asked for."""

    __slots__ = ("_grammar", "_outline")

    def __init__(self, grammar: str) -> None:
        self._grammar = grammar
        self._outline: str | None = None

    def _load(self) -> str:
        if self._outline is None:
            try:
                with open(_shipped(self._grammar), encoding="utf-8") as handle:
                    self._outline = handle.read()
            except FileNotFoundError:
                self._outline = generated(self._grammar)
        return self._outline

    def __getitem__(self, name: str) -> str:
        if name != "outline":
            raise KeyError(name)
        text = self._load()
        if not text:
            raise KeyError(name)
        return text

    def __iter__(self) -> Iterator[str]:
        return iter(["outline"] if self._load() else [])

    def __len__(self) -> int:
        return 1 if self._load() else 0


def _shipped(grammar: str) -> str:
    return os.path.join(GENERATED_DIR, f"{grammar}.outline.scm")


def generated(grammar: str) -> str:
    """The outline query generated from the pack's grammar ``grammar``."""
    from tree_sitter import Language

    from prx.engine.lang.grammar import binding

    return outline_query(Language(binding(grammar)))


def main(argv: Sequence[str] | None = None) -> int:
    """Write the generated query of every grammar of the catalogue without its own."""
    from prx.engine.lang.catalog import GENERIC_GRAMMARS

    names = list(argv if argv is not None else sys.argv[1:]) or list(GENERIC_GRAMMARS)
    os.makedirs(GENERATED_DIR, exist_ok=True)
    for grammar in names:
        text = generated(grammar)
        path = _shipped(grammar)
        if text:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(text)
        elif os.path.exists(path):
            os.remove(path)
        sys.stdout.write(f"{grammar}: {text.count('@definition')} patterns\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
