"""The model-facing text of an answer: the envelope's facts in few tokens.

The JSON envelope is for programs: every fact under a named key. A model reads text, and
pays for every repeated key, null and hash it did not ask for. Each operation may give its
own rendering (:attr:`prx.plugin.operation.Operation.text`, called with the envelope's
``data``); :func:`generic_text` renders the others. Errors, fallbacks and warnings are
rendered here, the same for every operation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "check_lines",
    "cuts_text",
    "generic_text",
    "lazy_rendering",
    "omitted_text",
    "render_text",
    "rendering",
    "scalar_text",
    "symbol_lines",
]

#: An operation's rendering of its data, or None for the generic one.
TextOf = Callable[[str], "Callable[[Mapping[str, Any]], str] | None"]


def rendering(
    text: Callable[[Mapping[str, Any]], str] | None,
) -> Callable[[Mapping[str, Any]], str]:
    """An operation's rendering (its ``text``), else :func:`generic_text`."""
    return text if text is not None else generic_text


def render_text(envelope: Mapping[str, Any], text_of: TextOf) -> str:
    """The text of ``envelope``: an error as ``error [code] message`` and its hint, a
    fallback as its source and the Unix tool's output, an answer by the operation's
    rendering (``text_of(command)``, else :func:`generic_text`); warnings last."""
    parts: list[str] = []
    if envelope.get("status") == "error":
        error = envelope["error"]
        parts.append(f"error [{error['code']}] {error['message']}")
        if error.get("suggestion"):
            parts.append(f"hint: {error['suggestion']}")
    elif envelope.get("fallback"):
        data = envelope["data"]
        parts.append(f"fallback: {data['source']}")
        parts.append(str(data.get("raw", "")).rstrip("\n"))
    else:
        render = rendering(text_of(str(envelope.get("command", ""))))
        data = envelope.get("data")
        parts.append(render(data) if isinstance(data, Mapping) else scalar_text(data))
    parts.extend(f"warning: {warning}" for warning in envelope.get("warnings", ()))
    return "\n".join(part for part in parts if part)


def scalar_text(value: Any) -> str:
    """A scalar as a model reads it: ``yes``/``no``, numbers and strings as themselves."""
    if value is True or value is False:
        return "yes" if value else "no"
    return "" if value is None else str(value)


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {} or value == ()


def generic_text(data: Mapping[str, Any], indent: str = "") -> str:
    """``key: value`` lines for ``data``, leaving out empty fields (None, "", [], {}) and
    the answer's ``root`` (paths are relative to it: the caller knows it); nested
    mappings indented under their key, lists of scalars on one line, lists of mappings
    one item per line."""
    lines: list[str] = []
    for key, value in data.items():
        if _empty(value) or (key == "root" and not indent):
            continue
        if isinstance(value, Mapping):
            lines.append(f"{indent}{key}:")
            lines.append(generic_text(value, indent + "  "))
        elif isinstance(value, (list, tuple)):
            if all(not isinstance(item, (Mapping, list, tuple)) for item in value):
                lines.append(f"{indent}{key}: {', '.join(scalar_text(v) for v in value)}")
                continue
            lines.append(f"{indent}{key}:")
            for item in value:
                if isinstance(item, Mapping):
                    body = generic_text(item, indent + "  ").lstrip()
                    lines.append(f"{indent}- {body}")
                else:
                    lines.append(f"{indent}- {scalar_text(item)}")
        elif isinstance(value, str) and "\n" in value:
            lines.append(f"{indent}{key}:")
            lines.append(value.rstrip("\n"))
        else:
            lines.append(f"{indent}{key}: {scalar_text(value)}")
    return "\n".join(line for line in lines if line)


#: Kinds of symbol whose signature is an assignment: the outline shows their names.
_VALUES = frozenset({"const", "constant", "variable", "var", "let", "field", "property"})


def symbol_lines(symbols: Any, indent: str = "") -> list[str]:
    """An outline as lines: ``START signature`` (the kind and name when there is no
    signature; a constant's name without its value), ``START-END signature`` for a symbol
    with children, which follow it unindented: their lines fall inside its range (an
    indent costs a token a line). A leaf's end line stays in the JSON."""
    lines: list[str] = []
    for symbol in symbols or ():
        children = symbol.get("children")
        span = symbol["lines"]
        where = f"{span['start']}-{span['end']}" if children else str(span["start"])
        said = symbol.get("signature") or f"{symbol['kind']} {symbol['name']}"
        if symbol.get("kind") in _VALUES and "=" in said:
            said = said.split("=", 1)[0].rstrip()  # a constant's name, not its value
        lines.append(f"{indent}{where} {said}")
        lines.extend(symbol_lines(children, indent))
    return lines


def omitted_text(omitted: Mapping[str, Any] | None, what: str = "lines") -> str:
    """What a cut left out, in words: ``lines 8-1659 left out (the budget, ~14770
    tokens)``; empty when nothing was."""
    if not omitted:
        return ""
    span = omitted.get("lines")
    left = f"{what} {span['start']}-{span['end']}" if span else f"{omitted['count']} {what}"
    size = f", ~{omitted['tokens']} tokens" if omitted.get("tokens") else ""
    return f"{left} left out ({omitted.get('reason', 'budget')}{size})"


def lazy_rendering(target: str) -> Callable[[Mapping[str, Any]], str]:
    """The rendering ``module:function``, imported on its first call (an operation's
    module loads nothing its command does not run)."""
    module_name, _, name = target.partition(":")

    def render(data: Mapping[str, Any]) -> str:
        import importlib

        function: Callable[[Mapping[str, Any]], str] = getattr(
            importlib.import_module(module_name), name
        )
        return function(data)

    render.__qualname__ = render.__name__ = f"lazy_rendering({target!r})"
    return render


def cuts_text(cuts: Any) -> list[str]:
    """The parts an answer left out (its ``omitted`` list of cuts), each with how to get
    it: ``[29 symbols left out (ceiling): prx outline src/]``."""
    return [
        f"[{cut['count']} {cut['part']} left out ({cut['reason']}): {cut['retrieve']}]"
        for cut in cuts or ()
    ]


def check_lines(check: Mapping[str, Any] | None) -> list[str]:
    """What a post-change checker found (an edit's or a rename's ``check``): one line,
    then each new error as ``file:line message``."""
    if not check:
        return []
    if not check.get("ran"):
        return [f"check: not run ({check.get('why_not') or 'no checker'})"]
    said = f"check: {check.get('command')}: {check.get('new_error_count', 0)} new errors"
    said += f" ({check.get('errors_before', 0)} before, {check.get('errors_after', 0)} after)"
    if check.get("rolled_back"):
        said += "; rolled back"
    if check.get("rollback_refused"):
        said += f"; not rolled back: {check['rollback_refused']}"
    lines = [said]
    for error in check.get("new_errors") or ():
        where = f"{error.get('file')}:{error.get('line')}"
        lines.append(f"{where} {error.get('message', '')}".rstrip())
    return lines
