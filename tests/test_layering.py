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

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "prx"

#: Lowest first. A module belongs to the layer of the longest prefix naming it.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "base",
        (
            "prx._display",
            "prx._pool",
            "prx._record",
            "prx._types",
            "prx._version",
            "prx.budget",
            "prx.confined",
            "prx.config",
            "prx.continuation",
            "prx.data",
            "prx.envelope",
            "prx.errors",
            "prx.fallback",
            "prx.hashing",
            "prx.progress",
            "prx.safegit",
            "prx.tokens",
            "prx.typeschema",
            "prx.types",
            "prx.warm",
        ),
    ),
    ("plugin API", ("prx._contexts", "prx.plugin", "prx.workspace")),
    ("lang", ("prx.lang",)),
    ("files", ("prx.files",)),
    ("corpus", ("prx.corpus",)),
    ("index", ("prx.graph", "prx.index", "prx.usage")),
    ("retrieval/ranking", ("prx.ranking", "prx.retrieval")),
    (
        "operations",
        (
            "prx.agents",
            "prx.api",
            "prx.bench",
            "prx.diff",
            "prx.dispatch",
            "prx.edit",
            "prx.intel",
            "prx.operations",
            "prx.refactor",
            "prx.runner",
        ),
    ),
    (
        "front-ends",
        (
            "prx.__main__",
            "prx.cli",
            "prx.docs_gen",
            "prx.mcpfront",
            "prx.testing",
            "prx.warm.answer",
            "prx.warm.serve",
        ),
    ),
)
#: Public facades: they re-export (lazily) from every layer and nothing in prx imports them.
FACADES = frozenset({"prx", "prx.plugin"})

#: Imports against the order that are allowed, lazily or for types only: (importer,
#: imported) -> why. Shrink it; never add a module-level import here.
ALLOWED: dict[tuple[str, str], str] = {
    **{
        ("prx.workspace", feature): "Workspace's methods are the Python API: each imports "
        "its feature when called (the workspace itself is the handle features receive)"
        for feature in (
            "prx.agents.plan",
            "prx.bench.agent",
            "prx.diff.answer",
            "prx.edit.engine",
            "prx.intel.context",
            "prx.intel.explain",
            "prx.intel.impact",
            "prx.refactor.rename",
            "prx.files.display",
            "prx.files.exists",
            "prx.files.find",
            "prx.files.outline",
            "prx.files.read",
            "prx.index.build",
            "prx.index.probe",
            "prx.operations.bench_ndcg",
            "prx.retrieval.search",
            "prx.runner.service",
            "prx.usage.report",
        )
    },
    ("prx.errors", "prx.api"): "the library wording names prx.<command>() only when it exists",
    ("prx.errors", "prx.workspace"): "... or Workspace.<command>() when only that exists",
    ("prx.corpus.corpus", "prx.ranking.stages"): "Corpus.mostly_imports caches the "
    "ranking's import-line heuristic per chunk (the heuristic belongs with the corpus)",
}


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


def imports(path: Path) -> Iterator[tuple[str, str, int]]:
    """(imported module, ``module`` / ``typing`` / ``lazy``, line) of one source file."""

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
        "import prx.files.walk\n"
        "from prx.index import probe\n"
        "TYPE_CHECKING = False\n"
        "if TYPE_CHECKING:\n    from prx.workspace import Workspace\n"
        "def f():\n    from prx.retrieval.search import search\n"
    )
    assert sorted(imports(source)) == [
        ("prx.files.walk", "module", 1),
        ("prx.index.probe", "module", 2),
        ("prx.retrieval.search", "lazy", 7),
        ("prx.workspace", "typing", 5),
    ]


def test_an_import_up_the_order_is_caught(monkeypatch):
    path = PACKAGE / "files" / "walk.py"
    real = imports

    def with_extra(p: Path) -> Iterator[tuple[str, str, int]]:
        yield from real(p)
        if p == path:
            yield "prx.index.probe", "module", 1

    monkeypatch.setitem(globals(), "imports", with_extra)
    found, _ = violations()
    assert found == ["prx/files/walk.py:1: module import of prx.index.probe (files -> index)"]


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


def test_the_cycle_finder_finds_cycles():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("name", [name for name, _ in LAYERS])
def test_the_architecture_page_names_each_layer_in_order(name):
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    order = [text.find(f"**{layer}**") for layer, _ in LAYERS]
    assert text.find(f"**{name}**") >= 0, name
    assert order == sorted(order)
