"""Finding an edit's text in a file: exact, then whitespace-tolerant, then Unicode-tolerant.

Every function works on text with ``"\\n"`` newlines (see :mod:`prx.files.atomic`) and
returns character spans. A tolerant match is re-indented: the replacement's lines are moved
from the find text's indentation to the file's own (tabs stay tabs), so an agent that
trimmed or re-typed indentation still writes code that fits where it lands.
"""

from __future__ import annotations

import re

from prx._record import record

__all__ = [
    "LEVELS",
    "Found",
    "exact_spans",
    "line_of",
    "near_miss",
    "regex_spans",
    "relative_replacement",
    "retarget",
    "shift_rows",
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


def _leading(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" \t"))]


def _indent_unit(lines: list[str], default: int) -> int:
    """The smallest positive indentation in spaces among ``lines`` (2..8), else ``default``."""
    widths = [len(_leading(line)) for line in lines if line.strip() and "\t" not in _leading(line)]
    positive = [w for w in widths if w > 0]
    return max(2, min(8, min(positive))) if positive else default


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
    matched = text[start:end]
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
    leading = "\n" * max(0, head - find_head) if whole_start else ""
    if not body:
        if not whole_start:
            return Found(start=text.find(matched, start), end=end, replacement="", level=level)
        if consumed == 0:
            line_end = text.find("\n", end)
            if line_end >= 0 and not text[end:line_end].strip():
                stop = line_end + 1  # deleting whole lines: take their line break too
        return Found(start=start, end=stop, replacement="", level=level)
    file_indent = _leading(text[line_start : text.find("\n", line_start) % (len(text) + 1)])
    first = next((row for row in find_rows if row.strip()), "")
    find_indent = _leading(first)
    tabs = "\t" in file_indent or (not file_indent and _file_uses_tabs(text))
    find_unit = _relative_unit(find_rows + rows, find_indent)
    file_unit = _indent_unit(text.split("\n")[:2000], 4)
    out = []
    for index, row in enumerate(body):
        if not row.strip():
            out.append("")
            continue
        indent, rest = _leading(row), row.lstrip(" \t")
        if index == 0 and not whole_start:
            out.append(rest)  # the match starts inside a line: keep what comes before
            continue
        out.append(_moved(indent, find_indent, file_indent, tabs, find_unit, file_unit) + rest)
    return Found(start=start, end=stop, replacement=leading + "\n".join(out) + ending, level=level)


def shift_rows(rows: list[str], find_indent: str, file_indent: str, text: str) -> list[str]:
    """``rows`` (whole lines) moved by the offset between ``find_indent`` (the agent's
    indentation of a line) and ``file_indent`` (the file's indentation of that line), in the
    file's kind of indentation; blank rows become empty."""
    tabs = "\t" in file_indent or (not file_indent and _file_uses_tabs(text))
    find_unit = _relative_unit(rows, find_indent)
    file_unit = _indent_unit(text.split("\n")[:2000], 4)
    return [
        _moved(_leading(row), find_indent, file_indent, tabs, find_unit, file_unit)
        + row.lstrip(" \t")
        if row.strip()
        else ""
        for row in rows
    ]


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
    return min(len(_leading(row).expandtabs(4)) for row in rows) < len(indent.expandtabs(4))


def _file_uses_tabs(text: str) -> bool:
    tabbed = len(re.findall(r"^\t", text, re.MULTILINE))
    spaced = len(re.findall(r"^ ", text, re.MULTILINE))
    return tabbed > spaced


def _relative_unit(rows: list[str], base: str) -> int:
    """The indentation step of ``rows`` beyond ``base``: their smallest positive extra
    indentation in columns (2..8), else 4."""
    extras = [
        len(_leading(row).expandtabs(4)) - len(base.expandtabs(4))
        for row in rows
        if row.strip() and _leading(row).startswith(base)
    ]
    positive = [extra for extra in extras if extra > 0]
    return max(2, min(8, min(positive))) if positive else 4


def _moved(
    indent: str, find_indent: str, file_indent: str, tabs: bool, find_unit: int, file_unit: int
) -> str:
    """``indent`` of a replacement line, moved by the offset between ``find_indent`` and
    ``file_indent`` (Aider's uniform offset), in the file's kind of indentation: in a file
    indented with tabs, each ``find_unit`` columns of the agent's spaces become a tab."""
    if tabs:
        relative = len(indent.expandtabs(find_unit)) - len(find_indent.expandtabs(find_unit))
        if relative >= 0:
            levels, rest = divmod(relative, find_unit)
            return file_indent + "\t" * levels + " " * rest
        out_levels = (find_unit - 1 - relative) // find_unit  # levels out, rounded up
        return file_indent[: max(0, len(file_indent) - out_levels)]
    relative = len(indent.expandtabs(file_unit)) - len(find_indent.expandtabs(file_unit))
    return " " * max(0, len(file_indent.expandtabs(file_unit)) + relative)


def near_miss(text: str, find: str, lo: int, hi: int) -> tuple[int, float, str] | None:
    """The text of ``text[lo:hi]`` nearest to ``find``, as (line, similarity, short diff of
    the find text against it), or None when nothing is even half similar."""
    import difflib

    wanted = [line.strip() for line in find.strip("\n").split("\n")]
    if not any(wanted):
        return None
    region = text[lo:hi]
    lines = region.split("\n")
    size = len(wanted)
    target = "\n".join(wanted)
    best: tuple[float, int] = (0.0, -1)
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(target)
    for index in range(max(1, len(lines) - size + 1)):
        window = "\n".join(line.strip() for line in lines[index : index + size])
        matcher.set_seq1(window)
        if matcher.real_quick_ratio() <= best[0] or matcher.quick_ratio() <= best[0]:
            continue
        ratio = matcher.ratio()
        if ratio > best[0]:
            best = (ratio, index)
    ratio, index = best
    if index < 0 or ratio < 0.5:
        return None
    window_lines = lines[index : index + size]
    diff = [
        line
        for line in difflib.unified_diff(
            find.strip("\n").split("\n"), window_lines, "find text", "file", lineterm="", n=1
        )
    ][2:]
    if len(diff) > 14:
        diff = [*diff[:14], f"... {len(diff) - 14} more diff lines"]
    first_line = line_of(text, lo) + index
    return first_line, ratio, "\n".join(diff)
