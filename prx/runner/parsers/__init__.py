"""The built-in parsers of ``prx run``, one module per tool.

They are registered by :mod:`prx.runner.hooks`; :data:`BUILTIN_PARSERS` names them
(``module:Class``) so that the hook imports them only when ``prx run`` needs them.
"""

from __future__ import annotations

__all__ = ["BUILTIN_PARSERS"]

BUILTIN_PARSERS: tuple[str, ...] = (
    "prx.runner.parsers.pytest:PytestParser",
    "prx.runner.parsers.unittest:UnittestParser",
    "prx.runner.parsers.ruff:RuffParser",
    "prx.runner.parsers.mypy:MypyParser",
    "prx.runner.parsers.git:GitStatusParser",
    "prx.runner.parsers.git:GitLogParser",
    "prx.runner.parsers.git:GitDiffParser",
    "prx.runner.parsers.gcc:MakeParser",
    "prx.runner.parsers.gcc:CompilerParser",
    "prx.runner.parsers.node:NodeTestParser",
    "prx.runner.parsers.cargo:CargoTestParser",
    "prx.runner.parsers.cargo_build:CargoBuildParser",
    "prx.runner.parsers.cargo_build:CargoClippyParser",
    "prx.runner.parsers.coverage:PytestCovParser",
    "prx.runner.parsers.coverage:CoverageReportParser",
    "prx.runner.parsers.coverage:JestCovParser",
    "prx.runner.parsers.coverage:IstanbulParser",
    "prx.runner.parsers.coverage:CargoLlvmCovParser",
    "prx.runner.parsers.coverage:GoCoverParser",
    "prx.runner.parsers.npm:NpmLsParser",
    "prx.runner.parsers.terraform:TerraformParser",
    "prx.runner.parsers.kubectl:KubectlParser",
    "prx.runner.parsers.docker:DockerBuildParser",
    "prx.runner.parsers.docker:LogsParser",
    "prx.runner.parsers.jvm:MavenParser",
    "prx.runner.parsers.jvm:GradleParser",
    "prx.runner.parsers.dotnet:DotnetParser",
    "prx.runner.parsers.fallback:FallbackParser",
)
