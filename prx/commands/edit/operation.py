"""The ``edit`` operation."""

from __future__ import annotations

from prx.core.record import record
from prx.core.results.edit import EditResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any

__all__ = ["EDIT", "EditParams"]


@record
class EditParams:
    """Parameters of ``prx edit``."""

    path: str | None = param(
        None,
        help="file to edit",
        positional=True,
        aliases=("file",),
    )
    find: str | None = param(
        None,
        help="text to replace; must match once",
        metavar="TEXT",
    )
    replace: str | None = param(None, help="replacement for --find", metavar="TEXT")
    regex: bool = param(False, help="--find is a regex")
    replace_all: bool = param(False, help="replace every match", flag="--all", aliases=("all",))
    occurrence: int | None = param(None, help="replace the N-th match")
    within: str | None = param(
        None,
        help="search only in this function or class",
        flag="--in",
        aliases=("in",),
        metavar="SYMBOL",
    )
    lines: str | None = param(None, help="replace lines A-B by --content", metavar="A-B")
    content: str | None = param(None, help="new lines", metavar="TEXT")
    insert_after: str | None = param(
        None,
        help="insert --content after line N or a symbol",
        metavar="N|SYMBOL",
    )
    symbol: str | None = param(None, help="replace this definition by --body", metavar="NAME")
    body: str | None = param(None, help="new definition", metavar="TEXT")
    edits: str | tuple[Mapping[str, Any], ...] | None = param(
        None,
        help="list of edits (CLI: a JSON file, - or the JSON text), all or nothing",
        metavar="FILE",
    )
    patch: str | None = param(
        None,
        help="unified diff or *** Begin Patch (file, - or the text)",
        metavar="FILE",
    )
    apply: bool = param(False, help="write (default: dry run)")
    force: bool = param(False, help="write even if syntax errors are added")
    expect_hash: str | None = param(
        None,
        help="refuse unless the file's hash is HASH",
        metavar="HASH",
    )
    check: str = param(
        "auto",
        help="when the checker runs (auto: on --apply); rollback undoes new errors",
        choices=("auto", "always", "never", "rollback"),
    )


def _run(ws: Context, p: EditParams) -> EditResult:
    from prx.commands.edit.engine import run_edit

    return run_edit(
        ws,
        p.path,
        find=p.find,
        replace=p.replace,
        regex=p.regex,
        replace_all=p.replace_all,
        occurrence=p.occurrence,
        within=p.within,
        lines=p.lines,
        content=p.content,
        insert_after=p.insert_after,
        symbol=p.symbol,
        body=p.body,
        edits=p.edits,
        patch=p.patch,
        apply=p.apply,
        force=p.force,
        expect_hash=p.expect_hash,
        check="auto" if p.check == "rollback" else p.check,
        rollback=p.check == "rollback",
    )


def _exit_status(p: EditParams, result: EditResult) -> int:
    """1 when the post-change check found new errors (the answer stays ok)."""
    from prx.engine.check.write import check_exit_status

    return check_exit_status(result.check)


EDIT = Operation(
    name="edit",
    summary="Change files safely: find/replace, lines, symbols, multi-file edits, patches; "
    "a dry run unless --apply.",
    description=(
        "Change one file (--find/--replace, --lines/--content, --insert-after, "
        "--symbol/--body) or several (--edits, --patch), all or nothing. A dry run by "
        "default: the answer shows each change (line, enclosing function, before, after) "
        "and each file's new hash; --apply writes atomically, keeping encoding, BOM, line "
        "endings and the final newline. A find text must match exactly once (--all, "
        "--occurrence N or --in SYMBOL to choose); a change that adds syntax errors is "
        "refused unless --force. After --apply the language's own checker (compile(), "
        "pyright, tsc, go build/vet, cargo check, javac) runs before and after: new "
        "errors lead the notes, and --check rollback undoes such an edit. See docs/edit.md."
    ),
    func=_run,
    params=EditParams,
    result=EditResult,
    read_only=False,
    budget_param=None,
    toolset="edit",
    exit_status=_exit_status,
    text=lazy_rendering("prx.commands.edit.text:render"),
)
