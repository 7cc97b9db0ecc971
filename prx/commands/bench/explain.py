"""Why prx lost a task, in one or two sentences computed from the two outputs.

A task is lost when prx's text form costs more tokens than the Unix commands, or misses
a line the task needs. The sentence says what each side printed (prx's answer described
from its JSON ``data``: matches, ranges, symbols ...), what the needed lines alone cost,
and, for a miss, where the missing lines went (a page, a budget cut).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from prx.commands.bench.covers import Need
from prx.core.record import record

__all__ = [
    "Described",
    "Describer",
    "Figures",
    "describe_diff",
    "describe_find",
    "describe_impact",
    "describe_outline",
    "describe_read",
    "describe_search",
    "explanation",
]


@record(kw_only=False)
class Described:
    """What prx's answer holds (``shows``: a phrase after "prx ...") and, when a budget or
    a page left something out, what (``cut``)."""

    shows: str
    cut: str | None = None


#: Describes prx's answers (their JSON ``data``) given the needed lines.
Describer = Callable[[Sequence[Any], Sequence[Need]], Described]


@record
class Figures:
    """The measured figures of a task, both sides."""

    prx_tokens: int
    json_tokens: int
    unix_tokens: int
    #: The Unix tool's name, as the explanation calls it (``grep``, ``sed`` ...).
    unix_tool: str
    prx_text: str
    unix_text: str
    prx_fidelity: float | None
    json_fidelity: float | None
    unix_fidelity: float | None


def _rows(text: str) -> int:
    return sum(1 for row in text.split("\n") if row.strip())


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n:,} {one if n == 1 else (many or one + 's')}"


def _held(fidelity: float | None, needed: int) -> int:
    return round((fidelity or 0.0) * needed)


def explanation(figures: Figures, needed: Sequence[Need], described: Described) -> str | None:
    """Why prx lost (more tokens than the Unix side, or a needed line missing); None when
    it did not."""
    f = figures
    more = f.prx_tokens > f.unix_tokens
    missed = f.prx_fidelity is not None and f.prx_fidelity < 1.0
    if not more and not missed:
        return None
    parts: list[str] = []
    if more:
        from prx.core.tokens import count_exact

        alone = count_exact("\n".join(n.text for n in needed)) if needed else 0
        text = (
            f"prx {f.prx_tokens:,} tokens (JSON {f.json_tokens:,}) vs {f.unix_tool} "
            f"{f.unix_tokens:,}: prx {described.shows} ({_count(_rows(f.prx_text), 'line')}"
            f" printed); {f.unix_tool} prints {_count(_rows(f.unix_text), 'line')}."
        )
        if needed:
            noun = (
                "the needed line is"
                if len(needed) == 1
                else f"the {len(needed):,} needed lines are"
            )
            text += f" {noun[0].upper()}{noun[1:]} {_count(alone, 'token')}."
        parts.append(text)
    if missed:
        held = _held(f.prx_fidelity, len(needed))
        text = f"prx shows {held:,} of the {len(needed):,} needed lines"
        if f.json_fidelity is not None and f.json_fidelity > (f.prx_fidelity or 0.0):
            text += (
                f" (its JSON {_held(f.json_fidelity, len(needed)):,}: the text form leaves "
                "some out)"
            )
        text += f": {described.cut or 'its answer does not hold them'}"
        if f.unix_fidelity is not None:
            text += f"; {f.unix_tool} shows {_held(f.unix_fidelity, len(needed)):,}"
        parts.append(text + ".")
    return " ".join(parts)


# ---------------------------------------------------------------------- prx's answers


def _answers(data: Iterable[Any]) -> list[Mapping[str, Any]]:
    return [answer for answer in data if isinstance(answer, Mapping)]


def _omitted(answer: Mapping[str, Any]) -> str:
    cuts = [
        f"{cut.get('count', '?')} {cut.get('part', '')}".strip()
        for cut in answer.get("omitted") or ()
        if isinstance(cut, Mapping)
    ]
    return f" ({', '.join(cuts)} left out)" if cuts else ""


def _budget_cut(answers: Sequence[Mapping[str, Any]]) -> str | None:
    for answer in answers:
        if answer.get("truncated"):
            return "its answer was cut at the default budget" + _omitted(answer)
    return None


def describe_search(data: Sequence[Any], needed: Sequence[Need]) -> Described:
    answers = _answers(data)
    want = {(n.file, n.line) for n in needed}
    matches = files = lines = useful = total = 0
    for answer in answers:
        total += answer.get("total_matches") or 0
        for group in answer.get("files") or ():
            files += 1
            for match in group.get("matches") or ():
                matches += 1
                start, end = match.get("snippet_start"), match.get("snippet_end")
                if start is None or end is None:
                    continue
                lines += end - start + 1
                useful += any((group["file"], n) in want for n in range(start, end + 1))
    shows = (
        f"shows {_count(matches, 'match', 'matches')} in {_count(files, 'file')}, "
        f"{useful:,} of them with a needed line, {_count(lines, 'line')} of snippets"
    )
    # A symbol search also lists the lines holding the name (its uses), as grep -n would.
    listed = sum(len(answer.get("occurrences") or ()) for answer in answers)
    if listed:
        held = sum(answer.get("occurrences_total") or 0 for answer in answers)
        query = answers[0].get("query", "the name")
        shows += f", then {listed:,} of the {held:,} lines holding {query}"
    cut = None
    if total > matches:
        cut = f"its page holds {matches:,} of {total:,} matches (the rest: --continue)"
    return Described(shows, cut or _budget_cut(answers))


def describe_read(data: Sequence[Any], needed: Sequence[Need]) -> Described:
    answers = _answers(data)
    pieces = []
    for answer in answers:
        content = answer.get("content") or {}
        span = content.get("range") or {}
        if span:
            count = span["end"] - span["start"] + 1
            pieces.append(f"lines {span['start']}-{span['end']} ({_count(count, 'line')})")
    shows = "shows " + (", ".join(pieces) or "nothing")
    truncated = any((a.get("content") or {}).get("truncated") for a in answers)
    return Described(shows, "the read was cut at its budget" if truncated else None)


def describe_outline(data: Sequence[Any], needed: Sequence[Need]) -> Described:
    answers = _answers(data)
    files = symbols = 0

    def count(items: Iterable[Any]) -> int:
        return sum(1 + count(s.get("children") or ()) for s in items)

    for answer in answers:
        entries = answer.get("files")
        if entries is None:
            entries = [answer]
        for entry in entries:
            files += 1
            symbols += count(entry.get("symbols") or ())
    shows = f"shows {_count(symbols, 'symbol')} of {_count(files, 'file')}"
    return Described(shows, _budget_cut(answers))


def describe_find(data: Sequence[Any], needed: Sequence[Need]) -> Described:
    answers = _answers(data)
    returned = sum((a.get("stats") or {}).get("returned", 0) for a in answers)
    total = sum((a.get("stats") or {}).get("total_files", 0) for a in answers)
    shows = f"lists {returned:,} of {_count(total, 'file')} with their lines, bytes and language"
    return Described(shows, _budget_cut(answers))


def describe_diff(data: Sequence[Any], needed: Sequence[Need]) -> Described:
    answers = _answers(data)
    hunks = sum(len(a.get("hunks") or ()) for a in answers)
    changes = sum(len(h.get("changes") or ()) for a in answers for h in a.get("hunks") or ())
    notes = sum(len(a.get("semantic_notes") or ()) for a in answers)
    shows = (
        f"shows {_count(hunks, 'hunk')} ({_count(changes, 'change')}) with their functions, "
        f"a summary, stats and {_count(notes, 'semantic note')}"
    )
    return Described(shows, _budget_cut(answers))


def describe_impact(data: Sequence[Any], needed: Sequence[Need]) -> Described:
    answers = _answers(data)
    direct = transitive = tests = 0
    for answer in answers:
        for entry in (*(answer.get("dependents") or ()), *(answer.get("tests") or ())):
            if entry.get("hops", 1) == 1:
                direct += 1
            else:
                transitive += 1
        tests += len(answer.get("tests") or ())
    shows = (
        f"lists {_count(direct, 'direct dependent')} and {transitive:,} through other files "
        f"({tests:,} of them tests), each with its import line and the names it uses"
    )
    return Described(shows, _budget_cut(answers))
