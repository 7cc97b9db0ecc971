"""Outlines of real files against definitions labelled by hand (issue #34's measure).

``tests/golden/lang_real/<language>/`` holds real source files copied unchanged from
public repositories (``SOURCES.md`` names them) and, beside each, ``<file>.labels.json``:
the definitions a reader expects in its outline, labelled by reading the file, never from
prx's answer (each folder's README.md states the language's rule). A symbol is matched by
its name and first line; nested symbols count like top-level ones. Each language needs
recall and precision of at least 0.95 over its files, and the figures are printed.
"""

from __future__ import annotations

import json
from pathlib import Path

import locations
import pytest

from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.engine.lang.outline import flatten, outline

REAL = locations.GOLDEN / "lang_real"
SPECS = {spec.name: spec for spec in BUILTIN_LANGUAGES}
LANGUAGES = sorted(p.name for p in REAL.iterdir() if p.is_dir()) if REAL.is_dir() else []
#: What each hand-tuned language must reach.
FLOOR = 0.95


def _files(language: str) -> list[Path]:
    return sorted(
        p
        for p in (REAL / language).iterdir()
        if p.is_file() and not p.name.endswith(".labels.json") and p.name != "README.md"
    )


def _scores(language: str) -> tuple[int, int, int, list[str]]:
    """(labels found, labels, symbols shown) over the language's files, and the misses."""
    spec = SPECS[language]
    found = wanted = shown = 0
    misses: list[str] = []
    for path in _files(language):
        labels = {
            (label["name"], label["line"])
            for label in json.loads(Path(f"{path}.labels.json").read_text())
        }
        symbols = {(s.name, s.lines.start) for s in flatten(outline(spec, path.read_bytes()))}
        found += len(labels & symbols)
        wanted += len(labels)
        shown += len(symbols)
        misses += [f"{path.name}: missed {n}@{line}" for n, line in sorted(labels - symbols)]
        misses += [f"{path.name}: extra {n}@{line}" for n, line in sorted(symbols - labels)]
    return found, wanted, shown, misses


def test_every_folder_names_a_known_language_and_has_two_labelled_files() -> None:
    for language in LANGUAGES:
        assert language in SPECS, language
        files = _files(language)
        assert len(files) >= 2, language
        for path in files:
            assert Path(f"{path}.labels.json").is_file(), path
            assert SPECS[language] is next(
                s for s in BUILTIN_LANGUAGES if path.suffix.lower() in s.extensions
            ), path


@pytest.mark.parametrize("language", LANGUAGES)
def test_outline_recall_and_precision(language: str) -> None:
    found, wanted, shown, misses = _scores(language)
    recall = found / wanted if wanted else 1.0
    precision = found / shown if shown else 1.0
    print(f"{language}: recall {recall:.3f} ({found}/{wanted}), precision {precision:.3f}")
    assert recall >= FLOOR and precision >= FLOOR, misses
