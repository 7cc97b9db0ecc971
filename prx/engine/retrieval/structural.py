"""Structural search with ast-grep patterns (``def $NAME($$$ARGS)``).

A pattern is read the way ast-grep reads it (:mod:`prx.engine.retrieval.structural_pattern`):
as written, else as an expression, a statement or a member in a wrapper of its language,
searched then with ast-grep's context + selector. ast-grep silently matches nothing for a
pattern it cannot parse and panics (a BaseException with a backtrace) for a language it
lacks, so prx checks first: only languages ast-grep supports are searched, a pattern that
parses in none of the tree's languages is an error with the parser's message and a
pattern that would parse, and an empty answer says how the pattern parsed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prx.core.errors import InvalidArgumentError
from prx.engine.files.text import BINARY_PROBE, decode, read_regular
from prx.engine.retrieval.structural_pattern import ParsedPattern, Refusal, parse_pattern

if TYPE_CHECKING:
    from prx.engine.retrieval.hits import Hit
    from prx.plugin.context import Context

__all__ = ["AST_GREP_LANGUAGES", "structural_search"]

#: prx language name -> ast-grep language name (only those ast-grep 0.51 ships).
AST_GREP_LANGUAGES = {
    name: name
    for name in (
        "bash",
        "c",
        "cpp",
        "csharp",
        "css",
        "elixir",
        "go",
        "hcl",
        "html",
        "java",
        "javascript",
        "json",
        "kotlin",
        "lua",
        "php",
        "python",
        "ruby",
        "rust",
        "scala",
        "swift",
        "tsx",
        "typescript",
        "yaml",
    )
}
_LIMIT = 1000


def structural_search(
    ws: Context,
    pattern: str,
    root: str,
    accept: Callable[[str], bool] | None,
    snippet_lines: int | None = 3,
    selector: str | None = None,
) -> tuple[list[Hit], int, int, dict[str, int], str | None, str | None]:
    """(hits, total, files searched, skipped, warning, suggestion) for ``pattern``; a
    snippet shows at most ``snippet_lines`` lines from the node's first (None: the whole
    node; 0: none). ``selector``: ast-grep's, the kind of node to match, the pattern
    being its context."""
    from ast_grep_py import SgRoot

    from prx.core.hashing import content_hash
    from prx.core.results.search import Match
    from prx.engine.files.walk import walk
    from prx.engine.retrieval.hits import Hit

    walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    skipped: Counter[str] = Counter(walked.skipped)
    verdicts: dict[str, ParsedPattern | Refusal] = {}
    seen: Counter[str] = Counter()  # files per language, to name the main one
    matches: list[Hit] = []
    total = searched = 0
    for found in walked.files:
        if accept is not None and not accept(found.rel):
            continue
        spec = ws.language_for(found.rel)
        if spec is None or spec.name not in AST_GREP_LANGUAGES:
            continue
        seen[spec.name] += 1
        if spec.name not in verdicts:
            verdicts[spec.name] = parse_pattern(pattern, AST_GREP_LANGUAGES[spec.name], selector)
        verdict = verdicts[spec.name]
        if isinstance(verdict, Refusal):
            continue
        data = read_regular(found.path)
        if b"\0" in data[:BINARY_PROBE]:
            skipped["binary"] += 1
            continue
        text, _ = decode(data)
        searched += 1
        try:
            nodes = (
                SgRoot(text, AST_GREP_LANGUAGES[spec.name]).root().find_all(pattern=verdict.rule)
            )
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException:  # pyo3 panics are BaseExceptions: count, never crash
            skipped["structural_error"] += 1
            continue
        lines = text.split("\n")
        if len(lines) > 1 and lines[-1] == "":
            lines.pop()  # a final newline does not start one more line
        digest = content_hash(data)
        for node in nodes:
            total += 1
            if len(matches) >= _LIMIT:
                continue
            span = node.range()
            first, last = span.start.line + 1, span.end.line + 1
            shown = min(last, len(lines))
            if snippet_lines is not None:
                shown = min(shown, first + snippet_lines - 1)
            snippet: dict[str, Any] = {}
            if shown >= first:  # the node's lines from its first (not with locations only)
                text = "\n".join(lines[first - 1 : shown])
                snippet = {"snippet": text, "snippet_start": first, "snippet_end": shown}
            matches.append(
                Hit(
                    file=found.rel,
                    language=spec.name,
                    hash=digest,
                    match=Match(line=first, column=span.start.column + 1, end_line=last, **snippet),
                )
            )
    parsed = [v for v in verdicts.values() if isinstance(v, ParsedPattern)]
    if verdicts and not parsed:
        _refuse(pattern, verdicts, seen, selector)
    warning = suggestion = None
    if not verdicts:
        warning = "no file in a language that structural search supports"
    elif total == 0:
        warning, suggestion = _empty(verdicts, searched, selector)
    return matches, total, searched, dict(sorted(skipped.items())), warning, suggestion


def _refuse(
    pattern: str,
    verdicts: dict[str, ParsedPattern | Refusal],
    seen: Counter[str],
    selector: str | None,
) -> None:
    """The error for a pattern that parses in none of the tree's languages: the parser's
    complaint in the language with the most files, and a pattern that would parse."""
    language = max(verdicts, key=lambda name: (seen[name], name))
    refusal = verdicts[language]
    assert isinstance(refusal, Refusal)
    others = sorted(name for name in verdicts if name != language)
    nor = f"; nor as {', '.join(others)}" if others else ""
    if refusal.example is not None:
        advice = f"Try {refusal.example!r}"
    elif selector is not None:
        advice = (
            "Give {param:selector} one of the pattern's kinds, or as the pattern the code "
            "around the node you mean"
        )
    else:
        advice = (
            f"Give code that parses as {language} on its own: an expression "
            "('$RECV.$METHOD($$$ARGS)'), a statement or a declaration; for a fragment that "
            "parses only inside more code, give that code with {param:selector} KIND, the "
            "fragment's node kind (ast-grep's context + selector)"
        )
    how = "" if selector is None else f" with selector {selector!r}"
    raise InvalidArgumentError(
        f"invalid argument query: the pattern does not parse as {language}{how} "
        f"({refusal.problem}{nor})",
        suggestion=f"{advice}; metavariables are $NAME (one node) and $$$NAME (any number).",
    )


def _empty(
    verdicts: dict[str, ParsedPattern | Refusal], searched: int, selector: str | None
) -> tuple[str, str]:
    """The warning and suggestion of an empty answer: how the pattern parsed, in which
    languages it did not."""
    ways: dict[str, list[str]] = {}  # rust, go as written; ...
    for language, verdict in sorted(verdicts.items()):
        if isinstance(verdict, ParsedPattern):
            ways.setdefault(verdict.manner(), []).append(language)
    parsed = "; ".join(f"{', '.join(names)} {manner}" for manner, names in ways.items())
    warning = f"the pattern parsed ({parsed}) but matched none of the {searched} files searched"
    bad = sorted(name for name, v in verdicts.items() if isinstance(v, Refusal))
    if bad:
        warning += f"; it does not parse as {', '.join(bad)}"
    suggestion = "Loosen the pattern with $$$ for any number of nodes, or try a word query."
    if selector is None:
        suggestion += " For one node inside the pattern, add --selector KIND."
    return warning, suggestion
