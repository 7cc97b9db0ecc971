"""Module-level convenience functions, each a thin wrapper over a cached Workspace.

There is one function per operation, with the operation's parameters: the same names
(or a documented alias), the same defaults (tests/test_api_signatures.py checks it).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence

from prx.types import (
    BenchResult,
    ExistsResult,
    FindResult,
    IndexResult,
    InitResult,
    OutlineResult,
    ReadResult,
    RunReport,
    SearchExistsResult,
    SearchResult,
    StatsResult,
)
from prx.workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal, overload

    from prx.progress import ProgressCallback

__all__ = [
    "bench",
    "bench_ndcg",
    "exists",
    "find",
    "index",
    "init",
    "outline",
    "read",
    "run",
    "search",
    "stats",
    "workspace_for",
]

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

    :param path: the directory to list, relative to ``root`` or absolute.
    :param pattern: glob(s) such as ``"*.py"`` (file name) or ``"src/**/*.ts"`` (path);
        braces expand (``"*.{ts,tsx}"``).
    :param max_depth: 1 lists only the files directly in ``path``.
    :param view: ``tree`` (the default, the cheaper per file), ``flat`` or ``both``.
    :param budget: cap the answer at this many (exact cl100k_base) tokens; the rest is one
        ``continuation_token`` away (``omitted`` says how many files). ``None`` applies the
        default ceiling (:data:`prx.budget.FIND_CEILING`, estimated tokens); ``0`` lifts
        every limit.
    :param continue_token: the ``continuation_token`` of a budget-cut answer.
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

    :param pattern: a path (relative to ``path``) or a literal text.
    :param path: where to look.
    :param mode: ``path``, ``content`` or ``auto`` (path first, then content).
    :param exact: with an index at ``path``, confirm a ``probable`` content answer by
        reading the files the index's filters could not rule out.
    """
    return workspace_for(root).exists(pattern, path, mode=mode, exact=exact)


if TYPE_CHECKING:

    @overload
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
        exists: Literal[False] = False,
        rerank: str | Sequence[str] | None = None,
        snippet_lines: int = 3,
        full: bool = False,
        root: PathArg = ".",
    ) -> SearchResult: ...

    @overload
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
        exists: Literal[True],
        rerank: str | Sequence[str] | None = None,
        snippet_lines: int = 3,
        full: bool = False,
        root: PathArg = ".",
    ) -> SearchExistsResult: ...


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
    exists: bool = False,
    rerank: str | Sequence[str] | None = None,
    snippet_lines: int = 3,
    full: bool = False,
    root: PathArg = ".",
) -> SearchResult | SearchExistsResult:
    """Search code below ``path`` and return ranked matches.

    :param query: words (ranked by BM25 and embeddings), an identifier (its definition
        first), a text with code punctuation (searched literally), or an ast-grep pattern.
    :param path: the directory or file to search.
    :param mode: force ``symbol``, ``hybrid``, ``literal``, ``regex`` or ``structural``.
    :param top_k: matches per page (grouped by file in the answer).
    :param budget: cap the answer at this many tokens; see ``continuation_token``.
    :param context: lines around literal and regex matches.
    :param continue_token: the ``continuation_token`` of the previous page.
    :param globs: only files matching one of these globs (alias of the CLI's ``include``).
    :param languages: only files of these languages (alias of the CLI's ``language``).
    :param ignore_case: literal and regex: ignore case.
    :param exists: answer only whether anything matches (a :class:`SearchExistsResult`).
    :param rerank: rerank stages to enable (``"+name"``) or disable (``"-name"``) for this
        call, as ``"+a,-b"`` or ``["+a", "-b"]``, on top of the configured ones.
    :param snippet_lines: the most lines of code a match's snippet shows (0: locations
        only, no snippet).
    :param full: show whole matches instead: a ranked match's chunk, a literal or regex
        match's ``context`` lines, a structural match's node.
    :raises prx.errors.InvalidArgumentError: an unknown stage name (the message lists
        the known ones), among other bad arguments.
    """
    return workspace_for(root).search(
        query,
        path,
        mode=mode,
        top_k=top_k,
        budget=budget,
        context=context,
        continue_token=continue_token,
        globs=globs,
        languages=languages,
        exists=exists,
        ignore_case=ignore_case,
        rerank=rerank,
        snippet_lines=snippet_lines,
        full=full,
    )


def outline(
    path: PathArg,
    *,
    kind: str | None = None,
    max_depth: int | None = None,
    budget: int | None = None,
    continue_token: str | None = None,
    root: PathArg = ".",
) -> OutlineResult:
    """Symbols of a file (nested) or of every file in a directory.

    :param path: the file or directory, relative to ``root`` or absolute.
    :param kind: only symbols of this kind (``function``, ``class``, ``method`` ...).
    :param max_depth: directory mode: 1 outlines only the files directly in ``path``.
    :param budget: cap the answer at this many (exact cl100k_base) tokens, paging over
        top-level symbols; ``None`` applies the default ceiling
        (:data:`prx.budget.OUTLINE_CEILING`, estimated tokens); ``0`` lifts every limit.
    :param continue_token: the ``continuation_token`` of a budget-cut outline.
    """
    return workspace_for(root).outline(
        path, kind=kind, max_depth=max_depth, budget=budget, continue_token=continue_token
    )


def index(
    path: PathArg = ".",
    *,
    rebuild: bool = False,
    stats_only: bool = False,
    progress: ProgressCallback | None = None,
    root: PathArg = ".",
) -> IndexResult:
    """Build or update the search index of ``path`` (under ``path/.prx``).

    :param path: the directory to index.
    :param rebuild: build from scratch instead of reusing unchanged files.
    :param stats_only: only report whether an index exists and is intact (alias of the
        CLI's ``stats``).
    :param progress: called with a :class:`prx.progress.Progress` as files are processed.
    :raises prx.errors.CancelledError: the cancel event of :func:`prx.progress.reporting`
        was set; the index published before the call is left as it was.
    """
    return workspace_for(root).index(
        path, rebuild=rebuild, stats_only=stats_only, progress=progress
    )


def run(
    command: Sequence[str],
    *,
    timeout: float | None = 300.0,
    raw: bool = False,
    auto_json: bool = False,
    budget: int | None = None,
    root: PathArg = ".",
) -> RunReport:
    """Run a command (without a shell) in ``root`` and summarise its output.

    :param command: the program and its arguments.
    :param timeout: kill the command's process group after this many seconds (0 or
        None: no limit).
    :param raw: the output verbatim instead of parsed.
    :param auto_json: add the tool's JSON-output flag when its parser reads JSON.
    :param budget: cap the summary at this many tokens.
    """
    return workspace_for(root).run(
        command, timeout=timeout, raw=raw, auto_json=auto_json, budget=budget
    )


def bench(path: PathArg = ".", *, root: PathArg = ".") -> BenchResult:
    """prx against grep, cat and git on the tasks an agent does in the repository ``path``:
    exact tokens, wall time and fidelity of each side (see docs/bench.md).

    Starts processes (``python -m prx`` and the Unix tools) and may take minutes on a
    large repository; progress goes to :func:`prx.progress.reporting`'s callback.

    :param path: the repository, relative to ``root`` or absolute.
    :raises prx.errors.NotFoundError: ``path`` is not a directory.
    """
    return workspace_for(root).bench(path)


def bench_ndcg(
    dataset: PathArg, root: PathArg = ".", *, k: int = 10, queries: bool = False
) -> dict[str, Any]:
    """NDCG@k of :func:`search` over a labelled dataset, per category.

    :param dataset: the dataset (JSON: queries with graded relevant files).
    :param root: the corpus to search (default: the dataset's own root, else the cwd).
    :param k: results scored per query.
    :param queries: include every query's score and top files.
    """
    return workspace_for(".").bench_ndcg(dataset, root, k=k, queries=queries)


def stats(*, reset: bool = False, by_command: bool = False) -> StatsResult:
    """Token savings recorded by the CLI, batch and MCP front-ends: last hour, 24 h and all
    time with the fallback rate, and per front-end.

    :param reset: delete the usage records.
    :param by_command: answer only the per-command table instead.
    """
    return workspace_for(".").stats(reset=reset, by_command=by_command)


def init(
    *,
    client: Sequence[str] = (),
    user: bool = False,
    apply: bool = False,
    uninstall: bool = False,
    root: PathArg = ".",
) -> InitResult:
    """Register prx's MCP server (``prx mcp``) with agent clients and add its usage guide.

    A dry run unless ``apply``: the result lists every file with its change as a diff.
    Existing configuration is merged into, never overwritten; a file that cannot be
    changed without loss is reported (``refused``) and left as it is.

    :param client: the clients to configure (``cursor``, ``codex`` ...); default: every
        client whose configuration directory or executable is found.
    :param user: change the user's configuration files (under the home directory)
        instead of the project's; the usage guide is a project file, left out then.
    :param apply: write the changes, atomically, keeping ``FILE.prx-backup``.
    :param uninstall: remove what ``init`` added instead.
    :param root: the project directory.
    """
    return workspace_for(root).init(client=client, user=user, apply=apply, uninstall=uninstall)
