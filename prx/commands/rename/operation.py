"""The ``rename`` operation."""

from __future__ import annotations

from prx.core.budget import RENAME_CEILING
from prx.core.record import record
from prx.core.results.rename import RenameResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["RENAME", "RenameParams"]


@record
class RenameParams:
    """Parameters of ``prx rename``."""

    old: str = param(help="what to rename: NAME, Class.method or FILE:LINE", positional=True)
    new: str = param(help="its new name", positional=True)
    path: str = param(".", help="file or directory to rename in (default: .)", positional=True)
    include_comments: bool = param(False, help="also in comments and strings (whole words)")
    apply: bool = param(False, help="write all files or none (default: dry run)")
    engine: str = param(
        "auto",
        help="auto: rope for Python if installed; syntactic: by name",
        choices=("auto", "rope", "syntactic"),
    )
    sites: tuple[str, ...] = param(
        (),
        help="unsure places (FILE:LINE) to rename too",
        metavar="FILE:LINE",
    )
    force: bool = param(
        False,
        help="rename every unsure place too (unsafe)",
    )
    check: str = param(
        "auto",
        help="run the checker: auto (on --apply), always, never, rollback",
        choices=("auto", "always", "never", "rollback"),
    )
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{RENAME_CEILING} (estimated); 0: no limit. --apply writes every change regardless",
        metavar="N",
    )


def _run(ws: Context, p: RenameParams) -> RenameResult:
    from prx.commands.rename.rename import rename

    return rename(
        ws,
        p.old,
        p.new,
        p.path,
        include_comments=p.include_comments,
        apply=p.apply,
        engine=p.engine,
        budget=p.budget,
        sites=p.sites,
        force=p.force,
        check="auto" if p.check == "rollback" else p.check,
        rollback=p.check == "rollback",
    )


def _exit_status(p: RenameParams, result: RenameResult) -> int:
    """1 when the post-change check found new errors (the answer stays ok)."""
    from prx.engine.check.write import check_exit_status

    return check_exit_status(result.check)


RENAME = Operation(
    name="rename",
    summary="Rename an identifier across files and languages: a dry run unless --apply.",
    description=(
        "Rename one definition, named OLD (NAME, Class.method, a::b or FILE:LINE[:COL]), "
        "and its uses under PATH, import lines included (strings and comments only with "
        "--include-comments). A bare name several definitions share is refused with the "
        "list. A dry run by default: the answer shows each changed line before and after; "
        "--apply writes all files or none. Uses are resolved by rope for Python (extra "
        "prx[rename]) and by prx's models for Rust, Go, Java and TypeScript/JavaScript; "
        "other languages are renamed by name. Occurrences tied to the definition only by "
        "name are listed in left_alone, and --apply refuses while any remain unless "
        "--sites names those to take or --force (unsafe). A keyword as NEW is refused; "
        "NEW already named in the same scope is a conflict. After --apply the language's "
        "own checker (compile(), pyright, tsc, go build/vet, cargo check, javac) runs "
        "before and after: new errors lead the notes and exit 1, and --check rollback "
        "undoes such a rename."
    ),
    func=_run,
    params=RenameParams,
    result=RenameResult,
    read_only=False,
    toolset="edit",
    exit_status=_exit_status,
    text=lazy_rendering("prx.commands.rename.text:render"),
)
