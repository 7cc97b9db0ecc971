"""Which tool a command line runs, looking through wrappers, and which parser reads it."""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from prx.plugin.runner import RunnerParser

__all__ = ["is_passthrough", "program", "select_parser", "unwrap", "wrappers"]

_PYTHON = re.compile(r"^python[\d.]*$|^pypy[\d.]*$")
#: Interpreter flags that take a value (``python -W error -m pytest``).
_PYTHON_VALUE_FLAGS = frozenset({"-W", "-X", "--check-hash-based-pycs"})
#: Option flags of ``uv run`` / ``uvx`` / ``npx`` ... that take a value.
_VALUE_FLAGS = frozenset(
    {
        "--with",
        "--with-editable",
        "--with-requirements",
        "--python",
        "-p",
        "--group",
        "--extra",
        "--package",
        "--env-file",
        "--directory",
        "--project",
        "--from",
        "--index",
        "--index-url",
        "--extra-index-url",
        "--spec",
        "--package-name",
        "-e",
        "--env",
        "--cache-dir",
        "--config-file",
    }
)
#: ``<wrapper> <subcommand>`` pairs that run the command after them.
_RUNNERS = {
    ("uv", "run"),
    ("uv", "tool"),
    ("poetry", "run"),
    ("pipenv", "run"),
    ("pdm", "run"),
    ("hatch", "run"),
    ("rye", "run"),
    ("pipx", "run"),
    ("pnpm", "exec"),
    ("pnpm", "dlx"),
    ("yarn", "dlx"),
    ("yarn", "exec"),
    ("npm", "exec"),
    ("conda", "run"),
    ("bundle", "exec"),
}
#: Programs that run the command after their own options.
_PREFIXES = frozenset({"npx", "uvx", "bunx", "time", "nice", "nohup", "stdbuf", "xvfb-run"})
_SHELLS = frozenset({"sh", "bash", "zsh", "dash"})
_SHELL_SYNTAX = re.compile(r"[|&;<>()`\n]")
#: Set by ``--help`` / ``--version`` anywhere, or ``-h`` / ``-V`` as the last argument.
_HELP_ANYWHERE = frozenset({"--help", "--version"})
_HELP_LAST = frozenset({"-h", "-V"})
#: git's global options that take a value (``git -C repo log``).
_GIT_VALUE_OPTIONS = frozenset(
    {"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"}
)


def program(arg: str) -> str:
    """The normalised program name of ``arg``: ``/usr/bin/python3.11`` -> ``python``."""
    name = os.path.basename(arg).lower()
    for suffix in (".exe", ".cmd", ".bat"):
        name = name.removesuffix(suffix)
    if _PYTHON.match(name):
        return "python"
    return "pytest" if name == "py.test" else name


def _skip_options(args: list[str], value_flags: frozenset[str]) -> list[str]:
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            return args[index + 1 :]
        if not arg.startswith("-") or arg == "-":
            return args[index:]
        index += 2 if (arg in value_flags and "=" not in arg) else 1
    return []


def _unwrap_python(rest: list[str]) -> list[str] | None:
    index = 0
    while index < len(rest):
        arg = rest[index]
        if arg == "-m" and index + 1 < len(rest):
            return rest[index + 1 :]
        if arg.startswith("-m") and len(arg) > 2:
            return [arg[2:], *rest[index + 1 :]]
        if not arg.startswith("-") or arg in ("-c", "-"):
            return None
        index += 2 if arg in _PYTHON_VALUE_FLAGS else 1
    return None


def _step(args: list[str]) -> list[str] | None:
    """One wrapper peeled off ``args``, or None when ``args`` is not wrapped."""
    name = program(args[0])
    rest = args[1:]
    if name == "python":
        return _unwrap_python(rest)
    if name in ("env", "cross-env"):
        index = 0
        while index < len(rest) and (rest[index].startswith("-") or "=" in rest[index]):
            index += 2 if rest[index] in ("-u", "--unset", "-C", "--chdir") else 1
        return rest[index:] or None
    if name == "timeout":
        rest = _skip_options(rest, frozenset({"-s", "--signal", "-k", "--kill-after"}))
        return rest[1:] or None
    if name in _PREFIXES:
        return _skip_options(rest, _VALUE_FLAGS | frozenset({"-n", "--adjustment"})) or None
    if rest and (name, rest[0]) in _RUNNERS:
        after = rest[1:]
        if name == "uv" and rest[0] == "tool":  # uv tool run X
            after = after[1:] if after[:1] == ["run"] else []
        return _skip_options(after, _VALUE_FLAGS) or None
    if name == "coverage" and rest[:1] == ["run"]:
        after = _skip_options(rest[1:], frozenset({"--rcfile", "--source", "--omit", "--include"}))
        return (after[1:] if after[:1] == ["-m"] else None) or None
    if name in _SHELLS and len(rest) >= 2 and rest[0] == "-c":
        script = rest[1]
        if _SHELL_SYNTAX.search(script):
            return None  # a pipeline or a script: not one tool's output
        try:
            return shlex.split(script) or None
        except ValueError:
            return None
    return None


def _git_command(args: list[str]) -> list[str]:
    """``git -C repo --no-pager log`` -> ``git log``: git's global options dropped."""
    index = 1
    while index < len(args) and args[index].startswith("-"):
        arg = args[index]
        index += 2 if arg in _GIT_VALUE_OPTIONS else 1
    return [args[0], *args[index:]]


def _label(args: list[str]) -> str:
    """How a wrapper is named in ``detected.via``: its program and subcommand."""
    name = program(args[0])
    rest = args[1:]
    if rest and ((name, rest[0]) in _RUNNERS or name in ("python", "coverage", *_SHELLS)):
        return f"{name} {rest[0]}"
    return name


def wrappers(argv: Sequence[str]) -> tuple[str, ...]:
    """The wrappers :func:`unwrap` looks through, outermost first (``timeout``, ``uv run``)."""
    args = list(argv)
    seen: list[str] = []
    for _ in range(8):
        if not args:
            break
        peeled = _step(args)
        if peeled is None:
            break
        seen.append(_label(args))
        args = peeled
    return tuple(seen)


def unwrap(argv: Sequence[str]) -> tuple[str, ...]:
    """The command a wrapper runs, with its program name normalised.

    ``python -m pytest -q`` -> ``("pytest", "-q")``; ``uv run --with x ruff check`` ->
    ``("ruff", "check")``; ``sh -c 'pytest -x'`` -> ``("pytest", "-x")``. ``npm test`` and
    ``npm run X`` stay as they are: they run a script whose tool is unknown.
    """
    args = [a for a in argv]
    for _ in range(8):
        if not args:
            return ()
        peeled = _step(args)
        if peeled is None:
            break
        args = peeled
    if not args:
        return ()
    if program(args[0]) == "git":
        args = _git_command(args)
    return (program(args[0]), *args[1:])


def is_passthrough(argv: Sequence[str]) -> bool:
    """Whether ``argv`` asks for help or a version: its output is returned verbatim."""
    for args in (list(argv), list(unwrap(argv))):
        head = args[: args.index("--")] if "--" in args else args
        if any(a in _HELP_ANYWHERE for a in head[1:]):
            return True
        if len(head) > 1 and head[-1] in _HELP_LAST:
            return True
    return False


def select_parser(
    parsers: Iterable[type[RunnerParser]], argv: Sequence[str]
) -> type[RunnerParser] | None:
    """The highest-``PRIORITY`` parser whose ``matches(argv)`` is true.

    A parser whose ``matches`` raises is passed over (it is a plugin's bug, not the user's).
    """
    ranked = sorted(parsers, key=lambda p: (-int(getattr(p, "PRIORITY", 0)), str(p.NAME)))
    for parser in ranked:
        try:
            if parser.matches(tuple(argv)):
                return parser
        except Exception:  # a broken plugin parser never stops the run
            continue
    return None
