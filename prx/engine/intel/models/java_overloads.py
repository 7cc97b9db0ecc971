"""Which of a Java method's overloads (as many parameters) a call binds to, as javac
chooses as far as the file states the arguments' types.

An overload is ruled out when an argument's known type cannot be passed to its
parameter (a project class to an unrelated one, ``null`` to a primitive, a ``String`` to
a project type, a project class to a JDK interface none of its supertypes is); of those
left, the most specific ones are kept (``f(Foo)`` over ``f(Object)``, ``f(Sub)`` over
``f(Base)``, ``f(int)`` over ``f(Integer)`` for an ``int``). What cannot be ruled out
stays, and the call is then unsure between them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.java_facts import JMethod, JType, type_segments

if TYPE_CHECKING:
    from prx.engine.intel.models.java_exprs import Typer

__all__ = ["overload"]

#: Boxed types a primitive parameter takes by unboxing.
_BOXES = frozenset({"Integer", "Long", "Short", "Byte", "Character", "Boolean", "Float", "Double"})
#: Reference types a primitive argument is boxed to.
_BOXING_TARGETS = _BOXES | {"Object", "Number", "Comparable", "Serializable"}
_THROWABLE = ("Throwable", "Serializable")
_EXCEPTION = ("Exception", *_THROWABLE)
_RUNTIME = ("RuntimeException", *_EXCEPTION)
_STREAM = ("Closeable", "Flushable", "AutoCloseable")
#: JDK types a project class often extends or implements, with all their supertypes
#: (beyond ``Object``): a project class whose JDK supertypes are all here is known not to
#: be any other JDK type.
_JDK_SUPERS: dict[str, tuple[str, ...]] = {
    "Serializable": (),
    "Cloneable": (),
    "Comparable": (),
    "Runnable": (),
    "AutoCloseable": (),
    "Closeable": ("AutoCloseable",),
    "Flushable": (),
    "Iterable": (),
    "Iterator": (),
    "CharSequence": (),
    "Appendable": (),
    "Supplier": (),
    "Function": (),
    "BiFunction": (),
    "Consumer": (),
    "BiConsumer": (),
    "Predicate": (),
    "Comparator": (),
    "Callable": (),
    "Enum": ("Comparable", "Serializable", "Constable"),
    "Record": (),
    "Throwable": ("Serializable",),
    "Exception": _THROWABLE,
    "Error": _THROWABLE,
    "RuntimeException": _EXCEPTION,
    "IOException": _EXCEPTION,
    "IllegalArgumentException": _RUNTIME,
    "IllegalStateException": _RUNTIME,
    "UnsupportedOperationException": _RUNTIME,
    "String": ("CharSequence", "Comparable", "Serializable", "Constable", "ConstantDesc"),
    "StringBuilder": (
        "AbstractStringBuilder",
        "CharSequence",
        "Appendable",
        "Serializable",
        "Comparable",
    ),
    "Class": (
        "Serializable",
        "GenericDeclaration",
        "Type",
        "AnnotatedElement",
        "TypeDescriptor",
        "OfField",
        "Constable",
    ),
    "Collection": ("Iterable",),
    "List": ("SequencedCollection", "Collection", "Iterable"),
    "Set": ("Collection", "Iterable"),
    "Map": (),
    "Stream": ("BaseStream", "AutoCloseable"),
    "Optional": (),
    "OutputStream": _STREAM,
    "ByteArrayOutputStream": ("OutputStream", *_STREAM),
    "PrintStream": ("FilterOutputStream", "OutputStream", "Appendable", *_STREAM),
    "Writer": ("Appendable", *_STREAM),
    "StringWriter": ("Writer", "Appendable", *_STREAM),
    "PrintWriter": ("Writer", "Appendable", *_STREAM),
    "OutputStreamWriter": ("Writer", "Appendable", *_STREAM),
}


def overload(typer: Typer, methods: list[JMethod], args: list[Any]) -> list[JMethod]:
    """The overloads among ``methods`` (each may take as many arguments) that a call with
    ``args`` may bind to."""
    left = [m for m in methods if _takes(typer, m, args)]
    if not left:  # the types read are wrong somewhere: none is ruled out
        return methods
    exact = [m for m in left if not m.varargs and _surely(typer, m, args, exact=True)]
    if len(exact) == 1:
        # Every parameter is its argument's own type: whichever others apply, this one
        # is as specific as each (and no varargs method is tried while one applies).
        return exact
    if any(not m.varargs and _surely(typer, m, args, exact=False) for m in left):
        left = [m for m in left if not m.varargs]  # javac tries varargs last
    if len(left) < 2 or any(m.varargs for m in left):
        return left
    best = [
        m
        for m in left
        if not any(
            o is not m and _as_specific(typer, o, m, args) and not _as_specific(typer, m, o, args)
            for o in left
        )
    ]
    return best or left


def _surely(typer: Typer, method: JMethod, args: list[Any], exact: bool) -> bool:
    """Whether ``method`` surely takes ``args``: each argument's known reference type is
    its parameter's type itself (``exact``), or else one of its known supertypes."""
    from prx.engine.intel.models.java_exprs import NULL, PRIMITIVE, PRIMITIVES

    if len(method.params) != len(args):
        return False
    for (_, param), arg in zip(method.params, args, strict=True):
        type_node = param.child_by_field_name("type")
        found = typer.type_of(arg)
        if type_node is None or found is NULL or found.base is None or found.static:
            return False
        if found.base is PRIMITIVE or type_node.type in PRIMITIVES:
            return False
        segments, dims, _ = type_segments(type_node)
        if not segments or dims != found.dims:
            return False
        declared = typer.index.resolve_type_node(method.owner.facts, type_node)[0]
        if isinstance(declared, JType):
            if found.jtype is not declared and (
                exact or found.jtype is None or declared not in typer.index.ancestors(found.jtype)
            ):
                return False
        elif found.jtype is not None:
            supers = jdk_supers(typer, found.jtype)
            if exact or supers is None or segments[-1] not in (*supers, "Object"):
                return False
        elif segments[-1] != found.name and (
            exact or segments[-1] not in ("Object", *_JDK_SUPERS.get(found.name, ("",)))
        ):
            return False
    return True


def _takes(typer: Typer, method: JMethod, args: list[Any]) -> bool:
    """Whether ``method`` may take ``args`` (False only when a type rules it out)."""
    from prx.engine.intel.models.java_family import type_variables

    variables = type_variables(method)
    for (_, param), arg in zip(method.params, args, strict=False):
        if param.type != "formal_parameter":
            return True  # varargs: not checked
        type_node = param.child_by_field_name("type")
        if type_node is not None and not _compatible(typer, arg, type_node, method, variables):
            return False
    return True


def _compatible(
    typer: Typer, arg: Any, type_node: Any, method: JMethod, variables: set[str]
) -> bool:
    """Whether argument ``arg`` may be passed to a parameter of type ``type_node`` (True
    unless the types rule it out)."""
    from prx.engine.intel.models.java_exprs import NULL, PRIMITIVE, PRIMITIVES

    if arg.type in ("lambda_expression", "method_reference"):
        from prx.engine.intel.models.java_lambdas import takes_lambda

        return takes_lambda(typer, arg, type_node, method.owner.facts, variables)
    found = typer.type_of(arg)
    if found is NULL:
        return type_node.type not in PRIMITIVES
    if found.base is None or found.static:
        return True
    if type_node.type in PRIMITIVES:
        if found.base is PRIMITIVE:
            return found.dims == 0
        return found.jtype is None and found.dims == 0 and found.name in _BOXES
    segments, dims, _ = type_segments(type_node)
    if not segments:
        if _element(type_node).type in PRIMITIVES:  # ``byte[]``: an array of them only
            return found.base is PRIMITIVE and found.dims == dims
        return True
    if segments[-1] in variables:  # ``T`` takes anything (boxed), ``T[]`` an array
        return (
            dims == 0 or found.dims > dims or (found.dims == dims and found.base is not PRIMITIVE)
        )
    if found.dims != dims:
        return False
    if found.base is PRIMITIVE:  # boxed, then widened to a reference type
        return dims == 0 and segments[-1] in _BOXING_TARGETS
    param = typer.index.resolve_type_node(method.owner.facts, type_node)[0]
    if isinstance(param, JType):
        if found.jtype is None:
            return False
        return found.jtype is param or param in typer.index.ancestors(found.jtype)
    if found.jtype is not None:
        if segments[-1] == "Object":
            return True
        supers = jdk_supers(typer, found.jtype)
        return supers is None or segments[-1] in supers
    if segments[-1] == "String":  # a final class: only a String is one
        return found.name in ("", "String")
    if found.name == "Object" or found.name in _JDK_SUPERS:
        # A JDK type whose supertypes are all known: only those take it.
        return segments[-1] in ("Object", found.name, *_JDK_SUPERS.get(found.name, ()))
    return True


def _element(type_node: Any) -> Any:
    """An array type's element type (``byte`` of ``byte[][]``); any other type itself."""
    while type_node.type == "array_type":
        inner = type_node.child_by_field_name("element")
        if inner is None:
            break
        type_node = inner
    return type_node


def jdk_supers(typer: Typer, jtype: JType) -> set[str] | None:
    """The simple names of the JDK types ``jtype`` extends or implements (through its
    project supertypes too), or None when one of them is not known here (it may be any
    type)."""
    index = typer.index
    names: set[str] = set()
    for t in (jtype, *index.ancestors(jtype)):
        if t.kind == "enum":
            names.add("Enum")
        elif t.kind == "record":
            names.add("Record")
        for node in t.super_nodes:
            if isinstance(index.resolve_type_node(t.facts, node)[0], JType):
                continue
            segments = type_segments(node)[0]
            if not segments:
                return None
            names.add(segments[-1])
    out = set(names)
    for name in names:
        more = _JDK_SUPERS.get(name)
        if more is None:
            return None
        out.update(more)
    return out


def _as_specific(typer: Typer, first: JMethod, second: JMethod, args: list[Any]) -> bool:
    """Whether ``first`` is at least as specific as ``second`` for ``args``: each of its
    parameters may be passed to the other's (what the argument is decides between a
    primitive and a reference parameter)."""
    from prx.engine.intel.models.java_exprs import NULL, PRIMITIVE, PRIMITIVES
    from prx.engine.intel.models.java_family import type_variables

    for (_, p1), (_, p2), arg in zip(first.params, second.params, args, strict=False):
        t1, t2 = p1.child_by_field_name("type"), p2.child_by_field_name("type")
        if t1 is None or t2 is None:
            return False
        s1, d1, _ = type_segments(t1)
        s2, d2, _ = type_segments(t2)
        prim1, prim2 = t1.type in PRIMITIVES, t2.type in PRIMITIVES
        if prim1 or prim2:
            if prim1 and prim2:
                if t1.text != t2.text:
                    return False
                continue
            found = typer.type_of(arg)
            primitive_arg = found.base is PRIMITIVE and found.dims == 0
            known_reference = found is NULL or (found.base is not None and not primitive_arg)
            if (prim1 and primitive_arg) or (prim2 and known_reference):
                continue
            return False
        if d1 != d2 or not s1 or not s2:
            return False
        if s1[-1] == s2[-1]:
            continue
        if d2 == 0 and (s2[-1] == "Object" or s2[-1] in type_variables(second)):
            continue
        r1 = typer.index.resolve_type_node(first.owner.facts, t1)[0]
        r2 = typer.index.resolve_type_node(second.owner.facts, t2)[0]
        if isinstance(r1, JType):
            if isinstance(r2, JType):
                if r2 in typer.index.ancestors(r1):
                    continue
                return False
            supers = jdk_supers(typer, r1)
            if supers is not None and s2[-1] in supers:
                continue
            return False
        if not isinstance(r2, JType) and s2[-1] in _JDK_SUPERS.get(s1[-1], ()):
            continue
        return False
    return True
