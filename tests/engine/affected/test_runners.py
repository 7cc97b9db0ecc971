"""A selection in each runner's own arguments (``narrow``), for every runner named in the
issue: pytest, unittest, go test, cargo test, jest, vitest, mocha, node --test, Maven,
Gradle, and a script run through npm."""

from __future__ import annotations

import json
from pathlib import Path

from prx.core.results.affected import SelectedTest
from prx.engine.affected.runners import narrow


def _test(file: str, id: str, name: str | None = None) -> SelectedTest:
    return SelectedTest(file=file, name=name, id=id, line=1)


def test_pytest_gets_node_ids_in_place_of_the_paths_it_named(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    tests = [
        _test("tests/test_a.py", "tests/test_a.py::test_x"),
        _test("tests/test_b.py", "tests/test_b.py"),
    ]
    done = narrow(["python", "-m", "pytest", "-q", "-k", "fast", "tests"], tests, str(tmp_path))
    assert done.runner == "pytest"
    assert done.argv == (
        "python",
        "-m",
        "pytest",
        "-q",
        "-k",
        "fast",
        "tests/test_a.py::test_x",
        "tests/test_b.py",
    )


def test_unittest_gets_dotted_ids(tmp_path: Path) -> None:
    tests = [_test("tests/test_a.py", "tests/test_a.py::TestA::test_x", "TestA.test_x")]
    done = narrow(["python", "-m", "unittest"], tests, str(tmp_path))
    assert done.argv == ("python", "-m", "unittest", "tests.test_a.TestA.test_x")


def test_go_test_runs_the_packages_with_a_run_pattern(tmp_path: Path) -> None:
    tests = [
        _test("pkg/a_test.go", "TestA"),
        _test("a_test.go", "TestRoot"),
        _test("pkg/b_test.go", "TestB"),
    ]
    done = narrow(["go", "test", "-count=1", "./..."], tests, str(tmp_path))
    assert done.runner == "go test"
    assert done.argv == ("go", "test", "-count=1", "-run", "^(TestA|TestB|TestRoot)$", ".", "./pkg")


def test_go_testmain_runs_its_package_whole(tmp_path: Path) -> None:
    tests = [_test("pkg/main_test.go", "pkg:*"), _test("pkg/a_test.go", "TestA")]
    assert narrow(["go", "test", "./..."], tests, str(tmp_path)).argv == ("go", "test", "./pkg")


def test_cargo_test_gets_filters_after_the_separator(tmp_path: Path) -> None:
    tests = [_test("src/a.rs", "a::tests::one"), _test("tests/it.rs", "two")]
    assert narrow(["cargo", "test", "--offline"], tests, str(tmp_path)).argv == (
        "cargo",
        "test",
        "--offline",
        "--",
        "a::tests::one",
        "two",
    )
    assert narrow(["cargo", "test", "--", "--nocapture"], tests, str(tmp_path)).argv == (
        "cargo",
        "test",
        "--",
        "--nocapture",
        "a::tests::one",
        "two",
    )


def test_script_runners_get_the_test_files(tmp_path: Path) -> None:
    tests = [_test("test/a.test.js", "test/a.test.js"), _test("test/b.test.js", "test/b.test.js")]
    files = ("test/a.test.js", "test/b.test.js")
    assert narrow(["npx", "jest", "--ci"], tests, str(tmp_path)).argv[-3:] == (
        "--runTestsByPath",
        *files,
    )
    assert narrow(["npx", "vitest", "run"], tests, str(tmp_path)).argv == (
        "npx",
        "vitest",
        "run",
        *files,
    )
    assert narrow(["mocha"], tests, str(tmp_path)).argv == ("mocha", *files)
    assert narrow(["node", "--test"], tests, str(tmp_path)).argv == ("node", "--test", *files)


def test_an_npm_script_passes_the_files_after_the_separator(tmp_path: Path) -> None:
    (tmp_path / "package.json").write_text(
        json.dumps({"scripts": {"test": "mocha --reporter dot"}})
    )
    tests = [_test("test/a.js", "test/a.js")]
    done = narrow(["npm", "test"], tests, str(tmp_path))
    assert done.runner == "mocha"
    assert done.argv == ("npm", "test", "--", "test/a.js")


def test_maven_gets_one_test_parameter_and_a_whole_class_absorbs_its_methods(
    tmp_path: Path,
) -> None:
    tests = [
        _test("src/test/java/ATest.java", "ATest#one"),
        _test("src/test/java/ATest.java", "ATest#two"),
        _test("src/test/java/BTest.java", "BTest"),
        _test("src/test/java/BTest.java", "BTest#three"),
    ]
    done = narrow(["mvn", "-q", "test"], tests, str(tmp_path))
    assert done.argv == (
        "mvn",
        "-q",
        "test",
        "-Dtest=ATest#one+two,BTest",
        "-Dsurefire.failIfNoSpecifiedTests=false",
    )


def test_gradle_gets_one_tests_filter_per_test(tmp_path: Path) -> None:
    tests = [_test("src/test/java/ATest.java", "ATest#one")]
    assert narrow(["./gradlew", "test"], tests, str(tmp_path)).argv == (
        "./gradlew",
        "test",
        "--tests",
        "ATest.one",
    )


def test_an_unknown_runner_runs_whole_and_says_so(tmp_path: Path) -> None:
    done = narrow(["make", "check"], [_test("t.py", "t.py")], str(tmp_path))
    assert done.runner is None and done.argv == ("make", "check")
    assert done.note is not None and "whole command ran" in done.note


def test_a_file_named_like_an_option_stays_a_file(tmp_path: Path) -> None:
    # A hostile repository's `-c.test.js` must not become a runner's option.
    tests = [_test("-c.test.js", "-c.test.js")]
    assert narrow(["npx", "jest"], tests, str(tmp_path)).argv == (
        "npx",
        "jest",
        "--runTestsByPath",
        "./-c.test.js",
    )
    tests = [_test("-x_test.py", "-x_test.py::test_a")]
    assert narrow(["pytest"], tests, str(tmp_path)).argv == ("pytest", "./-x_test.py::test_a")
