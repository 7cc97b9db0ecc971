"""Incremental BM25 postings equal a build from scratch; scores equal BM25Index's."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from prx.engine.corpus.bm25 import BM25Index
from prx.engine.corpus.tokenize import tokenize
from prx.engine.index import postings as postings_module
from prx.engine.index.postings import Postings
from prx.engine.index.terms import count_terms


def _pairs(documents, vocabulary, first=0):
    docs, ids, tfs, lengths = [], [], [], []
    for number, tokens in enumerate(documents):
        counts = Counter(tokens)
        for term, tf in counts.items():
            docs.append(first + number)
            ids.append(vocabulary.setdefault(term, len(vocabulary)))
            tfs.append(tf)
        lengths.append(len(tokens))
    return (
        np.array(docs, np.int64),
        np.array(ids, np.int64),
        np.array(tfs, np.uint32),
        np.array(lengths, np.int64),
    )


def _random_docs(rng, count):
    words = [f"w{i}" for i in range(60)]
    return [[rng.choice(words) for _ in range(rng.randint(0, 30))] for _ in range(count)]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("global_search", [False, True])
def test_an_update_equals_a_build_from_scratch(seed, global_search, monkeypatch):
    if global_search:
        monkeypatch.setattr(postings_module, "GLOBAL_SEARCH", 0)
    rng = random.Random(seed)
    old = _random_docs(rng, 40)
    vocabulary: dict[str, int] = {}
    docs, ids, tfs, lengths = _pairs(old, vocabulary)
    base = Postings.build(len(vocabulary), docs, ids, tfs, lengths)
    # Replace a run of documents by new ones (another count), keep the rest in order.
    start, end = sorted(rng.sample(range(41), 2))
    fresh = _random_docs(rng, rng.randint(0, 8))
    final = old[:start] + fresh + old[end:]
    kept = np.full(len(old), -1, np.int64)
    kept[:start] = np.arange(start)
    kept[end:] = np.arange(start + len(fresh), start + len(fresh) + len(old) - end)
    new_docs, new_ids, new_tfs, _ = _pairs(fresh, vocabulary, first=start)
    all_lengths = np.array([len(d) for d in final], np.int64)
    updated = base.update(len(vocabulary), kept, new_docs, new_ids, new_tfs, all_lengths)
    names = list(vocabulary)
    updated, names = updated.compact(names)
    scratch_vocabulary: dict[str, int] = {term: i for i, term in enumerate(names)}
    d, i, t, n = _pairs(final, scratch_vocabulary)
    scratch = Postings.build(len(names), d, i, t, n)
    assert np.array_equal(updated.offsets, scratch.offsets)
    assert np.array_equal(updated.docs, scratch.docs)
    assert np.array_equal(updated.tfs, scratch.tfs)
    # Same weights as the in-memory BM25 over the token sequences.
    reference = BM25Index.build(final)
    ours = updated.bm25(names)
    for term in names:
        assert ours.scores([term]) == reference.scores([term])


def test_batch_term_counts_equal_counting_tokens():
    texts = [
        "def getHTTPResponse(self, user_id):\n    return self.cache[user_id]\n",
        "naïve_größe = café + ÉCOLE; x1 = 1x; __init__ HTTPResponse a_b__c",
        "",
        "class SessionStore:\n    sessions = {}\n" * 3,
    ]
    counts = count_terms(texts)
    at = 0
    for number, text in enumerate(texts):
        span = int(counts.spans[number])
        got = {
            counts.vocabulary[int(counts.ids[at + j])]: int(counts.tfs[at + j]) for j in range(span)
        }
        assert got == dict(Counter(tokenize(text)))
        assert int(counts.lengths[number]) == len(tokenize(text))
        at += span
