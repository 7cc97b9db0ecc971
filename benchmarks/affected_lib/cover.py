"""Whether a selected test entry of ``prx impact --tests`` covers a failing test of the
truth, per language (see ``benchmarks/affected.py`` for both forms of ids)."""

from __future__ import annotations

import posixpath
from collections.abc import Mapping, Sequence
from typing import Any

from affected_lib.outcomes import strip_params


def _rust_target(file: str) -> set[str]:
    """The libtest targets a selected file stands for: an integration test file is its
    own target; a source file holds unit tests (``lib``) and doc tests (``doc``)."""
    if file.startswith("tests/"):
        return {"test:" + posixpath.splitext(posixpath.basename(file))[0]}
    return {"lib", "doc", "bin:" + posixpath.splitext(posixpath.basename(file))[0]}


def _rust_module(file: str) -> str:
    """``src/ast/parse.rs`` -> ``ast::parse::`` (``src/lib.rs`` -> ``""``)."""
    rel = file[4:] if file.startswith("src/") else file
    parts = rel[:-3].split("/") if rel.endswith(".rs") else rel.split("/")
    if parts and parts[-1] in ("mod", "lib", "main"):
        parts = parts[:-1]
    return "".join(p + "::" for p in parts)


def covers(language: str, entry: Mapping[str, Any], truth_id: str, spec: str | None = None) -> bool:
    """Whether one selected entry covers the failing test ``truth_id`` (``spec``: the
    JavaScript spec file that loads it, when another file defines it)."""
    file = str(entry.get("file") or "")
    name = entry.get("name")
    sel = str(entry.get("id") or "")
    place, _, test = truth_id.partition("::")
    if language == "python":
        sel = strip_params(sel)
        return (
            truth_id == sel or truth_id.startswith(sel + "::") or (name is None and place == file)
        )
    if language == "go":
        folder = posixpath.dirname(file) or "."
        return place == folder and (name is None or sel == test or sel == test.split("/")[0])
    if language == "rust":
        if place not in _rust_target(file):
            return False
        if name is None:
            if place == "doc":
                return test.startswith(file + " - ")
            return place.startswith("test:") or test.startswith(_rust_module(file))
        return bool(sel) and sel in test
    return file in (place, spec)  # javascript: a file is the unit of selection


def selected(
    language: str,
    selection: Mapping[str, Any],
    truth_ids: Sequence[str],
    spec: Mapping[str, str] | None = None,
) -> list[str]:
    """The failing tests of the truth that the selection covers (all of them when it is
    the whole suite); ``spec``: a JavaScript test's spec file, by id."""
    if selection.get("whole_suite"):
        return list(truth_ids)
    entries = list(selection.get("tests") or ())
    files = spec or {}
    return [t for t in truth_ids if any(covers(language, e, t, files.get(t)) for e in entries)]
