"""A text file's form kept byte for byte: BOM, line endings, final newline, undecodable bytes.

:func:`decode_text` turns a file's bytes into text with ``"\\n"`` newlines and a
:class:`TextForm` (BOM, majority line ending, final newline); :func:`encode_text` turns text
back. ``encode_text(*decode_text(data)) == data`` for every file whose line endings are
uniform (all ``"\\n"``, all ``"\\r\\n"`` or all ``"\\r"``). Bytes that are not UTF-8 survive
the round trip too (they decode to lone surrogates, ``surrogateescape``).

What ends a line. In a file that has a ``"\\n"`` anywhere, lines end with ``"\\n"`` or
``"\\r\\n"``, and a lone ``"\\r"`` is a character of its line (a CSV field, a string
literal): it stays in the text, and an edit of its line keeps it. Only in a file without
any ``"\\n"`` (classic Mac OS) does ``"\\r"`` end lines.

Mixed line endings. For a file that mixes ``"\\n"`` and ``"\\r\\n"``, :func:`reencode` is
the guarantee: given the old bytes and the new text, every line the new text keeps
unchanged keeps its raw bytes (its own line ending), and only new or changed lines take the
majority ending. Lines are matched in time linear in the file's size (up to a logarithm),
with cancellation checked: common ends first, then lines unique to both sides as anchors,
then small stretches by :mod:`difflib` and larger repetitive ones by position.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter

from prx.core.progress import check_cancelled
from prx.core.record import record

__all__ = ["BOM", "TextForm", "decode_text", "encode_text", "reencode", "split_raw_lines"]

BOM = b"\xef\xbb\xbf"
_TEXT_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")
_LF_LINE = re.compile(rb"[^\n]*\n|[^\n]+\Z")
_CR_LINE = re.compile(rb"[^\r]*\r|[^\r]+\Z")
#: Stretches of at most this many line pairs (old times new) are aligned by difflib.
_DIFFLIB_CELLS = 4096
#: Line comparisons allowed per line of input before every stretch left falls back to the
#: positional alignment (a bound on the anchors' recursion, whatever the input).
_WORK_PER_LINE = 32
#: Lines between two cancellation checks.
_CHECK_EVERY = 4096


@record
class TextForm:
    """How a text file is stored: what :func:`encode_text` restores."""

    #: The text encoding (``"utf-8"``; bytes that are not UTF-8 round-trip as surrogates).
    encoding: str = "utf-8"
    #: Whether the file starts with a UTF-8 byte order mark.
    bom: bool = False
    #: The majority line ending: ``"\n"``, ``"\r\n"`` or ``"\r"`` (``"\n"`` when there is none).
    newline: str = "\n"
    #: Whether the file ends with a line ending (an empty file does not).
    final_newline: bool = False
    #: Whether the file mixes line endings (then only :func:`reencode` keeps them all).
    mixed_newlines: bool = False


def decode_text(data: bytes) -> tuple[str, TextForm]:
    """The text of ``data`` with ``"\\n"`` newlines, and the form to encode it back."""
    bom = data.startswith(BOM)
    body = data[len(BOM) :] if bom else data
    raw = body.decode("utf-8", "surrogateescape")
    if "\n" in raw:
        crlf = raw.count("\r\n")
        lf = raw.count("\n") - crlf
        # Ties go to "\n".
        newline = "\r\n" if crlf > lf else "\n"
        form = TextForm(
            bom=bom,
            newline=newline,
            final_newline=raw.endswith("\n"),
            mixed_newlines=bool(crlf and lf),
        )
        return raw.replace("\r\n", "\n"), form
    if "\r" in raw:  # no "\n" anywhere: "\r" ends the lines
        return raw.replace("\r", "\n"), TextForm(
            bom=bom, newline="\r", final_newline=raw.endswith("\r")
        )
    return raw, TextForm(bom=bom)


def encode_text(text: str, form: TextForm) -> bytes:
    """``text`` (``"\\n"`` newlines) stored in ``form``: its line ending, BOM and final-newline
    state (a final newline is added or dropped to match ``form.final_newline``)."""
    if text:
        if form.final_newline and not text.endswith("\n"):
            text += "\n"
        elif not form.final_newline and text.endswith("\n"):
            text = text[:-1]
    if form.newline != "\n":
        text = text.replace("\n", form.newline)
    data = text.encode(form.encoding, "surrogateescape")
    return BOM + data if form.bom else data


def split_raw_lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` (without a BOM), each with its own raw line ending, split as
    :func:`decode_text` splits them (a lone ``"\\r"`` ends a line only when ``data`` has
    no ``"\\n"``)."""
    if b"\n" in data or b"\r" not in data:
        return _LF_LINE.findall(data)
    return _CR_LINE.findall(data)


def reencode(old: bytes, new_text: str, *, final_newline: bool | None = None) -> bytes:
    """The bytes of ``new_text`` for a file that held ``old``: the form of ``old`` (BOM,
    majority ending, final newline unless ``final_newline`` says otherwise), and every
    unchanged line keeps its raw bytes, so a file with mixed line endings changes only
    where the text changed."""
    old_text, form = decode_text(old)
    if final_newline is not None:
        from prx.core.record import replace

        # An empty or newline-less file has no ending of its own: a new one takes "\n".
        form = replace(form, final_newline=final_newline)
    if not form.mixed_newlines:
        return encode_text(new_text, form)
    fixed = encode_text(new_text, TextForm(final_newline=form.final_newline))
    new_lines = _TEXT_LINE.findall(fixed.decode("utf-8", "surrogateescape"))
    body = old[len(BOM) :] if form.bom else old
    raw_lines = split_raw_lines(body)
    old_lines = _TEXT_LINE.findall(old_text)
    matched = _align(old_lines, new_lines)
    out: list[bytes] = [BOM] if form.bom else []
    for j, line in enumerate(new_lines):
        if not j % _CHECK_EVERY:
            check_cancelled()
        i = matched.get(j)
        if i is not None:
            out.append(raw_lines[i])
            continue
        if line.endswith("\n"):
            line = line[:-1] + form.newline
        out.append(line.encode("utf-8", "surrogateescape"))
    return b"".join(out)


# -- aligning the old lines with the new ones --------------------------------------------


def _align(a: list[str], b: list[str]) -> dict[int, int]:
    """Equal lines of ``a`` and ``b`` paired in order: {index in b: index in a}.

    Lines kept in place at both ends pair by position (identical lines elsewhere must not
    borrow each other's endings); the rest is split at lines that occur once on each side
    (in the longest increasing order: patience diff), recursively; a stretch with no such
    line is aligned by difflib when small, by position otherwise. The work is bounded by
    ``_WORK_PER_LINE`` per line: past it, every stretch left is aligned by position.
    """
    pairs: dict[int, int] = {}
    budget = _WORK_PER_LINE * (len(a) + len(b)) + _DIFFLIB_CELLS
    stack = [(0, len(a), 0, len(b))]
    while stack:
        check_cancelled()
        a0, a1, b0, b1 = stack.pop()
        while a0 < a1 and b0 < b1 and a[a0] == b[b0]:
            pairs[b0] = a0
            a0, b0 = a0 + 1, b0 + 1
        while a0 < a1 and b0 < b1 and a[a1 - 1] == b[b1 - 1]:
            a1, b1 = a1 - 1, b1 - 1
            pairs[b1] = a1
        if a0 == a1 or b0 == b1:
            continue
        size = (a1 - a0) + (b1 - b0)
        if budget < size:
            _by_position(a, a0, a1, b, b0, b1, pairs)
            continue
        budget -= size
        anchors = _anchors(a, a0, a1, b, b0, b1)
        if anchors:
            prev_i, prev_j = a0, b0
            for i, j in anchors:
                pairs[j] = i
                stack.append((prev_i, i, prev_j, j))
                prev_i, prev_j = i + 1, j + 1
            stack.append((prev_i, a1, prev_j, b1))
            continue
        cells = (a1 - a0) * (b1 - b0)
        if cells <= _DIFFLIB_CELLS and budget >= cells:
            budget -= cells
            _by_difflib(a, a0, a1, b, b0, b1, pairs)
        else:
            _by_position(a, a0, a1, b, b0, b1, pairs)
    return pairs


def _anchors(
    a: list[str], a0: int, a1: int, b: list[str], b0: int, b1: int
) -> list[tuple[int, int]]:
    """Lines occurring once in ``a[a0:a1]`` and once in ``b[b0:b1]``, paired, the longest
    chain increasing on both sides."""
    count_a = Counter(a[a0:a1])
    count_b = Counter(b[b0:b1])
    where = {a[i]: i for i in range(a0, a1) if count_a[a[i]] == 1}
    candidates = [(where[b[j]], j) for j in range(b0, b1) if count_b[b[j]] == 1 and b[j] in where]
    if not candidates:
        return []
    # Longest increasing subsequence of the old indices (ordered by the new ones).
    tails: list[int] = []  # old index ending the best chain of each length
    tail_at: list[int] = []  # its position in candidates
    back: list[int] = []
    for k, (i, _j) in enumerate(candidates):
        at = bisect_left(tails, i)
        if at == len(tails):
            tails.append(i)
            tail_at.append(k)
        else:
            tails[at] = i
            tail_at[at] = k
        back.append(tail_at[at - 1] if at else -1)
    chain: list[tuple[int, int]] = []
    k = tail_at[-1]
    while k >= 0:
        chain.append(candidates[k])
        k = back[k]
    chain.reverse()
    return chain


def _by_difflib(
    a: list[str], a0: int, a1: int, b: list[str], b0: int, b1: int, pairs: dict[int, int]
) -> None:
    import difflib

    matcher = difflib.SequenceMatcher(None, a[a0:a1], b[b0:b1], autojunk=False)
    for i, j, size in matcher.get_matching_blocks():
        for k in range(size):
            pairs[b0 + j + k] = a0 + i + k


def _by_position(
    a: list[str], a0: int, a1: int, b: list[str], b0: int, b1: int, pairs: dict[int, int]
) -> None:
    """Pair equal lines at the same offset of the stretch (a stretch of in-line changes,
    the common case of a replace-all, keeps every untouched line)."""
    for k in range(min(a1 - a0, b1 - b0)):
        if not k % _CHECK_EVERY:
            check_cancelled()
        if a[a0 + k] == b[b0 + k]:
            pairs[b0 + k] = a0 + k
