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


def retarget(text: str, start: int, end: int, find: str, replace: str) -> Found:
    """The replacement for a tolerant match ``text[start:end]`` of ``find``: ``replace``
    moved from the find text's indentation to the file's, and typographic characters the
    find text had but the file does not turned to ASCII in it too."""
    matched = text[start:end]
    mangled = {ch: _TYPOGRAPHIC[ch] for ch in set(find) if ch in _TYPOGRAPHIC and ch not in matched}
    if mangled:
        replace = replace.translate({ord(k): v for k, v in mangled.items()})
    line_start = text.rfind("\n", 0, start) + 1
    before_match = text[line_start:start]
    file_indent = _leading(text[line_start : text.find("\n", line_start) % (len(text) + 1)])
    find_lines = find.split("\n")
    first = next((line for line in find_lines if line.strip()), "")
    find_indent = _leading(first)
    core = replace.strip("\n") if replace.strip() else ""
    core = core.rstrip()
    lines = core.split("\n")
    lines[0] = lines[0].lstrip(" \t")
    if not core:
        line_end = text.find("\n", end)
        line_end = len(text) if line_end < 0 else line_end
        if not before_match.strip() and not text[end:line_end].strip():
            # Deleting whole lines: take their line break too.
            stop = min(len(text), line_end + 1)
            return Found(start=line_start, end=stop, replacement="", level="whitespace")
        return Found(start=start, end=end, replacement="", level="whitespace")
    tabs = "\t" in file_indent or (not file_indent and _file_uses_tabs(text))
    find_unit = _indent_unit(find_lines + replace.split("\n"), 4)
    file_unit = _indent_unit(text.split("\n")[:2000], 4)
    out = [lines[0]]
    for line in lines[1:]:
        if not line.strip():
            out.append("")
            continue
        indent, body = _leading(line), line.lstrip(" \t")
        out.append(_moved(indent, find_indent, file_indent, tabs, find_unit, file_unit) + body)
    return Found(start=start, end=end, replacement="\n".join(out), level="whitespace")


def _file_uses_tabs(text: str) -> bool:
    tabbed = len(re.findall(r"^\t", text, re.MULTILINE))
    spaced = len(re.findall(r"^ ", text, re.MULTILINE))
    return tabbed > spaced


def _moved(
    indent: str, find_indent: str, file_indent: str, tabs: bool, find_unit: int, file_unit: int
) -> str:
    """``indent`` of a replacement line, moved from under ``find_indent`` to under
    ``file_indent``, in the file's kind of indentation."""

    def width(ws: str, unit: int) -> int:
        return sum(unit if ch == "\t" else 1 for ch in ws)

    if indent.startswith(find_indent):
        extra = width(indent[len(find_indent) :], find_unit)
        levels, rest = divmod(extra, find_unit)
        if tabs:
            return file_indent + "\t" * levels + " " * rest
        return file_indent + " " * (levels * file_unit + rest)
    # Less indented than the find text's first line: go out as many levels.
    out_levels = max(0, (width(find_indent, find_unit) - width(indent, find_unit)) // find_unit)
    if tabs:
        return file_indent[: max(0, len(file_indent) - out_levels)]
    return file_indent[: max(0, len(file_indent) - out_levels * file_unit)]


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
