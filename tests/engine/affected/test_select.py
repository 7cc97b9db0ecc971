"""``prx impact --tests``: which tests a change reaches, on a real git repository made
here (a package with a re-export, a conftest fixture, a dynamic import and a data file)."""

from __future__ import annotations

from pathlib import Path

import pytest
from gitrepo import Repo, committed
from programs import needs

import prx
from prx.types import AffectedTests

pytestmark = needs("git")

FILES = {
    "pyproject.toml": "[project]\nname = 'pkg'\n",
    "README.md": "# pkg\n",
    "pkg/__init__.py": "from .core import parse, render\n",
    "pkg/core.py": (
        "LIMIT = 3\n\n\n"
        "def parse(text):\n    return text.split(',')[:LIMIT]\n\n\n"
        "def render(items):\n    return '-'.join(items)\n\n\n"
        "def unused():\n    return 1\n"
    ),
    "pkg/extra.py": "def shout(text):\n    return text.upper()\n",
    "pkg/plugins.py": (
        "import importlib\n\n\ndef load(name):\n    return importlib.import_module('pkg.' + name)\n"
    ),
    "tests/conftest.py": (
        "import pytest\n\n\n@pytest.fixture\ndef sample():\n    return 'a,b,c,d'\n"
    ),
    "tests/test_parse.py": (
        "from pkg import parse\n\n\n"
        "def test_parse(sample):\n    assert parse(sample) == ['a', 'b', 'c']\n\n\n"
        "def test_other():\n    assert True\n"
    ),
    "tests/test_render.py": (
        "from pkg import render\n\n\n"
        "def test_render():\n    assert render(['a', 'b']) == 'a-b'\n\n\n"
        "class TestRender:\n    def test_empty(self):\n        assert render([]) == ''\n"
    ),
    "tests/test_dynamic.py": (
        "from pkg.plugins import load\n\n\n"
        "def test_load():\n    assert load('extra').shout('a') == 'A'\n"
    ),
    "tests/test_data.py": (
        "import os\n\n\n"
        "def test_data():\n"
        "    here = os.path.dirname(__file__)\n"
        "    with open(os.path.join(here, 'data', 'input.txt')) as f:\n"
        "        assert f.read() == 'x\\n'\n"
    ),
    "tests/data/input.txt": "x\n",
}


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    return committed(tmp_path / "work", FILES)


def _selection(repo: Repo, **kwargs: object) -> AffectedTests:
    found = prx.impact(tests=True, budget=0, root=repo.path, **kwargs).selection  # type: ignore[arg-type]
    assert found is not None
    return found


def _ids(selection: AffectedTests) -> set[str]:
    return {t.id for t in selection.tests}


def test_a_changed_function_selects_the_tests_that_call_it_through_a_reexport(repo: Repo) -> None:
    repo.edit("pkg/core.py", "'-'.join(items)", "'+'.join(items)")
    selection = _selection(repo)
    assert _ids(selection) == {
        "tests/test_render.py::test_render",
        "tests/test_render.py::TestRender::test_empty",
    }
    assert not selection.whole_suite
    first = next(t for t in selection.tests if t.name == "test_render")
    assert first.via[0] == "pkg/core.py:render"
    assert first.via[-1] == "tests/test_render.py:test_render"
    assert [(c.file, c.name, c.kind) for c in selection.changed] == [
        ("pkg/core.py", "render", "definition")
    ]
    assert selection.suite_files == 4 and selection.selected_files == 1


def test_a_changed_module_constant_selects_what_uses_it(repo: Repo) -> None:
    repo.edit("pkg/core.py", "LIMIT = 3", "LIMIT = 4")
    assert _ids(_selection(repo)) == {"tests/test_parse.py::test_parse"}


def test_a_changed_fixture_selects_the_tests_that_take_it(repo: Repo) -> None:
    repo.edit("tests/conftest.py", "'a,b,c,d'", "'a,b'")
    selection = _selection(repo)
    assert _ids(selection) == {"tests/test_parse.py::test_parse"}
    assert selection.changed[0].kind == "test"


def test_an_autouse_fixture_selects_every_test_below_its_conftest(repo: Repo) -> None:
    repo.edit("tests/conftest.py", "@pytest.fixture\n", "@pytest.fixture(autouse=True)\n")
    ids = _ids(_selection(repo))
    assert {"tests/test_parse.py", "tests/test_render.py", "tests/test_data.py"} <= ids


def test_a_renamed_function_selects_the_tests_that_still_call_the_old_name(repo: Repo) -> None:
    repo.edit("pkg/core.py", "def render(items)", "def draw(items)")
    assert _ids(_selection(repo)) == {
        "tests/test_render.py::test_render",
        "tests/test_render.py::TestRender::test_empty",
    }


def test_a_dynamic_import_widens_the_selection_and_says_so(repo: Repo) -> None:
    repo.edit("pkg/extra.py", "text.upper()", "text.lower()")
    selection = _selection(repo)
    assert _ids(selection) == {"tests/test_dynamic.py"}
    assert selection.tests[0].confidence < 1.0
    assert any("computed names" in r for r in selection.reasons)


def test_a_config_file_selects_the_whole_suite_with_the_reason(repo: Repo) -> None:
    repo.edit("pyproject.toml", "name = 'pkg'", "name = 'pkg2'")
    selection = _selection(repo)
    assert selection.whole_suite
    assert any("pyproject.toml" in r for r in selection.reasons)


def test_a_data_file_selects_the_tests_that_name_it(repo: Repo) -> None:
    repo.edit("tests/data/input.txt", "x", "y")
    selection = _selection(repo)
    assert _ids(selection) == {"tests/test_data.py"}
    assert any("input.txt" in r for r in selection.reasons)


def test_a_deleted_test_file_is_said_not_silently_dropped(repo: Repo) -> None:
    (repo.path / "tests/test_render.py").unlink()
    selection = _selection(repo)
    assert not selection.tests
    assert [(c.file, c.kind) for c in selection.changed] == [
        ("tests/test_render.py", "deleted_test")
    ]
    assert any("deleted" in r for r in selection.reasons)


def test_code_no_test_reaches_answers_why_nothing_was_selected(repo: Repo) -> None:
    repo.edit("pkg/core.py", "return 1", "return 2")
    selection = _selection(repo)
    assert not selection.tests and not selection.whole_suite
    assert selection.reasons == ("no test reaches the changed code",)


def test_documentation_selects_nothing_and_says_so(repo: Repo) -> None:
    repo.edit("README.md", "# pkg", "# the pkg")
    selection = _selection(repo)
    assert not selection.tests
    assert selection.reasons == ("README.md is documentation: no test selected for it",)


def test_a_revision_and_a_path_narrow_the_change(repo: Repo) -> None:
    repo.edit("pkg/core.py", "'-'.join(items)", "'+'.join(items)")
    repo.commit("render")
    repo.edit("tests/conftest.py", "'a,b,c,d'", "'a,b'")
    assert _ids(_selection(repo, revision="HEAD~1", path="pkg")) == {
        "tests/test_render.py::test_render",
        "tests/test_render.py::TestRender::test_empty",
    }
    assert _ids(_selection(repo)) == {"tests/test_parse.py::test_parse"}


def test_a_test_changed_itself_is_selected(repo: Repo) -> None:
    repo.edit("tests/test_parse.py", "assert True", "assert 1")
    assert _ids(_selection(repo)) == {"tests/test_parse.py::test_other"}


def test_without_git_the_answer_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n")
    with pytest.raises(prx.PrxError):
        prx.impact(tests=True, root=tmp_path)


def test_with_an_index_the_selection_uses_its_graph_and_is_the_same(repo: Repo) -> None:
    repo.edit("pkg/core.py", "'-'.join(items)", "'+'.join(items)")
    without = prx.impact(tests=True, budget=0, root=repo.path)
    prx.index(root=repo.path)
    with_index = prx.impact(tests=True, budget=0, root=repo.path)
    assert (without.graph, with_index.graph) == ("built", "index")
    assert with_index.selection == without.selection


def test_a_subclass_of_a_test_class_runs_the_tests_it_inherits(tmp_path: Path) -> None:
    repo = committed(
        tmp_path / "small",
        {
            "lib.py": "def size(x):\n    return len(x)\n",
            "tests/test_lib.py": (
                "from lib import size\n\n\n"
                "class TestBase:\n    kind = list\n\n"
                "    def test_size(self):\n        assert size(self.kind('ab')) == 2\n\n\n"
                "class TestTuple(TestBase):\n    kind = tuple\n"
            ),
        },
    )
    repo.edit("lib.py", "len(x)", "len(x) + 1")
    assert _ids(_selection(repo)) == {
        "tests/test_lib.py::TestBase::test_size",
        "tests/test_lib.py::TestTuple",
    }


def test_import_time_code_of_a_package_reaches_every_importer_of_its_modules(
    tmp_path: Path,
) -> None:
    repo = committed(
        tmp_path / "small",
        {
            "pkg/__init__.py": "from . import table\n\ntable.fill()\n",
            "pkg/table.py": "ROWS = {}\n\n\ndef fill():\n    ROWS['a'] = 1\n\n\ndef get(k):\n    return ROWS[k]\n",
            "pkg/other.py": "def one():\n    return 1\n",
            "tests/test_get.py": "import pkg.table as t\n\n\ndef test_get():\n    assert t.get('a') == 1\n",
            "tests/test_one.py": "from pkg.other import one\n\n\ndef test_one():\n    assert one() == 1\n",
        },
    )
    repo.edit("pkg/table.py", "ROWS['a'] = 1", "ROWS['a'] = 2")
    selection = _selection(repo)
    # fill() runs when pkg is imported: every test importing a pkg module is reached.
    assert _ids(selection) == {"tests/test_get.py", "tests/test_one.py"}
    assert all(t.confidence < 1.0 for t in selection.tests)


def test_a_module_getattr_hook_reaches_every_importer(tmp_path: Path) -> None:
    repo = committed(
        tmp_path / "small",
        {
            "meta.py": "def __getattr__(name):\n    if name == 'VERSION':\n        return '1'\n    raise AttributeError(name)\n",
            "tests/test_meta.py": "import meta\n\n\ndef test_version():\n    assert meta.VERSION == '1'\n",
        },
    )
    repo.edit("meta.py", "return '1'", "return '2'")
    assert _ids(_selection(repo)) == {"tests/test_meta.py"}


GO_FILES = {
    "go.mod": "module example.com/m\n\ngo 1.18\n",
    "conf/conf.go": "package conf\n\nfunc Load(s string) int { return len(s) }\n",
    "conf/conf_test.go": (
        'package conf\n\nimport "testing"\n\n'
        'func TestLoad(t *testing.T) {\n\tif Load("ab") != 2 {\n\t\tt.Fatal()\n\t}\n}\n'
    ),
    "app/app.go": (
        'package app\n\nimport (\n\t"sync/atomic"\n\n\tcfg "example.com/m/conf"\n)\n\n'
        "var n atomic.Int64\n\n"
        'func Start() int { return cfg.Load("x") }\n\n'
        "func Count() int64 { return n.Load() }\n"
    ),
    "app/app_test.go": (
        'package app\n\nimport "testing"\n\n'
        "func TestStart(t *testing.T) {\n\tif Start() != 1 {\n\t\tt.Fatal()\n\t}\n}\n\n"
        "func TestCount(t *testing.T) {\n\tif Count() != 0 {\n\t\tt.Fatal()\n\t}\n}\n"
    ),
}


def test_a_go_function_is_used_through_its_package_name_not_a_method_of_that_name(
    tmp_path: Path,
) -> None:
    repo = committed(tmp_path / "small", GO_FILES)
    repo.edit("conf/conf.go", "return len(s)", "return len(s) + 1")
    selection = _selection(repo)
    # `n.Load()` in app is atomic's method: TestCount does not reach conf.Load.
    assert {(t.file, t.id) for t in selection.tests} == {
        ("app/app_test.go", "TestStart"),
        ("conf/conf_test.go", "TestLoad"),
    }


def test_a_go_testmain_selects_its_whole_package(tmp_path: Path) -> None:
    files = dict(GO_FILES)
    files["conf/main_test.go"] = (
        'package conf\n\nimport (\n\t"os"\n\t"testing"\n)\n\n'
        'var prefix = ""\n\n'
        'func TestMain(m *testing.M) {\n\tprefix = "p"\n\tos.Exit(m.Run())\n}\n'
    )
    repo = committed(tmp_path / "small", files)
    repo.edit("conf/main_test.go", 'prefix = "p"', 'prefix = "q"')
    assert {t.id for t in _selection(repo).tests} == {"conf:*"}


def test_a_module_that_rebinds_a_changed_name_passes_it_on_not_its_whole_module(
    tmp_path: Path,
) -> None:
    # toolz.curried: `reduceby = curry(reduceby)` at module level, one line per name.
    repo = committed(
        tmp_path / "small",
        {
            "lib/__init__.py": "",
            "lib/core.py": "def one():\n    return 1\n\n\ndef two():\n    return 2\n",
            "lib/wrapped.py": "from lib import core\n\none = core.one\ntwo = core.two\n",
            "tests/test_one.py": "from lib.wrapped import one\n\n\ndef test_one():\n    assert one() == 1\n",
            "tests/test_two.py": "from lib.wrapped import two\n\n\ndef test_two():\n    assert two() == 2\n",
        },
    )
    repo.edit("lib/core.py", "return 2", "return 3")
    assert _ids(_selection(repo)) == {"tests/test_two.py::test_two"}


def test_an_untracked_test_file_is_said_not_silently_left_out(repo: Repo) -> None:
    repo.write("tests/test_new.py", "def test_new():\n    assert True\n")
    selection = _selection(repo)
    assert not selection.tests
    assert any("untracked" in r for r in selection.reasons)


def test_a_script_test_loaded_by_another_runs_through_its_loader(tmp_path: Path) -> None:
    # js-yaml: test/00-units.js requires every file of test/units/ by a computed path;
    # mocha collects the loader, and names the tests after it.
    repo = committed(
        tmp_path / "small",
        {
            "lib/a.js": "exports.twice = (x) => x * 2;\n",
            "lib/b.js": "exports.half = (x) => x / 2;\n",
            "test/00-units.js": (
                "const fs = require('fs');\nconst path = require('path');\n"
                "describe('Units', () => {\n  const dir = path.resolve(__dirname, 'units');\n"
                "  fs.readdirSync(dir).forEach((f) => require(path.resolve(dir, f)));\n});\n"
            ),
            "test/units/a.js": "const { twice } = require('../../lib/a');\nit('twice', () => twice(1));\n",
            "test/b.test.js": "const { half } = require('../lib/b');\nit('half', () => half(1));\n",
        },
    )
    repo.edit("lib/a.js", "x * 2", "x * 3")
    selection = _selection(repo)
    assert _ids(selection) == {"test/00-units.js"}
    assert selection.tests[0].via[-1] == "test/units/a.js: loaded by test/00-units.js"
    assert selection.suite_files == 2


def test_tap_tests_and_a_script_a_test_runs_by_its_path(tmp_path: Path) -> None:
    # node-semver: tap's `t.test(...)`; test/bin spawns bin/cli.js found by require.resolve.
    repo = committed(
        tmp_path / "small",
        {
            "lib/v.js": "module.exports = (x) => x.trim()\n",
            "bin/cli.js": "const v = require('../lib/v')\nconsole.log(v(process.argv[2]))\n",
            "test/lib/v.js": (
                "const t = require('tap')\nconst v = require('../../lib/v')\n"
                "t.test('trims', (t) => { t.equal(v(' a '), 'a'); t.end() })\n"
            ),
            "test/bin/cli.js": (
                "const t = require('tap')\nconst bin = require.resolve('../../bin/cli')\n"
                "t.test('runs', (t) => { t.ok(bin); t.end() })\n"
            ),
        },
    )
    repo.edit("lib/v.js", "x.trim()", "x")
    selection = _selection(repo)
    assert _ids(selection) == {"test/lib/v.js", "test/bin/cli.js"}
    by_path = next(t for t in selection.tests if t.file == "test/bin/cli.js")
    assert by_path.via == ("test/bin/cli.js runs bin/cli.js by its path",)


def test_a_python_function_is_not_a_method_of_the_same_name_nor_a_docstring_word(
    tmp_path: Path,
) -> None:
    # toolz: `'.'.join(...)` is str's method, not toolz's `join`; a docstring's "see join"
    # names without using.
    repo = committed(
        tmp_path / "small",
        {
            "lib/__init__.py": "",
            "lib/seqs.py": "def join(a, b):\n    return a + b\n",
            "lib/text.py": (
                'def label(parts):\n    """Like join, for text."""\n    return \'.\'.join(parts)\n'
            ),
            "lib/use.py": "from lib import seqs\n\n\ndef both(a, b):\n    return seqs.join(a, b)\n",
            "tests/test_text.py": "from lib.text import label\n\n\ndef test_label():\n    assert label(['a']) == 'a'\n",
            "tests/test_use.py": "from lib.use import both\n\n\ndef test_both():\n    assert both(1, 2) == 3\n",
        },
    )
    repo.edit("lib/seqs.py", "a + b", "a - b")
    assert _ids(_selection(repo)) == {"tests/test_use.py::test_both"}


def test_a_python_method_is_read_as_an_attribute_not_a_parameter_of_its_name(
    tmp_path: Path,
) -> None:
    # toolz: `curry.func` is a property; `lambda func: ...` and `dict(func=...)` elsewhere
    # are a parameter and a keyword of that name.
    repo = committed(
        tmp_path / "small",
        {
            "lib.py": (
                "class Box:\n    def func(self):\n        return 1\n\n\n"
                "def apply(func, x):\n    return func(x)\n\n\n"
                "def table():\n    return dict(func=len)\n\n\n"
                "def opened(box):\n    return box.func()\n"
            ),
            "tests/test_lib.py": (
                "from lib import Box, apply, opened, table\n\n\n"
                "def test_apply():\n    assert apply(len, 'ab') == 2\n\n\n"
                "def test_table():\n    assert table()\n\n\n"
                "def test_opened():\n    assert opened(Box()) == 1\n"
            ),
        },
    )
    repo.edit("lib.py", "return 1", "return 2")
    assert _ids(_selection(repo)) == {"tests/test_lib.py::test_opened"}
