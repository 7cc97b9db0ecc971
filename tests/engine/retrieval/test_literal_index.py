"""A literal search over an indexed tree reads only the files the index's trigram filters
let through (and those changed since), and answers exactly what the walk-and-read gives."""

from __future__ import annotations

import os
import shutil

import prx
from prx.engine.index.store import current_dir

QUERIES = [
    "def verify_password(",
    "return",  # inside definitions: the enclosing symbol from the index, not a parse
    "SessionStore",
    "import",
    "no such text anywhere(",
    "ab",  # too short for a trigram: every file read
    "return f'twin",
]


def _repo(make_repo):
    from demo_project import FILES

    files = {**FILES, "billing/twin.py": "def render_twin(x):\n    return f'twin {x}'\n"}
    repo = make_repo(files)
    (repo / "data.bin").write_bytes(b"\x00\x01SessionStore binary\x00")
    return repo


def _answer(root, query, **options):
    result = prx.Workspace(root).search(query, mode="literal", top_k=50, **options)
    matches = [
        (f.file, m.line, m.column, m.snippet, m.context_type, m.context_name, m.context_signature)
        for f in result.files
        for m in f.matches
    ]
    return matches, result.total_matches, result.files_searched, result.skipped


def _plain(repo, tmp_path, name):
    copy = tmp_path / name
    shutil.copytree(repo, copy, ignore=shutil.ignore_patterns(".prx"))
    return copy


def test_literal_answers_with_the_index_are_the_walks(make_repo, tmp_path, monkeypatch):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    reads = []
    import prx.engine.retrieval.literal as literal

    real = literal.read_walked

    def counting(path, skipped):
        reads.append(os.path.basename(str(path)))
        return real(path, skipped)

    monkeypatch.setattr(literal, "read_walked", counting)
    plain = _plain(repo, tmp_path, "plain")
    for query in QUERIES:
        assert _answer(repo, query) == _answer(plain, query), query
    reads.clear()
    _answer(repo, "def verify_password(")
    assert reads and len(reads) < 4  # the filters ruled the other files out
    # Files changed since the index, and an update's delta, are read as they are now.
    login = repo / "auth" / "login.py"
    login.write_text(login.read_text() + "\n# SessionStore again\n")
    (repo / "billing" / "twin.py").unlink()
    plain = _plain(repo, tmp_path, "plain2")
    for query in QUERIES:
        assert _answer(repo, query) == _answer(plain, query), query
    prx.Workspace(repo).index()
    assert "delta.tab" in os.listdir(current_dir(str(repo)))
    (repo / "auth" / "tokens.py").write_text("def issue_token(user):\n    return 'SessionStore'\n")
    plain = _plain(repo, tmp_path, "plain3")
    for query in QUERIES:
        for options in ({}, {"language": ["python"]}, {"include": ["auth/*"]}):
            assert _answer(repo, query, **options) == _answer(plain, query, **options)


def test_case_folding_and_regexes_read_every_file(make_repo, tmp_path):
    repo = _repo(make_repo)
    prx.Workspace(repo).index()
    plain = _plain(repo, tmp_path, "plain")
    for query, options in (("sessionstore", {"ignore_case": True}), ("verify_\\w+", {})):
        ws = prx.Workspace(repo)
        mode = "regex" if "\\" in query else "literal"
        got = ws.search(query, mode=mode, **options)
        expected = prx.Workspace(plain).search(query, mode=mode, **options)
        assert got.files == expected.files and got.total_matches == expected.total_matches


def test_lines_holding_a_string_are_the_lines_a_scan_finds(make_repo):
    """The lean line finder a symbol search lists its occurrences with gives the lines
    the literal scan gives: one per line however often it holds the string, the last
    line with or without a final newline, CRLF and non-UTF-8 bytes alike."""
    import random

    from prx.engine.retrieval.literal import compile_pattern, lines_holding, scan

    rng = random.Random(3)
    pieces = ["ab", "abab", " x ", "\n", "\r\n", "a", "b", "\n\n", "\xe9", "ba"]
    files = {
        f"f{i}.txt": "".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        for i in range(60)
    }
    files["end.txt"] = "x\nab"
    files["ends.txt"] = "ab\nab x\n"
    repo = make_repo(files)
    (repo / "latin1.txt").write_bytes(b"caf\xe9 ab\nab\xff ab\n")
    ws = prx.Workspace(repo)
    for text in ("ab", "aba", "b\xe9", "x ab"):
        hits, _, _ = scan(ws, str(repo), compile_pattern(text, regex=False))
        expected: dict[str, list[int]] = {}
        for hit in hits:
            expected.setdefault(hit.file, []).append(hit.line)
        assert expected, text
        assert dict(lines_holding(ws, str(repo), text)) == expected, text
    # A string across lines is on no line, for the scan as for the finder.
    hits, _, _ = scan(ws, str(repo), compile_pattern("ab\nab", regex=False))
    assert "ab\nab" in (repo / "ends.txt").read_text()
    assert list(hits) == [] == list(lines_holding(ws, str(repo), "ab\nab"))


def test_a_symbol_query_across_lines_is_answered(make_repo):
    repo = make_repo({"a.py": "def foo():\n    return 1\n\nfoo()\n"})
    found = prx.Workspace(repo).search("foo\nbar", mode="symbol")
    assert found.mode == "symbol" and list(found.occurrences) == []
