"""Every built-in runner parser passes the RunnerParserContract."""

from __future__ import annotations

from prx.runner.parsers.cargo import CargoTestParser
from prx.runner.parsers.fallback import FallbackParser
from prx.runner.parsers.gcc import CompilerParser, MakeParser
from prx.runner.parsers.git import GitDiffParser, GitLogParser, GitStatusParser
from prx.runner.parsers.golang import GoBuildParser, GoTestParser
from prx.runner.parsers.jest import JestParser, MochaParser, VitestParser
from prx.runner.parsers.mypy import MypyParser
from prx.runner.parsers.node import NodeTestParser
from prx.runner.parsers.pytest import PytestParser
from prx.runner.parsers.ruff import RuffParser
from prx.runner.parsers.tsc import EslintParser, PyrightParser, TscParser
from prx.runner.parsers.unittest import UnittestParser
from prx.testing.contracts import RunnerParserContract


class TestPytest(RunnerParserContract):
    parser = PytestParser
    argv = ("python", "-m", "pytest", "-q")


class TestUnittest(RunnerParserContract):
    parser = UnittestParser
    argv = ("python3", "-m", "unittest", "-v")


class TestRuff(RunnerParserContract):
    parser = RuffParser
    argv = ("uv", "run", "ruff", "check", ".")


class TestMypy(RunnerParserContract):
    parser = MypyParser
    argv = ("mypy", "--strict", "pkg")


class TestGitStatus(RunnerParserContract):
    parser = GitStatusParser
    argv = ("git", "status")


class TestGitLog(RunnerParserContract):
    parser = GitLogParser
    argv = ("git", "log", "-n", "5")


class TestGitDiff(RunnerParserContract):
    parser = GitDiffParser
    argv = ("git", "diff", "HEAD~1")


class TestMake(RunnerParserContract):
    parser = MakeParser
    argv = ("make", "-j2")


class TestCompiler(RunnerParserContract):
    parser = CompilerParser
    argv = ("gcc", "-Wall", "-c", "main.c")


class TestNodeTest(RunnerParserContract):
    parser = NodeTestParser
    argv = ("node", "--test")


class TestCargoTest(RunnerParserContract):
    parser = CargoTestParser
    argv = ("cargo", "test")


class TestJest(RunnerParserContract):
    parser = JestParser
    argv = ("npx", "jest")


class TestVitest(RunnerParserContract):
    parser = VitestParser
    argv = ("npx", "vitest", "run")


class TestMocha(RunnerParserContract):
    parser = MochaParser
    argv = ("node_modules/.bin/mocha",)


class TestTsc(RunnerParserContract):
    parser = TscParser
    argv = ("npx", "tsc", "--noEmit")


class TestEslint(RunnerParserContract):
    parser = EslintParser
    argv = ("npm", "exec", "--", "eslint", "src")


class TestPyright(RunnerParserContract):
    parser = PyrightParser
    argv = ("pyright", "pkg")


class TestGoTest(RunnerParserContract):
    parser = GoTestParser
    argv = ("go", "test", "./...")


class TestGoBuild(RunnerParserContract):
    parser = GoBuildParser
    argv = ("go", "vet", "./...")


class TestFallback(RunnerParserContract):
    parser = FallbackParser
    argv = ("npm", "test")


def test_every_builtin_parser_has_a_contract_test():
    from prx.runner.hooks import prx_register_runner_parsers

    covered = {
        cls.parser
        for name, cls in globals().items()
        if name.startswith("Test") and hasattr(cls, "parser")
    }
    assert set(prx_register_runner_parsers()) <= covered
