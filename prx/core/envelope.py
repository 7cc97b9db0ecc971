"""The JSON envelope every front-end answers with, and the serialiser for result types.

Success: ``{"version", "command", "status": "ok", "tokens", "data"}``; error:
``{"version", "command", "status": "error", "tokens", "error": {"code", "message",
"suggestion"?}}``; fallback: a success with ``"fallback": true`` and ``data: {raw, source}``.
Optional ``"warnings"`` lists plugin load failures and other notes. ``tokens`` counts the
whole serialised response, itself included.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence

from prx._version import __version__
from prx.core.errors import LIBRARY, PrxError, Wording
from prx.core.record import FALSY, OMIT_WHEN, json_fields
from prx.core.tokens import TokenCounter, count_fast

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

__all__ = [
    "Envelope",
    "dumps",
    "error_envelope",
    "escape_surrogates",
    "fallback_envelope",
    "ok_envelope",
    "to_jsonable",
    "with_warning",
]

#: An envelope is a plain JSON object.
Envelope: TypeAlias = "dict[str, Any]"


def _is_dataclass_instance(value: Any) -> bool:
    # Only a plugin's own dataclass gets here, and it imported dataclasses already.
    dataclasses = sys.modules.get("dataclasses")
    return (
        dataclasses is not None and dataclasses.is_dataclass(value) and not isinstance(value, type)
    )


#: Values returned as they are (the leaves of most results).
_PLAIN = frozenset({str, int, bool, type(None)})
#: Field names per dataclass type: ``dataclasses.fields`` costs more than the copy itself.
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
#: Per type with omissible fields: ``(name, value that omits it)``; ``_KEEP`` keeps it always.
_OMISSIONS: dict[type, tuple[tuple[str, object], ...]] = {}
_KEEP = object()
#: Per type with an :data:`~prx.core.record.ONLY_FIELDS` field: that field's name.
_SELECTORS: dict[type, str] = {}


def to_jsonable(value: Any) -> Any:
    """Turn a result dataclass (and anything nested in it) into plain JSON values."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    names = _FIELD_NAMES.get(kind)
    if names is None:
        if hasattr(kind, "__record_fields__") or _is_dataclass_instance(value):
            shown, selector = json_fields(kind)
            names = _FIELD_NAMES[kind] = tuple(f.name for f in shown)
            if selector is not None:
                _SELECTORS[kind] = selector
            if selector is not None or any(OMIT_WHEN in f.metadata for f in shown):
                _OMISSIONS[kind] = tuple((f.name, f.metadata.get(OMIT_WHEN, _KEEP)) for f in shown)
    if names is not None:
        omissions = _OMISSIONS.get(kind)
        if omissions is not None:
            selector = _SELECTORS.get(kind)
            only: tuple[str, ...] = getattr(value, selector) if selector is not None else ()
            return {
                name: to_jsonable(item)
                for name, omit in omissions
                if (not only or name in only)
                and ((item := getattr(value, name)) or omit is not FALSY)
                and (type(item) is not type(omit) or item != omit)
            }
        return {name: to_jsonable(getattr(value, name)) for name in names}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v) for v in value]
    if isinstance(value, float) and value != value:  # NaN is not JSON
        return None
    return value


def dumps(envelope: Mapping[str, Any], *, indent: int | None = None) -> str:
    """Serialise compactly (or indented), keeping non-ASCII text as is.

    The output is always valid UTF-8: see :func:`escape_surrogates` for the bytes of a
    name that is not UTF-8. It is also always one line for every line splitter: U+0085,
    U+2028 and U+2029 (which ``str.splitlines`` and some JSON Lines readers take as line
    ends) are written as ``\\uXXXX`` escapes.
    """
    if indent is None:
        text = json.dumps(envelope, separators=(",", ":"), ensure_ascii=False)
    else:
        text = json.dumps(envelope, indent=indent, ensure_ascii=False)
    if text.isascii():
        return text
    text = escape_surrogates(text, json_text=True)
    if "\x85" in text or "\u2028" in text or "\u2029" in text:
        text = text.translate(_LINE_BREAKS)
    return text


# Only inside JSON strings can these appear (json.dumps writes ASCII whitespace elsewhere).
_LINE_BREAKS = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def escape_surrogates(text: str, *, json_text: bool = False) -> str:
    """``text`` as valid UTF-8: each byte that is not UTF-8 shown as ``\\xNN``.

    Python reads such a byte of a file name or argument as a lone surrogate
    ``\\udc80``-``\\udcff`` (surrogateescape); answers show it as the four characters
    ``\\xNN``, which every command accepts back in a path (:meth:`Workspace.resolve`).
    Any other lone surrogate (only a batch line can send one) is shown as ``\\uXXXX``.
    With ``json_text`` the escapes are written as JSON string content (backslash doubled
    for ``\\xNN``, a JSON escape for ``\\uXXXX``).
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        slash = "\\\\" if json_text else "\\"
        return "".join(
            (f"{slash}x{ord(c) - 0xDC00:02x}" if 0xDC80 <= ord(c) <= 0xDCFF else f"\\u{ord(c):04x}")
            if 0xD800 <= ord(c) <= 0xDFFF
            else c
            for c in text
        )
    return text


#: How the envelope's own ``tokens`` reads in its serialised text (its fourth key, after
#: three short strings: the first occurrence is always it).
_TOKENS_AT_ZERO = '"tokens":0'


def _with_tokens(envelope: Envelope, count: TokenCounter) -> Envelope:
    # `tokens` is part of the response it measures: iterate to the fixed point (it
    # converges in two or three rounds because only a few digits change). The envelope is
    # serialised once; each round only writes the number into that text.
    envelope["tokens"] = 0
    text = dumps(envelope)
    at = text.find(_TOKENS_AT_ZERO) + len(_TOKENS_AT_ZERO) - 1
    head, tail = text[:at], text[at + 1 :]
    n = 0
    for _ in range(5):
        counted = count(f"{head}{n}{tail}")
        if counted == n:
            break
        n = counted
    envelope["tokens"] = n
    return envelope


def with_warning(envelope: Envelope, warning: str, count: TokenCounter = count_fast) -> Envelope:
    """``envelope`` with one more note in ``warnings`` (a front-end's own, such as the MCP
    server's background index), its ``tokens`` counted again."""
    envelope = dict(envelope)
    envelope["warnings"] = [*envelope.get("warnings", ()), warning]
    return _with_tokens(envelope, count)


def _base(command: str, status: str) -> Envelope:
    return {"version": __version__, "command": command, "status": status, "tokens": 0}


def ok_envelope(
    command: str,
    data: Any,
    *,
    warnings: Sequence[str] = (),
    count: TokenCounter = count_fast,
    extra: Mapping[str, Any] | None = None,
) -> Envelope:
    """Build a success envelope around ``data`` (a result dataclass or JSON values)."""
    env = _base(command, "ok")
    if extra:
        env.update(extra)
    env["data"] = to_jsonable(data)
    if warnings:
        env["warnings"] = list(warnings)
    return _with_tokens(env, count)


def error_envelope(
    command: str,
    error: PrxError,
    *,
    warnings: Sequence[str] = (),
    count: TokenCounter = count_fast,
    extra: Mapping[str, Any] | None = None,
    wording: Wording = LIBRARY,
) -> Envelope:
    """Build an error envelope from a :class:`~prx.core.errors.PrxError`, its texts in the
    front-end's ``wording`` (the command line spells ``--top-k`` what Python calls
    ``top_k``)."""
    env = _base(command, "error")
    if extra:
        env.update(extra)
    message, suggestion = error.worded(wording)
    body: dict[str, Any] = {"code": error.code, "message": message}
    if suggestion:
        body["suggestion"] = suggestion
    env["error"] = body
    if warnings:
        env["warnings"] = list(warnings)
    return _with_tokens(env, count)


def fallback_envelope(
    command: str,
    raw: str,
    source: str,
    *,
    notes: Mapping[str, Any] | None = None,
    warnings: Sequence[str] = (),
    count: TokenCounter = count_fast,
    extra: Mapping[str, Any] | None = None,
) -> Envelope:
    """Build the envelope of a Unix-tool fallback answer."""
    data: dict[str, Any] = {"raw": raw, "source": source}
    if notes:
        data.update(notes)
    marked = {"fallback": True, **(extra or {})}
    return ok_envelope(command, data, warnings=warnings, count=count, extra=marked)
