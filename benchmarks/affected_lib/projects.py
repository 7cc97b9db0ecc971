"""The projects of the oracle: where each comes from, its scratch repository, its test
command and how its report is read.

Each project is copied from the oracle's pristine trees (``benchmarks/.corpora/oracle/``,
made by ``benchmarks/intel_oracle.py``) into ``benchmarks/.corpora/affected/<name>/``, a
fresh git repository with one baseline commit; what a run makes there (``node_modules``,
``target``, caches) is kept out of git by ``.git/info/exclude`` so the work tree against
HEAD is exactly a mutation.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from affected_lib import outcomes
from affected_lib.execute import Done, run

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent
ORACLE = BENCH / ".corpora" / "oracle"
#: The scratch repositories and their truth (``PRX_AFFECTED_WORK``: another place, for a
#: held-out set made with another seed).
WORK = Path(os.environ.get("PRX_AFFECTED_WORK") or BENCH / ".corpora" / "affected")
PYTHON = "/work/venv/bin/python"
GO_ENV = {"GOFLAGS": "-mod=mod", "GOPROXY": "off", "GOTOOLCHAIN": "local"}
#: What a run leaves in the tree, never part of a change.
EXCLUDE = [
    "node_modules/",
    "target/",
    "__pycache__/",
    "*.pyc",
    ".pytest_cache/",
    ".testmondata*",
    ".nyc_output/",
    ".tap/",
    ".prx/",
]


@dataclass(frozen=True)
class Project:
    """One project of the oracle."""

    name: str
    language: str
    #: The pristine tree, relative to the oracle's cache.
    source: str
    #: The project's own test command, as an agent would run it.
    command: tuple[str, ...]
    #: Added to the environment of every run.
    env: dict[str, str] = field(default_factory=dict)
    #: Folders (relative, ``/``-ended) or files whose source may be mutated.
    mutable: tuple[str, ...] = ()
    #: Path parts that mark a test (or test-support) file: never mutated.
    test_marks: tuple[str, ...] = ()
    #: Seconds: a run is killed after max(this, 4 x the baseline's time).
    min_timeout: float = 60.0

    @property
    def root(self) -> Path:
        """The scratch repository."""
        return WORK / self.name

    def is_source(self, rel: str) -> bool:
        """Whether ``rel`` is a non-test source file of the project that may be mutated."""
        if not any(rel == m or rel.startswith(m) for m in self.mutable):
            return False
        if any(mark in rel for mark in self.test_marks):
            return False
        suffix = {"python": ".py", "go": ".go", "rust": ".rs", "javascript": ".js"}
        return rel.endswith(suffix[self.language])

    def truth_command(self, report: Path) -> tuple[list[str], dict[str, str]]:
        """The command the truth runs (the project's own, plus a machine-readable
        report where the runner needs one), and its environment."""
        env = dict(self.env)
        if self.language == "python":
            env["PYTHONPATH"] = str(HERE)
            env["PRX_AFFECTED_OUT"] = str(report)
            return [*self.command, "-p", "prx_affected_outcomes"], env
        if self.mocha:
            env["PRX_AFFECTED_OUT"] = str(report)
            return [*self.command, "--reporter", str(HERE / "mocha_reporter.js")], env
        return list(self.command), env

    @property
    def mocha(self) -> bool:
        """Whether the runner is mocha."""
        return self.command[0].endswith("mocha")

    def read(self, done: Done, report: Path, dirs: dict[str, str]) -> outcomes.Outcome:
        """The outcome of a truth run."""
        if self.language == "python":
            return outcomes.python(done, report)
        if self.language == "go":
            return outcomes.go(done, dirs)
        if self.language == "rust":
            return outcomes.rust(done)
        if self.mocha:
            return outcomes.mocha(done, report, self.root)
        return outcomes.tap(done)


_PY = (PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider")
_PY_ENV = {"PYTHONDONTWRITEBYTECODE": "1", "PYTHONHASHSEED": "0"}
_PY_TESTS = ("/tests/", "tests/", "conftest.py", "/test_", "_test.py")

PROJECTS: dict[str, Project] = {
    p.name: p
    for p in (
        Project(
            "toolz",
            "python",
            "python/toolz-1.2.0",
            _PY,
            _PY_ENV,
            ("toolz/",),
            (*_PY_TESTS, "toolz/sandbox/"),
            min_timeout=30.0,
        ),
        Project(
            "boltons",
            "python",
            "python/boltons-26.2.0",
            _PY,
            _PY_ENV,
            ("boltons/",),
            _PY_TESTS,
            min_timeout=30.0,
        ),
        Project(
            "go-cmp",
            "go",
            "go/golang-github-google-go-cmp-dev-0.5.9-1",
            ("go", "test", "-json", "-count=1", "./..."),
            GO_ENV,
            ("cmp/",),
            ("_test.go", "/testdata/", "/testprotos/", "/teststructs/"),
            min_timeout=120.0,
        ),
        Project(
            "toml",
            "go",
            "go/golang-github-burntsushi-toml-dev-1.2.0-2",
            ("go", "test", "-json", "-count=1", "./..."),
            GO_ENV,
            ("",),
            ("_test.go", "/testdata/", "internal/toml-test/", "cmd/"),
            min_timeout=120.0,
        ),
        Project(
            "regex-syntax",
            "rust",
            "rust/regex-syntax-0.6.27",
            ("cargo", "test", "--offline", "--no-fail-fast"),
            {"CARGO_TERM_COLOR": "never"},
            ("src/",),
            ("src/unicode_tables/",),
            min_timeout=300.0,
        ),
        Project(
            "js-yaml",
            "javascript",
            "javascript/js-yaml-74a019929533",
            ("node_modules/.bin/mocha",),
            {"CI": "1"},
            ("lib/", "index.js"),
            ("test/",),
        ),
        Project(
            "semver",
            "javascript",
            "javascript/node-semver-6e05b7637396",
            ("node_modules/.bin/tap", "--no-coverage", "--reporter=tap", "-j2"),
            {"CI": "1", "TAP_COLORS": "0"},
            ("classes/", "functions/", "internal/", "ranges/", "index.js", "preload.js"),
            ("test/",),
        ),
    )
}


def _git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=root, check=True, capture_output=True, text=True
    ).stdout


def make_scratch(project: Project, log: Callable[[str], None]) -> Path:
    """The scratch repository of ``project``, made once: the pristine tree copied, its
    dependencies installed (npm), one baseline commit."""
    root = project.root
    if (root / ".git").is_dir() and _git(root, "rev-list", "--count", "HEAD").strip() == "1":
        return root
    pristine = ORACLE / project.source
    if not pristine.is_dir():
        raise SystemExit(f"{project.name}: no pristine tree at {pristine} (run intel_oracle.py)")
    if root.exists():
        shutil.rmtree(root)
    WORK.mkdir(parents=True, exist_ok=True)
    shutil.copytree(
        pristine, root, symlinks=True, ignore=shutil.ignore_patterns("target", "node_modules")
    )
    if project.language == "rust" and (pristine / "target").is_dir():
        # The oracle's build, copied with its times: the first run compiles little.
        shutil.copytree(pristine / "target", root / "target", symlinks=True)
    _git(root, "init", "-q", "-b", "main")
    (root / ".git" / "info").mkdir(parents=True, exist_ok=True)
    (root / ".git" / "info" / "exclude").write_text("\n".join(EXCLUDE) + "\n")
    if project.language == "javascript":
        log(f"{project.name}: npm install (dev dependencies, once)")
        done = run(["npm", "install", "--no-audit", "--no-fund"], root, timeout=1800)
        if done.returncode != 0:
            raise SystemExit(f"{project.name}: npm install failed:\n{done.stderr[-3000:]}")
        # npm may write a lock file: it belongs to the baseline.
    _git(root, "add", "-A")
    _git(
        root,
        "-c",
        "user.name=prx-affected",
        "-c",
        "user.email=prx-affected@localhost",
        "commit",
        "-q",
        "--no-verify",
        "-m",
        "baseline",
    )
    return root


def go_dirs(project: Project) -> dict[str, str]:
    """Import path -> package directory relative to the module root (``.`` for it)."""
    if project.language != "go":
        return {}
    done = run(
        ["go", "list", "-f", "{{.ImportPath}} {{.Dir}}", "./..."], project.root, env=project.env
    )
    dirs = {}
    for line in done.stdout.splitlines():
        path, _, folder = line.partition(" ")
        rel = Path(folder).resolve().relative_to(project.root.resolve()).as_posix()
        dirs[path] = rel or "."
    return dirs


def run_truth(project: Project, dirs: dict[str, str], timeout: float | None) -> outcomes.Outcome:
    """One full run of the suite, read as canonical ids."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        argv, env = project.truth_command(report)
        done = run(argv, project.root, env, timeout, merge=project.language == "rust")
        found = project.read(done, report, dirs)
    found.seconds = done.seconds
    return found


def describe(project: Project) -> str:
    """The project's line of the report: language, command."""
    return json.dumps({"language": project.language, "command": list(project.command)})
