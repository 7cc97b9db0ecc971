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
    ConfigResult,
    ContextResult,
    DiffResult,
    EditResult,
    ExistsResult,
    ExplainResult,
    FindResult,
    ImpactResult,
    IndexResult,
    InitResult,
    OutlineResult,
    PluginsResult,
    ReadResult,
    RenameResult,
    RunReport,
    SearchExistsResult,
    SearchResult,
    StatsResult,
)
from prx.workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, Literal, overload

    from prx.progress import ProgressCallback

__all__ = [
    "bench",
    "bench_ndcg",
    "diff",
    "edit",
    "context",
    "exists",
    "explain",
    "find",
    "impact",
    "index",
    "init",
    "outline",
    "plugins",
    "read",
    "rename",
    "run",
    "search",
    "settings",
    "stats",
    "workspace_for",
]

#: Commands whose Python function has another name: ``config`` is ``prx.settings()``
#: (``prx.config`` is the configuration module, ``Workspace.config`` the configuration).
PYTHON_NAMES = {"config": "settings"}


def python_name(command: str) -> str:
    """The name of a command's function and ``Workspace`` method (``bench-ndcg`` ->
    ``bench_ndcg``)."""
    return PYTHON_NAMES.get(command, command.replace("-", "_"))


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


def rename(
    old: str,
    new: str,
    path: PathArg = ".",
    *,
    include_comments: bool = False,
    apply: bool = False,
    engine: str = "auto",
    budget: int | None = None,
    root: PathArg = ".",
) -> RenameResult:
    """Rename the identifier ``old`` to ``new`` in the files under ``path``.

    Every occurrence of ``old`` as an identifier, across files and languages (import lines
    included), not in comments or strings unless ``include_comments``. Python files are
    renamed by binding with rope when it is installed (extra ``prx[rename]``), every other
    file (and Python without rope) by the syntactic engine; each file says which
    (``engine``). Everything but the renamed identifiers stays byte for byte.

    :param old: the identifier to rename.
    :param new: its new name: an identifier, not a keyword of any language renamed in.
    :param path: a file or directory, relative to ``root`` or absolute.
    :param include_comments: also rename ``old`` as a whole word in comments and strings.
    :param apply: write the changes, all files or none; refused while ``conflicts`` (``new``
        already named in the same scope, a file that would not parse) remain.
    :param engine: ``auto`` (rope for Python when installed, else the syntactic engine),
        ``rope`` (required: an error without it) or ``syntactic`` (every identifier
        spelled ``old``, in Python too).
    :param budget: cap the answer at N tokens (exact); ``None``: the default ceiling,
        :data:`prx.budget.RENAME_CEILING`; ``0``: no limit. ``apply`` writes every change.
    :param root: the Workspace root; paths in the answer are relative to it.
    :raises InvalidArgumentError: ``old`` or ``new`` is not an identifier, ``new`` is a
        keyword, no identifier ``old`` exists, or (with ``apply``) a conflict remains.
    """
    return workspace_for(root).rename(
        old,
        new,
        path,
        include_comments=include_comments,
        apply=apply,
        engine=engine,
        budget=budget,
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


def diff(
    paths: PathArg | Sequence[PathArg] = (),
    *,
    revision: str | None = None,
    staged: bool = False,
    no_index: bool = False,
    stat_only: bool = False,
    budget: int | None = None,
    continue_token: str | None = None,
    root: PathArg = ".",
) -> DiffResult:
    """Changes between two versions, each hunk with the definitions enclosing it.

    By default the working tree against ``HEAD`` of the git repository ``root`` is in.
    Every path of the answer is relative to ``root`` when inside it (absolute otherwise).

    :param paths: files or directories (relative to ``root``) to limit the diff to; with
        ``no_index``, the old file and the new one. A first path that names no file but a
        revision (``"HEAD~2"``, ``"A..B"``) is taken as ``revision``.
    :param revision: ``"REV"``: the working tree (the index with ``staged``) against
        ``REV``; ``"A..B"``: from commit ``A`` to commit ``B``; ``"A...B"``: from their
        merge base to ``B``. ``None``: ``HEAD``.
    :param staged: the index (what would be committed) instead of the working tree.
    :param no_index: compare two files, in a repository or not (git is not needed).
    :param stat_only: the summary, stats, notes and file list, without hunks.
    :param budget: cap the answer at this many (exact cl100k_base) tokens, keeping the most
        important hunks; ``None`` applies the default ceiling
        (:data:`prx.budget.DIFF_CEILING`, estimated tokens); ``0`` lifts every limit.
    :param continue_token: the ``continuation_token`` of a cut diff, for the next hunks.
    :raises prx.errors.GitError: git is missing, or ``root`` is not in a repository.
    :raises prx.errors.InvalidArgumentError: an unknown revision, a path outside the
        repository, or ``no_index`` without exactly two files.
    """
    listed = (paths,) if isinstance(paths, (str, os.PathLike)) else tuple(paths)
    return workspace_for(root).diff(
        listed,
        revision=revision,
        staged=staged,
        no_index=no_index,
        stat_only=stat_only,
        budget=budget,
        continue_token=continue_token,
    )


def context(
    path: PathArg,
    *,
    include_tests: bool = False,
    budget: int | None = None,
    root: PathArg = ".",
) -> ContextResult:
    """What a module (a file or a directory) is, in one answer: stats, its own
    documentation, entrypoints, each file's outline and the imports crossing its boundary.

    :param path: the file or directory, relative to ``root`` or absolute.
    :param include_tests: directory mode: keep test files (left out by default).
    :param budget: cap the answer at this many (exact cl100k_base) tokens; the least
        important parts are cut first and listed in ``omitted``. ``None`` applies the
        default ceiling (:data:`prx.budget.CONTEXT_CEILING`, estimated tokens); ``0`` lifts
        every limit.
    :raises prx.errors.NotFoundError: ``path`` does not exist.
    """
    return workspace_for(root).context(path, include_tests=include_tests, budget=budget)


def impact(
    path: PathArg,
    *,
    symbol: str | None = None,
    depth: int = 2,
    budget: int | None = None,
    root: PathArg = ".",
) -> ImpactResult:
    """The files that depend on ``path``: its importers, theirs ... up to ``depth`` hops,
    tests listed apart.

    :param path: the file, relative to ``root`` or absolute.
    :param symbol: only the files whose imports bind this symbol of ``path`` (re-exports
        followed) and whose code references it.
    :param depth: hops to follow (1: direct importers only), 1 to 10.
    :param budget: cap the answer at this many tokens (transitive dependents are cut
        first); ``None``: the default ceiling (:data:`prx.budget.IMPACT_CEILING`); ``0``:
        no limit.
    :raises prx.errors.InvalidArgumentError: ``path`` is a directory, ``symbol`` is not
        defined in it, or ``depth`` is out of range.
    """
    return workspace_for(root).impact(path, symbol=symbol, depth=depth, budget=budget)


def explain(
    symbol: str,
    path: PathArg | None = None,
    *,
    budget: int | None = None,
    root: PathArg = ".",
) -> ExplainResult:
    """Where ``symbol`` is defined (signature, docstring, body), every reference to it
    found through the import graph, and the tests that reference it.

    :param symbol: the name (``Class.method`` for a method).
    :param path: only definitions in this file or directory.
    :param budget: cap the answer at this many tokens (other definitions' bodies, then
        references, then tests are cut first); ``None``: the default ceiling
        (:data:`prx.budget.EXPLAIN_CEILING`); ``0``: no limit.
    :raises prx.errors.InvalidArgumentError: no definition of ``symbol`` was found.
    """
    return workspace_for(root).explain(symbol, path, budget=budget)


def index(
    path: PathArg = ".",
    *,
    rebuild: bool = False,
    stats_only: bool = False,
    verify: bool = False,
    progress: ProgressCallback | None = None,
    root: PathArg = ".",
) -> IndexResult:
    """Build or update the search index of ``path`` (under ``path/.prx``).

    :param path: the directory to index.
    :param rebuild: build from scratch instead of reusing unchanged files.
    :param stats_only: only report whether an index exists and is intact (alias of the
        CLI's ``stats``).
    :param verify: check every block of the index against its checksums, then report
        (``verified``; :class:`prx.errors.IndexCorruptedError` naming what does not match).
    :param progress: called with a :class:`prx.progress.Progress` as files are processed.
    :raises prx.errors.CancelledError: the cancel event of :func:`prx.progress.reporting`
        was set; the index published before the call is left as it was.
    """
    return workspace_for(root).index(
        path, rebuild=rebuild, stats_only=stats_only, verify=verify, progress=progress
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


def plugins(*, root: PathArg = ".") -> PluginsResult:
    """The plugins of ``root``'s workspace: built-ins, then installed ones (loaded now),
    each with its distribution's version and what it registers, and the installed plugins
    that failed to load (``prx plugins``).

    :param root: the project directory (its configuration's plugin allow and block lists).
    """
    return workspace_for(root).plugins()


def settings(*, root: PathArg = ".") -> ConfigResult:
    """The settings in effect for ``root`` and where each comes from: an environment
    variable, the project's ``[tool.prx]`` table (``pyproject.toml``) or
    ``.prx/config.toml``, the user's ``config.toml``, or the default (``prx config``).

    :param root: the project directory.
    """
    return workspace_for(root).settings()


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


def edit(
    path: PathArg | None = None,
    *,
    find: str | None = None,
    replace: str | None = None,
    regex: bool = False,
    replace_all: bool = False,
    occurrence: int | None = None,
    within: str | None = None,
    lines: str | None = None,
    content: str | None = None,
    insert_after: str | int | None = None,
    symbol: str | None = None,
    body: str | None = None,
    edits: str | Sequence[Mapping[str, Any]] | None = None,
    patch: str | None = None,
    apply: bool = False,
    force: bool = False,
    expect_hash: str | None = None,
    root: PathArg = ".",
) -> EditResult:
    """Change files: a dry run unless ``apply``; all files or none are written.

    One edit of ``path`` is one of: ``find`` + ``replace``, ``lines`` + ``content``,
    ``insert_after`` + ``content``, ``symbol`` + ``body``. Several edits, across files, go
    in ``edits``; a unified diff or a ``*** Begin Patch`` block in ``patch``.

    :param path: the file to edit, relative to ``root`` or absolute (with ``edits``: the
        file of the edits that name none).
    :param find: the text to replace; it must match exactly once, else
        :class:`~prx.errors.AmbiguousMatchError` lists the matches and
        :class:`~prx.errors.NoMatchError` shows the nearest near-miss. When absent as
        written, a unique match with whitespace (then typographic quotes and dashes)
        normalised is used, re-indented to the file's indentation (``match`` says which).
    :param replace: the replacement for ``find``.
    :param regex: ``find`` is a regular expression (``\\1``, ``\\g<name>`` or ``$1`` in
        ``replace``).
    :param replace_all: replace every match of ``find``.
    :param occurrence: replace only the N-th match of ``find`` (from 1).
    :param within: look for ``find`` only inside this function or class (``Outer.name``).
    :param lines: replace the lines ``"A-B"`` (or ``"N"``) by ``content``.
    :param content: the new lines for ``lines`` or ``insert_after``.
    :param insert_after: insert ``content`` after this line number (0: at the top) or
        after this symbol's definition.
    :param symbol: replace this whole definition, located through the outline, by ``body``.
    :param body: the new text of ``symbol``'s definition.
    :param edits: several edits: a list of objects with the keys ``file``, ``find``,
        ``replace``, ``regex``, ``all``, ``occurrence``, ``in``, ``lines``, ``content``,
        ``insert_after``, ``symbol``, ``body``, ``expect_hash``; or its JSON text; or the
        path of a JSON file holding it.
    :param patch: a unified diff (as ``git diff`` prints it) or a ``*** Begin Patch``
        block: the text itself, or the path of a file holding it.
    :param apply: write the files (atomically, all or none).
    :param force: with ``apply``, write even a change that adds syntax errors.
    :param expect_hash: refuse (:class:`~prx.errors.ConflictError`) unless the file's
        content hash is still this (``meta.hash`` of :func:`read`).
    :raises prx.errors.SyntaxCheckError: ``apply`` of a change adding syntax errors.
    """
    return workspace_for(root).edit(
        path,
        find=find,
        replace=replace,
        regex=regex,
        replace_all=replace_all,
        occurrence=occurrence,
        within=within,
        lines=lines,
        content=content,
        insert_after=insert_after,
        symbol=symbol,
        body=body,
        edits=edits,
        patch=patch,
        apply=apply,
        force=force,
        expect_hash=expect_hash,
    )
