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
import re
import sys
from collections.abc import Iterator, Mapping, Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.engine.lang.outline import Definition

__all__ = [
    "FIND_NAME",
    "GENERATED_DIR",
    "GeneratedQueries",
    "definition_kind",
    "find_name",
    "with_annotations",
    "without_headers",
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
_NAME_KINDS = (
    r"(identifier|^name$|^ident$|^var$|^word$|^symbol$|^sym_lit$|^simple_identifier$"
    r"|_name$|^type_constructor$)"
)


def definition_kind(node_kind: str) -> str | None:
    """The outline kind of a grammar's node kind, or None when it defines nothing."""
    words = re.findall(r"[a-z]+", node_kind.lower())
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
    field); its name is found when the outline is made (:func:`find_name`), as no query
    can say "the first identifier of the header, however deep".
    """
    patterns: list[str] = []
    for kind in _kinds(language):
        what = definition_kind(kind)
        if what is None or not _compiles(language, f"({kind}) @definition.{what}"):
            continue
        body = " body: (_)? @body" if _compiles(language, f"({kind} body: (_) @body)") else ""
        patterns.append(f"(({kind}{body}) @definition.{what} {FIND_NAME})")
    patterns += _binding_patterns(language)
    patterns += _variable_patterns(language)
    patterns += _constant_patterns(language)
    patterns += _lisp_patterns(language)
    header = "; Generated from the grammar's node kinds (prx.engine.lang.generic).\n"
    return header + "\n".join(patterns) + "\n" if patterns else ""


def _root_kind(language: object) -> str:
    from tree_sitter import Parser

    return str(Parser(language).parse(b"").root_node.type)  # type: ignore[arg-type]


def _binding_patterns(language: object) -> list[str]:
    """A file's top-level ``let`` bindings (Typst's ``#let f(x) = ...``, Vim's ``let
    g:x``): names of the file's scope. A ``let`` inside a body binds a local."""
    root = _root_kind(language)
    patterns: list[str] = []
    for kind in _kinds(language):
        words = re.findall(r"[a-z]+", kind)
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


def _variable_patterns(language: object) -> list[str]:
    """Declared variables named in UPPER_CASE (Haxe's ``static inline var GUTTER = 4``):
    constants by convention, where the language has no ``const``."""
    patterns: list[str] = []
    for kind in _kinds(language):
        words = re.findall(r"[a-z]+", kind)
        if len(words) != 2 or words[0] not in ("variable", "var") or words[1] not in _IS:
            continue
        pattern = f"(({kind}) @definition.constant {FIND_CONSTANT})"
        if _compiles(language, pattern):
            patterns.append(pattern)
    return patterns


def _constant_patterns(language: object) -> list[str]:
    """A file's top-level assignments to UPPER_CASE names, the constants of languages that
    declare none (NetLinx's constants section, Starlark globals), each at its statement."""
    kinds = _kinds(language)
    if "identifier" not in kinds:
        return []
    root = _root_kind(language)
    patterns: list[str] = []
    for kind in kinds:
        if "assignment" not in re.findall(r"[a-z]+", kind):
            continue
        for place in (
            f"({root} ({kind} . (identifier) @name) @definition.constant)",
            f"({root} (_ ({kind} . (identifier) @name) @definition.constant))",
            f"({root} (_ (_ ({kind} . (identifier) @name) @definition.constant)))",
        ):
            pattern = f'({place} (#match? @name "{_UPPER_CASE}"))'
            if _compiles(language, pattern):
                patterns.append(pattern)
    return patterns


#: Lisp forms that define, by their head symbol, and the kind each defines; the first
#: that matches wins (``define-library`` is a module, not a function).
_LISP_FORMS = (
    ("module", "^(library|module|define-library|define-module|defpackage|defmodule)$"),
    ("class", "^(defclass|defstruct|defrecord|deftype|define-record-type|define-struct|struct)$"),
    ("macro", "^(defmacro|define-syntax|define-macro|macro)$"),
    ("constant", "^(defvar|defparameter|defconstant|defconst|defcustom|defonce)$"),
    ("function", "(^|[-:/])(def|define)"),
)


def _lisp_patterns(language: object) -> list[str]:
    """Lisp definitions: a list whose head symbol defines (``(define (f x) ...)``,
    ``(defun f ...)``, ``(library (a b) ...)``), named by what follows the head."""
    kinds = set(_kinds(language))
    lists = [k for k in ("list", "list_lit") if k in kinds]
    symbols = [k for k in ("symbol", "sym_lit") if k in kinds]
    if not lists or not symbols:
        return []
    patterns: list[str] = []
    taken: list[str] = []
    for what, heads in _LISP_FORMS:
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
_UPPER_CASE = "^[A-Z][A-Z0-9_]+$"
#: The pattern setting that asks the outline to find a definition's name by walking it.
FIND_NAME = '(#set! name.find "header")'
#: The same for a variable, kept only when its name is a constant's.
FIND_CONSTANT = '(#set! name.find "constant")'
#: The same for a Lisp form: what follows its head.
FIND_LISP_NAME = '(#set! name.find "form")'
#: Child kinds whose identifiers are never the definition's name.
_NOT_NAME = re.compile(
    r"(parameter|argument|type_(?:annotation|parameters|arguments)|attribute|annotation|"
    r"decorator|modifier|comment|string|return|result|generic|superclass|extends|implements|"
    r"inherit|base|default|value|where|constraint|visibility)"
)
_IDENTIFIER = re.compile(_NAME_KINDS)
#: Heads of the forms whose definitions are a module's, not locals.
_MODULE_FORM = re.compile(_LISP_FORMS[0][1])


def _head(node: Any) -> str:
    first = node.named_children[0] if node.named_child_count else None
    return bytes(first.text or b"").decode("utf-8", "replace") if first is not None else ""


def _form_name(node: Any) -> Any | None:
    parent = node.parent
    while parent is not None:
        head = _head(parent) if parent.type == node.type else ""
        if head.startswith("def") and not _MODULE_FORM.match(head):
            return None  # a local definition inside a function's or a macro's body
        parent = parent.parent
    children = [c for c in node.named_children if "comment" not in c.type]
    if len(children) < 2:
        return None
    name = children[1]
    if name.type == node.type and _head(node).startswith("def") and name.named_child_count:
        return name.named_children[0]  # (define (f x) ...) defines f
    return name


def find_name(node: Any, how: str = "header") -> Any | None:
    """The node naming a definition: its ``name`` field, the innermost ``declarator`` of
    a C-like declaration, else the first identifier-like node of its header (before its
    body), not inside parameters, types, attributes or values. A Lisp form (``how`` is
    ``form``) is named by what follows its head, and a form inside a function defines a
    local: None."""
    if how == "form":
        return _form_name(node)
    found = _header_name(node)
    if how == "constant":
        text = bytes(found.text or b"").decode("utf-8", "replace") if found is not None else ""
        return found if re.match(_UPPER_CASE, text) else None
    if found is not None and int(found.start_byte) == int(node.start_byte) + 1:
        if bytes(node.text or b"")[:1] == b"@":
            return None  # `@required`: an annotation applied, not a definition
    return found


#: Kinds of what a grammar may put before a definition, in a wrapper of both.
_ANNOTATION_LIKE = re.compile(
    r"(attribute|annotation|decorator|trait|modifier|pragma|comment|template_parameter)"
)


def without_headers(roots: list[Definition]) -> list[Definition]:
    """``roots`` without the file's header: the module, package or namespace lines that
    open a file and enclose nothing (Elm's ``module X exposing (..)``, D's ``module a.b;``,
    Thrift's ``namespace`` lines): the file is the module."""
    index = 0
    while (
        index < len(roots) - 1
        and roots[index].raw_kind in ("module", "namespace")
        and not roots[index].children
    ):
        index += 1
    kept = roots[index:]
    for defn in kept:
        _without_locals(defn)
    return kept


#: Kinds that, inside a function, name a local rather than a definition of the file.
_LOCAL_KINDS = frozenset({"namespace", "alias", "constant", "variable", "module"})


def _without_locals(defn: Definition) -> None:
    """Drop what a function's body declares for itself (C++'s ``namespace cg = ...``)."""
    if defn.kind in ("function", "method"):
        defn.children = [c for c in defn.children if c.raw_kind not in _LOCAL_KINDS]
    for child in defn.children:
        _without_locals(child)


def with_annotations(node: Any) -> Any:
    """The node a definition starts at: the wrapper holding it after annotations only
    (Smithy's traits around a shape, as Python's ``decorated_definition``), through
    wrappers of it alone; else the definition itself."""
    current, annotated = node, node
    while current.parent is not None and current.parent.parent is not None:
        children = current.parent.named_children
        index = next((i for i, child in enumerate(children) if child == current), 0)
        if any("comment" not in c.type for c in children[index + 1 :]):
            break
        if any(not _ANNOTATION_LIKE.search(c.type) for c in children[:index]):
            break
        current = current.parent
        if index:
            annotated = current
    return annotated


def _header_name(node: Any) -> Any | None:
    named = node.child_by_field_name("name")
    if named is not None:
        return named
    declarator = node.child_by_field_name("declarator")
    while declarator is not None:
        inner = declarator.child_by_field_name("declarator") or declarator.child_by_field_name(
            "name"
        )
        if inner is None:
            break
        declarator = inner
    if declarator is not None and _IDENTIFIER.search(declarator.type):
        return declarator
    body = node.child_by_field_name("body")
    end = int(body.start_byte) if body is not None else int(node.end_byte)
    # The name comes before the parameters: an anonymous function has none.
    end = min([end] + [int(c.start_byte) for c in node.named_children if "parameter" in c.type])
    level = [child for child in node.named_children if int(child.start_byte) < end]
    found: list[Any] = []
    for _ in range(3):
        deeper: list[Any] = []
        for child in level:
            if _IDENTIFIER.search(child.type):
                found.append(child)
            # Not into parameters, types ... nor into a definition it holds (a module's
            # first function does not name the module).
            elif not _NOT_NAME.search(child.type) and definition_kind(child.type) is None:
                deeper += [c for c in child.named_children if int(c.start_byte) < end]
        level = deeper
    # The first in the text, however deep: `#let f(x) = x` is f, not the x after it.
    return min(found, key=lambda c: int(c.start_byte)) if found else None


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
