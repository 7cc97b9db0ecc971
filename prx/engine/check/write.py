"""A write checked by the language's own checker: the checker runs on the project before
and after the change, and the errors the change added are what the answer reports.

- ``check="auto"``: on an applied change only. Before the write each touched language's
  checker runs (:mod:`prx.engine.check.checkers`), then the write, then the checkers
  again. New errors are those of the second run that the first does not account for
  (:mod:`prx.engine.check.compare`).
- ``check="always"``: a dry run is checked too, on a scratch copy of the project with
  the change written into it (:mod:`prx.engine.check.scratch`); nothing of the project
  is written.
- ``check="never"``: no checker runs.

With ``rollback`` and new errors, the old bytes are written back atomically, expecting
the new ones (a file changed meanwhile by anyone else is never overwritten: the rollback
is refused and the answer says so). A checker that is not installed, would run the
project's own code, times out or fails is reported (``ran``, ``why_not``, ``skipped``),
never an error of the change: the change is written or not exactly as without a check.

The answer stays ``ok`` whatever the check found: the files were written (or rolled
back) and an error envelope would hide what was. The first note says it instead
(:func:`check_note`), and the command line exits 1 (:func:`check_exit_status`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from prx.core.errors import CancelledError, InvalidArgumentError, PrxError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.core.results.check import ChangeCheck
    from prx.core.results.run import Diagnostic
    from prx.engine.check.base import Check, Found, Runtime
    from prx.engine.check.checkers import Plan
    from prx.engine.files.atomic import FileChange
    from prx.plugin.context import Context

__all__ = [
    "CHECK_MODES",
    "DEFAULT_TIMEOUT_S",
    "NEW_ERRORS_SHOWN",
    "check_exit_status",
    "check_note",
    "checked_write",
]

#: ``auto``: after an applied change, where a checker is installed and safe to run;
#: ``always``: also on a dry run (on a scratch copy); ``never``.
CHECK_MODES = ("auto", "always", "never")
#: Seconds each checker command may take (``[tool.prx.settings.check] timeout`` in a
#: configuration file overrides it).
DEFAULT_TIMEOUT_S = 300.0
#: New errors listed in the answer (``new_error_count`` counts them all).
NEW_ERRORS_SHOWN = 20


def checked_write(
    ws: Context,
    changes: Sequence[FileChange],
    write: Callable[[], tuple[str, ...]],
    *,
    apply: bool,
    check: str = "auto",
    rollback: bool = False,
    renamed: tuple[str, str] | None = None,
) -> tuple[tuple[str, ...], ChangeCheck | None]:
    """Run ``write`` (when ``apply``) between two runs of the checkers of the changed
    files' languages; the notes (what the check found first, when it found new errors,
    then those ``write`` returned) and the check (None when none was asked for).
    ``renamed`` (old, new): a rename's names, so that an old error naming it is not new."""
    if check not in CHECK_MODES:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(CHECK_MODES)}, got {check!r}",
            param="check",
        )
    if check == "never" or (check == "auto" and not apply):
        return (write() if apply else ()), None
    import tempfile

    from prx.engine.check.scratch import remove_tree

    temp = tempfile.mkdtemp(prefix="prx-check-")
    try:
        if apply:
            return _applied(ws, changes, write, temp, rollback, renamed)
        checked = _dry_run(ws, changes, temp, renamed)
        note = check_note(checked, apply=False)
        return ((note,) if note else ()), checked
    finally:
        remove_tree(temp)


def check_note(check: ChangeCheck | None, *, apply: bool) -> str | None:
    """The note that leads the answer when the check found new errors."""
    if check is None or not check.new_error_count:
        return None
    count = check.new_error_count
    found = f"`{check.command}` reports {count} new error{'s' if count != 1 else ''}"
    first = check.new_errors[0] if check.new_errors else None
    if first is not None:
        where = f"{first.file}:{first.line}" if first.line else first.file or "the project"
        found += f" (first: {where}: {first.message.splitlines()[0] if first.message else ''})"
    if not apply:
        return f"nothing was written, and applying would add errors: {found}"
    if check.rolled_back:
        return f"the change was rolled back, nothing of it remains written: {found}"
    if check.rollback_refused is not None:
        return (
            f"the change was written and {found}; the rollback was refused "
            f"({check.rollback_refused}): fix them by hand"
        )
    return (
        f"the change was written and {found}; fix them, or run it again with rollback to "
        "undo such a change"
    )


def check_exit_status(check: ChangeCheck | None) -> int:
    """The command line's exit status: 1 when the check found new errors (written or
    rolled back), else 0. The envelope stays ``ok``."""
    return 1 if check is not None and check.new_error_count else 0


# --------------------------------------------------------------------------- the flows


def _runtime(ws: Context, temp: str, *trees: str, scratch: bool = False) -> Runtime:
    from prx.engine.check.base import Runtime

    settings = ws.config.settings.get("check", {})
    value = settings.get("timeout") if hasattr(settings, "get") else None
    timeout = (
        float(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0
        else DEFAULT_TIMEOUT_S
    )
    return Runtime(temp=temp, timeout=timeout, trees=tuple(trees), scratch=scratch)


def _plan(ws: Context, changes: Sequence[FileChange], runtime: Runtime) -> Plan:
    from prx.engine.check.checkers import plan_checks

    return plan_checks(ws, ws.root_dir, changes, runtime)


def _applied(
    ws: Context,
    changes: Sequence[FileChange],
    write: Callable[[], tuple[str, ...]],
    temp: str,
    rollback: bool,
    renamed: tuple[str, str] | None,
) -> tuple[tuple[str, ...], ChangeCheck]:
    runtime = _runtime(ws, temp, ws.root_dir)
    plan = _plan(ws, changes, runtime)  # a cancellation here: nothing is written
    before = [(check, _run(check, ws.root_dir, False, runtime)) for check in plan.checks]
    notes = list(write())
    try:
        runs = _second_runs(before, ws.root_dir, runtime)
    except CancelledError:
        # The change is written: the answer must say so, not an error.
        result = _summary(plan, [(c, f, None) for c, f in before], "cancelled by the caller")
        return tuple(notes), result
    result = _summary(plan, runs, None, renamed=renamed)
    if result.new_error_count and rollback:
        result = _rolled_back(ws, changes, result)
    if result.new_error_count:
        note = check_note(result, apply=True)
        assert note is not None
        notes.insert(0, note)
    return tuple(notes), result


def _second_runs(
    before: Sequence[tuple[Check, Found]], root: str, runtime: Runtime
) -> list[tuple[Check, Found, Found | None]]:
    """Each checker again, with the change made (not those that could not check before)."""
    return [
        (check, found, None if found.diagnostics is None else _run(check, root, True, runtime))
        for check, found in before
    ]


def _run(check: Check, root: str, after: bool, runtime: Runtime) -> Found:
    """One run of a checker; whatever goes wrong in it (short of a cancellation) is a
    failure of the check, never of the change."""
    from prx.core.progress import report
    from prx.engine.check.base import Found

    report("check", int(after), 2, f"{'after' if after else 'before'} the change: {check.command}")
    try:
        return check.run(root, after=after, runtime=runtime)
    except CancelledError:
        raise
    except (OSError, PrxError, ValueError, UnicodeError) as exc:
        reason = exc.message if isinstance(exc, PrxError) else f"{type(exc).__name__}: {exc}"
        return Found(diagnostics=None, failure=reason)


def _dry_run(
    ws: Context, changes: Sequence[FileChange], temp: str, renamed: tuple[str, str] | None
) -> ChangeCheck:
    from prx.engine.check.scratch import copy_tree, write_changes

    copy = os.path.join(temp, "copy")
    runtime = _runtime(ws, temp, ws.root_dir, copy, scratch=True)
    plan = _plan(ws, changes, runtime)
    root = copy if any(c.needs_tree for c in plan.checks) else ws.root_dir
    if root == copy:
        try:
            copy_tree(ws.root_dir, copy, [c.path for c in changes])
        except OSError as exc:
            return _summary(plan, [], f"the scratch copy could not be made: {exc}")
    before = [(check, _run(check, root, False, runtime)) for check in plan.checks]
    if root == copy:
        try:
            write_changes(ws.root_dir, copy, changes)
        except (OSError, PrxError) as exc:
            reason = exc.message if isinstance(exc, PrxError) else str(exc)
            return _summary(plan, [(c, f, None) for c, f in before], reason)
    runs = _second_runs(before, root, runtime)
    return _summary(plan, runs, None, scratch=root == copy, renamed=renamed)


def _summary(
    plan: Plan,
    runs: Sequence[tuple[Check, Found, Found | None]],
    stopped: str | None,
    *,
    scratch: bool = False,
    renamed: tuple[str, str] | None = None,
) -> ChangeCheck:
    """One record for every check run, those left out and why."""
    from prx.core.results.check import ChangeCheck
    from prx.engine.check.compare import new_errors

    ran: list[Check] = []
    reasons = list(plan.skipped)
    if not runs and stopped is not None:
        reasons.append(stopped)
    before_count = after_count = 0
    added: list[Diagnostic] = []
    for check, before, after in runs:
        if before.diagnostics is None:
            reasons.append(f"`{check.command}` could not check the project: {before.failure}")
            continue
        if after is None or after.diagnostics is None:
            why = stopped or (after.failure if after is not None else "not run")
            reasons.append(f"`{check.command}` did not check the change: {why}")
            continue
        ran.append(check)
        before_count += len(before.diagnostics)
        after_count += len(after.diagnostics)
        added.extend(new_errors(before.diagnostics, after.diagnostics, renamed))
    return ChangeCheck(
        command="; ".join(check.command for check in ran) or None,
        ran=bool(ran),
        why_not=None if ran else ("; ".join(reasons) or "no checker for the changed files"),
        skipped=tuple(reasons) if ran else (),
        errors_before=before_count,
        errors_after=after_count,
        new_errors=tuple(added[:NEW_ERRORS_SHOWN]),
        new_error_count=len(added),
        scratch=scratch,
    )


def _rolled_back(ws: Context, changes: Sequence[FileChange], result: ChangeCheck) -> ChangeCheck:
    """Write the old bytes back, all or none, expecting the new ones."""
    from prx.core.record import replace
    from prx.engine.files.atomic import FileChange, apply_changes

    undo = [FileChange(path=c.path, old=c.new, new=c.old) for c in changes if c.old != c.new]
    try:
        apply_changes(undo, root=ws.confined)
    except PrxError as exc:
        return replace(result, rollback_refused=exc.message)
    return replace(result, rolled_back=True)
