"""`read --budget` spends its budget: the text fills the room the budget leaves, the cut is
reported truthfully, and continuing returns the whole file once."""

from __future__ import annotations

import functools
import json

import locations
import pytest

import prx
import prx.types  # used as prx.types.X: not loaded by `import prx` alone
from prx.core.budget import ENVELOPE_RESERVE, data_tokens
from prx.core.envelope import ok_envelope
from prx.core.errors import BudgetExceededError
from prx.core.record import replace
from prx.core.tokens import count_exact

ROOT = locations.ROOT
REAL_FILES = (
    "prx/commands/read/fit.py",
    "prx/commands/search/engine.py",
    "docs/cli.md",
    "pyproject.toml",
    "tests/conftest.py",
)
BUDGETS = (300, 400, 600, 1000, 1500, 2000, 3000)


def _synthetic() -> dict[str, str]:
    doc = '"""' + "\n".join(f"Line {i} of a long module docstring." for i in range(60)) + '"""\n'
    functions = "".join(
        f"def step_{i}(data):\n    total = sum(data) + {i}\n    return total * {i}\n\n\n"
        for i in range(150)
    )
    methods = "".join(
        f"    def handle_{i}(self, event):\n        self.seen.append(event)\n"
        f"        return len(self.seen) + {i}\n\n"
        for i in range(120)
    )
    quoted = "".join(
        f'  "key_{i}": "value with \\"quotes\\" and \\t tabs {i}",\n' for i in range(400)
    )
    long_lines = "".join(f"{i}: " + "word " * 60 + "\n" for i in range(200))
    return {
        "docstring_first.py": doc + functions,
        "functions.py": functions,
        "handlers.py": f"class Handlers:\n{methods}\n\ndef main():\n    return Handlers()\n",
        "quoted.json": "{\n" + quoted + '  "end": true\n}\n',
        "long_lines.txt": long_lines,
    }


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = tmp_path_factory.mktemp("corpus")
    for name, text in _synthetic().items():
        (root / name).write_text(text)
    for rel in REAL_FILES:
        target = root / "real" / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text((ROOT / rel).read_text())
    names = sorted(_synthetic()) + [f"real/{rel}" for rel in REAL_FILES]
    return prx.Workspace(root), names


def walk_symbols(symbols):
    for symbol in symbols:
        yield symbol
        yield from walk_symbols(symbol.children)


def _envelope_tokens(result) -> int:
    return ok_envelope("read", result, count=count_exact)["tokens"]


# Large enough for any file here (and valid before budget 0 meant "no limit").
EVERYTHING = 10**9


@functools.cache
def _symbol_ends(ws, name) -> set[int]:
    outline = ws.read(name, outline_only=True, budget=EVERYTHING).outline or ()
    return {s.lines.end for s in walk_symbols(outline)}


def _check_fill(ws, name, budget, res):
    content = res.content
    assert _envelope_tokens(res) <= budget, (name, budget)
    # The room the budget leaves for text: all of it but the envelope and the fixed fields.
    bare = replace(res, content=replace(content, text=""), outline=None)
    room = budget - ENVELOPE_RESERVE - data_tokens(bare, count_exact)
    text_cost = data_tokens(replace(res, outline=None), count_exact) - data_tokens(
        bare, count_exact
    )
    lines = (ws.root / name).read_text().split("\n")
    next_line = lines[content.range.end] if content.range.end < len(lines) else ""
    next_cost = count_exact(json.dumps(next_line + "\n")) - 2
    # Filled to 80 % of the room, give or take the one line that did not fit.
    assert text_cost >= 0.8 * room - next_cost, (name, budget, text_cost, room, next_cost)
    if room >= 500:
        assert text_cost >= 0.8 * room, (name, budget, text_cost, room)


def _check_boundary(ws, name, res):
    """The stated boundary is true."""
    content = res.content
    boundary = content.omitted.boundary
    kept = content.text.split("\n")[:-1]  # the text ends with a newline
    last_text = content.range.end
    while len(kept) > 1 and not kept[-1].strip():
        kept.pop()
        last_text -= 1
    ends = _symbol_ends(ws, name)
    if boundary == "symbol_boundary":
        assert last_text in ends, (name, last_text)
    else:
        assert boundary == "line", boundary
    if content.snap_reason and "ends" in content.snap_reason:
        assert boundary == "symbol_boundary"


def test_a_budgeted_read_fills_its_budget_and_says_where_it_cut(corpus):
    ws, names = corpus
    cuts = []
    for name in names:
        whole = ws.read(name, budget=EVERYTHING)
        for budget in BUDGETS:
            res = ws.read(name, budget=budget)
            if _envelope_tokens(whole) <= budget:
                assert res.content.text == whole.content.text and res.outline == whole.outline
                continue
            if not res.content.truncated:  # the text fits once the outline is left out
                assert whole.outline and res.outline is None
                assert "outline omitted to fit the budget" in res.notes
                assert _envelope_tokens(res) <= budget
                continue
            assert res.content.truncated and res.content.omitted.reason == "budget"
            _check_fill(ws, name, budget, res)
            cuts.append((name, res))
    assert len(cuts) > 40
    for name, res in cuts:
        _check_boundary(ws, name, res)


@pytest.mark.slow  # ~6 s over its budgets
@pytest.mark.parametrize("budget", [400, 1500])
def test_continuing_returns_the_whole_file_once(corpus, budget):
    ws, names = corpus
    for name in names:
        text = (ws.root / name).read_text()
        pieces, token, expected_start = [], None, 1
        for _ in range(500):
            res = ws.read(name, budget=budget, continue_token=token)
            assert res.content.range.start == expected_start
            assert _envelope_tokens(res) <= budget
            pieces.append(res.content.text)
            if not res.content.truncated:
                break
            expected_start = res.content.range.end + 1
            if getattr(res.content.omitted, "boundary", None) == "within_line":
                expected_start -= 1  # the rest of that line comes first
            assert res.content.next_lines == f"{expected_start}-{res.meta.lines}"
            token = res.continuation_token
        assert "".join(pieces) == text, name


def test_a_cut_inside_a_docstring_is_not_called_a_symbol_boundary(corpus):
    ws, _ = corpus
    res = ws.read("docstring_first.py", budget=300)
    assert res.content.range.end < 60  # still inside the docstring
    assert "symbol" not in res.content.snap_reason and "ends" not in res.content.snap_reason
    assert res.content.omitted.boundary == "line"


def test_a_cut_at_a_function_end_names_it(corpus):
    ws, _ = corpus
    found = False
    for budget in range(600, 900, 17):
        res = ws.read("functions.py", budget=budget)
        if res.content.omitted.boundary == "symbol_boundary":
            found = True
            last = res.content.text.rstrip("\n").split("\n")[-1]
            number = last.rsplit(" ", 1)[-1]
            assert f"`step_{number}` ends" in res.content.snap_reason
    assert found


def test_a_line_longer_than_the_budget_is_cut_inside(make_repo):
    repo = make_repo({"min.js": "var x=" + "1," * 4000 + "0;\nvar y=2;\n"})
    ws = prx.Workspace(repo)
    for budget in (800, 2000):
        res = ws.read("min.js", budget=budget)
        content = res.content
        assert content.truncated and content.omitted.boundary == "within_line"
        assert content.range == prx.types.LineRange(start=1, end=1)
        assert content.omitted.lines == prx.types.LineRange(start=1, end=2)
        assert content.next_lines == "1-2" and res.continuation_token
        assert any("line 1 alone exceeds" in note for note in res.notes)
        assert content.text.startswith("var x=1,1,")
    # Continuing resumes inside the line: nothing lost, nothing repeated.
    pieces, token = [], None
    while True:
        res = ws.read("min.js", budget=800, continue_token=token)
        assert _envelope_tokens(res) <= 800
        pieces.append(res.content.text)
        if not res.content.truncated:
            break
        token = res.continuation_token
    assert len(pieces) > 2
    assert "".join(pieces) == (repo / "min.js").read_text()


def test_a_budget_below_the_fixed_fields_is_refused(corpus):
    ws, _ = corpus
    with pytest.raises(BudgetExceededError, match="cannot hold"):
        ws.read("functions.py", budget=120)


def test_a_mode_that_saves_nothing_says_so(make_repo):
    names = ("alpha", "beta", "gamma", "delta", "epsilon")
    text = "".join(f"def {n}(x):\n    return x * {len(n)} + {n!r}\n\n" for n in names)
    repo = make_repo({"plain.py": text})
    res = prx.Workspace(repo).read("plain.py", mode="entropy")
    assert res.content.text == text
    (note,) = [n for n in res.notes if "--mode entropy" in n]
    plain = prx.Workspace(repo).read("plain.py").content.tokens
    assert "saved nothing" in note and f"{plain} for the plain read" in note
    assert f"{res.content.tokens} tokens of text" in note


def test_a_mode_that_saves_keeps_quiet(make_repo):
    lines = [f"log.info('step {i}')" for i in range(40)]
    repo = make_repo({"r.js": "\n".join(lines) + "\n"})
    res = prx.Workspace(repo).read("r.js", mode="entropy")
    assert not [n for n in res.notes if "--mode" in n]


def test_an_empty_file_under_a_tiny_budget_is_a_budget_error_not_a_crash(tmp_path):
    # Its metadata alone exceeds the budget: there is no line to keep the start of.
    import pytest

    import prx
    from prx.core.errors import BudgetExceededError

    (tmp_path / "empty.py").write_text("")
    for mode in (None, "aggressive"):
        options = {"mode": mode} if mode else {}
        with pytest.raises(BudgetExceededError, match="metadata of empty.py"):
            prx.read("empty.py", budget=50, root=tmp_path, **options)
    assert prx.read("empty.py", budget=500, root=tmp_path).meta.lines == 0


@pytest.mark.slow  # ~5 s
def test_a_cut_at_a_symbol_end_still_fits_whatever_the_continuation_token(corpus, monkeypatch):
    """The answer names where it cut (``cut where `X` ends``), longer than the reason it
    counted while searching for the cut; the continuation token's hash (of the file's
    absolute path) moves the answer's size by a few tokens. Swept over many hashes, a
    budgeted read never exceeds its budget (it did by up to 4 tokens, about 1 path in 10)."""
    import hashlib

    from prx.core import continuation

    ws, names = corpus
    over = []
    for seed in range(60):
        digest = hashlib.sha256(str(seed).encode()).hexdigest()[:10]
        monkeypatch.setattr(continuation, "fingerprint", lambda *parts, d=digest: d)
        for name in ("real/pyproject.toml", "real/docs/cli.md"):
            for budget in (1000, 1500):
                tokens = _envelope_tokens(ws.read(name, budget=budget))
                if tokens > budget:
                    over.append((seed, name, budget, tokens))
    assert over == []
