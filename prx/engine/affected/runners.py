"""A selection in a test runner's own terms: the arguments that run only the selected
tests (pytest node ids, ``go test -run``, cargo filters, jest/vitest/mocha files, Maven's
``-Dtest``, Gradle's ``--tests``)."""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Sequence
from typing import NamedTuple

from prx.core.results.affected import SelectedTest

__all__ = ["Narrowed", "narrow"]

_SCRIPT_RUNNERS = frozenset({"jest", "vitest", "mocha", "tap", "ava", "node"})
_NODE_MANAGERS = frozenset({"npm", "yarn", "pnpm", "bun"})


class Narrowed(NamedTuple):
    """The command to run, and the runner it was narrowed for (None: it could not be)."""

    argv: tuple[str, ...]
    runner: str | None
    #: Why the command runs as given (an unknown runner), or None.
    note: str | None = None


def narrow(argv: Sequence[str], tests: Sequence[SelectedTest], cwd: str) -> Narrowed:
    """``argv`` changed to run only ``tests`` (paths relative to ``cwd``)."""
    from prx.engine.runner.scripts import resolve_script

    inner, via = resolve_script(argv, cwd)
    tool = inner[0] if inner else ""
    through_script = any(v.split()[0] in _NODE_MANAGERS for v in via if v)
    args = list(argv)
    if tool in ("pytest", "py.test"):
        return Narrowed(_pytest(args, tests, cwd), "pytest")
    if tool == "unittest" or (tool == "python" and "unittest" in inner):
        return Narrowed((*_without_paths(args, cwd), *_unittest_ids(tests)), "unittest")
    if tool == "go" and len(inner) > 1 and inner[1] == "test":
        return Narrowed(_go(args, tests), "go test")
    if tool == "cargo" and len(inner) > 1 and inner[1] in ("test", "nextest"):
        return Narrowed(_cargo(args, tests), "cargo test")
    if tool in ("mvn", "mvnw", "./mvnw"):
        return Narrowed(_maven(args, tests), "maven")
    if tool in ("gradle", "gradlew", "./gradlew"):
        return Narrowed(_gradle(args, tests), "gradle")
    if tool in _SCRIPT_RUNNERS or (tool == "node" and "--test" in inner):
        files = sorted({_not_an_option(t.file) for t in tests})
        extra = ["--runTestsByPath", *files] if tool == "jest" else files
        if through_script:
            if not any(v.startswith("npm") for v in via) or "--" in args:
                return Narrowed((*args, *extra), tool)
            return Narrowed((*args, "--", *extra), tool)
        return Narrowed((*_without_paths(args, cwd), *extra), tool)
    return Narrowed(
        tuple(args),
        None,
        f"prx does not know how to narrow {tool or argv[0]!r} to the selected tests: the "
        "whole command ran",
    )


def _without_paths(args: list[str], cwd: str) -> list[str]:
    """``args`` less the positional paths that name what to run (the selection replaces
    them); options and their values stay."""
    kept: list[str] = []
    for index, arg in enumerate(args):
        positional = (
            index > 0
            and not arg.startswith("-")
            and not (
                kept and kept[-1].startswith("-") and "=" not in kept[-1] and kept[-1] in _VALUED
            )
        )
        if (
            positional
            and os.path.exists(os.path.join(cwd, arg.split("::", 1)[0]))
            and (
                os.path.isdir(os.path.join(cwd, arg))
                or "test" in arg.lower()
                or arg.split("::", 1)[0].endswith((".py", ".js", ".ts", ".mjs", ".cjs"))
            )
        ):
            continue
        kept.append(arg)
    return kept


#: Options that take the next word as their value (so it is no path to drop).
_VALUED = frozenset(
    {
        "-k",
        "-m",
        "-p",
        "-c",
        "-o",
        "--rootdir",
        "--confcutdir",
        "-r",
        "--config",
        "--reporter",
        "--timeout",
        "-t",
        "--testNamePattern",
    }
)


def _not_an_option(path: str) -> str:
    """A path a runner cannot read as an option: a file named ``-c.test.js`` in a
    hostile repository stays a file (``./-c.test.js``)."""
    return f"./{path}" if path.startswith("-") else path


def _pytest(args: list[str], tests: Sequence[SelectedTest], cwd: str) -> tuple[str, ...]:
    return (*_without_paths(args, cwd), *sorted({_not_an_option(t.id) for t in tests}))


def _unittest_ids(tests: Sequence[SelectedTest]) -> list[str]:
    out: list[str] = []
    for test in tests:
        module = posixpath.splitext(test.file)[0].replace("/", ".")
        out.append(f"{module}.{test.name}" if test.name else module)
    return sorted(set(out))


def _go(args: list[str], tests: Sequence[SelectedTest]) -> tuple[str, ...]:
    packages = sorted({"./" + (posixpath.dirname(t.file) or ".") for t in tests})
    packages = [p.replace("/./", "/").rstrip("/") if p != "./." else "." for p in packages]
    names = sorted({t.id for t in tests if not t.id.endswith(":*")})
    whole = {posixpath.dirname(t.file) for t in tests if t.id.endswith(":*")}
    test_at = args.index("test")
    head, rest = args[: test_at + 1], args[test_at + 1 :]
    kept: list[str] = []
    skip = False
    for arg in rest:
        if skip:
            skip = False
            continue
        if arg == "-run":
            skip = True
            continue
        if arg.startswith("-run="):
            continue
        if arg.startswith(("./", "../")) or arg in (".", "...") or "/..." in arg:
            continue
        kept.append(arg)
    run = [] if whole or not names else ["-run", "^(" + "|".join(map(re.escape, names)) + ")$"]
    return (*head, *kept, *run, *packages)


def _cargo(args: list[str], tests: Sequence[SelectedTest]) -> tuple[str, ...]:
    filters = sorted({t.id for t in tests})
    if "--" in args:
        return (*args, *filters)
    return (*args, "--", *filters)


def _maven(args: list[str], tests: Sequence[SelectedTest]) -> tuple[str, ...]:
    # A class selected whole (no method) runs every method: it absorbs its methods.
    by_class: dict[str, set[str] | None] = {}
    for test in tests:
        cls, _, method = test.id.partition("#")
        methods = by_class.setdefault(cls, set())
        if not method:
            by_class[cls] = None
        elif methods is not None:
            methods.add(method)
    specs = [c + ("#" + "+".join(sorted(m)) if m else "") for c, m in sorted(by_class.items())]
    kept = [a for a in args if not a.startswith("-Dtest=")]
    return (*kept, "-Dtest=" + ",".join(specs), "-Dsurefire.failIfNoSpecifiedTests=false")


def _gradle(args: list[str], tests: Sequence[SelectedTest]) -> tuple[str, ...]:
    out = list(args)
    for test in sorted({t.id.replace("#", ".") for t in tests}):
        out += ["--tests", test]
    return tuple(out)
