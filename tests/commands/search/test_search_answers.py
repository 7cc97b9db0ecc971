"""Search answers sized for agents (issue #17): grouped by file with the file's header once,
snippets of a few exact lines (``snippet_lines``, 0 for locations only, ``full`` for whole
matches), no field repeating the query, the same ``total_matches`` on every page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import prx

from envelopes import assert_ok, data_hits, hits

MODULE = '''"""Sessions of region {n}: login, tokens and cache handling."""

import os


class SessionStore{n}:
    """Keeps the active sessions of users in memory."""

    def __init__(self):
        self.sessions = {{}}

    def open_session(self, user_id):
        token = os.urandom(8).hex()
        self.sessions[token] = user_id
        return token

    def close_session(self, token):
        """Forget the session of a token."""
        self.sessions.pop(token, None)


def session_token_{n}(user_id):
    """Open a session for a user and return its token."""
    return SessionStore{n}().open_session(user_id)
'''

INVOICE = '''"""Invoices of region {n}."""


def create_invoice_{n}(customer, amount):
    """Create an invoice for a customer."""
    total = amount * 1.2
    return {{"customer": customer, "total": total}}
'''


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("answers")
    for n in range(40):  # more chunks than the ranked pool of a first page (50)
        path = root / "auth" / f"store_{n}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(MODULE.format(n=n))
    # One long file of many chunks, several of which rank near each other.
    (root / "auth" / "manager.py").write_text(
        "\n\n".join(
            f"def user_session_token_{n}(user_id, sessions):\n"
            f'    """Session token {n} of a user: open the session, return its token."""\n'
            + "    token = str(user_id)\n" * 12
            + "    sessions[token] = user_id\n    return token\n"
            for n in range(12)
        )
    )
    for n in range(30):
        path = root / "billing" / f"invoice_{n}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(INVOICE.format(n=n))
    return root


def file_lines(root: Path, file: str) -> list[str]:
    lines = (root / file).read_text().split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def pages(root: Path, query: str, **options: Any) -> list[prx.SearchResult]:
    found, token = [], None
    for _ in range(100):
        page = prx.search(query, continue_token=token, root=root, **options)
        assert isinstance(page, prx.SearchResult)
        found.append(page)
        if not page.truncated:
            return found
        token = page.continuation_token
    raise AssertionError("the pages never end")


CASES = [
    ("session token for a user", {}),  # hybrid
    ("open_session", {}),  # symbol
    ("self.sessions", {"mode": "literal"}),
    (r"session\w*", {"mode": "regex"}),
]


@pytest.mark.parametrize(("query", "options"), CASES)
def test_each_file_appears_once_per_page_with_its_matches(
    repo: Path, query: str, options: dict[str, Any]
) -> None:
    flat_pages = []
    for page in pages(repo, query, top_k=7, **options):
        names = [f.file for f in page.files]
        assert len(names) == len(set(names)), names
        assert sum(len(f.matches) for f in page.files) == page.returned
        assert all(f.matches for f in page.files)
        flat_pages.append([(f.file, m.line) for f in page.files for m in f.matches])
    if "mode" in options:  # literal, regex: some page holds a file with several matches
        assert any(
            len(f.matches) > 1 for p in pages(repo, query, top_k=7, **options) for f in p.files
        )
    seen = [hit for page in flat_pages for hit in page]
    assert len(seen) == len(set(seen))  # pages repeat nothing


@pytest.mark.parametrize(("query", "options"), CASES)
def test_total_matches_is_the_same_on_every_page(
    repo: Path, query: str, options: dict[str, Any]
) -> None:
    # Ranked pages used to rank a pool growing with the offset: 50, 60, 70 ... matches.
    found = pages(repo, query, top_k=10, **options)
    assert len(found) >= 3
    totals = {page.total_matches for page in found}
    assert len(totals) == 1, totals
    assert sum(page.returned for page in found) == found[0].total_matches


@pytest.mark.parametrize(("query", "options"), [*CASES, ("def $F(self): $$$B", {})])
def test_snippet_lines_zero_gives_locations_only(
    run_cli: Any, repo: Path, query: str, options: dict[str, Any]
) -> None:
    mode = ["--mode", options["mode"]] if options else []
    env = run_cli("search", query, "--snippet-lines", "0", *mode, cwd=repo).envelope
    data = assert_ok(env, "search")
    assert data["files"]
    for group in data["files"]:
        assert set(group) == {"file", "language", "hash", "matches"}
        for match in group["matches"]:
            assert {"line", "end_line", "relevance"} <= set(match)
            assert not {"snippet", "snippet_start", "snippet_end", "context_signature"} & set(
                match
            ), match


@pytest.mark.parametrize("size", [1, 2, 3, 6])
@pytest.mark.parametrize(("query", "options"), [*CASES, ("def $F(self): $$$B", {})])
def test_snippets_are_at_most_n_exact_lines_holding_the_match(
    repo: Path, size: int, query: str, options: dict[str, Any]
) -> None:
    result = prx.search(query, snippet_lines=size, top_k=30, root=repo, **options)
    assert isinstance(result, prx.SearchResult) and result.files
    for match in hits(result):
        lines = file_lines(repo, match.file)
        assert match.snippet_end - match.snippet_start < size
        assert match.snippet == "\n".join(lines[match.snippet_start - 1 : match.snippet_end])
        if result.mode != "structural":
            assert match.snippet_start <= match.line <= match.snippet_end, match
        if result.mode in ("symbol", "hybrid"):
            assert lines[match.line - 1].strip(), "line points at text"


def test_a_snippet_starts_at_the_definition_when_it_fits_else_names_the_signature(
    repo: Path,
) -> None:
    result = prx.search("open_session", mode="symbol", root=repo)
    top = hits(result)[0]
    assert top.snippet.startswith("    def open_session(self, user_id):")
    assert top.context_signature is None and top.context_name == "open_session"
    # One line cannot hold the definition's line and a body line: the signature says it.
    deep = prx.search("self.sessions[token]", mode="literal", snippet_lines=1, root=repo)
    match = hits(deep)[0]
    assert match.snippet.strip() == "self.sessions[token] = user_id"
    assert match.context_signature == "def open_session(self, user_id)"


def test_full_shows_whole_chunks(repo: Path) -> None:
    short = prx.search("session token for a user", root=repo)
    whole = prx.search("session token for a user", full=True, root=repo)
    assert [(m.file, m.line) for m in hits(short)] == [(m.file, m.line) for m in hits(whole)]
    for small, big in zip(hits(short), hits(whole), strict=True):
        assert big.snippet_start <= small.snippet_start <= small.snippet_end <= big.snippet_end
        lines = file_lines(repo, big.file)
        assert big.snippet == "\n".join(lines[big.snippet_start - 1 : big.snippet_end])
    assert any(m.snippet_end - m.snippet_start >= 6 for m in hits(whole))


def test_no_field_repeats_the_query(run_cli: Any, repo: Path) -> None:
    for query, mode in (("session token for a user", []), ("self.sessions", ["--literal"])):
        data = assert_ok(run_cli("search", query, *mode, cwd=repo).envelope, "search")
        assert data["query"] == query and data["returned"] >= 5
        assert json.dumps(data).count(json.dumps(query)) == 1  # `query` itself, once
        assert all("match" not in m for m in data_hits(data))


def test_ten_files_fit_a_default_answer_of_about_1000_tokens(run_cli: Any, repo: Path) -> None:
    query = "create an invoice for a customer"
    data = assert_ok(run_cli("search", query, "billing", cwd=repo).envelope, "search")
    env = run_cli("search", query, "billing", cwd=repo).envelope
    assert len(data["files"]) == 10 and env["tokens"] <= 1100, env["tokens"]
    # Under an exact budget of 1,000 tokens (cl100k counts JSON denser than bytes / 4):
    # the headers and 3-line snippets of 7 files (before: 2 chunks of 40 lines).
    env = run_cli("search", query, "billing", "--budget", "1000", cwd=repo).envelope
    data = assert_ok(env, "search", exact=True)
    assert env["tokens"] <= 1000 and len(data["files"]) >= 7, (env["tokens"], len(data["files"]))
    assert data["omitted"] == 10 - data["returned"] and data["continuation_token"]


def test_a_budget_cut_says_how_many_matches_it_left_out(run_cli: Any, repo: Path) -> None:
    args = ("search", "self.sessions", "--literal", "-k", "30")
    env = run_cli(*args, "--budget", "600", cwd=repo).envelope
    data = assert_ok(env, "search", exact=True)
    assert 0 < data["returned"] < 30 and data["omitted"] == 30 - data["returned"]
    rest = assert_ok(
        run_cli(*args, "--continue", data["continuation_token"], cwd=repo).envelope, "search"
    )
    whole = run_cli(*args, "-k", "100", cwd=repo).envelope["data"]
    got = [(m["file"], m["line"]) for m in data_hits(data) + data_hits(rest)]
    assert got == [(m["file"], m["line"]) for m in data_hits(whole)][: len(got)]
    assert "omitted" not in rest
