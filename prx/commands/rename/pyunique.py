"""A Python member only the renamed class family declares: the ``x.name`` places whose
receiver's type prx cannot tell can only reach it, when nothing else could answer to
``name`` — no other definition or class attribute of the project, no attribute the
project assigns or makes by name at run time (``obj.name = ..``, ``setattr`` with a
computed name, ``__getattr__``, a keyword argument or a string spelling it), no object
of the standard library (the names shipped in :mod:`prx.engine.intel.pylibrary`) and no
library the project imports that prx cannot read. Then the rename takes them, and says
so; otherwise they stay unsure (``--apply`` refuses) with the reason in a note.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from collections.abc import Iterator, Sequence

from prx.commands.rename.candidate import Candidate
from prx.engine.files.display import shown_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.context import Context

__all__ = ["only_family_sites"]

#: A file larger than this is not parsed: the rule does not apply.
_LARGEST = 4 * 1024 * 1024
#: Folders of build and documentation tools' scripts (Sphinx's ``docs/conf.py``).
_BUILD_FOLDERS = frozenset({"docs", "doc"})
#: The first part of what an import line names, in a file read as text.
_IMPORTED = re.compile(rb"^[ \t]*(?:from|import)[ \t]+(\w+)", re.M)
#: What a file must hold for it to matter (besides the name).
_DYNAMIC = (b"__getattr__", b"__getattribute__", b"setattr", b"__dict__", b"vars(")


def only_family_sites(
    ws: Context,
    python: Sequence[Candidate],
    bindings: dict[str, dict[int, str]],
    renamed: set[tuple[str, int]],
    name: str,
    notes: list[str],
) -> int:
    """Mark ``BOUND`` the unresolved ``x.name`` places when only the definitions
    ``renamed`` (each file as answers show it, and the line of its name) declare
    ``name``; returns how many (0, with a note saying why, when something else may)."""
    from prx.commands.rename.rope_engine import BOUND, UNRESOLVED

    sites = [
        (candidate, start)
        for candidate in python
        for start, how in bindings.get(candidate.path, {}).items()
        if how == UNRESOLVED
    ]
    if not sites or (name.startswith("__") and name.endswith("__")):
        return 0
    if not all(_after_a_dot(candidate, start, name) for candidate, start in sites):
        return 0  # a bare name: not a member's place
    from prx.engine.intel.pylibrary import library_members

    if name in library_members():
        notes.append(
            f"{len(sites)} place(s) reach {name!r} through a value whose type prx cannot "
            f"tell, and {name!r} is also an attribute in Python's standard library: left "
            "to you"
        )
        return 0
    reason = _something_else(ws, renamed, name)
    if reason is not None:
        notes.append(
            f"{len(sites)} place(s) reach {name!r} through a value whose type prx cannot "
            f"tell, and {reason}: left to you"
        )
        return 0
    for candidate, start in sites:
        bindings[candidate.path][start] = BOUND
    users = sorted({candidate.shown for candidate, _ in sites})
    notes.append(
        f"{len(sites)} place(s) in {', '.join(users[:5])}{' ...' if len(users) > 5 else ''} "
        f"reach {name!r} through a value whose type prx cannot tell; only the definitions "
        "renamed declare it in the project, and neither Python's standard library nor a "
        "library the project imports does, so they are renamed (an object given the "
        "attribute at run time in a way prx cannot see would be the exception)"
    )
    return len(sites)


def _after_a_dot(candidate: Candidate, start: int, name: str) -> bool:
    tree = candidate.parsed().tree
    if tree is None:
        return False
    node = tree.root_node.named_descendant_for_byte_range(start, start + len(name.encode()))
    parent = node.parent if node is not None else None
    return (
        parent is not None
        and parent.type == "attribute"
        and parent.child_by_field_name("attribute") == node
    )


def _something_else(ws: Context, renamed: set[tuple[str, int]], name: str) -> str | None:
    """What else in the project may answer to ``name`` (a sentence), or None."""
    from prx.engine.files.text import read_regular
    from prx.engine.files.walk import walk

    word = name.encode()
    dashed = word.replace(b"_", b"-")  # an option that becomes the attribute
    own: set[str] = set()
    imports: dict[str, set[str]] = {}  # file -> the first parts of what it imports
    walked = walk(ws.root_dir, max_file_size=_LARGEST, directories=True)
    large = sorted(rel for rel in walked.large if rel.endswith((".py", ".pyi")))
    if large:
        return f"{large[0]} is too large to read"
    if walked.skipped.get("unreadable"):
        return "a file of the project cannot be read"
    for item in walked.files:
        if not item.rel.endswith((".py", ".pyi")):
            continue
        rel = shown_path(ws.root_dir, str(item.path))
        own.update(_module_names(rel))
        try:
            data = read_regular(str(item.path))
        except OSError:
            return f"prx cannot read {rel}"
        # What a file imports is read from its text (a line that starts ``import x`` in a
        # docstring counts too: a refusal, never a wrong rename); only a file that
        # spells the name or may set attributes is parsed.
        imports[rel] = {m.decode() for m in _IMPORTED.findall(data)}
        if word not in data and dashed not in data and not any(d in data for d in _DYNAMIC):
            continue  # nothing in it can answer to the name
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            # Test data, or syntax newer than this Python's.
            return f"{rel}, which this Python cannot parse, spells {name} or sets attributes"
        try:
            found = next(_answers(tree, name, renamed, rel), None)
        except RecursionError:
            return f"{rel} nests too deep to read"
        if found is not None:
            return found
    return _foreign_import(imports, own)


def _foreign_import(imports: dict[str, set[str]], own: set[str]) -> str | None:
    """A library a file imports that prx does not read (a sentence), where the file
    runs with the project's code: it imports the project's modules or they import it (a
    file of test data that imports neither is never run with them)."""
    from prx.engine.intel.pylibrary import LIBRARIES

    imported_anywhere = set().union(*imports.values()) if imports else set()
    for rel, modules in sorted(imports.items()):
        parts = rel.replace(os.sep, "/").split("/")
        if parts[-1] == "setup.py" or parts[0] in _BUILD_FOLDERS:
            continue  # run by a build or a docs tool, with its own objects
        foreign = sorted(m for m in modules - own - LIBRARIES if m not in sys.stdlib_module_names)
        if not foreign:
            continue
        with_project = bool(modules & own) or bool(set(_module_names(rel)) & imported_anywhere)
        if with_project:
            return f"{rel} imports {foreign[0]}, a library prx does not read"
    return None


def _module_names(rel: str) -> list[str]:
    """The names a project file may be imported by, first part: each folder of its path
    and its own stem (``src/pkg/mod.py``: ``src``, ``pkg``, ``mod``)."""
    parts = rel.replace(os.sep, "/").split("/")
    return [*parts[:-1], os.path.splitext(parts[-1])[0]]


def _answers(tree: ast.AST, name: str, renamed: set[tuple[str, int]], rel: str) -> Iterator[str]:
    """Each thing of the file that may answer to ``name`` besides the definitions
    renamed, as a sentence."""
    docstrings = {
        id(body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        for body in [node.body]
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        place = f"{rel}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name in ("__getattr__", "__getattribute__") and not _forwards(node):
                yield f"{place} defines {node.name} (attributes made at run time)"
            elif node.name == name and (rel, node.lineno) not in renamed:
                yield f"{place} defines another {name}"
            if isinstance(node, ast.ClassDef):
                for statement in node.body:
                    if name in _assigned_names(statement):
                        yield f"{place} gives its class an attribute {name}"
        elif isinstance(node, ast.Attribute) and node.attr == name:
            if isinstance(node.ctx, (ast.Store, ast.Del)):
                yield f"{place} assigns an attribute {name}"
        elif isinstance(node, ast.keyword) and node.arg == name:
            yield f"{rel} passes a keyword argument {name}= (an object may keep it)"
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else ""
            called = node.func.id if isinstance(node.func, ast.Name) else called
            if called in ("setattr", "delattr") and len(node.args) > 1:
                if not isinstance(node.args[1], ast.Constant):
                    yield f"{place} sets an attribute by a computed name"
            elif called == "update" and isinstance(node.func, ast.Attribute):
                holder = node.func.value
                if (isinstance(holder, ast.Attribute) and holder.attr == "__dict__") or (
                    isinstance(holder, ast.Call)
                    and isinstance(holder.func, ast.Name)
                    and holder.func.id == "vars"
                ):
                    yield f"{place} sets attributes through __dict__"
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and _spells(node.value, name)
        ):
            yield f"{place} spells {name} in a string"


def _forwards(function: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> bool:
    """Whether a ``__getattr__`` only hands the attribute of another object on
    (``return getattr(self._stream, name)``): it makes no attribute of its own, and what
    it forwards to is read like any receiver."""
    if isinstance(function, ast.ClassDef):
        return False
    params = [a.arg for a in function.args.args]
    if len(params) != 2:
        return False
    returns = [n for n in ast.walk(function) if isinstance(n, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Call)
        and isinstance(r.value.func, ast.Name)
        and r.value.func.id == "getattr"
        and len(r.value.args) == 2
        and isinstance(r.value.args[1], ast.Name)
        and r.value.args[1].id == params[1]
        for r in returns
    )


def _assigned_names(statement: ast.stmt) -> set[str]:
    targets: list[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        targets = [statement.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _spells(text: str, name: str) -> bool:
    """Whether a string may name the attribute: the name itself, one of the words a
    field list splits into (``namedtuple('P', 'x name')``), or an option that becomes
    it (``--user-repr``)."""
    if name not in text and name.replace("_", "-") not in text:
        return False
    words = re.split(r"[\s,]+", text.strip())
    return any(w.lstrip("-").replace("-", "_") == name for w in words)
