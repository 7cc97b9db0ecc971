"""Fast paths import only what they use (no wall-clock assertions: module lists only)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

# Standard modules that cost several ms each to import; result types are records, not
# dataclasses, so these stay out of the fast paths (tree-sitter itself imports typing).
SLOW_STDLIB = ("dataclasses", "inspect", "typing", "ast")
HEAVY = ("numpy", "scipy", "model2vec", "tiktoken", "mcp", "tree_sitter", "importlib.metadata")
PROBE = """
import contextlib, io, json, sys
from prx.frontends.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    code = main(sys.argv[1:], program="prx")
sys.stderr.write(json.dumps({"code": code, "modules": sorted(sys.modules), "out": out.getvalue()}))
"""


def loaded(cwd, *argv):
    env = dict(os.environ, PRX_DISABLE_PLUGIN_AUTOLOAD="0")
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    report = json.loads(proc.stderr.strip().splitlines()[-1])
    assert report["code"] == 0, report["out"]
    return set(report["modules"])


def heavy_in(modules):
    return sorted(
        m
        for m in modules
        if m.split(".")[0] in HEAVY
        or m == "importlib.metadata"
        or m.startswith("importlib.metadata.")
    )


@pytest.mark.parametrize(
    "argv",
    [
        ("read", "notes.txt"),
        ("read", "notes.txt", "--lines", "1-2"),
        ("read", "src/app.py", "--hash"),
        ("find", "."),
        ("find", ".", "--pattern", "*.py", "--flat"),
        ("exists", "getcwd"),
        ("--version",),
    ],
)
def test_fast_paths_load_no_heavy_module(repo, argv):
    (repo / "notes.txt").write_text("one\ntwo\n")
    modules = loaded(repo, *argv)
    assert heavy_in(modules) == []
    assert "rich" not in modules and "subprocess" not in modules
    assert "pluggy" not in modules  # built-ins are found without the plugin manager
    assert [m for m in SLOW_STDLIB if m in modules] == []


def test_exists_over_an_index_loads_no_heavy_module(repo):
    import prx

    prx.Workspace(repo).index()
    for argv in (("exists", "getcwd"), ("exists", "helper_7", "--exact")):
        modules = loaded(repo, *argv)
        assert heavy_in(modules) == [], argv


def test_reading_source_loads_only_its_own_grammar(repo):
    modules = loaded(repo, "read", "src/app.py")
    assert [
        m for m in heavy_in(modules) if m != "tree_sitter" and not m.startswith("tree_sitter.")
    ] == []
    # The grammar is loaded on its own, without the language pack's package (28 ms).
    assert "tree_sitter_language_pack" not in modules
    assert "rich" not in modules and "subprocess" not in modules


def test_find_over_unknown_extensions_still_avoids_importlib_metadata(make_repo):
    repo = make_repo({"a.unknownext": "x\n", "b.py": "y\n"})
    assert heavy_in(loaded(repo, "find", ".")) == []


def test_budget_loads_tiktoken_and_nothing_else_heavy(repo):
    modules = loaded(repo, "read", "README.md", "--budget", "500", "--hash")
    assert "tiktoken" in modules
    assert [m for m in heavy_in(modules) if not m.startswith("tiktoken")] == []


def test_plain_loads_rich(repo):
    assert "rich" in loaded(repo, "read", "src/app.py", "--plain")


def test_import_prx_is_cheap():
    proc = subprocess.run(
        [sys.executable, "-c", "import prx, sys; print(' '.join(sorted(sys.modules)))"],
        capture_output=True,
        text=True,
        check=True,
    )
    modules = set(proc.stdout.split())
    assert "pluggy" not in modules and "prx.types" not in modules and "dataclasses" not in modules


@pytest.mark.parametrize(
    "argv", [("diff",), ("diff", "src/app.py", "--stat-only"), ("diff", "--budget", "0")]
)
def test_diff_loads_no_model_tokenizer_or_mcp(make_repo, argv):
    import shutil

    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = make_repo({"src/app.py": "import os\n\n\ndef main():\n    return 1\n"})
    env = dict(os.environ, GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
    for step in (
        ["init", "-q"],
        ["add", "-A"],
        ["-c", "user.name=a", "-c", "user.email=a@example.com", "commit", "-qm", "one"],
    ):
        subprocess.run(["git", *step], cwd=repo, env=env, check=True, capture_output=True)
    (repo / "src/app.py").write_text("import os\nimport sys\n\n\ndef main(x):\n    return 2\n")
    modules = loaded(repo, *argv)
    heavy = [m for m in heavy_in(modules) if m.split(".")[0] in ("numpy", "scipy", "model2vec")]
    assert heavy == [] and not {"tiktoken", "mcp", "rich", "pluggy"} & modules
