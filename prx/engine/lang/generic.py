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

import functools
import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "FIND_NAME",
    "GENERATED_DIR",
    "LISP_FORMS",
    "NAME_KINDS",
    "UPPER_CASE",
    "GeneratedQueries",
    "definition_kind",
    "main",
    "outline_query",
]

#: Where the generated queries of the pack's grammars ship.
GENERATED_DIR = os.path.join(os.path.dirname(__file__), "queries", "generated")

#: Words of a node kind that name what it defines, most specific first, and the kind
#: the outline gives it (:data:`prx.engine.lang.outline.KIND_ALIASES` maps the rest).
_WHAT = (
    ("method", "method"),
    ("constructor", "constructor"),
    ("macro", "macro"),
    ("preproc", "macro"),
    ("function", "function"),
    ("func", "function"),
    ("fn", "function"),
    ("procedure", "function"),
    ("subroutine", "function"),
    ("task", "function"),
    ("sub", "function"),
    ("class", "class"),
    ("struct", "struct"),
    ("structure", "struct"),
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
    ("resource", "class"),
    ("operation", "function"),
    ("module", "module"),
    ("circuit", "module"),
    ("namespace", "namespace"),
    ("package", "module"),
    ("typedef", "typedef"),
    ("type", "type"),
    ("newtype", "type"),
    ("data", "type"),
    ("alias", "alias"),
    ("const", "constant"),
    ("constant", "constant"),
    ("value", "function"),
    ("rule", "function"),
    ("defun", "function"),
    ("mixin", "function"),
    ("keyframes", "type"),
)
_WHAT_WORDS = dict(_WHAT)
_PRIORITY = {word: rank for rank, (word, _) in enumerate(_WHAT)}
#: Last words of a node kind that make it a definition.
_IS = frozenset(
    {"definition", "declaration", "def", "decl", "define", "item", "statement", "specification"}
)
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
        "circuit",
        "newtype",
        "data",
        "rule",
        "fn",
        "defun",
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
#: Node kinds that may be a definition's name.
NAME_KINDS = (
    r"(identifier|^name$|^ident$|^var$|^word$|^symbol$|^sym_lit$|^simple_identifier$"
    r"|_name$|^type_constructor$)"
)


def _words(node_kind: str) -> list[str]:
    return re.findall(r"[a-z]+", node_kind.lower())


@functools.lru_cache(maxsize=4096)
def definition_kind(node_kind: str) -> str | None:
    """The outline kind of a grammar's node kind, or None when it defines nothing (asked
    for every node a generated outline walks: cached)."""
    words = _words(node_kind)
    if words == [node_kind] and node_kind in _ALONE:
        return _WHAT_WORDS[node_kind]
    if words[:2] == ["module", "field"] and len(words) == 3 and words[2] in _WHAT_WORDS:
        return _WHAT_WORDS[words[2]]  # WebAssembly's `(func $f ...)`: an item of a module
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


def _kinds(language: object) -> list[str]:
    lang: Any = language
    return sorted(
        {
            str(lang.node_kind_for_id(i))
            for i in range(int(lang.node_kind_count))
            if lang.node_kind_is_named(i) and lang.node_kind_is_visible(i)
        }
    )


def outline_query(language: object) -> str:
    """The outline query of a tree-sitter ``Language`` (empty when nothing is found).

    Each pattern captures a definition node (and its body where the kind has a ``body``
    field); its name is found when the outline is made (:mod:`prx.engine.lang.generic_names`),
    as no query can say "the first identifier of the header, however deep".
    """
    kinds = _kinds(language)
    from tree_sitter import Parser

    root = str(Parser(language).parse(b"").root_node.type)  # type: ignore[arg-type]
    patterns: list[str] = []
    for kind in kinds:
        what = definition_kind(kind)
        if what is None or not _compiles(language, f"({kind}) @definition.{what}"):
            continue
        body = " body: (_)? @body" if _compiles(language, f"({kind} body: (_) @body)") else ""
        patterns.append(f"(({kind}{body}) @definition.{what} {FIND_NAME})")
    patterns += _binding_patterns(language, kinds, root)
    patterns += _variable_patterns(language, kinds)
    patterns += _constant_patterns(language, kinds, root)
    patterns += _lisp_patterns(language, kinds)
    header = "; Generated from the grammar's node kinds (prx.engine.lang.generic).\n"
    return header + "\n".join(patterns) + "\n" if patterns else ""


def _binding_patterns(language: object, kinds: list[str], root: str) -> list[str]:
    """A file's top-level ``let`` bindings (Typst's ``#let f(x) = ...``, Vim's ``let
    g:x``): names of the file's scope. A ``let`` inside a body binds a local."""
    patterns: list[str] = []
    for kind in kinds:
        words = _words(kind)
        alone = len(words) == 1 and words[0] in ("let", "local", "var", "global")
        if not alone and words != ["let", "statement"]:
            continue
        for place in (
            f"({root} ({kind}) @definition.variable)",
            f"({root} (_ ({kind}) @definition.variable))",
        ):
            pattern = f"({place} {FIND_NAME})"
            if _compiles(language, pattern):
                patterns.append(pattern)
    return patterns


def _variable_patterns(language: object, kinds: list[str]) -> list[str]:
    """Declared variables named in UPPER_CASE (Haxe's ``static inline var GUTTER = 4``):
    constants by convention, where the language has no ``const``."""
    patterns: list[str] = []
    for kind in kinds:
        words = _words(kind)
        if len(words) != 2 or words[0] not in ("variable", "var") or words[1] not in _IS:
            continue
        pattern = f"(({kind}) @definition.constant {FIND_CONSTANT})"
        if _compiles(language, pattern):
            patterns.append(pattern)
    return patterns


def _constant_patterns(language: object, kinds: list[str], root: str) -> list[str]:
    """A file's top-level assignments to UPPER_CASE names, the constants of languages that
    declare none (NetLinx's constants section, Starlark globals), each at its statement."""
    if "identifier" not in kinds:
        return []
    patterns: list[str] = []
    for kind in kinds:
        if "assignment" not in _words(kind):
            continue
        for place in (
            f"({root} ({kind} . (identifier) @name) @definition.constant)",
            f"({root} (_ ({kind} . (identifier) @name) @definition.constant))",
            f"({root} (_ (_ ({kind} . (identifier) @name) @definition.constant)))",
        ):
            pattern = f'({place} (#match? @name "{UPPER_CASE}"))'
            if _compiles(language, pattern):
                patterns.append(pattern)
    return patterns


#: Lisp forms that define, by their head symbol, and the kind each defines; the first
#: that matches wins (``define-library`` is a module, not a function).
LISP_FORMS = (
    ("module", "^(library|module|define-library|define-module|defpackage|defmodule)$"),
    ("class", "^(defclass|defstruct|defrecord|deftype|define-record-type|define-struct|struct)$"),
    ("macro", "^(defmacro|define-syntax|define-macro|macro)$"),
    ("constant", "^(defvar|defparameter|defconstant|defconst|defcustom|defonce)$"),
    ("function", "(^|[-:/])(def|define)"),
)


def _lisp_patterns(language: object, kinds: list[str]) -> list[str]:
    """Lisp definitions: a list whose head symbol defines (``(define (f x) ...)``,
    ``(defun f ...)``, ``(library (a b) ...)``), named by what follows the head."""
    lists = [k for k in ("list", "list_lit") if k in kinds]
    symbols = [k for k in ("symbol", "sym_lit") if k in kinds]
    if not lists or not symbols:
        return []
    patterns: list[str] = []
    taken: list[str] = []
    for what, heads in LISP_FORMS:
        guard = "".join(f' (#not-match? @_head "{earlier}")' for earlier in taken)
        taken.append(heads)
        pattern = (
            f"(({lists[0]} . ({symbols[0]}) @_head) @definition.{what}"
            f' (#match? @_head "{heads}"){guard} {FIND_LISP_NAME})'
        )
        if _compiles(language, pattern):
            patterns.append(pattern)
    return patterns


#: A constant's name: capitals, digits and underscores.
UPPER_CASE = "^[A-Z][A-Z0-9_]+$"
#: The pattern setting that asks the outline to find a definition's name by walking it.
FIND_NAME = '(#set! name.find "header")'
#: The same for a variable, kept only when its name is a constant's.
FIND_CONSTANT = '(#set! name.find "constant")'
#: The same for a Lisp form: what follows its head.
FIND_LISP_NAME = '(#set! name.find "form")'


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
