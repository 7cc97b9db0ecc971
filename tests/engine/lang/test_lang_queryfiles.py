"""Built-in query files: lazy loading and the inherits/drop directives."""

from __future__ import annotations

import pytest

from prx.engine.lang import queryfiles
from prx.engine.lang.queryfiles import QueryFiles, read_query


def test_tsx_reuses_typescript_without_type_assertions():
    typescript, tsx = read_query("typescript", "outline"), read_query("tsx", "outline")
    assert typescript is not None and tsx is not None
    assert "(type_assertion)" in typescript and "(type_assertion)" not in tsx
    assert "(interface_declaration" in tsx and "(satisfies_expression)" in tsx
    assert read_query("tsx", "imports") is not None
    assert "@import" in QueryFiles("tsx")["imports"]


def test_a_language_without_a_query_has_none():
    assert read_query("json", "imports") is None
    assert "imports" not in QueryFiles("json")


@pytest.fixture
def query_dir(tmp_path, monkeypatch):
    monkeypatch.setattr(queryfiles, "QUERY_DIR", str(tmp_path))
    return tmp_path


def test_drop_and_own_lines_apply_after_the_parent(query_dir):
    (query_dir / "base.outline.scm").write_text("(a) (b) @x\n")
    (query_dir / "child.outline.scm").write_text("; inherits: base\n; drop: (b)\n(c) @y\n")
    text = read_query("child", "outline")
    assert text is not None and "(b)" not in text and "(a) @x" in text and "(c) @y" in text


def test_broken_directives_are_errors_not_silent(query_dir):
    (query_dir / "a.outline.scm").write_text("; inherits: b\n")
    (query_dir / "b.outline.scm").write_text("; inherits: a\n")
    with pytest.raises(ValueError, match="cycle"):
        read_query("a", "outline")
    (query_dir / "orphan.outline.scm").write_text("; inherits: nowhere\n")
    with pytest.raises(ValueError, match="has no outline query"):
        read_query("orphan", "outline")
    (query_dir / "base.outline.scm").write_text("(a)\n")
    (query_dir / "picky.outline.scm").write_text("; inherits: base\n; drop: (zzz)\n")
    with pytest.raises(ValueError, match="not there"):
        read_query("picky", "outline")
