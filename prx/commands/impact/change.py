"""The change ``prx impact --tests`` starts from: each changed line placed in the
definition that holds it (or the module-level statement), seeded into the walk; files
that are not code said for what they are (config, data, documentation)."""

from __future__ import annotations

import os
import posixpath
from typing import TYPE_CHECKING

from prx.core.results.affected import ChangedUnit
from prx.engine.affected.cases import test_cases
from prx.engine.affected.kinds import file_kind
from prx.engine.affected.units import MODULE, FileUnits

if TYPE_CHECKING:
    from prx.commands.diff.model import FilePatch
    from prx.engine.affected.reach import Reach
    from prx.engine.intel.project import Project
    from prx.plugin.context import Context

__all__ = ["ChangeReader"]


class ChangeReader:
    """Reads a diff into the walk's seeds, with what it says of each file."""

    def __init__(
        self,
        ws: Context,
        project: Project,
        reach: Reach,
        units: dict[str, FileUnits | None],
    ) -> None:
        self.ws = ws
        self.project = project
        self.reach = reach
        self.units_of = reach.units_of
        #: The units the walk reads, by file: a changed file's are the change's version.
        self._units = units
        self.changed: list[ChangedUnit] = []
        self.reasons: list[str] = []
        self.whole_suite = False
        self._texts: dict[str, str] = {}

    def read(self, side: object) -> None:
        from prx.commands.diff.sides import Side

        assert isinstance(side, Side)
        parseable = [
            p
            for p in side.patches
            if self.spec(p.path) is not None and not p.binary and file_kind(p.path) != "config"
        ]
        contents = side.contents(parseable) if parseable else {}
        for patch in side.patches:
            rel = self.project.rel(os.path.join(self.ws.root_dir, side.show(patch.path)))
            if rel.startswith(".."):
                continue  # outside the project: nothing here can reach it
            if id(patch) in contents:
                before, after = contents[id(patch)]
                self._code_change(patch, rel, before, after)
            else:
                self._other_change(patch, rel)

    def spec(self, path: str) -> object | None:
        """The language of a code file prx parses (not a document or a data format)."""
        from prx.commands.diff.semantic import NOT_CODE

        spec = self.ws.language_for(path)
        if spec is None or spec.grammar is None or spec.name in NOT_CODE:
            return None
        return spec

    def _parsed(self, rel: str, data: bytes | None) -> FileUnits | None:
        from prx.engine.intel.project import ParsedFile

        if data is None:
            return None
        spec = self.ws.language_for(rel)
        return FileUnits(ParsedFile(rel, spec, data))

    def _code_change(
        self, patch: FilePatch, rel: str, before: bytes | None, after: bytes | None
    ) -> None:
        from prx.engine.intel.project import is_test_file

        old = self._parsed(rel, before)
        new = self._parsed(rel, after)
        if new is not None:
            self._units[rel] = new  # the version the change made, whatever the tree holds
        if patch.status == "deleted" and old is not None:
            if test_cases(old, is_test_file(rel)):
                self.changed.append(ChangedUnit(file=rel, name=None, kind="deleted_test"))
                self.reasons.append(f"{rel} was deleted: its tests no longer exist to run")
            else:
                self.changed.append(ChangedUnit(file=rel, name=None, kind="deleted"))
            for unit in old.units:
                self.reach.changed_name(rel, unit.name)
            return
        whole = False
        touched: dict[str, None] = {}
        for hunk in patch.hunks:
            if new is not None:
                for offset, text in enumerate(hunk.added):
                    if text.strip():
                        whole |= self._line(new, rel, hunk.new_start + offset, touched, True)
            if old is not None:
                for offset, text in enumerate(hunk.removed):
                    if text.strip():
                        whole |= self._line(old, rel, hunk.old_start + offset, touched, False)
        kind = "test" if is_test_file(rel) else "definition"
        if whole:
            self.changed.append(ChangedUnit(file=rel, name=None, kind="module"))
            self.reach.changed_module(rel)
        self.changed += [ChangedUnit(file=rel, name=name, kind=kind) for name in touched]

    def _line(
        self, units: FileUnits, rel: str, line: int, touched: dict[str, None], new: bool
    ) -> bool:
        """Seed the walk with what ``line`` of one side changed; True for import-time code."""
        owner = units.lines_owned(line)
        if owner != MODULE:
            unit = units.units[owner]
            touched.setdefault(unit.qualname)
            current = units if new else self.units_of(rel)
            same = current.by_qualname(unit.qualname) if current is not None else None
            if same is not None:
                self.reach.changed_definition(rel, same)
            else:
                self.reach.changed_name(rel, unit.name)
            return False
        statement = units.statement_at(line)
        if statement.kind == "ignore":
            return False
        if statement.kind == "binding":
            for name in statement.names:
                touched.setdefault(name)
                self.reach.changed_name(rel, name)
            return False
        return True

    def _other_change(self, patch: FilePatch, rel: str) -> None:
        kind = "unknown" if patch.binary else file_kind(rel)
        if kind == "config":
            self.changed.append(ChangedUnit(file=rel, name=None, kind="config"))
            self.whole_suite = True
            self.reasons.append(f"{rel} configures the build or the test run: the whole suite")
            return
        if kind == "docs":
            self.changed.append(ChangedUnit(file=rel, name=None, kind="docs"))
            self.reasons.append(f"{rel} is documentation: no test selected for it")
            return
        self.changed.append(ChangedUnit(file=rel, name=None, kind="data"))
        readers = self._readers_of(rel)
        if not readers:
            self.whole_suite = True
            self.reasons.append(
                f"{rel}: no code names it or its folder, so what reads it is unknown: the "
                "whole suite"
            )
            return
        names = ", ".join(readers[:3]) + (" ..." if len(readers) > 3 else "")
        self.reasons.append(f"{rel} is data read by {names}: widened to what reaches them")
        for reader in readers:
            self.reach.whole_files.setdefault(reader, f"reads {rel}")
            self.reach.changed_module(reader)

    def _readers_of(self, rel: str) -> list[str]:
        """Code files that name ``rel``'s file name, else its nearest folder's name."""
        words = [posixpath.basename(rel)]
        directory = posixpath.dirname(rel)
        while directory:
            words.append(posixpath.basename(directory))
            directory = posixpath.dirname(directory)
        for word in words:
            found = [f for f in sorted(self.project.graph.files) if word in self.text(f)]
            if found:
                return found
        return []

    def text(self, rel: str) -> str:
        """The project file's text (decoded once; empty when it cannot be read)."""
        known = self._texts.get(rel)
        if known is None:
            parsed = self.project.file(rel)
            known = self._texts[rel] = (
                parsed.data.decode("utf-8", "replace") if parsed is not None else ""
            )
        return known
