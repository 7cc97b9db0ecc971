"""The generic outline rules (prx.engine.lang.generic) on real files of languages prx
has no hand-written query for, labelled by hand (issue #34's measure).

Two sets of different languages: ``tests/golden/lang_generic_train/`` (the rules were
chosen reading its misses) and ``tests/golden/lang_generic/`` (held out: the figure
reported). Each ``<language>/`` holds one real file copied unchanged from a public
repository (``SOURCES.md``) and ``<file>.labels.json``, the definitions a reader expects in
its outline, labelled by reading the file before prx ran on it (``README.md`` states each
language's rule). A symbol matches by name and first line. The figures are printed per
language and over all the languages of a set together (every label and every symbol
counted once).

The floors below are the measured figures, rounded down: a regression guard
(docs/languages.md gives the figures against the issue's target of 0.85).

The shipped generated queries are checked against the rules in the slow session.
"""

from __future__ import annotations

import json
from pathlib import Path

import locations
import pytest

from prx.engine.lang.catalog import BUILTIN_LANGUAGES, GENERIC_GRAMMARS
from prx.engine.lang.generic import GENERATED_DIR, definition_kind, generated
from prx.engine.lang.outline import flatten, outline

SETS = {
    "held-out": locations.GOLDEN / "lang_generic",
    "training": locations.GOLDEN / "lang_generic_train",
}
SPECS = {spec.name: spec for spec in BUILTIN_LANGUAGES}


def _languages(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


LANGUAGES = {name: _languages(folder) for name, folder in SETS.items()}
#: What the rules reach (recall, precision), rounded down: a regression guard, not the
#: issue's target of 0.85 (docs/languages.md gives the figures).
FLOORS = {"held-out": (0.16, 0.43), "training": (0.89, 0.98)}


def _counts(folder: Path, language: str) -> tuple[int, int, int, list[str]]:
    spec = SPECS[language]
    found = wanted = shown = 0
    notes: list[str] = []
    for path in sorted((folder / language).iterdir()):
        if path.name.endswith(".labels.json") or not path.is_file():
            continue
        labels = {
            (x["name"], x["line"]) for x in json.loads(Path(f"{path}.labels.json").read_text())
        }
        symbols = {(s.name, s.lines.start) for s in flatten(outline(spec, path.read_bytes()))}
        found, wanted, shown = (
            found + len(labels & symbols),
            wanted + len(labels),
            shown + len(symbols),
        )
        notes += [f"missed {n}@{line}" for n, line in sorted(labels - symbols)][:8]
        notes += [f"extra {n}@{line}" for n, line in sorted(symbols - labels)][:8]
    return found, wanted, shown, notes


def test_the_sets_are_of_generic_languages_and_apart() -> None:
    for languages in LANGUAGES.values():
        for language in languages:
            assert language in GENERIC_GRAMMARS, f"{language} has hand-written queries"
    assert not set(LANGUAGES["held-out"]) & set(LANGUAGES["training"])


@pytest.mark.parametrize("name", sorted(SETS))
def test_generic_outline_recall_and_precision(name: str) -> None:
    folder = SETS[name]
    total_found = total_wanted = total_shown = 0
    for language in LANGUAGES[name]:
        found, wanted, shown, notes = _counts(folder, language)
        total_found, total_wanted, total_shown = (
            total_found + found,
            total_wanted + wanted,
            total_shown + shown,
        )
        recall = found / wanted if wanted else 1.0
        precision = found / shown if shown else 1.0
        print(
            f"{language:16} recall {recall:.3f} ({found}/{wanted})  precision {precision:.3f}  {notes[:4]}"
        )
    recall = total_found / max(total_wanted, 1)
    precision = total_found / max(total_shown, 1)
    print(
        f"{name}, {len(LANGUAGES[name])} languages: recall {recall:.3f}, precision {precision:.3f}"
    )
    least_recall, least_precision = FLOORS[name]
    assert recall >= least_recall and precision >= least_precision, (recall, precision)


@pytest.mark.parametrize(
    ("node_kind", "kind"),
    [
        ("function_declaration", "function"),
        ("method_definition", "method"),
        ("class_declaration", "class"),
        ("type_alias_declaration", "type"),
        ("module_def", "module"),
        ("struct_item", "struct"),
        ("const_declaration", "constant"),
        ("function_call", None),
        ("parameter_declaration", None),
        ("struct_field_declaration", None),
        ("end_function_statement", None),
        ("module_or_generate_item", None),
        ("function", "function"),
        ("message", "struct"),
        ("type_spec", None),
        ("variable_interface_declaration", None),
        ("identifier", None),
        ("preproc_def", "macro"),
        ("task_definition", "function"),
        ("value_specification", "function"),
        ("module_field_func", "function"),
        ("module_field_memory", None),
        ("rule", "function"),
        ("defun", "function"),
        ("structure_statement", "struct"),
        ("keyframes_statement", "type"),
    ],
)
def test_definition_kinds_are_read_from_node_kind_names(node_kind: str, kind: str | None) -> None:
    assert definition_kind(node_kind) == kind


@pytest.mark.slow
@pytest.mark.parametrize("grammar", sorted(GENERIC_GRAMMARS))
def test_the_shipped_generated_queries_are_current(grammar: str) -> None:
    path = Path(GENERATED_DIR) / f"{grammar}.outline.scm"
    shipped = path.read_text() if path.exists() else ""
    assert shipped == generated(grammar), f"python -m prx.engine.lang.generic {grammar}"


#: Each generic rule on a small file of a grammar without hand-written queries: what the
#: outline shows (name, first line), and so what it leaves out.
RULES = {
    # Lisp forms: a library's name as written, a macro, a function; a define inside a
    # function's body is a local.
    "scheme": (
        b"(library (shapes area)\n  (export area)\n  (define-syntax twice\n"
        b"    (syntax-rules () ((_ e) (begin e e))))\n  (define (area r)\n"
        b"    (define pi 3.14)\n    (* pi r r)))\n",
        [("(shapes area)", 1), ("twice", 3), ("area", 5)],
    ),
    # A #define, and a function named through its pointer declarator.
    "arduino": (
        b"#define LED 13\nstatic int *buffer(void) {\n  return 0;\n}\nvoid setup() {}\n",
        [("LED", 1), ("buffer", 2), ("setup", 5)],
    ),
    # An item of a module; a function known only by its export, named without quotes.
    "wat": (
        b"(module\n  (func $add (param $a i32) (result i32) (local.get $a))\n"
        b'  (func (export "run")))\n',
        [("$add", 2), ("run", 3)],
    ),
    # A shape starts at the annotations the grammar wraps around it; they define nothing.
    "smithy": (
        b'$version: "2"\nnamespace example\n\n@readonly\n@http(method: "GET", uri: "/x")\n'
        b"operation GetX {\n}\n",
        [("GetX", 4)],
    ),
    # The module header names the file: no entry of its own.
    "elm": (
        b'module Main exposing (main)\n\nmain =\n    text "hi"\n\ntype alias Model = Int\n',
        [("main", 3), ("Model", 6)],
    ),
    # A top-level assignment is a constant when its name is one.
    "netlinx": (
        b"PROGRAM_NAME='x'\nDEFINE_CONSTANT\nMAX_ITEMS = 10\nlowercase = 2\n",
        [("MAX_ITEMS", 3)],
    ),
    # A top-level let is named by its first name, not by the value after it.
    "typst": (b"#let title(body) = body\n#let x = 1\n", [("title", 1), ("x", 2)]),
    # A named fn and a top-level local; an anonymous fn and a let inside a body are not.
    "fennel": (
        b'(fn greet [name]\n  (let [msg (.. "hi " name)] msg))\n(local VERSION "1")\n(fn [x] x)\n',
        [("greet", 1), ("VERSION", 3)],
    ),
}


@pytest.mark.parametrize("language", sorted(RULES))
def test_each_generic_rule_on_a_small_file(language: str) -> None:
    source, expected = RULES[language]
    assert language in GENERIC_GRAMMARS
    shown = [(s.name, s.lines.start) for s in flatten(outline(SPECS[language], source))]
    assert shown == expected
