"""A ranked search over several roots as one ranking (``--fusion joint``, the default):
the union corpus scores as one index over the roots side by side would, the root holding
the answer leads, pages continue across roots, and a change in any root is seen."""

from __future__ import annotations

import os

import pytest

import prx
from prx.engine.corpus.bm25 import BM25Index
from prx.engine.corpus.corpus import enrich
from prx.engine.corpus.tokenize import tokenize
from prx.engine.retrieval.engine import engine_for
from prx.engine.retrieval.union import part_of, union_corpus, union_key

from envelopes import assert_ok

CONFIG = {
    "README.md": "# config tools\n",
    "conf/loader.py": (
        "def load_configuration_file(path):\n"
        "    '''Parse the configuration file at path into a dict of settings.'''\n"
        "    settings = {}\n"
        "    for line in open(path):\n"
        "        key, _, value = line.partition('=')\n"
        "        settings[key.strip()] = value.strip()\n"
        "    return settings\n"
    ),
    "conf/merge.py": (
        "def merge_settings(base, extra):\n"
        "    '''Settings of extra over those of base.'''\n"
        "    return {**base, **extra}\n"
    ),
}
OTHER = {
    "src/shapes.py": (
        "def circle_area(radius):\n    return 3.14159 * radius * radius\n\n\n"
        "def square_area(side):\n    return side * side\n"
    ),
    "src/render.py": (
        "def render_file(path, shapes):\n"
        "    '''Write the shapes to a file.'''\n"
        "    with open(path, 'w') as out:\n"
        "        out.write(repr(shapes))\n"
    ),
    "docs/guide.md": "# Guide\n\nDraw shapes and compute their area.\n",
}


@pytest.fixture
def here(make_repo):
    return make_repo(OTHER, git=True)


@pytest.fixture
def there(make_repo):
    return make_repo(CONFIG, git=True)


def test_union_bm25_and_similarity_are_one_index_over_the_roots(here, there, run_cli):
    """BM25 with the statistics of every root's chunks together, and each chunk's
    similarity, exactly as one index built over all of them gives."""
    assert_ok(run_cli("index", cwd=there).envelope, "index")  # one read from an index
    first = engine_for(prx.Workspace(here), str(here))  # one built in memory
    second = engine_for(prx.Workspace(there), str(there))
    union = union_corpus([first, second])
    chunks = [*first.corpus.chunks, *second.corpus.chunks]
    assert len(union.chunks) == len(chunks)
    assert [part_of(c.file) for c in union.chunks] == [
        (0 if i < len(first.corpus.chunks) else 1, c.file) for i, c in enumerate(chunks)
    ]
    whole = BM25Index.build(tokenize(enrich(c)) for c in chunks)
    for words in (["file"], ["configuration", "file", "path"], ["area", "radius", "side"]):
        assert union.prebuilt["bm25"].scores(words) == whole.scores(words)
        # The same words score differently in a root alone: its own statistics.
        alone = first.retrievers["bm25"].index.scores(words)  # type: ignore[attr-defined]
        assert any(alone[d] != whole.scores(words)[d] for d in alone)
    from prx.engine.corpus.query_embed import query_embedder

    vector = query_embedder().encode(["parse a settings file"])[0]
    scores = union.prebuilt["dense_scores"]()(vector)
    dense = [engine.retrievers["dense"] for engine in (first, second)]
    expected = [*dense[0].scores(vector), *dense[1].scores(vector)]  # type: ignore[attr-defined]
    assert scores.tolist() == pytest.approx(expected, abs=1e-6)
    # A name no part holds (a plugin's candidate may name any file) is simply absent.
    for stranger in ("conf/loader.py", "7//conf/loader.py", "x//y", "", "-1//a"):
        assert stranger not in union.files and union.files.get(stranger) is None
        assert union.chunks_of(stranger) == range(0)
        assert union.definitions_in(stranger) == []
    key = union_key(1, "conf/loader.py")
    assert union.files[key].path == key
    assert [d.name for d in union.definitions_in(key)] == ["load_configuration_file"]
    assert union.definitions.lookup("merge_settings")[0][0].file == union_key(1, "conf/merge.py")  # type: ignore[attr-defined]


def test_the_root_holding_the_answer_leads_with_relevance_against_every_root(run_cli, here, there):
    other = os.path.relpath(there, here)
    query = "parse the configuration file into settings"
    answer = assert_ok(
        run_cli("search", query, ".", other, "--semantic", cwd=here).envelope, "search"
    )
    hits = [(f["file"], m["relevance"]) for f in answer["files"] for m in f["matches"]]
    assert hits[0] == (f"{other}//conf/loader.py", 1.0)
    own = [relevance for file, relevance in hits if "//" not in file]
    assert own and max(own) < 1.0  # this root's best hit, measured against the other's
    # Each root ranked alone and merged: every root's first hit is 1.0 in its own root.
    merged = assert_ok(
        run_cli(
            "search", query, ".", other, "--semantic", "--fusion", "evidence", cwd=here
        ).envelope,
        "search",
    )
    alone = [m["relevance"] for f in merged["files"] if "//" not in f["file"] for m in f["matches"]]
    assert max(alone) == 1.0


def test_pages_continue_across_roots_without_repeats_or_gaps(run_cli, here, there):
    other = os.path.relpath(there, here)
    args = ["search", "file path settings shapes area", ".", other, "--semantic"]
    whole = assert_ok(run_cli(*args, "-k", "10", cwd=here).envelope, "search")
    expected = [(f["file"], m["line"]) for f in whole["files"] for m in f["matches"]]
    seen: list[tuple[str, int]] = []
    token = None
    while True:
        more = ["--continue", token] if token else []
        page = assert_ok(run_cli(*args, "-k", "3", *more, cwd=here).envelope, "search")
        seen += [(f["file"], m["line"]) for f in page["files"] for m in f["matches"]]
        token = page.get("continuation_token")
        if token is None or len(seen) >= len(expected):
            break
    assert seen[: len(expected)] == expected


def test_a_change_in_one_root_is_seen_by_the_next_search(here, there, monkeypatch):
    monkeypatch.setenv("PRX_FRESHNESS_SECONDS", "0")
    ws = prx.Workspace(here)
    other = os.path.relpath(there, here)
    query = "xylophone tuning frequencies"
    before = ws.search(query, ".", roots=[other], mode="hybrid")
    assert all("tuning.py" not in f.file for f in before.files)
    (there / "conf" / "tuning.py").write_text(
        "def xylophone_tuning(frequencies):\n"
        "    '''Tune the xylophone to the frequencies given.'''\n"
        "    return sorted(frequencies)\n"
    )
    after = ws.search(query, ".", roots=[other], mode="hybrid")
    assert after.files[0].file == f"{other}//conf/tuning.py"


def test_filters_and_a_folder_root_keep_to_their_files(run_cli, here, there):
    other = os.path.relpath(there, here)
    answer = assert_ok(
        run_cli("search", "file shapes settings", "src", other, "--semantic", cwd=here).envelope,
        "search",
    )
    files = {f["file"] for f in answer["files"]}
    assert files and all(f.startswith(("src/", f"{other}//")) for f in files)
    roots = {r["root"]: r for r in answer["roots"]}
    assert roots[other]["status"] == "ok" and roots["."]["status"] == "ok"
    only = assert_ok(
        run_cli(
            "search", "settings file", ".", other, "--semantic", "--include", "*.md", cwd=here
        ).envelope,
        "search",
    )
    assert only["files"] and all(f["file"].endswith(".md") for f in only["files"])


def test_a_symbol_search_lists_the_identifier_in_every_root(run_cli, here, there):
    (there / "conf" / "use.py").write_text(
        "from conf.loader import load_configuration_file\n\nload_configuration_file('x')\n"
    )
    (here / "src" / "use.py").write_text("load_configuration_file = None\n")
    other = os.path.relpath(there, here)
    answer = assert_ok(
        run_cli("search", "load_configuration_file", ".", other, cwd=here).envelope,
        "search",
    )
    assert answer["mode"] == "symbol"
    assert answer["files"][0]["file"] == f"{other}//conf/loader.py"
    places = {o["file"] for o in answer["occurrences"]}
    assert {"src/use.py", f"{other}//conf/use.py", f"{other}//conf/loader.py"} <= places


class _Postings:
    """A part's postings as a damaged or crafted index might hold them."""

    def __init__(self, docs, tfs):
        self.docs, self.tfs = docs, tfs
        self.doc_count, self.total_length = 2, 10

    def term_postings(self, term):
        return (list(self.docs), list(self.tfs)) if term == "t" else None

    def lengths_of(self, docs):
        return [5] * len(docs)


def test_a_parts_posting_past_its_chunks_numbers_no_other_parts_chunk():
    from types import SimpleNamespace

    from prx.engine.retrieval.union import UnionPostings, _Parts

    parts = _Parts([SimpleNamespace(chunks=[0, 1]), SimpleNamespace(chunks=[0, 1])])
    postings = UnionPostings(parts, [_Postings([0, 3], [1, 7]), _Postings([-1, 1], [2, 4])])
    assert postings.term_postings("t") == ([0, 3], [1, 4])  # 3: part 1's chunk 1, tf 4
    docs, tfs = postings.term_arrays("t")
    assert docs.tolist() == [0, 3] and tfs.tolist() == [1, 4]
    assert set(postings.scores(["t"])) == {0, 3}


@pytest.mark.parametrize("every", ["0", "1000"])
def test_a_symbol_search_checks_each_root_against_its_tree_once(
    here, there, run_cli, monkeypatch, every
):
    """The ranking and the lines holding the name read one finding per root: checked
    once when the check is due, and not at all while a warm engine's check is recent."""
    from prx.engine.index import freshness

    for root in (here, there):
        assert_ok(run_cli("index", cwd=root).envelope, "index")
    monkeypatch.setenv("PRX_FRESHNESS_SECONDS", every)
    ws = prx.Workspace(here)
    other = os.path.relpath(there, here)
    ws.search("load_configuration_file", ".", roots=[other])  # engines loaded
    checked: list[str] = []
    real = freshness._journaled
    monkeypatch.setattr(
        freshness, "_journaled", lambda root, *rest: checked.append(root) or real(root, *rest)
    )
    answer = ws.search("load_configuration_file", ".", roots=[other])
    assert {o.file for o in answer.occurrences} == {f"{other}//conf/loader.py"}
    assert sorted(checked) == (sorted([str(here), str(there)]) if every == "0" else [])
    alone = ws.search("circle_area", ".")
    assert [o.file for o in alone.occurrences] == ["src/shapes.py"]
    assert len(checked) == (3 if every == "0" else 0)
