"""How ``prx run`` recognises the tool: argv through wrappers and scripts, else the output."""

from __future__ import annotations

import json
from pathlib import Path

import locations
import pytest

from prx.app.hooks import RunnerParsers
from prx.engine.runner.detect import unwrap, wrappers
from prx.engine.runner.model import CapturedRun
from prx.engine.runner.recognise import analyse, choose
from prx.engine.runner.scripts import resolve_script
from prx.engine.runner.sniff import claims

CORPUS = locations.GOLDEN / "runs"
PARSERS = RunnerParsers.prx_register_runner_parsers()


def _project(tmp_path: Path, **files: str) -> str:
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    return str(tmp_path)


@pytest.mark.parametrize(
    ("argv", "inner", "via"),
    [
        (["npm", "test"], ("jest", "--ci"), ("npm test",)),
        (["npm", "run", "lint", "--", "--fix"], ("eslint", "src", "--fix"), ("npm run lint",)),
        (["yarn", "lint", "--fix"], ("eslint", "src", "--fix"), ("yarn lint",)),
        (["pnpm", "run", "lint"], ("eslint", "src"), ("pnpm run lint",)),
        (["pnpm", "test"], ("jest", "--ci"), ("pnpm test",)),
        (["bun", "run", "lint"], ("eslint", "src"), ("bun run lint",)),
        (["npm", "run", "again"], ("eslint", "src"), ("npm run again", "npm run lint")),
        (["npm", "run", "both"], ("npm", "run", "both"), ()),  # shell syntax: not one tool
        (["make", "test"], ("pytest", "-q"), ("make test", "python -m")),
        (["make", "-C", ".", "check"], ("make", "-C", ".", "check"), ()),  # two recipe lines
        (["nice", "-n", "5", "make", "test"], ("pytest", "-q"), ("nice", "make test", "python -m")),
        (["make"], ("make",), ()),  # the first target's recipe uses make variables
    ],
)
def test_scripts_are_read_through(tmp_path, argv, inner, via):
    package = {
        "scripts": {
            "test": "NODE_ENV=test jest --ci",
            "lint": "eslint src",
            "both": "tsc && jest",
            "again": "npm run lint",
        }
    }
    makefile = (
        "all: app\n\napp: main.o\n\t$(CC) -o app main.o\n\n"
        "test:\n\t@python -m pytest -q\n\ncheck: test\n\tpytest\n\tmypy .\n"
    )
    cwd = _project(tmp_path, **{"package.json": json.dumps(package), "Makefile": makefile})
    assert resolve_script(argv, cwd) == (inner, via)


def test_a_script_is_not_read_without_a_project_directory():
    assert resolve_script(["npm", "test"], None) == (("npm", "test"), ())


@pytest.mark.parametrize(
    ("argv", "inner", "via"),
    [
        (["git", "-C", "repo", "log", "-3"], ("git", "log", "-3"), ()),
        (["git", "--no-pager", "-c", "a=b", "-C", "r", "status"], ("git", "status"), ()),
        (["timeout", "60", "cargo", "test"], ("cargo", "test"), ("timeout",)),
        (["env", "A=1", "B=2", "go", "test", "./..."], ("go", "test", "./..."), ("env",)),
        (["cross-env", "CI=1", "jest"], ("jest",), ("cross-env",)),
        (["nice", "-n", "10", "pytest", "-q"], ("pytest", "-q"), ("nice",)),
        (["uv", "run", "--with", "x", "pytest"], ("pytest",), ("uv run",)),
        (["poetry", "run", "pytest"], ("pytest",), ("poetry run",)),
        (["pipenv", "run", "pytest"], ("pytest",), ("pipenv run",)),
        (["hatch", "run", "pytest"], ("pytest",), ("hatch run",)),
        (["python3", "-m", "pytest"], ("pytest",), ("python -m",)),
        (["npx", "--yes", "tsc"], ("tsc",), ("npx",)),
    ],
)
def test_wrappers_are_looked_through(argv, inner, via):
    assert unwrap(argv) == inner
    assert wrappers(argv) == via


def test_choose_names_the_wrappers_and_scripts(tmp_path):
    cwd = _project(tmp_path, **{"package.json": '{"scripts": {"test": "jest"}}'})
    choice = choose(PARSERS, ["timeout", "60", "npm", "test"], cwd)
    assert choice.parser is not None and choice.parser.NAME == "jest"
    assert choice.via == ("timeout", "npm test")


def _case(name: str) -> tuple[CapturedRun, dict]:
    case = CORPUS / name
    raw = CapturedRun(
        argv=tuple(json.loads((case / "argv.json").read_text())),
        exit_code=int((case / "exit_code").read_text()),
        stdout=(case / "stdout.txt").read_text(),
        stderr=(case / "stderr.txt").read_text(),
        duration_ms=1,
    )
    return raw, json.loads((case / "truth.json").read_text())


#: Recorded outputs each tool's signature lines recognise whatever command printed them.
BY_CONTENT = (
    "pytest/fail_default",
    "pytest/fail_quiet",
    "pytest/outcomes_default",
    "unittest/mixed_verbose",
    "cargo-test/failures_and_doctest",
    "cargo-build/errors",
    "cargo-clippy/lints",
    "go-test/fail_verbose",
    "go-test/fail_json",
    "go-build/build_errors",
    "node-test/fail_tap",
    "node-test/fail_spec",
    "jest/fail_default",
    "vitest/fail_default",
    "mocha/fail_spec",
    "tsc/errors_plain",
    "tsc/errors_pretty",
    "eslint/problems",
    "pyright/errors",
    "ruff/violations_full",
    "ruff/violations_concise",
    "ruff/clean",
    "mypy/errors",
    "mypy/clean",
    "cc/gcc_direct_errors",
    "git/log_default",
    "git/dirty",
    "git/diff_small",
)


@pytest.mark.parametrize("name", BY_CONTENT)
def test_an_unknown_command_is_recognised_by_its_output(name):
    """Behind a script prx cannot read, the output says which tool it is, and it is read
    exactly as under the tool's own command line."""
    raw, truth = _case(name)
    direct, tool, _ = analyse(PARSERS, raw)
    hidden = CapturedRun(
        argv=("sh", "ci/run-checks.sh"),
        exit_code=raw.exit_code,
        stdout=raw.stdout,
        stderr=raw.stderr,
        duration_ms=1,
    )
    parsed, found, detected = analyse(PARSERS, hidden)
    assert found == truth["tool"] == tool
    assert detected.by == "content" and detected.confidence is not None
    for key in ("passed", "failed", "skipped", "errors", "warnings", "xfailed", "xpassed"):
        assert getattr(parsed, key) == getattr(direct, key), key
    assert [(f.name, f.file, f.line) for f in parsed.failures] == [
        (f.name, f.file, f.line) for f in direct.failures
    ]
    assert len(parsed.diagnostics) == len(direct.diagnostics)


def test_an_output_no_parser_claims_goes_to_the_generic_parser():
    raw = CapturedRun(
        argv=("./deploy.sh",), exit_code=0, stdout="hello\nall good\n", stderr="", duration_ms=1
    )
    parsed, tool, detected = analyse(PARSERS, raw)
    assert tool == "fallback" and detected.by == "fallback"
    assert claims(PARSERS, ["hello", "all good"]) == []


def test_a_tool_named_by_argv_is_not_second_guessed():
    raw, _ = _case("pytest/fail_default")
    _, tool, detected = analyse(PARSERS, raw)
    assert tool == "pytest" and detected.by == "argv" and detected.confidence is None
