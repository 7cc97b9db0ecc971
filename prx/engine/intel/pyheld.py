"""Python functions a class keeps as its attribute, called through it.

astor's tests write ``to_source = staticmethod(astor.to_source)`` in a test class and
call ``self.to_source(tree)`` in its methods: each call is a call of the module's
function, though no import or bare name spells it there. A class-body assignment whose
value is a reference to the function (bare, ``module.name``, or wrapped in
``staticmethod``/``classmethod``) makes ``self.NAME``, ``cls.NAME`` and ``Class.NAME``
in that class, and in the classes of the file that derive from it, uses of the
function.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.engine.intel.pyaliases import assignment_of

if TYPE_CHECKING:
    from collections.abc import Iterable

    from prx.engine.intel.bindings import Occurrence
    from prx.engine.intel.project import ParsedFile

__all__ = ["held_uses"]

_WRAPPERS = frozenset({b"staticmethod", b"classmethod"})


def held_uses(parsed: ParsedFile, refs: Iterable[Occurrence]) -> list[Occurrence]:
    """The uses, in ``parsed``, of the class attributes that hold the function the
    occurrences ``refs`` (references to it in that file) name."""
    from prx.engine.intel.bindings import occurrences

    tree = parsed.tree
    if tree is None:
        return []
    out: list[Occurrence] = []
    seen: set[int] = set()
    for ref in refs:
        held = _held_by(tree.root_node, ref.byte)
        if held is None:
            continue
        attribute, klass = held
        owners = _family(parsed, klass)
        names = {b"self", b"cls", *(_name(c) for c in owners)}
        for occ in occurrences(parsed, attribute):
            if occ.byte in seen or occ.receiver is None or occ.defining:
                continue
            if occ.receiver.encode() not in names:
                continue
            if any(int(c.start_byte) <= occ.byte < int(c.end_byte) for c in owners):
                seen.add(occ.byte)
                out.append(occ)
    return out


def _held_by(root: Any, byte: int) -> tuple[str, Any] | None:
    """(the attribute, the class) when the reference at ``byte`` is the value of a
    class-body assignment ``attribute = [staticmethod(]ref[)]``."""
    node = root.named_descendant_for_byte_range(byte, byte + 1)
    found = assignment_of(node, _WRAPPERS) if node is not None else None
    if found is None:
        return None
    assignment, target = found
    block = assignment.parent
    if block is not None and block.type == "expression_statement":
        block = block.parent  # grammars that wrap the assignment in a statement
    klass = block.parent if block is not None and block.type == "block" else None
    if klass is None or klass.type != "class_definition":
        return None
    return bytes(target.text or b"").decode("utf-8", "replace"), klass


def _name(klass: Any) -> bytes:
    named = klass.child_by_field_name("name")
    return bytes(named.text or b"") if named is not None else b""


def _family(parsed: ParsedFile, klass: Any) -> list[Any]:
    """``klass`` and the classes of the file that derive from it (through others of
    the file too)."""
    from prx.engine.intel.pymembers import ancestors, classes_of

    classes = list(classes_of(parsed))
    bases: dict[str, set[str]] = {}
    for name, node in classes:
        listed = node.child_by_field_name("superclasses")
        bases.setdefault(name, set()).update(
            bytes(b.text or b"").decode("utf-8", "replace").rsplit(".", 1)[-1]
            for b in (listed.named_children if listed is not None else ())
        )
    own = _name(klass).decode("utf-8", "replace")
    return [klass] + [
        node for name, node in classes if node.id != klass.id and own in ancestors(name, bases)
    ]
