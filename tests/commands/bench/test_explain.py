"""Why prx lost a bench task, its text form, and the pieces that judge the two sides."""

from __future__ import annotations

import subprocess

from programs import needs

from prx.commands.bench import covers, explain, text
from prx.commands.bench.covers import Need
from prx.commands.bench.patterns import definition_pattern


def _figures(**changes):
    base = dict(
        prx_tokens=120,
        json_tokens=300,
        unix_tokens=400,
        unix_tool="grep",
        prx_text="a\nb\n",
        unix_text="x\ny\nz\n",
        prx_fidelity=1.0,
        json_fidelity=1.0,
        unix_fidelity=1.0,
    )
    return explain.Figures(**{**base, **changes})


NEED = [Need("a.py", 3, "def f(x):")]


def test_a_task_prx_wins_has_no_explanation():
    assert explain.explanation(_figures(), NEED, explain.Described("shows 1 match")) is None


def test_more_tokens_are_explained_with_both_outputs_and_the_needed_lines():
    why = explain.explanation(
        _figures(prx_tokens=1452, unix_tokens=14), NEED, explain.Described("shows 10 matches")
    )
    assert why == (
        "prx 1,452 tokens (JSON 300) vs grep 14: prx shows 10 matches (2 lines printed); "
        "grep prints 3 lines. The needed line is 4 tokens."
    )


def test_a_missing_line_says_where_it_went():
    needed = [Need("a.py", n, f"line {n}") for n in range(1, 11)]
    why = explain.explanation(
        _figures(prx_fidelity=0.3, json_fidelity=0.4, unix_fidelity=1.0),
        needed,
        explain.Described("shows 4 matches", cut="its page holds 4 of 10 matches"),
    )
    assert why == (
        "prx shows 3 of the 10 needed lines (its JSON 4: the text form leaves some out): "
        "its page holds 4 of 10 matches; grep shows 10."
    )


SEARCH = {
    "total_matches": 12,
    "truncated": True,
    "files": [
        {
            "file": "a.py",
            "matches": [{"line": 3, "snippet_start": 3, "snippet_end": 5}],
        },
        {
            "file": "b.py",
            "matches": [
                {"line": 1, "snippet_start": 1, "snippet_end": 2},
                {"line": 9},  # a location only
            ],
        },
    ],
}


def test_a_search_answer_is_described_from_its_json():
    described = explain.describe_search([SEARCH], NEED)
    assert described.shows == (
        "shows 3 matches in 2 files, 1 of them with a needed line, 5 lines of snippets"
    )
    assert described.cut == "its page holds 3 of 12 matches (the rest: --continue)"
    # A symbol search's uses of the name, listed after its definitions.
    symbol = {**SEARCH, "query": "f", "occurrences": [{"line": 7}] * 50, "occurrences_total": 104}
    assert explain.describe_search([symbol], NEED).shows.endswith(
        "5 lines of snippets, then 50 of the 104 lines holding f"
    )
    assert covers.search_lines([SEARCH]) == {("a.py", 3), ("a.py", 4), ("a.py", 5)} | {
        ("b.py", 1),
        ("b.py", 2),
    }


def test_other_answers_are_described_from_their_json():
    read = {
        "file": "a.py",
        "content": {"range": {"start": 3, "end": 9}, "truncated": False},
        "outline": [{"name": "f"}],
        "meta": {"lines": 20},
    }
    assert explain.describe_read([read], NEED).shows == ("shows lines 3-9 (7 lines)")
    impact = {
        "dependents": [{"file": "b.py", "hops": 1}, {"file": "c.py", "hops": 2}],
        "tests": [{"file": "t.py", "hops": 1}],
        "truncated": True,
        "omitted": [{"part": "dependents", "count": 4}],
    }
    described = explain.describe_impact([impact], NEED)
    assert described.shows == (
        "lists 2 direct dependents and 1 through other files (1 of them tests), each with "
        "its import line and the names it uses"
    )
    assert described.cut == "its answer was cut at the default budget (4 dependents left out)"


def test_the_text_form_is_read_for_each_needed_line():
    has = covers.text_has("a.py\n  3-9  def f(x)\n  11  X = 1")
    assert has(Need("a.py", 3, "def f(x):"))  # a signature without its colon
    assert has(Need("a.py", 11, "X = 1  # the default"))  # nor its comment
    assert not has(Need("a.py", 12, "def g(y):"))
    names = covers.names_in("src/\n  pkg/\n    engine.py  12 lines")
    assert names(Need("src/pkg/engine.py", 0, "src/pkg/engine.py"))
    assert not names(Need("src/pkg/models.py", 0, "src/pkg/models.py"))


def test_find_answers_are_read_from_the_tree_and_the_flat_list():
    tree = {"tree": {"a.py": {"lines": 2}, "src": {"b.py": {"lines": 1}, "empty": {}}}}
    flat = {"flat": [{"path": "c.py"}]}
    assert covers.paths([tree, flat, None]) == {"a.py", "src/b.py", "c.py"}


@needs("grep")
def test_the_definition_grep_finds_each_form_of_its_language(tmp_path):
    (tmp_path / "a.go").write_text(
        "func (p *parser) parseBlock(r Reader) {\n}\n"
        "func parseBlocks() {}\n"
        "type parseBlock2 int\n"
        "x := parseBlock(r)\n"
    )
    (tmp_path / "a.py").write_text("class Query:\n    pass\ndef Query2():\n    Query()\n")

    def grep(language, name):
        pattern = definition_pattern(language, name)
        out = subprocess.run(["grep", "-rn", "--", pattern, "."], cwd=tmp_path, capture_output=True)
        return sorted(out.stdout.decode().splitlines())

    assert grep("go", "parseBlock") == ["./a.go:1:func (p *parser) parseBlock(r Reader) {"]
    assert grep("python", "Query") == ["./a.py:1:class Query:"]
    assert definition_pattern("python", "Query") == r"def Query\b\|class Query\b"
    assert definition_pattern(None, "x").startswith(r"def x\b\|class x\b\|fn x\b")


DATA = {
    "root": ".",
    "prx_tokens": 1500,
    "prx_json_tokens": 3000,
    "unix_tokens": 2000,
    "picked_from": ["a.py"],
    "tasks": [
        {
            "task": "definition-grep",
            "question": "where is f defined? (a.py:3)",
            "prx_command": "prx --text search f --symbol",
            "unix_command": "grep -rn -- 'def f\\b\\|class f\\b' .",
            "skipped": None,
            "prx_tokens": 1500,
            "prx_json_tokens": 3000,
            "unix_tokens": 14,
            "saved_percent": -10614.3,
            "prx_ms": 812.4,
            "unix_ms": 5.1,
            "needed_lines": 1,
            "prx_fidelity": 1.0,
            "prx_json_fidelity": 1.0,
            "unix_fidelity": 1.0,
            "explanation": "prx 1,500 tokens (JSON 3,000) vs grep 14: ...",
        },
        {
            "task": "diff",
            "question": "what changed since the last commit?",
            "prx_command": "",
            "unix_command": "",
            "skipped": "not a git repository with a commit",
        },
    ],
}


def test_the_text_form_of_the_bench():
    assert text.render(DATA) == "\n".join(
        [
            "prx bench .: prx 1,500 tokens (JSON 3,000), Unix tools 2,000, over the tasks run",
            "picked from: a.py",
            "1. definition-grep: where is f defined? (a.py:3)",
            "   prx 1,500 tokens (JSON 3,000) vs 14, saved -10614.3%; fidelity 100% vs 100% "
            "of 1 lines; 812 vs 5 ms",
            "   $ prx --text search f --symbol",
            "   $ grep -rn -- 'def f\\b\\|class f\\b' .",
            "   lost: prx 1,500 tokens (JSON 3,000) vs grep 14: ...",
            "2. diff: what changed since the last commit?: skipped, not a git repository with "
            "a commit",
        ]
    )


def test_the_bench_operation_renders_its_text_form():
    from prx.commands.bench.operation import BENCH

    assert BENCH.text is not None and BENCH.text(DATA) == text.render(DATA)
