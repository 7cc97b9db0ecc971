"""The generated parts of docs/ match the registry (python -m prx.docs_gen rewrites them)."""

from __future__ import annotations

import locations
import pytest

from prx.docs_gen import SECTIONS, main, render_sections, update_text

DOCS = locations.DOCS


def test_the_docs_generated_sections_match_the_registry(capsys):
    code = main(["--check", str(DOCS)])
    assert code == 0, capsys.readouterr().err + "\nrun: python -m prx.docs_gen"


def test_every_section_is_rendered_and_lists_the_real_components():
    sections = render_sections()
    assert set(SECTIONS) <= set(sections)
    assert {"help-search", "help-batch", "help-bench-ndcg"} <= set(sections)
    assert "--rerank" in sections["help-search"]
    assert "batch" in sections["cli-help"]
    assert "`pytest-cov`" in sections["parser-priorities"]
    demo = sections["runner-demo"]
    assert demo.index("'pytest-cov'") < demo.index("'wc'") < demo.index("'fallback'")


def test_a_drifted_section_is_reported_and_rewritten():
    sections = {"rerankers": "Built in: `a`.\n"}
    text = "intro\n<!-- generated: rerankers -->\nstale\n<!-- end generated: rerankers -->\nend\n"
    updated, changed = update_text(text, sections)
    assert changed == ["rerankers"]
    assert updated == text.replace("stale\n", "Built in: `a`.\n")
    assert update_text(updated, sections) == (updated, [])


@pytest.mark.parametrize(
    "text",
    [
        "<!-- generated: nope -->\nx\n<!-- end generated: nope -->\n",
        "<!-- generated: rerankers -->\nno end marker\n",
    ],
)
def test_bad_markers_are_errors(text):
    with pytest.raises(KeyError):
        update_text(text, {"rerankers": ""})


def test_a_missing_marker_fails_the_check(tmp_path, capsys):
    (tmp_path / "a.md").write_text("nothing generated here\n")
    assert main(["--check", str(tmp_path)]) == 1
    assert "no marker for the generated section" in capsys.readouterr().err
