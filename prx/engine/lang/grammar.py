"""Loading tree-sitter grammars and compiled queries, lazily and once per process.

Grammars come from ``tree-sitter-language-pack`` 0.13 (the last release with every grammar
compiled into its wheel; 1.x downloads them at run time, which prx must never do).
"""

from __future__ import annotations

import functools

from prx.core.errors import ParseError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.plugin.interfaces import LanguageSpec

__all__ = ["binding", "compiled_query", "language_object", "pack_grammar", "parse"]


# Grammars the pack takes from their own distributions instead of its bindings/ folder.
_SEPARATE = {"yaml": "tree_sitter_yaml", "csharp": "tree_sitter_c_sharp"}


def binding(name: str) -> Any:
    import importlib

    if name in _SEPARATE:
        return importlib.import_module(_SEPARATE[name]).language()
    import importlib.machinery
    import importlib.util
    import os

    # Load the one grammar's extension module directly: importing the pack's __init__
    # costs ~28 ms (it imports three other grammars, importlib.resources and tempfile).
    package = importlib.util.find_spec("tree_sitter_language_pack")
    if package is not None and package.origin:
        module_name = f"tree_sitter_language_pack.bindings.{name}"
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = os.path.join(os.path.dirname(package.origin), "bindings", name + suffix)
            if os.path.exists(path):
                loader = importlib.machinery.ExtensionFileLoader(module_name, path)
                spec = importlib.util.spec_from_file_location(module_name, path, loader=loader)
                if spec is not None:
                    return importlib.util.module_from_spec(spec).language()
    from tree_sitter_language_pack import get_binding

    return get_binding(name)  # type: ignore[arg-type]


def pack_grammar(name: str) -> Any:
    """A loader for grammar ``name`` of tree-sitter-language-pack (for ``LanguageSpec.grammar``)."""

    def load() -> Any:
        from tree_sitter import Language

        return Language(binding(name))

    load.__qualname__ = f"pack_grammar({name!r})"
    return load


@functools.lru_cache(maxsize=64)
def _language(spec: LanguageSpec) -> Any:
    if spec.grammar is None:
        raise ParseError(
            f"parse error: no grammar for language {spec.name!r}",
            suggestion="This language is recognised but not parsed; structure is unavailable.",
        )
    try:
        return spec.grammar()
    except Exception as exc:  # a grammar plugin's failure is a parse error, never a crash
        raise ParseError(
            f"parse error: the {spec.name} grammar failed to load ({type(exc).__name__}: {exc})",
            suggestion="Reinstall prx (tree-sitter-language-pack 0.13) or the language plugin.",
        ) from None


def language_object(spec: LanguageSpec) -> Any:
    """The tree-sitter ``Language`` of ``spec``; :class:`ParseError` when it cannot load."""
    return _language(spec)


@functools.lru_cache(maxsize=64)
def _parser(spec: LanguageSpec) -> Any:
    from tree_sitter import Parser

    return Parser(_language(spec))


def parse(spec: LanguageSpec, source: bytes) -> Any:
    """Parse ``source``; returns a tree-sitter ``Tree`` (possibly containing ERROR nodes)."""
    return _parser(spec).parse(source)


@functools.lru_cache(maxsize=256)
def compiled_query(spec: LanguageSpec, name: str) -> Any | None:
    """The compiled query ``name`` of ``spec``, or None when the language has none."""
    text = spec.queries.get(name)
    if not text:
        return None
    from tree_sitter import Query

    try:
        return Query(_language(spec), text)
    except Exception as exc:
        raise ParseError(
            f"parse error: the {spec.name} {name!r} query does not compile ({exc})",
            suggestion="Fix the query of the language plugin.",
        ) from None
