"""The layer order of docs/architecture.md, enforced: a module imports only from its own
layer or the layers below it, and no module-level imports form a cycle.

Imports are read with ``ast`` (nothing is imported): module-level imports, those under
``if TYPE_CHECKING:`` (a type is a dependency too) and those inside functions ("lazy").
A lazy import against the order must be listed in :data:`ALLOWED` with its reason.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import locations
import pytest

ROOT = locations.ROOT
PACKAGE = ROOT / "prx"

#: Lowest first. A module belongs to the layer of the longest prefix naming it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("core", ("prx.core", "prx._version", "prx.data")),
    ("plugin API", ("prx.plugin",)),
    ("lang", ("prx.engine", "prx.engine.lang")),
    ("files", ("prx.engine.files",)),
    ("corpus", ("prx.engine.corpus",)),
    ("index", ("prx.engine.graph", "prx.engine.index", "prx.engine.usage")),
    ("retrieval/ranking", ("prx.engine.ranking", "prx.engine.retrieval")),
    (
        "runner/intel",
        ("prx.engine.runner", "prx.engine.intel", "prx.engine.check", "prx.engine.affected"),
    ),
    ("commands", ("prx.commands",)),
    ("app", ("prx.app",)),
    ("front-ends", ("prx.frontends", "prx.__main__", "prx.docs_gen", "prx.testing")),
)
#: Public facades: they re-export (lazily) from every layer and nothing in prx imports them.
FACADES = frozenset({"prx", "prx.plugin", "prx.types", "prx.cluster"})

#: Imports against the order that are allowed, lazily or for types only: (importer,
#: imported) -> why. At most three; never a module-level import.
ALLOWED: dict[tuple[str, str], str] = {}
#: The largest set of modules that import each other (counting every kind of import and
#: every ``module:attribute`` string) may not grow past this.
MAX_CYCLE = 12


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _owner(name: str) -> str:
    """The prx module an imported name belongs to (``prx.a.b.func`` -> ``prx.a.b``)."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif node.level or not node.module:
        return []
    else:
        names = [
            f"{node.module}.{alias.name}"
            if f"{node.module}.{alias.name}" in MODULES
            else node.module
            for alias in node.names
        ]
    return [_owner(n) for n in names if n == "prx" or n.startswith("prx.")]


def _string_target(value: str) -> str | None:
    """The module a string names: ``prx.a.b:attr`` (a component table) or ``prx.a.b`` (a
    lazy facade's map), when it is a module of prx."""
    import re

    found = re.fullmatch(r"(prx(?:\.\w+)*)(:\w+)?", value)
    if found is None or found.group(1) not in MODULES:
        return None
    if found.group(2) is None and "." not in value:
        return None  # "prx" alone is a program's name, not the package
    return found.group(1)


def strings(path: Path) -> Iterator[tuple[str, str, int]]:
    """(named module, ``string``, line) for each string of a file that names a module."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            target = _string_target(node.value)
            if target is not None:
                yield target, "string", node.lineno


def imports(path: Path) -> Iterator[tuple[str, str, int]]:
    """(imported module, ``module`` / ``typing`` / ``lazy`` / ``string``, line) of one
    source file: its imports, and the modules its strings name."""
    yield from strings(path)

    def walk(body: list[ast.stmt], kind: str) -> Iterator[tuple[str, str, int]]:
        for node in body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(node):
                    yield target, kind, node.lineno
            elif isinstance(node, ast.If):
                yield from walk(node.body, "typing" if _is_type_checking(node.test) else kind)
                yield from walk(node.orelse, kind)
            elif isinstance(node, ast.Try):
                for block in (node.body, node.orelse, node.finalbody):
                    yield from walk(block, kind)
                for handler in node.handlers:
                    yield from walk(handler.body, kind)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for sub in ast.walk(node):
                    if isinstance(sub, (ast.Import, ast.ImportFrom)):
                        for target in _targets(sub):
                            yield target, "lazy", sub.lineno

    yield from walk(ast.parse(path.read_text(encoding="utf-8")).body, "module")


def _all_kinds_graph() -> dict[str, set[str]]:
    return {
        module: {target for target, _, _ in imports(path)} - {module}
        for module, path in MODULES.items()
        if module not in FACADES
    }


def layer_of(module: str) -> int:
    if module in FACADES:
        return len(LAYERS)
    best: tuple[int, int] | None = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (
                best is None or len(prefix) > best[1]
            ):
                best = (index, len(prefix))
    if best is None:
        raise LookupError(f"{module} is in no layer: add it to LAYERS and docs/architecture.md")
    return best[0]


def _name(index: int) -> str:
    return LAYERS[index][0] if index < len(LAYERS) else "facades"


def violations() -> tuple[list[str], set[tuple[str, str]]]:
    """Imports against the order that are not allowed, and the allowed ones that were used."""
    found, used = [], set()
    for module, path in MODULES.items():
        own = layer_of(module)
        for target, kind, line in imports(path):
            if layer_of(target) <= own:
                continue
            if kind != "module" and (module, target) in ALLOWED:
                used.add((module, target))
                continue
            found.append(
                f"{path.relative_to(ROOT)}:{line}: {kind} import of {target} "
                f"({_name(own)} -> {_name(layer_of(target))})"
            )
    return found, used


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


def test_imports_follow_the_layer_order():
    found, _ = violations()
    assert not found, "\n".join(found)


def test_the_allowlist_has_no_stale_entries():
    _, used = violations()
    assert set(ALLOWED) - used == set(), "remove fixed entries from ALLOWED"


def test_the_walk_sees_every_kind_of_import(tmp_path):
    source = tmp_path / "sample.py"
    source.write_text(
        "import prx.engine.files.walk\n"
        "from prx.engine.index import probe\n"
        "TYPE_CHECKING = False\n"
        "if TYPE_CHECKING:\n    from prx.app.workspace import Workspace\n"
        "def f():\n    from prx.commands.search.engine import search\n"
        'TABLE = {"read": "prx.commands.read.operation:READ", "x": "prx.core.errors"}\n'
    )
    assert sorted(imports(source)) == [
        ("prx.app.workspace", "typing", 5),
        ("prx.commands.read.operation", "string", 8),
        ("prx.commands.search.engine", "lazy", 7),
        ("prx.core.errors", "string", 8),
        ("prx.engine.files.walk", "module", 1),
        ("prx.engine.index.probe", "module", 2),
    ]


def test_an_import_up_the_order_is_caught(monkeypatch):
    path = PACKAGE / "engine" / "files" / "walk.py"
    real = imports

    def with_extra(p: Path) -> Iterator[tuple[str, str, int]]:
        yield from real(p)
        if p == path:
            yield "prx.engine.index.probe", "module", 1

    monkeypatch.setitem(globals(), "imports", with_extra)
    found, _ = violations()
    assert found == [
        "prx/engine/files/walk.py:1: module import of prx.engine.index.probe (files -> index)"
    ]


def _runtime_graph() -> dict[str, set[str]]:
    return {
        module: {target for target, kind, _ in imports(path) if kind == "module"} - {module}
        for module, path in MODULES.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_cycle_at_module_level():
    assert cycles(_runtime_graph()) == []


def test_no_knot_counting_every_kind_of_import():
    # Imports inside functions, for types only, and the modules strings name count too.
    largest = max((len(c) for c in cycles(_all_kinds_graph())), default=0)
    assert largest <= MAX_CYCLE, [c for c in cycles(_all_kinds_graph()) if len(c) == largest]


def test_the_allowlist_stays_short():
    assert len(ALLOWED) <= 3


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("name", [name for name, _ in LAYERS])
def test_the_architecture_page_names_each_layer_in_order(name):
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    order = [text.find(f"**{layer}**") for layer, _ in LAYERS]
    assert text.find(f"**{name}**") >= 0, name
    assert order == sorted(order)
