"""``--text``: the model-facing rendering. Every command answers text holding the facts of
its JSON answer, without its keys, nulls or metadata, in fewer tokens; budgets count the
text; errors and the JSON form stay one flag away."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from typing import Any

import pytest

from prx.app.workspace import Workspace
from prx.core.config import Config
from prx.core.tokens import count_exact
from prx.frontends.cli.frontend import CliFrontend

from .test_cli_plain import DATASET, _json_lines
from .test_cli_plain import SAMPLES as PLAIN_SAMPLES

Facts = Callable[[Any], list[str]]

#: Per command: calls (argv after the command) and the facts its text must show, taken
#: from the JSON answer to the same call.
SAMPLES: dict[str, list[tuple[list[str], Facts]]] = {
    "read": [
        (["src/app.py"], lambda d: [d["content"]["text"].rstrip("\n")]),
        (
            ["src/util/helpers.py", "--lines", "3-5"],
            # The function's own first line is on show: no header names it.
            lambda d: ["\ndef helper_1():\n    return 1"],
        ),
        (["src/app.py", "--hash"], lambda d: [d["meta"]["hash"], f"{d['meta']['lines']} lines"]),
        (["src/app.py", "--outline"], lambda d: ["4 def main()"]),
    ],
    "find": [
        (["src", "--flat"], lambda d: [e["path"] for e in d["flat"]]),
        (["."], lambda d: ["src/: app.py\n", "src/util/: helpers.py\n"]),
    ],
    "exists": [
        (["getcwd"], lambda d: [d["file"]]),
        (["nothing-like-this-anywhere"], lambda d: ["no"]),
    ],
    "outline": [(["src/app.py"], lambda d: ["4 def main()"])],
    "search": [
        (["getcwd", "--literal"], lambda d: ["src/app.py", "5 main:return os.getcwd()"]),
        (["getcwd", "--literal", "--exists"], lambda d: ["yes"]),
        (["return 3", "--literal"], lambda d: ["src/util/helpers.py", "11 helper_3:return 3"]),
    ],
    "diff": [
        (
            ["--no-index", "src/app.py", "src/web/page.ts"],
            lambda d: ["-import os", "+export function render(): string {"],
        )
    ],
    "explain": [(["main"], lambda d: ["main", "src/app.py:4-5 function", "def main():"])],
    "impact": [(["src/app.py"], lambda d: [f"src/app.py: {d['stats']['direct']} direct"])],
    "context": [(["src/util"], lambda d: [f"src/util (directory): {d['stats']['files']} files"])],
    "edit": [
        (
            ["src/app.py", "--find", "os.getcwd()", "--replace", "os.getcwdb()"],
            lambda d: [
                "dry run",
                d["files"][0]["hash_before"],
                "src/app.py:5 main",
                "-    return os.getcwd()",
                "+    return os.getcwdb()",
            ],
        )
    ],
    "rename": [
        (
            ["helper_1", "helper_one", "src"],
            lambda d: ["helper_1 -> helper_one", "src/util/helpers.py", "def helper_one():"],
        )
    ],
}


def _workspace(root: Any) -> Workspace:
    env = {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return Workspace(root, config=Config.from_env(env))


def _cli(root: Any, *argv: str, environ: dict[str, str] | None = None) -> tuple[int, str]:
    out = io.StringIO()
    frontend = CliFrontend(_workspace(root), stdout=out, environ=environ or {})
    return frontend.main(list(argv)), out.getvalue()


@pytest.mark.parametrize(
    ("command", "argv", "facts"),
    [(name, argv, facts) for name, calls in SAMPLES.items() for argv, facts in calls],
    ids=[f"{name}-{i}" for name, calls in SAMPLES.items() for i in range(len(calls))],
)
def test_text_holds_the_facts_in_fewer_tokens(repo, command, argv, facts):
    code, out = _cli(repo, command, *argv)
    envelope = json.loads(out)
    assert code == 0 and envelope["status"] == "ok", out
    text_code, text = _cli(repo, "--text", command, *argv)
    assert text_code == 0 and text.strip()
    for fact in facts(envelope["data"]):
        assert str(fact) in text, (fact, text)
    assert (
        '"status"' not in text
        and "null" not in text
        and envelope["data"].get("root", "\0") not in text
    )
    assert count_exact(text) < count_exact(out), (text, out)


def test_every_built_in_command_an_agent_calls_has_its_own_rendering(tmp_path):
    registry = _workspace(tmp_path).registry
    for name in (
        "read",
        "find",
        "outline",
        "exists",
        "search",
        "diff",
        "run",
        "explain",
        "impact",
        "context",
        "edit",
        "rename",
        "bench",
    ):
        assert registry.operation(name).text is not None, name


@pytest.mark.parametrize(
    ("command", "argv"),
    [(name, argv) for name, calls in PLAIN_SAMPLES.items() for argv, _ in calls],
    ids=[f"{name}-{i}" for name, calls in PLAIN_SAMPLES.items() for i in range(len(calls))],
)
def test_every_command_answers_text_not_json(repo, command, argv):
    (repo / "dataset.json").write_text(json.dumps(DATASET))
    code, text = _cli(repo, "--text", command, *argv)
    assert code == 0 and text.strip(), text
    assert _json_lines(text) == [] and not text.lstrip().startswith("{"), text


def test_a_literal_search_with_few_matches_shows_every_line(make_repo):
    # 12 matches in 4 files: more than the ranked page of 10, fewer than a page of lines.
    files = {f"m{i}.py": "".join(f"x = is_quit({n})\n" for n in range(3)) for i in range(4)}
    root = make_repo(files)
    _, text = _cli(root, "--text", "search", "is_quit", "--literal")
    shown = [line for line in text.splitlines() if "is_quit(" in line]
    assert len(shown) == 12 and "more" not in text, text
    _, out = _cli(root, "search", "is_quit", "--literal")
    data = json.loads(out)["data"]
    assert data["returned"] == data["total_matches"] == 12


def test_a_symbol_search_leads_with_the_definition_and_lists_every_use(make_repo):
    root = make_repo(
        {
            "lib.py": "def detect_binary(data):\n    return b'\\0' in data\n",
            "a.py": "from lib import detect_binary\n\nprint(detect_binary(b''))\n",
            "b.py": "import lib\n\n\ndef check(x):\n    return lib.detect_binary(x)\n",
            "other.py": "def detect(data):\n    return binary(data)\n",
        }
    )
    _, text = _cli(root, "--text", "search", "detect_binary")
    lines = text.splitlines()
    # A file with one line reads as grep prints it; the definition leads.
    assert lines[0] == "lib.py:1-2:def detect_binary(data):"
    for fact in ("a.py", "1:from lib import detect_binary", "3:print(detect_binary(b''))"):
        assert fact in text, text
    assert "5 check:return lib.detect_binary(x)" in text
    # Every line of the name is shown: the rest of the ranking (code like it, without the
    # name: other.py) is neither shown nor announced in the text ...
    assert "other.py" not in text and "[" not in text, text
    _, out = _cli(root, "search", "detect_binary")
    data = json.loads(out)["data"]
    # ... the JSON counts it, and a page size shows it.
    assert data["truncated"] and data["total_matches"] > data["returned"]
    assert data["occurrences_total"] == 4 and len(data["occurrences"]) == 4
    _, paged = _cli(root, "--text", "search", "detect_binary", "--top-k", "10")
    assert "other.py" in paged
    assert {(o["file"], o["line"]) for o in data["occurrences"]} == {
        ("lib.py", 1),
        ("a.py", 1),
        ("a.py", 3),
        ("b.py", 5),
    }


def test_a_budget_counts_the_text_it_caps(make_repo):
    body = "".join(f"def f{i}(a, b):\n    return a + b * {i}\n\n" for i in range(300))
    root = make_repo({"big.py": body})
    _, text = _cli(root, "--text", "read", "big.py", "--budget", "300")
    assert count_exact(text) <= 300
    shown = text.splitlines()[1:-1]  # the header and the line saying what was left out
    assert len(shown) >= 20 and text.splitlines()[-1].startswith("[lines ")
    assert shown == body.split("\n")[: len(shown)]


def test_a_ranged_read_says_where_it_sits_not_the_neighbours_outline(repo, make_repo):
    _, out = _cli(repo, "read", "src/util/helpers.py", "--lines", "5-5")
    outline = json.loads(out)["data"]["outline"]
    assert [s["name"] for s in outline] == ["helper_1"]  # no neighbours
    _, text = _cli(repo, "--text", "read", "src/util/helpers.py", "--lines", "5-5")
    assert text == "in helper_1\n    return 1\n"
    # A range that starts a top-level definition needs no header: its first line says it.
    _, text = _cli(repo, "--text", "read", "src/util/helpers.py", "--lines", "4-5")
    assert text == "def helper_1():\n    return 1\n"


def test_find_leaves_out_empty_fields(repo):
    _, out = _cli(repo, "find", ".", "--view", "both")
    data = json.loads(out)["data"]
    assert "null" not in json.dumps([data["tree"], data["flat"]])
    for entry in data["flat"]:
        assert set(entry) <= {"path", "lines", "bytes", "language"}, entry


def test_errors_read_as_text_with_their_hint(repo):
    code, text = _cli(repo, "--text", "read", "nope.py")
    assert code == 1
    assert text.startswith("error [file_not_found] file not found: nope.py\nhint: ")


def test_the_form_comes_from_the_environment_and_conflicting_forms_are_refused(repo):
    code, text = _cli(repo, "exists", "getcwd", environ={"PRX_FORMAT": "text"})
    assert code == 0 and text == "src/app.py\n"
    code, out = _cli(repo, "exists", "getcwd", environ={"PRX_FORMAT": "yaml"})
    assert code == 2 and json.loads(out)["error"]["code"] == "invalid_argument"
    code, out = _cli(repo, "--text", "--plain", "exists", "getcwd")
    assert code == 2 and json.loads(out)["error"]["code"] == "invalid_argument"
    code, out = _cli(repo, "--text", "batch")  # its lines are envelopes: refused, in text
    assert code == 2 and out.startswith("error [invalid_argument]")


def test_usage_records_count_the_text_printed(repo):
    from prx.core.tokens import count_fast

    home = os.environ["PRX_HOME"]
    records = os.path.join(home, "stats.jsonl")
    before = os.path.getsize(records) if os.path.exists(records) else 0
    _, text = _cli(repo, "--text", "read", "src/util/helpers.py", "--lines", "1-4")
    with open(records, encoding="utf-8") as stream:
        stream.seek(before)
        (record,) = [json.loads(line) for line in stream if line.strip()]
    assert record["command"] == "read"
    assert record["tokens"] == count_fast(text.rstrip("\n"))


def test_a_method_read_names_its_class_and_a_cut_read_its_range(make_repo):
    source = "class Store:\n    def get(self, key):\n        return key\n\n    def put(self):\n        pass\n"
    root = make_repo({"store.py": source})
    _, text = _cli(root, "--text", "read", "store.py", "--lines", "2-3")
    assert text == "in Store\n    def get(self, key):\n        return key\n"
    _, text = _cli(root, "--text", "read", "store.py", "--lines", "3-5")
    assert text.splitlines()[0] == "in Store.get"  # put's own first line is on show


def test_a_whole_file_reads_as_cat_prints_it(repo):
    _, text = _cli(repo, "--text", "read", "src/util/helpers.py")
    assert text == (repo / "src/util/helpers.py").read_text()


def test_a_name_defined_nowhere_shows_its_lines_not_neighbours(make_repo):
    root = make_repo(
        {
            "a.py": "def run(opt_key=None):\n    return opt_key\n",
            "b.py": "def options():\n    return 'keys'\n",
        }
    )
    _, text = _cli(root, "--text", "search", "opt_key")
    # The hit holding the name is no definition of it: its place and snippet, once.
    assert text.splitlines()[:4] == [
        "a.py",
        "1-2  function run",
        "def run(opt_key=None):",
        "    return opt_key",
    ]
    assert "b.py" not in text


def test_find_lists_a_directory_per_line_and_quotes_names_that_would_read_ambiguously(make_repo):
    root = make_repo({"a.py": "", "docs/my notes.md": "", "docs/b:c.md": "", "docs/z.md": ""})
    _, text = _cli(root, "--text", "find")
    assert text.splitlines() == ["a.py", 'docs/: "b:c.md" "my notes.md" z.md']


def test_a_go_type_leads_its_symbol_search_and_a_line_is_labelled_by_what_encloses_it(make_repo):
    method = (
        "package plans\n\nfunc (p *Plan) Merge(other *Plan) *Plan {\n"
        "\tvar out Plan\n\treturn &out\n}\n"
    )
    root = make_repo(
        {
            "plans/plan.go": "package plans\n\n// Plan is a set of changes.\ntype Plan struct {\n"
            "\tChanges []string\n}\n",
            "plans/merge.go": method,
        }
    )
    _, text = _cli(root, "--text", "search", "Plan")
    lines = text.splitlines()
    assert lines[:3] == [
        "plans/plan.go",
        "3:// Plan is a set of changes.",
        "4-6:type Plan struct {",
    ]
    # The method's own line names no symbol (it shows it); the line inside it, the method.
    assert "3:func (p *Plan) Merge(other *Plan) *Plan {" in lines
    assert "4 Merge:var out Plan" in lines


def test_a_literal_match_on_a_definition_line_is_not_labelled_with_the_name_it_shows(make_repo):
    root = make_repo(
        {
            "opts.py": "def with_id():\n    return with_attr()\n\n\n"
            "def with_attr():\n    pass\n\n\n"
            "def other():\n    return with_id()\n",
        }
    )
    _, text = _cli(root, "--text", "search", "with_", "--literal")
    lines = text.splitlines()
    # The definitions name themselves; a line inside one sits where the line above does;
    # a line in another symbol says which.
    assert lines == [
        "opts.py",
        "1:def with_id():",
        "2:return with_attr()",
        "5:def with_attr():",
        "10 other:return with_id()",
    ], text
