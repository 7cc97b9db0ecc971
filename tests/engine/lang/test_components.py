"""Svelte and Vue single-file components: their definitions and imports are their
``<script>``'s, read as TypeScript with ``lang="ts"`` and as JavaScript otherwise, at their
own lines in the component; the import graph joins components and modules both ways."""

from __future__ import annotations

import pytest

import prx
from prx.engine.graph.imports import ImportGraph
from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.engine.lang.imports import import_statements
from prx.engine.lang.outline import flatten, outline

SPECS = {spec.name: spec for spec in BUILTIN_LANGUAGES}

VUE_TS = b"""<template>
  <button @click="toggle">{{ label }}</button>
</template>

<script setup lang="ts">
import { ref } from 'vue'
import { format } from './format'

interface Props { label: string }
const MAX_CLICKS = 3
function toggle(): void {}
</script>

<style scoped>
.button { color: red; }
</style>
"""

SVELTE_JS = b"""<script context="module">
  export const PAGE_SIZE = 20;
</script>

<script>
  import Row from './Row.svelte';
  export let items = [];
  function select(item) {}
  class Cursor { next() {} }
</script>

<ul>{#each items as item}<Row {item} on:click={() => select(item)} />{/each}</ul>
"""


def _shown(language: str, source: bytes) -> list[tuple[str, str, int]]:
    return [(s.name, s.kind, s.lines.start) for s in flatten(outline(SPECS[language], source))]


def test_a_vue_script_in_typescript_is_outlined_as_typescript() -> None:
    # An interface exists only in TypeScript: the lang="ts" script is read as such.
    assert _shown("vue", VUE_TS) == [
        ("Props", "trait", 9),
        ("MAX_CLICKS", "const", 10),
        ("toggle", "function", 11),
    ]


def test_every_svelte_script_is_outlined_at_its_lines() -> None:
    assert _shown("svelte", SVELTE_JS) == [
        ("PAGE_SIZE", "const", 2),
        ("select", "function", 8),
        ("Cursor", "class", 9),
        ("next", "method", 9),
    ]


def test_markup_alone_defines_nothing() -> None:
    assert _shown("svelte", b"<h1>{title}</h1>\n<style>h1 { color: red; }</style>\n") == []
    assert _shown("vue", b"<template><p>hi</p></template>\n") == []


def test_a_components_imports_are_its_scripts() -> None:
    found = [(module, line) for module, line, _, _ in import_statements(SPECS["vue"], VUE_TS)]
    assert found == [("vue", 6), ("./format", 7)]


@pytest.mark.parametrize("language", ["svelte", "vue"])
def test_a_broken_script_still_answers(language: str) -> None:
    source = b"<script>\nfunction ok() {}\nfunction (((\n</script>\n"
    assert ("ok", "function", 2) in _shown(language, source)


def test_the_import_graph_joins_components_and_modules(make_repo) -> None:  # type: ignore[no-untyped-def]
    root = make_repo(
        {
            "src/App.vue": VUE_TS.decode(),
            "src/format.ts": "export function format(x: string) { return x }\n",
            "src/List.svelte": SVELTE_JS.decode(),
            "src/Row.svelte": "<script>export let item;</script>\n<li>{item}</li>\n",
            "src/main.ts": "import App from './App.vue'\n",
        }
    )
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    assert graph.imports_of("src/App.vue") == ("src/format.ts",)
    assert graph.imports_of("src/List.svelte") == ("src/Row.svelte",)
    assert graph.imports_of("src/main.ts") == ("src/App.vue",)


@pytest.mark.parametrize(("name", "source"), [("App.vue", VUE_TS), ("List.svelte", SVELTE_JS)])
def test_the_index_reads_a_components_imports_as_the_parser_does(tmp_path, name, source) -> None:  # type: ignore[no-untyped-def]
    # The index runs the outline and imports queries as one: the imports' pattern
    # numbers must still be the imports query's own (a component's injection settings
    # are looked up by them).
    from prx.engine.index import units

    path = tmp_path / name
    path.write_bytes(source)
    spec = SPECS[name.rsplit(".", 1)[1]]
    (unit,) = units.process([(str(path), name, spec)], False, lambda done: None).units
    assert unit.note is None
    assert list(unit.imports) == list(import_statements(spec, source))
    assert unit.imports


def test_a_project_with_components_is_indexed(make_repo, run_cli) -> None:  # type: ignore[no-untyped-def]
    root = make_repo({"src/App.vue": VUE_TS.decode(), "src/List.svelte": SVELTE_JS.decode()})
    done = run_cli("index", cwd=root)
    assert done.exit_code == 0, done.stdout + done.stderr
