"""A Python definition named by its import path (issue 28): an entry point in
``pyproject.toml`` / ``setup.cfg``, a ``'pkg.mod:Name'`` string a loader resolves. A rename
renames those paths with the definition (Markdown's tests load its extensions by their entry
points: renamed alone, the class is no longer found), and nothing else."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

import prx

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("rope") is None, reason="rope is not installed"
)

PLUGINS = {
    "plugs/__init__.py": "from plugs.loader import load\nfrom plugs.wiki import WikiPlugin\n",
    "plugs/loader.py": (
        "import importlib\n"
        "\n"
        "\n"
        "def load(path):\n"
        "    module, _, name = path.replace(':', '.').rpartition('.')\n"
        "    return getattr(importlib.import_module(module), name)\n"
    ),
    "plugs/wiki.py": ("class WikiPlugin:\n    def render(self):\n        return 'wiki'\n"),
    "other/wiki.py": "class WikiPlugin:\n    pass\n",
    "pyproject.toml": (
        "[project]\n"
        "name = 'plugs'\n"
        "\n"
        "[project.entry-points.'plugs.extensions']\n"
        "wiki = 'plugs.wiki:WikiPlugin'\n"
        "other = 'other.wiki:WikiPlugin'\n"
    ),
    "setup.cfg": "[options.entry_points]\nplugs.extensions =\n    wiki = plugs.wiki:WikiPlugin\n",
    "README.md": "The WikiPlugin renders wiki text: `plugs.wiki.WikiPlugin`.\n",
    "test_plugs.py": (
        "from plugs import load\n"
        "\n"
        "\n"
        "def test_loaded_by_its_path():\n"
        "    assert load('plugs.wiki:WikiPlugin')().render() == 'wiki'\n"
        "    assert load('plugs.wiki.WikiPlugin')().render() == 'wiki'\n"
        "    assert load('plugs:WikiPlugin')().render() == 'wiki'\n"
        "\n"
        "\n"
        "def test_the_other_class_is_not_this_one():\n"
        "    assert load('other.wiki:WikiPlugin') is not load('plugs.wiki:WikiPlugin')\n"
    ),
}


def _passes(root: Path) -> bool:
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_plugs.py"],
        cwd=root,
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    return done.returncode == 0


def test_an_import_path_is_renamed_with_the_definition(make_repo):
    root = make_repo(PLUGINS)
    assert _passes(root)
    result = prx.rename("plugs/wiki.py:1", "WikiExtension", ".", root=root)
    assert not result.applied
    # The dry run shows the configuration files' lines as changes, before anything is written.
    by_file = {f.file: f for f in result.changes}
    assert by_file["pyproject.toml"].engine == "import_path"
    assert [(ln.line, ln.after) for ln in by_file["pyproject.toml"].lines] == [
        (5, "wiki = 'plugs.wiki:WikiExtension'")
    ]
    result = prx.rename("plugs/wiki.py:1", "WikiExtension", ".", root=root, apply=True)
    assert result.applied
    assert _passes(root)  # the test loads the class by each of its three paths
    pyproject = (root / "pyproject.toml").read_text()
    assert "wiki = 'plugs.wiki:WikiExtension'" in pyproject
    assert "other = 'other.wiki:WikiPlugin'" in pyproject  # another module's class
    assert "wiki = plugs.wiki:WikiExtension" in (root / "setup.cfg").read_text()
    assert (root / "other/wiki.py").read_text() == PLUGINS["other/wiki.py"]
    # Documentation keeps what it says, and is listed.
    assert (root / "README.md").read_text() == PLUGINS["README.md"]
    notes = " ".join(result.notes)
    assert "import path" in notes and "README.md" in notes


def test_a_method_is_renamed_in_its_qualified_path(make_repo):
    root = make_repo(
        {
            "app/__init__.py": "",
            "app/cli.py": ("class Tool:\n    @staticmethod\n    def main():\n        return 0\n"),
            "pyproject.toml": "[project.scripts]\ntool = 'app.cli:Tool.main'\n",
        }
    )
    prx.rename("Tool.main", "run", ".", root=root, apply=True)
    assert (root / "pyproject.toml").read_text() == "[project.scripts]\ntool = 'app.cli:Tool.run'\n"


def test_a_package_init_that_is_a_link_is_not_read(make_repo, tmp_path):
    """The package chain stops at a link: ``__init__.py`` may lead out of the project."""
    outside = tmp_path / "outside.py"
    outside.write_text("from plugs.wiki import WikiPlugin\n")
    files = dict(PLUGINS)
    del files["plugs/__init__.py"]
    root = make_repo(files)
    (root / "plugs/__init__.py").symlink_to(outside)
    result = prx.rename("plugs/wiki.py:1", "WikiExtension", ".", root=root)
    changed = {f.file: f for f in result.changes}
    # Only the module's own path is known: ``wiki:WikiPlugin`` (no package above it).
    assert "pyproject.toml" not in changed
    assert outside.read_text() == "from plugs.wiki import WikiPlugin\n"


def test_an_annotation_written_as_a_string_is_renamed(make_repo):
    """A forward reference (``other: 'Pattern'``) is read by type checkers with the
    module's names: renamed alone, the class left it naming nothing (pathspec's
    ``RegexPattern.__eq__``, held out), and so is ``cast``'s type. Another string given to
    a call is no annotation."""
    root = make_repo(
        {
            "shapes.py": (
                "from typing import Optional, cast\n"
                "\n"
                "\n"
                "class Pattern:\n"
                "    def __eq__(self, other: 'Pattern') -> bool:\n"
                "        return isinstance(other, Pattern)\n"
                "\n"
                "    def copy(self) -> 'Optional[Pattern]':\n"
                "        kept: 'Pattern' = self\n"
                "        print('Pattern')\n"
                "        return cast('Pattern', kept)\n"
            ),
        }
    )
    prx.rename("Pattern", "Shape", ".", root=root, apply=True, check="never")
    text = (root / "shapes.py").read_text()
    assert "other: 'Shape'" in text and "-> 'Optional[Shape]'" in text
    assert "kept: 'Shape' = self" in text
    assert "print('Pattern')" in text and "cast('Shape', kept)" in text
