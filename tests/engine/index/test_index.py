"""The persistent index: identical results, incremental updates, crash and race safety,
corruption detection."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading

import killpoint
import pytest

import prx
from prx.engine.index.build import load_current
from prx.engine.index.store import current_dir

from envelopes import hits

QUERIES = [
    "SessionStore",
    "how are invoices rendered",
    "issue a token for a user",
    "verify_password",
    "render",
]


def _repo(make_repo, copies=1):
    from demo_project import FILES

    files = {}
    for n in range(copies):
        prefix = f"pkg{n}/" if copies > 1 else ""
        files.update({prefix + name: text for name, text in FILES.items()})
    return make_repo(files)


def _answers(root):
    ws = prx.Workspace(root)
    return [[(m.file, m.line, round(m.relevance, 4)) for m in hits(ws.search(q))] for q in QUERIES]


def test_search_results_are_identical_with_and_without_the_index(make_repo):
    repo = _repo(make_repo)
    without = _answers(repo)
    result = prx.Workspace(repo).index()
    assert result.status == "built" and result.files_indexed == 6 and current_dir(str(repo))
    assert prx.Workspace(repo).search("verify_password").index == "index"
    assert _answers(repo) == without


def test_queries_score_the_mapped_embeddings_in_place(make_repo):
    # "No full read of the embeddings": the dense retriever scores the index's
    # memory-mapped (dim x chunks) matrix itself, never a copy loaded into memory.
    import mmap

    import numpy as np

    from prx.engine.retrieval.engine import engine_for

    repo = _repo(make_repo)
    ws = prx.Workspace(repo)
    ws.index()
    ws.search("issue a token for a user")
    dense = engine_for(ws, str(repo)).retrievers["dense"]
    columns = dense.columns
    assert columns.flags["C_CONTIGUOUS"] and columns.shape[1] == len(dense.corpus.chunks)
    base = columns
    while isinstance(base, np.ndarray) and base.base is not None:
        base = base.base
    if isinstance(base, memoryview):  # np.frombuffer over the mapping
        base = base.obj
    assert isinstance(base, mmap.mmap)


def test_a_stale_index_is_topped_up_and_says_so(make_repo):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    (repo / "billing" / "invoice.py").write_text(
        "def refund_everything():\n    return 'refunded'\n"
    )
    (repo / "billing" / "new.py").write_text("RATE = 0.21\n")
    stale = prx.Workspace(repo).search("refund_everything")
    assert stale.index == "index (stale: 2 changed files read now)"
    assert stale.files[0].file == "billing/invoice.py"
    shutil.rmtree(repo / ".prx")
    assert _answers(repo) == [
        [(m.file, m.line, round(m.relevance, 4)) for m in hits(prx.Workspace(repo).search(q))]
        for q in QUERIES
    ]


def test_incremental_update_reuses_unchanged_files(make_repo):
    repo = _repo(make_repo)
    ws = prx.Workspace(repo)
    assert ws.index().status == "built"
    assert ws.index().status == "up_to_date"
    (repo / "auth" / "tokens.py").write_text("def issue_token(user):\n    return str(user)\n")
    update = ws.index()
    assert (update.status, update.files_changed, update.files_unchanged) == ("updated", 1, 5)
    (repo / "README.md").unlink()
    removed = ws.index()
    assert removed.files_removed == 1 and removed.files_indexed == 5
    rebuilt = ws.index(rebuild=True)
    assert rebuilt.status == "built" and rebuilt.files_changed == 5


def test_the_index_ignores_itself_and_is_never_committed(make_repo):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    assert (repo / ".prx" / ".gitignore").read_text().strip().endswith("*")
    assert not any(
        e.path.startswith(".prx") for e in prx.Workspace(repo).find(".", view="flat").flat
    )


#: Every artifact, and a call that reads it (a search reads all but the two last).
_READERS = {
    "manifest.json": "search",
    "files.tab": "search",
    "chunks.tab": "search",
    "texts.tab": "search",
    "terms.tab": "search",
    "postings.tab": "search",
    "embeddings.tab": "search",
    "defs.tab": "search",
    "importers.tab": "search",
    "bloom.tab": "exists",
    "imports.json": "impact",
}


@pytest.mark.parametrize("artifact", sorted(_READERS))
def test_each_corrupted_artifact_is_detected_and_never_trusted(make_repo, artifact):
    repo = _repo(make_repo)
    clean = prx.Workspace(repo).search("issue a token for a user", top_k=5)
    prx.Workspace(repo).index()
    assert sorted(os.listdir(current_dir(str(repo)))) == sorted([*_READERS, ".prx-index"])
    path = os.path.join(current_dir(str(repo)), artifact)
    data = bytearray(open(path, "rb").read())
    data[len(data) // 2] ^= 0xFF
    open(path, "wb").write(bytes(data))
    loaded, problem = load_current(prx.Workspace(repo), str(repo))
    assert loaded is None and "index" in problem
    # The full check names it.
    with pytest.raises(prx.PrxError) as caught:
        prx.Workspace(repo).index(verify=True)
    assert caught.value.code == "index_corrupted" and artifact in caught.value.message
    # A call that reads it answers without the index, and says why; never a wrong answer.
    ws = prx.Workspace(repo)
    if _READERS[artifact] == "search":
        res = ws.search("issue a token for a user", top_k=5)
        assert res.index == "built" and res.files == clean.files
        assert "index ignored" in res.warning and "--rebuild" in res.warning
        assert ws.search("SessionStore").files[0].file == "auth/login.py"
    elif _READERS[artifact] == "exists":
        assert ws.exists("class SessionStore", mode="content").exists
        assert not ws.exists("no such text anywhere", mode="content").exists
    else:
        res = ws.impact("auth/login.py")
        assert res.graph == "built"
    assert prx.Workspace(repo).index().status == "built"  # rebuilt, not trusted
    assert prx.Workspace(repo).index(verify=True).status == "verified"


def test_an_index_of_another_format_is_refused(make_repo):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    manifest = os.path.join(current_dir(str(repo)), "manifest.json")
    content = json.load(open(manifest))
    content["format"] = 999
    json.dump(content, open(manifest, "w"))
    loaded, problem = load_current(prx.Workspace(repo), str(repo))
    assert loaded is None and "format 999" in problem


def _cli(*args, cwd):
    code = "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))"
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )


def test_two_concurrent_index_runs_leave_one_valid_index(make_repo):
    repo = _repo(make_repo, copies=6)
    first, second = _cli("index", ".", cwd=repo), _cli("index", ".", "--rebuild", cwd=repo)
    outputs = [json.loads(p.communicate(timeout=300)[0]) for p in (first, second)]
    assert all(o["status"] == "ok" for o in outputs)
    loaded, problem = load_current(prx.Workspace(repo), str(repo))
    assert problem is None and len(loaded.corpus.files) == 36
    assert len([n for n in os.listdir(repo / ".prx") if n.startswith("index-")]) <= 2


@pytest.mark.slow  # fault injection
def test_a_killed_build_leaves_the_previous_index_intact(make_repo):
    repo = _repo(make_repo, copies=12)
    prx.Workspace(repo).index()
    rebuild = ["index", ".", "--rebuild"]
    steps = killpoint.count_steps(rebuild, repo, os.environ, timeout=60)
    for n in range(12):
        (repo / f"pkg{n}" / "auth" / "tokens.py").write_text(
            f"def issue_token(user):\n    return {n}\n"
        )
    # Killed in its first, middle and last quarter: processing files, writing tables,
    # publishing (tests/killpoint.py: the same points of the code on any machine).
    for step in (steps // 4, steps // 2, steps * 3 // 4):
        status = killpoint.kill_at(step, rebuild, repo, os.environ, timeout=60)
        assert status == -signal.SIGKILL, (step, steps)
        loaded, problem = load_current(prx.Workspace(repo), str(repo))
        assert problem is None and loaded is not None  # whichever index CURRENT names is whole
    # The next run recovers (the kernel released the dead writer's lock) and cleans up.
    assert prx.Workspace(repo).index().status in ("built", "updated", "up_to_date")
    assert len([n for n in os.listdir(repo / ".prx") if n.startswith("index-")]) <= 2


def test_a_reader_during_rebuilds_never_fails_or_sees_a_mix(make_repo):
    repo = _repo(make_repo, copies=4)
    prx.Workspace(repo).index()
    stop = threading.Event()
    failures = []

    def read():
        while not stop.is_set():
            loaded, problem = load_current(prx.Workspace(repo), str(repo))
            if loaded is None:
                failures.append(problem)
            elif len(loaded.corpus.chunks) != loaded.bm25.doc_count:
                failures.append("chunk table and BM25 disagree")

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for _ in range(3):
            proc = _cli("index", ".", "--rebuild", cwd=repo)
            assert json.loads(proc.communicate(timeout=300)[0])["status"] == "ok"
    finally:
        stop.set()
        reader.join()
    assert failures == []


def test_an_update_links_what_it_left_unchanged_and_stays_correct(make_repo, monkeypatch):
    from prx.engine.index import delta
    from prx.engine.index.build import build_index

    repo = _repo(make_repo)
    ws = prx.Workspace(repo)
    memory = {}
    build_index(ws, ".", memory=memory)
    first = current_dir(str(repo))
    login = repo / "auth" / "login.py"
    login.write_text(login.read_text() + "# a comment: same chunks' symbols, same imports\n")
    # A few changed files: a delta over the same tables, every one of them linked.
    assert build_index(ws, ".").status == "updated"
    second = current_dir(str(repo))
    assert "delta.tab" in os.listdir(second) and "delta.tab" not in os.listdir(first)
    for name in ("chunks.tab", "texts.tab", "postings.tab", "embeddings.tab", "defs.tab"):
        assert (
            os.stat(os.path.join(first, name)).st_ino == os.stat(os.path.join(second, name)).st_ino
        )
    assert _answers(repo) == _answers_without_index(repo)
    # Past the delta's limit the tables are written anew, linking what did not change.
    monkeypatch.setattr(delta, "delta_limit", lambda base: 0)
    login.write_text(login.read_text() + "# another comment\n")
    assert build_index(ws, ".").status == "updated"  # from disk (lazy load)
    third = current_dir(str(repo))
    assert "delta.tab" not in os.listdir(third)
    for name in ("defs.tab", "imports.json"):
        assert (
            os.stat(os.path.join(second, name)).st_ino == os.stat(os.path.join(third, name)).st_ino
        )
    assert (
        os.stat(os.path.join(second, "texts.tab")).st_ino
        != os.stat(os.path.join(third, "texts.tab")).st_ino
    )
    # Then a change of definitions and imports, from the index kept in memory.
    memory.clear()
    build_index(ws, ".", memory=memory)
    login.write_text(
        "from billing.invoice import InvoiceRenderer\n\ndef brand_new_login():\n    pass\n"
    )
    assert build_index(ws, ".", memory=memory).files_changed == 1
    loaded, problem = load_current(ws, str(repo))
    assert problem is None
    names = {d.name for d in loaded.corpus.definitions}
    assert "brand_new_login" in names and "SessionStore" not in names and "issue_token" in names
    assert [e[1] for e in loaded.edges["auth/login.py"]] == ["billing/invoice.py"]
    assert any("brand_new_login" in c.text for c in loaded.corpus.chunks)
    assert _answers(repo) == _answers_without_index(repo)


def test_a_delta_update_answers_as_a_rebuilt_index(make_repo):
    repo = _repo(make_repo)
    ws = prx.Workspace(repo)
    ws.index()
    login = repo / "auth" / "login.py"
    login.write_text(
        "from billing.invoice import InvoiceRenderer\n\ndef brand_new_login():\n    pass\n"
    )
    (repo / "auth" / "extra.py").write_text("def issue_extra_token(user):\n    return user\n")
    (repo / "README.md").unlink()
    result = ws.index()
    assert (result.status, result.files_changed, result.files_removed) == ("updated", 2, 1)
    assert "delta.tab" in os.listdir(current_dir(str(repo)))
    assert prx.Workspace(repo).search("brand_new_login").index == "index"
    assert _answers(repo) == _answers_without_index(repo)
    graph = prx.Workspace(repo).impact("billing/invoice.py")
    assert "auth/login.py" in {d.file for d in graph.dependents}
    # Unchanged since: nothing to do; a touch is stamped anew without reading the file.
    assert ws.index().status == "up_to_date"
    os.utime(login, None)
    assert ws.index().status == "up_to_date"
    # The next full write folds the delta in.
    rebuilt = ws.index(rebuild=True)
    assert rebuilt.status == "built" and "delta.tab" not in os.listdir(current_dir(str(repo)))
    assert _answers(repo) == _answers_without_index(repo)


def _answers_without_index(repo):
    copy = repo.parent / (repo.name + "-copy")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(repo, copy, ignore=shutil.ignore_patterns(".prx"))
    return _answers(copy)


def test_search_leaves_the_import_graph_on_disk_until_something_needs_it(make_repo):
    from prx.engine.index.artifacts import ensure_loaded

    repo = _repo(make_repo)
    ws = prx.Workspace(repo)
    ws.index()
    full, _ = load_current(ws, str(repo))
    light, _ = load_current(ws, str(repo), graph=False)
    assert full is not None and light is not None and full.edges
    assert light.unloaded == frozenset({"graph"}) and light.imports == {} and light.edges == {}
    ensure_loaded(light, "graph")
    assert (light.imports, light.edges) == (full.imports, full.edges) and not light.unloaded


@pytest.mark.parametrize("artifact", sorted(name for name in _READERS if name != "manifest.json"))
def test_a_truncated_artifact_is_refused_when_opened(make_repo, artifact):
    # A table's size is checked when it is opened: nothing of a truncated one is read.
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    path = os.path.join(current_dir(str(repo)), artifact)
    size = os.path.getsize(path)
    os.truncate(path, size - 7)
    with pytest.raises(prx.PrxError) as caught:
        prx.Workspace(repo).index(verify=True)
    assert caught.value.code == "index_corrupted" and artifact in caught.value.message
    if _READERS[artifact] == "search":
        result = prx.Workspace(repo).search("issue a token for a user")
        assert result.index == "built" and "index ignored" in result.warning
    assert prx.Workspace(repo).index().status == "built"


def test_a_delta_update_copies_its_tables_where_there_are_no_hard_links(make_repo, monkeypatch):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()

    def no_links(source, target, **kwargs):
        raise OSError(1, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    login = repo / "auth" / "login.py"
    login.write_text(login.read_text() + "# changed\n")
    assert prx.Workspace(repo).index().status == "updated"
    assert "delta.tab" in os.listdir(current_dir(str(repo)))
    assert prx.Workspace(repo).index(verify=True).status == "verified"
    assert _answers(repo) == _answers_without_index(repo)
