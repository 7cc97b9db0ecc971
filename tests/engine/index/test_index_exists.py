"""`exists` over an index: probable answers from the trigram filters without reading files,
confirmation with `exact`, definitive negatives, false positives, stale and damaged
indexes."""

from __future__ import annotations

import os
import random

import numpy as np
import pytest

import prx
from prx.engine.index import bloom
from prx.engine.index.store import current_dir

FILES = {
    "a/first.py": "def verify_password(name, password):\n    return True\n",
    "a/second.py": "# verify_password is defined in first.py\n",
    "b/tricky.txt": "abcd and xcde\n",  # every trigram of 'abcde', never 'abcde'
    "c/image.png": b"\x89PNG\x00\x00binary",
    "d/notes.md": "nothing to see\n",
}


@pytest.fixture
def indexed(make_repo):
    root = make_repo(FILES)
    prx.Workspace(root).index()
    return root


def test_a_candidate_is_confirmed_by_reading_it(indexed):
    res = prx.Workspace(indexed).exists("verify_password")
    assert (res.exists, res.confidence, res.matched, res.file) == (
        True,
        "exact",
        "content",
        "a/first.py",
    )
    # Only the first candidate in walk order was read.
    assert res.files_checked == 1 and res.index == "index" and res.candidates == 2


def test_exact_confirms_by_reading_only_candidates(indexed):
    res = prx.Workspace(indexed).exists("verify_password", exact=True)
    assert (res.exists, res.confidence, res.file, res.files_checked) == (
        True,
        "exact",
        "a/first.py",
        1,
    )
    # The same answer as a plain scan (no index).
    plain = prx.Workspace(indexed).exists("verify_password", "a/first.py")
    assert plain.exists and plain.index is None


def test_a_negative_from_the_filters_is_definitive_and_reads_only_unfiltered_files(indexed):
    res = prx.Workspace(indexed).exists("no_such_identifier_anywhere")
    assert (res.exists, res.confidence, res.candidates) == (False, "exact", 0)
    # Only the binary, which has no filter, is read (as grep -F would look in it).
    assert res.files_checked == 1 and res.skipped == {}


def test_a_false_positive_is_never_named(indexed):
    # b/tricky.txt has every trigram of 'abcde' but not the text: its filter says "maybe".
    res = prx.Workspace(indexed).exists("abcde")
    assert (res.exists, res.confidence, res.file, res.candidates) == (False, "exact", None, 1)


@pytest.fixture
def crowded(make_repo):
    """Twelve files whose filters (patched below) all say "maybe" for 'needle_text'; only
    the last one in walk order holds it."""
    files = {f"f{i:02d}.txt": f"nothing here {i}\n" for i in range(11)}
    files["f11.txt"] = "the needle_text is here\n"
    root = make_repo(files)
    prx.Workspace(root).index()
    return root


def _every_file_a_candidate(monkeypatch):
    from prx.engine.index.probe import ContentProbe

    monkeypatch.setattr(ContentProbe, "candidates", lambda self, needle: set(self._names))


def test_many_false_positives_answer_probable_without_naming_a_file(crowded, monkeypatch):
    _every_file_a_candidate(monkeypatch)
    (crowded / "f11.txt").write_text("no longer\n")
    os.utime(crowded / "f11.txt", ns=(1, 1))  # changed: read now, like any stale file
    res = prx.Workspace(crowded).exists("needle_text")
    # 8 candidates read and refuted, the other 3 left unread: no file is claimed.
    assert (res.exists, res.confidence, res.matched, res.file) == (
        True,
        "probable",
        "content",
        None,
    )
    assert res.candidates == 12 and res.files_checked == 9  # 8 candidates + the stale file


def test_a_later_candidate_is_named_only_once_read(crowded, monkeypatch):
    _every_file_a_candidate(monkeypatch)
    res = prx.Workspace(crowded).exists("needle_text", exact=True)
    assert (res.exists, res.confidence, res.file, res.files_checked) == (
        True,
        "exact",
        "f11.txt",
        12,
    )
    assert "needle_text" in (crowded / res.file).read_text()
    # Without --exact the first 8 candidates are read, then the answer is probable.
    capped = prx.Workspace(crowded).exists("needle_text")
    assert (capped.confidence, capped.file, capped.files_checked) == ("probable", None, 8)


def test_a_stale_index_never_answers_a_wrong_absent(indexed):
    (indexed / "d" / "notes.md").write_text("now mentions brand_new_symbol\n")
    (indexed / "e.py").write_text("brand_new_symbol_two = 1\n")
    (indexed / "a" / "first.py").write_text("pass\n")
    ws = prx.Workspace(indexed)
    changed = ws.exists("brand_new_symbol")
    assert (changed.exists, changed.confidence, changed.file) == (True, "exact", "d/notes.md")
    assert changed.index == "index (stale: 3 changed files read now)"
    assert ws.exists("brand_new_symbol_two").file == "e.py"
    # first.py lost the definition; second.py (unchanged) still mentions it.
    moved = ws.exists("def verify_password")
    assert moved.exists is False and moved.confidence == "exact"
    assert ws.exists("verify_password").file == "a/second.py"


def test_the_index_stands_for_the_walk_until_a_directory_changes(indexed, monkeypatch):
    """A content lookup over an index takes the file list from it (a ``stat`` per path, no
    listing of directories) and answers as the walk would; a file added or removed (a
    directory's names changed) brings the walk back."""
    import prx.commands.exists.engine as exists_module

    walked = []
    real_walk = exists_module.walk

    def counting_walk(*args, **kwargs):
        walked.append(args[0])
        return real_walk(*args, **kwargs)

    monkeypatch.setattr(exists_module, "walk", counting_walk)
    ws = prx.Workspace(indexed)
    found = ws.exists("verify_password")
    assert (found.file, found.files_checked, found.index) == ("a/first.py", 1, "index")
    absent = ws.exists("not anywhere at all")
    assert (absent.exists, absent.confidence, absent.skipped) == (False, "exact", {})
    (indexed / "d" / "notes.md").write_text("edited in place: needle_in_place\n")
    assert ws.exists("needle_in_place").file == "d/notes.md"
    assert walked == []
    (indexed / "d" / "new.md").write_text("needle_in_a_new_file\n")
    assert ws.exists("needle_in_a_new_file").file == "d/new.md"
    assert len(walked) == 1


def test_short_patterns_and_damaged_filters_fall_back_to_reading(indexed):
    short = prx.Workspace(indexed).exists("ab", mode="content")
    assert short.exists and short.index is None and short.files_checked >= 1
    path = os.path.join(current_dir(str(indexed)), "bloom.tab")
    data = bytearray(open(path, "rb").read())
    data[-100] ^= 0xFF  # in the filters' bits
    open(path, "wb").write(bytes(data))
    res = prx.Workspace(indexed).exists("verify_password")
    assert (res.exists, res.confidence, res.file) == (True, "exact", "a/first.py")
    assert res.index.startswith("index ignored") and "--rebuild" in res.index


def test_the_cli_takes_exact(indexed, monkeypatch):
    import contextlib
    import io
    import json

    from prx.frontends.cli import main

    monkeypatch.chdir(indexed)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["exists", "verify_password", ".", "--exact"], program="prx")
    data = json.loads(out.getvalue())["data"]
    assert code == 0 and data["confidence"] == "exact"
    assert data["file"] == "a/first.py"


def test_false_positive_rate_matches_the_documented_one():
    rng = random.Random(7)
    data = bytes(rng.getrandbits(8) for _ in range(120_000))
    present = {data[i : i + 3] for i in range(len(data) - 2)}
    filt = np.frombuffer(bloom.file_filter(data), dtype=np.uint8)
    offsets = np.array([0, filt.size], dtype=np.int64)
    absent = []
    while len(absent) < 20_000:
        probe = bytes(rng.getrandbits(8) for _ in range(3))
        if probe not in present:
            absent.append(probe)
    passed = sum(bool(bloom.may_contain(filt, offsets, bloom.pattern_keys(p))[0]) for p in absent)
    rate = passed / len(absent)
    assert 0.4 * bloom.FALSE_POSITIVE_RATE < rate < 1.6 * bloom.FALSE_POSITIVE_RATE
    # Never a false negative.
    assert all(
        bloom.may_contain(filt, offsets, bloom.pattern_keys(p))[0] for p in list(present)[:2000]
    )


def test_the_plain_probe_answers_as_the_numpy_filters():
    from prx.engine.index.filters import _Prober, may_contain_at, trigram_keys

    rng = random.Random(11)
    texts = [
        bytes(rng.choice(b"abcdefgh _(.") for _ in range(rng.randrange(0, 400))) for _ in range(60)
    ]
    built = [bloom.file_filter(text) for text in texts]
    filters = np.frombuffer(b"".join(built), dtype=np.uint8)
    offsets = np.cumsum([0, *map(len, built)]).astype(np.int64)
    whole = memoryview(filters.tobytes())
    for _ in range(300):
        source = texts[rng.randrange(len(texts))]
        at = rng.randrange(max(len(source) - 8, 1))
        needle = (
            source[at : at + rng.randrange(3, 9)]
            if rng.random() < 0.5
            else bytes(rng.choice(b"abcdefgh _(.") for _ in range(rng.randrange(3, 9)))
        )
        expected = bloom.may_contain(filters, offsets, bloom.pattern_keys(needle)).tolist()
        keys = trigram_keys(needle)
        plain = [may_contain_at(whole, offsets[i], offsets[i + 1], keys) for i in range(len(texts))]
        assert plain == expected, needle
        # The many-filter prober reorders its keys as it goes: the same answers.
        probe = _Prober(keys)
        assert [probe(whole, offsets[i], offsets[i + 1]) for i in range(len(texts))] == expected


def test_filters_built_with_other_parameters_are_not_probed(indexed):

    manifest_path = os.path.join(current_dir(str(indexed)), "manifest.json")
    from prx.engine.index.store import read_manifest, seal

    manifest = read_manifest(current_dir(str(indexed)))  # checked, then sealed anew
    manifest["bloom"]["hashes"] += 2
    open(manifest_path, "w").write(seal(manifest))
    res = prx.Workspace(indexed).exists("verify_password")
    assert (res.confidence, res.file) == ("exact", "a/first.py")
    assert "other parameters" in res.index
    assert prx.Workspace(indexed).index().status == "built"  # refused, rebuilt
