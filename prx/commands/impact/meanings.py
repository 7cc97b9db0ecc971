"""``impact --symbol NAME:LINE`` of a top-level name in a language read through its
imports (Python, TypeScript, JavaScript): which definition the line chooses.

A TypeScript name declared as a type and as a value in one scope is two meanings that
tsc tells apart by where the name is written (see
:mod:`prx.engine.intel.models.script_meanings`): the line keeps the users of its own.
Other definitions of one name in a file are one binding, whose users are all listed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prx.core.errors import InvalidArgumentError

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project
    from prx.engine.intel.uses import FileUse, SymbolUsers

__all__ = ["meaning_at", "of_meaning"]


def meaning_at(
    project: Project,
    parsed: ParsedFile | None,
    name: str,
    line: int | None,
    path: str,
    notes: list[str],
) -> Callable[[str, int], bool] | None:
    """For ``NAME:LINE`` of a top-level name: the test that keeps the places of that
    definition's meaning (a TypeScript name declared as a type and as a value); None when
    every place is its. A line that holds none of the name's definitions is an error; a
    bare name declared in both spaces is said to be."""
    if parsed is None:
        return None
    defs = [d for d in parsed.definitions() if d.name == name]
    chosen = defs if line is None else _on_line(defs, line)
    if not chosen:
        if line is not None and defs:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: no definition of {name!r} on line {line} of {path}",
                param="symbol",
                suggestion=f"Its definitions are on lines {_lines_of(defs)}.",
            )
        if line is not None:
            notes.append(
                f"line {line} is not checked: {name} is bound by an assignment, not a "
                "definition prx lists"
            )
        return None
    if len(defs) < 2:
        return None  # the one definition: every use of the name is its
    keeps = None
    if parsed.language in ("typescript", "tsx"):
        from prx.engine.intel.models.script_meanings import declaration_filter

        keeps = declaration_filter(project, chosen[0].node)
    if line is None:
        if keeps is not None:
            notes.append(
                f"{name} is declared as a type and as a value in {path} (lines "
                f"{_lines_of(defs)}): the users of both are listed; ask --symbol "
                f"{name}:LINE for one"
            )
        return None
    if keeps is None:
        notes.append(
            f"{name} is defined {len(defs)} times in {path}, one binding: the users of every "
            f"definition are listed (line {line} does not choose one)"
        )
    return keeps


def _on_line(defs: list[Any], line: int) -> list[Any]:
    """The definitions starting on ``line``, else those spanning it."""
    return [d for d in defs if _first_line(d) == line] or [
        d for d in defs if _first_line(d) <= line <= int(d.node.end_point[0]) + 1
    ]


def _lines_of(defs: list[Any]) -> str:
    return ", ".join(str(n) for n in sorted({_first_line(d) for d in defs}))


def _first_line(defn: Any) -> int:
    return int(defn.node.start_point[0]) + 1


def of_meaning(found: SymbolUsers, keeps: Callable[[str, int], bool]) -> SymbolUsers:
    """``found`` less the references of the name's other meaning, and the files left with
    none (their import binds the name, and they use the other meaning)."""
    users: dict[str, FileUse] = {}
    for file, use in found.users.items():
        refs = tuple((occ, how) for occ, how in use.refs if keeps(file, occ.byte))
        if refs:
            users[file] = use._replace(refs=refs)
    return found._replace(users=users)
