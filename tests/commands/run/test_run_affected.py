"""``prx run --affected`` and ``prx impact --tests`` through the real CLI: the change's
tests run in each runner's own terms and are parsed like any run; what was left out and
why is in the answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gitrepo import Repo, committed
from programs import needs

pytestmark = needs("git")

PYTEST = ["python", "-m", "pytest", "-q", "-p", "no:cacheprovider"]


@pytest.fixture
def py_repo(tmp_path: Path) -> Repo:
    return committed(
        tmp_path / "work",
        {
            "calc/__init__.py": "",
            "calc/ops.py": "def add(a, b):\n    return a + b\n\n\ndef neg(a):\n    return -a\n",
            "tests/test_add.py": "from calc.ops import add\n\n\ndef test_add():\n    assert add(1, 2) == 3\n",
            "tests/test_neg.py": "from calc.ops import neg\n\n\ndef test_neg():\n    assert neg(1) == -1\n",
            "README.md": "calc\n",
        },
    )


def test_run_affected_runs_only_the_reached_test_and_parses_it(run_cli, py_repo: Repo) -> None:
    import sys

    py_repo.edit("calc/ops.py", "a + b", "a - b")
    run = run_cli("run", "--affected", "--", sys.executable, *PYTEST[1:], cwd=py_repo.path)
    data = json.loads(run.stdout)["data"]
    assert run.exit_code == 1
    assert data["command"][-1] == "tests/test_add.py::test_add"
    assert (data["passed"], data["failed"]) == (0, 1)
    assert data["failures"][0]["name"] == "tests/test_add.py::test_add"
    assert data["affected"] == {
        "selected": 1,
        "selected_files": 1,
        "suite_files": 2,
        "whole_suite": False,
        "arguments": ["tests/test_add.py::test_add"],
        "tests": ["tests/test_add.py::test_add"],
    }
    text = run_cli(
        "--text", "run", "--affected", "--", sys.executable, *PYTEST[1:], cwd=py_repo.path
    )
    assert text.stdout.startswith("affected: 1 selected in 1 of 2 test files\n")


def test_run_affected_with_nothing_reached_runs_nothing_and_says_why(
    run_cli, py_repo: Repo
) -> None:
    py_repo.edit("README.md", "calc", "the calc")
    run = run_cli("run", "--affected", "--", "false", cwd=py_repo.path)
    data = json.loads(run.stdout)["data"]
    assert run.exit_code == 0
    assert data["summary"] == "nothing ran: README.md is documentation: no test selected for it"
    assert data["affected"]["selected"] == 0


def test_impact_tests_through_the_cli_and_its_errors(run_cli, py_repo: Repo) -> None:
    py_repo.edit("calc/ops.py", "return -a", "return a")
    run = run_cli("impact", "--tests", cwd=py_repo.path)
    selection = json.loads(run.stdout)["data"]["selection"]
    assert [t["id"] for t in selection["tests"]] == ["tests/test_neg.py::test_neg"]
    bad = run_cli("impact", "--tests", "--symbol", "neg", cwd=py_repo.path)
    assert json.loads(bad.stdout)["error"]["code"] == "invalid_argument"
    assert bad.exit_code == 2
    missing = run_cli("impact", cwd=py_repo.path)
    assert json.loads(missing.stdout)["error"]["code"] == "invalid_argument"
    assert "--tests" in json.loads(missing.stdout)["error"]["suggestion"]


@needs("node")
def test_node_test_runs_the_selected_files(run_cli, tmp_path: Path) -> None:
    repo = committed(
        tmp_path / "work",
        {
            "lib/a.js": "exports.twice = (x) => x * 2;\n",
            "lib/b.js": "exports.half = (x) => x / 2;\n",
            "test/a.test.js": (
                "const test = require('node:test');\nconst assert = require('node:assert');\n"
                "const { twice } = require('../lib/a');\n"
                "test('twice', () => { assert.strictEqual(twice(2), 4); });\n"
            ),
            "test/b.test.js": (
                "const test = require('node:test');\nconst assert = require('node:assert');\n"
                "const { half } = require('../lib/b');\n"
                "test('half', () => { assert.strictEqual(half(4), 2); });\n"
            ),
        },
    )
    repo.edit("lib/b.js", "x / 2", "x / 3")
    run = run_cli("run", "--affected", "--", "node", "--test", cwd=repo.path)
    data = json.loads(run.stdout)["data"]
    assert data["command"] == ["node", "--test", "test/b.test.js"]
    assert data["failed"] == 1 and data["affected"]["selected_files"] == 1


@needs("go")
def test_go_test_runs_the_selected_package_and_tests(run_cli, tmp_path: Path) -> None:
    repo = committed(
        tmp_path / "work",
        {
            "go.mod": "module example.com/m\n\ngo 1.18\n",
            "a/a.go": "package a\n\nfunc Twice(x int) int { return x * 2 }\n\nfunc Half(x int) int { return x / 2 }\n",
            "a/a_test.go": (
                'package a\n\nimport "testing"\n\n'
                'func TestTwice(t *testing.T) {\n\tif Twice(2) != 4 {\n\t\tt.Fatal("twice")\n\t}\n}\n\n'
                'func TestHalf(t *testing.T) {\n\tif Half(4) != 2 {\n\t\tt.Fatal("half")\n\t}\n}\n'
            ),
            "b/b.go": "package b\n\nfunc One() int { return 1 }\n",
            "b/b_test.go": (
                'package b\n\nimport "testing"\n\n'
                'func TestOne(t *testing.T) {\n\tif One() != 1 {\n\t\tt.Fatal("one")\n\t}\n}\n'
            ),
        },
    )
    repo.edit("a/a.go", "x * 2", "x * 3")
    run = run_cli(
        "run",
        "--affected",
        "--",
        "go",
        "test",
        "./...",
        cwd=repo.path,
        env={"GOFLAGS": "-mod=mod", "GOPROXY": "off", "GOCACHE": str(tmp_path / "gocache")},
    )
    data = json.loads(run.stdout)["data"]
    assert data["command"] == ["go", "test", "-run", "^(TestTwice)$", "./a"]
    assert data["failed"] == 1


@needs("cargo")
def test_cargo_test_runs_the_selected_tests(run_cli, tmp_path: Path) -> None:
    repo = committed(
        tmp_path / "work",
        {
            "Cargo.toml": '[package]\nname = "m"\nversion = "0.1.0"\nedition = "2021"\n',
            "src/lib.rs": "pub mod a;\npub mod b;\n",
            "src/a.rs": (
                "/// Twice `x`:\n///\n/// ```\n/// assert_eq!(m::a::twice(2), 4);\n/// ```\n"
                "pub fn twice(x: i32) -> i32 {\n    x * 2\n}\n\n"
                "#[cfg(test)]\nmod tests {\n    use super::*;\n\n"
                "    #[test]\n    fn doubles() {\n        assert_eq!(twice(2), 4);\n    }\n}\n"
            ),
            "src/b.rs": (
                "pub fn one() -> i32 {\n    1\n}\n\n"
                "#[cfg(test)]\nmod tests {\n    use super::*;\n\n"
                "    #[test]\n    fn is_one() {\n        assert_eq!(one(), 1);\n    }\n}\n"
            ),
        },
    )
    repo.edit("src/a.rs", "x * 2", "x * 3")
    run = run_cli(
        "run",
        "--affected",
        "--",
        "cargo",
        "test",
        "--offline",
        "--no-fail-fast",
        cwd=repo.path,
        env={"CARGO_TARGET_DIR": str(tmp_path / "target")},
        timeout=600,
    )
    data = json.loads(run.stdout)["data"]
    # The unit test and the doc test of `twice` (libtest: `src/a.rs - a::twice (line 3)`).
    assert data["command"] == [
        "cargo",
        "test",
        "--offline",
        "--no-fail-fast",
        "--",
        "a::tests::doubles",
        "src/a.rs - ",
    ]
    assert data["failed"] == 2 and data["passed"] == 0, json.dumps(data)
