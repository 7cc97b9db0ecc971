"""prx.find: tree and flat views, ignores, globs, depth, skipped counts, budgets."""

from __future__ import annotations

import prx


def paths(res):
    return [e.path for e in res.flat]


def test_flat_and_tree_honour_gitignore_and_skip_binaries(repo):
    res = prx.Workspace(repo).find(".", view="both")
    assert paths(res) == [
        ".gitignore",
        "README.md",
        "docs/guide.md",
        "keep.log",
        "src/app.py",
        "src/util/helpers.py",
        "src/web/page.ts",
    ]
    assert res.tree["src"]["util"]["helpers.py"]["lines"] == 120
    assert res.tree["src"]["web"]["page.ts"]["language"] == "typescript"
    assert res.stats.total_files == 7 and res.stats.returned == 7
    # build/ (pruned dir) and debug.log are ignored; data.bin is binary: counted, not silent.
    assert res.stats.skipped == {"binary": 1, "ignored": 2}


def test_views(repo):
    ws = prx.Workspace(repo)
    assert ws.find(".", view="tree").flat is None
    assert ws.find(".", view="flat").tree is None
    both = ws.find(".", view="both")
    assert both.tree is not None and both.flat is not None


def test_glob_patterns(repo):
    ws = prx.Workspace(repo)
    assert paths(ws.find(".", view="flat", pattern=("*.py",))) == [
        "src/app.py",
        "src/util/helpers.py",
    ]
    assert paths(ws.find(".", view="flat", pattern=("*.{ts,md}",))) == [
        "README.md",
        "docs/guide.md",
        "src/web/page.ts",
    ]
    assert paths(ws.find(".", view="flat", pattern=("src/**/*.py",))) == [
        "src/app.py",
        "src/util/helpers.py",
    ]
    assert paths(ws.find(".", view="flat", pattern=("help*",))) == ["src/util/helpers.py"]
    assert paths(ws.find(".", view="flat", pattern=("*",))) == paths(ws.find(".", view="flat"))


def test_max_depth(repo):
    res = prx.Workspace(repo).find(".", view="flat", max_depth=1)
    assert paths(res) == [".gitignore", "README.md", "keep.log"]
    assert all("/" not in p for p in paths(res))


def test_subdirectory_paths_are_relative_to_the_root(repo):
    # As the next command takes them: from the Workspace root, not from the listed path.
    res = prx.Workspace(repo).find("src/util", view="both")
    assert paths(res) == ["src/util/helpers.py"]
    assert list(res.tree or {}) == ["src/util"] and res.root == str(repo)


def test_budget_pages_lose_and_repeat_nothing(make_repo):
    root = make_repo({f"pkg/mod_{i:03}.py": f"x = {i}\n" for i in range(120)})
    ws = prx.Workspace(root)
    seen, token, pages = [], None, 0
    while True:
        res = ws.find(".", view="flat", budget=400, continue_token=token)
        assert res.stats.total_files == 120
        seen += paths(res)
        pages += 1
        if not res.truncated:
            assert res.continuation_token is None
            break
        token = res.continuation_token
    assert pages > 1
    assert seen == [f"pkg/mod_{i:03}.py" for i in range(120)]


def test_module_level_find_accepts_a_single_pattern(repo, monkeypatch):
    monkeypatch.chdir(repo)
    assert paths(prx.find(pattern="*.ts", view="flat")) == ["src/web/page.ts"]
