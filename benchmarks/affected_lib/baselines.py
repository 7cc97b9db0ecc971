"""The ecosystems' own tools on the same mutations, where one runs offline.

- Go: ``go test`` of the changed package and the packages whose tests build on it
  (reverse dependencies from ``go list -test -deps``);
- Python: pytest-testmon (from PyPI, in its own venv ``benchmarks/.venvs/testmon``): one
  full run records what each test executes, then each mutation runs ``pytest --testmon``
  from that same record (restored before each run, so one mutation's run never feeds the
  next's);
- JavaScript: ``jest --findRelatedTests`` only where a project uses jest (neither does);
- Rust: cargo has no selection of its own.
"""

from __future__ import annotations

import posixpath
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from affected_lib import outcomes
from affected_lib.execute import run
from affected_lib.projects import BENCH, HERE, Project

TESTMON_VENV = BENCH / ".venvs" / "testmon"
TESTMON_PYTHON = TESTMON_VENV / "bin" / "python"


@dataclass
class Picked:
    """What a baseline tool ran for one mutation."""

    #: Canonical ids the tool ran (or, for Go, the package dirs: every test in them).
    ran: set[str]
    dirs: set[str]
    items: int
    seconds: float
    note: str = ""


def none_for(project: Project) -> str | None:
    """Why the project has no baseline tool, or None."""
    if project.language == "go":
        return None
    if project.language == "python":
        if not TESTMON_PYTHON.exists():
            return (
                f"pytest-testmon is not installed: python -m venv {TESTMON_VENV} && "
                f"{TESTMON_VENV}/bin/pip install pytest pytest-testmon"
            )
        return None
    if project.language == "javascript":
        return "no jest in this project (its runner has no related-tests selection)"
    return "cargo has no test selection of its own"


class GoReverse:
    """``go test`` of the changed package and its reverse dependencies (tests included)."""

    def __init__(self, project: Project, dirs: dict[str, str]) -> None:
        self.project = project
        self.dirs = dirs
        #: Package dir -> the package dirs whose test binaries link it.
        self.users: dict[str, set[str]] = {}
        listed = run(
            ["go", "list", "-test", "-f", '{{.ImportPath}}|{{join .Deps " "}}', "./..."],
            project.root,
            project.env,
        )
        for line in listed.stdout.splitlines():
            path, _, deps = line.partition("|")
            if not path.endswith(".test"):
                continue
            tested = self.dirs.get(path[: -len(".test")])
            if tested is None:
                continue
            for dep in {d.split(" [")[0] for d in deps.split()} | {path[: -len(".test")]}:
                folder = self.dirs.get(dep)
                if folder is not None:
                    self.users.setdefault(folder, set()).add(tested)

    def pick(self, changed_file: str) -> Picked:
        folder = posixpath.dirname(changed_file) or "."
        targets = sorted(self.users.get(folder, set()) | {folder})
        args = ["./" + d if d != "." else "." for d in targets]
        done = run(["go", "test", "-json", "-count=1", *args], self.project.root, self.project.env)
        found = outcomes.go(done, self.dirs)
        return Picked(set(found.tests), set(targets), found.items, done.seconds)


class Testmon:
    """pytest-testmon: a recorded full run, then ``--testmon`` per mutation."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.data = project.root / ".testmondata"
        self.saved = project.root.parent / f"{project.name}.testmondata"
        self.env = {**project.env, "PYTHONPATH": str(HERE)}

    def _argv(self) -> list[str]:
        # testmon reads the cache plugin's options (``--lf``): it cannot run without it.
        args = " ".join(self.project.command[1:]).replace("-p no:cacheprovider", "").split()
        return [str(TESTMON_PYTHON), *args, "--testmon"]

    def record(self) -> float:
        """The full run that records every test's coverage (once per scoring)."""
        for path in (self.data, self.saved):
            if path.exists():
                path.unlink()
        done = run(self._argv(), self.project.root, self.env)
        if not self.data.exists():
            raise RuntimeError(
                f"testmon recorded nothing: {done.stdout[-1000:]}{done.stderr[-1000:]}"
            )
        shutil.copy2(self.data, self.saved)
        return done.seconds

    def pick(self) -> Picked:
        shutil.copy2(self.saved, self.data)
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "report.json"
            env = {**self.env, "PRX_AFFECTED_OUT": str(report)}
            done = run([*self._argv(), "-p", "prx_affected_outcomes"], self.project.root, env)
            found = outcomes.python(done, report)
        shutil.copy2(self.saved, self.data)
        # pytest exits 5 when no test ran: testmon selected nothing.
        note = "nothing selected" if found.detail.startswith("exit 5") else found.state
        return Picked(set(found.tests), set(), found.items, done.seconds, note)

    def close(self) -> None:
        """Leave the scratch tree as it was."""
        for path in (self.data, self.saved):
            if path.exists():
                path.unlink()
