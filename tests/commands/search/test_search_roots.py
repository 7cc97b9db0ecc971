"""Search over several roots, and root-qualified paths (``ROOT//PATH``) in every command
that takes a path: what the answer names works in the next command, a failing root is
reported while the others answer, pages and budgets span the roots, and no string reaches
a directory nobody named as a project."""

from __future__ import annotations

import os

import pytest

import prx
from prx.engine.ranking.across_roots import FUSIONS, fuse, root_strength

from envelopes import assert_error, assert_ok

HERE = {
    "README.md": "# here\n",
    "src/alpha.py": "def alpha_total(values):\n    return sum(values)\n",
}
THERE = {
    "lib/beta.py": (
        "def beta_total(values):\n    '''Add the values up.'''\n    return sum(values)\n"
    ),
    "lib/gamma.py": "".join(f"def gamma_{i}(x):\n    return x + {i}\n\n" for i in range(30)),
}


@pytest.fixture
def here(make_repo):
    return make_repo(HERE, git=True)


@pytest.fixture
def there(make_repo):
    return make_repo(THERE, git=True)


def label(here, there):
    return os.path.relpath(there, here)


def test_a_search_names_each_roots_files_so_they_can_be_read(run_cli, here, there):
    other = label(here, there)
    answer = assert_ok(run_cli("search", "beta_total", ".", other, cwd=here).envelope, "search")
    files = [f["file"] for f in answer["files"]]
    assert f"{other}//lib/beta.py" in files
    roots = {r["root"]: r for r in answer["roots"]}
    assert roots["."]["status"] == "ok" and roots[other]["status"] == "ok"
    assert roots[other]["path"] == str(there)
    read = assert_ok(run_cli("read", f"{other}//lib/beta.py", cwd=here).envelope, "read")
    assert read["file"] == f"{other}//lib/beta.py"
    assert "Add the values up" in read["content"]["text"]


def test_find_exists_and_outline_take_root_qualified_paths(run_cli, here, there):
    other = label(here, there)
    found = assert_ok(run_cli("find", f"{other}//lib", "--flat", cwd=here).envelope, "find")
    paths = [entry["path"] for entry in found["flat"]]
    assert f"{other}//lib/beta.py" in paths
    for path in paths:  # each works as given
        assert_ok(run_cli("read", path, "--hash", cwd=here).envelope, "read")
    exists = assert_ok(run_cli("exists", "gamma_7", f"{other}//", cwd=here).envelope, "exists")
    assert exists["exists"] is True
    outline = assert_ok(run_cli("outline", f"{other}//lib/beta.py", cwd=here).envelope, "outline")
    assert "beta_total" in str(outline)


def test_a_root_that_fails_is_reported_and_the_others_answer(run_cli, here, there, tmp_path):
    other = label(here, there)
    plain = tmp_path / "not-a-project"
    plain.mkdir()
    (plain / "x.py").write_text("def beta_total(): pass\n")
    missing = "../no-such-root"
    run = run_cli("search", "beta_total", ".", other, str(plain), missing, cwd=here)
    answer = assert_ok(run.envelope, "search")
    roots = {r["root"]: r for r in answer["roots"]}
    assert roots[other]["status"] == "ok"
    # A directory that is not a project, and one that does not exist: outside the root.
    assert roots[str(plain)]["status"] == "error"
    assert roots[str(plain)]["error"] == "permission_denied"
    assert roots[missing]["status"] == "error"
    assert all("not-a-project" not in f["file"] for f in answer["files"])


def test_every_root_failing_is_an_error(run_cli, here, tmp_path):
    run = run_cli("search", "anything", "/etc", str(tmp_path / "nowhere"), cwd=here)
    assert_error(run.envelope, "search", "permission_denied")


@pytest.mark.parametrize(
    "path",
    ["/etc//passwd", "../..//etc/passwd", "..//x", "/tmp//x"],
)
def test_a_qualified_path_outside_any_named_project_is_refused(run_cli, here, path):
    assert_error(run_cli("read", path, cwd=here).envelope, "read", "permission_denied")


def test_inside_another_root_every_path_is_confined_to_it(run_cli, here, there, make_repo):
    secret = make_repo({"secret.txt": "s\n"})
    (there / "escape").symlink_to(secret)
    other = label(here, there)
    for path in (f"{other}//escape/secret.txt", f"{other}//../{os.path.basename(secret)}"):
        assert_error(run_cli("read", path, cwd=here).envelope, "read", "permission_denied")


def test_pages_and_budgets_span_the_roots(here, there):
    ws = prx.Workspace(here)
    other = label(here, there)
    whole = ws.search("return", ".", roots=[other], mode="literal", top_k=40, budget=0)
    first = ws.search("return", ".", roots=[other], mode="literal", top_k=5)
    assert first.truncated and first.continuation_token
    second = ws.search(
        "return",
        ".",
        roots=[other],
        mode="literal",
        top_k=5,
        continue_token=first.continuation_token,
    )

    def places(result):
        return [(f.file, m.line) for f in result.files for m in f.matches]

    assert not set(places(first)) & set(places(second))
    assert places(first) + places(second) == places(whole)[:10]
    small = ws.search("return", ".", roots=[other], mode="literal", top_k=40, budget=400)
    assert small.budget_used <= 400 and small.omitted > 0 and small.truncated
    with pytest.raises(prx.PrxError):  # a single root's token is another request's
        single = ws.search("return", other + "//", mode="literal", top_k=5)
        ws.search("return", ".", roots=[other], continue_token=single.continuation_token)


def test_a_roots_file_lists_the_roots(run_cli, here, there):
    other = label(here, there)
    (here / "roots.txt").write_text(f"# the roots\n\n{other}\n")
    answer = assert_ok(
        run_cli("search", "beta_total", "--roots", "roots.txt", cwd=here).envelope, "search"
    )
    assert [r["root"] for r in answer["roots"]] == [".", other]
    assert any(f["file"].startswith(f"{other}//") for f in answer["files"])


def test_the_same_root_twice_is_searched_once(here, there):
    other = label(here, there)
    result = prx.Workspace(here).search("beta_total", ".", roots=[other, other + "/", "."])
    assert [r.root for r in result.roots] == [".", other]


def test_exact_modes_merge_lines_root_by_root(run_cli, here, there):
    other = label(here, there)
    answer = assert_ok(
        run_cli("search", "return sum", ".", other, "--literal", cwd=here).envelope, "search"
    )
    assert [f["file"] for f in answer["files"]] == ["src/alpha.py", f"{other}//lib/beta.py"]


def test_fusion_weighs_each_roots_evidence_so_a_root_without_the_answer_does_not_lead():
    answer = [(1.0, "a1"), (0.8, "a2"), (0.7, "a3")]
    noise = [(1.0, "b1"), (0.9, "b2")]
    strong, weak = root_strength({"dense": 0.7}, 0.1), root_strength({"dense": 0.3}, 0.1)
    assert strong > weak
    for method in FUSIONS:
        merged = fuse([noise, answer], method, strengths=[weak, strong], tops=[0.01, 0.1])
        assert merged == fuse([noise, answer], method, strengths=[weak, strong], tops=[0.01, 0.1])
        assert sorted(item for _, item in merged) == ["a1", "a2", "a3", "b1", "b2"]
    by_evidence = [item for _, item in fuse([noise, answer], strengths=[weak, strong])]
    assert by_evidence == ["a1", "a2", "a3", "b1", "b2"]  # the noise's best hit does not lead
    by_rank = [item for _, item in fuse([noise, answer], "rrf")]
    assert by_rank[:2] == ["b1", "a1"]  # per-root ranks alone: every root leads once, in order
    assert root_strength({"symbols": 1.0}, 0.1) > root_strength({"symbols": 0.0}, 0.1)


def test_a_root_without_the_answer_does_not_take_the_first_place(make_repo):
    here = make_repo({"notes/readme.md": "Some notes about tables.\n"}, git=True)
    there = make_repo(
        {"render/table.py": "class Table:\n    def render_table_borders(self):\n        pass\n"},
        git=True,
    )
    result = prx.Workspace(here).search(
        "render_table_borders", ".", roots=[label(here, there)], mode="symbol"
    )
    assert result.files[0].file.endswith("//render/table.py")


def test_a_damaged_index_in_another_root_is_refused_and_said(run_cli, here, there):
    assert run_cli("index", cwd=there).exit_code == 0
    (table,) = there.glob(".prx/index-*/terms.tab")
    data = bytearray(table.read_bytes())
    data[len(data) // 2 : len(data) // 2 + 16] = b"\xff" * 16
    table.write_bytes(bytes(data))
    other = label(here, there)
    answer = assert_ok(
        run_cli("search", "beta_total values", ".", other, cwd=here).envelope, "search"
    )
    roots = {r["root"]: r for r in answer["roots"]}
    assert "index corrupted" in roots[other]["warning"]
    assert roots[other]["index"] == "built"  # searched without the damaged index
    assert f"{other}: " in answer["warning"]
    assert any(f["file"] == f"{other}//lib/beta.py" for f in answer["files"])


def test_merged_identifier_lines_put_every_ranked_file_before_the_unranked():
    """The ranked files repeat (one entry per chunk): a file no chunk ranked still comes
    after one ranked late."""
    from prx.commands.search.roots import _ordered_occurrences
    from prx.core.results.search import Occurrence

    order = ["a//x.py"] * 4 + ["b//y.py", "a//late.py"]
    lines = [
        Occurrence(file="a//notes.md", line=1, text="f"),
        Occurrence(file="a//late.py", line=2, text="f()"),
        Occurrence(file="a//x.py", line=3, text="def f"),
    ]
    assert [o.file for o in _ordered_occurrences(lines, order)] == [
        "a//x.py",
        "a//late.py",
        "a//notes.md",
    ]
