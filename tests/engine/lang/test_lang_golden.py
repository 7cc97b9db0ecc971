"""Golden outlines and imports, one sample file per language.

Each ``tests/golden/lang/<language>/`` holds ``sample.<ext>`` and the expected
``outline.json`` and ``imports.json``, reviewed against the source by hand. To see what
changed after editing a query, run with ``PRX_UPDATE_GOLDEN=1`` and read the diff: an
updated golden must be checked line by line, never accepted blindly.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import locations
import pytest

from prx.core.envelope import to_jsonable
from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.engine.lang.imports import extract_imports
from prx.engine.lang.outline import outline

GOLDEN = locations.GOLDEN / "lang"
SPECS = {spec.name: spec for spec in BUILTIN_LANGUAGES}
CASES = sorted(p.name for p in GOLDEN.iterdir() if p.is_dir())
UPDATE = os.environ.get("PRX_UPDATE_GOLDEN") == "1"


def _sample(language: str) -> Path:
    (sample,) = [p for p in (GOLDEN / language).iterdir() if p.name.startswith("sample")]
    return sample


def _check(path: Path, actual: object) -> None:
    if UPDATE:
        path.write_text(json.dumps(actual, indent=1, ensure_ascii=False) + "\n")
    assert path.exists(), f"missing golden {path}; run with PRX_UPDATE_GOLDEN=1 and review it"
    assert actual == json.loads(path.read_text())


@pytest.mark.parametrize("language", CASES)
def test_outline_matches_golden(language):
    spec = SPECS[language]
    data = _sample(language).read_bytes()
    _check(GOLDEN / language / "outline.json", to_jsonable(outline(spec, data)))


@pytest.mark.parametrize("language", CASES)
def test_imports_match_golden(language):
    spec = SPECS[language]
    data = _sample(language).read_bytes()
    _check(GOLDEN / language / "imports.json", to_jsonable(extract_imports(spec, data)))


@pytest.mark.parametrize("language", CASES)
def test_sample_is_detected_as_its_language(language):
    from prx.app.workspace import Workspace

    assert Workspace(".").language_for(_sample(language)).name == language


def test_every_builtin_language_parses():
    from prx.engine.lang.grammar import parse

    for spec in BUILTIN_LANGUAGES:
        assert parse(spec, b"x").root_node is not None, spec.name
