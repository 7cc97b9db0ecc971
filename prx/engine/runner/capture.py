"""A run's output in bounded memory: `prx run yes` must not take the machine down with it.

Each stream (stdout, stderr, and both merged in arrival order) keeps its first
:data:`HEAD_BYTES` and last :data:`TAIL_BYTES` in memory. What falls between is counted
(bytes, lines) and scanned: the lines that look like errors are kept (the first and last
:data:`MIDDLE_LINES` / 2 of them), the rest only counted. An output that fits in the two
windows is held whole, so parsers see exactly what the tool printed; a larger one is seen
through an :class:`OutputView` (numbered lines, with the gaps counted).

Nothing is lost: once the merged output outgrows the windows it is written to the raw log
as it arrives (up to :data:`RAW_LOG_MAX_BYTES`).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from typing import BinaryIO

from prx.engine.runner.excerpt import ERROR_LINE, marker

__all__ = [
    "HEAD_BYTES",
    "MIDDLE_LINES",
    "RAW_LOG_MAX_BYTES",
    "TAIL_BYTES",
    "BoundedStream",
    "Capture",
    "OutputView",
]

#: Bytes kept from the start of each stream.
HEAD_BYTES = 256 * 1024
#: Bytes kept from the end of each stream (test runners print their verdict last).
TAIL_BYTES = 1024 * 1024
#: Error-looking lines kept from between the two windows.
MIDDLE_LINES = 200
#: Bytes shown of a line cut at a window's edge (and kept of an error-looking middle line).
EDGE_LINE_BYTES = 1000
#: The raw log stops growing here; the rest is counted, not saved.
RAW_LOG_MAX_BYTES = 256 * 1024 * 1024

_ERROR_BYTES = re.compile(ERROR_LINE.pattern.encode(), re.IGNORECASE)
#: The words of ERROR_LINE, for a fast scan of lowered bytes.
_ERROR_WORDS = (b"error", b"fail", b"panic", b"exception", b"traceback", b"fatal", b"warn")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


class _Middle:
    """The bytes between a stream's head and tail windows: counted, error lines kept.

    Line ``j`` of the middle is the one after its ``j``-th newline; line 0 began in the
    head unless the head ended with a newline (``starts_line``).
    """

    def __init__(self, keep: int, *, starts_line: bool) -> None:
        self.size = 0
        self.newlines = 0
        #: Offsets (within the middle) of its first and last newline; -1 when none.
        self.first_nl = -1
        self.last_nl = -1
        #: Error-looking whole lines seen, kept or not.
        self.errors = 0
        self.first: list[tuple[int, bytes, int]] = []
        self.last: deque[tuple[int, bytes, int]] = deque(maxlen=max(1, keep - keep // 2))
        #: The start of line 0's part in the middle, when line 0 began in the head.
        self.lead = b""
        #: The start of the current line's part in the middle (capped), and its length.
        self.carry = bytearray()
        self.carry_len = 0
        self._half = keep // 2
        self._keep = keep
        self._open = starts_line  # whether the current line began in the middle

    def _extend(self, piece: bytes) -> None:
        self.carry_len += len(piece)
        room = EDGE_LINE_BYTES - len(self.carry)
        if room > 0:
            self.carry += piece[:room]

    def _found(self, index: int, text: bytes | bytearray, length: int) -> None:
        self.errors += 1
        self._keep_line(index, text, length)

    def _keep_line(self, index: int, text: bytes | bytearray, length: int) -> None:
        entry = (index, bytes(text[:EDGE_LINE_BYTES]), length)
        if len(self.first) < self._half:
            self.first.append(entry)
        else:
            self.last.append(entry)

    def feed(self, chunk: bytes) -> None:
        base = self.size
        self.size += len(chunk)
        first = chunk.find(b"\n")
        if first < 0:
            self._extend(chunk)
            return
        self._extend(chunk[:first])  # the current line ends here
        if not self._open:
            self.lead = bytes(self.carry)
        elif self._keep and _ERROR_BYTES.search(self.carry):
            self._found(self.newlines, self.carry, self.carry_len)
        if self.first_nl < 0:
            self.first_nl = base + first
        self.carry.clear()
        self.carry_len = 0
        self._open = True
        self.newlines += 1
        self.last_nl = base + first
        pos = first + 1
        end = chunk.rfind(b"\n", pos)
        if end >= 0:  # whole lines in chunk[pos:end + 1]
            if self._keep:
                self._scan(chunk, pos, end)
            self.newlines += chunk.count(b"\n", pos, end + 1)
            self.last_nl = base + end
            pos = end + 1
        self._extend(chunk[pos:])

    def _scan(self, chunk: bytes, pos: int, end: int) -> None:
        """Keep the error-looking lines among the whole lines of ``chunk[pos:end + 1]``."""
        low = chunk.lower()  # bytes.find on each word is far faster than an (?i) regex
        starts = set()
        for word in _ERROR_WORDS:
            at = low.find(word, pos, end)
            while at >= 0:
                start = low.rfind(b"\n", pos, at) + 1 or pos
                starts.add(start)
                at = low.find(word, low.find(b"\n", at, end + 1) + 1, end)
        if not starts:
            return
        ordered = sorted(starts)
        self.errors += len(ordered)
        room = max(0, self._half - len(self.first))
        wanted = ordered[:room]
        rest = ordered[room:]
        wanted += rest[max(0, len(rest) - (self.last.maxlen or 0)) :]
        index, counted = self.newlines, pos
        for start in wanted:  # only the lines kept need their number
            stop = chunk.find(b"\n", start, end + 1)
            index += chunk.count(b"\n", counted, start)
            counted = start
            self._keep_line(index, chunk[start:stop], stop - start)


class OutputView:
    """Some lines of an output too large to hold, each with its 0-based line number.

    A line cut at a window's edge shows :data:`EDGE_LINE_BYTES` of itself and a marker
    that counts the bytes it leaves out; those lines are in ``partial`` (their indices).
    """

    __slots__ = (
        "_flags",
        "_runs",
        "hidden",
        "lines",
        "middle_errors",
        "numbers",
        "partial",
        "size",
        "total",
    )

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.numbers: list[int] = []
        self.partial: set[int] = set()
        #: Bytes left out of each partial line, by index.
        self.hidden: dict[int, int] = {}
        #: Lines of the whole output (counted by newline).
        self.total = 0
        #: Bytes of the whole output.
        self.size = 0
        #: Error-looking lines between the windows that are not among ``lines``.
        self.middle_errors = 0
        self._runs: list[int] = []  # indices where consecutive numbering starts anew
        self._flags: list[bool] | None = None

    def _append(self, number: int, texts: list[str]) -> None:
        if not (self.numbers and number == self.numbers[-1] + 1):
            self._runs.append(len(self.lines))
        self.lines.extend(texts)
        self.numbers.extend(range(number, number + len(texts)))

    def add_block(self, number: int, raw: bytes) -> None:
        """Whole lines (``raw`` holds them without the last newline), from line ``number``."""
        self._append(number, _clean(raw))

    def add(self, number: int, raw: bytes, *, hidden: int = 0, at_start: bool = False) -> None:
        """One line; ``hidden`` bytes of it left out, before what is shown if ``at_start``."""
        (text,) = _clean(raw.replace(b"\n", b" "))
        if hidden:
            cut = marker(hidden, "bytes")
            text = f"{cut} {text}" if at_start else f"{text} {cut}"
            self.partial.add(len(self.lines))
            self.hidden[len(self.lines)] = hidden
        self._append(number, [text])

    @property
    def flags(self) -> list[bool]:
        """Whether each line looks like an error (``ERROR_LINE``)."""
        if self._flags is None:
            low = "\n".join(self.lines).lower()
            if any(word.decode() in low for word in _ERROR_WORDS):
                self._flags = [bool(ERROR_LINE.search(x)) for x in self.lines]
            else:  # the usual case, settled at C speed
                self._flags = [False] * len(self.lines)
        return self._flags

    @property
    def errors(self) -> int:
        """Error-looking lines of the whole output."""
        return sum(self.flags) + self.middle_errors

    def text(self) -> str:
        """The view as text for parsers: a marker line wherever lines are missing."""
        out: list[str] = []
        previous = -1
        bounds = [*self._runs, len(self.lines)]
        for start, stop in zip(bounds, bounds[1:], strict=False):
            if self.numbers[start] - previous > 1:
                out.append(marker(self.numbers[start] - previous - 1))
            out.append("\n".join(self.lines[start:stop]))
            previous = self.numbers[stop - 1]
        if self.total - previous > 1:
            out.append(marker(self.total - previous - 1))
        return "\n".join(out) + "\n" if out else ""


def _clean(raw: bytes) -> list[str]:
    """Lines of ``raw`` cleaned as :func:`~prx.engine.runner.excerpt.split_lines` cleans them (no
    ANSI colours; a carriage-return progress line's last redraw), split on newlines only."""
    text = raw.decode("utf-8", "replace")
    if "\x1b" in text:
        text = _ANSI.sub("", text)
    lines = text.split("\n")
    if "\r" in text:
        lines = [x.removesuffix("\r").rsplit("\r", 1)[-1] if "\r" in x else x for x in lines]
    return lines


class BoundedStream:
    """One stream: its first and last bytes in memory, the middle counted and scanned."""

    def __init__(
        self, head: int = HEAD_BYTES, tail: int = TAIL_BYTES, keep: int = MIDDLE_LINES
    ) -> None:
        self._head_limit, self._tail_limit, self._keep = head, tail, keep
        self.head = bytearray()
        self.tail: deque[bytes] = deque()
        self.tail_size = 0
        self.size = 0
        self.middle: _Middle | None = None

    @property
    def cut(self) -> bool:
        """Whether some of the stream is no longer held."""
        return self.middle is not None and self.middle.size > 0

    def feed(self, chunk: bytes) -> None:
        self.size += len(chunk)
        room = self._head_limit - len(self.head)
        if room > 0:
            self.head += chunk[:room]
            chunk = chunk[room:]
            if not chunk:
                return
        self.tail.append(chunk)
        self.tail_size += len(chunk)
        while self.tail_size - len(self.tail[0]) >= self._tail_limit:
            old = self.tail.popleft()
            self.tail_size -= len(old)
            if self.middle is None:
                self.middle = _Middle(self._keep, starts_line=self.head.endswith(b"\n"))
            self.middle.feed(old)

    def whole(self) -> bytes:
        """Everything, when nothing was cut."""
        assert not self.cut
        return bytes(self.head) + b"".join(self.tail)

    def text(self) -> str:
        """The stream as parsers see it: whole, or its view with the gaps marked."""
        if not self.cut:
            return self.whole().decode("utf-8", "replace")
        return self.view().text()

    def view(self) -> OutputView:
        """The numbered lines held of a cut stream (see :class:`OutputView`)."""
        middle = self.middle
        assert middle is not None
        view = OutputView()
        view.size = self.size
        head = bytes(self.head)
        tail = b"".join(self.tail)
        head_end = head.rfind(b"\n")
        number = 0
        if head_end >= 0:
            view.add_block(0, head[:head_end])
            number = head.count(b"\n")
        rest = head[head_end + 1 :]  # the line running over the head's end
        tail_start = tail.find(b"\n")
        cont = tail if tail_start < 0 else tail[:tail_start]  # the line the tail starts in
        if middle.newlines == 0:  # one line runs from the head through the middle into the tail
            length = len(rest) + middle.size + len(cont)
            if middle.carry_len == len(middle.carry):  # the middle's part is short: held
                view.add_block(number, rest + bytes(middle.carry) + cont)
            elif rest:
                shown = rest[:EDGE_LINE_BYTES]
                view.add(number, shown, hidden=length - len(shown))
            else:
                shown = cont[-EDGE_LINE_BYTES:]
                view.add(number, shown, hidden=length - len(shown), at_start=True)
            after = number + 1
        else:
            if rest and len(middle.lead) == middle.first_nl:  # its rest is held: all of it
                view.add_block(number, rest + middle.lead)
            elif rest:
                shown = rest[:EDGE_LINE_BYTES]
                view.add(number, shown, hidden=len(rest) + middle.first_nl - len(shown))
            for index, text, length in [*middle.first, *middle.last]:
                view.add(number + index, text, hidden=length - len(text))
            after = number + middle.newlines
            before = middle.size - middle.last_nl - 1  # bytes of this line in the middle
            if before == len(middle.carry):  # held (or none): the line is whole
                if middle.carry or cont or tail_start >= 0:
                    view.add_block(after, bytes(middle.carry) + cont)
            else:
                shown = cont[-EDGE_LINE_BYTES:]
                view.add(after, shown, hidden=before + len(cont) - len(shown), at_start=True)
            after += 1
        remaining = tail[tail_start + 1 :] if tail_start >= 0 else b""
        if remaining:
            view.add_block(after, remaining.removesuffix(b"\n"))
        view.total = view.numbers[-1] + 1 if view.numbers else 0
        view.middle_errors = middle.errors - len(middle.first) - len(middle.last)
        return view


class Capture:
    """Both streams of one run, in bounded memory, and the raw log they spill into."""

    def __init__(self, open_log: Callable[[], tuple[str, BinaryIO] | None] | None = None) -> None:
        # Error lines between the windows are kept from the merged stream only (one scan).
        self.stdout = BoundedStream(keep=0)
        self.stderr = BoundedStream(keep=0)
        self.merged = BoundedStream()
        self._open_log = open_log
        self._log: BinaryIO | None = None
        #: The raw log written while the command ran, once the output outgrew the windows.
        self.log_path: str | None = None
        self.log_bytes = 0
        #: Why the raw log is missing or incomplete, when it is.
        self.log_note: str | None = None

    def feed(self, stream: str, chunk: bytes) -> None:
        """Take one chunk of ``stream`` (``stdout`` or ``stderr``), in arrival order."""
        (self.stdout if stream == "stdout" else self.stderr).feed(chunk)
        if self.log_path is None and self.merged.size + len(chunk) > HEAD_BYTES + TAIL_BYTES:
            self._spill()
        if self._log is not None:
            self._write(chunk)
        self.merged.feed(chunk)

    def _spill(self) -> None:
        """Start the raw log with everything so far (all still held), before any is cut."""
        if self.log_note is not None:
            return
        opened = self._open_log() if self._open_log is not None else None
        if opened is None:
            self.log_note = "the raw log could not be saved"
            return
        self.log_path, self._log = opened
        self._write(bytes(self.merged.head) + b"".join(self.merged.tail))

    def _write(self, data: bytes) -> None:
        assert self._log is not None
        room = RAW_LOG_MAX_BYTES - self.log_bytes
        if len(data) > room and self.log_note is None:
            self.log_note = f"the raw log holds the first {RAW_LOG_MAX_BYTES // 2**20} MiB only"
        if room <= 0:
            return
        try:
            self._log.write(data[:room])
        except OSError:
            self.log_note = "the raw log could not be written in full"
            self.close()
            return
        self.log_bytes += min(room, len(data))

    def close(self) -> None:
        """Close the raw log (the command is done)."""
        if self._log is not None:
            try:
                self._log.close()
            except OSError:
                self.log_note = self.log_note or "the raw log could not be written in full"
            self._log = None
