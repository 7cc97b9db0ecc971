"""Frozen records: the dataclass behaviour prx's result types need, without ``dataclasses``.

Why not plain dataclasses: importing ``dataclasses`` pulls in ``inspect`` (with ``ast``,
``dis`` and ``tokenize``), and decorating a class compiles six functions; on this project's
CLI fast paths (``prx read``, ``find``, ``exists``) that was ~45 ms of a ~110 ms call. A record
compiles only its ``__init__`` and shares the other methods.

A record is frozen, slotted and (by default) keyword-only, with value equality and hashing,
like ``@dataclass(frozen=True, slots=True, kw_only=True)``. It stays usable with the
``dataclasses`` API (``fields``, ``replace``, ``asdict``, ``is_dataclass``): the
``__dataclass_fields__`` table is built on first access, which imports ``dataclasses`` only
for callers that use it.
"""

from __future__ import annotations

import sys
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any, TypeVar

    from typing_extensions import dataclass_transform

    _T = TypeVar("_T")
else:

    def dataclass_transform(**_options: object):  # noqa: ANN202 - a no-op at run time
        return lambda function: function


__all__ = [
    "ALWAYS",
    "FALSY",
    "INTERNAL",
    "MISSING",
    "OMIT_WHEN",
    "ONLY_FIELDS",
    "FrozenInstanceError",
    "RecordField",
    "Shown",
    "field",
    "fields_of",
    "is_required",
    "json_fields",
    "record",
    "replace",
]


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


#: Marks a field without a default.
MISSING: Any = _Missing()

_EMPTY: Mapping[str, Any] = {}

#: Metadata key read by :func:`prx.core.envelope.to_jsonable`: the field is left out of the JSON
#: when it holds this value (``None``, ``False`` or ``0``) -- for fields whose default says
#: nothing a reader needs, e.g. ``field(metadata={OMIT_WHEN: None})``.
OMIT_WHEN = "prx_omit_when"
#: Metadata key read by :func:`prx.core.envelope.to_jsonable`: the field is never part of the JSON
#: (state prx keeps for itself, such as what the Unix equivalent printed, for ``prx stats``),
#: e.g. ``field(default=None, metadata={INTERNAL: True}, compare=False)``.
INTERNAL = "prx_internal"
#: Metadata key read by :func:`prx.core.envelope.to_jsonable`, on one field holding a tuple of
#: field names: when not empty, those are the only fields the record's JSON shows (a compact
#: form of one value); the field itself is never part of the JSON.
ONLY_FIELDS = "prx_only_fields"


class _Always:
    __slots__ = ()

    def __repr__(self) -> str:
        return "ALWAYS"


#: An :data:`OMIT_WHEN` value: the field is never part of the JSON, though the record (its
#: repr, the Python API) keeps it -- a figure another key of the answer already gives.
ALWAYS: Any = _Always()


class _Falsy:
    __slots__ = ()

    def __repr__(self) -> str:
        return "FALSY"


#: An :data:`OMIT_WHEN` value: the field is left out of the JSON when its value is None,
#: zero or empty (a count of a rare kind whose zero says nothing).
FALSY: Any = _Falsy()
_MUTABLE_DEFAULTS = (list, dict, set, bytearray)


class FrozenInstanceError(AttributeError):
    """Raised when a field of a frozen record is assigned or deleted."""


class RecordField:
    """One field of a record, with the attribute names of :class:`dataclasses.Field`."""

    __slots__ = ("compare", "default", "default_factory", "metadata", "name", "type")

    def __init__(
        self,
        *,
        name: str,
        type: Any,
        default: Any = MISSING,
        default_factory: Any = MISSING,
        metadata: Mapping[str, Any] = _EMPTY,
        compare: bool = True,
    ) -> None:
        #: The field's name.
        self.name = name
        #: Its annotation (a string under ``from __future__ import annotations``).
        self.type = type
        #: Its default, or :data:`MISSING`.
        self.default = default
        #: A callable making the default (for mutable defaults), or :data:`MISSING`.
        self.default_factory = default_factory
        #: Free-form data attached with :func:`field` (``param()`` keeps ``ParamInfo`` here).
        self.metadata = metadata
        #: Whether equality and hashing look at the field.
        self.compare = compare

    def __repr__(self) -> str:
        return f"RecordField(name={self.name!r}, type={self.type!r}, default={self.default!r})"


def field(
    *,
    default: Any = MISSING,
    default_factory: Callable[[], Any] | Any = MISSING,
    metadata: Mapping[str, Any] | None = None,
    compare: bool = True,
) -> Any:
    """Declare a record field (the record analogue of ``dataclasses.field``); the record
    fills in its name and type."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return RecordField(
        name="",
        type=None,
        default=default,
        default_factory=default_factory,
        metadata=_EMPTY if metadata is None else metadata,
        compare=compare,
    )


def _declared(name: str, annotation: Any, value: Any) -> RecordField:
    """The field a class attribute declares: a plain default, a :func:`field` or a Field."""
    options: dict[str, Any] = {"default": value}
    if isinstance(value, RecordField):
        options = {
            "default": value.default,
            "default_factory": value.default_factory,
            "metadata": value.metadata,
            "compare": value.compare,
        }
    dataclasses = sys.modules.get("dataclasses")
    if dataclasses is not None and isinstance(value, dataclasses.Field):
        return _from_dataclass_field(value, name, annotation)
    return RecordField(name=name, type=annotation, **options)


def _from_dataclass_field(f: Any, name: str, annotation: Any) -> RecordField:
    missing = sys.modules["dataclasses"].MISSING
    return RecordField(
        name=name,
        type=annotation,
        default=MISSING if f.default is missing else f.default,
        default_factory=MISSING if f.default_factory is missing else f.default_factory,
        metadata=f.metadata,
        compare=bool(f.compare),
    )


def _frozen_error(message: str) -> AttributeError:
    # Callers that catch dataclasses.FrozenInstanceError must catch ours too; that class
    # exists only once dataclasses is imported, so the combined class is made on demand.
    dataclasses = sys.modules.get("dataclasses")
    if dataclasses is None:
        return FrozenInstanceError(message)
    both = _BOTH.get("class")
    if both is None:
        bases = (FrozenInstanceError, dataclasses.FrozenInstanceError)
        both = type("FrozenInstanceError", bases, {})
        _BOTH["class"] = both
    error: AttributeError = both(message)
    return error


_BOTH: dict[str, type[AttributeError]] = {}


def _setattr(self: object, name: str, value: object) -> None:
    raise _frozen_error(f"cannot assign to field {name!r}")


def _delattr(self: object, name: str) -> None:
    raise _frozen_error(f"cannot delete field {name!r}")


def _repr(self: Any) -> str:
    inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.__record_fields__)
    return f"{type(self).__qualname__}({inner})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = self.__record_values__
    return values(self) == values(other)


def _hash(self: Any) -> int:
    return hash(self.__record_values__(self))


def _getstate(self: Any) -> tuple[Any, ...]:
    values: tuple[Any, ...] = self.__record_state__(self)
    return values


def _setstate(self: Any, state: tuple[Any, ...]) -> None:
    for f, value in zip(self.__record_fields__, state, strict=True):
        object.__setattr__(self, f.name, value)


def _values_getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    if len(names) >= 2:
        return attrgetter(*names)
    if len(names) == 1:
        name = names[0]
        return lambda obj: (getattr(obj, name),)
    return lambda obj: ()


class _DataclassFields:
    """``__dataclass_fields__`` made on first access, for the ``dataclasses`` API."""

    __slots__ = ("frozen",)

    def __init__(self, frozen: bool) -> None:
        self.frozen = frozen

    def __get__(self, obj: object, owner: type) -> dict[str, Any]:
        import dataclasses

        fields: tuple[RecordField, ...] = owner.__record_fields__  # type: ignore[attr-defined]
        namespace: dict[str, Any] = {"__annotations__": {f.name: f.type for f in fields}}
        for f in fields:
            options: dict[str, Any] = {"metadata": f.metadata, "compare": f.compare}
            if f.default is not MISSING:
                options["default"] = f.default
            if f.default_factory is not MISSING:
                options["default_factory"] = f.default_factory
            namespace[f.name] = dataclasses.field(**options)
        shadow: Any = dataclasses.dataclass(frozen=self.frozen, kw_only=True)(
            type(owner.__name__, (), namespace)
        )
        table: dict[str, Any] = shadow.__dataclass_fields__
        type.__setattr__(owner, "__dataclass_fields__", table)
        type.__setattr__(owner, "__dataclass_params__", shadow.__dataclass_params__)
        return table


def is_required(f: RecordField) -> bool:
    """True when the field has neither a default nor a default factory."""
    return f.default is MISSING and f.default_factory is MISSING


def _is_classvar(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


def _collect(cls: type, kw_only: bool) -> dict[str, RecordField]:
    fields: dict[str, RecordField] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get("__record_fields__", ()):
            fields[f.name] = f
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            continue
        declared = _declared(name, annotation, cls.__dict__.get(name, MISSING))
        if isinstance(declared.default, _MUTABLE_DEFAULTS):
            raise TypeError(
                f"{cls.__name__}.{name}: mutable default {type(declared.default).__name__} is "
                "not allowed; use default_factory"
            )
        fields[name] = declared
    if not kw_only:
        seen_default = False
        for f in fields.values():
            required = is_required(f)
            if required and seen_default:
                raise TypeError(f"{cls.__name__}: non-default field {f.name!r} follows a default")
            seen_default = seen_default or not required
    return fields


def _init_function(
    cls: type, fields: tuple[RecordField, ...], kw_only: bool
) -> Callable[..., None]:
    namespace: dict[str, Any] = {"_set": object.__setattr__, "_MISSING": MISSING}
    params: list[str] = []
    body: list[str] = []
    for f in fields:
        value = f.name
        if f.default_factory is not MISSING:
            # A sentinel default, replaced by a fresh value on each call.
            namespace[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            value = f"_factory_{f.name}() if {f.name} is _MISSING else {f.name}"
        elif f.default is MISSING:
            params.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        body.append(f"_set(self, {f.name!r}, {value})")
    if hasattr(cls, "__post_init__"):
        body.append("self.__post_init__()")
    star = "*, " if kw_only and params else ""
    source = f"def __init__(self, {star}{', '.join(params)}):\n    " + "\n    ".join(
        body or ["pass"]
    )
    exec(source, namespace)  # noqa: S102 - the source is built above from field names only
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def _build(cls: type, kw_only: bool, eq: bool, frozen: bool = True) -> type:
    fields = _collect(cls, kw_only)
    ordered = tuple(fields.values())
    names = tuple(fields)
    inherited = {n for base in cls.__mro__[1:] for n in base.__dict__.get("__slots__", ())}
    own = {n for n, a in cls.__dict__.get("__annotations__", {}).items() if not _is_classvar(a)}
    namespace = {
        key: value
        for key, value in cls.__dict__.items()
        if key not in own and key not in ("__dict__", "__weakref__")
    }
    defaults: dict[str, Callable[..., Any] | None] = {
        "__init__": _init_function(cls, ordered, kw_only),
        "__repr__": _repr,
        "__getstate__": _getstate,
        "__setstate__": _setstate,
        "__replace__": replace,
    }
    if frozen:
        defaults["__setattr__"] = _setattr
        defaults["__delattr__"] = _delattr
    if eq:
        defaults["__eq__"] = _eq
        # A mutable record compares by value but has no hash, as a mutable dataclass.
        defaults["__hash__"] = _hash if frozen else None
    if any("__repr__" in base.__dict__ for base in cls.__mro__[1:-1]):
        del defaults["__repr__"]  # a base's own repr (prx.core.results._shown.Shown) is kept
    for key, value in defaults.items():
        namespace.setdefault(key, value)
    namespace["__slots__"] = tuple(n for n in names if n not in inherited)
    namespace["__record_fields__"] = ordered
    # Equality, hashing and pickling: the state of the compared fields.
    compared = tuple(f.name for f in ordered if f.compare)
    namespace["__record_values__"] = staticmethod(_values_getter(compared))
    namespace["__record_state__"] = staticmethod(_values_getter(names))
    namespace["__match_args__"] = () if kw_only else names
    namespace["__dataclass_fields__"] = _DataclassFields(frozen)
    return type(cls)(cls.__name__, cls.__bases__, namespace)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(field,))
def record(
    cls: Any = None, /, *, kw_only: bool = True, eq: bool = True, frozen: bool = True
) -> Any:
    """Make ``cls`` a frozen, slotted record (keyword-only unless ``kw_only=False``).

    ``eq=False`` keeps identity equality and hashing (for objects used as cache keys).
    ``frozen=False`` makes a mutable record (fields may be assigned; no hash), for working
    state such as a corpus being built.
    """

    def wrap(target: type[_T]) -> type[_T]:
        built: type[_T] = _build(target, kw_only, eq, frozen)
        return built

    return wrap if cls is None else wrap(cls)


def fields_of(obj: Any) -> tuple[RecordField, ...]:
    """The fields of a record or dataclass (class or instance), in declaration order."""
    cls = obj if isinstance(obj, type) else type(obj)
    own: tuple[RecordField, ...] | None = getattr(cls, "__record_fields__", None)
    if own is not None:
        return own
    import dataclasses

    return tuple(_from_dataclass_field(f, f.name, f.type) for f in dataclasses.fields(cls))


def json_fields(obj: Any) -> tuple[tuple[RecordField, ...], str | None]:
    """The fields of a record or dataclass that its JSON may show, in declaration order
    (not :data:`INTERNAL`, not omitted :data:`ALWAYS`, not the :data:`ONLY_FIELDS`
    selector), and the selector's name when it has one: the one statement of these rules
    for :func:`prx.core.envelope.to_jsonable`, the output schemas and the token counts."""
    fields = [f for f in fields_of(obj) if not f.metadata.get(INTERNAL)]
    selector = next((f.name for f in fields if f.metadata.get(ONLY_FIELDS)), None)
    shown = tuple(
        f for f in fields if f.name != selector and f.metadata.get(OMIT_WHEN) is not ALWAYS
    )
    return shown, selector


def replace(obj: _T, /, **changes: Any) -> _T:
    """A copy of a record (or dataclass) with ``changes`` applied, like ``dataclasses.replace``."""
    fields: tuple[RecordField, ...] | None = getattr(type(obj), "__record_fields__", None)
    if fields is None:
        import dataclasses

        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    values = {f.name: getattr(obj, f.name) for f in fields}
    unknown = changes.keys() - values.keys()
    if unknown:
        raise TypeError(f"{type(obj).__name__} has no field {sorted(unknown)[0]!r}")
    values.update(changes)
    return type(obj)(**values)


class Shown:
    """A base of result records: a concise ``repr``, a ``__rich__`` renderable and
    ``_repr_html_`` for notebooks (drawn by :mod:`prx.core.display`, imported on first use).
    A record keeps the ``__repr__`` a base defines."""

    __slots__ = ()

    def __repr__(self) -> str:
        from prx.core.display import concise_repr

        return concise_repr(self)

    def __rich__(self) -> Any:
        from prx.core.display import to_rich

        return to_rich(self)

    def _repr_html_(self) -> str:
        from prx.core.display import to_html

        return to_html(self)
