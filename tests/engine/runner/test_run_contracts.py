"""Every built-in runner parser passes the RunnerParserContract."""

from __future__ import annotations

from prx.engine.runner.parsers.cargo import CargoTestParser
from prx.engine.runner.parsers.cargo_build import CargoBuildParser, CargoClippyParser
from prx.engine.runner.parsers.coverage import (
    CargoLlvmCovParser,
    CoverageReportParser,
    GoCoverParser,
    IstanbulParser,
    JestCovParser,
    PytestCovParser,
)
from prx.engine.runner.parsers.docker import DockerBuildParser, LogsParser
from prx.engine.runner.parsers.dotnet import DotnetParser
from prx.engine.runner.parsers.fallback import FallbackParser
from prx.engine.runner.parsers.gcc import CompilerParser, MakeParser
from prx.engine.runner.parsers.git import GitDiffParser, GitLogParser, GitStatusParser
from prx.engine.runner.parsers.golang import GoBuildParser, GoTestParser
from prx.engine.runner.parsers.jest import JestParser, MochaParser, VitestParser
from prx.engine.runner.parsers.jvm import GradleParser, MavenParser
from prx.engine.runner.parsers.kubectl import KubectlParser
from prx.engine.runner.parsers.mypy import MypyParser
from prx.engine.runner.parsers.node import NodeTestParser
from prx.engine.runner.parsers.npm import NpmLsParser
from prx.engine.runner.parsers.pytest import PytestParser
from prx.engine.runner.parsers.ruff import RuffParser
from prx.engine.runner.parsers.terraform import TerraformParser
from prx.engine.runner.parsers.tsc import EslintParser, PyrightParser, TscParser
from prx.engine.runner.parsers.unittest import UnittestParser
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


class TestCargoBuild(RunnerParserContract):
    parser = CargoBuildParser
    argv = ("cargo", "build", "--release")


class TestCargoClippy(RunnerParserContract):
    parser = CargoClippyParser
    argv = ("cargo", "clippy", "--", "-D", "warnings")


class TestPytestCov(RunnerParserContract):
    parser = PytestCovParser
    argv = ("python", "-m", "pytest", "--cov=pkg")


class TestCoverageReport(RunnerParserContract):
    parser = CoverageReportParser
    argv = ("coverage", "report", "-m")


class TestJestCov(RunnerParserContract):
    parser = JestCovParser
    argv = ("npx", "jest", "--coverage")


class TestIstanbul(RunnerParserContract):
    parser = IstanbulParser
    argv = ("npx", "c8", "node", "--test")


class TestCargoLlvmCov(RunnerParserContract):
    parser = CargoLlvmCovParser
    argv = ("cargo", "llvm-cov")


class TestGoCover(RunnerParserContract):
    parser = GoCoverParser
    argv = ("go", "tool", "cover", "-func=cover.out")


class TestNpmLs(RunnerParserContract):
    parser = NpmLsParser
    argv = ("npm", "ls", "--all")


class TestTerraform(RunnerParserContract):
    parser = TerraformParser
    argv = ("terraform", "plan")


class TestKubectl(RunnerParserContract):
    parser = KubectlParser
    argv = ("kubectl", "get", "pods")


class TestDockerBuild(RunnerParserContract):
    parser = DockerBuildParser
    argv = ("docker", "build", "-t", "demo", ".")


class TestLogs(RunnerParserContract):
    parser = LogsParser
    argv = ("kubectl", "logs", "web-0")


class TestMaven(RunnerParserContract):
    parser = MavenParser
    argv = ("./mvnw", "-B", "test")


class TestGradle(RunnerParserContract):
    parser = GradleParser
    argv = ("./gradlew", "test")


class TestDotnet(RunnerParserContract):
    parser = DotnetParser
    argv = ("dotnet", "test")


class TestFallback(RunnerParserContract):
    parser = FallbackParser
    argv = ("npm", "test")


def test_every_builtin_parser_has_a_contract_test():
    from prx.app.hooks import RunnerParsers

    covered = {
        cls.parser
        for name, cls in globals().items()
        if name.startswith("Test") and hasattr(cls, "parser")
    }
    assert set(RunnerParsers.prx_register_runner_parsers()) <= covered
