"""Language specs."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from prx.core.record import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["LanguageSpec"]


@record(eq=False)
class LanguageSpec:
    """A language: how to recognise its files and how to parse them.

    Specs compare and hash by identity: each is registered once and used as a cache key.

    Query names prx uses: ``outline`` (captures ``@definition.<kind>`` on the definition
    node, ``@name`` on its name and optionally ``@body`` on its body), ``imports``
    (captures ``@import`` on each imported module or path) and ``comments`` (optional:
    ``@comment``; by default every node whose type contains ``comment``).

    .. versionadded:: 0.1
    """

    #: Language name as reported in ``language`` fields (``python``).
    name: str
    #: File extensions including the dot (``.py``), matched case-insensitively.
    extensions: tuple[str, ...] = ()
    #: Exact file names (``Makefile``, ``Dockerfile``).
    filenames: tuple[str, ...] = ()
    #: Loads the tree-sitter grammar on first use; None when the language has none.
    grammar: Callable[[], Any] | None = None
    #: Named tree-sitter queries (``outline``, ``imports``, ``symbols`` ...).
    queries: Mapping[str, str] = field(default_factory=dict)
    #: Line-comment prefixes, for languages without a grammar.
    line_comments: tuple[str, ...] = ()
    #: What ``--skeleton`` puts in place of a body (``{ ... }``, or ``...`` for Python).
    body_placeholder: str = "{ ... }"
