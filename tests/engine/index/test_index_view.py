"""The one freshness decision (prx.engine.index.view): search and context/impact/explain
ask the same question of an index and get the same answer."""

from __future__ import annotations

from pathlib import Path

import prx
from prx.engine.index.store import current_dir
from prx.engine.index.view import index_view
from prx.plugin import LanguageSpec, hookimpl


def _tree(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "a.py").write_text("def alpha():\n    return 1\n")
    (root / "pkg" / "b.py").write_text("from pkg.a import alpha\n\nalpha()\n")
    return root


def test_the_view_says_what_changed_since_the_build(tmp_path: Path) -> None:
    root = _tree(tmp_path / "root")
    ws = prx.Workspace(root)
    assert index_view(ws, str(root)).why == "no index"
    ws.index()
    view = index_view(prx.Workspace(root), str(root))
    assert view.reader is not None and view.changed == []
    (root / "pkg" / "a.py").write_text("def alpha():\n    return 2\n")
    assert index_view(prx.Workspace(root), str(root)).changed == ["pkg/a.py"]
    (root / "pkg" / "c.py").write_text("x = 1\n")
    assert index_view(prx.Workspace(root), str(root)).changed is None  # only a walk can tell


class _Zed:
    @staticmethod
    @hookimpl
    def prx_register_languages() -> LanguageSpec:
        return LanguageSpec(name="zedlang", extensions=(".zed",))


def test_search_and_intel_refuse_the_same_index(tmp_path: Path) -> None:
    # An index built with another set of languages is refused by both (intel used to read
    # it anyway: it did not check the set).
    root = _tree(tmp_path / "root")
    prx.Workspace(root).index()
    assert current_dir(str(root)) is not None
    ws = prx.Workspace(root, plugins=[_Zed])
    view = index_view(ws, str(root))
    assert view.reader is None and "languages" in view.why
    assert ws.search("alpha", mode="symbol").index == "built"
    impact = ws.impact("pkg/a.py")
    assert any("the import graph was built for this call" in note for note in impact.notes)
