"""Outline, skeleton, snap, modes, syntax checks, comment stripping and chunking."""

from __future__ import annotations

import subprocess
import textwrap

import locations
import pytest
from programs import needs

import prx
from prx.engine.lang.catalog import BUILTIN_LANGUAGES
from prx.engine.lang.chunk import CHUNK_SIZE, chunk_source
from prx.engine.lang.strip import strip_comments
from prx.engine.lang.syntax import check_syntax

from envelopes import assert_error, assert_ok

SPECS = {spec.name: spec for spec in BUILTIN_LANGUAGES}

PY = textwrap.dedent(
    '''\
    """Module doc."""
    import os

    LIMIT = 3


    @decorate
    class Store(Base):
        """A store."""

        size: int = 0

        def get(self, key):
            """Fetch."""
            value = self.data[key]
            return value

        @staticmethod
        def make():
            def helper():
                return 1
            return helper()


    def main(argv=None):
        # entry point
        return Store.make()
    '''
)


@pytest.fixture
def pyrepo(make_repo):
    return make_repo({"store.py": PY, "notes.txt": "plain\ntext\n"})


def test_read_includes_the_nested_outline(pyrepo):
    res = prx.Workspace(pyrepo).read("store.py")
    names = [(s.name, s.kind) for s in res.outline]
    assert names == [("LIMIT", "const"), ("Store", "class"), ("main", "function")]
    store = res.outline[1]
    assert store.signature == "@decorate class Store(Base)"
    assert (store.lines.start, store.lines.end) == (7, 22)
    assert [(c.name, c.kind) for c in store.children] == [("get", "method"), ("make", "method")]
    assert store.children[1].signature == "@staticmethod def make()"
    assert store.children[1].children[0].name == "helper"


def test_outline_only_and_unknown_language(pyrepo):
    ws = prx.Workspace(pyrepo)
    res = ws.read("store.py", outline_only=True)
    assert res.content is None and len(res.outline) == 3
    plain = ws.read("notes.txt")
    assert (
        plain.meta.language is None
        and plain.outline is None
        and plain.content.text == "plain\ntext\n"
    )


def test_skeleton_keeps_signatures_and_docstrings(pyrepo):
    res = prx.Workspace(pyrepo).read("store.py", skeleton=True)
    text = res.content.text
    assert res.content.mode == "skeleton"
    assert 'def get(self, key):\n        """Fetch."""\n        ...' in text
    assert "value = self.data[key]" not in text and "def helper" not in text
    assert "@staticmethod\n    def make():\n        ..." in text
    assert "LIMIT = 3" in text and "size: int = 0" in text


def test_skeleton_with_lines_is_refused_not_ignored(pyrepo, run_cli):
    run = run_cli("read", "store.py", "--skeleton", "--lines", "3-9", cwd=pyrepo)
    error = run.envelope["error"]
    assert run.exit_code == 2 and error["code"] == "invalid_argument"
    assert "--lines" in error["message"] and "--snap function" in error["suggestion"]
    mixed = run_cli("read", "store.py", "--skeleton", "--mode", "aggressive", cwd=pyrepo)
    assert mixed.exit_code == 2 and "--mode" in mixed.envelope["error"]["message"]


def test_snap_function_from_an_indented_line(pyrepo):
    ws = prx.Workspace(pyrepo)
    # Line 13 is the indented `def get` line: the original tool snapped it to the class.
    res = ws.read("store.py", lines="13", snap="function")
    assert (res.content.range.start, res.content.range.end) == (13, 16)
    assert res.content.snap == "function" and "method `get`" in res.content.snap_reason
    cls = ws.read("store.py", lines="15", snap="class")
    assert (cls.content.range.start, cls.content.range.end) == (7, 22)
    none = ws.read("store.py", lines="2", snap="function")
    assert none.content.snap is None and "no enclosing function" in none.content.snap_reason
    assert (none.content.range.start, none.content.range.end) == (2, 2)


def test_snap_needs_lines(pyrepo):
    from prx.core.errors import InvalidArgumentError

    with pytest.raises(InvalidArgumentError, match="needs lines"):
        prx.Workspace(pyrepo).read("store.py", snap="function")


def test_over_budget_file_keeps_the_top_cut_at_a_symbol_boundary(make_repo):
    body = "".join(f"def f{i}(x):\n    y = x + {i}\n    return y * {i}\n\n\n" for i in range(80))
    repo = make_repo({"many.py": body})
    # Several budgets, so the raw cut lands on every line of a function at least once.
    for budget in range(560, 760, 13):
        res = prx.Workspace(repo).read("many.py", budget=budget)
        content = res.content
        assert content.truncated and content.snap == "top_of_file"
        # The cut falls between functions: the kept text ends with a complete function.
        kept = content.text.rstrip()
        assert kept.endswith("return y * " + str(content.text.count("def f") - 1)), budget
        assert res.continuation_token and content.next_lines.endswith("-400")


def test_mode_aggressive_strips_comments_not_strings(make_repo):
    repo = make_repo({"c.py": 'x = 1  # note\n\n\n\n# gone\ns = "# kept"\n'})
    res = prx.Workspace(repo).read("c.py", mode="aggressive")
    assert res.content.text == 'x = 1\n\ns = "# kept"\n'


def test_mode_entropy_drops_repetition_but_not_braces(make_repo):
    lines = [f"log.info('step {i}')" for i in range(12)] + ["}"] * 6 + ["done()"]
    repo = make_repo({"r.js": "\n".join(lines) + "\n"})
    text = prx.Workspace(repo).read("r.js", mode="entropy").content.text
    assert text.count("log.info") == 3 and text.count("}") == 6
    assert "[prx: 9 repetitive lines filtered]" in text


@needs("git")
def test_mode_diff_against_head_from_any_cwd(make_repo, monkeypatch, tmp_path):
    repo = make_repo({})
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    (repo / "a.py").write_text("one\ntwo\nthree\nfour\n")
    git = ["git", "-C", str(repo), "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "init"], check=True)
    (repo / "a.py").write_text("one\nTWO\nthree\nfour\nfive\n")
    monkeypatch.chdir(tmp_path)  # not the repository: the original tool broke here
    ws = prx.Workspace(repo)
    assert ws.read("a.py", mode="diff").content.text == "-L2: two\n+L2: TWO\n+L5: five\n"
    assert ws.read("a.py", mode="diff", lines="4-5").content.text == "+L5: five\n"
    (repo / "b.py").write_text("new\n")
    assert ws.read("b.py", mode="diff").content.text == "new\n"  # untracked: unchanged text


def test_syntax_check_reports_the_first_error():
    assert check_syntax(SPECS["python"], b"def f():\n    return 1\n").ok
    bad = check_syntax(SPECS["python"], b"def f(:\n    pass\n")
    assert not bad.ok and bad.line == 1 and bad.column is not None
    rust = check_syntax(SPECS["rust"], b"fn main() {\n    let x = ;\n}\n")
    assert not rust.ok and rust.line == 2


def test_strip_comments_across_languages():
    assert strip_comments(SPECS["rust"], b"// a\nfn f() {} /* b */\n") == "fn f() {}\n"
    assert strip_comments(SPECS["javascript"], b'let s = "// no"; // yes\n') == 'let s = "// no";\n'


def test_chunks_cover_the_file_contiguously_and_stay_near_the_target():
    source = PY.encode() * 20
    chunks = chunk_source(SPECS["python"], source)
    assert "".join(c.text for c in chunks) == source.decode()
    assert all(a.end_line + 1 == b.start_line for a, b in zip(chunks, chunks[1:]))
    assert all(len(c.text) <= CHUNK_SIZE for c in chunks)
    assert any(c.symbol == "Store" for c in chunks)


def test_chunks_without_a_grammar_are_line_windows():
    text = "".join(f"line {i}\n" for i in range(1000)).encode()
    chunks = chunk_source(None, text)
    assert chunks[0].start_line == 1 and chunks[-1].end_line == 1000
    assert all(len(c.text) <= CHUNK_SIZE for c in chunks) and chunks[0].symbol is None


def test_a_huge_single_function_is_split_into_windows():
    body = "def big():\n" + "".join(f"    x{i} = {i}\n" for i in range(2000))
    chunks = chunk_source(SPECS["python"], body.encode())
    assert len(chunks) > 5 and all(len(c.text) <= CHUNK_SIZE for c in chunks)
    assert "".join(c.text for c in chunks) == body


def test_outline_command_file_and_directory(run_cli, pyrepo):
    data = assert_ok(run_cli("outline", "store.py", cwd=pyrepo).envelope, "outline")
    assert data["language"] == "python" and data["symbols"][1]["children"][0]["name"] == "get"
    directory = assert_ok(run_cli("outline", ".", cwd=pyrepo).envelope, "outline")
    assert [f["file"] for f in directory["files"]] == ["store.py"]
    methods = assert_ok(
        run_cli("outline", "store.py", "--kind", "method", cwd=pyrepo).envelope, "outline"
    )
    assert [s["name"] for s in methods["symbols"]] == ["get", "make"]
    bad = run_cli("outline", "store.py", "--kind", "widget", cwd=pyrepo)
    assert_error(bad.envelope, "outline", "invalid_argument")


def test_read_cli_structure_flags(run_cli, pyrepo):
    env = run_cli("read", "store.py", "--lines", "14", "--snap", "function", cwd=pyrepo).envelope
    content = assert_ok(env, "read")["content"]
    assert content["range"] == {"start": 13, "end": 16} and content["snap"] == "function"
    skeleton = assert_ok(run_cli("read", "store.py", "--skeleton", cwd=pyrepo).envelope, "read")
    assert skeleton["content"]["mode"] == "skeleton" and skeleton["outline"]


class _BrokenGrammar:
    from prx.plugin import hookimpl

    @staticmethod
    @hookimpl
    def prx_register_languages():
        from prx.plugin import LanguageSpec

        def explode():
            raise OSError("grammar library missing")

        return LanguageSpec(
            name="brokenlang",
            extensions=(".brk",),
            grammar=explode,
            queries={"outline": "(x) @definition.function"},
        )


class _IniLanguage:
    """A third-party language: INI files, parsed with the pack's ini grammar."""

    from prx.plugin import hookimpl

    @staticmethod
    @hookimpl
    def prx_register_languages():
        from prx.engine.lang.grammar import pack_grammar
        from prx.plugin import LanguageSpec

        query = "(section (section_name (text) @name)) @definition.struct"
        return LanguageSpec(
            name="ini",
            extensions=(".ini",),
            grammar=pack_grammar("ini"),
            queries={"outline": query},
        )


def test_third_party_language_is_used_by_outline(register_plugin, make_repo):
    repo = make_repo({"setup.ini": "[server]\nport = 80\n\n[client]\nretries = 3\n"})
    ws = register_plugin(_IniLanguage, root=repo)
    res = ws.outline("setup.ini")
    assert res.language == "ini"
    assert [(s.name, s.kind, s.lines.start) for s in res.symbols] == [
        ("server", "struct", 1),
        ("client", "struct", 4),
    ]


def test_a_grammar_that_fails_to_load_is_a_parse_error_not_a_crash(register_plugin, make_repo):
    from prx.app.dispatch import invoke
    from prx.core.errors import ParseError

    repo = make_repo({"x.brk": "anything\n"})
    ws = register_plugin(_BrokenGrammar, root=repo)
    with pytest.raises(ParseError, match="grammar failed to load") as info:
        ws.outline("x.brk")
    assert info.value.code == "parse_error" and info.value.suggestion
    op = ws.registry.operation("outline")
    outcome = invoke(ws, op, op.params(path="x.brk"), allow_fallback=False, record=False)
    assert outcome.envelope["error"]["code"] == "parse_error" and outcome.exit_code == 1
    # read still answers with the content, and says why there is no outline.
    res = ws.read("x.brk")
    assert res.content.text == "anything\n" and res.outline is None
    assert any("grammar failed to load" in note for note in res.notes)


GOLDEN_SAMPLES = sorted(p for p in (locations.GOLDEN / "lang").glob("*/sample.*"))


@pytest.mark.parametrize("sample", GOLDEN_SAMPLES, ids=lambda p: p.parent.name)
def test_chunks_of_every_language_cover_the_file(sample):
    data = sample.read_bytes()
    spec = SPECS[sample.parent.name]
    small = chunk_source(spec, data, size=400)  # small chunks exercise the splitting
    assert "".join(c.text for c in small) == data.decode()
    assert all(a.end_line + 1 == b.start_line for a, b in zip(small, small[1:]))
    assert small[0].start_line == 1 and small[-1].end_line == data.decode().count("\n") + (
        0 if data.endswith(b"\n") else 1
    )


def test_a_typescript_alias_whose_value_starts_with_an_object_type_is_outlined(make_repo):
    # `type Result = { ok: T } | { err: E }` had been left out with every alias whose
    # value's text starts with `{` (an object type's own pattern shows its body)
    root = make_repo(
        {
            "types.ts": (
                "export type Result<T, E> = { ok: T } | { err: E }\n"
                "type Both = { a: 1 } & { b: 2 }\n"
                "type Pick1 = { a: 1 }['a']\n"
                "type Rows = { a: 1 }[]\n"
                "export type Shape = { a: 1 }\n"
            )
        }
    )
    outline = prx.outline("types.ts", root=root)
    assert [(s.name, s.lines.start) for s in outline.symbols] == [
        ("Result", 1),
        ("Both", 2),
        ("Pick1", 3),
        ("Rows", 4),
        ("Shape", 5),
    ]
    assert outline.symbols[0].signature == "export type Result<T, E> = { ok: T } | { err: E }"
    assert outline.symbols[4].signature == "export type Shape"
