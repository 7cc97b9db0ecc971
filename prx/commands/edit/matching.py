"""Finding an edit's text in a file: exact, then whitespace-tolerant, then Unicode-tolerant.

Every function works on text with ``"\\n"`` newlines (see :mod:`prx.engine.files.atomic`) and
returns character spans. A tolerant match is re-indented: the replacement's lines are
placed by the file's own indentation, level by level (tabs stay tabs; see
:mod:`prx.commands.edit.indent`), so an agent that trimmed or re-typed indentation still writes code
that fits where it lands, or is told why it cannot.
"""

from __future__ import annotations

import re

from prx.commands.edit.indent import indent_map, leading
from prx.commands.edit.near import near_miss, near_miss_limit
from prx.core.progress import check_cancelled
from prx.core.record import record

__all__ = [
    "LEVELS",
    "Found",
    "exact_spans",
    "line_of",
    "near_miss",
    "near_miss_limit",
    "regex_spans",
    "relative_replacement",
    "retarget",
    "runs_of",
    "tolerant_spans",
]

#: Tolerances, strictest first.
LEVELS = ("exact", "whitespace", "unicode")

#: Typographic characters an agent (or a chat interface) puts where code has ASCII; each
#: maps to exactly one character, so offsets in the normalised text are offsets in the file.
_TYPOGRAPHIC = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201b": "'",
    "\u2032": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u201f": '"',
    "\u2033": '"',
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",
    "\u2015": "-",
    "\u2212": "-",
    "\u00a0": " ",
    "\u2002": " ",
    "\u2003": " ",
    "\u2007": " ",
    "\u2008": " ",
    "\u2009": " ",
    "\u200a": " ",
    "\u202f": " ",
    "\u205f": " ",
    "\u3000": " ",
}
_TABLE = str.maketrans(_TYPOGRAPHIC)
#: A word, for pairing the find text's lines with the matched text's.
_WORDS = re.compile(r"\S+")


@record
class Found:
    """One place an edit's text was found, and what replaces it."""

    #: Start and end offsets in the text.
    start: int
    end: int
    #: The replacement for ``text[start:end]``.
    replacement: str
    #: ``exact``, ``whitespace`` or ``unicode``.
    level: str


def line_of(text: str, offset: int) -> int:
    """The 1-based line of ``offset``."""
    return text.count("\n", 0, offset) + 1


def exact_spans(text: str, find: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """Non-overlapping occurrences of ``find`` within ``text[lo:hi]``."""
    spans = []
    at = text.find(find, lo, hi)
    while at >= 0:
        spans.append((at, at + len(find)))
        at = text.find(find, at + max(1, len(find)), hi)
    return spans


def regex_spans(text: str, pattern: re.Pattern[str], replace: str, lo: int, hi: int) -> list[Found]:
    """Matches of ``pattern`` within ``text[lo:hi]`` with their expanded replacements
    (``\\1``, ``\\g<name>``, and the ``$1`` / ``${name}`` of other tools)."""
    template = re.sub(r"\$\{(\w+)\}|\$(\d+)", lambda m: rf"\g<{m.group(1) or m.group(2)}>", replace)
    found: list[Found] = []
    for match in pattern.finditer(text, lo, hi):
        if match.start() == match.end() and found and found[-1].end == match.start():
            continue
        found.append(
            Found(
                start=match.start(),
                end=match.end(),
                replacement=match.expand(template),
                level="exact",
            )
        )
    return found


def _tolerant_pattern(find: str) -> re.Pattern[str] | None:
    tokens = find.split()
    if not tokens:
        return None
    return re.compile(r"\s+".join(re.escape(token) for token in tokens))


def tolerant_spans(text: str, find: str, lo: int, hi: int) -> tuple[str, list[tuple[int, int]]]:
    """The first tolerance at which ``find`` occurs in ``text[lo:hi]`` and its spans:
    ``whitespace`` (any run of whitespace, line breaks and indentation included, matches
    any other), then ``unicode`` (typographic quotes, dashes and spaces read as ASCII).
    ``("", [])`` when neither finds it."""
    pattern = _tolerant_pattern(find)
    if pattern is None:
        return "", []
    spans = [(m.start(), m.end()) for m in pattern.finditer(text, lo, hi)]
    if spans:
        return "whitespace", spans
    plain_text, plain_find = text.translate(_TABLE), find.translate(_TABLE)
    pattern = _tolerant_pattern(plain_find)
    if pattern is None or (plain_text == text and plain_find == find):
        return "", []
    return "unicode", [(m.start(), m.end()) for m in pattern.finditer(plain_text, lo, hi)]


def _blank_rows(rows: list[str], *, tail: bool) -> int:
    count = 0
    for row in reversed(rows) if tail else rows:
        if row.strip():
            break
        count += 1
    return count


def retarget(text: str, start: int, end: int, find: str, replace: str, level: str) -> Found:
    """The replacement for a tolerant match ``text[start:end]`` of ``find`` (which spans
    from its first to its last non-blank character): ``replace`` moved from the find
    text's indentation to the file's, with as many blank lines before and after as the
    find text and the replacement differ by, and typographic characters the find text
    had but the file does not turned to ASCII in it too."""
    matched, match_start = text[start:end], start
    mangled = {ch: _TYPOGRAPHIC[ch] for ch in set(find) if ch in _TYPOGRAPHIC and ch not in matched}
    if mangled:
        replace = replace.translate({ord(k): v for k, v in mangled.items()})
    find_rows, rows = find.split("\n"), replace.split("\n")
    find_head, find_tail = _blank_rows(find_rows, tail=False), _blank_rows(find_rows, tail=True)
    head, tail = _blank_rows(rows, tail=False), _blank_rows(rows, tail=True)
    if not replace.strip():
        head = tail = 0
    body = rows[head : len(rows) - tail] if head < len(rows) else []
    line_start = text.rfind("\n", 0, start) + 1
    whole_start = not text[line_start:start].strip()
    # The end: the rest of the last line and the blank lines the find text ends with.
    stop, consumed = end, 0
    while consumed < find_tail:
        newline = text.find("\n", stop)
        if newline < 0 or text[stop:newline].strip():
            break
        stop, consumed = newline + 1, consumed + 1
    if consumed == 0:
        stop = end  # the line goes on after the match: keep it
    ending = "\n" * max(0, tail - (find_tail - consumed))
    if whole_start:
        start = line_start
        for _ in range(max(0, find_head - head)):
            above = text.rfind("\n", 0, max(0, start - 1)) + 1
            if start == 0 or text[above : start - 1].strip():
                break
            start = above  # a blank line the find text had before its first line
    above_rows = "\n" * max(0, head - find_head) if whole_start else ""
    if not body:
        if not whole_start:
            return Found(start=text.find(matched, start), end=end, replacement="", level=level)
        if consumed == 0:
            line_end = text.find("\n", end)
            if line_end >= 0 and not text[end:line_end].strip():
                stop = line_end + 1  # deleting whole lines: take their line break too
        return Found(start=start, end=stop, replacement="", level=level)
    shape = indent_map(
        _indent_pairs(text, match_start, end, find, line_start),
        find_rows + rows,
        text,
        where=lambda: f"the find text matches line {line_of(text, match_start)}",
        param="find",
    )
    out = []
    for index, row in enumerate(body):
        if not row.strip():
            out.append("")
        elif index == 0 and not whole_start:
            out.append(row.lstrip(" \t"))  # the match starts inside a line: keep its start
        else:
            out.append(shape.move(row))
    return Found(
        start=start, end=stop, replacement=above_rows + "\n".join(out) + ending, level=level
    )


def _indent_pairs(
    text: str, start: int, end: int, find: str, line_start: int
) -> list[tuple[str, str]]:
    """(the find text's indentation, the file's) for each line of the find text whose
    first word starts a line of the match ``text[start:end]`` (the two have the same words
    in the same order: only the whitespace between them differs). When there is none (the
    match joins the find text's lines), the find text's first line and the line the match
    starts on."""
    plain_find, plain = find.translate(_TABLE), text[start:end].translate(_TABLE)
    mine = [m.start() for m in _WORDS.finditer(plain_find)]
    theirs = [start + m.start() for m in _WORDS.finditer(plain)]
    pairs: list[tuple[str, str]] = []
    if len(mine) == len(theirs):
        for at_mine, at_theirs in zip(mine, theirs, strict=True):
            agent = find[find.rfind("\n", 0, at_mine) + 1 : at_mine]
            own = text[text.rfind("\n", 0, at_theirs) + 1 : at_theirs]
            if not agent.strip(" \t") and not own.strip(" \t"):
                pairs.append((agent, own))
    if not pairs:
        first = next((row for row in find.split("\n") if row.strip()), "")
        line_end = text.find("\n", line_start)
        line = text[line_start : len(text) if line_end < 0 else line_end]
        pairs.append((leading(first), leading(line)))
    return pairs


def relative_replacement(text: str, start: int, find: str, replace: str) -> bool:
    """Whether an exact match at ``start`` of a one-line ``find`` written with less than its
    line's indentation comes with a replacement written that way too: lines after its
    first one are less indented than the line matched, which cannot be meant literally.
    ``start`` is where the find text's first non-blank character matched."""
    if "\n" in find.rstrip("\n"):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    indent = text[line_start:start]
    lead = len(find) - len(find.lstrip(" \t"))
    if indent.strip() or len(indent) <= lead:
        return False
    if not replace.strip():
        return find.endswith("\n")  # deleting whole lines: their indentation too
    rows = [row for row in replace.split("\n")[1:] if row.strip()]
    if not rows:
        return False
    return min(len(leading(row).expandtabs(4)) for row in rows) < len(indent.expandtabs(4))


def runs_of(lines: list[str], wanted: list[str]) -> list[int]:
    """Where ``wanted`` (at least one line) occurs in ``lines`` as a run of whole lines,
    overlapping runs included: each first line's index, in order. Knuth-Morris-Pratt
    over lines: linear in the two lengths, however repetitive the lines."""
    size = len(wanted)
    fallback = [0] * size  # the longest proper border of wanted[: k + 1]
    border = 0
    for k in range(1, size):
        while border and wanted[k] != wanted[border]:
            border = fallback[border - 1]
        if wanted[k] == wanted[border]:
            border += 1
        fallback[k] = border
    found: list[int] = []
    matched = 0
    for index, line in enumerate(lines):
        if index % 4096 == 0:
            check_cancelled()
        while matched and line != wanted[matched]:
            matched = fallback[matched - 1]
        if line == wanted[matched]:
            matched += 1
            if matched == size:
                found.append(index - size + 1)
                matched = fallback[matched - 1]
    return found
