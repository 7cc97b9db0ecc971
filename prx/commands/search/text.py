"""The model-facing text of a search.

* literal, regex and structural matches as grep prints them, grouped by file: the file
  once, then ``LINE:text``, the first of a run of lines in one symbol naming it
  (``LINE symbol:text``; not when that line is the symbol's own first line, which names
  it), context lines as ``LINE-text``; a file with one line as ``path:LINE:text``;
* a ranked search: each match's place and symbol (``LINE-END  signature``), then its
  snippet; a symbol search shows, file by file in line order, the name's definitions
  (``START-END:first line``) and every line holding it, as ``grep -n`` would;
* no header (the call says what was asked); one footer line when a page or a budget
  left matches out, saying how many and how to get them (a symbol search's page holds
  every line of the name, or says how many it left out; the rest of its ranking, code
  like it without the name, is counted in the JSON and shown by a page size).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["PROSE", "render"]

_EXACT = ("literal", "regex", "structural")
#: Languages of prose: their "symbols" are headings, not worth a label on every line (nor
#: an occurrence's ``context_name``: the search engine reads it from here).
PROSE = frozenset({"markdown", "rst", "text", "asciidoc", "org"})


def render(data: Mapping[str, Any]) -> str:
    if "files" not in data:  # --exists
        return f"{'yes' if data['exists'] else 'no'} ({data['confidence']})"
    found = data["files"] or data.get("occurrences")
    lines = [] if found else [f"no matches ({data['mode']})"]
    if data.get("occurrences"):
        lines.extend(_definitions_and_uses(data))
    else:
        exact = data["mode"] in _EXACT
        for group in data["files"]:
            if exact:
                prose = group.get("language") in PROSE
                rows = _grep_lines(_exact_rows(group["matches"], labelled=not prose))
                lines.extend(_file_block(group["file"], rows))
                continue
            lines.append(group["file"])
            for match in group["matches"]:
                lines.extend(_ranked(match))
    footer = _footer(data)
    if footer:
        lines.append(footer)
    for root in data.get("roots") or ():
        if root.get("status") == "error":  # a root the answer lacks: said, never silent
            lines.append(f"root {root['root']} not searched: {root.get('message')}")
    for key in ("warning", "suggestion"):
        if data.get(key):
            lines.append(f"{key}: {data[key]}")
    return "\n".join(lines)


def _definitions_and_uses(data: Mapping[str, Any]) -> list[str]:
    """A symbol search: each file once, its definitions (``START-END:first line``) and
    the lines holding the name (grep-like, with the symbol each sits in) in line order."""
    by_file: dict[str, list[tuple[int, str | _Row]]] = {}
    on_show: set[tuple[str, int]] = set()
    name = str(data["query"]).replace("::", ".").split(".")[-1]
    for group in data["files"]:
        entries = by_file.setdefault(group["file"], [])
        for match in group["matches"]:
            # A definition of the name in one line; another hit (a page of the ranking
            # asked with a size) in full, its place and its snippet.
            said = _ranked(match, lead=match.get("context_name") == name)
            if len(said) == 1:  # a definition, said in its own first line
                entries.append((match["line"], said[0]))
                on_show.add((group["file"], match["line"]))
            else:
                entries.append((match["line"], "\n".join(said)))
                start, snippet = match.get("snippet_start"), match.get("snippet")
                if start is not None and snippet is not None:  # its lines are on show
                    count = snippet.count("\n") + 1
                    on_show.update((group["file"], n) for n in range(start, start + count))
    for hit in data["occurrences"]:
        if (hit["file"], hit["line"]) in on_show:
            continue
        row: _Row = (hit["line"], str(hit.get("context_name") or ""), hit["text"], False, False)
        by_file.setdefault(hit["file"], []).append((hit["line"], row))
    out: list[str] = []
    for file, entries in by_file.items():
        entries.sort(key=lambda entry: entry[0])
        shown: list[str] = []
        run: list[_Row] = []
        for _, entry in entries:
            if isinstance(entry, str):
                shown.extend(_grep_lines(run))
                run = []
                shown.append(entry)
            else:
                run.append(entry)
        shown.extend(_grep_lines(run))
        out.extend(_file_block(file, shown))
    total = data.get("occurrences_total", len(data["occurrences"]))
    if total > len(data["occurrences"]):
        out.append(f"[{total - len(data['occurrences'])} more lines: a literal search lists them]")
    return out


def _file_block(file: str, lines: list[str]) -> list[str]:
    """A file's lines under its path; a single line on the path's own, ``path:LINE:text``
    as grep prints it (a header line would cost more than it saves)."""
    if len(lines) == 1 and "\n" not in lines[0] and lines[0][:1].isdigit():
        return [f"{file}:{lines[0]}"]
    return [file, *lines]


#: One grep-like line: its number, the symbol it sits in, its text, whether it is a
#: context line (``N-text``) rather than a match (``N:text``), and whether it is the
#: symbol's own first line (its definition, which names it: no label needed).
_Row = tuple[int, str, str, bool, bool]


def _exact_rows(matches: Iterable[Mapping[str, Any]], *, labelled: bool = True) -> list[_Row]:
    """The rows of a file's literal, regex or structural matches (with context lines),
    each with the symbol it sits in when ``labelled``."""
    rows: list[_Row] = []
    for match in matches:
        line, end = match["line"], match["end_line"]
        inside = str(match.get("context_name") or "") if labelled else ""
        snippet = match.get("snippet")
        if snippet is None:  # locations only
            rows.append((line, inside, f"-{end}" if end != line else "", False, False))
            continue
        start = match.get("snippet_start") or line
        texts = snippet.split("\n")
        # The engine leaves the signature out when the snippet shows the symbol's first
        # line: a one-line snippet without it is that line.
        opens = bool(inside) and len(texts) == 1 and not match.get("context_signature")
        for offset, text in enumerate(texts):
            number = start + offset
            rows.append((number, inside, text.strip(), not line <= number <= end, opens))
    return rows


def _grep_lines(rows: Sequence[_Row]) -> list[str]:
    """``N:text`` lines (``N-text`` for context, as grep prints them), each run of lines in
    one symbol naming it on its first line, ``N symbol:text`` (unless that line is the
    symbol's definition): a line without a name sits where the line above it does (a
    top-level line after a named one says ``N (top):``)."""
    out: list[str] = []
    current = ""
    for number, inside, text, context, opens in rows:
        label = str(number)
        if inside != current:
            if not opens:
                label += f" {inside or '(top)'}"
            current = inside
        out.append(f"{label}{'-' if context else ':'}{text}".rstrip())
    return out


def _ranked(match: Mapping[str, Any], *, lead: bool = False) -> list[str]:
    """A ranked match: ``LINE-END  signature`` (or kind and name), then its snippet; with
    ``lead`` (a symbol search's definitions, its uses listed below), the snippet's first
    line only: the definition's own."""
    place = f"{match['line']}-{match['end_line']}"
    said = match.get("context_signature") or " ".join(
        part for part in (match.get("context_type"), match.get("context_name")) if part
    )
    snippet = match.get("snippet")
    start = match.get("snippet_start")
    if lead and snippet is not None and start == match["line"]:
        # A definition: its place and its own first line say it all.
        return [f"{place}:{snippet.split(chr(10), 1)[0].strip()}"]
    out = [f"{place}  {said}".rstrip()]
    if snippet is not None:
        if start is not None and start != match["line"]:
            out[0] += f" (shown from {start})"
        out.append(snippet)
    return out


def _footer(data: Mapping[str, Any]) -> str:
    if not data.get("truncated"):
        return ""
    left = data["total_matches"] - data["returned"]
    token = data.get("continuation_token")
    why = ", cut by the budget" if data.get("omitted") else ""
    if data.get("occurrences") and not data.get("omitted"):
        # A symbol search's page is the name's definitions and every line holding it; the
        # rest of the ranking holds code like it, not the name (the JSON counts it, a
        # page size shows it). Lines of the name left out say so above.
        return ""
    more = f": continue {token}" if token else ""
    return f"[{left} more{why}{more}]"
