"""Why a rename would break code: NEW already a name in the same scope, or a renamed
file that no longer parses. A dry run lists them; an applied rename refuses them."""

from __future__ import annotations

from collections.abc import Sequence

from prx.commands.rename.candidate import Candidate
from prx.commands.rename.occurrences import BOM, Scope, count_errors
from prx.core.results.rename import RenameConflict
from prx.engine.lang.grammar import parse

__all__ = ["find_conflicts"]


def find_conflicts(changed: Sequence[Candidate], old: str, new: str) -> list[RenameConflict]:
    """NEW clashing with a name in the same scope, or a renamed file that would not parse."""
    found: list[RenameConflict] = []
    for candidate in changed:
        found += _clashes(candidate, old, new)
        shift = len(BOM) if candidate.new_data.startswith(BOM) else 0
        root = parse(candidate.spec, candidate.new_data[shift:]).root_node
        if count_errors(root) > candidate.scan.errors:
            from prx.engine.lang.syntax import first_error

            bad = first_error(root)
            line = int(bad.start_point[0]) + 1 if bad is not None else 1
            found.append(
                RenameConflict(
                    file=candidate.shown,
                    line=line,
                    kind="syntax",
                    message=f"the renamed {candidate.spec.name} file would not parse "
                    f"(first error at line {line}): is {new!r} reserved there?",
                )
            )
    return found


def _clashes(candidate: Candidate, old: str, new: str) -> list[RenameConflict]:
    """A name NEW visible where a renamed OLD is used: module level, or the same function
    or class (names in a class are members: only that class's own names clash)."""
    renamed = [o for o in candidate.renamed if o.kind == "code" and not o.member]
    clashes: list[RenameConflict] = []
    seen: set[Scope] = set()  # one conflict per scope: its first NEW
    for existing in candidate.scan.new:
        scope = existing.scopes[0]
        if existing.member or scope in seen:
            continue
        for occurrence in renamed:
            if scope not in occurrence.scopes:
                continue
            if occurrence.scopes[0].is_class and occurrence.scopes[0] != scope:
                continue
            clashes.append(
                RenameConflict(
                    file=candidate.shown,
                    line=existing.line,
                    kind="name_exists",
                    message=f"{new!r} already exists {scope.label} (line {existing.line}), "
                    f"where {old!r} is renamed (line {occurrence.line})",
                )
            )
            seen.add(scope)
            break
    return clashes
