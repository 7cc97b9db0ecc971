"""Results of ``prx impact --tests``: the tests a change reaches, and why."""

from __future__ import annotations

from prx.core.record import FALSY, OMIT_WHEN, field, record

__all__ = ["AffectedRun", "ChangedUnit", "SelectedTest", "AffectedTests"]


@record
class ChangedUnit:
    """One thing the change touched, as the selection saw it."""

    #: The file (relative to the Workspace root; a deleted file keeps its old path).
    file: str
    #: ``Qualified.name`` of a changed definition, or None for the file as a whole.
    name: str | None
    #: ``definition``; ``module`` (a statement outside any definition changed: the whole
    #: module); ``test`` (test code changed); ``deleted_test`` (nothing left to run);
    #: ``config``, ``data``, ``docs`` or ``unknown`` (not code prx analyses).
    kind: str


@record
class SelectedTest:
    """One test (or test file, or test class) to run."""

    #: The test file (relative to the Workspace root).
    file: str
    #: ``Class.test_name`` or ``test_name``; None for the whole file.
    name: str | None
    #: The runner's own id: a pytest node id (``tests/test_a.py::TestX::test_y``), a Go or
    #: JUnit test name, a Rust test path (``module::tests::name``), or the file.
    id: str
    #: Where the test begins (0 for a whole file).
    line: int
    #: The references that link it to the change, nearest the change first
    #: (``src/a.py:parse`` -> ``src/b.py:load`` -> the test).
    via: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: FALSY})
    #: 1.0 when every link is a name the test's imports reach; lower for a link by a
    #: file-level rule (a changed module, a conftest, a config file).
    confidence: float = 1.0


@record
class AffectedTests:
    """The tests a change reaches (see :func:`prx.impact` with ``tests=True``)."""

    #: What the change touched.
    changed: tuple[ChangedUnit, ...] = ()
    #: The tests to run, by file then line.
    tests: tuple[SelectedTest, ...] = ()
    #: True when the change cannot be bounded: the whole suite is the selection.
    whole_suite: bool = False
    #: Why the selection was widened beyond what references show, or why it is the whole
    #: suite (a config file, a dynamic import, a language prx does not analyse ...).
    reasons: tuple[str, ...] = ()
    #: Test files in the project, and how many the selection touches.
    suite_files: int = 0
    selected_files: int = 0


@record
class AffectedRun:
    """What ``prx run --affected`` chose to run, and what it left out."""

    #: The tests (or test files) selected, and the test files among the suite's.
    selected: int
    selected_files: int
    suite_files: int
    #: True when the whole command ran: the change could not be bounded (see ``reasons``)
    #: or the runner is not one prx narrows.
    whole_suite: bool = False
    #: The arguments prx gave the runner in place of the paths the command named.
    arguments: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: FALSY})
    #: Why the selection widened, or why nothing ran.
    reasons: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: FALSY})
    #: The selected tests' ids (the first 50), and how many more there are.
    tests: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: FALSY})
    more: int = field(default=0, metadata={OMIT_WHEN: FALSY})
