"""Names and shapes of the definitions a generated outline query finds (see
:mod:`prx.engine.lang.generic`), worked out when an outline is made: the query captures
the definition node, and this module finds its name by walking it (no query can say "the
first identifier of the header, however deep"), where it starts (annotations a grammar
wraps around it), and what is no definition of the file (its module header, a function's
locals). Imported only when a generated query matched: the catalogue imports
:mod:`prx.engine.lang.generic` on every start, not this.
"""

from __future__ import annotations

import re
from typing import Any

from prx.engine.lang.generic import LISP_FORMS, NAME_KINDS, UPPER_CASE, definition_kind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.engine.lang.outline import Definition

__all__ = ["find_name", "named", "unquoted", "with_annotations", "without_headers"]


def named(captures: dict[str, list[Any]], how: str) -> Any | None:
    """The node naming the definition a generated pattern captured (``how``: the
    pattern's ``name.find``), or None: no name, or the file's root itself (a grammar whose
    root is a ``module``)."""
    node = next(
        (nodes[0] for capture, nodes in captures.items() if capture.startswith("definition.")),
        None,
    )
    if node is None or node.parent is None:
        return None
    return find_name(node, how)


def unquoted(name: str) -> str:
    """A name written as a string (``(export "init")``) without its quotes."""
    if len(name) > 1 and name[0] == name[-1] and name[0] in "\"'":
        return name[1:-1]
    return name


#: Child kinds whose identifiers are never the definition's name.
_NOT_NAME = re.compile(
    r"(parameter|argument|type_(?:annotation|parameters|arguments)|attribute|annotation|"
    r"decorator|modifier|comment|string|return|result|generic|superclass|extends|implements|"
    r"inherit|base|default|value|where|constraint|visibility)"
)
_IDENTIFIER = re.compile(NAME_KINDS)
#: Heads of the forms whose definitions are a module's, not locals.
_MODULE_FORM = re.compile(LISP_FORMS[0][1])


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
        return found if re.match(UPPER_CASE, text) else None
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
