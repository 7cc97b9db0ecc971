"""prx-example against the contracts of the current prx, and installed as a plugin."""

from __future__ import annotations

import prx_example.hooks
from prx.testing import LanguageContract, RerankerContract, RunnerParserContract
from prx_example.rerank import ShortPathFirst
from prx_example.wc import WcParser
from prx_example.zig import ZIG

ZIG_SOURCE = (
    'const std = @import("std");\n\n'
    "pub fn add(a: i32, b: i32) i32 {\n    return a + b;\n}\n\n"
    "fn main() void {\n    _ = add(1, 2);\n}\n"
)


class TestWc(RunnerParserContract):
    parser = WcParser
    argv = ("wc", "-l", "README.md")


class TestZig(LanguageContract):
    language = ZIG
    sample_file = "src/main.zig"
    sample = ZIG_SOURCE
    symbols = ("add", "main")


class TestShortPathFirst(RerankerContract):
    reranker = ShortPathFirst


def test_wc_reads_counts(register_plugin):
    from prx.plugin import RawRun

    raw = RawRun(
        argv=("wc", "-l", "a", "b"),
        exit_code=0,
        stdout="  3 a\n 10 b\n 13 total\n",
        stderr="",
        duration_ms=1,
    )
    parsed = WcParser().parse(raw)
    assert parsed.headline == "2 file(s) counted"
    assert parsed.items == ["3 a", "10 b", "13 total"]


def test_registered_through_the_hooks(register_plugin, make_repo):
    ws = register_plugin(prx_example.hooks, root=make_repo({"src/main.zig": ZIG_SOURCE}))
    assert "wc" in [p.NAME for p in ws.registry.runner_parsers()]
    assert "short-path-first" in [r.NAME for r in ws.registry.rerankers()]
    outline = ws.outline("src/main.zig")
    assert [s.name for s in outline.symbols] == ["add", "main"]


def test_installed_entry_point_is_found(run_cli, make_repo):
    # The distribution is installed (nox -s plugins): the real CLI finds it by itself.
    repo = make_repo({"notes.txt": "a\nb\n"})
    run = run_cli("run", "wc", "-l", "notes.txt", cwd=repo, env={"PRX_PLUGINS": "example"})
    assert run.envelope["data"]["tool"] == "wc", run.stdout
    listing = run_cli("plugins", cwd=repo, env={"PRX_PLUGINS": "example"}).envelope["data"]
    (entry,) = [p for p in listing["plugins"] if p["name"] == "example"]
    assert entry["dist"].replace("_", "-") == "prx-example" and entry["version"] == "0.1.0"
    assert entry["registers"]["runner_parser"] == ["wc"]
