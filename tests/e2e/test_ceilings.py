"""Default ceilings: every answer given without --budget is bounded, says what it left out
and how to get it; --budget 0 lifts the limit."""

from __future__ import annotations

import json
import re
import sys

import locations
import pytest

import prx
from prx.core import budget as limits
from prx.core.envelope import dumps
from prx.core.errors import InvalidArgumentError
from prx.core.tokens import count_fast

DOCS = locations.DOCS


def _big_json(entries: int) -> str:
    # Pretty-printed, as the project's own tokenizer.json (683 KB, 193,540 tokens read whole).
    body = ",\n".join(
        f'    "token_{i:05}": {{"id": {i}, "merges": ["a{i}", "b{i}"]}}' for i in range(entries)
    )
    return "{\n" + body + "\n}\n"


def _many_functions(count: int, prefix: str = "f") -> str:
    return "".join(
        f"def {prefix}_{i:03}(value, other=None):\n    return value + {i}\n\n\n"
        for i in range(count)
    )


@pytest.fixture(scope="module")
def big_repo(tmp_path_factory):
    files: dict[str, str] = {
        "data/tokenizer.json": _big_json(6000),
        "src/huge.py": _many_functions(1000),
    }
    for d in range(12):
        for f in range(60):
            files[f"pkg/subpackage_{d:02}/module_with_a_long_name_{f:03}.py"] = _many_functions(
                4, prefix=f"m{f}"
            )
    root = tmp_path_factory.mktemp("big")
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    (root / ".git").mkdir()
    return root


def test_the_ceilings_are_named_below_the_maximum():
    ceilings = {name: value for name, value in vars(limits).items() if name.endswith("_CEILING")}
    assert set(ceilings) == {
        "READ_CEILING",
        "FIND_CEILING",
        "OUTLINE_CEILING",
        "SEARCH_CEILING",
        "RUN_CEILING",
        "DIFF_CEILING",
        "RENAME_CEILING",
        "FALLBACK_CEILING",
        "CONTEXT_CEILING",
        "IMPACT_CEILING",
        "EXPLAIN_CEILING",
    }
    assert all(0 < value < limits.ANSWER_MAX for value in ceilings.values())


def test_the_ceilings_are_documented():
    for page in ("cli.md", "envelope.md"):
        text = (DOCS / page).read_text()
        for name in ("READ_CEILING", "FIND_CEILING", "OUTLINE_CEILING", "SEARCH_CEILING"):
            value = getattr(limits, name)
            assert re.search(rf"\b{value:,}\b|\b{value}\b", text), (page, name)
        assert "--budget 0" in text, page


def test_a_large_file_is_cut_at_the_read_ceiling_with_a_way_on(run_cli, big_repo):
    env = run_cli("read", "data/tokenizer.json", cwd=big_repo).envelope
    assert env["tokens"] <= limits.READ_CEILING
    content = env["data"]["content"]
    assert content["truncated"] is True
    omitted = content["omitted"]
    assert omitted["reason"] == "ceiling"
    assert omitted["lines"]["end"] == env["data"]["meta"]["lines"]
    assert omitted["count"] == omitted["lines"]["end"] - omitted["lines"]["start"] + 1
    assert content["next_lines"] == f"{content['range']['end'] + 1}-{env['data']['meta']['lines']}"
    assert env["data"]["continuation_token"]
    assert "--budget 0" in content["snap_reason"]
    # Filled, not cut early: at least 80 % of the ceiling.
    assert env["tokens"] >= 0.8 * limits.READ_CEILING


def test_budget_zero_reads_everything(big_repo):
    ws = prx.Workspace(big_repo)
    text = (big_repo / "data/tokenizer.json").read_text()
    res = ws.read("data/tokenizer.json", budget=0)
    assert res.content.text == text and not res.content.truncated
    assert res.content.tokens > limits.READ_CEILING
    assert len(ws.find(".", budget=0).tree["pkg"]) == 12
    with pytest.raises(InvalidArgumentError, match="invalid argument budget"):
        ws.read("data/tokenizer.json", budget=-1)


def test_the_ceiling_pages_through_a_large_file_losing_nothing(big_repo):
    ws = prx.Workspace(big_repo)
    text = (big_repo / "src/huge.py").read_text()
    pieces, token = [], None
    while True:
        res = ws.read("src/huge.py", continue_token=token)
        pieces.append(res.content.text)
        if not res.content.truncated:
            break
        token = res.continuation_token
    assert len(pieces) > 1
    assert "".join(pieces) == text


def test_a_ranged_read_carries_only_the_outline_around_it(make_repo):
    repo = make_repo({"many.py": _many_functions(60)})
    ws = prx.Workspace(repo)
    # Lines 41-43 are inside f_010 (lines 41-42) and the blank line after it.
    res = ws.read("many.py", lines="41-43")
    names = [s.name for s in res.outline]
    assert names == ["f_010"]  # where the lines sit, not the neighbours
    full = ws.read("many.py", lines="41-43", full_outline=True)
    assert len(full.outline) == 60
    whole = ws.read("many.py")
    assert len(whole.outline) == 60  # a whole-file read keeps the whole outline


def test_a_ranged_read_outline_narrows_nested_symbols(make_repo):
    methods = "".join(f"    def m{i}(self):\n        return {i}\n\n" for i in range(30))
    repo = make_repo({"cls.py": f"class Big:\n{methods}\n\ndef after():\n    pass\n"})
    res = prx.Workspace(repo).read("cls.py", lines="32-33")  # inside m10 (lines 32-33)
    (big,) = res.outline
    assert big.name == "Big" and [m.name for m in big.children] == ["m10"]


def test_a_three_line_read_costs_little(run_cli, make_repo):
    repo = make_repo({"many.py": _many_functions(60)})
    narrow = run_cli("read", "many.py", "--lines", "41-43", cwd=repo).envelope
    full = run_cli("read", "many.py", "--lines", "41-43", "--full-outline", cwd=repo).envelope
    assert len(narrow["data"]["outline"]) == 1 and len(full["data"]["outline"]) == 60
    assert narrow["tokens"] < 300 < full["tokens"]


def _tree_files(tree, prefix=""):
    for name, node in tree.items():
        if "bytes" in node and isinstance(node.get("lines"), int):
            yield prefix + name
        else:
            yield from _tree_files(node, f"{prefix}{name}/")


def test_find_answers_one_view_under_its_ceiling_and_pages(run_cli, big_repo):
    env = run_cli("find", ".", cwd=big_repo).envelope
    data = env["data"]
    assert data["flat"] is None and data["tree"] is not None
    assert env["tokens"] <= limits.FIND_CEILING
    stats, omitted = data["stats"], data["omitted"]
    assert data["truncated"] is True and omitted["reason"] == "ceiling"
    assert omitted["count"] == stats["total_files"] - stats["returned"]
    assert omitted["tokens"] > 0
    seen = list(_tree_files(data["tree"]))
    token = data["continuation_token"]
    while token:
        page = run_cli("find", ".", "--continue", token, cwd=big_repo).envelope["data"]
        seen += _tree_files(page["tree"])
        token = page.get("continuation_token")  # left out on the last page
    assert len(seen) == len(set(seen)) == stats["total_files"] == 722


def test_find_flags_choose_the_views(run_cli, repo):
    flat = run_cli("find", ".", "--flat", cwd=repo).envelope["data"]
    assert flat["tree"] is None and flat["flat"]
    both = run_cli("find", ".", "--tree", "--flat", cwd=repo).envelope["data"]
    assert both["tree"] and both["flat"]
    tree = run_cli("find", ".", "--tree", cwd=repo).envelope["data"]
    assert tree["flat"] is None and tree["tree"]


def test_the_tree_is_the_cheaper_view_per_file(big_repo):
    ws = prx.Workspace(big_repo)
    tree = ws.find(".", view="tree", budget=0).stats.budget_used
    flat = ws.find(".", view="flat", budget=0).stats.budget_used
    assert tree < flat


@pytest.mark.slow  # ~6 s
def test_outline_of_a_directory_is_paged_under_its_ceiling(run_cli, big_repo):
    env = run_cli("outline", "pkg", cwd=big_repo).envelope
    assert env["tokens"] <= limits.OUTLINE_CEILING
    data = env["data"]
    assert data["truncated"] is True and data["omitted"]["reason"] == "ceiling"
    symbols = [(f["file"], s["name"]) for f in data["files"] for s in f["symbols"]]
    assert data["omitted"]["count"] == 12 * 60 * 4 - len(symbols)
    token = data["continuation_token"]
    ws = prx.Workspace(big_repo)
    while token:
        page = ws.outline("pkg", continue_token=token)
        symbols += [(f.file, s.name) for f in page.files for s in f.symbols]
        token = page.continuation_token
    assert len(symbols) == len(set(symbols)) == 12 * 60 * 4
    whole = prx.Workspace(big_repo).outline("pkg", budget=0)
    assert not whole.truncated and sum(len(f.symbols) for f in whole.files) == 12 * 60 * 4


def test_a_rename_lists_its_lines_under_its_ceiling_and_says_how_to_see_them_all(run_cli, big_repo):
    # `value` is a parameter of each of the 1000 functions of src/huge.py: 2000 lines.
    env = run_cli("rename", "value", "amount", "src", cwd=big_repo).envelope
    assert env["tokens"] <= limits.RENAME_CEILING
    data = env["data"]
    listed = sum(len(f["lines"]) for f in data["changes"])
    assert data["truncated"] is True and data["omitted"]["reason"] == "ceiling"
    assert 0 < listed and listed + data["omitted"]["count"] == 2000
    assert data["total_replacements"] == 2000
    assert any("--budget 0" in note for note in data["notes"])
    whole = prx.Workspace(big_repo).rename("value", "amount", "src", budget=0)
    assert not whole.truncated and sum(len(f.lines) for f in whole.changes) == 2000


def test_outline_of_a_large_file_is_paged_with_its_lines(big_repo):
    ws = prx.Workspace(big_repo)
    first = ws.outline("src/huge.py", budget=600)
    assert first.truncated and 0 < len(first.symbols) < 1000
    assert first.omitted.lines.start == first.symbols[-1].lines.end + 3
    assert first.omitted.lines.end == 3998
    assert first.omitted.count == 1000 - len(first.symbols)
    rest = ws.outline("src/huge.py", budget=0, continue_token=first.continuation_token)
    assert len(first.symbols) + len(rest.symbols) == 1000


def test_search_stays_under_its_ceiling(run_cli, big_repo):
    env = run_cli("search", "return value", "--literal", "-k", "1000", cwd=big_repo).envelope
    assert env["tokens"] <= limits.SEARCH_CEILING
    assert env["data"]["truncated"] is True and env["data"]["continuation_token"]


def test_run_stays_under_its_ceiling(run_cli, repo):
    code = "for i in range(20000): print('line', i, 'of a long verbatim output')"
    env = run_cli("run", "--raw", sys.executable, "-c", code, cwd=repo).envelope
    # run's ceiling bounds the report (data), as its --budget does.
    assert count_fast(dumps(env["data"])) <= limits.RUN_CEILING
    assert env["tokens"] <= limits.ANSWER_MAX
    assert env["data"]["omitted_lines"] > 0 and env["data"]["raw_path"]


def test_the_fallback_is_capped_by_its_ceiling(big_repo, monkeypatch):
    import io

    from prx.core.config import Config
    from prx.frontends.cli.frontend import CliFrontend

    def broken(*args, **kwargs):
        raise IndexError("simulated bug")

    monkeypatch.setattr("prx.commands.read.engine.read_file", broken)
    monkeypatch.chdir(big_repo)
    config = Config.from_env({"PRX_HOME": str(big_repo / ".home")})
    stdout = io.StringIO()
    code = CliFrontend(prx.Workspace(big_repo, config=config), stdout=stdout).main(
        ["read", "data/tokenizer.json"]
    )
    assert code == 0
    env = json.loads(stdout.getvalue())
    assert env["fallback"] is True and env["data"]["truncated"] is True
    assert env["tokens"] <= limits.ANSWER_MAX
    assert "cut by the default ceiling" in env["data"]["raw"]


@pytest.mark.parametrize(
    "argv",
    [
        ("read", "data/tokenizer.json"),
        ("read", "src/huge.py"),
        ("read", "src/huge.py", "--outline"),
        ("read", "src/huge.py", "--skeleton"),
        ("read", "data/tokenizer.json", "--mode", "entropy"),
        ("find", "."),
        ("find", ".", "--flat"),
        ("find", ".", "--tree", "--flat"),
        ("outline", "."),
        ("outline", "src/huge.py"),
        ("search", "value", "--literal", "-k", "500"),
        ("search", "def $NAME($$$ARGS): $$$BODY", "--structural", "-k", "500"),
        ("exists", "no such text anywhere"),
        ("stats",),
    ],
)
def test_no_default_answer_exceeds_the_maximum(run_cli, big_repo, argv):
    env = run_cli(*argv, cwd=big_repo).envelope
    assert env["status"] == "ok", env
    assert env["tokens"] <= limits.ANSWER_MAX
