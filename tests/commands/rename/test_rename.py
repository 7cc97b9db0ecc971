"""prx rename: identifiers renamed across files and languages, never in comments or
strings unless asked, refused for a keyword or an invalid name, conflicts shown and
refused, bytes kept, and an applied rename written to all files or none."""

from __future__ import annotations

import importlib.util
import os
import stat
from pathlib import Path

import pytest

import prx
from prx.app.workspace import Workspace
from prx.core.errors import ConflictError, InvalidArgumentError, PermissionDeniedError

HAS_ROPE = importlib.util.find_spec("rope") is not None
ENGINES = [
    pytest.param("rope", marks=pytest.mark.skipif(not HAS_ROPE, reason="rope is not installed")),
    "syntactic",
]

PROJECT = {
    "pkg/__init__.py": "",
    "pkg/core.py": (
        "def fetch_user(uid):\n"
        '    """fetch_user reads one user."""\n'
        "    return {'id': uid}\n"
        "\n"
        "\n"
        "def fetch_all():\n"
        "    # fetch_user is called once per id\n"
        "    return [fetch_user(i) for i in range(3)]\n"
    ),
    "pkg/views.py": (
        "from pkg.core import fetch_user\n"
        "\n"
        "\n"
        "def show(uid):\n"
        '    label = "fetch_user"\n'
        "    return fetch_user(uid), label\n"
    ),
    "web/app.js": (
        'import { fetch_user } from "./api.js";\n'
        "// fetch_user comes from the API\n"
        "export function load(id) {\n"
        '  console.log("fetch_user", `${fetch_user(id)}`);\n'
        "  return fetch_user(id);\n"
        "}\n"
    ),
    "README.md": "Call fetch_user to read a user.\n",
}


def _snapshot(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() if p.is_file() else b"<dir>"
        for p in sorted(root.rglob("*"))
    }


@pytest.fixture
def syntactic_only(monkeypatch):
    """Python answered by the syntactic engine, as without rope installed."""
    monkeypatch.setattr("prx.commands.rename.rope_engine.rope_available", lambda: False)


def _rename(root: Path, engine: str, monkeypatch, *args, **kwargs):
    if engine == "syntactic":
        monkeypatch.setattr("prx.commands.rename.rope_engine.rope_available", lambda: False)
    return Workspace(root).rename(*args, **kwargs)


def _lines(result):
    return {
        (f.file, line.line): (line.before, line.after, line.in_import)
        for f in result.changes
        for line in f.lines
    }


# ---------------------------------------------------------------- across files and languages


def test_cli_renames_across_two_python_files_and_leaves_another_languages_namesake(
    make_repo, run_cli
):
    root = make_repo(PROJECT)
    before = _snapshot(root)
    run = run_cli("rename", "fetch_user", "load_user", cwd=root)
    assert run.exit_code == 0, run.stdout
    data = run.envelope["data"]
    assert data["applied"] is False
    assert data["target"] == "fetch_user (pkg/core.py:1)"
    files = {f["file"]: f for f in data["changes"]}
    assert sorted(files) == ["pkg/core.py", "pkg/views.py"]
    assert files["pkg/core.py"]["engine"] == ("rope" if HAS_ROPE else "syntactic")
    views = {line["line"]: line for line in files["pkg/views.py"]["lines"]}
    assert views[1] == {
        "line": 1,
        "before": "from pkg.core import fetch_user",
        "after": "from pkg.core import load_user",
        "in_import": True,
    }
    assert views[6]["after"] == "    return load_user(uid), label"
    assert views[6]["in_import"] is False
    assert data["total_replacements"] == 2 + 2
    # The JavaScript file's fetch_user is bound to its own import, not the Python function.
    js = [s for s in data["left_alone"] if s["file"] == "web/app.js"]
    assert {(s["line"], s["reason"]) for s in js} >= {(1, "other_language"), (5, "other_language")}
    assert any("README.md" in note for note in data["notes"])
    # A dry run writes nothing (and rope leaves no .ropeproject behind).
    assert _snapshot(root) == before


def test_cli_renames_javascript_by_name_where_no_file_defines_it(make_repo, run_cli):
    root = make_repo(PROJECT)
    run = run_cli("rename", "fetch_user", "load_user", "web", cwd=root)
    data = run.envelope["data"]
    files = {f["file"]: f for f in data["changes"]}
    assert sorted(files) == ["web/app.js"]
    assert files["web/app.js"]["engine"] == "syntactic"
    assert "target" not in data
    js = {line["line"]: line for line in files["web/app.js"]["lines"]}
    assert js[1]["after"] == 'import { load_user } from "./api.js";' and js[1]["in_import"]
    # Code inside a template string is code; the plain string beside it is not.
    assert js[4]["after"] == '  console.log("fetch_user", `${load_user(id)}`);'
    assert data["total_replacements"] == 3


@pytest.mark.parametrize("engine", ENGINES)
def test_apply_leaves_strings_and_comments_untouched(make_repo, monkeypatch, engine):
    root = make_repo(PROJECT)
    result = _rename(root, engine, monkeypatch, "fetch_user", "load_user", apply=True)
    assert result.applied
    core = (root / "pkg/core.py").read_text()
    assert '"""fetch_user reads one user."""' in core
    assert "# fetch_user is called once per id" in core
    assert "return [load_user(i) for i in range(3)]" in core and "def load_user(uid):" in core
    views = (root / "pkg/views.py").read_text()
    assert 'label = "fetch_user"' in views and "from pkg.core import load_user" in views
    assert (root / "web/app.js").read_text() == PROJECT["web/app.js"]
    assert (root / "README.md").read_text() == PROJECT["README.md"]
    reasons = {(s.file, s.line): s.reason for s in result.left_alone}
    assert reasons[("pkg/core.py", 2)] == "string"
    assert reasons[("pkg/core.py", 7)] == "comment"
    assert reasons[("web/app.js", 2)] == "comment"
    assert reasons[("web/app.js", 5)] == "other_language"


def test_include_comments_renames_comments_and_strings_too(make_repo, syntactic_only):
    root = make_repo(PROJECT)
    result = prx.rename("fetch_user", "load_user", include_comments=True, apply=True, root=root)
    assert {s.reason for s in result.left_alone} == {"other_language"}
    core = (root / "pkg/core.py").read_text()
    assert "fetch_user" not in core and '"""load_user reads one user."""' in core
    assert 'label = "load_user"' in (root / "pkg/views.py").read_text()
    prx.rename("fetch_user", "load_user", "web", include_comments=True, apply=True, root=root)
    assert "// load_user comes from the API" in (root / "web/app.js").read_text()
    # Only whole words: a longer name that contains it stays.
    (root / "x.py").write_text("# fetch_user_ids and fetch_users stay\nfetch_user = 1\n")
    prx.rename("load_user", "fetch_user", include_comments=True, apply=True, root=root)
    prx.rename("fetch_user", "get_user", "x.py", include_comments=True, apply=True, root=root)
    assert (root / "x.py").read_text() == "# fetch_user_ids and fetch_users stay\nget_user = 1\n"


# ---------------------------------------------------------------- names refused


@pytest.mark.parametrize("new", ["class", "return", "None"])
def test_a_python_keyword_as_new_is_refused(make_repo, run_cli, new):
    root = make_repo(PROJECT)
    before = _snapshot(root)
    run = run_cli("rename", "fetch_user", new, "--apply", cwd=root)
    assert run.exit_code == 2
    error = run.envelope["error"]
    assert error["code"] == "invalid_argument"
    assert "keyword of python" in error["message"] and "NEW" in error["message"]
    assert _snapshot(root) == before


def test_a_keyword_of_the_file_language_only_is_refused_there(make_repo):
    root = make_repo(PROJECT)
    # `function` is a name in Python but a keyword of JavaScript.
    with pytest.raises(InvalidArgumentError, match=r"web/app\.js: it is a keyword of javascript"):
        prx.rename("fetch_user", "function", "web", root=root)
    result = prx.rename("fetch_user", "function", root=root)
    assert result.files_changed == 2


@pytest.mark.parametrize("new", ["1user", "load-user", "load user", "", "a.b"])
def test_an_invalid_identifier_as_new_is_refused(make_repo, run_cli, new):
    root = make_repo(PROJECT)
    run = run_cli("rename", "fetch_user", new, cwd=root)
    assert run.exit_code == 2
    assert run.envelope["error"]["code"] == "invalid_argument"
    assert "NEW" in run.envelope["error"]["message"]


def test_a_dollar_is_refused_in_python_but_not_in_javascript(make_repo):
    root = make_repo(PROJECT)
    with pytest.raises(InvalidArgumentError, match="python identifiers cannot hold"):
        prx.rename("fetch_user", "$user", root=root)
    assert prx.rename("fetch_user", "$user", "web", root=root).total_replacements == 3


def test_new_equal_to_old_and_old_not_an_identifier_are_refused(make_repo):
    root = make_repo(PROJECT)
    with pytest.raises(InvalidArgumentError, match="the new name is the old one"):
        prx.rename("fetch_user", "fetch_user", root=root)
    with pytest.raises(InvalidArgumentError, match="cannot be renamed") as info:
        prx.rename("fetch-user", "x", root=root)
    assert info.value.param == "old"


def test_a_name_found_nowhere_is_an_error_not_an_empty_answer(make_repo, run_cli):
    root = make_repo({"a.py": "# only_here in a comment\nx = 'only_here'\n"})
    run = run_cli("rename", "only_here", "there", cwd=root)
    assert run.exit_code == 2
    error = run.envelope["error"]
    assert error["code"] == "invalid_argument"
    assert "--include-comments" in error["suggestion"]
    run = run_cli("rename", "nowhere_at_all", "there", cwd=root)
    assert "no identifier 'nowhere_at_all'" in run.envelope["error"]["message"]


# ---------------------------------------------------------------- conflicts


@pytest.mark.parametrize("engine", ENGINES)
def test_new_already_defined_at_module_level_is_a_conflict_apply_refuses(
    make_repo, monkeypatch, engine
):
    root = make_repo(PROJECT)
    # views.py defines show(); renaming fetch_user to show would shadow it.
    dry = _rename(root, engine, monkeypatch, "fetch_user", "show")
    assert [(c.file, c.line, c.kind) for c in dry.conflicts] == [("pkg/views.py", 4, "name_exists")]
    assert "'show' already exists at module level" in dry.conflicts[0].message
    before = _snapshot(root)
    with pytest.raises(ConflictError, match="nothing was written"):
        _rename(root, engine, monkeypatch, "fetch_user", "show", apply=True)
    assert _snapshot(root) == before


def test_new_in_the_same_function_is_a_conflict_and_elsewhere_is_not(make_repo, run_cli):
    root = make_repo(
        {
            "m.py": (
                "def a(total):\n"
                "    count = 1\n"
                "    return total + count\n"
                "\n"
                "\n"
                "def b():\n"
                "    size = 2\n"
                "    return size\n"
            )
        }
    )
    clash = prx.rename("total", "count", root=root)
    assert [(c.line, c.kind) for c in clash.conflicts] == [(2, "name_exists")]
    assert "function a" in clash.conflicts[0].message
    run = run_cli("rename", "total", "count", "--apply", cwd=root)
    assert run.exit_code == 1 and run.envelope["error"]["code"] == "conflict"
    # `size` lives in b() only: no clash with a's `total`.
    assert prx.rename("total", "size", root=root).conflicts == ()


def test_methods_of_other_classes_do_not_clash(make_repo, syntactic_only):
    root = make_repo(
        {"m.py": "def run():\n    pass\n\n\nclass A:\n    def start(self):\n        pass\n"}
    )
    # A method named like a module function lives in the class, not at module level.
    assert prx.rename("start", "run", root=root).conflicts == ()


# ---------------------------------------------------------------- bytes kept


@pytest.mark.parametrize("engine", ENGINES)
def test_crlf_bom_and_no_final_newline_keep_their_bytes(make_repo, monkeypatch, engine):
    original = (
        b"\xef\xbb\xbfimport os\r\n"
        b"\r\n"
        b"def old_name(a):\r\n"
        b"\treturn a\r\n"
        b"\r\n"
        b"value = old_name(1)\n"  # one LF among CRLFs: mixed endings stay mixed
        b"print(old_name(2))"
    )
    root = make_repo({"crlf.py": original})
    result = _rename(root, engine, monkeypatch, "old_name", "new_name", apply=True)
    assert result.total_replacements == 3
    assert (root / "crlf.py").read_bytes() == original.replace(b"old_name", b"new_name")
    lines = _lines(result)
    assert lines[("crlf.py", 3)][:2] == ("def old_name(a):", "def new_name(a):")


@pytest.mark.parametrize("engine", ENGINES)
def test_non_ascii_identifiers(make_repo, monkeypatch, engine):
    python = "café = 1\nprint(café + 2)  # café\ncafé_au_lait = café\n"
    js = "const café = 1;\nexport default café * 2;\n"
    root = make_repo({"a.py": python, "b.js": js})
    # Two bindings in two languages (the script's is a definition, the module's is not):
    # each renamed in its own file.
    in_python = _rename(root, engine, monkeypatch, "café", "naïve", "a.py", apply=True)
    in_script = _rename(root, engine, monkeypatch, "café", "naïve", "b.js", apply=True)
    assert (in_python.total_replacements, in_script.total_replacements) == (3, 2)
    assert (root / "a.py").read_text(encoding="utf-8") == (
        "naïve = 1\nprint(naïve + 2)  # café\ncafé_au_lait = naïve\n"
    )
    assert (root / "b.js").read_text(encoding="utf-8") == (
        "const naïve = 1;\nexport default naïve * 2;\n"
    )


def test_ignored_and_non_utf8_files_are_left_alone(make_repo):
    root = make_repo(
        {
            ".gitignore": "build/\n",
            "a.py": "old_name = 1\n",
            "build/gen.py": "old_name = 2\n",
            "latin.py": "# caf\xe9\n".encode("latin-1") + b"old_name = 3\n",
        }
    )
    result = prx.rename("old_name", "new_name", apply=True, root=root)
    assert [f.file for f in result.changes] == ["a.py"]
    assert result.skipped["not_utf8"] == 1 and result.skipped["ignored"] == 1
    assert (root / "build/gen.py").read_text() == "old_name = 2\n"


# ---------------------------------------------------------------- all or nothing


def test_cli_apply_with_the_second_file_read_only_writes_nothing(make_repo, run_cli):
    root = make_repo(PROJECT)
    views = root / "pkg/views.py"
    views.chmod(0o444)
    before = _snapshot(root)
    try:
        run = run_cli("rename", "fetch_user", "load_user", "--apply", cwd=root)
        assert run.exit_code == 1
        assert run.envelope["error"]["code"] == "permission_denied"
        assert "views.py" in run.envelope["error"]["message"]
        assert _snapshot(root) == before  # pkg/core.py, the first file, untouched too
    finally:
        views.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_apply_failing_on_the_second_file_restores_the_first(make_repo, monkeypatch):
    root = make_repo(PROJECT)
    before = _snapshot(root)
    replace = os.replace
    calls = []

    def failing_replace(src, dst, *args, **kwargs):
        calls.append(dst)
        if str(dst).endswith("views.py"):
            raise OSError(28, "No space left on device")
        return replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(prx.PrxError) as info:
        prx.rename("fetch_user", "load_user", apply=True, root=root)
    assert info.value.code == "io_error"
    assert any(str(c).endswith("core.py") for c in calls)  # the first file was replaced...
    monkeypatch.undo()
    assert _snapshot(root) == before  # ...and put back


def test_permission_denied_is_a_typed_error_in_python(make_repo):
    root = make_repo(PROJECT)
    (root / "pkg/views.py").chmod(0o444)
    try:
        with pytest.raises(PermissionDeniedError):
            prx.rename("fetch_user", "load_user", apply=True, root=root)
        assert (root / "pkg/core.py").read_text() == PROJECT["pkg/core.py"]
    finally:
        (root / "pkg/views.py").chmod(0o644)


# ---------------------------------------------------------------- engines


@pytest.mark.skipif(not HAS_ROPE, reason="rope is not installed")
def test_rope_and_the_syntactic_engine_agree_on_a_small_python_project(make_repo, monkeypatch):
    files = {
        "shop/__init__.py": "",
        "shop/models.py": (
            "class Basket:\n"
            "    def __init__(self):\n"
            "        self.items = []\n"
            "\n"
            "\n"
            "def total_price(basket, rate=1.0):\n"
            "    return sum(basket.items) * rate\n"
        ),
        "shop/api.py": (
            "from shop.models import Basket, total_price\n"
            "from shop import models\n"
            "\n"
            "\n"
            "def checkout():\n"
            "    basket = Basket()\n"
            "    first = total_price(basket)\n"
            "    return first + models.total_price(basket, rate=2.0)\n"
        ),
        "tests/test_api.py": (
            "from shop.models import total_price\n"
            "\n"
            "\n"
            "def test_total_price():\n"
            "    assert total_price(type('B', (), {'items': [1]})()) == 1\n"
        ),
    }
    rope_root, syntactic_root = make_repo(files), make_repo(files)
    by_rope = prx.rename("total_price", "price_of", apply=True, root=rope_root)
    assert {f.engine for f in by_rope.changes} == {"rope"}
    monkeypatch.setattr("prx.commands.rename.rope_engine.rope_available", lambda: False)
    by_syntax = prx.rename("total_price", "price_of", apply=True, root=syntactic_root)
    assert {f.engine for f in by_syntax.changes} == {"syntactic"}
    assert _lines(by_rope) == _lines(by_syntax)
    assert _snapshot(rope_root) == _snapshot(syntactic_root)
    assert by_rope.total_replacements == 6
    assert any("rope is not installed" in note for note in by_syntax.notes)


@pytest.mark.skipif(not HAS_ROPE, reason="rope is not installed")
def test_rope_leaves_a_same_named_attribute_of_an_unknown_object(make_repo):
    files = {
        "a.py": "def close():\n    pass\n\n\nclose()\n",
        "b.py": "def shut(handle):\n    handle.close()\n",
    }
    result = prx.rename("close", "finish", root=make_repo(files))
    assert [(f.file, f.replacements) for f in result.changes] == [("a.py", 2)]
    # No module is ever held in a variable here: ``handle`` cannot be the module a.
    assert [(s.file, s.line, s.reason) for s in result.left_alone] == [("b.py", 2, "other_binding")]
    # Once a file passes the module a around, ``handle`` may be it: unsure.
    files["c.py"] = "import a\nimport b\n\nb.shut(a)\n"
    result = prx.rename("close", "finish", root=make_repo(files))
    assert [(s.file, s.line, s.reason) for s in result.left_alone] == [("b.py", 2, "unresolved")]


@pytest.mark.skipif(not HAS_ROPE, reason="rope is not installed")
def test_rope_failing_on_a_file_never_falls_back_for_apply(make_repo):
    root = make_repo({"a.py": "old_name = 1\n", "b.py": "old_name(\n"})
    dry = prx.rename("old_name", "new_name", root=root)
    assert {f.engine for f in dry.changes} == {"syntactic"}
    assert any("rope cannot analyse" in note for note in dry.notes)
    with pytest.raises(prx.PrxError) as info:
        prx.rename("old_name", "new_name", apply=True, root=root)
    assert info.value.code == "parse_error" and "nothing was written" in info.value.message
    assert (root / "a.py").read_text() == "old_name = 1\n"


# ---------------------------------------------------------------- answer size


def test_a_ceiling_cuts_the_listed_lines_but_apply_writes_them_all(make_repo):
    body = "".join(f"value_{i} = old_name + {i}\n" for i in range(400))
    root = make_repo({"big.py": "old_name = 0\n" + body})
    cut = prx.rename("old_name", "new_name", budget=600, root=root)
    assert cut.truncated and cut.omitted is not None
    listed = sum(len(f.lines) for f in cut.changes)
    assert listed + cut.omitted.count == 401 and listed > 0
    assert cut.total_replacements == 401
    assert any("left out" in note for note in cut.notes)
    whole = prx.rename("old_name", "new_name", budget=0, apply=True, root=root)
    assert not whole.truncated and sum(len(f.lines) for f in whole.changes) == 401
    assert "old_name" not in (root / "big.py").read_text()


def test_a_word_the_parse_has_no_identifier_for_is_reported_not_renamed(make_repo):
    root = make_repo({"m.c": "#define LIMIT old_name\nint old_name = 1;\n"})
    result = prx.rename("old_name", "new_name", apply=True, root=root)
    assert (root / "m.c").read_text() == "#define LIMIT old_name\nint new_name = 1;\n"
    assert [(s.line, s.reason) for s in result.left_alone] == [(1, "other")]


def test_a_missing_path_is_file_not_found(make_repo, run_cli):
    root = make_repo(PROJECT)
    run = run_cli("rename", "fetch_user", "load_user", "nowhere", cwd=root)
    assert run.exit_code == 1
    assert run.envelope["error"]["code"] == "file_not_found"


@pytest.mark.parametrize("step", ["write", "fsync", "replace"])
@pytest.mark.parametrize("nth", [1, 2, 3, 4, 5])
def test_a_failure_at_any_step_of_apply_leaves_all_files_old_or_all_new(
    make_repo, monkeypatch, syntactic_only, step, nth
):
    root = make_repo(PROJECT)
    before = _snapshot(root)
    expected = Workspace(root).rename("fetch_user", "load_user")
    real = getattr(os, step)
    calls = 0

    def failing(*args, **kwargs):
        nonlocal calls
        calls += 1
        if calls == nth:
            raise OSError(5, "Input/output error")
        return real(*args, **kwargs)

    monkeypatch.setattr(os, step, failing)
    try:
        Workspace(root).rename("fetch_user", "load_user", apply=True)
        failed = False
    except prx.PrxError:
        failed = True
    monkeypatch.undo()
    after = _snapshot(root)
    assert sorted(after) == sorted(before)  # no temporary file left behind
    changed = {f.file for f in expected.changes}
    if failed:
        assert after == before
    else:  # the failure point lies past the last call: every file written
        assert calls < nth
        assert {name for name in after if after[name] != before[name]} == changed


@pytest.mark.skipif(not HAS_ROPE, reason="rope is not installed")
def test_engine_syntactic_renames_what_rope_cannot_bind(make_repo):
    root = make_repo(
        {
            "a.py": "def close():\n    pass\n",
            "b.py": "def shut(handle):\n    handle.close()\n",
            "c.py": "import a\nimport b\n\nb.shut(a)\n",  # handle may be the module a
        }
    )
    by_rope = prx.rename("close", "finish", root=root)
    assert any("unresolved" in note for note in by_rope.notes)
    by_name = prx.rename("close", "finish", engine="syntactic", root=root)
    assert [(f.file, f.engine) for f in by_name.changes] == [
        ("a.py", "syntactic"),
        ("b.py", "syntactic"),
    ]
    assert by_name.left_alone == ()


def test_engine_rope_without_rope_and_an_unknown_engine_are_refused(make_repo, syntactic_only):
    root = make_repo(PROJECT)
    with pytest.raises(InvalidArgumentError, match="rope is not installed"):
        prx.rename("fetch_user", "load_user", engine="rope", root=root)
    with pytest.raises(InvalidArgumentError, match="expected one of auto, rope, syntactic"):
        prx.rename("fetch_user", "load_user", engine="jedi", root=root)
    # Without Python files rope is not needed.
    assert prx.rename("fetch_user", "load_user", "web", engine="rope", root=root).files_changed == 1


def test_scopes_in_c_a_parameter_shadows_only_where_old_is_used(make_repo):
    root = make_repo(
        {
            "m.c": (
                "int old_v = 1;\n"
                "void g(int new_v) { }\n"
                "int h(void) { return old_v; }\n"
                "int k(int new_v) { return old_v; }\n"
            )
        }
    )
    result = prx.rename("old_v", "new_v", root=root)
    assert [(c.line, c.kind) for c in result.conflicts] == [(4, "name_exists")]
    assert "'new_v' already exists in function k (line 4)" in result.conflicts[0].message
    # A function's own name is in the scope around it: defining new_v() clashes at
    # module level with every use of old_v.
    (root / "m.c").write_text("int old_v = 1;\nint new_v(void) { return 0; }\n")
    clash = prx.rename("old_v", "new_v", root=root)
    assert [c.message.split(" (")[0] for c in clash.conflicts] == [
        "'new_v' already exists at module level"
    ]


@pytest.mark.skipif(not HAS_ROPE, reason="rope is not installed")
def test_rope_keeps_names_bound_outside_the_project(make_repo):
    source = "def get(key):\n    return key\n\n\ntable = {}\nprint(get(1), table.get(1))\n"
    root = make_repo({"store.py": source})
    result = prx.rename("get", "fetch", apply=True, root=root)
    # dict.get is a builtin's method: the syntactic engine would have renamed it too.
    assert (root / "store.py").read_text() == source.replace("get(", "fetch(").replace(
        "table.fetch(", "table.get("
    )
    assert [(s.line, s.reason) for s in result.left_alone] == [(6, "external")]
    assert any("outside the renamed files" in note for note in result.notes)


@pytest.mark.skipif(not HAS_ROPE, reason="rope is not installed")
def test_rope_refuses_to_rename_uses_whose_definition_lies_outside_the_path(make_repo):
    root = make_repo(PROJECT)
    with pytest.raises(InvalidArgumentError) as info:
        prx.rename("fetch_user", "load_user", "pkg/views.py", root=root)
    assert "2 bound by rope to a definition outside the path" in info.value.suggestion
    # The syntactic engine, asked for, renames by name (and breaks the import: its choice).
    result = prx.rename("fetch_user", "load_user", "pkg/views.py", engine="syntactic", root=root)
    assert result.total_replacements == 2


def test_a_longer_name_containing_old_is_not_renamed(make_repo, syntactic_only):
    # The Rust prx replaced substrings: renaming Auth rewrote Authenticate as well.
    root = make_repo(
        {"auth.py": "class Auth:\n    pass\n\n\ndef Authenticate():\n    return Auth()\n"}
    )
    prx.rename("Auth", "Session", apply=True, root=root)
    assert (root / "auth.py").read_text() == (
        "class Session:\n    pass\n\n\ndef Authenticate():\n    return Session()\n"
    )


def test_rope_is_not_imported_until_a_rename_runs():
    import subprocess
    import sys

    code = (
        "import sys, prx, prx.commands.rename.operation, prx.commands.rename.rename\n"
        "assert not [m for m in sys.modules if m.split('.')[0] == 'rope'], 'rope imported'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_file_named_like_old_is_noted_not_moved(make_repo, syntactic_only):
    root = make_repo(
        {"app.py": "import helpers\n\nhelpers.run()\n", "helpers.py": "def run(): pass\n"}
    )
    result = prx.rename("helpers", "tools", root=root)
    assert any(note.startswith("helpers.py named like 'helpers'") for note in result.notes)
    assert (root / "helpers.py").exists()


@pytest.mark.parametrize("engine", ENGINES)
def test_lone_carriage_returns_keep_their_bytes(make_repo, monkeypatch, engine):
    original = b"import os\rold_name = 1\r\rprint(old_name)\r"
    root = make_repo({"cr.py": original})
    result = _rename(root, engine, monkeypatch, "old_name", "new_name", apply=True)
    assert result.total_replacements == 2
    assert (root / "cr.py").read_bytes() == original.replace(b"old_name", b"new_name")
