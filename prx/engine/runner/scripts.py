"""Commands that run a project's script: ``npm test``, ``yarn run lint``, ``make test``.

The script is read from the project (``package.json``'s ``scripts``, the Makefile's recipe
of the target) when it is one simple command, so the tool it runs is recognised before the
command runs. A script with shell syntax (``a && b``), variables or several recipe lines is
left alone: the output's signature lines tell then (:mod:`prx.engine.runner.sniff`).
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Sequence

from prx.engine.runner.detect import program, unwrap, wrappers

__all__ = ["resolve_script"]

#: ``npm <alias>`` forms that run the script of the same name.
_NPM_DIRECT = {"test": "test", "t": "test", "tst": "test", "start": "start", "stop": "stop"}
_NPM_RUN = frozenset({"run", "run-script", "rum", "urn"})
_NODE_MANAGERS = frozenset({"npm", "yarn", "pnpm", "bun"})
#: Shell syntax that makes a script more than one simple command.
_SHELL = re.compile(r"[|&;<>()`$\n\\]")
_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_MAKE_VALUE_FLAGS = frozenset({"-C", "-f", "--file", "--makefile", "-I", "-j", "-l", "-o", "-W"})
_RULE = re.compile(r"^(?P<targets>[^\s:#=][^:#=]*?)\s*::?(?!=)(?P<rest>.*)$")
#: Scripts resolved one inside another at most this deep (``npm test`` -> ``npm run x``).
_DEPTH = 4


def _simple(command: str) -> list[str] | None:
    """``command`` as argv when it is one simple command, leading ``A=B`` assignments dropped."""
    command = command.strip()
    if not command or _SHELL.search(command):
        return None
    try:
        args = shlex.split(command)
    except ValueError:
        return None
    while args and _ASSIGNMENT.match(args[0]):
        args = args[1:]
    return args or None


def _package_scripts(cwd: str) -> dict[str, str]:
    try:
        with open(os.path.join(cwd, "package.json"), encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return {}
    scripts = data.get("scripts") if isinstance(data, dict) else None
    if not isinstance(scripts, dict):
        return {}
    return {str(k): str(v) for k, v in scripts.items() if isinstance(v, str)}


def _npm_script(args: list[str], cwd: str) -> tuple[list[str], str] | None:
    """The command of ``npm test`` / ``yarn run X`` / ``pnpm X``, and how it is named.

    npm passes the script only the arguments after ``--``; yarn, pnpm and bun all those
    after the script's name.
    """
    manager = program(args[0])
    cut = args.index("--") if "--" in args else len(args)
    words = [(i, a) for i, a in enumerate(args[1:cut], 1) if not a.startswith("-")]
    if not words:
        return None
    first = words[0][1]
    if first in _NPM_RUN:
        if len(words) < 2:
            return None
        at, name = words[1]
    elif first in _NPM_DIRECT:
        at, name = words[0][0], _NPM_DIRECT[first]
    elif manager != "npm":
        at, name = words[0]
    else:
        return None
    scripts = _package_scripts(cwd)
    command = _simple(scripts[name]) if name in scripts else None
    if command is None:
        return None
    extra = args[cut + 1 :] if manager == "npm" else [a for a in args[at + 1 :] if a != "--"]
    label = f"{manager} {first} {name}" if first in _NPM_RUN else f"{manager} {name}"
    return [*command, *extra], label


def _makefile(args: list[str], cwd: str) -> tuple[str | None, list[str]]:
    """The Makefile ``make`` reads and the targets it is asked for."""
    directory, name, targets = cwd, None, []
    index = 1
    while index < len(args):
        arg = args[index]
        if arg in _MAKE_VALUE_FLAGS and index + 1 < len(args):
            if arg == "-C":
                directory = os.path.join(directory, args[index + 1])
            elif arg in ("-f", "--file", "--makefile"):
                name = args[index + 1]
            index += 2
            continue
        if not arg.startswith("-") and "=" not in arg:
            targets.append(arg)
        index += 1
    names = [name] if name else ["GNUmakefile", "makefile", "Makefile"]
    for candidate in names:
        path = os.path.join(directory, candidate)
        if os.path.isfile(path):
            return path, targets
    return None, targets


def _make_recipe(args: list[str], cwd: str) -> tuple[list[str], str] | None:
    """The one simple recipe line of the target ``make`` builds."""
    path, targets = _makefile(args, cwd)
    if path is None or len(targets) > 1:
        return None
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            text = handle.read()
    except OSError:
        return None
    lines = text.splitlines()
    wanted = targets[0] if targets else None
    for index, line in enumerate(lines):
        rule = _RULE.match(line)
        if rule is None or line.startswith("\t"):
            continue
        names = rule.group("targets").split()
        if wanted is None:
            if all(n.startswith(".") or "%" in n for n in names):
                continue
            wanted = names[0]
        if wanted not in names:
            continue
        recipe = []
        for body in lines[index + 1 :]:
            if not body.startswith("\t"):
                if body.strip() and not body.lstrip().startswith("#"):
                    break
                continue
            recipe.append(body[1:].lstrip("@-+ "))
        if len(recipe) != 1 or rule.group("rest").strip().startswith(";"):
            return None
        command = _simple(recipe[0])
        return (command, f"make {wanted}") if command else None
    return None


def resolve_script(argv: Sequence[str], cwd: str | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The command a script runner runs, and every wrapper and script looked through.

    ``npm test`` with ``"test": "jest --ci"`` -> ``(("jest", "--ci"), ("npm test",))``;
    a command that runs no readable script is returned as it is.
    """
    args = list(argv)
    via: list[str] = []
    for _ in range(_DEPTH):
        via.extend(wrappers(args))
        inner = list(unwrap(args))
        if not inner or cwd is None:
            return tuple(inner or args), tuple(via)
        name = inner[0]
        found = None
        if name in _NODE_MANAGERS:
            found = _npm_script(inner, cwd)
        elif name in ("make", "gmake"):
            found = _make_recipe(inner, cwd)
        if found is None:
            return tuple(inner), tuple(via)
        args, label = found
        via.append(label)
    return tuple(unwrap(args)), tuple(via)
