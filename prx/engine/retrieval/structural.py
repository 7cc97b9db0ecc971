"""Structural search with ast-grep patterns (``def $NAME($$$ARGS)``).

ast-grep silently matches nothing for an incomplete pattern and panics (a BaseException
with a backtrace) for a language it lacks, so prx validates first: only languages ast-grep
supports are searched, and a pattern that does not parse in any of the tree's languages is
an error with the parser's message and a completed example.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prx.core.errors import InvalidArgumentError
from prx.engine.files.text import BINARY_PROBE, decode, read_regular

if TYPE_CHECKING:
    from prx.engine.retrieval.hits import Hit
    from prx.plugin.context import Context

__all__ = ["AST_GREP_LANGUAGES", "structural_search", "validate_pattern"]

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
_METAVARIABLE = re.compile(r"\$\$\$([A-Z_][A-Z0-9_]*)?|\$([A-Z_][A-Z0-9_]*)")
_LIMIT = 1000


def _as_code(pattern: str) -> str:
    # Metavariables become plain identifiers of the same length ($F -> _F, $$$ARGS ->
    # ___ARGS) so tree-sitter can check the syntax and its columns still fit the pattern.
    return _METAVARIABLE.sub(lambda m: m.group(0).replace("$", "_"), pattern)


def validate_pattern(ws: Context, pattern: str, language: str) -> str | None:
    """None when ``pattern`` parses as ``language`` code, else the parser's complaint."""
    from prx.engine.lang.syntax import check_syntax

    spec = ws.registry.language(language)
    report = check_syntax(spec, _as_code(pattern).encode())
    if report.ok:
        return None
    problem = str(report.message)
    if report.column:
        problem += f" at column {report.column}"
    # Quote the pattern as the user wrote it, not its stand-in identifiers.
    for variable in sorted(set(_metavariables(pattern)), key=len, reverse=True):
        problem = problem.replace(variable.replace("$", "_"), variable)
    return problem


def _metavariables(pattern: str) -> list[str]:
    return [m.group(0) for m in _METAVARIABLE.finditer(pattern)]


def _example(pattern: str, language: str) -> str:
    opened = {"(": ")", "[": "]", "{": "}"}
    closing = []
    for char in pattern:
        if char in opened:
            closing.append(opened[char])
        elif closing and char == closing[-1]:
            closing.pop()
    completed = pattern + "".join(reversed(closing))
    if (
        language == "python"
        and re.match(r"\s*(async\s+)?def\s", completed)
        and ":" not in completed
    ):
        completed += ": $$$BODY"
    return completed


def structural_search(
    ws: Context,
    pattern: str,
    root: str,
    accept: Callable[[str], bool] | None,
    snippet_lines: int | None = 3,
) -> tuple[list[Hit], int, int, dict[str, int], str | None, str | None]:
    """(hits, total, files searched, skipped, warning, suggestion) for ``pattern``; a
    snippet shows at most ``snippet_lines`` lines from the node's first (None: the whole
    node; 0: none)."""
    from ast_grep_py import SgRoot

    from prx.core.hashing import content_hash
    from prx.core.results.search import Match
    from prx.engine.files.walk import walk
    from prx.engine.retrieval.hits import Hit

    walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    skipped: Counter[str] = Counter(walked.skipped)
    verdicts: dict[str, str | None] = {}
    matches: list[Hit] = []
    total = searched = 0
    for found in walked.files:
        if accept is not None and not accept(found.rel):
            continue
        spec = ws.language_for(found.rel)
        if spec is None or spec.name not in AST_GREP_LANGUAGES:
            continue
        if spec.name not in verdicts:
            verdicts[spec.name] = validate_pattern(ws, pattern, spec.name)
        if verdicts[spec.name] is not None:
            continue
        data = read_regular(found.path)
        if b"\0" in data[:BINARY_PROBE]:
            skipped["binary"] += 1
            continue
        text, _ = decode(data)
        searched += 1
        try:
            nodes = SgRoot(text, AST_GREP_LANGUAGES[spec.name]).root().find_all(pattern=pattern)
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
    if verdicts and all(v is not None for v in verdicts.values()):
        language, problem = next(iter(verdicts.items()))
        raise InvalidArgumentError(
            f"invalid argument query: the pattern does not parse as {language} ({problem})",
            suggestion=f"Complete the pattern, e.g. {_example(pattern, language)!r}; "
            "metavariables are $NAME (one node) and $$$NAME (any number).",
        )
    warning = suggestion = None
    if not verdicts:
        warning = "no file in a language that structural search supports"
    elif total == 0:
        bad = sorted(name for name, v in verdicts.items() if v is not None)
        warning = f"the pattern parsed but matched none of the {searched} files searched"
        if bad:
            warning += f" (it does not parse as {', '.join(bad)})"
        suggestion = "Loosen the pattern with $$$ for any number of nodes, or try a word query."
    return matches, total, searched, dict(sorted(skipped.items())), warning, suggestion
