"""Errors are worded by each front-end: core code names parameters and commands neutrally."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import prx
from prx.app.builtins import BUILTIN_OPERATIONS, load
from prx.core.errors import LIBRARY, InvalidArgumentError, NotFoundError, PrxError
from prx.frontends.cli.wording import BatchWording, CliWording

PACKAGE = Path(prx.__file__).parent
COMMANDS = "|".join(re.escape(name) for name in [*BUILTIN_OPERATIONS, "batch"])
#: A CLI flag (``--top-k``) or a command line (``prx find``, ```prx find```).
CLI_SPELLING = re.compile(rf"(?<![\w-])--[a-z]|`prx\b|\bprx (?:{COMMANDS})\b")


def _strings(
    node: ast.AST, assigned: dict[str, list[ast.expr]], *, followed: bool = False
) -> list[str]:
    """The string constants in ``node``, following names assigned in the same scope. In a
    followed name's value, a call's arguments are not text of the error (``done =
    run(["git", "--no-pager", ...])``; ``done.stderr`` in a message) unless it is a method
    of a string (``", ".join(...)``)."""
    found = []
    todo = [node]
    while todo:
        sub = todo.pop()
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
            found.append(sub.value)
        elif isinstance(sub, ast.Name) and sub.id in assigned:
            for value in assigned.pop(sub.id):  # popped: no loops through self-references
                found.extend(_strings(value, assigned, followed=True))
        if (
            followed
            and isinstance(sub, ast.Call)
            and not (
                isinstance(sub.func, ast.Attribute) and isinstance(sub.func.value, ast.Constant)
            )
        ):
            continue
        todo.extend(ast.iter_child_nodes(sub))
    return found


_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _walk_scope(scope: ast.AST) -> list[ast.AST]:
    """The nodes of one scope: nested functions are scopes of their own (their names are
    not this scope's, and their calls are scanned with their own names)."""
    found: list[ast.AST] = []
    todo = [scope]
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(
            child for child in ast.iter_child_nodes(node) if not isinstance(child, _FUNCTIONS)
        )
    return found


def _assignments(scope: ast.AST) -> dict[str, list[ast.expr]]:
    names: dict[str, list[ast.expr]] = {}
    for sub in _walk_scope(scope):
        if isinstance(sub, ast.Assign):
            for target in sub.targets:
                if isinstance(target, ast.Name):
                    names.setdefault(target.id, []).append(sub.value)
    return names


def _error_texts(tree: ast.Module) -> list[tuple[int, str]]:
    """The texts of every error built in a module: the arguments of calls to ``...Error``
    classes and ``default_suggestion`` class attributes."""
    module_names = {
        t.id: [n.value]
        for n in tree.body
        if isinstance(n, ast.Assign)
        for t in n.targets
        if isinstance(t, ast.Name)
    }
    texts: set[tuple[int, str]] = set()  # a function is walked as part of the module too
    scopes: list[ast.AST] = [tree]
    scopes += [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for scope in scopes:
        for node in _walk_scope(scope):
            if isinstance(node, ast.Call):
                callee = node.func
                name = callee.id if isinstance(callee, ast.Name) else getattr(callee, "attr", "")
                if not name.endswith("Error"):
                    continue
                assigned = {**module_names, **_assignments(scope)}
                for arg in [*node.args, *(k.value for k in node.keywords)]:
                    texts.update((node.lineno, text) for text in _strings(arg, assigned))
            elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "default_suggestion" for t in node.targets
            ):
                texts.update((node.lineno, text) for text in _strings(node.value, {}))
    return sorted(texts)


def _offenders() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("frontends/cli/"):
            continue  # the command line's own wording
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, text in _error_texts(tree):
            if CLI_SPELLING.search(text):
                found.append(f"prx/{rel}:{line}: {text!r}")
    return found


def test_core_errors_never_spell_a_cli_flag_or_command():
    assert _offenders() == []


def test_the_scan_finds_cli_spellings_in_errors():
    # The scanner itself: a raise with a flag, one through a variable, a class default.
    source = """
HINT = "retry without --no-fallback"
class E(PrxError):
    default_suggestion = "Run `prx index` first."
def f(n):
    hint = "Use prx find to look"
    raise InvalidArgumentError(f"bad --top-k {n}", suggestion=hint)
def g():
    raise InternalError("boom", suggestion=HINT)
def h():
    return {"suggestion": "try --literal"}  # result data, not an error
"""
    texts = [text for _, text in _error_texts(ast.parse(source))]
    assert sorted(t for t in texts if CLI_SPELLING.search(t)) == [
        "Run `prx index` first.",
        "Use prx find to look",
        "bad --top-k ",
        "retry without --no-fallback",
    ]


def test_placeholders_are_filled_by_each_wording():
    from prx.commands.search.operation import SEARCH

    err = InvalidArgumentError(
        "invalid argument {param}: bad; see {param:languages} and {cmd:find}",
        param="top_k",
        suggestion='Send {"cmd": "read"} or use {param:no_fallback}.',
    )
    assert err.message == "invalid argument top_k: bad; see languages and `prx.find()`"
    assert str(err) == err.message
    assert err.suggestion == 'Send {"cmd": "read"} or use no_fallback.'
    assert err.worded(CliWording(SEARCH)) == (
        "invalid argument --top-k: bad; see --language and `prx find`",
        'Send {"cmd": "read"} or use --no-fallback.',
    )
    assert err.worded(BatchWording(SEARCH)) == (
        "invalid argument top_k: bad; see language and `prx find`",
        'Send {"cmd": "read"} or use --no-fallback.',
    )
    assert err.param == "top_k" and err.message_template.startswith("invalid argument {param}")


def test_positionals_and_commands_by_their_library_function():
    read = load(BUILTIN_OPERATIONS["read"])
    assert CliWording(read).param("path") == "PATH"
    assert BatchWording(read).param("path") == "path"
    assert CliWording(read).param("hash_only") == "--hash"
    # Every built-in command has a module function now.
    assert LIBRARY.command("index") == "`prx.index()`"
    assert LIBRARY.command("bench-ndcg") == "`prx.bench_ndcg()`"
    assert LIBRARY.command("greet") == "the `greet` operation"


def test_library_errors_name_python_functions_and_keywords(repo):
    with pytest.raises(NotFoundError) as missing:
        prx.read("nope.py", root=repo)
    assert "`prx.find()`" in str(missing.value.suggestion)
    assert "prx find" not in str(missing.value.suggestion)
    with pytest.raises(InvalidArgumentError) as bad:
        prx.search("x", top_k=0, root=repo)
    assert bad.value.message == "invalid argument top_k: must be 1 or more, got 0"
    assert bad.value.param == "top_k"
    with pytest.raises(InvalidArgumentError) as snap:
        prx.read("src/app.py", snap="function", root=repo)
    assert "--" not in snap.value.message and "lines" in snap.value.message


def test_the_cli_words_the_same_errors_with_flags_and_commands(run_cli, repo):
    missing = run_cli("read", "nope.py", cwd=repo).envelope["error"]
    assert missing["suggestion"] == "Check the path. Use `prx find` to discover files."
    bad = run_cli("search", "x", "--top-k", "0", cwd=repo).envelope["error"]
    assert bad["message"] == "invalid argument --top-k: must be 1 or more, got 0"
    snap = run_cli("read", "src/app.py", "--snap", "function", cwd=repo).envelope["error"]
    assert snap["message"] == "invalid argument --snap: needs --lines (the range to widen)"
    plain = run_cli("--plain", "read", "nope.py", cwd=repo).stdout
    assert "`prx find`" in plain


def test_batch_words_parameters_as_json_keys(run_cli, repo):
    lines = [
        {"cmd": "search", "query": "x", "top_k": 0},
        {"cmd": "read", "path": "nope.py"},
        {"cmd": "search", "query": "x", "languages": ["cobol"]},
    ]
    stdin = "".join(json.dumps(line) + "\n" for line in lines)
    answers = run_cli("batch", cwd=repo, input=stdin).lines
    assert answers[0]["error"]["message"] == "invalid argument top_k: must be 1 or more, got 0"
    assert "`prx find`" in answers[1]["error"]["suggestion"]
    assert answers[2]["error"]["message"].startswith("invalid argument language: unknown")


def test_an_error_keeps_its_template_and_parameter():
    err = PrxError("x {param}", param="budget")
    assert (err.message_template, err.param, err.suggestion) == ("x {param}", "budget", None)
