"""Every path in an answer can be passed back as it stands: relative to the Workspace root
(the working directory) when inside it, absolute otherwise, and the answer names the root.

Each answer is asked for with PATH a subdirectory of the working directory, which is where
paths relative to PATH used to come back (``prx search x pkg`` answered ``core/a.py``,
which ``prx read`` then could not find).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from programs import needs

import prx
from prx.core.errors import PermissionDeniedError

from envelopes import assert_ok

FILES = {
    "top.py": "def top():\n    return 1\n",
    "pkg/core/engine.py": (
        "import os\n"
        "\n"
        "\n"
        "def build_filter(query, value):\n"
        '    """Build a filter for the query."""\n'
        "    return (query, value)\n"
        "\n"
        "\n"
        "class Engine:\n"
        "    def run(self):\n"
        "        return build_filter('q', 1)\n"
    ),
    "pkg/core/notes.md": "Notes about build_filter and the engine.\n",
    "pkg/web/page.ts": "export function render(): string {\n  return 'hi';\n}\n",
    "pkg/web/unused.py": "import sys\n",
}

#: (label, request) pairs: every command and search mode that answers paths, with PATH a
#: subdirectory (or a file inside one) of the working directory.
REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("literal", {"cmd": "search", "query": "build_filter", "path": "pkg", "literal": True}),
    ("regex", {"cmd": "search", "query": r"build_\w+", "path": "pkg", "regex": True}),
    ("symbol", {"cmd": "search", "query": "build_filter", "path": "pkg", "symbol": True}),
    ("hybrid", {"cmd": "search", "query": "filter for the query", "path": "pkg/core"}),
    (
        "structural",
        {"cmd": "search", "query": "def $F($$$A): $$$B", "path": "pkg", "structural": True},
    ),
    (
        "search-file",
        {"cmd": "search", "query": "build_filter", "path": "pkg/core/engine.py", "literal": True},
    ),
    ("find", {"cmd": "find", "path": "pkg"}),
    ("find-file", {"cmd": "find", "path": "pkg/web/page.ts"}),
    ("outline", {"cmd": "outline", "path": "pkg"}),
    ("exists-path", {"cmd": "exists", "pattern": "core/engine.py", "path": "pkg"}),
    ("exists-glob", {"cmd": "exists", "pattern": "*.ts", "path": "pkg"}),
    ("exists-content", {"cmd": "exists", "pattern": "Notes about", "path": "pkg"}),
]


@pytest.fixture
def repo(make_repo: Any) -> Path:
    return make_repo(FILES)


def tree_paths(tree: dict[str, Any], prefix: str = "") -> list[str]:
    """The paths a find tree spells: its keys joined by '/' down to each file."""
    out = []
    for name, value in tree.items():
        path = f"{prefix}{name}"
        if "lines" in value and not isinstance(value["lines"], dict):
            out.append(path)
        else:
            out.extend(tree_paths(value, path + "/"))
    return out


def answer_paths(command: str, data: dict[str, Any]) -> list[str]:
    """Every file path in an answer's data."""
    if command == "search":
        return [f["file"] for f in data["files"]]
    if command == "find":
        return [e["path"] for e in data["flat"] or ()] + tree_paths(data["tree"] or {})
    if command == "outline":
        return [f["file"] for f in data["files"]]
    if command == "exists":
        return [data["file"]]
    if command == "run":
        return [d["file"] for d in data.get("diagnostics", ())] + [
            f["file"] for f in data.get("failures", ()) if f.get("file")
        ]
    raise AssertionError(command)


def check_usable(root: Path, data: dict[str, Any], paths: list[str]) -> None:
    assert paths, "the request must answer at least one path"
    for path in paths:
        assert not os.path.isabs(path) and not path.startswith("./"), path
        assert os.path.isfile(os.path.join(root, path)), f"{path} is not a file under the root"
    assert os.path.realpath(data["root"]) == os.path.realpath(root)


def read_back(run_cli: Any, root: Path, paths: list[str]) -> None:
    """``prx read`` (through one batch) answers every path, run from the same directory."""
    lines = "".join(json.dumps({"cmd": "read", "path": p, "hash": True}) + "\n" for p in paths)
    result = run_cli("batch", cwd=root, input=lines)
    answers = result.lines
    assert len(answers) == len(paths)
    for path, envelope in zip(paths, answers, strict=True):
        assert envelope["status"] == "ok", (path, envelope)


def test_batch_answers_paths_a_read_accepts(run_cli: Any, repo: Path) -> None:
    lines = "".join(json.dumps(request) + "\n" for _, request in REQUESTS)
    answers = run_cli("batch", cwd=repo, input=lines).lines
    assert len(answers) == len(REQUESTS)
    every: list[str] = []
    for (label, request), envelope in zip(REQUESTS, answers, strict=True):
        data = assert_ok(envelope, request["cmd"])
        paths = answer_paths(request["cmd"], data)
        check_usable(repo, data, paths)
        assert all(p.startswith("pkg/") for p in paths), (label, paths)
        every.extend(paths)
    read_back(run_cli, repo, sorted(set(every)))


@pytest.mark.parametrize(
    "args",
    [
        ("search", "build_filter", "pkg", "--literal"),
        ("find", "pkg"),
        ("outline", "pkg"),
        ("exists", "core/engine.py", "pkg"),
    ],
    ids=lambda a: a[0],
)
def test_cli_answers_paths_prx_read_accepts(run_cli: Any, repo: Path, args: tuple[str, ...]):
    data = assert_ok(run_cli(*args, cwd=repo).envelope, args[0])
    paths = answer_paths(args[0], data)
    check_usable(repo, data, paths)
    assert_ok(run_cli("read", paths[0], cwd=repo).envelope, "read")
    read_back(run_cli, repo, paths)


def test_indexed_search_answers_paths_from_the_root(run_cli: Any, repo: Path) -> None:
    # The index keeps paths relative to the indexed directory; answers convert them.
    assert_ok(run_cli("index", "pkg", cwd=repo).envelope, "index")
    data = assert_ok(run_cli("search", "filter for the query", "pkg", cwd=repo).envelope, "search")
    assert data["index"] == "index"
    paths = answer_paths("search", data)
    check_usable(repo, data, paths)
    assert "pkg/core/engine.py" in paths


@needs("ruff")
def test_run_diagnostics_name_files_from_the_root(run_cli: Any, repo: Path) -> None:
    # ruff's JSON output prints absolute paths: the answer makes them relative to the root.
    args = ("run", "--auto-json", "ruff", "check", "--isolated", "pkg")
    data = assert_ok(run_cli(*args, cwd=repo).envelope, "run")
    paths = answer_paths("run", data)
    assert paths == ["pkg/core/engine.py", "pkg/web/unused.py"], data
    check_usable(repo, data, paths)
    # Read from ruff's own text output: the same diagnostics, the same paths.
    data = assert_ok(run_cli(*args[:1], *args[2:], cwd=repo).envelope, "run")
    assert answer_paths("run", data) == paths
    check_usable(repo, data, paths)


@pytest.mark.parametrize(
    ("mode", "query", "path"),
    [
        ("literal", "build_filter", "pkg"),
        ("regex", r"build_\w+", "pkg"),
        ("symbol", "build_filter", "pkg"),
        ("hybrid", "filter for the query", "pkg/core"),
        ("structural", "def $F($$$A): $$$B", "pkg"),
    ],
)
def test_library_search_answers_paths_from_the_root(
    repo: Path, mode: str, query: str, path: str
) -> None:
    result = prx.search(query, path, mode=mode, root=repo)
    assert result.files
    for group in result.files:
        assert group.file.startswith("pkg/"), group.file
        assert prx.read(group.file, hash_only=True, root=repo).meta.hash == group.hash
    assert result.root == str(repo)


def test_library_find_outline_exists_answer_paths_from_the_root(repo: Path) -> None:
    found = prx.find("pkg", root=repo, view="both")
    assert found.flat is not None and found.tree is not None
    flat = [e.path for e in found.flat]
    assert flat == [
        "pkg/core/engine.py",
        "pkg/core/notes.md",
        "pkg/web/page.ts",
        "pkg/web/unused.py",
    ]
    assert flat == tree_paths(found.tree)
    assert found.root == str(repo)
    outlined = prx.workspace_for(repo).outline("pkg")
    assert [f.file for f in outlined.files or ()] == ["pkg/core/engine.py", "pkg/web/page.ts"]
    assert outlined.root == str(repo)
    for pattern in ("core/engine.py", "*.md", "render()"):
        answer = prx.exists(pattern, "pkg", root=repo)
        assert answer.file is not None
        assert (repo / answer.file).is_file(), (pattern, answer.file)
        assert answer.root == str(repo)


def test_paths_outside_the_root_are_refused(make_repo: Any, repo: Path) -> None:
    # Every path stays inside the workspace's root: another tree is searched with its own.
    elsewhere = make_repo({"lib/far.py": "def far_away():\n    return 2\n"})
    for call in (
        lambda: prx.search("far_away", str(elsewhere), mode="literal", root=repo),
        lambda: prx.find(str(elsewhere / "lib"), root=repo, view="both"),
        lambda: prx.read(str(elsewhere / "lib" / "far.py"), root=repo),
    ):
        with pytest.raises(PermissionDeniedError, match="outside the root"):
            call()
    found = prx.search("far_away", mode="literal", root=elsewhere)
    assert [f.file for f in found.files] == ["lib/far.py"]


def test_the_root_itself_keeps_paths_as_they_were(repo: Path) -> None:
    found = prx.find(root=repo, pattern="*.py", view="both")
    assert [e.path for e in found.flat or ()] == [
        "pkg/core/engine.py",
        "pkg/web/unused.py",
        "top.py",
    ]
    assert set(found.tree or {}) == {"pkg", "top.py"}
