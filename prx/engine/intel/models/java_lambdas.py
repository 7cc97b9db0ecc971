"""The type of a Java lambda's parameter that states none: javac reads it from the
lambda's target type, and so does this, where the file states that type.

The target type is the declared type the lambda is given to: a variable's or field's
(``Function<Option, String> f = o -> ..``), an assignment's left side, the enclosing
method's result (``return o -> ..``), a project method's parameter, or a JDK
container's or stream's operation on a receiver whose element type is known
(``options.forEach(o -> ..)``, ``stream().filter(o -> ..)``, a map's ``forEach((k, v)
-> ..)``). From a functional interface of ``java.util.function`` (or ``Comparator``)
the parameter is one of its type arguments; from a project interface with one abstract
method, that method's parameter (its interface's type variables replaced by the type
arguments given). Anything else stays unknown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.java_facts import JType, text

if TYPE_CHECKING:
    from prx.engine.intel.models.java_exprs import Ty, Typer

__all__ = ["functional_arity", "lambda_arity", "lambda_parameter", "takes_lambda"]

#: The JDK's functional interfaces: for each parameter of the lambda, the type argument
#: that is its type (None: a primitive).
_FUNCTIONAL: dict[str, tuple[int | None, ...]] = {
    "Function": (0,),
    "BiFunction": (0, 1),
    "Consumer": (0,),
    "BiConsumer": (0, 1),
    "Predicate": (0,),
    "BiPredicate": (0, 1),
    "UnaryOperator": (0,),
    "BinaryOperator": (0, 0),
    "Comparator": (0, 0),
    "ToIntFunction": (0,),
    "ToLongFunction": (0,),
    "ToDoubleFunction": (0,),
    "ToIntBiFunction": (0, 1),
    "ToLongBiFunction": (0, 1),
    "ToDoubleBiFunction": (0, 1),
    "ObjIntConsumer": (0, None),
    "ObjLongConsumer": (0, None),
    "ObjDoubleConsumer": (0, None),
    "Supplier": (),
    "BooleanSupplier": (),
    "IntSupplier": (),
    "LongSupplier": (),
    "DoubleSupplier": (),
    "Runnable": (),
    "Callable": (),
}
#: Operations of a JDK collection, stream or optional of elements ``E`` that take a
#: lambda of ``E`` (each of its parameters is an element).
_ON_ELEMENTS = frozenset(
    {
        "forEach",
        "forEachOrdered",
        "forEachRemaining",
        "removeIf",
        "filter",
        "anyMatch",
        "allMatch",
        "noneMatch",
        "peek",
        "map",
        "flatMap",
        "mapToInt",
        "mapToLong",
        "mapToDouble",
        "mapToObj",
        "ifPresent",
        "ifPresentOrElse",
        "takeWhile",
        "dropWhile",
        "sort",
        "sorted",
        "min",
        "max",
    }
)
#: A JDK map's operations that take a lambda: the lambda's position among the
#: arguments and, per parameter, the type argument (0: the key's, 1: the value's).
_ON_ENTRIES: dict[str, tuple[int, tuple[int, ...]]] = {
    "forEach": (0, (0, 1)),
    "replaceAll": (0, (0, 1)),
    "computeIfAbsent": (1, (0,)),
    "computeIfPresent": (1, (0, 1)),
    "compute": (1, (0, 1)),
    "merge": (2, (1, 1)),
}
_MAPS = frozenset(
    {
        "Map",
        "HashMap",
        "LinkedHashMap",
        "TreeMap",
        "SortedMap",
        "NavigableMap",
        "ConcurrentMap",
        "ConcurrentHashMap",
        "EnumMap",
        "IdentityHashMap",
        "WeakHashMap",
    }
)
_WRAPPERS = frozenset({"parenthesized_expression", "ternary_expression", "cast_expression"})


def lambda_parameter(typer: Typer, lam: Any, index: int) -> Ty:
    """The type of parameter ``index`` of lambda ``lam`` (unknown when the file does not
    state the lambda's target type)."""
    from prx.engine.intel.models.java_exprs import UNKNOWN

    kind, found = _target(typer, lam)
    out = UNKNOWN
    if kind == "type":
        out = _from_type(typer, found, index)
    elif kind == "jdk":
        receiver, name, position = found
        out = _jdk_operation(typer, receiver, name, position, index)
    return out._replace(inferred=True) if out.base is not None else UNKNOWN


def functional_arity(typer: Typer, node: Any) -> int | None:
    """How many parameters the function a lambda or method reference ``node`` stands
    for takes, when the file states its target type."""
    kind, found = _target(typer, node)
    if kind == "type":
        return _arity(typer, found)
    if kind == "jdk":
        receiver, name, position = found
        if _jdk_operation(typer, receiver, name, position, 0).base is None:
            return None
        if name in _ON_ENTRIES and len(receiver.args) == 2:
            return len(_ON_ENTRIES[name][1])
        return 2 if name in ("sort", "sorted", "min", "max") else 1
    return None


def _target(typer: Typer, node: Any) -> tuple[str, Any]:
    """Where the file states the target type of a lambda or method reference:
    ``("type", Ty)`` (a declared type), ``("jdk", (receiver, name, position))`` (an
    argument of a JDK operation), or ``("", None)``."""
    parent = node.parent
    while parent is not None and parent.type in _WRAPPERS:
        if parent.type == "ternary_expression" and parent.child_by_field_name("condition") == node:
            return "", None
        if parent.type == "cast_expression":  # ``(Function<A, B>) a -> ..``
            type_node = parent.child_by_field_name("type")
            return ("type", typer.type_of_node(type_node)) if type_node else ("", None)
        node, parent = parent, parent.parent
    if parent is None:
        return "", None
    if parent.type == "variable_declarator" and parent.child_by_field_name("value") == node:
        decl = parent.parent
        type_node = decl.child_by_field_name("type") if decl is not None else None
        if type_node is not None and text(type_node) != "var":
            return "type", typer.type_of_node(type_node)
    elif parent.type == "assignment_expression" and parent.child_by_field_name("right") == node:
        left = parent.child_by_field_name("left")
        if left is not None:
            return "type", typer.type_of(left)
    elif parent.type == "return_statement":
        here = parent.parent
        while here is not None and here.type not in ("lambda_expression", "class_body"):
            if here.type == "method_declaration":
                type_node = here.child_by_field_name("type")
                return ("type", typer.type_of_node(type_node)) if type_node else ("", None)
            here = here.parent
    elif parent.type == "argument_list" and parent.parent is not None:
        position = list(parent.named_children).index(node)
        return _argument(typer, parent.parent, position)
    return "", None


def _argument(typer: Typer, call: Any, position: int) -> tuple[str, Any]:
    """The target type of argument ``position`` of ``call``."""
    if call.type != "method_invocation":
        return "", None
    methods, receiver = typer.invoked(call)
    name_node = call.child_by_field_name("name")
    name = text(name_node) if name_node is not None else ""
    if methods is None:
        return "jdk", (receiver, name, position)
    params = {
        text(m.params[position][1].child_by_field_name("type") or m.params[position][1])
        for m in methods
        if position < len(m.params) and m.params[position][1].type == "formal_parameter"
    }
    if len(methods) != 1 or len(params) != 1:
        return "", None
    method = methods[0]
    from prx.engine.intel.models.java_family import type_variables

    type_node = method.params[position][1].child_by_field_name("type")
    if type_node is None or _names_variable(type_node, type_variables(method)):
        return "", None
    return "type", typer.type_of_node(type_node, method.owner.facts)


def _arity(typer: Typer, target: Ty) -> int | None:
    """How many parameters the functional interface ``target`` takes."""
    from prx.engine.intel.models.java_index import EXTERNAL

    if target.dims or target.static:
        return None
    if target.base is EXTERNAL:
        shape = _FUNCTIONAL.get(target.name)
        return len(shape) if shape is not None else None
    jtype = target.jtype
    method = _abstract_method(typer, jtype) if jtype is not None else None
    return method.arity if method is not None else None


def _abstract_method(typer: Typer, jtype: JType) -> Any:
    """A project interface's one abstract method (None: not exactly one, or a project
    supertype could add one)."""
    if jtype.kind != "interface" or typer.index.ancestors(jtype):
        return None
    abstract = [
        m
        for methods in jtype.methods.values()
        for m in methods
        if not m.static and m.node.child_by_field_name("body") is None
    ]
    return abstract[0] if len(abstract) == 1 else None


def _jdk_operation(typer: Typer, receiver: Ty, name: str, position: int, index: int) -> Ty:
    """A lambda given to a JDK collection's, stream's or map's operation."""
    from prx.engine.intel.models.java_exprs import UNKNOWN
    from prx.engine.intel.models.java_index import EXTERNAL

    if receiver.base is not EXTERNAL or receiver.dims or receiver.static:
        return UNKNOWN
    args = receiver.args
    if len(args) == 1 and name in _ON_ELEMENTS and position == 0:
        return typer.type_of_node(args[0], receiver.facts)
    if len(args) == 2 and receiver.name in _MAPS and name in _ON_ENTRIES:
        at, which = _ON_ENTRIES[name]
        if position == at and index < len(which):
            return typer.type_of_node(args[which[index]], receiver.facts)
    return UNKNOWN


def _from_type(typer: Typer, target: Ty, index: int) -> Ty:
    """Parameter ``index`` of a lambda whose target type is ``target``."""
    from prx.engine.intel.models.java_exprs import UNKNOWN
    from prx.engine.intel.models.java_index import EXTERNAL

    if target.dims or target.static:
        return UNKNOWN
    if target.base is EXTERNAL:
        shape = _FUNCTIONAL.get(target.name)
        if shape is None or index >= len(shape) or shape[index] is None:
            return UNKNOWN
        which = shape[index]
        assert which is not None
        if which >= len(target.args):
            return UNKNOWN
        return typer.type_of_node(target.args[which], target.facts)
    jtype = target.jtype
    if jtype is None or jtype.kind != "interface":
        return UNKNOWN
    return _from_interface(typer, jtype, target, index)


def _from_interface(typer: Typer, jtype: JType, target: Ty, index: int) -> Ty:
    """A project interface with one abstract method (and no supertype of the project's
    that could add one): that method's parameter ``index``."""
    from prx.engine.intel.models.java_exprs import UNKNOWN
    from prx.engine.intel.models.java_family import type_variables

    method = _abstract_method(typer, jtype)
    if method is None or index >= len(method.params):
        return UNKNOWN
    param = method.params[index][1]
    type_node = param.child_by_field_name("type")
    if type_node is None:
        return UNKNOWN
    own = type_variables(method) - jtype.type_params
    if _names_variable(type_node, own):
        return UNKNOWN
    order = _type_parameters(jtype)
    if text(type_node) in order:  # ``T``: the type argument given for it
        at = order.index(text(type_node))
        if at >= len(target.args) or target.facts is None:
            return UNKNOWN
        return typer.type_of_node(target.args[at], target.facts)
    if _names_variable(type_node, jtype.type_params):
        return UNKNOWN
    return typer.type_of_node(type_node, jtype.facts)


def _type_parameters(jtype: JType) -> list[str]:
    params = next((c for c in jtype.node.named_children if c.type == "type_parameters"), None)
    out = []
    for param in params.named_children if params is not None else ():
        if param.named_children:
            out.append(text(param.named_children[0]))
    return out


def _names_variable(type_node: Any, variables: set[str]) -> bool:
    """Whether a type mentions one of ``variables`` (``T``, ``List<T>``, ``T[]``)."""
    if not variables:
        return False
    stack = [type_node]
    while stack:
        node = stack.pop()
        if node.type == "type_identifier" and text(node) in variables:
            return True
        stack.extend(node.named_children)
    return False


#: JDK types no lambda is (not functional interfaces).
_NOT_FUNCTIONAL = frozenset(
    {
        "Object",
        "String",
        "CharSequence",
        "Number",
        "Integer",
        "Long",
        "Short",
        "Byte",
        "Character",
        "Boolean",
        "Float",
        "Double",
        "Class",
        "Collection",
        "List",
        "Set",
        "Map",
        "Properties",
        "Optional",
    }
)


def lambda_arity(arg: Any) -> int | None:
    """How many parameters a lambda takes (None: a method reference, whose count is
    not written)."""
    if arg.type != "lambda_expression":
        return None
    params = arg.child_by_field_name("parameters")
    if params is None:
        return 0
    if params.type == "identifier":
        return 1
    return len(params.named_children)


def takes_lambda(typer: Typer, arg: Any, type_node: Any, facts: Any, variables: set[str]) -> bool:
    """Whether a lambda or method reference ``arg`` may be passed to a parameter of type
    ``type_node`` (read in ``facts``): a functional interface only, one whose method
    takes as many parameters when both are known."""
    from prx.engine.intel.models.java_exprs import PRIMITIVES
    from prx.engine.intel.models.java_facts import type_segments
    from prx.engine.intel.models.java_index import EXTERNAL

    if type_node.type in PRIMITIVES:
        return False
    segments, dims, _ = type_segments(type_node)
    if dims:
        return False
    if not segments or segments[-1] in variables:
        return True
    found = typer.index.resolve_type_node(facts, type_node)[0]
    if isinstance(found, JType):
        return found.kind == "interface"
    if found is not EXTERNAL:
        return True
    name = segments[-1]
    if name in _NOT_FUNCTIONAL:
        return False
    shape = _FUNCTIONAL.get(name)
    arity = lambda_arity(arg)
    return shape is None or arity is None or arity == len(shape)
