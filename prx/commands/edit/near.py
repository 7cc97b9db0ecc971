"""The near miss of an absent find text: the place in the file most like it, shown in the
suggestion of a ``no_match`` answer.

The work is bounded whatever the input (a hostile file, a huge find text). A small search
looks at every window of the file; a large one first chooses a few candidates in one
linear pass: the windows that the words a file line shares with a find line vote for
(aligning the two, rare words first and weighing more), and those whose first line is
most like the find text's. Each window's quick upper bound comes first; only the windows
with the highest are compared in full: character by character (difflib's ratio, within a
work budget) for a short find text, line by line for a long one. A region or find text
beyond :data:`MAX_TEXT` / :data:`MAX_FIND` is not searched at all (:func:`near_miss_limit`
says why). Every loop over the file checks for cancellation.
"""

from __future__ import annotations

import difflib
import heapq
import itertools
import re
from collections.abc import Iterable

from prx.core.progress import check_cancelled

__all__ = ["MAX_FIND", "MAX_TEXT", "near_miss", "near_miss_limit"]

#: Characters of the searched region, and of the find text, beyond which no near miss is
#: looked for.
MAX_TEXT = 8_000_000
MAX_FIND = 64_000
#: A search compares every window when (windows x find characters) stays under this;
#: a larger one compares the candidates of :func:`_candidates`.
_FULL_WORK = 2_000_000
#: Full ratios computed at most: for the windows whose quick upper bound is highest.
_FULL_RATIOS = 64
#: A find text up to this long is compared character by character (difflib's ratio), a
#: longer one line by line (:func:`_paired_ratio`, linear) ...
_CHAR_RATIO = 300
#: ... and the character comparisons' work at most: the sum of the products of the
#: lengths compared (what a ratio of two texts of few distinct characters costs).
_RATIO_WORK = 600_000
#: Windows a large search takes from each of its two signals.
_CANDIDATES = 16
#: Votes cast at most (a word's cost: the file lines it is on x the find lines it is on).
_VOTES = 1_000_000
#: Find lines one word votes from at most.
_POSITIONS = 8
#: Lines between two checks for cancellation.
_CHECK_EVERY = 1024
#: Similarity below which nothing is suggested.
_FLOOR = 0.5
#: Diff lines shown, and characters of each.
_DIFF_LINES = 14
_DIFF_WIDTH = 200

_WORD = re.compile(r"\w+")


def near_miss_limit(find: str, lo: int, hi: int) -> str | None:
    """Why no near miss is looked for in ``hi - lo`` characters for ``find``, or None."""
    if hi - lo > MAX_TEXT:
        return f"the file is too large ({hi - lo:,} characters) to look for the nearest text"
    if len(find) > MAX_FIND:
        return f"the find text is too large ({len(find):,} characters) to look for the nearest text"
    return None


def near_miss(text: str, find: str, lo: int, hi: int) -> tuple[int, float, str] | None:
    """The text of ``text[lo:hi]`` nearest to ``find``, as (line, similarity, short diff of
    the find text against it), or None when nothing is even half similar (or the input is
    beyond the limits of :func:`near_miss_limit`)."""
    wanted = [line.strip() for line in find.strip("\n").split("\n")]
    if not any(wanted) or near_miss_limit(find, lo, hi) is not None:
        return None
    check_cancelled()
    lines = text[lo:hi].split("\n")
    stripped = [line.strip() for line in lines]
    size = len(wanted)
    windows = max(1, len(lines) - size + 1)
    target = "\n".join(wanted)
    if windows * (len(target) + 1) <= _FULL_WORK:
        starts: Iterable[int] = range(windows)
    else:
        starts = _candidates(stripped, wanted, windows)
    ratio, index = _best(stripped, wanted, target, starts)
    if index < 0 or ratio < _FLOOR:
        return None
    window_lines = lines[index : index + size]
    diff = [
        line if len(line) <= _DIFF_WIDTH else line[:_DIFF_WIDTH] + " ..."
        for line in difflib.unified_diff(
            find.strip("\n").split("\n"), window_lines, "find text", "file", lineterm="", n=1
        )
    ][2:]
    if len(diff) > _DIFF_LINES:
        diff = [*diff[:_DIFF_LINES], f"... {len(diff) - _DIFF_LINES} more diff lines"]
    first_line = text.count("\n", 0, lo) + 1 + index
    return first_line, ratio, "\n".join(diff)


def _best(
    stripped: list[str], wanted: list[str], target: str, starts: Iterable[int]
) -> tuple[float, int]:
    """The best (ratio, window) of the windows beginning at ``starts``: first each one's
    upper bound (difflib's quick ratio, linear; a window much longer or shorter than the
    find text is passed over unbuilt), then the full ratio of those with the highest
    bounds while they may beat the best so far. The first of equal ratios wins, as when
    every window is compared in order."""
    size = len(wanted)
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(target)
    ends = list(itertools.accumulate(len(line) + 1 for line in stripped))
    bounds: list[tuple[float, int, str]] = []
    for count, index in enumerate(starts):
        if count % 64 == 0:
            check_cancelled()
        length = ends[min(index + size, len(stripped)) - 1] - (ends[index - 1] if index else 0) - 1
        if 2 * min(length, len(target)) < _FLOOR * (length + len(target)):
            continue  # difflib's real quick ratio, from the lengths
        window = "\n".join(stripped[index : index + size])
        matcher.set_seq1(window)
        bound = matcher.quick_ratio()
        if bound >= _FLOOR:
            bounds.append((-bound, index, window))
    bounds.sort()
    by_character = len(target) <= _CHAR_RATIO
    best: tuple[float, int] = (0.0, -1)
    spent = 0
    for computed, (negative, index, window) in enumerate(bounds):
        if -negative < best[0] or computed >= _FULL_RATIOS:
            break
        check_cancelled()
        if by_character:
            spent += len(window) * len(target)  # a ratio's worst cost
            if computed and spent > _RATIO_WORK:
                break
            matcher.set_seq1(window)
            ratio = matcher.ratio()
        else:
            ratio = _paired_ratio(wanted, stripped[index : index + size])
        if ratio > best[0] or (ratio == best[0] and index < best[1]):
            best = (ratio, index)
    return best


def _candidates(stripped: list[str], wanted: list[str], windows: int) -> list[int]:
    """The windows (first lines) most worth comparing: those the most (and rarest) words
    shared with the find text vote for, aligned line by line, and those whose first line
    is most like the find text's (character by character: a word typed differently)."""
    positions: dict[str, list[int]] = {}  # word -> the find lines it is on
    for row, line in enumerate(wanted):
        for word in set(_WORD.findall(line)):
            rows = positions.setdefault(word, [])
            if len(rows) < _POSITIONS:
                rows.append(row)
    postings: dict[str, list[int]] = {word: [] for word in positions}
    for number, line in enumerate(stripped):
        if number % _CHECK_EVERY == 0:
            check_cancelled()
        for word in set(_WORD.findall(line)):
            hits = postings.get(word)
            if hits is not None:
                hits.append(number)
    votes: dict[int, float] = {}
    budget = _VOTES
    last = windows - 1
    for word in sorted(postings, key=lambda w: (len(postings[w]), w)):  # rarest first
        hits = postings[word]
        if not hits:
            continue
        cost = len(hits) * len(positions[word])
        if cost > budget:
            continue  # too common to be worth its votes
        budget -= cost
        weight = 1.0 / len(hits)
        check_cancelled()
        for number in hits:
            for row in positions[word]:
                start = min(max(number - row, 0), last)
                votes[start] = votes.get(start, 0.0) + weight
    ranked = heapq.nlargest(_CANDIDATES, votes.items(), key=lambda item: (item[1], -item[0]))
    voted = [start for start, _ in ranked]
    return list(dict.fromkeys(voted + _like_first_line(stripped, wanted, windows)))


def _like_first_line(stripped: list[str], wanted: list[str], windows: int) -> list[int]:
    """The windows whose first line is most like the find text's first non-blank line."""
    row = next(n for n, line in enumerate(wanted) if line)
    first = wanted[row]
    matcher = difflib.SequenceMatcher(autojunk=False)
    matcher.set_seq2(first)
    known: dict[str, float | None] = {}  # a line's score, once per distinct line
    scored: list[tuple[float, int]] = []
    for number, line in enumerate(stripped):
        if number % _CHECK_EVERY == 0:
            check_cancelled()
        if 2 * min(len(line), len(first)) < _FLOOR * (len(line) + len(first)):
            continue  # too long or too short to be half similar
        if line in known:
            score = known[line]
        else:
            matcher.set_seq1(line)
            bound = matcher.quick_ratio()
            score = known[line] = bound if bound >= _FLOOR else None
        if score is not None:
            scored.append((score, -min(max(number - row, 0), windows - 1)))
    return [-start for _, start in heapq.nlargest(_CANDIDATES, scored)]


def _paired_ratio(wanted: list[str], window: list[str]) -> float:
    """difflib's ratio of two runs of lines, approximated in linear time: lines a line
    diff finds equal count whole, the other lines are compared pairwise by the characters
    they share (difflib's quick ratio)."""
    total = sum(map(len, wanted)) + sum(map(len, window))
    if not total:
        return 1.0
    same = 0.0
    lines = difflib.SequenceMatcher(None, wanted, window)  # autojunk bounds the work
    for tag, a1, a2, b1, b2 in lines.get_opcodes():
        if tag == "equal":
            same += sum(map(len, wanted[a1:a2]))
        elif tag == "replace":
            for mine, theirs in zip(wanted[a1:a2], window[b1:b2], strict=False):
                pair = difflib.SequenceMatcher(None, mine, theirs, autojunk=False)
                same += pair.quick_ratio() * (len(mine) + len(theirs)) / 2
    return 2.0 * same / total
