"""The read ledger: what one session's reads sent, so that a re-read answers only what is new.

A session (an MCP client's server process, a :class:`prx.Session`) keeps one
:class:`Ledger`, and each of its reads runs inside :meth:`Ledger.serving`. Per file (its path
as resolved in the root) the ledger keeps the file's text as the session's last read of it
saw it and, for each line, which read sent it and under which number. A read compares that
with the file as it is now (:class:`View`) and :meth:`View.decide` says what to answer:
a stub for lines all sent and unchanged, a diff from the text sent for a file changed
since (when it is much smaller than the text), only the lines not sent when the first or
last ones were, else the text (docs/ledger.md).

Nothing is trusted but the file's bytes: every read loads and hashes the file, and a line
counts as known only while its text is the text sent (across an edit, the known lines are
carried through an alignment of the two versions, which pairs equal lines only).

What a read sent is recorded only once its answer is given (:meth:`LedgerCall.commit`): an
answer computed twice (refitted to exact tokens) or never given (an error) leaves no trace.
The ledger belongs to the session's front-end, never to the workspace, so the warm server's
command-line calls and another client's calls never see it.
"""

from __future__ import annotations

import threading
from array import array
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from prx.core.record import record
from prx.core.results.read import LedgerNote, LineRange

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.core.tokens import TokenCounter

__all__ = [
    "DEFAULT_MAX_BYTES",
    "DIFF_CONTEXT",
    "DIFF_SHARE",
    "PARTIAL_MIN_TOKENS",
    "Decision",
    "Ledger",
    "LedgerCall",
    "View",
    "current",
    "split_lines",
    "unified_diff",
]

#: Memory a ledger may hold (the files' texts, a few bytes per line besides); the files
#: read longest ago are forgotten first, and a file larger than a quarter of it is never kept.
DEFAULT_MAX_BYTES = 32 * 1024 * 1024
#: A changed range is answered by a diff only when the diff costs at most this share of the
#: text's tokens: a diff nearly as long as the text is harder to use for little gain.
DIFF_SHARE = 0.5
#: Unchanged lines shown around each change of a diff.
DIFF_CONTEXT = 2
#: Lines sent before at one end of a range are left out only when they hold at least this
#: many tokens (less is not worth the note that says so).
PARTIAL_MIN_TOKENS = 50
#: Changed middles larger than this (lines of both versions together) are aligned with
#: difflib's heuristics for popular lines (faster); smaller ones exactly.
_EXACT_ALIGNMENT = 4000

_CALL: ContextVar[LedgerCall | None] = ContextVar("prx_read_ledger", default=None)


def current() -> LedgerCall | None:
    """The ledger call of the read running here, or None outside a session."""
    return _CALL.get()


def split_lines(text: str) -> list[str]:
    """``text``'s lines, each with its ``\\n`` (the last one may have none): lines end at
    ``\\n`` only, as ``read`` counts them."""
    parts = text.split("\n")
    last = parts.pop()
    lines = [part + "\n" for part in parts]
    if last:
        lines.append(last)
    return lines


def _zeros(count: int) -> array[int]:
    return array("i", [0]) * count


class _Entry:
    """One file as the session's last read of it saw it: its hash and text, per line the
    read that sent it (0: none) and the number it had in that read's answer, and per line
    number the last read that sent a line under that number (whichever version)."""

    __slots__ = ("hash", "hashes", "latest", "origin", "size", "text", "was")

    def __init__(
        self,
        hash: str,
        text: str,
        origin: array[int],
        was: array[int],
        hashes: dict[int, str],
        latest: array[int],
    ) -> None:
        self.hash, self.text, self.origin, self.was = hash, text, origin, was
        #: The file's hash at each read some line still comes from.
        self.hashes = hashes
        #: Index ``n - 1``: the last read that sent a line numbered ``n`` (0: none).
        self.latest = latest
        self.size = len(text) + 4 * (len(origin) + len(was) + len(latest)) + 256


@record
class Decision:
    """What to answer for a range: ``text`` (lines ``start``-``end``, with ``note`` when
    the file changed since some of them were sent), ``partial`` (the same, the rest of the
    range having been sent), ``unchanged`` (no text) or ``changes`` (``diff``)."""

    kind: str
    start: int
    end: int
    note: LedgerNote | None = None
    diff: str | None = None


class View:
    """A file as a read finds it, set against what the session was sent of it: per line
    of the current text, the read that sent that very text (0: none) and its number
    there."""

    def __init__(self, path: str, hash: str, text: str, entry: _Entry | None) -> None:
        self.path, self.hash, self.text = path, hash, text
        #: The entry this view was made from (a commit made from another is not merged).
        self.base = entry
        self.lines = split_lines(text)
        #: The entry of an earlier version of the file (None: unchanged or never read).
        self.old: _Entry | None = None
        self.old_lines: list[str] = []
        self.opcodes: list[tuple[str, int, int, int, int]] = []
        count = len(self.lines)
        self.latest: array[int] = entry.latest if entry is not None else _zeros(0)
        if entry is None:
            self.origin, self.was, self.hashes = _zeros(count), _zeros(count), {}
        elif entry.hash == hash:
            self.origin, self.was, self.hashes = entry.origin, entry.was, entry.hashes
        else:
            self.old, self.old_lines = entry, split_lines(entry.text)
            self.opcodes = align(self.old_lines, self.lines)
            self.origin, self.was, self.hashes = _zeros(count), _zeros(count), entry.hashes
            for tag, a1, a2, b1, b2 in self.opcodes:
                if tag == "equal":  # the same text: what was known of it still is
                    self.origin[b1:b2] = entry.origin[a1:a2]
                    self.was[b1:b2] = entry.was[a1:a2]

    # ------------------------------------------------------------------ deciding

    def decide(self, start: int, end: int, count: TokenCounter) -> Decision:
        """What to answer for lines ``start``-``end`` of the current text."""
        if end < start:
            return Decision(kind="text", start=start, end=end)
        run = self._run(self.origin, self.was, start - 1, end)
        if run is not None:
            reads, shift = run
            return Decision(
                kind="unchanged",
                start=start,
                end=end,
                note=self._note("unchanged", start, end, reads, shift),
            )
        if self.old is not None:
            changes = self._changes(start, end, count)
            if changes is not None:
                return changes
        partial = self._partial(start, end, count)
        if partial is not None:
            return partial
        return Decision(kind="text", start=start, end=end, note=self._stale(start, end))

    def _run(
        self, origin: array[int], was: array[int], first: int, stop: int
    ) -> tuple[tuple[int, ...], int] | None:
        """The reads that sent lines ``first``..``stop - 1`` (0-based) and how far those
        lines moved since, when every one was sent, all moved alike, and no later read
        sent another line under the number one had (the client's latest copy of each
        number is then the line meant); else None."""
        if self._known_length(origin, was, range(first, stop)) < stop - first or first >= stop:
            return None
        reads = tuple(sorted(set(origin[first:stop])))
        return reads, first + 1 - was[first]

    def _known_length(self, origin: array[int], was: array[int], indexes: range) -> int:
        """How many lines, taken in the order of ``indexes``, were sent, moved alike, and
        are still the client's latest copy of their number."""
        length = 0
        shift: int | None = None
        for index in indexes:
            read = origin[index]
            if not read:
                break
            moved = index + 1 - was[index]
            if shift is None:
                shift = moved
            elif moved != shift:
                break  # lines in between were added or removed since
            if self._hidden(read, was[index]):
                break
            length += 1
        return length

    def _hidden(self, read: int, number: int) -> bool:
        """Whether a read after ``read`` sent another line as line ``number`` (a later
        version of the file): the client's copy of that number is then not this line."""
        return number <= len(self.latest) and self.latest[number - 1] > read

    def _note(
        self, status: str, start: int, end: int, reads: tuple[int, ...], shift: int
    ) -> LedgerNote:
        return LedgerNote(
            status=status,
            lines=LineRange(start=start, end=end),
            reads=reads,
            hash=self.hashes.get(reads[-1], ""),
            was=LineRange(start=start - shift, end=end - shift) if shift else None,
        )

    def _changes(self, start: int, end: int, count: TokenCounter) -> Decision | None:
        """A diff from the text sent to the current lines ``start``-``end``, when the
        lines they replace were all sent, and the diff is small enough."""
        old = self.old
        assert old is not None
        span = counterpart(self.opcodes, start - 1, end)
        if span is None or span[0] >= span[1]:
            return None
        low, high = span
        run = self._run(old.origin, old.was, low, high)
        if run is None:
            return None
        reads, shift = run
        before, now = self.old_lines[low:high], self.lines[start - 1 : end]
        first = low + 1 - shift  # the number the agent knows the first old line by
        if before == now:
            moved = start - first
            note = self._note("unchanged", start, end, reads, moved)
            return Decision(kind="unchanged", start=start, end=end, note=note)
        diff = unified_diff(before, now, first, start)
        if count(diff) > DIFF_SHARE * count("".join(now)):
            return None
        note = self._note("changed", start, end, reads, 0)
        return Decision(kind="changes", start=start, end=end, note=note, diff=diff)

    def _partial(self, start: int, end: int, count: TokenCounter) -> Decision | None:
        """Only the lines not sent, when those sent are the first or the last of the range
        (a hole in the middle would leave two pieces to put together)."""
        head = self._known_length(self.origin, self.was, range(start - 1, end))
        tail = self._known_length(self.origin, self.was, range(end - 1, start - 2, -1))
        if max(head, tail) == 0:
            return None
        if head >= tail:
            known, send = (start, start + head - 1), (start + head, end)
        else:
            known, send = (end - tail + 1, end), (start, end - tail)
        if count("".join(self.lines[known[0] - 1 : known[1]])) < PARTIAL_MIN_TOKENS:
            return None
        run = self._run(self.origin, self.was, known[0] - 1, known[1])
        if run is None:
            return None
        note = self._note("partial", known[0], known[1], *run)
        return Decision(kind="partial", start=send[0], end=send[1], note=note)

    def _stale(self, start: int, end: int) -> LedgerNote | None:
        """A note that the file changed since lines it replaced within ``start``-``end``
        were sent (the text answered is then the current one), else None."""
        old = self.old
        if old is None:
            return None
        reads: set[int] = set()
        first, stop = start - 1, end
        for tag, a1, a2, b1, b2 in self.opcodes:
            if tag == "equal":
                continue
            inside = (b1 < stop and b2 > first) if b1 < b2 else first < b1 < stop
            if inside:
                reads.update(read for read in old.origin[a1:a2] if read)
        if not reads:
            return None
        ordered = tuple(sorted(reads))
        return LedgerNote(
            status="changed",
            lines=LineRange(start=start, end=end),
            reads=ordered,
            hash=old.hashes.get(ordered[-1], ""),
        )

    # ------------------------------------------------------------------ what was sent

    def matching(self, start: int, text: str) -> list[tuple[int, int]]:
        """The runs of lines (1-based, inclusive) of ``text``, sent as lines from
        ``start`` on, that are whole lines of the file: a line cut by a budget or resumed
        inside is not known."""
        runs: list[tuple[int, int]] = []
        for offset, line in enumerate(split_lines(text)):
            index = start - 1 + offset
            if index >= len(self.lines) or self.lines[index] != line:
                continue
            if runs and runs[-1][1] == index:
                runs[-1] = (runs[-1][0], index + 1)
            else:
                runs.append((index + 1, index + 1))
        return runs


def align(old: Sequence[str], new: Sequence[str]) -> list[tuple[str, int, int, int, int]]:
    """difflib opcodes from ``old`` to ``new``: the common start and end taken first (an
    edit is mostly local), the middle matched line by line."""
    from difflib import SequenceMatcher

    shortest = min(len(old), len(new))
    head = 0
    while head < shortest and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < shortest - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    old_end, new_end = len(old) - tail, len(new) - tail
    opcodes: list[tuple[str, int, int, int, int]] = []
    if head:
        opcodes.append(("equal", 0, head, 0, head))
    if head < old_end or head < new_end:
        middle_old, middle_new = old[head:old_end], new[head:new_end]
        exact = len(middle_old) + len(middle_new) <= _EXACT_ALIGNMENT
        matcher = SequenceMatcher(None, middle_old, middle_new, autojunk=not exact)
        opcodes.extend(
            (tag, a1 + head, a2 + head, b1 + head, b2 + head)
            for tag, a1, a2, b1, b2 in matcher.get_opcodes()
        )
    if tail:
        opcodes.append(("equal", old_end, len(old), new_end, len(new)))
    return opcodes


def counterpart(
    opcodes: Sequence[tuple[str, int, int, int, int]], first: int, stop: int
) -> tuple[int, int] | None:
    """The old lines (0-based, end excluded) that new lines ``first``..``stop - 1`` took
    the place of; None when the range begins or ends inside a change (what it replaced is
    then not one piece of the old text)."""
    low: int | None = None
    high: int | None = None
    for tag, a1, a2, b1, b2 in opcodes:
        if tag == "equal":
            lo, hi = max(b1, first), min(b2, stop)
            if lo >= hi:
                continue
            piece = (a1 + lo - b1, a1 + hi - b1)
        elif b1 < b2:  # replaced or inserted lines
            if not (b1 < stop and b2 > first):
                continue
            if b1 < first or b2 > stop:
                return None
            piece = (a1, a2)
        else:  # deleted lines: inside the range only between two of its lines
            if not first < b1 < stop:
                continue
            piece = (a1, a2)
        low = piece[0] if low is None else min(low, piece[0])
        high = piece[1] if high is None else max(high, piece[1])
    if low is None or high is None:
        return None
    return low, high


def unified_diff(
    before: Sequence[str], now: Sequence[str], first_before: int, first_now: int
) -> str:
    """A unified diff from lines ``before`` (numbered from ``first_before``) to ``now``
    (numbered from ``first_now``), with :data:`DIFF_CONTEXT` lines of context."""
    from difflib import SequenceMatcher

    out: list[str] = []
    matcher = SequenceMatcher(None, before, now, autojunk=False)
    for group in matcher.get_grouped_opcodes(DIFF_CONTEXT):
        a1, a2, b1, b2 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        out.append(
            f"@@ -{_span(first_before + a1, a2 - a1)} +{_span(first_now + b1, b2 - b1)} @@\n"
        )
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out.extend(" " + _ended(line) for line in before[i1:i2])
                continue
            out.extend("-" + _ended(line) for line in before[i1:i2])
            out.extend("+" + _ended(line) for line in now[j1:j2])
    return "".join(out)


def _span(first: int, length: int) -> str:
    """A hunk's range as unified diffs write it (an empty one names the line before)."""
    if length == 1:
        return str(first)
    if length == 0:
        return f"{first - 1},0"
    return f"{first},{length}"


def _ended(line: str) -> str:
    return line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"


class LedgerCall:
    """One read of a session: what it sent, recorded by :meth:`commit` once answered."""

    def __init__(self, ledger: Ledger) -> None:
        self.ledger = ledger
        self._view: View | None = None
        self._sent: list[tuple[int, int]] = []

    def view(self, path: str, hash: str, text: str) -> View:
        """The file at ``path`` (resolved), whose bytes hash to ``hash`` and read as
        ``text``, set against what the session was sent of it."""
        return View(path, hash, text, self.ledger.entry(path))

    def sent(self, view: View, lines: Sequence[tuple[int, int]]) -> None:
        """The answer sends (or brings up to date) ``lines`` of ``view``: the last call
        wins (an answer refitted to exact tokens is computed again)."""
        self._view, self._sent = view, list(lines)

    def commit(self) -> int:
        """Record what the read sent, now that it is answered; its number in the session."""
        return self.ledger.commit(self._view, self._sent)


class Ledger:
    """What a session's reads sent, file by file, within ``max_bytes`` of memory."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._entries: OrderedDict[str, _Entry] = OrderedDict()
        self._size = 0
        self._reads = 0

    @property
    def reads(self) -> int:
        """How many reads the session has answered."""
        return self._reads

    @property
    def size(self) -> int:
        """Bytes the ledger holds (about)."""
        return self._size

    def __len__(self) -> int:
        return len(self._entries)

    @contextmanager
    def serving(self) -> Iterator[LedgerCall]:
        """Within the block, a read answers through this ledger (:func:`current`); the
        front-end calls :meth:`LedgerCall.commit` once the answer is given."""
        call = LedgerCall(self)
        reset = _CALL.set(call)
        try:
            yield call
        finally:
            _CALL.reset(reset)

    def entry(self, path: str) -> _Entry | None:
        with self._lock:
            return self._entries.get(path)

    def clear(self) -> None:
        """Forget everything (the next reads send their text in full)."""
        with self._lock:
            self._entries.clear()
            self._size = 0

    def commit(self, view: View | None, lines: Sequence[tuple[int, int]]) -> int:
        """Count a read, and record that it sent ``lines`` of ``view`` (when it read a
        file's text); its number in the session."""
        with self._lock:
            self._reads += 1
            number = self._reads
            if view is None:
                return number
            origin, was = array("i", view.origin), array("i", view.was)
            latest = array("i", view.latest)
            if self._entries.get(view.path) is not view.base:
                # Another read of this file was committed meanwhile (calls of one client
                # running side by side): what is known is only what this read sent.
                origin, was = _zeros(len(origin)), _zeros(len(was))
            for first, last in lines:
                if last > len(latest):
                    latest.extend(_zeros(last - len(latest)))
                for index in range(first - 1, last):
                    origin[index], was[index], latest[index] = number, index + 1, number
            hashes = dict(view.hashes)
            if lines:
                hashes[number] = view.hash
            live = set(origin)
            live.discard(0)
            self._drop(view.path)
            if not live:
                return number  # nothing of this file is known any more
            hashes = {read: hashed for read, hashed in hashes.items() if read in live}
            entry = _Entry(view.hash, view.text, origin, was, hashes, latest)
            if entry.size > self.max_bytes // 4:
                return number  # too large to keep: its re-reads send the text
            self._entries[view.path] = entry
            self._size += entry.size
            while self._size > self.max_bytes and self._entries:
                _, forgotten = self._entries.popitem(last=False)
                self._size -= forgotten.size
            return number

    def _drop(self, path: str) -> None:
        entry = self._entries.pop(path, None)
        if entry is not None:
            self._size -= entry.size
