"""The ``exists`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx.core.budget import ECHO_CHARS, shortened_echo
from prx.core.record import record
from prx.core.results.exists import ExistsResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Baseline, Operation, param

__all__ = ["EXISTS", "ExistsParams"]


@record
class ExistsParams:
    """Parameters of ``prx exists``."""

    pattern: str = param(help="a path (relative to PATH) or a literal text", positional=True)
    path: str = param(".", help="where to look (default: .)", positional=True)
    mode: str = param(
        "auto",
        help="path, content or auto (path, then content)",
        choices=("auto", "path", "content"),
    )
    exact: bool = param(
        False,
        help="read every candidate file (else 8)",
    )


def _run(ws: Context, p: ExistsParams) -> ExistsResult:
    from prx.engine.index.speculation import speculating

    ws, path = ws.for_path(p.path)  # ROOT//PATH: another project's root
    if path != p.path:
        from prx.core.record import replace

        p = replace(p, path=path)
    # From the command line, the index's freshness is checked beside the answer.
    result = speculating(_exists)(ws, p)
    if len(result.pattern) > ECHO_CHARS:
        from prx.core.record import replace

        result = replace(result, pattern=shortened_echo(result.pattern))
    return result


def _exists(ctx: Context, p: ExistsParams) -> ExistsResult:
    from prx.commands.exists.engine import check_exists
    from prx.engine.index.probe import open_probe

    return check_exists(ctx, p.pattern, p.path, mode=p.mode, exact=p.exact, open_probe=open_probe)


def _fallback(p: ExistsParams) -> Sequence[str]:
    return ["grep", "-rlF", "--", p.pattern, p.path]


_VCS_DIRS = (".git", ".hg", ".svn")


def _baseline(p: ExistsParams, r: ExistsResult) -> Baseline:
    # grep -rlF lists every file holding the text; prx names at most one (docs/stats.md).
    import os

    from prx.engine.files.display import walk_base
    from prx.engine.usage.baseline import below, command_line, utf8_size

    command = command_line(_fallback(p))
    where = os.path.join(r.root, p.path)
    is_dir = os.path.isdir(where)
    # Tools print PATH/name, name relative to PATH; answers show paths from the root.
    prefix = (p.path if p.path.endswith("/") else p.path + "/") if is_dir else ""
    base = walk_base(r.root, p.path)
    if r.matched == "path" or p.mode == "path":
        # ls prints the path it is given when it exists, nothing on stdout when it does not.
        folder = where if is_dir else os.path.dirname(where)
        direct = os.path.isabs(p.pattern) or os.path.lexists(os.path.join(folder, p.pattern))
        if r.file is not None and not direct:  # a glob: one of the names it expands to
            asked = prefix + below(base, r.file)
        else:
            asked = p.pattern if os.path.isabs(p.pattern) else prefix + p.pattern
        return Baseline(
            tokens=(utf8_size(asked) + 1) // 4 if r.exists else 0,
            strategy="measured" if direct or not r.exists else "lower_bound",
            command=command_line(["ls", "-d", "--", asked]),
        )
    if r.exists:
        # At least one line: the file found, else a name of at least one character.
        if r.file is None:
            name = prefix + "?"
        else:
            name = prefix + below(base, r.file) if is_dir else p.path
        return Baseline(tokens=(utf8_size(name) + 1) // 4, strategy="lower_bound", command=command)
    # grep also reads what prx passes over (ignored files, .git ...): it may list those.
    complete = (
        r.confidence == "exact"
        and set(r.skipped) <= {"symlink"}
        and not (is_dir and any(os.path.isdir(os.path.join(where, d)) for d in _VCS_DIRS))
    )
    return Baseline(tokens=0, strategy="measured" if complete else "lower_bound", command=command)


EXISTS = Operation(
    name="exists",
    summary="Whether a path, or a text in any file, exists (probable from an index).",
    func=_run,
    params=ExistsParams,
    result=ExistsResult,
    fallback=_fallback,
    baseline=_baseline,
    budget_param=None,
    toolset="navigate",
    text=lazy_rendering("prx.commands.exists.text:render"),
)
