"""Module-level convenience functions, each a thin wrapper over a cached Workspace."""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence

from prx.types import ExistsResult, FindResult, ReadResult, SearchResult, StatsResult
from prx.workspace import Workspace

__all__ = ["exists", "find", "read", "search", "stats", "workspace_for"]

PathArg = str | os.PathLike[str]


@functools.lru_cache(maxsize=16)
def _cached(root: str) -> Workspace:
    return Workspace(root)


def workspace_for(root: PathArg = ".") -> Workspace:
    """The process-wide cached :class:`Workspace` for ``root``."""
    return _cached(os.path.abspath(root))


def read(
    path: PathArg,
    *,
    lines: str | None = None,
    hash_only: bool = False,
    outline_only: bool = False,
    full_outline: bool = False,
    skeleton: bool = False,
    snap: str | None = None,
    mode: str | None = None,
    if_changed: str | None = None,
    budget: int | None = None,
    continue_token: str | None = None,
    root: PathArg = ".",
) -> ReadResult:
    """Read a file with its metadata, content hash and (when available) outline.

    :param path: the file, relative to ``root`` or absolute.
    :param lines: a range ``"A-B"``, a single line ``"N"``, or ``"A-"`` to the end.
    :param hash_only: return metadata and hash only.
    :param outline_only: return metadata and outline, no content.
    :param full_outline: attach the whole file's outline; by default a read of part of the
        file (``lines``, a continuation, a cut) carries only the symbols around that part.
    :param skeleton: function bodies replaced by a placeholder (signatures, docstrings kept).
    :param snap: widen ``lines`` to the enclosing ``function``, ``class`` or ``block``.
    :param mode: ``aggressive`` (no comments), ``entropy`` (no repetitive lines) or ``diff``
        (changed lines against git HEAD).
    :param if_changed: a hash from an earlier read; when it still matches, answer a small
        stub with ``cached=True`` and no content.
    :param budget: cap the answer at this many (exact cl100k_base) tokens, keeping whole
        lines from the start of the range; what was cut is reported with ``next_lines``.
        ``None`` applies the default ceiling (:data:`prx.budget.READ_CEILING`, estimated
        tokens); ``0`` lifts every limit.
    :param continue_token: the ``continuation_token`` of a budget-cut read, to get the rest.
    :raises prx.errors.NotFoundError: the file does not exist.
    :raises prx.errors.InvalidRangeError: ``lines`` lies outside the file.
    """
    return workspace_for(root).read(
        path,
        lines=lines,
        hash_only=hash_only,
        outline_only=outline_only,
        full_outline=full_outline,
        skeleton=skeleton,
        snap=snap,
        mode=mode,
        if_changed=if_changed,
        budget=budget,
        continue_token=continue_token,
    )


def find(
    path: PathArg = ".",
    *,
    pattern: str | tuple[str, ...] = (),
    max_depth: int | None = None,
    view: str = "tree",
    budget: int | None = None,
    continue_token: str | None = None,
    root: PathArg = ".",
) -> FindResult:
    """List the files below ``path``, honouring .gitignore and .prxignore.

    :param pattern: glob(s) such as ``"*.py"`` (file name) or ``"src/**/*.ts"`` (path);
        braces expand (``"*.{ts,tsx}"``).
    :param max_depth: 1 lists only the files directly in ``path``.
    :param view: ``tree`` (the default, the cheaper per file), ``flat`` or ``both``.
    :param budget: cap the answer at this many (exact cl100k_base) tokens; the rest is one
        ``continuation_token`` away (``omitted`` says how many files). ``None`` applies the
        default ceiling (:data:`prx.budget.FIND_CEILING`, estimated tokens); ``0`` lifts
        every limit.
    """
    patterns = (pattern,) if isinstance(pattern, str) else tuple(pattern)
    return workspace_for(root).find(
        path,
        pattern=patterns,
        max_depth=max_depth,
        view=view,
        budget=budget,
        continue_token=continue_token,
    )


def exists(
    pattern: str,
    path: PathArg = ".",
    *,
    mode: str = "auto",
    exact: bool = False,
    root: PathArg = ".",
) -> ExistsResult:
    """Whether ``pattern`` exists as a path below ``path`` or as literal text in a file.

    :param mode: ``path``, ``content`` or ``auto`` (path first, then content).
    :param exact: with an index at ``path``, confirm a ``probable`` content answer by
        reading the files the index's filters could not rule out.
    """
    return workspace_for(root).exists(pattern, path, mode=mode, exact=exact)


def search(
    query: str,
    path: PathArg = ".",
    *,
    mode: str | None = None,
    top_k: int = 10,
    budget: int | None = None,
    context: int = 2,
    continue_token: str | None = None,
    globs: tuple[str, ...] = (),
    languages: tuple[str, ...] = (),
    ignore_case: bool = False,
    rerank: str | Sequence[str] | None = None,
    root: PathArg = ".",
) -> SearchResult:
    """Search code below ``path`` and return ranked matches.

    :param query: words (ranked by BM25 and embeddings), an identifier (its definition
        first), a text with code punctuation (searched literally), or an ast-grep pattern.
    :param mode: force ``symbol``, ``hybrid``, ``literal``, ``regex`` or ``structural``.
    :param top_k: matches per page.
    :param budget: cap the answer at this many tokens; see ``continuation_token``.
    :param context: lines around literal and regex matches.
    :param globs: only files matching one of these globs.
    :param languages: only files of these languages.
    :param rerank: rerank stages to enable (``"+name"``) or disable (``"-name"``) for this
        call, as ``"+a,-b"`` or ``["+a", "-b"]``, on top of the configured ones.
    :raises prx.errors.InvalidArgumentError: an unknown stage name (the message lists
        the known ones), among other bad arguments.
    """
    result = workspace_for(root).search(
        query,
        path,
        mode=mode,
        top_k=top_k,
        budget=budget,
        context=context,
        continue_token=continue_token,
        globs=globs,
        languages=languages,
        ignore_case=ignore_case,
        rerank=rerank,
    )
    assert isinstance(result, SearchResult)
    return result


def stats(*, reset: bool = False) -> StatsResult:
    """Token savings recorded by the CLI and MCP front-ends (last hour, 24 h, all time)."""
    return workspace_for(".").stats(reset=reset)
