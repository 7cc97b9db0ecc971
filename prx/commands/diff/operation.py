"""The ``diff`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx.core.budget import DIFF_CEILING
from prx.core.record import record
from prx.core.results.diff import DiffResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Baseline, Operation, param

__all__ = ["DIFF", "DiffParams"]


@record
class DiffParams:
    """Parameters of ``prx diff``."""

    paths: tuple[str, ...] = param(
        (),
        help="limit to these paths",
        positional=True,
        metavar="PATH",
        aliases=("path", "file"),
        rest=False,
    )
    revision: str | None = param(
        None,
        help="REV, A..B or A...B; default HEAD",
        flag="--rev",
        metavar="REV",
        aliases=("rev", "range"),
    )
    since: str | None = param(
        None,
        help="REF: the same as --rev REF (the original prx's flag)",
        metavar="REF",
        shorthand=True,
    )
    staged: bool = param(
        False,
        help="the index vs the base",
        aliases=("cached",),
    )
    no_index: bool = param(False, help="compare two paths without git")
    stat_only: bool = param(False, help="no hunks")
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base), most important hunks first; "
        f"default: a ceiling of {DIFF_CEILING} (estimated); 0: no limit",
        metavar="N",
    )
    continue_token: str | None = param(
        None, help="continuation_token of a cut diff", flag="--continue", metavar="TOKEN"
    )


def _revision(p: DiffParams) -> str | None:
    if p.since is not None and p.revision is not None and p.since != p.revision:
        from prx.core.errors import InvalidArgumentError

        raise InvalidArgumentError(
            "invalid argument {param}: give one revision, not two",
            param="since",
            suggestion="Use {param:revision} alone (A..B compares two commits).",
        )
    return p.revision if p.revision is not None else p.since


def _run(ws: Context, p: DiffParams) -> DiffResult:
    from prx.commands.diff.answer import diff_changes

    return diff_changes(
        ws,
        p.paths,
        revision=_revision(p),
        staged=p.staged,
        no_index=p.no_index,
        stat_only=p.stat_only,
        budget=p.budget,
        continue_token=p.continue_token,
    )


def _git_argv(p: DiffParams) -> list[str]:
    if p.no_index:
        return ["git", "--no-pager", "diff", "--no-index", "--no-color", "--", *p.paths]
    argv = ["git", "--no-pager", "diff", "--no-color", "--no-ext-diff"]
    if p.staged:
        argv.append("--cached")
    revision = p.revision if p.revision is not None else p.since
    if revision is not None:
        argv.append(revision)
    return [*argv, "--", *p.paths]


def _fallback(p: DiffParams) -> Sequence[str] | None:
    return _git_argv(p)


def _baseline(p: DiffParams, r: DiffResult) -> Baseline | None:
    # `git diff` prints at least each changed line with its sign, and a header per file.
    from prx.engine.usage.baseline import command_line, utf8_size

    command = command_line(_git_argv(p))
    if p.continue_token is not None:
        return Baseline(tokens=0, strategy="continuation", command=command)
    if r.hunks is None or r.truncated:
        return None  # what was not shown is not measured: no claim
    size = sum(
        utf8_size(line) + 2
        for hunk in r.hunks
        for change in hunk.changes
        for line in (change.old, change.new)
        if line is not None
    )
    size += sum(2 * utf8_size(f.path) + 30 for f in r.files)
    return Baseline(tokens=size // 4, strategy="lower_bound", command=command)


DIFF = Operation(
    name="diff",
    summary="git diff by function, with semantic notes.",
    func=_run,
    params=DiffParams,
    result=DiffResult,
    fallback=_fallback,
    baseline=_baseline,
    toolset="edit",
    text=lazy_rendering("prx.commands.diff.text:render"),
)
