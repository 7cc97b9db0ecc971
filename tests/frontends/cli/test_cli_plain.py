"""``--plain``: every command answers readable text, never the JSON again; colour only on a
terminal, by the NO_COLOR / FORCE_COLOR conventions."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable
from typing import Any

import pytest

from prx.app.workspace import Workspace
from prx.core.config import Config
from prx.frontends.cli.frontend import CliFrontend
from prx.frontends.cli.render import PlainRenderer, wants_colour

DATASET = {
    "queries": [
        {
            "query": "current directory",
            "category": "words",
            "relevant": [{"file": "src/app.py", "relevance": 2}],
        },
        {
            "query": "helper",
            "category": "names",
            "relevant": [{"file": "src/util/helpers.py", "relevance": 1}],
        },
    ]
}
Facts = Callable[[Any], list[str]]

#: Per operation: calls (argv after the command) and the facts each plain answer must show,
#: taken from the JSON answer to the same call.
SAMPLES: dict[str, list[tuple[list[str], Facts]]] = {
    "read": [
        (["src/app.py"], lambda d: [d["file"], d["meta"]["hash"], "return os.getcwd()"]),
        (["src/app.py", "--hash"], lambda d: [d["meta"]["hash"], f"{d['meta']['lines']} lines"]),
    ],
    "find": [
        (["src", "--flat"], lambda d: [e["path"] for e in d["flat"]]),
        (["."], lambda d: ["app.py", "helpers.py", f"of {d['stats']['total_files']} files"]),
    ],
    "exists": [
        (["getcwd"], lambda d: ["yes", d["file"], d["confidence"]]),
        (["nothing-like-this-anywhere"], lambda d: ["no", d["confidence"]]),
    ],
    "outline": [(["src/app.py"], lambda d: [d["file"], d["symbols"][0]["signature"]])],
    "context": [(["src/util"], lambda d: [d["target"], f"files: {d['stats']['files']}"])],
    "impact": [(["src/app.py"], lambda d: [d["target"], f"total: {d['stats']['total']}"])],
    "explain": [
        (
            ["main"],
            lambda d: [d["symbol"], d["definitions"][0]["file"], "def main()"],
        )
    ],
    "search": [
        (["getcwd", "--literal"], lambda d: [d["query"], *(f["file"] for f in d["files"])]),
        (["getcwd", "--literal", "--exists"], lambda d: ["yes", d["confidence"]]),
    ],
    # Two files without git (the sample repository's .git is not a real one).
    "diff": [
        (
            ["--no-index", "src/app.py", "src/web/page.ts"],
            lambda d: [d["summary"], "src/web/page.ts", "-import os", "+export function"],
        )
    ],
    "index": [([".", "--stats"], lambda d: [d["status"], f"{d['files_indexed']} files"])],
    "stats": [
        ([], lambda d: [p["label"] for p in d["periods"]] + ["calls", "fallback"]),
        (
            ["--by-command"],
            lambda d: [c["command"] for c in d["by_command"]] or ["no calls recorded"],
        ),
    ],
    "bench": [
        (
            ["."],
            lambda d: (
                [t["task"] for t in d["tasks"]]
                + [t["question"] for t in d["tasks"]]
                + [f"prx {d['prx_tokens']} tokens"]
            ),
        )
    ],
    # A dry run at project scope: nothing is written, the home directory is not read.
    "init": [
        (
            ["--client", "cursor"],
            lambda d: ["dry run", *(f"{f['action']:<9} {f['path']}" for f in d["files"])],
        )
    ],
    # A dry run: the file is not written, so both runs show the same change.
    "edit": [
        (
            ["src/app.py", "--find", "os.getcwd()", "--replace", "os.getcwdb()"],
            lambda d: [
                "dry run",
                d["files"][0]["hash_after"],
                f"line {d['changes'][0]['line']} in main (exact match)",
                "- " + d["changes"][0]["before"],
                "+ " + d["changes"][0]["after"],
            ],
        )
    ],
    # A dry run: nothing is written.
    "rename": [
        (
            ["helper_1", "helper_one", "src"],
            lambda d: [
                "helper_one",
                *(f["file"] for f in d["changes"]),
                *(f["engine"] for f in d["changes"]),
                "def helper_one():",
            ],
        )
    ],
    # (not the summary: it holds the duration, which differs between the two runs)
    "run": [(["echo", "hello"], lambda d: [d["tool"], "hello", "exit 0", "1 line of output"])],
    "plugins": [([], lambda d: [p["name"] for p in d["plugins"]] + ["runner_parser: "])],
    "config": [
        (
            [],
            lambda d: (
                [f"{row['name']:<20}" for row in d["settings"]]
                + [f"{f['scope']} file: {f['path']}" for f in d["files"]]
            ),
        )
    ],
    "bench-ndcg": [
        (
            ["dataset.json", "."],
            lambda d: [f"NDCG@{d['k']} {d['ndcg']:.4f}", *d["by_category"], "latency p50"],
        )
    ],
}


def _builtin_workspace(root: Any) -> Workspace:
    return Workspace(
        root,
        config=Config.from_env(
            {"PRX_HOME": os.environ["PRX_HOME"], "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}
        ),
    )


def _cli(root: Any, *argv: str, stdout: io.StringIO | None = None) -> tuple[int, str]:
    out = stdout if stdout is not None else io.StringIO()
    code = CliFrontend(_builtin_workspace(root), stdout=out).main(list(argv))
    return code, out.getvalue()


def _json_lines(text: str) -> list[str]:
    """``text`` itself and those of its lines that are JSON (a plain answer has none)."""
    found = []
    for line in [text, *text.splitlines()]:
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, (dict, list)):
            found.append(line)
    return found


def test_every_registered_operation_has_a_plain_sample(tmp_path):
    names = {op.name for op in _builtin_workspace(tmp_path).registry.operations()}
    assert sorted(names - set(SAMPLES)) == []


@pytest.mark.parametrize(
    ("command", "argv", "facts"),
    [(name, argv, facts) for name, calls in SAMPLES.items() for argv, facts in calls],
    ids=[f"{name}-{i}" for name, calls in SAMPLES.items() for i in range(len(calls))],
)
def test_plain_output_is_text_with_the_key_facts(repo, command, argv, facts):
    (repo / "dataset.json").write_text(json.dumps(DATASET))
    code, out = _cli(repo, command, *argv)
    envelope = json.loads(out)
    assert code == 0 and envelope["status"] == "ok", out
    plain_code, plain = _cli(repo, "--plain", command, *argv)
    assert plain_code == 0
    assert _json_lines(plain) == [] and plain.strip()
    for fact in facts(envelope["data"]):
        assert str(fact) in plain, (fact, plain)
    assert "\x1b[" not in plain  # not a terminal: no colour


def test_plain_errors_and_usage_errors(repo):
    code, out = _cli(repo, "--plain", "read", "nope.py")
    assert code == 1 and _json_lines(out) == []
    assert "file_not_found" in out and "nope.py" in out and "`prx find`" in out
    code, out = _cli(repo, "--plain", "serch", "x")
    assert code == 2 and _json_lines(out) == [] and "Did you mean 'search'?" in out


def test_plain_batch_answers_each_line_as_text(repo):
    stdin = '{"cmd": "exists", "pattern": "getcwd"}\n{"cmd": "read", "path": "nope.py"}\n'
    out = io.StringIO()
    frontend = CliFrontend(_builtin_workspace(repo), stdout=out, stdin=io.StringIO(stdin))
    assert frontend.main(["--plain", "batch"]) == 0
    text = out.getvalue()
    assert _json_lines(text) == []
    assert "yes (content: src/app.py)" in text and "file_not_found" in text


def test_a_plugin_command_without_a_layout_is_shown_as_keys_and_values():
    envelope = {
        "version": "0",
        "command": "greet",
        "status": "ok",
        "tokens": 1,
        "data": {"text": "hello, world", "count": 2, "ok": True, "tags": ["a", "b"], "none": None},
    }
    text = PlainRenderer().render(envelope)
    assert _json_lines(text) == []
    assert text.splitlines() == [
        "text: hello, world",
        "count: 2",
        "ok: yes",
        "tags:",
        "  - a",
        "  - b",
        "none: -",
    ]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(
    ("environ", "tty", "expected"),
    [
        ({}, True, True),
        ({}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"NO_COLOR": ""}, True, True),  # empty means unset
        ({"FORCE_COLOR": "1"}, False, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, False),  # NO_COLOR wins
        ({"TERM": "dumb"}, True, False),
        ({"TERM": "dumb", "FORCE_COLOR": "1"}, True, True),
    ],
)
def test_colour_follows_the_terminal_and_the_conventions(environ, tty, expected):
    stream = _Terminal() if tty else io.StringIO()
    assert wants_colour(stream, environ) is expected


def test_plain_is_coloured_on_a_terminal_only(repo, monkeypatch):
    for name in ("NO_COLOR", "FORCE_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    _, coloured = _cli(repo, "--plain", "read", "nope.py", stdout=_Terminal())
    assert "\x1b[" in coloured and "file_not_found" in coloured
    _, json_on_tty = _cli(repo, "read", "nope.py", stdout=_Terminal())
    assert "\x1b[" not in json_on_tty and json.loads(json_on_tty)["status"] == "error"
    monkeypatch.setenv("NO_COLOR", "1")
    _, plain = _cli(repo, "--plain", "read", "nope.py", stdout=_Terminal())
    assert "\x1b[" not in plain and "file_not_found" in plain
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    _, forced = _cli(repo, "--plain", "read", "nope.py")
    assert "\x1b[" in forced
