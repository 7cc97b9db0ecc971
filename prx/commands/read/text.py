"""The model-facing text of a read: the file's text as ``cat``/``sed`` print it, after one
header line saying which lines these are and where they sit (none for a whole file read
as is); the outline as ``start-end  signature`` lines; what a budget left out last."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from prx.commands.read.fit import OUTLINE_OMITTED
from prx.core.textform import omitted_text, symbol_lines

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]

#: Enclosing symbols named in a ranged read's header before "+N more".
_WHERE_NAMES = 4


def render(data: Mapping[str, Any]) -> str:
    meta = data["meta"]
    path = data["file"]
    if data.get("cached"):
        return f"{path}: unchanged since {meta['hash']}"
    content = data.get("content")
    ledger = data.get("ledger")
    lines: list[str] = []
    if content is None and ledger is not None:  # a session's re-read of unchanged lines
        lines.append(_unchanged(path, ledger))
    elif content is None:  # --hash, --outline
        language = meta.get("language") or "text"
        lines.append(
            f"{path}  {meta['lines']} lines, {meta['bytes']} bytes, {language}, hash {meta['hash']}"
        )
        lines.extend(symbol_lines(data.get("outline")))
    else:
        header = _header(path, meta, content, data.get("outline"), ledger)
        if header:
            lines.append(header)
        text = content["text"]
        lines.append(text[:-1] if text.endswith("\n") else text)
        if content.get("truncated"):
            lines.append(_cut(content, data.get("continuation_token")))
        if content.get("mode") is None and _beyond(data.get("outline") or (), content["range"]):
            lines.extend(symbol_lines(data["outline"]))
    # The text shows no outline but the header's names: a note on leaving it out is noise.
    notes = (n for n in data.get("notes") or () if not n.startswith(OUTLINE_OMITTED))
    lines.extend(f"note: {note}" for note in notes)
    return "\n".join(lines)


#: How a ledger's answer says to ask for the text again (the read's ``fresh`` argument).
_FRESH = "read with fresh for"


def _reads(ledger: Mapping[str, Any]) -> str:
    reads = ledger["reads"]
    listed = ", ".join(f"#{read}" for read in reads)
    return f"read {listed}" if len(reads) == 1 else f"reads {listed}"


def _moved(ledger: Mapping[str, Any]) -> str:
    was = ledger.get("was")
    return f" (then lines {was['start']}-{was['end']})" if was else ""


def _unchanged(path: str, ledger: Mapping[str, Any]) -> str:
    """A stub: the lines asked for were sent by earlier reads and have not changed."""
    span = ledger["lines"]
    return (
        f"{path}:{span['start']}-{span['end']} unchanged since {_reads(ledger)}"
        f"{_moved(ledger)}, hash {ledger['hash'][:8]}: not repeated; {_FRESH} the text"
    )


def _ledger_clause(ledger: Mapping[str, Any]) -> str:
    """What a ranged text's header says of the ledger: the lines left out, or that the
    file changed since an earlier read sent some of these lines."""
    span = ledger["lines"]
    if ledger["status"] == "partial":
        return (
            f"lines {span['start']}-{span['end']} unchanged since {_reads(ledger)}"
            f"{_moved(ledger)}: not repeated; {_FRESH} all"
        )
    return f"changed since {_reads(ledger)}: the current text"


def _beyond(outline: Sequence[Any], span: Mapping[str, int]) -> bool:
    """Whether the outline holds symbols outside the lines shown: the whole outline was
    asked for (a whole file's outline says nothing its text does not)."""
    return any(
        s["lines"]["end"] < span["start"] or s["lines"]["start"] > span["end"] for s in outline
    )


def _header(
    path: str,
    meta: Mapping[str, Any],
    content: Mapping[str, Any],
    outline: Any,
    ledger: Mapping[str, Any] | None = None,
) -> str | None:
    """The line before the text, saying only what the call and the text do not: where
    the lines sit (the symbols they are in, unless the text's first line is that symbol's
    own), the range when it is not the one asked for (a cut, a widened range), and what a
    session's read ledger left out. None when there is nothing to say: a whole file, or a
    range that starts a top-level definition (``cat`` and ``sed`` print no header either)."""
    span, mode = content["range"], content.get("mode")
    total = meta["lines"]
    if mode == "changes" and ledger is not None:
        return (
            f"{path}:{span['start']}-{span['end']} changed since {_reads(ledger)}: a diff "
            f"from the text sent then (-then +now line numbers); {_FRESH} the whole text"
        )
    if mode is not None:
        return f"{path} ({mode}, {total} lines)"
    start, end = span["start"], span["end"]
    if ledger is None and start == 1 and end == total:
        if not content.get("truncated") and not content.get("snap"):
            return None  # the whole file, as cat prints it
    parts = []
    if content.get("truncated") or content.get("snap") or ledger is not None:
        parts.append(f"{path}:{start}-{end} of {total}")
        if content.get("snap"):
            parts[-1] += f" ({content['snap']})"
        if ledger is not None:
            parts[-1] += f" ({_ledger_clause(ledger)})"
    text = content.get("text") or ""
    first = next((line for line in text.split("\n") if line.strip()), "")
    where = _where(outline or (), start, end, first)
    if where:
        shown = where[:_WHERE_NAMES]
        more = f" +{len(where) - len(shown)} more" if len(where) > len(shown) else ""
        parts.append("in " + ", ".join(shown) + more)
    return " ".join(parts) or None


def _where(
    symbols: Sequence[Any], start: int, end: int, first: str = "", prefix: str = ""
) -> list[str]:
    """Where lines ``start``-``end`` sit, as dotted names, naming only what the text does
    not show (a symbol whose first line is shown names itself): the innermost symbol
    that encloses them (its parent when they start at its own first line), or the
    children of it that began before them; at the top level, the symbols that did."""
    for symbol in symbols:
        span = symbol["lines"]
        if span["start"] <= start and span["end"] >= end:
            name = prefix + symbol["name"]
            inner = _where(symbol.get("children") or (), start, end, first, name + ".")
            if inner:
                return inner
            if span["start"] == start or _declares(first, symbol["name"]):
                # The text's first line is the symbol's own (its annotations above it).
                return [prefix[:-1]] if prefix else []
            begun = _begun_before(symbol.get("children") or (), start, f"{name}.")
            return begun or [name]
    if prefix:  # inside an enclosing symbol: it is where the lines sit
        return []
    return _begun_before(symbols, start, "")


def _declares(line: str, name: str) -> bool:
    """Whether ``line`` (the first one shown) declares ``name``: it holds the name as a
    word (a method read from its signature, its annotation line above it unshown)."""
    return bool(line) and re.search(rf"(?<![\w$]){re.escape(name)}(?![\w$])", line) is not None


def _begun_before(symbols: Sequence[Any], start: int, prefix: str) -> list[str]:
    """The symbols that run into line ``start`` from above it (those starting later are
    on show)."""
    return [
        prefix + symbol["name"]
        for symbol in symbols
        if symbol["lines"]["start"] < start <= symbol["lines"]["end"]
    ]


def _cut(content: Mapping[str, Any], token: str | None) -> str:
    said = omitted_text(content.get("omitted")) or "the rest left out"
    if content.get("next_lines"):
        return f"[{said}; next: lines {content['next_lines']}]"
    if token:
        return f"[{said}; next: continue {token}]"
    return f"[{said}]"
