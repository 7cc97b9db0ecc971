"""BM25 scored from raw postings equals a plain, term-by-term reference implementation, and
the float32 arithmetic of the vectorised scoring it replaced, bit for bit."""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np

from prx.engine.corpus.bm25 import K1, B, BM25Index
from prx.engine.corpus.tokenize import split_identifier, tokenize


def reference_scores(docs, query, k1=K1, b=B):
    n = len(docs)
    average = sum(len(d) for d in docs) / n
    df = Counter(t for d in docs for t in set(d))
    out = []
    for doc in docs:
        counts = Counter(doc)
        score = 0.0
        for term in query:
            tf = counts[term]
            if tf:
                idf = math.log((n - df[term] + 0.5) / (df[term] + 0.5) + 1)
                score += idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(doc) / average))
        out.append(score)
    return np.array(out)


def dense(scores, n):
    return np.array([scores.get(i, 0.0) for i in range(n)])


def vectorised_float32(docs, query, k1=K1, b=B):
    """What prx computed before scoring moved to raw postings: float64 weights cast to
    float32 per posting, then a float32 sum, term after term."""
    n = len(docs)
    lengths = np.array([len(d) for d in docs], np.float64)
    average = float(lengths.mean())
    norm = k1 * (1 - b + b * lengths / average)
    out = np.zeros(n, np.float32)
    for term, times in Counter(query).items():
        holders = [i for i, d in enumerate(docs) if term in d]
        if not holders:
            continue
        df = len(holders)
        idf = math.log((n - df + 0.5) / (df + 0.5) + 1.0)
        tf = np.array([docs[i].count(term) for i in holders], np.float64)
        weights = (idf * tf * (k1 + 1) / (tf + norm[holders])).astype(np.float32)
        out[holders] += weights * times
    return out


def _random_corpus(
    seed: int, *, vocabulary: int, longest: int, count: int
) -> tuple[random.Random, list[str], list[list[str]]]:
    """A seeded generator, its words and ``count`` documents of up to ``longest`` of them."""
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(vocabulary)]
    docs = [[rng.choice(words) for _ in range(rng.randint(0, longest))] for _ in range(count)]
    return rng, words, docs


def test_scores_match_the_reference_on_random_documents():
    rng, words, docs = _random_corpus(7, vocabulary=60, longest=40, count=300)
    index = BM25Index.build(docs)
    for _ in range(20):
        query = [rng.choice(words) for _ in range(rng.randint(1, 4))]
        scores = index.scores(query)
        assert np.allclose(dense(scores, len(docs)), reference_scores(docs, query), atol=1e-4)
        # float32 as before, exactly: repeated terms, several terms per document.
        query += query[:1]
        expected = vectorised_float32(docs, query)
        got = dense(index.scores(query), len(docs)).astype(np.float32)
        assert np.array_equal(got, expected)


def test_unknown_terms_and_empty_corpus():
    index = BM25Index.build([["a", "b"], ["b"]])
    assert index.scores(["zzz"]) == {}
    assert "a" in index and "zzz" not in index
    assert BM25Index.build([]).scores(["a"]) == {}


def test_identifier_splitting():
    assert split_identifier("getHTTPResponse") == ("gethttpresponse", "get", "http", "response")
    assert split_identifier("XMLParser") == ("xmlparser", "xml", "parser")
    assert split_identifier("my_func") == ("my_func", "my", "func")
    assert split_identifier("_private") == ("_private",)
    assert split_identifier("naïve_größe") == ("naïve_größe", "naïve", "größe")
    assert tokenize("x = fooBar(1)") == ["x", "foobar", "foo", "bar"]


def test_ascii_text_is_tokenised_as_by_the_unicode_pattern():
    import random

    from prx.engine.corpus.tokenize import _ASCII_IDENT, _IDENT

    rng = random.Random(0)
    alphabet = "aZ_09 .(\n\t-" + "".join(chr(c) for c in range(32, 127))
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
        assert _ASCII_IDENT.findall(text) == _IDENT.findall(text), text
    assert tokenize("naïve_größe + fooBar") == [
        "naïve_größe",
        "naïve",
        "größe",
        "foobar",
        "foo",
        "bar",
    ]


def test_the_numpy_scoring_is_the_plain_one_bit_for_bit(monkeypatch):
    # A word query loads numpy for its embeddings, and BM25 then scores with it: the same
    # floats as the plain path (a search with and without numpy loaded must rank alike).
    import sys

    from prx.engine.corpus import bm25

    rng, words, docs = _random_corpus(3, vocabulary=80, longest=60, count=500)
    index = BM25Index.build(docs)
    for _ in range(40):
        query = [rng.choice(words) for _ in range(rng.randint(1, 6))]
        weights = {query[0]: 0.6} if rng.random() < 0.5 else None
        vectorised = bm25.score_terms(index, query, weights=weights)
        with monkeypatch.context() as patch:
            patch.delitem(sys.modules, "numpy")
            plain = bm25.score_terms(index, query, weights=weights)
        assert vectorised == plain
        assert all(type(v) is float for v in vectorised.values())


def test_the_best_documents_are_the_same_with_numpy(monkeypatch):
    import sys

    from prx.engine.corpus import bm25

    rng = random.Random(5)
    scores = {
        rng.randrange(100_000): rng.choice([0.5, 1.0, 1.5, rng.random()]) for _ in range(20_000)
    }
    for k in (1, 10, 150, 30_000):
        vectorised = bm25.top_sparse(scores, k)
        with monkeypatch.context() as patch:
            patch.delitem(sys.modules, "numpy")
            plain = bm25.top_sparse(scores, k)
        assert vectorised == plain


def test_the_best_scores_are_taken_from_the_array_as_from_every_score(monkeypatch):
    """top_scores (the retriever's path) gives what top_sparse of every score gives:
    the same documents, the same floats, ties by document, with numpy and without."""
    import sys

    from prx.engine.corpus import bm25

    rng, words, docs = _random_corpus(11, vocabulary=12, longest=8, count=3000)
    index = BM25Index.build(docs)  # few words, short documents: many equal scores
    for _ in range(60):
        query = [rng.choice(words) for _ in range(rng.randint(1, 4))]
        weights = {query[0]: 0.6} if rng.random() < 0.5 else None
        for k in (0, 1, 7, 150, 5000):
            expected = bm25.top_sparse(bm25.score_terms(index, query, weights=weights), k)
            assert bm25.top_scores(index, query, k, weights) == expected
            with monkeypatch.context() as patch:
                patch.delitem(sys.modules, "numpy")
                assert bm25.top_scores(index, query, k, weights) == expected
