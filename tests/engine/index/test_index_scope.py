"""A search of a folder under an indexed root answers from the root's index, kept to the
folder: the same answer as the root's search kept to the folder without the index, and
never a file outside the folder."""

from __future__ import annotations

import shutil

import pytest

import prx
from prx.core.errors import InvalidArgumentError

FILES = {
    "crates/ignore/src/walk.rs": "pub fn walk_dir(root: &str) -> Vec<String> {\n"
    "    // gitignore matched paths are skipped\n    vec![]\n}\n",
    "crates/ignore/src/gitignore.rs": "pub fn matched(path: &str) -> bool {\n"
    '    path.ends_with(".gitignore")\n}\n',
    "crates/searcher/src/lib.rs": "pub fn search(needle: &str) -> bool {\n"
    "    // gitignore matched files never reach the searcher\n    needle.is_empty()\n}\n",
    "src/main.rs": 'fn main() {\n    println!("gitignore matched");\n}\n',
}


def _places(result):
    return [(f.file, m.line, m.snippet) for f in result.files for m in f.matches]


def test_a_folder_search_answers_from_the_roots_index_and_stays_in_the_folder(make_repo):
    root = make_repo(FILES)
    prx.Workspace(root).index()
    for query, mode in (("gitignore matched", None), ("matched", "literal"), ("walk_dir", None)):
        indexed = prx.Workspace(root).search(query, "crates/ignore", mode=mode, top_k=20)
        assert indexed.index in ("index", None), (query, indexed.index)  # literal: no corpus
        assert indexed.files and all(f.file.startswith("crates/ignore/") for f in indexed.files)
        # The root's search kept to the folder answers alike, from the index or without it.
        kept = prx.Workspace(root).search(
            query, ".", mode=mode, top_k=20, include=["crates/ignore/**"]
        )
        assert _places(indexed) == _places(kept), query
        shutil.rmtree(root / ".prx")
        built = prx.Workspace(root).search(
            query, ".", mode=mode, top_k=20, include=["crates/ignore/**"]
        )
        assert _places(built) == _places(indexed), query
        prx.Workspace(root).index()


def test_a_ranked_folder_search_says_it_used_the_index(make_repo):
    root = make_repo(FILES)
    prx.Workspace(root).index()
    result = prx.Workspace(root).search("gitignore matched", "crates/searcher")
    assert result.index == "index"
    assert [f.file for f in result.files] == ["crates/searcher/src/lib.rs"]


def test_a_folder_change_after_indexing_is_seen(make_repo):
    root = make_repo(FILES)
    prx.Workspace(root).index()
    (root / "crates/ignore/src/new.rs").write_text("pub fn freshly_added_walker() {}\n")
    result = prx.Workspace(root).search("freshly_added_walker", "crates/ignore")
    assert result.files[0].file == "crates/ignore/src/new.rs"


def test_a_folder_and_the_root_do_not_share_pages(make_repo):
    root = make_repo({f"a/m{i}.py": f"def value_{i}():\n    return {i}\n" for i in range(30)})
    prx.Workspace(root).index()
    page = prx.Workspace(root).search("return", "a", mode="literal", top_k=5)
    assert page.continuation_token
    with pytest.raises(InvalidArgumentError):
        prx.Workspace(root).search(
            "return", ".", mode="literal", continue_token=page.continuation_token
        )


def test_a_small_folder_of_a_large_index_gets_its_own_best_chunks(make_repo):
    # Hundreds of files elsewhere answer the query better than anything in the folder:
    # the folder's answer must still come, ranked among the folder's own chunks.
    files = {
        f"crates/core/src/m{i:03d}.rs": f"pub fn ignore_rules_{i}() -> bool {{\n"
        "    // gitignore matched paths: gitignore rules matched here\n    true\n}\n"
        for i in range(300)
    }
    files["crates/small/src/lib.rs"] = (
        "pub fn decide(path: &str) -> bool {\n    // a gitignore line matched\n"
        "    path.is_empty()\n}\n"
    )
    root = make_repo(files)
    prx.Workspace(root).index()
    result = prx.Workspace(root).search("gitignore matched", "crates/small")
    assert result.index == "index"
    assert [f.file for f in result.files] == ["crates/small/src/lib.rs"]


def test_the_cli_answers_a_folder_search_from_the_roots_index(make_repo):
    import json
    import subprocess
    import sys

    root = make_repo(FILES)
    prx.Workspace(root).index()
    done = subprocess.run(
        [sys.executable, "-m", "prx", "search", "gitignore matched", "crates/searcher"],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    answer = json.loads(done.stdout)
    assert answer["data"]["index"] == "index", done.stdout
    assert [f["file"] for f in answer["data"]["files"]] == ["crates/searcher/src/lib.rs"]
