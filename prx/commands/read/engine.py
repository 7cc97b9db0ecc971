"""``prx read``: a file's content, metadata, hash and outline, with ranges, snapping,
skeletons, reduction modes and token budgets."""

from __future__ import annotations

import re

from prx.core import continuation
from prx.core.budget import READ_CEILING, cap_for
from prx.core.errors import InvalidArgumentError, InvalidRangeError, ParseError
from prx.core.hashing import content_hash, is_hash
from prx.core.results.read import ContentSlice, FileMeta, LineRange, ReadResult, Symbol
from prx.core.shebang import HEAD_BYTES
from prx.core.tokens import TokenCounter
from prx.engine.files.text import count_lines, load_text

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.commands.read.reread import Reread
    from prx.core.budget import Cap
    from prx.plugin.context import Context
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["parse_lines", "read_file"]

_RANGE = re.compile(r"\s*(\d+)\s*(?:(-)\s*(\d*)\s*)?")
_SNAPS = ("function", "fn", "class", "block")
_MODES = ("aggressive", "entropy", "diff")


def parse_lines(spec: str) -> tuple[int, int | None]:
    """Parse ``"A-B"``, ``"N"`` or ``"A-"`` into (start, end or None for "to the end")."""
    match = _RANGE.fullmatch(spec)
    if match is None:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected A-B, N or A-, got {spec!r}",
            param="lines",
            suggestion="For example 10-40 (lines 10 to 40), 42 (line 42) or 100- (line 100 "
            "to the end).",
        )
    start = int(match.group(1))
    if match.group(2) is None:
        end: int | None = start
    else:
        end = int(match.group(3)) if match.group(3) else None
    if start < 1:
        raise InvalidRangeError(
            "invalid range: lines are numbered from 1",
            param="lines",
            suggestion="Start the range at 1 (for example 1-10).",
        )
    if end is not None and end < start:
        raise InvalidRangeError(
            f"invalid range {spec!r}: the end comes before the start",
            param="lines",
            suggestion=f"Did you mean {{param}} {end}-{start}?",
        )
    return start, end


def _split_lines(text: str) -> list[str]:
    # Lines end at "\n" only (a lone "\r" stays inside its line), matching count_lines.
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    return parts


def _join(parts: list[str], through_end: bool, text: str) -> str:
    joined = "\n".join(parts)
    if parts and (not through_end or text.endswith("\n")):
        joined += "\n"
    return joined


def _validate(
    if_changed: str | None,
    snap: str | None,
    lines: str | None,
    mode: str | None,
) -> None:
    if if_changed is not None and not is_hash(if_changed):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected a 32-character hex hash, got {if_changed!r}",
            param="if_changed",
            suggestion="Pass meta.hash from an earlier {cmd:read} answer.",
        )
    if snap is not None and snap not in _SNAPS:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(_SNAPS)}, got {snap!r}",
            param="snap",
        )
    if snap is not None and lines is None:
        raise InvalidArgumentError(
            "invalid argument {param}: needs {param:lines} (the range to widen)",
            param="snap",
            suggestion="Give {param:lines} too (for example 42); {param} widens that range.",
        )
    if mode is not None and mode not in _MODES:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(_MODES)}, got {mode!r}",
            param="mode",
        )


def _outline(spec: LanguageSpec | None, data: bytes, notes: list[str]) -> tuple[Symbol, ...] | None:
    if spec is None or spec.grammar is None or "outline" not in spec.queries:
        return None
    from prx.engine.lang.outline import outline

    try:
        return outline(spec, data)
    except ParseError as err:
        notes.append(f"outline unavailable: {err.message}")
        return None


def read_file(
    ws: Context,
    path: str,
    *,
    lines: str | None = None,
    hash_only: bool = False,
    outline_only: bool = False,
    full_outline: bool = False,
    skeleton: bool = False,
    snap: str | None = None,
    mode: str | None = None,
    if_changed: str | None = None,
    budget: int | None = None,
    continue_token: str | None = None,
    fresh: bool = False,
) -> ReadResult:
    """Read ``path`` for :meth:`Workspace.read`; in a session with a read ledger
    (:mod:`prx.commands.read.ledger`), a re-read answers only what is new unless ``fresh``."""
    _validate(if_changed, snap, lines, mode)
    cap = cap_for(budget, READ_CEILING)
    _validate_skeleton(skeleton, mode, lines)
    source = _Source(ws, path)
    meta = source.meta()
    if if_changed is not None and if_changed.lower() == meta.hash and not fresh:
        return ReadResult(file=path, meta=meta, content=None, outline=None, cached=True)
    if hash_only:
        return ReadResult(file=path, meta=meta, content=None, outline=None)
    symbols = _outline(source.spec, source.loaded.data, source.notes)
    if outline_only:
        return _outline_only(path, meta, symbols, tuple(source.notes), cap)
    # The file's hash is part of the request: a token outlives no change of the file.
    request = continuation.fingerprint(str(source.resolved), skeleton, mode, meta.hash)
    column = 0
    if continue_token is not None:
        lines, column = _continued_lines(continue_token, request, path)
    content, total = source.content(lines, column, snap, skeleton, mode, cap.count)
    reread = _reread(source, meta, content, column)
    if reread is not None:
        if not fresh:
            answer = reread.answer(path, meta, tuple(source.notes), cap)
            if answer is not None:
                reread.sent(answer)
                return answer
        content = reread.content  # only the lines not sent before, when that is what goes
    shown = symbols if full_outline else _around(symbols, content.range, total)
    result = ReadResult(
        file=path,
        meta=meta,
        content=content,
        outline=shown,
        notes=tuple(source.notes),
        ledger=reread.note if reread is not None else None,
    )
    if cap.tokens is not None:
        whole_file = lines is None and not skeleton and mode is None
        whole_file = whole_file and (content.range.start, content.range.end) == (1, total)
        result = _fit(result, cap, symbols, full_outline, request, whole_file, column)
    if reread is not None:
        reread.sent(result)
    return result


def _reread(source: _Source, meta: FileMeta, content: ContentSlice, column: int) -> Reread | None:
    """The read's dealings with its session's ledger; None outside a session, and for an
    answer that is not the file's lines."""
    from prx.commands.read.ledger import current

    call = current()
    if call is None:
        return None
    from prx.commands.read.reread import Reread

    if not Reread.takes_part(content, column):
        return None
    return Reread(call, source.resolved, meta, source.loaded.text, content)


def _outline_only(
    path: str, meta: FileMeta, symbols: tuple[Symbol, ...] | None, notes: tuple[str, ...], cap: Cap
) -> ReadResult:
    """The answer of an outline-only read, cut to the budget."""
    whole = ReadResult(file=path, meta=meta, content=None, outline=symbols, notes=notes)
    if cap.tokens is None:
        return whole
    from prx.commands.read.fit import fit_outline_only

    return fit_outline_only(whole, cap)


def _around(
    symbols: tuple[Symbol, ...] | None, shown: LineRange, total: int
) -> tuple[Symbol, ...] | None:
    """The outline a read of lines ``shown`` carries: the symbols around them (all of
    them for the whole file)."""
    if symbols is None or (shown.start, shown.end) == (1, total):
        return symbols
    from prx.engine.lang.around import symbols_around

    return symbols_around(symbols, shown.start, shown.end)


def _fit(
    result: ReadResult,
    cap: Cap,
    symbols: tuple[Symbol, ...] | None,
    full_outline: bool,
    request: str,
    whole_file: bool,
    column: int,
) -> ReadResult:
    """``result`` cut to the budget, with a token for the rest (prx.commands.read.fit)."""
    from prx.commands.read.fit import ReadCut, fit_read

    cut = ReadCut(
        cap=cap,
        symbols=symbols,
        full_outline=full_outline,
        request=request,
        whole_file=whole_file,
        column=column,
    )
    return fit_read(result, cut)


def _validate_skeleton(skeleton: bool, mode: str | None, lines: str | None) -> None:
    if skeleton and mode is not None:
        raise InvalidArgumentError(
            "invalid argument {param}: it is a reduction of its own and takes no {param:mode}",
            param="skeleton",
            suggestion="Use either {param} or {param:mode}, not both.",
        )
    if skeleton and lines is not None:
        raise InvalidArgumentError(
            "invalid argument {param}: a skeleton covers the whole file and takes no {param:lines}",
            param="skeleton",
            suggestion="Drop {param:lines} for the skeleton, or read the range alone with "
            "{param:lines} (add {param:snap} function to widen it to whole symbols).",
        )


class _Source:
    """The file a read shows: its path as given and resolved, its bytes and text, its
    language, and the notes the answer carries about it."""

    __slots__ = ("loaded", "notes", "path", "resolved", "spec")

    def __init__(self, ws: Context, path: str) -> None:
        self.path = path
        self.resolved = ws.resolve(path)
        self.loaded = load_text(self.resolved, path, ws.confined)
        self.spec = ws.language_for(self.resolved, head=self.loaded.data[:HEAD_BYTES])
        self.notes: list[str] = []

    def meta(self) -> FileMeta:
        loaded = self.loaded
        return FileMeta(
            language=self.spec.name if self.spec else None,
            lines=count_lines(loaded.data),
            bytes=len(loaded.data),
            modified=loaded.modified,
            hash=content_hash(loaded.data),
            encoding="utf-8" if not loaded.decode_errors else "utf-8 (invalid bytes replaced)",
            decode_errors=loaded.decode_errors,
        )

    def content(
        self,
        lines: str | None,
        column: int,
        snap: str | None,
        skeleton: bool,
        mode: str | None,
        count: TokenCounter,
    ) -> tuple[ContentSlice, int]:
        """What the read shows (the lines asked for, snapped, the skeleton, or a reduction
        mode's text), and how many lines the file has."""
        text = self.loaded.text
        all_lines = _split_lines(text)
        total = len(all_lines)
        start, end, snap_label, snap_reason = self.line_range(lines, snap, total)
        if skeleton:
            text, start, end = _skeleton(self.spec, text, self.loaded.data, total, self.notes)
        else:
            if lines is not None:
                text = self.selected(all_lines, start, end, column, total)
            if mode is not None:
                text = self.reduced(mode, text, start, end, count)
        content = ContentSlice(
            range=LineRange(start=start, end=end),
            snap=snap_label,
            snap_reason=snap_reason,
            text=text,
            tokens=count(text),
            mode="skeleton" if skeleton else mode,
        )
        return content, total

    def line_range(
        self, lines: str | None, snap: str | None, total: int
    ) -> tuple[int, int, str | None, str | None]:
        """The first and last line to show, and the snap's label and reason."""
        if lines is None:
            return 1, total, None, None
        start, wanted_end = parse_lines(lines)
        if start > total:
            raise InvalidRangeError(
                f"invalid range: line {start} is past the end of {self.path} ({total} lines)",
                param="lines",
                suggestion=f"Ask for a range within 1-{total}." if total else "The file is empty.",
            )
        end = total if wanted_end is None else min(wanted_end, total)
        if snap is None:
            return start, end, None, None
        label, reason, start, end = _snap(self.spec, self.loaded.data, start, end, snap)
        return start, end, label, reason

    def selected(self, all_lines: list[str], start: int, end: int, column: int, total: int) -> str:
        """Lines ``start`` to ``end``; the first from character ``column`` on when an
        earlier page was cut inside it."""
        selected = all_lines[start - 1 : end]
        if column:
            if column >= len(selected[0]):
                raise InvalidArgumentError(
                    "invalid argument {param}: damaged read token", param="continue_token"
                )
            # An earlier page was cut inside this line: resume where it stopped.
            selected[0] = selected[0][column:]
            self.notes.append(f"line {start} continues from character {column + 1}")
        return _join(selected, end == total, self.loaded.text)

    def reduced(self, mode: str, text: str, start: int, end: int, count: TokenCounter) -> str:
        """``text`` (lines ``start`` to ``end``) as reduction ``mode`` shows it."""
        from prx.commands.read.modes import apply_mode

        reduced = apply_mode(mode, self.spec, self.resolved, self.loaded.text, text, start, end)
        _note_small_saving(mode, text, reduced, count, self.notes)
        return reduced


def _note_small_saving(
    mode: str, plain: str, reduced: str, count: TokenCounter, notes: list[str]
) -> None:
    """Say so when a reduction mode saved (almost) nothing, with both figures."""
    if mode == "diff":
        return  # a diff is other content, not a reduction of the text
    before, after = count(plain), count(reduced)
    if (before - after) * 20 < before:  # under 5 %
        notes.append(
            f"--mode {mode} saved {'nothing' if after >= before else 'little'} here: "
            f"{after} tokens of text vs {before} for the plain read"
        )


def _continued_lines(token: str, request: str, path: str) -> tuple[str, int]:
    """The ``--lines`` range a read continuation token stands for, and the characters of its
    first line already sent (when an earlier page was cut inside that line)."""
    if continuation.op_of(token) == "read" and continuation.request_of(token) != request:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: the token is for another read, or {path} changed "
            "since it was issued",
            param="continue_token",
            suggestion="Repeat the original read's arguments; if the file changed, read it "
            "again without {param}.",
        )
    if continuation.value_count(token) == 3:
        first, last, column = continuation.decode(token, "read", request, 3)
    else:
        first, last = continuation.decode(token, "read", request, 2)
        column = "0"
    lines = f"{continuation.decode_int(first, 'read')}-{continuation.decode_int(last, 'read')}"
    return lines, continuation.decode_int(column, "read")


def _snap(
    spec: LanguageSpec | None, data: bytes, start: int, end: int, target: str
) -> tuple[str | None, str, int, int]:
    if spec is None or spec.grammar is None:
        return None, "no grammar for this file: range kept as given", start, end
    from prx.engine.lang.snap import snap_range

    try:
        found = snap_range(spec, data, start, end, target)
    except ParseError as err:
        return None, f"{err.message}: range kept as given", start, end
    if found is None:
        return None, f"no enclosing {target}: range kept as given", start, end
    return target, found.reason, found.start, found.end


def _skeleton(
    spec: LanguageSpec | None, text: str, data: bytes, total: int, notes: list[str]
) -> tuple[str, int, int]:
    if spec is None or spec.grammar is None or "outline" not in spec.queries:
        notes.append("skeleton unavailable for this language: full text shown")
        return text, 1, total
    from prx.engine.lang.skeleton import skeleton

    try:
        return skeleton(spec, data), 1, total
    except ParseError as err:
        notes.append(f"skeleton unavailable ({err.message}): full text shown")
        return text, 1, total
