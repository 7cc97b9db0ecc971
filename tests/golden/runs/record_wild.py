"""Record golden cases of outputs met in the wild (see record.py for the layout and rules).

    python tests/golden/runs/record_wild.py              # every case whose tools run here
    python tests/golden/runs/record_wild.py wrapped mixed

The tools run behind wrappers (``npm test``, ``make test``, ``uv run``, ``poetry run``,
``tox``, ``nox``, ``hatch run``, ``pipenv run``, ``timeout``, ``nice``, ``env``, ``git -C``, a
shell script), several tools in one output (``make`` compiling with gcc then running pytest,
a script running ruff then mypy, ``tsc && jest``), builds with warnings and errors, failures
whose place only the output states (doc tests, ``#[should_panic]``, packages that do not
build under ``go test``, pytest fixture errors, strict xpass), long ``git log`` and generic
logs. Truth comes, as in record.py, from each tool's machine-readable report of the same
command run directly (without its wrapper) on an identical copy of the project; a generic
log's truth is the record its own program writes of the lines it printed.

Needs, beyond record.py's: ``uv``, ``poetry``, ``tox``, ``hatch`` and ``pipenv`` on PATH
(a virtualenv with them, e.g. ``PATH=$PATH:/tmp/wraptools/bin``); nox in the interpreter.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from record import (
    C_ERRORS,
    C_WARN,
    CARGO_TOML,
    ESLINT_BAD,
    ESLINT_CONFIG,
    GO_ENV,
    GO_MOD,
    HERE,
    JEST_FAILING,
    JS_NODE_MODULES,
    MYPY_BAD,
    NODE_FAILING,
    PY,
    PYTEST_FAILING,
    PYTEST_OUTCOMES,
    RUFF_BAD,
    TSC_ERRORS,
    Case,
    Files,
    cargo_truth,
    eslint_truth,
    gcc_json_diagnostics,
    git,
    git_diff_truth,
    git_dirty,
    git_large_diff,
    git_log_truth,
    git_status_truth,
    go_build_truth,
    go_test_truth,
    jest_truth,
    link_node_modules,
    make_files,
    make_truth,
    mypy_truth,
    node_truth,
    pytest_truth,
    record,
    ruff_truth,
    run,
    severity_counts,
    tsc_truth,
    write,
)

Truth = Callable[[Case, Path], dict[str, Any]]
COUNT_KEYS = ("passed", "failed", "skipped", "errors", "warnings", "xfailed", "xpassed")


def inner(truth: Truth, argv: list[str], **env: str) -> Truth:
    """``truth`` of the command a wrapper runs, run directly."""

    def read(case: Case, root: Path) -> dict[str, Any]:
        direct = dataclasses.replace(case, argv=argv, env={**case.env, **env})
        found = truth(direct, root)
        found["source"] = f"{found.get('source', '')} (of `{' '.join(argv)}`, run without its wrapper)"
        return found

    return read


def mixed(*parts: tuple[Truth, list[str]]) -> Truth:
    """The truths of each tool of a mixed output, run one by one: counts added, lists joined."""

    def read(case: Case, root: Path) -> dict[str, Any]:
        out: dict[str, Any] = {"source": []}
        for truth, argv in parts:
            found = inner(truth, argv)(case, root)
            out["source"].append(found.get("source"))
            if found.get("counts") is not None:
                counts = out.setdefault("counts", {})
                for key, value in found["counts"].items():
                    if value is not None:
                        counts[key] = counts.get(key, 0) + value
            for key in ("failures", "diagnostics", "collection_errors"):
                if key in found:
                    out.setdefault(key, []).extend(found[key])
        out["source"] = " + ".join(s for s in out["source"] if s)
        return out

    return read


def gcc_build_truth(argv: list[str]) -> Truth:
    """gcc's JSON diagnostics of the compile commands of a build, run one by one."""

    def read(case: Case, root: Path) -> dict[str, Any]:
        result = run([*argv, "-fdiagnostics-format=json"], root)
        diagnostics = gcc_json_diagnostics(result.stderr, root)
        return {"source": "gcc -fdiagnostics-format=json", "counts": severity_counts(diagnostics), "diagnostics": diagnostics}

    return read


def cargo_build_truth_lazy() -> Truth:
    """record_build.py's cargo truth (imported late: it imports this module's sibling)."""

    def read(case: Case, root: Path) -> dict[str, Any]:
        from record_build import cargo_build_truth

        return cargo_build_truth(case, root)

    return read


# --------------------------------------------------------------------------- projects

PYPROJECT = """
[project]
name = "demo"
version = "0.1"

[tool.poetry]
name = "demo"
version = "0.1"
description = ""
authors = []
package-mode = false

[tool.hatch.envs.default]
type = "virtual"
skip-install = true
dependencies = []
"""
TOX_INI = """
[tox]
skipsdist = true
envlist = py

[testenv]
skip_install = true
allowlist_externals = pytest
commands = pytest -p no:cacheprovider
"""
NOXFILE = """
import nox


@nox.session(python=False)
def tests(session):
    session.run("pytest", "-p", "no:cacheprovider")
"""
PY_PROJECT: Files = {**PYTEST_FAILING, "pyproject.toml": PYPROJECT, "tox.ini": TOX_INI, "noxfile.py": NOXFILE}

PYTEST_FIXTURE_MISSING: Files = {
    "tests/conftest.py": "import pytest\n\n\n@pytest.fixture\ndef client():\n    return object()\n",
    "tests/test_db.py": """
        def test_uses_db(db):
            assert db


        def test_uses_client(client):
            assert client


        class TestQueries:
            def test_query(self, client, session):
                assert session
    """,
}
PYTEST_XPASS_STRICT: Files = {
    "tests/test_known.py": """
        import pytest


        @pytest.mark.xfail(strict=True, reason="bug 12 is open")
        def test_bug_12():
            assert 1 + 1 == 2


        @pytest.mark.xfail(reason="flaky")
        def test_flaky():
            assert False


        def test_plain():
            pass
    """,
}
PYTEST_MAKEFILE = "test:\n\tpytest -p no:cacheprovider\n\n.PHONY: test\n"
RUN_TESTS_SH = "#!/bin/sh\necho 'running the suite'\npytest -p no:cacheprovider\n"

CARGO_PANICS: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        /// Doubles.
        ///
        /// ```
        /// assert_eq!(calc::double(2), 4);
        /// ```
        pub fn double(n: i32) -> i32 {
            n * 2
        }

        /// Halves.
        ///
        /// ```
        /// assert_eq!(calc::half(5), 3);
        /// ```
        pub fn half(n: i32) -> i32 {
            n / 2
        }

        #[cfg(test)]
        mod tests {
            use super::*;

            #[test]
            #[should_panic]
            fn it_should_panic() {
                assert_eq!(double(1), 2);
            }

            #[test]
            #[should_panic(expected = "overflow")]
            fn it_panics_wrongly() {
                panic!("underflow");
            }

            #[test]
            fn it_doubles() {
                assert_eq!(double(3), 6);
            }
        }
    """,
}
CARGO_WARNINGS: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        pub fn one() -> i32 {
            let unused = 3;
            let mut also = 4;
            1
        }

        fn never_called() {}
    """,
}
CARGO_WARN_AND_ERR: Files = {
    "Cargo.toml": CARGO_TOML,
    "src/lib.rs": """
        pub fn one() -> i32 {
            let unused = 3;
            "one"
        }

        pub fn two() -> i32 {
            undefined_fn()
        }
    """,
}
CARGO_MAKEFILE = "build:\n\tcargo build --offline\n"

GO_BUILD_UNDER_TEST: Files = {
    "go.mod": GO_MOD,
    "ok/ok.go": "package ok\n\nfunc One() int { return 1 }\n",
    "ok/ok_test.go": 'package ok\n\nimport "testing"\n\nfunc TestOne(t *testing.T) {\n\tif One() != 1 {\n\t\tt.Fatal("one")\n\t}\n}\n',
    "broken/broken.go": 'package broken\n\nimport "strings"\n\nfunc Two() int {\n\treturn "two"\n}\n',
    "broken/broken_test.go": 'package broken\n\nimport "testing"\n\nfunc TestTwo(t *testing.T) {}\n',
    "badtest/b.go": "package badtest\n\nfunc Three() int { return 3 }\n",
    "badtest/b_test.go": 'package badtest\n\nimport "testing"\n\nfunc TestThree(t *testing.T) {\n\tif Three() != undefinedThing {\n\t\tt.Fatal("three")\n\t}\n}\n',
    "failing/f.go": "package failing\n\nfunc Four() int { return 5 }\n",
    "failing/f_test.go": 'package failing\n\nimport "testing"\n\nfunc TestFour(t *testing.T) {\n\tif got := Four(); got != 4 {\n\t\tt.Errorf("Four() = %d", got)\n\t}\n}\n',
}
GO_BROKEN_BUILD: Files = {
    "go.mod": GO_MOD,
    "main.go": 'package main\n\nimport "fmt"\n\nfunc main() {\n\tx := 1\n\tfmt.Println(y)\n}\n',
}
GO_MAKEFILE = "build:\n\tgo build ./...\n"

def js_project(files: Files, *, module: bool = False, **scripts: str) -> Files:
    """``files`` with a package.json holding ``scripts`` (an ES module package when ``module``)."""
    package: dict[str, Any] = {"name": "demo", "version": "1.0.0", "private": True, "scripts": scripts}
    if module:
        package["type"] = "module"
    return {**{k: v for k, v in files.items() if k != "package.json"}, "package.json": json.dumps(package) + "\n"}


ESLINT_WARNINGS: Files = {
    "eslint.config.js": ESLINT_CONFIG,
    "src/w.js": "export function f(a) {\n  if (a == 1) {\n    console.log(a);\n  }\n  return a;\n}\n",
}
JEST_OK_TEST = "test('adds', () => { expect(1 + 1).toBe(2); });\ntest('breaks', () => { expect([1, 2]).toEqual([1, 3]); });\n"

C_MIXED: Files = {
    **C_WARN,
    "tests/test_app.py": "def test_runs():\n    assert 1 + 1 == 2\n\n\ndef test_output():\n    assert 'hi' == 'ho'\n",
    "Makefile": "all: app test\n\napp: main.c\n\tgcc -Wall -Wextra -o app main.c\n\ntest:\n\tpytest -p no:cacheprovider tests\n\n.PHONY: all test\n",
}
LINT_SCRIPT: Files = {
    **RUFF_BAD,
    **MYPY_BAD,
    "lint.sh": "#!/bin/sh\nruff check pkg\nmypy m.py\n",
}
JS_CI: Files = {
    **js_project({**TSC_ERRORS, "test/a.test.js": JEST_OK_TEST}, ci="tsc -p .; jest"),
}


def diff_paths_truth(case: Case, root: Path) -> dict[str, Any]:
    """The changed files, in git's order (``--stat`` draws the counts as bars: not compared)."""
    out = run(["git", "diff", "--numstat"], root).stdout
    return {"source": "git diff --numstat", "item_paths": [x.split("\t", 2)[2] for x in out.splitlines() if x]}


def long_history(root: Path) -> None:
    git(root, "init", "-q", "-b", "main")
    for index in range(60):
        write(root, {"notes.txt": f"entry {index}\n"})
        git(root, "add", ".")
        git(root, "commit", "-q", "-m", f"Change {index:02d}: adjust the notes")


def nested_repo(setup: Callable[[Path], None]) -> Callable[[Path], None]:
    def make(root: Path) -> None:
        (root / "repo").mkdir()
        setup(root / "repo")

    return make


def in_repo(truth: Truth, argv: list[str]) -> Truth:
    """A git truth run inside ``repo/`` (the case runs ``git -C repo ...`` from its parent)."""

    def read(case: Case, root: Path) -> dict[str, Any]:
        return truth(dataclasses.replace(case, argv=argv), root / "repo")

    return read


LOG_APP = r'''
import json, sys

lines, trouble = [], []
def emit(text, bad=False):
    lines.append(text)
    if bad:
        trouble.append(text)
    print(text)

for i in range(120):
    emit(f"[step {i:03d}] processing batch {i}")
    if i == 47:
        emit("warning: batch 47 took 3.2s, over the 2s budget", True)
    if i == 80:
        emit("ERROR: could not reach the cache at 10.0.0.7:6379 (connection refused)", True)
for i in range(200):
    emit("waiting for the lock on build.lock ...")
emit("done: 120 batches, 1 warning, 1 error")
json.dump({"trouble": trouble, "first": lines[:10], "last": lines[-20:],
           "repeats": [["waiting for the lock on build.lock ...", 200]]},
          open(sys.argv[1], "w"))
'''


def log_truth(case: Case, root: Path) -> dict[str, Any]:
    record_file = root / ".truth.json"
    run([PY, "app.py", str(record_file)], root)
    data = json.loads(record_file.read_text())
    return {
        "source": "the record app.py writes of the lines it printed",
        "kept_lines": [*data["first"], *data["trouble"], *data["last"]],
        "repeats": data["repeats"],
    }


def ls_truth(case: Case, root: Path) -> dict[str, Any]:
    names = sorted(p.name for p in root.iterdir() if not p.name.startswith("."))
    return {"source": "the directory's entries, sorted by byte value (ls under LC_ALL=C)", "kept_lines": names[:40]}


def many_files(root: Path) -> None:
    for index in range(150):
        (root / f"file_{index:03d}.txt").write_text("x\n")


WRAP_ENV = {"UV_OFFLINE": "1", "POETRY_VIRTUALENVS_CREATE": "false", "PIPENV_VERBOSITY": "-1", "PIPENV_IGNORE_VIRTUALENVS": "0"}
PT = ["pytest", "-p", "no:cacheprovider"]

CASES: list[Case] = [
    # Python test runners behind wrappers
    Case("pytest", "wrap_uv_run", ["uv", "run", "--no-project", *PT], PY_PROJECT, truth=inner(pytest_truth, PT), env=WRAP_ENV, folder="wrapped"),
    Case("pytest", "wrap_poetry_run", ["poetry", "run", *PT], PY_PROJECT, truth=inner(pytest_truth, PT), env=WRAP_ENV, folder="wrapped"),
    Case("pytest", "wrap_hatch_run", ["hatch", "run", *PT], PY_PROJECT, truth=inner(pytest_truth, PT), env=WRAP_ENV, folder="wrapped"),
    Case("pytest", "wrap_pipenv_run", ["pipenv", "run", *PT], PY_PROJECT, truth=inner(pytest_truth, PT), env=WRAP_ENV, folder="wrapped"),
    Case("pytest", "wrap_tox", ["tox"], PY_PROJECT, truth=inner(pytest_truth, PT), env=WRAP_ENV, folder="wrapped"),
    Case("pytest", "wrap_nox", [PY, "-m", "nox"], PY_PROJECT, truth=inner(pytest_truth, PT), folder="wrapped"),
    Case("pytest", "wrap_timeout_env", ["timeout", "120", "env", "PYTHONHASHSEED=0", *PT], PYTEST_FAILING, truth=inner(pytest_truth, PT), folder="wrapped"),
    Case("pytest", "wrap_nice_python_m", ["nice", "-n", "5", PY, "-m", "pytest", "-q", "-p", "no:cacheprovider"], PYTEST_FAILING, truth=inner(pytest_truth, ["pytest", "-q", "-p", "no:cacheprovider"]), folder="wrapped"),
    Case("pytest", "wrap_make_test", ["make", "test"], {**PYTEST_FAILING, "Makefile": PYTEST_MAKEFILE}, truth=inner(pytest_truth, PT), folder="wrapped"),
    Case("pytest", "wrap_shell_script", ["sh", "run_tests.sh"], {**PYTEST_FAILING, "run_tests.sh": RUN_TESTS_SH}, truth=inner(pytest_truth, PT), folder="wrapped"),
    Case("pytest", "wrap_bash_c", ["bash", "-c", "pytest -p no:cacheprovider tests && echo all passed"], PYTEST_FAILING, truth=inner(pytest_truth, [*PT, "tests"]), folder="wrapped"),
    # JavaScript behind npm scripts and npx
    Case("jest", "wrap_npm_test", ["npm", "test"], js_project(JEST_FAILING, test="jest"), setup=link_node_modules, truth=inner(jest_truth, ["npx", "jest"]), folder="wrapped"),
    Case("jest", "wrap_npm_run", ["npm", "run", "unit", "--", "--ci"], js_project(JEST_FAILING, unit="jest"), setup=link_node_modules, truth=inner(jest_truth, ["npx", "jest", "--ci"]), folder="wrapped"),
    Case("node-test", "wrap_npm_test_node", ["npm", "test"], js_project(NODE_FAILING, test="node --test"), truth=inner(node_truth, ["node", "--test"]), folder="wrapped"),
    Case("tsc", "wrap_npm_run_build", ["npm", "run", "build"], js_project(TSC_ERRORS, build="tsc -p ."), setup=link_node_modules, truth=inner(tsc_truth, ["npx", "tsc", "-p", "."]), folder="wrapped"),
    Case("eslint", "wrap_npm_run_lint", ["npm", "run", "lint"], js_project(ESLINT_BAD, module=True, lint="eslint src"), setup=link_node_modules, truth=inner(eslint_truth, ["npx", "eslint", "src"]), folder="wrapped"),
    Case("eslint", "wrap_npx_env", ["env", "NODE_ENV=ci", "npx", "eslint", "src"], {**ESLINT_WARNINGS, "package.json": '{"name": "demo", "private": true, "type": "module"}\n'}, setup=link_node_modules, truth=inner(eslint_truth, ["npx", "eslint", "src"]), folder="wrapped"),
    # Rust and Go behind wrappers
    Case("cargo-test", "wrap_timeout", ["timeout", "300", "cargo", "test", "--offline", "--no-fail-fast"], CARGO_PANICS, truth=inner(cargo_truth, ["cargo", "test", "--offline", "--no-fail-fast"]), folder="wrapped"),
    Case("cargo-build", "wrap_make_cargo_build", ["make", "build"], {**CARGO_WARN_AND_ERR, "Makefile": CARGO_MAKEFILE}, truth=inner(cargo_build_truth_lazy(), ["cargo", "build", "--offline"]), folder="wrapped"),
    Case("go-test", "wrap_env", ["env", "CGO_ENABLED=0", "go", "test", "./..."], GO_BUILD_UNDER_TEST, truth=inner(go_test_truth, ["go", "test", "./..."]), env=GO_ENV, folder="wrapped"),
    Case("go-build", "wrap_make_go_build", ["make", "build"], {**GO_BROKEN_BUILD, "Makefile": GO_MAKEFILE}, truth=inner(go_build_truth, ["go", "build", "./..."]), env=GO_ENV, folder="wrapped"),
    # git through its global options
    Case("git-log", "log_C_long", ["git", "-C", "repo", "log"], setup=nested_repo(long_history), truth=in_repo(git_log_truth, ["git", "log"]), folder="git-wild"),
    Case("git-log", "log_C_oneline_no_pager", ["git", "--no-pager", "-C", "repo", "log", "--oneline"], setup=nested_repo(long_history), truth=in_repo(git_log_truth, ["git", "log", "--oneline"]), folder="git-wild"),
    Case("git-status", "status_C", ["git", "-C", "repo", "status"], setup=nested_repo(git_dirty), truth=in_repo(git_status_truth, ["git", "status"]), folder="git-wild"),
    Case("git-diff", "diff_c_option", ["git", "-c", "core.pager=cat", "-C", "repo", "diff"], setup=nested_repo(git_large_diff), truth=in_repo(git_diff_truth, ["git", "diff"]), folder="git-wild"),
    Case("git-diff", "diff_stat_C", ["git", "-C", "repo", "diff", "--stat"], setup=nested_repo(git_large_diff), truth=in_repo(diff_paths_truth, ["git", "diff"]), folder="git-wild"),
    Case("git-log", "log_via_sh", ["sh", "-c", "cd repo && git log"], setup=nested_repo(long_history), truth=in_repo(git_log_truth, ["git", "log"]), folder="git-wild"),
    # failures whose place only the output states
    Case("pytest", "fixture_not_found", PT, PYTEST_FIXTURE_MISSING, truth=pytest_truth, folder="places"),
    Case("pytest", "fixture_not_found_quiet", ["pytest", "-q", "-p", "no:cacheprovider"], PYTEST_FIXTURE_MISSING, truth=pytest_truth, folder="places"),
    Case("pytest", "xpass_strict", PT, PYTEST_XPASS_STRICT, truth=pytest_truth, folder="places"),
    Case("pytest", "xpass_strict_verbose", ["pytest", "-v", "-p", "no:cacheprovider"], PYTEST_OUTCOMES, truth=pytest_truth, folder="places"),
    Case("cargo-test", "should_panic_and_doctests", ["cargo", "test", "--offline", "--no-fail-fast"], CARGO_PANICS, truth=cargo_truth, folder="places"),
    Case("cargo-test", "doctests_only", ["cargo", "test", "--offline", "--doc"], CARGO_PANICS, truth=cargo_truth, folder="places"),
    Case("go-test", "build_failures_listed", ["go", "test", "./..."], GO_BUILD_UNDER_TEST, truth=go_test_truth, env=GO_ENV, folder="places"),
    Case("go-test", "build_failures_verbose", ["go", "test", "-v", "./..."], GO_BUILD_UNDER_TEST, truth=go_test_truth, env=GO_ENV, folder="places"),
    # builds and linters: errors and warnings counted
    Case("cargo-build", "cargo_build_warnings_only", ["cargo", "build", "--offline"], CARGO_WARNINGS, truth=cargo_build_truth_lazy(), folder="counts"),
    Case("cargo-build", "cargo_check_warnings_and_errors", ["cargo", "check", "--offline"], CARGO_WARN_AND_ERR, truth=cargo_build_truth_lazy(), folder="counts"),
    Case("cargo-clippy", "clippy_warnings", ["cargo", "clippy", "--offline"], CARGO_WARNINGS, truth=cargo_build_truth_lazy(), folder="counts"),
    Case("make", "make_gcc_warnings_and_errors", ["make", "-k"], make_files(C_ERRORS, " util.o"), truth=make_truth, folder="counts"),
    Case("go-build", "go_build_errors", ["go", "build", "./..."], GO_BROKEN_BUILD, truth=go_build_truth, env=GO_ENV, folder="counts"),
    Case("eslint", "eslint_warnings_only", ["npx", "eslint", "src"], {**ESLINT_WARNINGS, "package.json": '{"name": "demo", "private": true, "type": "module"}\n'}, setup=link_node_modules, truth=eslint_truth, folder="counts"),
    Case("ruff", "ruff_errors", ["ruff", "check", "pkg"], RUFF_BAD, truth=ruff_truth, folder="counts"),
    Case("mypy", "mypy_errors", ["mypy", "m.py"], MYPY_BAD, truth=mypy_truth, folder="counts"),
    # several tools in one output
    Case("make+pytest", "make_gcc_then_pytest", ["make"], C_MIXED, truth=mixed((gcc_build_truth(["gcc", "-Wall", "-Wextra", "-o", "app", "main.c"]), []), (pytest_truth, [*PT, "tests"])), folder="mixed"),
    Case("ruff+mypy", "script_ruff_then_mypy", ["sh", "lint.sh"], LINT_SCRIPT, truth=mixed((ruff_truth, ["ruff", "check", "pkg"]), (mypy_truth, ["mypy", "m.py"])), folder="mixed"),
    Case("tsc+jest", "npm_ci_tsc_then_jest", ["npm", "run", "ci"], JS_CI, setup=link_node_modules, truth=mixed((tsc_truth, ["npx", "tsc", "-p", "."]), (jest_truth, ["npx", "jest"])), folder="mixed"),
    # generic output
    Case("fallback", "log_mid_warning_and_repeats", [PY, "app.py", ".run-record.json"], {"app.py": LOG_APP}, truth=log_truth, folder="generic"),
    Case("fallback", "ls_listing", ["ls", "-1"], setup=many_files, truth=ls_truth, env={"LC_ALL": "C"}, folder="generic"),
]


def main(selected: list[str]) -> int:
    for case in CASES:
        where = case.folder or case.tool
        if selected and not {case.tool, where, f"{where}/{case.name}"} & set(selected):
            continue
        program = case.argv[0] if case.argv[0] != PY else None
        if program and program not in ("npm", "npx") and shutil.which(program) is None:
            print(f"skip {where}/{case.name}: {program} is not installed")
            continue
        if case.setup is link_node_modules and not JS_NODE_MODULES.is_dir():
            print(f"skip {where}/{case.name}: no {JS_NODE_MODULES}")
            continue
        folder = record(case)
        print(f"recorded {folder.relative_to(HERE)} (exit {(folder / 'exit_code').read_text().strip()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
