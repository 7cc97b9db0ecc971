"""The methods a Go method must be renamed with: the ones interfaces tie to it.

A Go type satisfies an interface by having its methods, without saying so: renaming
``T.M`` alone breaks every place where a ``T`` is used as an interface that has ``M``,
and renaming ``I.M`` alone breaks every type used as ``I``. The *family* of a method is
the closure of: an interface method ``I.M`` and the method ``M`` of every project type
whose method set covers ``I``'s (found as the compiler finds it, through embedded types);
a concrete method and every interface with ``M`` that a type holding that method (itself
or a type embedding it) satisfies; two interfaces with ``M`` one of which covers the other.
By name and count of methods, as the compiler checks, not by use: a type that could be
used as the interface counts as used so (renaming it too keeps the program compiling).

A type whose methods cover a standard library interface (``String()``, ``Error()``,
``Len``/``Less``/``Swap``, ``Write(p)`` ...) may be used as it where nothing in the
project says so (``fmt`` calls ``String`` through ``fmt.Stringer``): :func:`library_bound`
says so of a method of such a set, and the model leaves its rename to the caller.
"""

from __future__ import annotations

from typing import Any

from prx.engine.intel.models.go_index import GoIndex, PkgKey, TypeInfo

__all__ = ["family", "library_bound", "signature_arity"]

Owner = tuple[PkgKey, str]

#: The standard library's interfaces that code outside the project calls through:
#: each a method set, name -> (parameters, results).
_LIBRARY: tuple[dict[str, tuple[int, int]], ...] = (
    {"Error": (0, 1)},
    {"String": (0, 1)},
    {"GoString": (0, 1)},
    {"Format": (2, 0)},
    {"Read": (1, 2)},
    {"Write": (1, 2)},
    {"Close": (0, 1)},
    {"Seek": (2, 2)},
    {"ReadAt": (2, 2)},
    {"WriteAt": (2, 2)},
    {"ReadFrom": (1, 2)},
    {"WriteTo": (1, 2)},
    {"ReadByte": (0, 2)},
    {"ReadByte": (0, 2), "UnreadByte": (0, 1)},
    {"WriteByte": (1, 1)},
    {"ReadRune": (0, 3)},
    {"ReadRune": (0, 3), "UnreadRune": (0, 1)},
    {"WriteString": (1, 2)},
    {"Len": (0, 1), "Less": (2, 1), "Swap": (2, 0)},
    {"Len": (0, 1), "Less": (2, 1), "Swap": (2, 0), "Push": (1, 0), "Pop": (0, 1)},
    {"MarshalJSON": (0, 2)},
    {"UnmarshalJSON": (1, 1)},
    {"MarshalText": (0, 2)},
    {"UnmarshalText": (1, 1)},
    {"MarshalBinary": (0, 2)},
    {"UnmarshalBinary": (1, 1)},
    {"MarshalXML": (2, 1)},
    {"UnmarshalXML": (2, 1)},
    {"ServeHTTP": (2, 0)},
    {"Unwrap": (0, 1)},
    {"Is": (1, 1)},
    {"As": (1, 1)},
    {"Timeout": (0, 1)},
    {"Temporary": (0, 1)},
    {"Scan": (1, 1)},
    {"Scan": (2, 1)},
    {"Value": (0, 2)},
    {"String": (0, 1), "Set": (1, 1)},
    {"String": (0, 1), "Set": (1, 1), "Get": (0, 1)},
    {"Lock": (0, 0), "Unlock": (0, 0)},
    {"Write": (1, 2), "Sum": (1, 1), "Reset": (0, 0), "Size": (0, 1), "BlockSize": (0, 1)},
    {"Deadline": (0, 2), "Done": (0, 1), "Err": (0, 1), "Value": (1, 1)},
)


def _count(node: Any) -> int:
    """How many parameters (or results) a parameter list or result node declares."""
    if node is None:
        return 0
    if node.type != "parameter_list":
        return 1
    total = 0
    for param in node.named_children:
        if param.type in ("parameter_declaration", "variadic_parameter_declaration"):
            names = sum(
                1 for i in range(param.child_count) if param.field_name_for_child(i) == "name"
            )
            total += max(names, 1)
    return total


def signature_arity(declaration: Any) -> tuple[int, int]:
    """(parameters, results) of a method declaration or interface method."""
    return (
        _count(declaration.child_by_field_name("parameters")),
        _count(declaration.child_by_field_name("result")),
    )


def library_bound(index: GoIndex, owners: set[Owner], name: str) -> bool:
    """Whether a concrete type of ``owners`` has, with its method ``name``, the methods
    of a standard library interface that has it (with their arities)."""
    sets = [wanted for wanted in _LIBRARY if name in wanted]
    if not sets:
        return False
    for owner in owners:
        info = _info(index, owner)
        if info is None or info.kind == "interface":
            continue
        have = index.method_names(("named", owner[0], owner[1]))
        for wanted in sets:
            if set(wanted) <= have and all(
                _arity(index, owner, method) == arity for method, arity in wanted.items()
            ):
                return True
    return False


def _arity(index: GoIndex, owner: Owner, method: str) -> tuple[int, int] | None:
    member, _ = index.member(("named", owner[0], owner[1]), method)
    if member is None or member.kind != "method" or member.node is None:
        return None
    return signature_arity(member.node)


def _info(index: GoIndex, owner: Owner) -> TypeInfo | None:
    package = index.packages.get(owner[0])
    return package.types.get(owner[1]) if package is not None else None


def family(index: GoIndex, owner: Owner, name: str) -> set[Owner]:
    """The types whose method ``name`` must be renamed with ``owner``'s (see the module)."""
    names: dict[Owner, set[str]] = {}

    def methods(of: Owner) -> set[str]:
        if of not in names:
            names[of] = index.method_names(("named", of[0], of[1]))
        return names[of]

    interfaces: list[Owner] = []
    concrete: list[Owner] = []
    for key, info in index.all_types():
        if info.kind == "interface":
            if name in info.methods:
                interfaces.append((key, info.name))
        elif name in methods((key, info.name)):
            concrete.append((key, info.name))
    if not interfaces:
        return {owner}

    def declarer(of: Owner) -> Owner | None:
        member, _ = index.member(("named", of[0], of[1]), name)
        return member.owner if member is not None and member.kind == "method" else None

    found = {owner}
    queue = [owner]
    while queue:
        current = queue.pop()
        held = _info(index, current)
        if held is None:
            continue
        related: list[Owner] = []
        if held.kind == "interface":
            wanted = methods(current)
            for c in concrete:
                declaring = declarer(c) if wanted <= methods(c) else None
                if declaring is not None:
                    related.append(declaring)
            related += [i for i in interfaces if methods(i) <= wanted or wanted <= methods(i)]
        else:
            holders = [c for c in concrete if declarer(c) == current]
            related += [i for i in interfaces if any(methods(i) <= methods(h) for h in holders)]
        for other in related:
            if other not in found:
                found.add(other)
                queue.append(other)
    return found
