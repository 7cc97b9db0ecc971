"""``prx impact --tests``: the change, what it touched, and the tests that reach it."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from prx.commands.impact.change import ChangeReader
from prx.core.record import replace
from prx.core.results.affected import AffectedTests, SelectedTest
from prx.engine.affected.cases import SCRIPT_TEST_CALL, TestCase, test_cases
from prx.engine.affected.reach import Reach
from prx.engine.affected.units import FileUnits

if TYPE_CHECKING:
    from prx.engine.intel.project import Project
    from prx.plugin.context import Context

__all__ = ["Selection", "select_tests"]

_DYNAMIC_IMPORT = re.compile(
    r"importlib\.import_module\(|__import__\(|\bimport\(\s*[^'\"`\s)]|\brequire\(\s*[^'\"`\s)]"
)
#: Confidence of a test linked by references, by a file-level rule, by a widening rule.
_BY_NAME, _BY_FILE, _WIDENED = 1.0, 0.8, 0.5


class Selection:
    """A selection with what the engine learnt on the way (its notes, the graph's origin)."""

    def __init__(self, result: AffectedTests, notes: list[str], graph: str, root: str) -> None:
        self.result = result
        self.notes = notes
        self.graph = graph
        #: The directory the tests' paths are relative to (the project's root).
        self.root = root


def select_tests(
    ws: Context, paths: tuple[str, ...], *, revision: str | None, staged: bool
) -> Selection:
    """The tests the change (``git diff`` forms: working tree vs HEAD by default) reaches."""
    from prx.commands.diff.sides import git_side
    from prx.engine.intel.project import Project

    side = git_side(ws, paths, revision, staged)
    project = Project(ws, ws.root_dir)
    engine = _Engine(ws, project)
    # New files git does not track are no part of the change: say so where it is acted on.
    engine.change.reasons += [note for note in side.notes if "untracked" in note]
    engine.change.read(side)
    engine.reach.run()
    result = engine.result()
    return Selection(result, [*side.notes, *project.notes], project.graph_origin, project.root)


class _Engine:
    def __init__(self, ws: Context, project: Project) -> None:
        self.ws = ws
        self.project = project
        self._units: dict[str, FileUnits | None] = {}
        self.reach = Reach(project, self.units_of)
        self.change = ChangeReader(ws, project, self.reach, self._units)
        #: Folder -> the test file that loads its script tests by computed paths.
        self._loaders: dict[str, str | None] = {}
        #: Files that import a module whose import-time code changed, and the chain.
        self._whole_reach: dict[str, tuple[str, ...]] = {}

    def units_of(self, rel: str) -> FileUnits | None:
        if rel not in self._units:
            parsed = self.project.file(rel)
            self._units[rel] = FileUnits(parsed) if parsed is not None else None
        return self._units[rel]

    # -- the answer ---------------------------------------------------------------------

    def result(self) -> AffectedTests:
        from prx.engine.intel.project import is_test_file

        self._rules()
        seen_files: set[str] = set()
        for file in self.reach.affected_files():
            seen_files.add(file)
        # A module whose import-time code changed changes every file that imports it.
        self._whole_reach = {}
        for module, chain in sorted(self.reach.whole_modules.items()):
            for file in sorted(self.reach.reverse_reach(module)):
                self._whole_reach.setdefault(
                    file, chain if file == module else (*chain, f"{file}: imports {module}")
                )
        seen_files |= set(self._whole_reach)
        selected: dict[str, SelectedTest] = {}
        for file in sorted(seen_files):
            units = self.units_of(file)
            if units is None:
                continue
            cases = test_cases(units, is_test_file(file))
            for case in self._chosen(units, cases):
                selected.setdefault(
                    case.id if case.unit is not None else file,
                    case_to(self.project, case, *self._why(units, case)),
                )
        widened = self._dynamic()
        for file, why in sorted(widened.items()):
            units = self.units_of(file)
            if units is None:
                continue
            for case in _whole_file_cases(units, test_cases(units, is_test_file(file))):
                selected.setdefault(case.id, case_to(self.project, case, (why,), _WIDENED))
        for file, why in sorted(self._runs_by_path().items()):
            units = self.units_of(file)
            if units is None:
                continue
            for case in _whole_file_cases(units, test_cases(units, is_test_file(file))):
                selected.setdefault(case.id, case_to(self.project, case, (why,), _BY_FILE))
        selected = self._through_loaders(selected)
        tests = tuple(sorted(_absorbed(selected.values()), key=lambda t: (t.file, t.line, t.id)))
        suite = self._suite_files()
        if not tests and not self.change.whole_suite:
            if not self.change.changed:
                self.change.reasons.append("no change: nothing to run")
            elif any(
                c.kind in ("definition", "module", "data", "test") for c in self.change.changed
            ):
                self.change.reasons.append("no test reaches the changed code")
        return AffectedTests(
            changed=tuple(self.change.changed),
            tests=() if self.change.whole_suite else tests,
            whole_suite=self.change.whole_suite,
            reasons=tuple(dict.fromkeys(self.change.reasons)),
            suite_files=suite,
            selected_files=suite if self.change.whole_suite else len({t.file for t in tests}),
        )

    def _rules(self) -> None:
        """File-level rules on what the walk reached: an autouse fixture or a pytest hook
        runs for every test below it; a Go ``TestMain`` for its package."""
        for (file, index), _via in list(self.reach.affected.items()):
            units = self.units_of(file)
            if units is None or units.language != "python":
                continue
            unit = units.units[index]
            head = "\n".join(units.lines[unit.start - 1 : unit.start + 2])
            if "autouse" in head or unit.name.startswith("pytest_"):
                below = (
                    self.reach.reverse_reach(file)
                    if posixpath.basename(file) == "conftest.py"
                    else {file}
                )
                for other in below:
                    self.reach.whole_files.setdefault(
                        other, f"{file}:{unit.qualname} runs for every test below it"
                    )
                    self.reach.whole_modules.setdefault(other, (f"{file}:{unit.qualname}",))

    def _chosen(self, units: FileUnits, cases: list[TestCase]) -> list[TestCase]:
        file = units.rel
        if file in self._whole_reach:
            return _whole_file_cases(units, cases)
        affected = {i for (f, i) in self.reach.affected if f == file}
        if not affected:
            return []
        tests = {c.unit for c in cases if not c.group and c.unit is not None}
        out: list[TestCase] = []
        for case in cases:
            if case.unit is None:
                out.append(case)
            elif case.group:
                members = {i for i in affected if case.unit in _chain(units, i)}
                if case.unit in affected or any(i not in tests for i in members if i != case.unit):
                    out.append(case)
            elif case.unit in affected:
                out.append(case)
        return out

    def _why(self, units: FileUnits, case: TestCase) -> tuple[tuple[str, ...], float]:
        file = units.rel
        if file in self.reach.whole_files:
            return (self.reach.whole_files[file],), _BY_FILE
        if file in self._whole_reach and (
            case.unit is None or (file, case.unit) not in self.reach.affected
        ):
            return self._whole_reach[file], _BY_FILE
        if case.unit is not None and (file, case.unit) in self.reach.affected:
            return self.reach.affected[(file, case.unit)], _BY_NAME
        chains = [v for (f, _), v in self.reach.affected.items() if f == file]
        return (min(chains, key=len) if chains else ()), _BY_NAME

    def _runs_by_path(self) -> dict[str, str]:
        """Test files that name a changed file by its path (a script they spawn, a module
        they load by ``require.resolve``): they run it without importing it."""
        from prx.engine.intel.project import is_test_file

        reached = self.reach.affected_files() | set(self._whole_reach)
        if not reached:
            return {}
        files = set(self.project.graph.files)
        out: dict[str, str] = {}
        for test in sorted(files):
            if not is_test_file(test) or test in reached:
                continue
            for literal in _PATH_LITERAL.findall(self.change.text(test)):
                target = _resolved(literal, posixpath.dirname(test), files)
                if target is not None and target in reached and target != test:
                    out[test] = f"{test} runs {target} by its path"
                    break
        return out

    def _through_loaders(self, selected: dict[str, SelectedTest]) -> dict[str, SelectedTest]:
        """A script test file another test file loads by a computed path (a `units/`
        folder required one file at a time) runs through that loader: the runner
        collects the loader, and the tests' names are the loader's."""
        out: dict[str, SelectedTest] = {}
        for key, test in selected.items():
            loader = (
                self._loader_of(test.file) if _script(test.file) and test.name is None else None
            )
            if loader is None:
                out.setdefault(key, test)
                continue
            out.setdefault(
                loader,
                replace(
                    test,
                    file=loader,
                    id=loader,
                    line=0,
                    via=(*test.via, f"{test.file}: loaded by {loader}"),
                ),
            )
        return out

    def _loader_of(self, file: str) -> str | None:
        rel = self.project.rel(os.path.join(self.ws.root_dir, file))
        folder = posixpath.dirname(rel)
        if folder not in self._loaders:
            self._loaders[folder] = self._find_loader(folder)
        return self._loaders[folder]

    def _find_loader(self, folder: str) -> str | None:
        from prx.engine.intel.project import is_test_file

        name = posixpath.basename(folder)
        if not name:
            return None
        above = posixpath.dirname(folder)
        for candidate in sorted(self.project.graph.files):
            if posixpath.dirname(candidate) != above or not _script(candidate):
                continue
            text = self.change.text(candidate)
            if (
                is_test_file(candidate)
                and re.search(rf"['\"`/]{re.escape(name)}['\"`/]", text)
                and _DYNAMIC_IMPORT.search(text)
            ):
                return self.project.shown(candidate)
        return None

    def _dynamic(self) -> dict[str, str]:
        """Test files that reach a file importing modules by computed names (it may load
        the change without an import prx can follow), when the change is code in that
        language."""
        from prx.engine.intel.project import is_test_file
        from prx.engine.intel.project import is_test_file as is_test

        # A module no import reaches is loaded by name, if at all: only then may a loader
        # that computes module names be how a test reaches it.
        unreached = [
            f
            for f in {c.file for c in self.change.changed if c.kind in ("definition", "module")}
            if not is_test(f) and not self.project.graph.importers_of(f)
        ]
        if not unreached:
            return {}
        languages = {_language(f) for f in unreached}
        out: dict[str, str] = {}
        for loader in sorted(self.project.graph.files):
            if (
                _language(loader) not in languages
                # the patterns are Python's and JavaScript's (Swift's `#require(x)` is none)
                or not (_script(loader) or loader.endswith(".py"))
                or not _DYNAMIC_IMPORT.search(self.change.text(loader))
            ):
                continue
            for file in sorted(self.reach.reverse_reach(loader)):
                if is_test_file(file) and file not in out:
                    out[file] = (
                        f"{loader} imports modules by computed names: it may load the change"
                    )
        if out:
            self.change.reasons.append(
                f"{len(out)} test file(s) reach code that imports modules by computed names: "
                "selected whole"
            )
        return out

    def _suite_files(self) -> int:
        """Test files of the project: files that define at least one test (by text)."""
        from prx.engine.intel.project import is_test_file

        return sum(
            1
            for f in self.project.graph.files
            if self.change.spec(f) is not None
            and _holds_tests(f, is_test_file(f), self.change.text)
            and not (_script(f) and self._loader_of(self.project.shown(f)) is not None)
        )


#: A string that may be a path to a project file (``'../../bin/semver'``, ``"tools/x.py"``).
_PATH_LITERAL = re.compile(r"['\"`]((?:\.{1,2}/|[\w-]+/)[\w./-]+)['\"`]")
_TRIED_ENDINGS = ("", ".js", ".mjs", ".cjs", ".ts", ".py", ".go", ".rs", ".sh", "/index.js")


def _resolved(literal: str, directory: str, files: set[str]) -> str | None:
    """The project file ``literal`` names, from the file's folder or from the root."""
    for base in (directory, ""):
        joined = posixpath.normpath(posixpath.join(base, literal))
        if joined.startswith(".."):
            continue
        for ending in _TRIED_ENDINGS:
            if joined + ending in files:
                return joined + ending
    return None


def _absorbed(tests: Iterable[SelectedTest]) -> list[SelectedTest]:
    """The tests less those a selected file or class already runs (``a.py`` runs
    ``a.py::test_x``; ``a.py::TestA`` runs ``a.py::TestA::test_y``)."""
    listed = list(tests)
    ids = {t.id for t in listed}
    out: list[SelectedTest] = []
    for test in listed:
        parts = test.id.split("::")
        if any("::".join(parts[:k]) in ids for k in range(1, len(parts))):
            continue
        out.append(test)
    return out


def _chain(units: FileUnits, index: int) -> list[int]:
    return [index, *(a.index for a in units.ancestors(index))]


def _whole_file_cases(units: FileUnits, cases: list[TestCase]) -> list[TestCase]:
    """The cases that together run the whole file, in the runner's terms."""
    if not cases:
        return []
    if units.language == "python":
        return [TestCase(units.rel, None, units.rel, 0, None)]
    groups = [c for c in cases if c.group]
    grouped = {
        i
        for g in groups
        for c in cases
        if not c.group and c.unit is not None and g.unit in _chain(units, c.unit)
        for i in (c.unit,)
    }
    return groups + [c for c in cases if not c.group and c.unit not in grouped]


def case_to(
    project: Project, case: TestCase, via: tuple[str, ...], confidence: float
) -> SelectedTest:
    shown = project.shown(case.file)
    # An id that starts with the file's path names it as the answer shows it.
    runner_id = shown + case.id[len(case.file) :] if case.id.startswith(case.file) else case.id
    return SelectedTest(
        file=shown,
        name=case.name,
        id=runner_id,
        line=case.line,
        via=via,
        confidence=confidence,
    )


def _language(file: str) -> str:
    return posixpath.splitext(file)[1]


def _script(file: str) -> bool:
    return _language(file) in (".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts")


#: How a test reads, by file extension, once a file is known to hold tests.
_TEST_TEXT = {
    ".py": re.compile(r"(?m)^\s*(?:async\s+)?def test"),
    ".go": re.compile(r"(?m)^func (?:Test|Example|Fuzz)"),
    ".rs": re.compile(r"#\[\s*(?:[\w:]*::)?test\b"),
    ".java": re.compile(r"@Test\b"),
    ".kt": re.compile(r"@Test\b"),
}


def _holds_tests(rel: str, test_named: bool, text: Callable[[str], str]) -> bool:
    extension = _language(rel)
    if extension == ".rs":
        return bool(_TEST_TEXT[".rs"].search(text(rel)))
    if extension == ".go":
        return rel.endswith("_test.go") and bool(_TEST_TEXT[".go"].search(text(rel)))
    if not test_named:
        return False
    pattern = SCRIPT_TEST_CALL if _script(rel) else _TEST_TEXT.get(extension)
    return pattern is None or bool(pattern.search(text(rel)))
