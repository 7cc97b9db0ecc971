"""The ranked pipeline's fast path: built-in retrievers and stages exchange chunk indices
and scores (a Pool) instead of candidates; it must rank exactly as the public interfaces."""

from __future__ import annotations

import random

import numpy as np
import pytest

import prx
from prx.commands.search.engine import _best_line
from prx.engine.corpus.tokenize import tokenize
from prx.engine.ranking.stages import CoherenceReranker
from prx.engine.retrieval.engine import DEPTH, engine_for
from prx.engine.retrieval.fusion import fuse, weights_for
from prx.engine.retrieval.query import expand_abbreviations, symbol_name
from prx.engine.retrieval.retrievers import top_chunks
from prx.plugin.search import Query

_SERVICE = '''"""Session {n}: login, tokens and cache handling."""

import os
from auth.tokens import issue_token


class SessionStore{n}:
    """Keeps the active sessions of users in memory."""

    def open_session(self, user_id):
        token = issue_token(user_id)
        return token

    def close_session(self, token):
        return os.environ.get(token)


def render_invoice_{n}(invoice):
    """Render an invoice and its tax total."""
    return str(invoice)
'''


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    root = tmp_path_factory.mktemp("pipeline")
    files = {
        # Identical files in several folders: fused scores tie, so tie order is exercised.
        **{f"pkg{i % 3}/service_{i}.py": _SERVICE.format(n=i % 4) for i in range(12)},
        "tests/test_service.py": "def test_session():\n    assert open_session(1)\n",
        "docs/sessions.md": "# Sessions\n\nHow login sessions and tokens work.\n",
        "pkg0/__init__.py": "from pkg0.service_0 import SessionStore0\n",
        # Many chunks of one file: coherence and saturation have work to do.
        "pkg2/sessions.py": "".join(
            f'def open_session_{i}(user, token):\n    """Login session {i}."""\n'
            + "    cache = token * 2\n" * 12
            + "    return user\n\n\n"
            for i in range(40)
        ),
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    ws = prx.Workspace(root)
    return engine_for(ws, str(root))


def _query(text: str, mode: str) -> Query:
    return Query(
        text=text,
        mode=mode,
        tokens=tuple(tokenize(expand_abbreviations(text))),
        symbol=symbol_name(text) if mode == "symbol" else None,
    )


QUERIES = [
    ("how are login sessions opened", "hybrid"),
    ("render invoice tax total", "hybrid"),
    ("test session docs", "hybrid"),
    ("SessionStore2", "symbol"),
    ("open_session", "symbol"),
    ("sessionstore1", "symbol"),
]


@pytest.mark.parametrize(("text", "mode"), QUERIES)
def test_the_pool_path_ranks_as_the_public_interfaces(engine, text, mode):
    query = _query(text, mode)
    pool = 20
    # What a plugin sees: every retriever's candidates, fused, then each stage's rerank().
    rankings = {n: r.search(query, pool * DEPTH) for n, r in engine.retrievers.items()}
    candidates = fuse(engine.corpus, rankings, weights_for(mode, list(rankings)), pool * 2)
    for stage in engine.pipeline:
        candidates = stage.rerank(query, candidates, engine.corpus)
    expected = candidates[:pool]
    if mode == "hybrid":  # the case the pool path must get right: files with several chunks
        assert len({c.file for c in expected}) < len(expected)
    assert engine.ranked(query, pool) == expected


def test_a_stage_that_overrides_rerank_is_called(engine):
    class Reversed(CoherenceReranker):
        def rerank(self, query, candidates, corpus):
            return list(reversed(super().rerank(query, candidates, corpus)))

    query = _query("how are login sessions opened", "hybrid")
    before = engine.ranked(query, 10)
    saved = engine.pipeline
    engine.pipeline = [*saved[:-1], Reversed(saved[-1].ctx)]
    try:
        after = engine.ranked(query, 10)
    finally:
        engine.pipeline = saved
    assert after != before
    assert after[0].score <= after[-1].score  # the override's order, not the ranked one


def test_top_chunks_keeps_the_first_of_the_chunks_tied_at_the_cut():
    scores = np.array([0.5, 0.9, 0.5, 0.0, 0.5, 0.7, 0.5, -1.0], dtype=np.float32)
    assert top_chunks(scores, 4) == (
        [1, 5, 0, 2],
        [0.8999999761581421, 0.699999988079071, 0.5, 0.5],
    )
    assert top_chunks(scores, 2)[0] == [1, 5]
    assert top_chunks(scores, 20)[0] == [1, 5, 0, 2, 4, 6]  # never a score of 0 or less
    assert top_chunks(scores, 0) == ([], [])
    rng = np.random.default_rng(0)
    for low in [-4, -2, -1] * 100:  # mostly non-positive (BM25-like) to mostly positive
        values = rng.integers(low, 4, size=50).astype(np.float32)
        k = int(rng.integers(1, 60))
        expected = sorted((i for i in range(50) if values[i] > 0), key=lambda i: (-values[i], i))
        assert top_chunks(values, k)[0] == expected[:k]


def _best_line_by_lines(text: str, words: list[str]) -> int:
    best, line = 0, -1
    for offset, row in enumerate(text.split("\n")):
        hits = sum(1 for w in words if w in row.lower())
        if hits > best:
            best, line = hits, offset
    return line


def test_best_line_is_the_first_line_with_most_query_words():
    rng = random.Random(0)
    vocabulary = ["how", "Session", "token", "tokens", "login", "x", "\n", " ", "İ", "are"]
    for _ in range(500):
        text = "".join(rng.choice(vocabulary) for _ in range(rng.randint(0, 60)))
        words = [rng.choice(["session", "token", "login", "are", "how"]) for _ in range(3)]
        assert _best_line(text, words) == _best_line_by_lines(text, words), (text, words)


def test_one_short_text_embeds_as_in_a_batch():
    from prx.engine.corpus.embed import default_embedder

    embedder = default_embedder()
    padding = "def f(x):\n    return x\n" * 200  # long enough for the vectorised route
    for text in ["how are sessions opened", "getHTTPResponse(x) -> int", "naïve größe", "", "!!"]:
        alone = embedder.encode([text])[0]
        assert np.array_equal(alone, embedder.encode([text, padding])[0]), text
        assert embedder.token_ids([text]) == embedder.token_ids([text], fast=False)


def test_saturation_decays_each_files_chunks_in_ranked_order_whatever_the_pool_order():
    from prx.engine.ranking.pool import Pool
    from prx.engine.ranking.stages import SaturationReranker

    pool = Pool(
        [0, 1, 2, 3], ["a", "a", "b", "a"], [1, 9, 1, 5], [4, 12, 4, 8], [1, 3, 2, 2], [""] * 4
    )
    stage = SaturationReranker(None)
    # Ranked: a:9 (3), a:5 (2), b:1 (2), a:1 (1); a's second chunk x 0.3, its third x 0.09.
    scores = stage.rescore(_query("x y", "hybrid"), pool, None)
    assert scores == pytest.approx([0.09, 3, 2, 0.6])


def test_similarities_are_the_product_on_both_sides_of_the_blas_threshold():
    from prx.engine.retrieval.retrievers import _SMALL_PRODUCT, similarities

    rng = np.random.default_rng(0)
    vector = rng.standard_normal(256).astype(np.float32)
    for rows in (3, _SMALL_PRODUCT // 256, _SMALL_PRODUCT // 256 + 1):
        matrix = rng.standard_normal((rows, 256)).astype(np.float32)
        columns = np.ascontiguousarray(matrix.T)  # chunks are columns
        np.testing.assert_allclose(
            similarities(columns, vector), matrix @ vector, rtol=1e-5, atol=1e-4
        )


def test_mostly_imports_counts_lines_as_a_line_by_line_match_does():
    from prx.engine.corpus.importlines import IMPORT_LINE as _IMPORT_LINE
    from prx.engine.corpus.importlines import mostly_imports

    def by_lines(text: str) -> bool:
        lines = [line for line in text.split("\n") if line.strip()]
        if len(lines) < 3:
            return False
        return sum(1 for line in lines if _IMPORT_LINE.match(line)) / len(lines) > 0.6

    rng = random.Random(0)
    pieces = [
        "import os",
        "from a.b import c",
        "use std::io;",
        "#include <x>",
        "x = 1",
        "require('y')",
        "  ",
        "\t",
        "\r",
        "\x0c",
        "\u2028",
        "\xa0",
        "\n",
        "\n",
        "\n",
        "export * from 'z'",
        "const q = require('q')",
        "from  import",
        "def f():",
    ]
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        assert mostly_imports(text) == by_lines(text), repr(text)
    assert mostly_imports("import a\nimport b\nfrom c import d\nx = 1\n")
    assert not mostly_imports("import a\nimport b\n")  # fewer than three lines


def test_chunk_definitions_are_those_starting_in_the_chunk(engine):
    corpus = engine.corpus
    for index in reversed(range(len(corpus.chunks))):  # from the end: other files first
        chunk = corpus.chunks[index]
        assert corpus.chunk_definitions(index) == [
            d
            for d in corpus.definitions_in(chunk.file)
            if chunk.start_line <= d.start_line <= chunk.end_line
        ]
    assert sum(len(corpus.chunk_definitions(i)) for i in range(len(corpus.chunks))) > 40


def test_guided_batches_take_every_file_once_largest_first_and_shrink():
    from prx.engine.corpus.corpus import MIN_BATCH_BYTES, guided_batches

    sizes = [(n * 7919) % 997 * 400 for n in range(120)]
    batches = guided_batches(list(range(120)), sizes, 2)
    flat = [n for batch in batches for n in batch]
    assert sorted(flat) == list(range(120))
    assert [sizes[n] for n in flat] == sorted(sizes, reverse=True)
    totals = [sum(sizes[n] for n in batch) for batch in batches]
    assert totals[0] > totals[len(totals) // 2] > 0  # later batches are smaller
    assert all(total >= MIN_BATCH_BYTES for total in totals[:-1])


def test_the_parallel_corpus_build_equals_the_in_process_one(make_repo, monkeypatch):
    # The worker route (batches of files, BM25 terms as integer arrays, embeddings made
    # here as batches come back) builds exactly the corpus the in-process route builds.
    from demo_project import FILES

    from prx.engine.corpus import corpus as corpus_module

    files = {f"pkg{n}/{name}": text for n in range(4) for name, text in FILES.items()}
    for n in range(3):  # files of many chunks, so terms must land in the right chunk
        files[f"long{n}.py"] = "".join(
            f"def step_{n}_{i}(value):\n    # turn the value by {i}\n"
            + "".join(f"    value = value * {i} + {j}  # token invoice\n" for j in range(8))
            + "    return value\n\n\n"
            for i in range(40)
        )
    repo = make_repo(files)
    ws = prx.Workspace(repo)
    alone = corpus_module.build_corpus(ws, str(repo), workers=1, embed=True)
    monkeypatch.setattr(corpus_module, "PARALLEL_BYTES", 0)
    spread = corpus_module.build_corpus(ws, str(repo), workers=2, embed=True)
    assert spread.chunks == alone.chunks and len(alone.chunks) > 60
    assert spread.definitions == alone.definitions and spread.files == alone.files
    np.testing.assert_array_equal(spread.prebuilt["embeddings"], alone.prebuilt["embeddings"])
    # Both routes gather batches the same way: the oracles embed and tokenise every chunk
    # afresh.
    from prx.engine.corpus.embed import default_embedder

    fresh = default_embedder().encode([corpus_module.enrich(c) for c in alone.chunks])
    np.testing.assert_allclose(spread.prebuilt["embeddings"], fresh, rtol=1e-6, atol=1e-7)
    from prx.engine.corpus.bm25 import BM25Index
    from prx.engine.corpus.tokenize import tokenize

    ours = spread.prebuilt["bm25"]
    theirs = BM25Index.build(tokenize(corpus_module.enrich(c)) for c in alone.chunks)
    for query in (["token"], ["invoice", "render"], ["session", "store", "user"], ["turn", "6"]):
        np.testing.assert_array_equal(ours.scores(query), theirs.scores(query))
