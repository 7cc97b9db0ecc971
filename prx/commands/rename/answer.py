"""The answer of a rename: its changed lines per file, cut to fit a budget or the
default ceiling (the lines listed, never what an applied rename writes)."""

from __future__ import annotations

from collections.abc import Sequence

from prx.commands.rename.candidate import Candidate
from prx.core.budget import Cap, data_tokens, fit_prefix, limit_for
from prx.core.errors import BudgetExceededError
from prx.core.results.check import ChangeCheck
from prx.core.results.rename import (
    RenameConflict,
    RenameFile,
    RenameLine,
    RenameResult,
    RenameSkip,
)

__all__ = ["MAX_CONFLICTS", "file_answer", "fitted", "line_text"]

#: Conflicts an answer lists at most (the rest are counted in a note).
MAX_CONFLICTS = 20


def line_text(raw: bytes) -> str:
    """A line as answers show it: without its line ending, a BOM or undecodable bytes."""
    return raw.removesuffix(b"\r").decode("utf-8", "replace").removeprefix("\ufeff")


def file_answer(candidate: Candidate) -> RenameFile:
    """The changed lines of ``candidate``, before and after."""
    before = candidate.data.split(b"\n")
    after = candidate.new_data.split(b"\n")
    imports = {o.line for o in candidate.renamed if o.in_import}
    numbers = sorted({o.line for o in candidate.renamed})
    return RenameFile(
        file=candidate.shown,
        language=candidate.spec.name,
        engine=candidate.engine,
        replacements=len(candidate.renamed),
        lines=tuple(
            RenameLine(
                line=n,
                before=line_text(before[n - 1]),
                after=line_text(after[n - 1]),
                in_import=n in imports,
            )
            for n in numbers
        ),
    )


def fitted(
    cap: Cap,
    *,
    old: str,
    new: str,
    root: str,
    applied: bool,
    files: Sequence[RenameFile],
    conflicts: Sequence[RenameConflict],
    left_alone: Sequence[RenameSkip],
    skipped: dict[str, int],
    notes: list[str],
    target: str | None = None,
    check: ChangeCheck | None = None,
) -> RenameResult:
    """The answer, its lines (changed, then left alone) cut to fit the budget or ceiling."""
    from prx.core.results.read import Omission

    shown_conflicts = tuple(conflicts[:MAX_CONFLICTS])
    if len(conflicts) > MAX_CONFLICTS:
        notes.append(f"{len(conflicts) - MAX_CONFLICTS} more conflicts are not listed")
    total_lines = sum(len(f.lines) for f in files)
    total = total_lines + len(left_alone)

    def build(keep: int, omitted: Omission | None = None, note: str | None = None) -> RenameResult:
        kept_files: list[RenameFile] = []
        budget_left = keep
        for f in files:
            taken = f.lines[: max(0, budget_left)]
            budget_left -= len(taken)
            kept_files.append(_with_lines(f, taken))
        return RenameResult(
            old=old,
            new=new,
            root=root,
            applied=applied,
            files_changed=len(files),
            total_replacements=sum(f.replacements for f in files),
            changes=tuple(kept_files),
            conflicts=shown_conflicts,
            left_alone=tuple(left_alone[: max(0, keep - total_lines)]),
            skipped=skipped,
            notes=tuple(notes + ([note] if note else [])),
            target=target,
            check=check,
            truncated=omitted is not None,
            omitted=omitted,
        )

    if cap.tokens is None:
        return build(total)
    limit = limit_for(cap.tokens)
    count = cap.count
    # Room for the note and the omission, sized as for the whole answer.
    placeholder = Omission(count=total, tokens=10**6, reason=cap.reason)
    probe_note = _omitted_note(total, cap)
    keep = fit_prefix(total, lambda k: data_tokens(build(k, placeholder, probe_note), count), limit)
    if keep == total and data_tokens(build(total), count) <= limit:
        return build(total)
    if keep == total:
        keep = total - 1
    if data_tokens(build(keep, placeholder, probe_note), count) > limit:
        raise BudgetExceededError(
            f"budget {cap.tokens} cannot hold the rename's totals and notes",
            param="budget",
            suggestion=f"Use {{param}} {cap.tokens * 2} or more.",
        )
    rest = data_tokens(build(total), count) - data_tokens(build(keep), count)
    left = total - keep
    return build(
        keep, Omission(count=left, tokens=rest, reason=cap.reason), _omitted_note(left, cap)
    )


def _omitted_note(left: int, cap: Cap) -> str:
    return (
        f"{left} line(s) left out of this answer to fit {cap.describe()} (an applied "
        "rename still writes every change)"
    )


def _with_lines(f: RenameFile, lines: tuple[RenameLine, ...]) -> RenameFile:
    return RenameFile(
        file=f.file,
        language=f.language,
        engine=f.engine,
        replacements=f.replacements,
        lines=lines,
    )
