"""An index's BM25 vocabulary answers the same ids by binary search and, once a process
has looked up many terms, from the dictionary it reads whole."""

from __future__ import annotations

import prx
from prx.engine.index import reader as reader_module
from prx.engine.retrieval.engine import engine_for

from envelopes import assert_ok


def test_a_vocabulary_read_whole_answers_as_its_binary_search(make_repo, run_cli, monkeypatch):
    files = {
        f"m{i}.py": f"def handler_{i}(request, body_{i}):\n    return body_{i}\n" for i in range(30)
    }
    repo = make_repo(files, git=True)
    assert_ok(run_cli("index", cwd=repo).envelope, "index")
    monkeypatch.setattr(reader_module, "_LOOKUPS_BEFORE_WHOLE", 40)
    engine = engine_for(prx.Workspace(repo), str(repo))
    terms = engine.retrievers["bm25"].index._base.terms  # type: ignore[attr-defined]
    words = terms.all()
    asked = [*words, "absent", "zzz", "", "handler_99", *words[:5]]
    before = [terms.get(word) for word in asked[:40]]
    assert terms._ids is None  # still bisecting
    after = [terms.get(word) for word in asked]
    assert terms._ids is not None  # read whole after 40 lookups
    assert after[:40] == before
    assert after[: len(words)] == list(range(len(words)))
    assert after[len(words) : len(words) + 4] == [None, None, None, None]


def test_a_vocabulary_larger_than_the_cap_keeps_bisecting(make_repo, run_cli, monkeypatch):
    repo = make_repo({"a.py": "def alpha(beta, gamma):\n    return beta\n"}, git=True)
    assert_ok(run_cli("index", cwd=repo).envelope, "index")
    monkeypatch.setattr(reader_module, "_LOOKUPS_BEFORE_WHOLE", 2)
    monkeypatch.setattr(reader_module, "_WHOLE_TERMS_MAX", 1)
    engine = engine_for(prx.Workspace(repo), str(repo))
    terms = engine.retrievers["bm25"].index._base.terms  # type: ignore[attr-defined]
    answers = [terms.get(word) for word in [*terms.all(), *terms.all()]]
    assert terms._ids is None
    assert answers == [*range(terms.count), *range(terms.count)]
