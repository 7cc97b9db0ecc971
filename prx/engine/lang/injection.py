"""Languages inside other languages: a Svelte or Vue component's ``<script>`` is JavaScript
or TypeScript, and its definitions and imports are that script's.

A query marks the embedded code with tree-sitter's injection convention: the node with
``@injection.content`` and the language with ``(#set! injection.language "typescript")``.
The embedded language parses the whole file restricted to those nodes' ranges (tree-sitter's
included ranges), so every node it yields has its place in the file itself: lines, bytes and
signatures need no shifting. The first pattern that marks a node decides its language, so
a query puts ``lang="ts"`` before the plain ``<script>``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.plugin.interfaces import LanguageSpec

__all__ = ["CONTENT", "embedded_trees"]

#: The capture that marks embedded code.
CONTENT = "injection.content"


def _spec_named(name: str) -> LanguageSpec | None:
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

    return next((spec for spec in BUILTIN_LANGUAGES if spec.name == name), None)


def embedded_trees(
    query: Any, matches: list[tuple[int, dict[str, Any]]], source: bytes
) -> list[tuple[LanguageSpec, Any]]:
    """Each embedded language of ``matches`` with its tree over the embedded ranges."""
    chosen: dict[tuple[int, int], str] = {}
    ranges: dict[str, list[Any]] = {}
    for pattern, captures in matches:
        language = query.pattern_settings(pattern).get("injection.language")
        for node in captures.get(CONTENT, ()):
            key = (int(node.start_byte), int(node.end_byte))
            if not language or key in chosen or key[0] == key[1]:
                continue
            chosen[key] = str(language)
            ranges.setdefault(str(language), []).append(node.range)
    found: list[tuple[LanguageSpec, Any]] = []
    for language, spans in ranges.items():
        spec = _spec_named(language)
        if spec is None or spec.grammar is None:
            continue
        from tree_sitter import Parser

        from prx.engine.lang.grammar import language_object

        spans.sort(key=lambda span: int(span.start_byte))
        parser = Parser(language_object(spec), included_ranges=spans)
        found.append((spec, parser.parse(source)))
    return found
