"""A search over an index the tree has moved away from: the changed files are read now and
overlaid, numbered as a rebuilt index numbers them, so the answers are exactly those of a
rebuilt index (and of no index at all); and the quick check finds every kind of change."""

from __future__ import annotations

import os
import shutil

import pytest
from programs import needs

import prx
from prx.engine.index.freshness import changes
from prx.engine.index.reader import IndexReader
from prx.engine.index.store import current_dir, read_manifest

from envelopes import hits

QUERIES = [
    "SessionStore",
    "how are invoices rendered",
    "issue a token for a user",
    "verify_password",
    "render",
    "RATE",
    "refund everything",
]
#: Two identical files: their chunks tie on every score, so their order is the chunk order.
TWIN = "def render_twin(invoice):\n    return f'twin {invoice}'\n"


def _repo(make_repo):
    from demo_project import FILES

    return make_repo({**FILES, "billing/twin_a.py": TWIN, "billing/twin_b.py": TWIN})


def _answers(root, **options):
    ws = prx.Workspace(root)
    out = []
    for query in QUERIES:
        result = ws.search(query, top_k=20, **options)
        out.append([(m.file, m.line, m.relevance, m.snippet) for m in hits(result)])
    return out, ws.search(QUERIES[0]).index


def _rebuilt(root):
    """The answers after ``prx index`` (no overlay), then with no index at all."""
    prx.Workspace(root).index()
    indexed, origin = _answers(root)
    assert origin == "index"
    shutil.rmtree(root / ".prx")
    plain, origin = _answers(root)
    assert origin == "built"
    return indexed, plain


def _edit_in_place(root):
    path = root / "billing" / "invoice.py"
    path.write_text(path.read_text() + "\ndef refund_everything():\n    return 'refunded'\n")


def _save_by_rename(root):
    # As editors save: write a temporary file, rename it over the old one.
    path = root / "auth" / "login.py"
    temporary = root / "auth" / ".login.py.swp"
    temporary.write_text(path.read_text().replace("SessionStore", "SessionStore  # kept"))
    os.replace(temporary, path)


def _add(root):
    (root / "billing" / "new.py").write_text("RATE = 0.21\n\ndef refund_everything():\n    pass\n")
    (root / "billing" / "twin_0.py").write_text(TWIN)  # before the twins in walk order


def _remove(root):
    (root / "billing" / "twin_a.py").unlink()


def _rename(root):
    os.rename(root / "billing" / "twin_b.py", root / "billing" / "twin_c.py")


def _to_binary(root):
    (root / "README.md").write_bytes(b"\x00\x01binary now")


def _ignore(root):
    (root / ".gitignore").write_text("billing/twin_*.py\n")


@pytest.mark.parametrize(
    ("change", "relist"),
    [
        (_edit_in_place, False),
        (_save_by_rename, False),
        (_to_binary, False),
        (_add, True),
        (_remove, True),
        (_rename, True),
        (_ignore, True),
    ],
)
def test_a_stale_index_answers_as_a_rebuilt_one(make_repo, change, relist):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    directory = current_dir(str(repo))
    change(repo)
    found = changes(str(repo), IndexReader(directory, read_manifest(directory)), 1 << 20)
    assert found.relist == relist
    stale, origin = _answers(repo)
    assert origin.startswith("index (stale: ")
    indexed, plain = _rebuilt(repo)
    assert stale == indexed == plain


def test_an_unchanged_tree_is_answered_from_the_index_without_a_walk(make_repo, monkeypatch):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    # Directories changed during the build are listed again; not once the tree settled.
    prx.Workspace(repo).index()
    import prx.engine.files.walk as walk_module

    def no_walk(*args, **kwargs):
        raise AssertionError("walked")

    monkeypatch.setattr(walk_module, "walk", no_walk)
    result = prx.Workspace(repo).search("verify_password")
    assert result.index == "index" and hits(result)[0].file == "auth/login.py"
    (repo / "auth" / "login.py").write_text("def verify_password():\n    return True\n")
    result = prx.Workspace(repo).search("verify_password")
    assert result.index == "index (stale: 1 changed files read now)"


def _loaded_after_search(repo, query, watched):
    """Which of the ``watched`` modules a fresh process has loaded after searching."""
    import subprocess
    import sys

    code = (
        f"import sys, prx; r = prx.Workspace(sys.argv[1]).search({query!r});"
        "assert r.files, r; "
        f"print(sorted(m for m in {tuple(watched)!r} if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(repo)], capture_output=True, text=True, check=True
    )
    return out.stdout.strip()


def test_a_symbol_query_over_an_index_never_loads_the_model(make_repo):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    (repo / "billing" / "new.py").write_text("class SessionStoreFactory:\n    pass\n")
    assert _loaded_after_search(repo, "SessionStore", ("numpy", "tokenizers", "tiktoken")) == "[]"


def test_a_word_query_over_an_index_loads_only_the_numpy_it_needs(make_repo):
    """numpy's masked arrays (``np.unique`` imports them) cost 8-20 ms of a fresh process."""
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    _edit_in_place(repo)  # an overlay too
    found = _loaded_after_search(
        repo, "how are invoices rendered", ("numpy", "numpy.ma", "tiktoken")
    )
    assert found == "['numpy']"


def test_a_walk_setting_or_an_outer_ignore_file_asks_for_a_walk(make_repo):
    repo = _repo(make_repo)
    (repo / ".git" / "info").mkdir(parents=True)
    prx.Workspace(repo).index()
    directory = current_dir(str(repo))
    reader = IndexReader(directory, read_manifest(directory))
    assert not changes(str(repo), reader, 1 << 20).relist
    assert changes(str(repo), reader, 1000).relist  # another max_file_size
    (repo / ".git" / "info" / "exclude").write_text("billing/\n")
    assert changes(str(repo), reader, 1 << 20).relist
    stale, _ = _answers(repo)
    indexed, plain = _rebuilt(repo)
    assert stale == indexed == plain


@needs("git")
def test_git_commands_that_leave_the_tree_alone_keep_the_index_fresh(make_repo):
    """Git writes in ``.git`` on nearly every command: the index must not take that for a
    change to the ignore rules (every query would walk the whole tree until the next
    ``prx index``)."""
    import subprocess

    repo = _repo(make_repo)
    git = ["git", "-C", str(repo), "-c", "user.email=a@b.c", "-c", "user.name=prx"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)
    prx.Workspace(repo).index()
    directory = current_dir(str(repo))
    reader = IndexReader(directory, read_manifest(directory))
    git_dir = os.stat(repo / ".git").st_mtime_ns
    subprocess.run([*git, "commit", "-q", "--allow-empty", "-m", "two"], check=True)
    subprocess.run([*git, "tag", "v1"], check=True)
    subprocess.run([*git, "status", "--short"], check=True, capture_output=True)
    assert os.stat(repo / ".git").st_mtime_ns != git_dir  # git did write in .git
    assert changes(str(repo), reader, 1 << 20) == ([], False, "")
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "exclude").write_text("billing/\n")
    assert changes(str(repo), reader, 1 << 20).relist


def test_deltas_and_overlays_in_any_order_answer_as_no_index_at_all(make_repo, tmp_path):
    import random

    rng = random.Random(11)
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    changes_made = 0
    for step in range(10):
        files = sorted(p for p in repo.rglob("*") if p.is_file() and ".prx" not in p.parts)
        kind = rng.choice(["edit", "edit", "add", "remove", "rename"])
        target = rng.choice(files)
        if kind == "edit":
            target.write_text(
                target.read_text(errors="replace") + f"\ndef step_{step}():\n    pass\n"
            )
        elif kind == "add":
            (repo / "billing" / f"added_{step}.py").write_text(TWIN + f"\nRATE_{step} = {step}\n")
        elif kind == "remove":
            target.unlink()
        else:
            target.rename(target.with_name(f"renamed_{step}_{target.name}"))
        changes_made += 1
        if rng.random() < 0.6:
            result = prx.Workspace(repo).index()
            assert result.status in ("updated", "up_to_date"), result
        copy = tmp_path / f"copy{step}"
        shutil.copytree(repo, copy, ignore=shutil.ignore_patterns(".prx"))
        plain, origin = _answers(copy)
        assert origin == "built"
        now, origin = _answers(repo)
        assert origin.startswith("index"), origin
        assert now == plain, (step, kind)
    assert changes_made == 10
    assert "delta.tab" in os.listdir(current_dir(str(repo)))


def test_a_copied_tree_is_answered_from_its_index_without_reading_files_again(
    make_repo, tmp_path, monkeypatch
):
    # A copy (or a checkout) gives every file a new inode and ctime: their stamps differ,
    # their content does not. They are hashed, not read, parsed and embedded again.
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    copy = tmp_path / "copy"
    shutil.copytree(repo, copy)
    from prx.engine.index import delta

    def no_reads(ws, root, paths, **options):
        assert not list(paths), "a file was read again"
        return []

    monkeypatch.setattr(delta, "read_files", no_reads)
    result = prx.Workspace(copy).search("verify_password")
    assert result.index == "index" and hits(result)[0].file == "auth/login.py"


@pytest.mark.parametrize("change", [_edit_in_place, _add, _remove, _rename])
def test_postings_as_arrays_equal_the_postings_as_lists(make_repo, change):
    """Scoring with numpy reads a term's postings as arrays mapped to the merged numbers in
    one pass: the same documents, frequencies and lengths as the list path, overlay or not."""
    from prx.engine.retrieval.indexed import indexed_corpus, overlay_of

    repo = _repo(make_repo)
    ws = prx.Workspace(repo)
    ws.index()
    change(repo)
    directory = current_dir(str(repo))
    reader = IndexReader(directory, read_manifest(directory))
    found = changes(str(repo), reader, 1 << 20)
    gone = [rel for rel in reader.files.paths if not (repo / rel).exists()]
    added = [p.relative_to(repo).as_posix() for p in repo.rglob("*.py")]
    read = [rel for rel in added if rel not in reader.files.paths] + found.changed
    overlay = overlay_of(ws, str(repo), reader, read, gone)
    postings = indexed_corpus(reader, str(repo), overlay).prebuilt["bm25"]
    terms = [*reader.postings.terms.all(), "refund", "absent"]
    compared = 0
    for term in terms:
        as_lists = postings.term_postings(term)
        as_arrays = postings.term_arrays(term)
        assert (as_lists is None) == (as_arrays is None), term
        if as_lists is None:
            continue
        docs, tfs = as_arrays
        assert (docs.tolist(), tfs.tolist()) == as_lists, term
        assert postings.lengths_array(docs).tolist() == postings.lengths_of(as_lists[0])
        compared += 1
    assert compared > 20
    assert not overlay.empty


@pytest.mark.parametrize("change", [None, _edit_in_place, _add])
def test_an_index_gives_each_chunk_the_definitions_a_built_corpus_gives(make_repo, change):
    """Over an index, a chunk's definitions are decoded chunk by chunk (not the whole
    file's): the same definitions, in the same order, as the corpus built in memory."""
    from prx.engine.corpus.corpus import build_corpus
    from prx.engine.retrieval.engine import engine_for

    repo = _repo(make_repo)
    (repo / "billing" / "many.py").write_text(
        "".join(f"def f{i}(x):\n    return x + {i}\n\n\nclass C{i}:\n    pass\n" for i in range(60))
    )
    prx.Workspace(repo).index()
    if change is not None:
        change(repo)
    indexed = engine_for(prx.Workspace(repo), str(repo)).corpus
    assert indexed.origin.startswith("index")
    built = build_corpus(prx.Workspace(repo), str(repo))
    assert len(indexed.chunks) == len(built.chunks) > 8
    every = [built.chunk_definitions(i) for i in range(len(built.chunks))]
    assert sum(len(found) for found in every) > 120
    assert [indexed.chunk_definitions(i) for i in range(len(indexed.chunks))] == every


def test_the_counts_of_an_index_with_a_delta_are_those_of_a_fresh_build(make_repo, tmp_path):
    # `prx index --stats` and `--verify` once counted the tables under a delta: a changed
    # file's new chunks, an added file and a removed one were left out of the figures.
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    files = sorted(p for p in repo.rglob("*.py") if ".prx" not in p.parts)
    files[0].write_text(
        files[0].read_text() + "\n\n" + "\n".join(f"X{i} = {i}" for i in range(200)) + "\n"
    )
    files[1].unlink()
    (repo / "added.py").write_text("def added():\n    return 1\n")
    assert prx.Workspace(repo).index().status == "updated"
    assert "delta.tab" in os.listdir(current_dir(str(repo)))
    fresh = tmp_path / "fresh"
    shutil.copytree(repo, fresh, ignore=shutil.ignore_patterns(".prx"))
    built = prx.Workspace(fresh).index()
    for answer in (prx.Workspace(repo).index(stats=True), prx.Workspace(repo).index(verify=True)):
        assert (answer.files_indexed, answer.chunks) == (built.files_indexed, built.chunks)
