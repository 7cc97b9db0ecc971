"""Outlines: the symbols of a file, nested, from a language's ``outline`` query.

The query marks each definition node with ``@definition.<kind>``, its name with ``@name``
and optionally its body with ``@body``. This module turns the matches into a tree:

* kinds are normalised to the seed vocabulary (:data:`KINDS`), see :data:`KIND_ALIASES`;
* a ``function`` directly inside a class, struct, enum, trait or impl becomes a ``method``;
* a definition wrapped by another capture of the same name and kind outside its body
  (a Python ``decorated_definition`` around its ``class_definition``) is kept once, as the
  wrapper, so decorators stay in the signature;
* the signature is the source from the definition's start to its body, on one line;
* several ``@name`` captures are joined with a space, or with the pattern's
  ``(#set! name.separator ".")``;
* a symbol's last line is the last line with something on it.
"""

from __future__ import annotations

import re

from prx.core.results.read import LineRange, Symbol
from prx.engine.lang.grammar import compiled_query, parse
from prx.engine.lang.injection import CONTENT, embedded_trees

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from prx.plugin.interfaces import LanguageSpec

__all__ = [
    "KINDS",
    "KIND_ALIASES",
    "Definition",
    "definitions",
    "flatten",
    "outline",
    "symbol_lines",
    "symbols_of",
]

#: The kinds an outline reports (the seed's vocabulary).
KINDS = ("function", "class", "method", "struct", "enum", "trait", "type", "const")
#: How other constructs map onto :data:`KINDS`.
KIND_ALIASES = {
    "interface": "trait",
    "protocol": "trait",
    "module": "class",
    "namespace": "class",
    "impl": "class",
    "object": "class",
    "record": "struct",
    "union": "struct",
    "typedef": "type",
    "alias": "type",
    "constant": "const",
    "variable": "const",
    "macro": "function",
    "constructor": "method",
}
# Kinds (as the query wrote them) whose functions are methods. Not modules or namespaces:
# a free function in a Rust `mod` or a C++ `namespace` is still a function.
_CONTAINERS = frozenset(
    {
        "class",
        "struct",
        "enum",
        "trait",
        "interface",
        "protocol",
        "impl",
        "object",
        "record",
        "union",
    }
)
# A line holding only annotations or attributes (`@Override`, `#[derive(..)]`). Not C#'s
# `[Obsolete]`: it cannot be told from a TOML `[table]` header by its text.
_ANNOTATION = re.compile(r"^\s*(?:(?:@[\w.]+(?:\(.*\))?|#!?\[.*\])\s*)+$")
_SIGNATURE_LIMIT = 240


class Definition:
    """One captured definition, before it becomes a :class:`~prx.types.Symbol`.

    A plain slotted class: it is mutable (children are attached later) and compared by
    identity, and a dataclass would cost its import on the ``read`` fast path.
    """

    __slots__ = ("body", "children", "end", "kind", "name", "node", "raw_kind", "start")

    def __init__(
        self, *, node: Any, kind: str, name: str, body: Any | None, raw_kind: str = ""
    ) -> None:
        self.node = node
        self.kind = kind
        self.name = name
        self.body = body
        #: The kind as the query wrote it (before aliases), which decides what contains methods.
        self.raw_kind = raw_kind
        self.children: list[Definition] = []
        #: Byte offsets, copied once: reading them from the node costs a C call each time.
        self.start, self.end = int(node.start_byte), int(node.end_byte)

    def contains(self, other: Definition) -> bool:
        return self.start <= other.start and other.end <= self.end and self is not other


def _text(node: Any) -> str:
    return bytes(node.text).decode("utf-8", "replace")


#: How a line holding only a comment starts, in the grammars prx outlines.
_COMMENT_STARTS = ("#", "//", "/*", "*", "--", ";")


def _signature(defn: Definition, source: bytes) -> str:
    end = defn.body.start_byte if defn.body is not None else defn.end
    raw = source[defn.start : end].decode("utf-8", "replace")
    if defn.body is None:
        # The first line, after any lines holding only annotations (kept, they matter).
        kept: list[str] = []
        for text_line in raw.split("\n"):
            kept.append(text_line)
            if not _ANNOTATION.match(text_line):
                break
        raw = " ".join(kept)
    # Comments between a header and its body (Python's before the first statement) are
    # no part of the signature.
    kept_lines = raw.split("\n")
    while len(kept_lines) > 1 and (
        not kept_lines[-1].strip() or kept_lines[-1].strip().startswith(_COMMENT_STARTS)
    ):
        kept_lines.pop()
    line = " ".join(" ".join(kept_lines).split())
    line = line.rstrip(" {:=;\\")
    if len(line) > _SIGNATURE_LIMIT:
        line = line[: _SIGNATURE_LIMIT - 1] + "…"
    return line


def symbol_lines(node: Any, source: bytes) -> LineRange:
    """The lines a definition node spans, ending at its last non-blank line."""
    start = int(node.start_point[0]) + 1
    # Some grammars run a node on to the next definition: end at its last visible byte.
    last = int(node.end_byte)
    floor = int(node.start_byte)
    while last > floor and source[last - 1 : last] in (b" ", b"\t", b"\r", b"\n"):
        last -= 1
    # The row of the last visible byte: the node's end row, less the newlines after it.
    end = int(node.end_point[0]) - source.count(b"\n", last, int(node.end_byte)) + 1
    return LineRange(start=start, end=max(end, start))


#: A name written as a constant's: ``PAGE_SIZE``, ``_MAX``.
_CONSTANT_NAME = re.compile(r"^_*[A-Z][A-Z0-9_]*$")


def _component_state(found: Definition) -> bool:
    """A component script's top level is the body of the component's instance (Svelte) or
    setup (Vue ``<script setup>``) function: its variables are the component's state, not
    definitions of a module (its UPPER_CASE constants and functions still are)."""
    return found.kind == "const" and not _CONSTANT_NAME.match(found.name)


def definitions(
    spec: LanguageSpec,
    source: bytes,
    tree: Any | None = None,
    matches: list[tuple[int, dict[str, Any]]] | None = None,
) -> list[Definition]:
    """The top-level definitions of ``source``, each with its nested definitions.

    ``matches`` are the outline query's matches when the caller already ran it (the
    index runs the outline and imports queries in one pass over the tree).
    """
    query = compiled_query(spec, "outline")
    if query is None:
        return []
    if matches is None:
        from tree_sitter import QueryCursor

        root = (tree if tree is not None else parse(spec, source)).root_node
        matches = QueryCursor(query).matches(root)
    if any(CONTENT in captures for _, captures in matches):
        # A component's definitions are its scripts' (prx.engine.lang.injection).
        embedded: list[Definition] = []
        for inner, inner_tree in embedded_trees(query, matches, source):
            embedded += [
                found
                for found in definitions(inner, source, inner_tree)
                if not _component_state(found)
            ]
        return sorted(embedded, key=lambda d: d.start)
    found: dict[tuple[int, str], Definition] = {}
    generated = False
    for pattern, captures in matches:
        names = captures.get("name")
        bodies = captures.get("body")
        # `(#set! name.separator ".")` joins several @name captures with something else.
        settings = query.pattern_settings(pattern)
        separator = settings.get("name.separator")
        if separator is None:  # "" is a separator too (Objective-C's `foo:bar:`)
            separator = " "
        how = settings.get("name.find")
        if how is not None:
            # A generated query names its definitions by walking them.
            from prx.engine.lang import generic_names

            generated = True
            if names is None:
                found_name = generic_names.named(captures, str(how))
                if found_name is None:
                    continue
                names = [found_name]
        for capture, nodes in captures.items():
            if not capture.startswith("definition."):
                continue
            raw_kind = capture.split(".", 1)[1]
            kind = KIND_ALIASES.get(raw_kind, raw_kind)
            node = nodes[0]
            if how is not None:
                node = generic_names.with_annotations(node)
            key = (int(node.start_byte), kind)
            if key in found and found[key].end >= node.end_byte:
                continue
            name = (
                separator.join(" ".join(_text(n).split()) for n in names) if names else "anonymous"
            )
            if how is not None:
                name = generic_names.unquoted(name)
            found[key] = Definition(
                node=node,
                kind=kind,
                name=name,
                body=bodies[0] if bodies else None,
                raw_kind=raw_kind,
            )
    ordered = sorted(_without_function_constants(found.values()), key=lambda d: (d.start, -d.end))
    roots = _nest(ordered)
    if generated:
        from prx.engine.lang.generic_names import without_headers

        return without_headers(roots)
    return roots


def _without_function_constants(found: Iterable[Definition]) -> list[Definition]:
    """``found`` less each constant that a function or class of the same name overlaps
    (``const Chart = React.lazy(() => ...)`` is both: the function is the definition)."""
    found = list(found)
    spans: dict[str, list[tuple[int, int]]] = {}
    for defn in found:
        if defn.kind != "const":
            spans.setdefault(defn.name, []).append((defn.start, defn.end))
    return [
        defn
        for defn in found
        if defn.kind != "const"
        or not any(start < defn.end and defn.start < end for start, end in spans.get(defn.name, ()))
    ]


def _wraps(outer: Definition, inner: Definition) -> bool:
    """Whether ``outer`` is ``inner`` again with something around it (decorators)."""
    # _nest may already have renamed the wrapper's kind to "method".
    same_kind = outer.kind == inner.kind or {outer.kind, inner.kind} == {"function", "method"}
    if outer.name != inner.name or not same_kind:
        return False
    body = outer.body
    return body is None or not (body.start_byte <= inner.start < body.end_byte)


def _nest(ordered: list[Definition]) -> list[Definition]:
    roots: list[Definition] = []
    stack: list[Definition] = []
    for defn in ordered:
        while stack and not stack[-1].contains(defn):
            stack.pop()
        if stack and _wraps(stack[-1], defn):
            continue  # what it contains nests under the wrapper, which stays on the stack
        if stack:
            parent = stack[-1]
            if defn.kind == "function" and (parent.raw_kind or parent.kind) in _CONTAINERS:
                defn.kind = "method"
            parent.children.append(defn)
        else:
            roots.append(defn)
        stack.append(defn)
    return roots


def _symbol(defn: Definition, source: bytes) -> Symbol:
    return Symbol(
        name=defn.name,
        kind=defn.kind,
        lines=symbol_lines(defn.node, source),
        signature=_signature(defn, source),
        children=tuple(_symbol(c, source) for c in defn.children),
    )


def outline(spec: LanguageSpec, source: bytes, tree: Any | None = None) -> tuple[Symbol, ...]:
    """The nested symbols of ``source`` (empty when the language has no outline query)."""
    return symbols_of(definitions(spec, source, tree), source)


def symbols_of(defs: list[Definition], source: bytes) -> tuple[Symbol, ...]:
    """The :class:`~prx.types.Symbol` tree of definitions found by :func:`definitions`."""
    return tuple(_symbol(d, source) for d in defs)


def flatten(symbols: tuple[Symbol, ...]) -> list[Symbol]:
    """Every symbol, parents before their children (depth first)."""
    out: list[Symbol] = []
    for symbol in symbols:
        out.append(symbol)
        out.extend(flatten(symbol.children))
    return out
