"""A Python member only the renamed class family declares: the ``x.name`` places whose
receiver's type prx cannot tell can only reach it, when nothing else could answer to
``name`` — no other definition or class attribute of the project, no attribute the
project assigns (``obj.name = ..``) beyond the family's own, no keyword argument an
object may keep (one a project function takes as its parameter is not) and no string
spelling it, no object of the standard library the project's code reaches (the names
and modules shipped in :mod:`prx.engine.intel.pylibrary`) and no library the project
imports that prx cannot read. What makes attributes at run time counts by what it can
answer (:mod:`prx.commands.rename.pygetattr`): a ``__getattr__`` that forwards to
another object makes none, one that compares the name with literals answers those, and
one that looks the name up in data — like ``setattr``
with a computed name or ``__dict__.update`` — answers only a name some data spells (a
string of the code, a data file of the project). Then the rename takes the places, and
says so; otherwise they stay unsure (``--apply`` refuses) with the reason in a note.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from prx.commands.rename.candidate import Candidate
from prx.commands.rename.pygetattr import answered_by, literal_tables
from prx.engine.files.display import shown_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.context import Context

__all__ = ["only_family_sites"]

#: A file larger than this is not parsed: the rule does not apply.
_LARGEST = 4 * 1024 * 1024
#: Folders of build and documentation tools' scripts (Sphinx's ``docs/conf.py``).
_BUILD_FOLDERS = frozenset({"docs", "doc"})
#: An import statement, in a file read as text (``from x import``, ``import x, y as z``;
#: a docstring's ``from https://..`` is no import): the first part of ``from``'s module,
#: or ``import``'s list.
_IMPORTED = re.compile(
    rb"^[ \t]*(?:from[ \t]+(\w+)[\w.]*[ \t]+import\b|import[ \t]+([\w., \t]+))", re.M
)
#: Files whose keys a program may turn into attributes (``setattr(obj, key, value)``).
_DATA_SUFFIXES = (".json", ".yaml", ".yml", ".toml", ".ini", ".cfg", ".csv", ".xml")
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
    taken = {
        (candidate.shown, candidate.parsed().data.count(b"\n", 0, start) + 1)
        for candidate in python
        for start, how in bindings.get(candidate.path, {}).items()
        if how == BOUND
    }
    reason = _something_else(ws, renamed | taken, name)
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
        "renamed declare it in the project, and neither a standard module the project's "
        "code reaches nor a library it imports does, so they are renamed (an object given "
        "the attribute at run time in a way prx cannot see would be the exception)"
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


@dataclass
class _ByKey:
    """What makes attributes from names it is given (``setattr(obj, key, value)``, a
    ``__getattr__`` that looks the name up): each answers to ``name`` only if some data
    spells it, a string of the code or a data file of the project."""

    #: Each such maker, as a sentence.
    makers: list[str] = field(default_factory=list)
    #: Where a string of the code holds the name as a word, as a sentence.
    spelled: str | None = None
    #: The project's data files (shown paths; read only when a maker needs them).
    data_files: list[str] = field(default_factory=list)
    #: Each call that passes ``name=`` (the callee's name, the place), and the project's
    #: functions and classes that take a parameter ``name``: a keyword argument one of
    #: them takes is a parameter, kept as an attribute only by a store the rule sees.
    keywords: list[tuple[str, str]] = field(default_factory=list)
    taking: set[str] = field(default_factory=set)

    def kept_keyword(self, name: str) -> str | None:
        """A call passing ``name=`` to no project function taking it (a sentence)."""
        for callee, place in self.keywords:
            if callee not in self.taking:
                return f"{place} passes a keyword argument {name}= (an object may keep it)"
        return None

    def reason(self, root: str, name: str) -> str | None:
        """Why the makers may answer to ``name`` (a sentence), or None."""
        if not self.makers:
            return None
        where = self.spelled or _data_spelling(root, self.data_files, name)
        return None if where is None else f"{self.makers[0]}, and {where}"


def _something_else(ws: Context, renamed: set[tuple[str, int]], name: str) -> str | None:
    """What else in the project may answer to ``name`` (a sentence), or None.
    ``renamed``: (shown file, line) of what the rename itself binds."""
    from prx.engine.files.text import read_regular
    from prx.engine.files.walk import walk
    from prx.engine.intel.pylibrary import FIXTURE_MODULES

    word = name.encode()
    dashed = word.replace(b"_", b"-")  # an option that becomes the attribute
    own: set[str] = set()
    imports: dict[str, set[str]] = {}  # file -> the first parts of what it imports
    by_key = _ByKey()
    fixtures: set[str] = set()  # pytest's fixtures the project's tests ask for
    made_from: dict[str, list[str]] = {}  # a stem -> the project's other files of it
    paths: dict[str, str] = {}  # a Python file as answers show it -> its path
    walked = walk(ws.root_dir, max_file_size=_LARGEST, directories=True)
    large = sorted(rel for rel in walked.large if rel.endswith((".py", ".pyi")))
    if large:
        return f"{large[0]} is too large to read"
    if walked.skipped.get("unreadable"):
        return "a file of the project cannot be read"
    for item in walked.files:
        if item.rel.lower().endswith(_DATA_SUFFIXES):
            by_key.data_files.append(str(item.path))
        if not item.rel.endswith((".py", ".pyi")):
            stem = os.path.basename(item.rel).split(".", 1)[0]
            made_from.setdefault(stem, []).append(str(item.path))
            continue
        rel = shown_path(ws.root_dir, str(item.path))
        paths[rel] = str(item.path)
        own.update(_module_names(rel))
        try:
            data = read_regular(str(item.path))
        except OSError:
            return f"prx cannot read {rel}"
        # What a file imports is read from its text (a library it seems to import is
        # checked against its syntax tree when it would stop the rule); only a file
        # that spells the name or may set attributes is parsed here.
        imports[rel] = _imported_firsts(data)
        fixtures |= {f for f in FIXTURE_MODULES if f.encode() in data}
        lowered = data.lower()
        if (
            word.lower() not in lowered
            and dashed not in data
            and not any(d in data for d in _DYNAMIC)
        ):
            continue  # nothing in it can answer to the name
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            # Test data, or syntax newer than this Python's.
            return f"{rel}, which this Python cannot parse, spells {name} or sets attributes"
        try:
            found = next(_answers(tree, name, renamed, rel, by_key), None)
        except RecursionError:
            return f"{rel} nests too deep to read"
        if found is not None:
            return found
    return (
        _library_object(name, imports, fixtures)
        or by_key.kept_keyword(name)
        or by_key.reason(ws.root_dir, name)
        or _foreign_import(
            imports, own, _made_modules(ws.root_dir, made_from, imports, name), paths
        )
    )


def _data_spelling(root: str, paths: list[str], name: str) -> str | None:
    """The first data file that holds ``name`` as a word (a sentence), or None."""
    from prx.engine.files.text import read_regular

    for path in sorted(paths):
        try:
            text = read_regular(path).decode("utf-8", "replace")
        except OSError:
            return f"prx cannot read {shown_path(root, path)}"
        if _holds_word(text, name):
            return f"{shown_path(root, path)} spells {name}"
    return None


def _made_modules(
    root: str, made_from: dict[str, list[str]], imports: dict[str, set[str]], name: str
) -> dict[str, str | None]:
    """The imported modules an import hook may make from the project's files that are
    no Python (``import documentsignoffstate`` of ``documentsignoffstate.pystate``), each
    with the first such file that spells ``name`` as a word (None: none does, so the
    module made from them cannot answer to it). Only the files of an imported name are
    read."""
    from prx.engine.files.text import read_regular

    imported = set().union(*imports.values()) if imports else set()
    out: dict[str, str | None] = {}
    for stem, paths in made_from.items():
        if stem not in imported:
            continue
        out[stem] = None
        for path in sorted(paths):
            try:
                text = read_regular(path).decode("utf-8", "replace")
            except OSError:
                text = name  # unreadable: it may
            if _holds_word(text, name):
                out[stem] = shown_path(root, path)
                break
    return out


def _foreign_import(
    imports: dict[str, set[str]],
    own: set[str],
    made: dict[str, str | None],
    paths: dict[str, str],
) -> str | None:
    """A library a file imports that prx does not read (a sentence), where the file
    runs with the project's code: it imports the project's modules or they import it (a
    file of test data that imports neither is never run with them). A module made from
    a file of the project (``made``) is no library: it answers only to what that file
    spells."""
    from prx.engine.intel.pylibrary import LIBRARIES

    imported_anywhere = set().union(*imports.values()) if imports else set()
    for rel, modules in sorted(imports.items()):
        if _build_script(rel):
            continue  # run by a build or a docs tool, with its own objects
        foreign = sorted(m for m in modules - own - LIBRARIES if m not in sys.stdlib_module_names)
        spelled = [m for m in foreign if m in made and made[m] is not None]
        foreign = [m for m in foreign if m not in made]
        if foreign and paths.get(rel):
            # Read from the text; an example in a docstring (``import regex``) is none.
            real = _parsed_imports(paths[rel])
            foreign = [m for m in foreign if real is None or m in real]
        if not foreign and not spelled:
            continue
        with_project = bool(modules & own) or bool(set(_module_names(rel)) & imported_anywhere)
        if with_project and spelled:
            made_of = made[spelled[0]]
            return f"{rel} imports {spelled[0]}, made from {made_of}, which spells the name"
        if with_project:
            return f"{rel} imports {foreign[0]}, a library prx does not read"
    return None


def _parsed_imports(path: str) -> set[str] | None:
    """The first part of each module the file's import statements name, read from its
    syntax tree (None: it cannot be read or parsed). A fallback import, in an ``except
    ImportError`` clause of a ``try`` that imports, stands in for what the ``try``
    imports (a backport of a standard module): not counted."""
    from prx.engine.files.text import read_regular

    try:
        tree = ast.parse(read_regular(path))
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    fallbacks = {
        id(statement)
        for node in ast.walk(tree)
        if isinstance(node, ast.Try) and any(_imports(s) for s in node.body)
        for handler in node.handlers
        if _catches_import_error(handler)
        for statement in ast.walk(handler)
    }
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in fallbacks:
            continue  # a backport's fallback (``except ImportError: from contextlib2 ..``)
        if isinstance(node, ast.Import):
            out.update(alias.name.split(".", 1)[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module.split(".", 1)[0])
    return out


def _imports(statement: ast.stmt) -> bool:
    return isinstance(statement, (ast.Import, ast.ImportFrom))


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    """Whether an ``except`` clause catches a failed import (and nothing broader)."""
    caught = handler.type
    names = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return bool(names) and all(
        isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError") for n in names
    )


def _imported_firsts(data: bytes) -> set[str]:
    """The first part of each module a file's import statements name."""
    out: set[str] = set()
    for first, listed in _IMPORTED.findall(data):
        for part in [first] if first else listed.split(b","):
            words = part.split()
            if words:
                out.add(words[0].split(b".", 1)[0].decode())
    return out


def _library_object(name: str, imports: dict[str, set[str]], fixtures: set[str]) -> str | None:
    """Why an object of Python's standard library (or pytest's) may answer to ``name``
    where the project's code reaches one (a sentence), or None: a module giving its
    objects the name is imported by a file that runs with the project's code, or always
    reached (:func:`~prx.engine.intel.pylibrary.reached_modules`)."""
    from prx.engine.intel.pylibrary import FIXTURE_MODULES, library_modules, reached_modules

    giving = library_modules().get(name)
    if not giving:
        return None
    run = [modules for rel, modules in imports.items() if not _build_script(rel)]
    used = set().union(*run) | {FIXTURE_MODULES[f] for f in fixtures}
    hit = sorted(giving & reached_modules(used))
    if not hit:
        return None
    return (
        f"{name!r} is also an attribute of objects of Python's standard library or "
        f"pytest ({', '.join(hit[:3])}), which the project's code reaches"
    )


def _build_script(rel: str) -> bool:
    """Whether a file is run by a build or a docs tool (``setup.py``, Sphinx's
    ``docs/conf.py``), with that tool's objects, not the project's."""
    parts = rel.replace(os.sep, "/").split("/")
    return parts[-1] == "setup.py" or parts[0] in _BUILD_FOLDERS


def _module_names(rel: str) -> list[str]:
    """The names a project file may be imported by, first part: each folder of its path
    and its own stem (``src/pkg/mod.py``: ``src``, ``pkg``, ``mod``)."""
    parts = rel.replace(os.sep, "/").split("/")
    return [*parts[:-1], os.path.splitext(parts[-1])[0]]


def _asked_last(tree: ast.AST, name: str, renamed: set[tuple[str, int]], rel: str) -> set[int]:
    """The ``__getattr__`` methods (by ``id``) of classes that define ``name`` themselves,
    as one of the definitions renamed: Python asks ``__getattr__`` only for a name the
    class lacks (arpeggio's ``NonTerminal`` finds its children by rule name, and has its
    own ``position_end``), so it never answers to either name."""
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and any(
            isinstance(s, functions) and s.name == name and (rel, s.lineno) in renamed
            for s in node.body
        ):
            out |= {
                id(s) for s in node.body if isinstance(s, functions) and s.name == "__getattr__"
            }
    return out


def _answers(
    tree: ast.AST, name: str, renamed: set[tuple[str, int]], rel: str, by_key: _ByKey
) -> Iterator[str]:
    """Each thing of the file that may answer to ``name`` besides what the rename
    binds, as a sentence; what answers only to names data spells goes to ``by_key``."""
    docstrings = {
        id(body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        for body in [node.body]
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
    }
    tables = literal_tables(tree)
    build = _build_script(rel)  # its keywords and strings go to the tool's objects
    asked_last = _asked_last(tree, name, renamed, rel)
    for node in ast.walk(tree):
        place = f"{rel}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name in ("__getattr__", "__getattribute__") and id(node) not in asked_last:
                answered = answered_by(node, tables)
                if answered == "keyed":
                    by_key.makers.append(f"{place} defines {node.name}, which looks names up")
                elif answered == "open" or (isinstance(answered, frozenset) and name in answered):
                    yield f"{place} defines {node.name} (attributes made at run time)"
            elif node.name == name and (rel, node.lineno) not in renamed:
                yield f"{place} defines another {name}"
            if _takes(node, name):
                by_key.taking.add(node.name)
            if isinstance(node, ast.ClassDef):
                for statement in node.body:
                    if name in _assigned_names(statement):
                        yield f"{place} gives its class an attribute {name}"
        elif isinstance(node, ast.Attribute) and node.attr == name:
            if isinstance(node.ctx, (ast.Store, ast.Del)) and (rel, node.lineno) not in renamed:
                yield f"{place} assigns an attribute {name}"
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else ""
            called = node.func.id if isinstance(node.func, ast.Name) else called
            if any(keyword.arg == name for keyword in node.keywords) and not build:
                by_key.keywords.append((called, place))
            if called in ("setattr", "delattr") and len(node.args) > 1:
                if not isinstance(node.args[1], ast.Constant):
                    by_key.makers.append(f"{place} sets an attribute by a computed name")
            elif called == "update" and isinstance(node.func, ast.Attribute):
                holder = node.func.value
                if (isinstance(holder, ast.Attribute) and holder.attr == "__dict__") or (
                    isinstance(holder, ast.Call)
                    and isinstance(holder.func, ast.Name)
                    and holder.func.id == "vars"
                ):
                    by_key.makers.append(f"{place} sets attributes through __dict__")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and not build
        ):
            if _spells(node.value, name):
                yield f"{place} spells {name} in a string"
            elif by_key.spelled is None and _holds_word(node.value, name):
                by_key.spelled = f"{place} spells {name} in a string"


def _takes(definition: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef, name: str) -> bool:
    """Whether a function has a parameter ``name`` (not only ``**kwargs``), or a class's
    ``__init__`` has."""
    if isinstance(definition, ast.ClassDef):
        return any(
            isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
            and s.name == "__init__"
            and _takes(s, name)
            for s in definition.body
        )
    given = definition.args
    return any(a.arg == name for a in (*given.posonlyargs, *given.args, *given.kwonlyargs))


def _assigned_names(statement: ast.stmt) -> set[str]:
    targets: list[ast.expr] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, (ast.AnnAssign, ast.AugAssign)):
        targets = [statement.target]
    return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}


def _spells(text: str, name: str) -> bool:
    """Whether a string may name the attribute: the name itself, one of the words a
    field list splits into (``namedtuple('P', 'x name')``: every word a name), or an
    option that becomes it (``--user-repr``). Prose that holds the word is data for
    :func:`_holds_word`."""
    if name not in text and name.replace("_", "-") not in text:
        return False
    words = [w.lstrip("-").replace("-", "_") for w in re.split(r"[\s,]+", text.strip())]
    return name in words and all(w.isidentifier() for w in words if w)


def _holds_word(text: str, name: str) -> bool:
    """Whether ``text`` holds ``name`` as a word, in any case (a key a program may turn
    into an attribute: ``"User_Repr": 1``)."""
    return (
        re.search(rf"(?<![A-Za-z0-9_]){re.escape(name)}(?![A-Za-z0-9_])", text, re.IGNORECASE)
        is not None
    )
