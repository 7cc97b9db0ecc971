"""Exact line numbers: every snippet is the file's lines snippet_start..snippet_end, the
match's ``line`` lies among them and holds what matched, and ``--plain`` numbers each line
as the file does."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import prx

from envelopes import hits

FILES = {
    # Blank lines and comments before definitions: ranked snippets used to start a few
    # lines above ``line`` with nothing saying where.
    "pkg/filters.py": (
        "import os\n"
        "\n"
        "\n"
        "# Filters for queries.\n"
        "\n"
        "\n"
        "class Query:\n"
        '    """A query with filters."""\n'
        "\n"
        "    def __init__(self):\n"
        "        self.where = []\n"
        "\n"
        "    def build_filter(self, lookup, value):\n"
        '        """Build a filter clause for the lookup."""\n'
        "        clause = (lookup, value)\n"
        "        self.where.append(clause)\n"
        "        return clause\n"
        "\n"
        "\n"
        "def build_filter(lookup):\n"
        "    return Query().build_filter(lookup, True)\n"
        "\n"
        "\n"
        "\n"
    ),
    "pkg/short.py": "a = 1\nb = 2\nc = 3\nd = 4\nvalue_five = 5\n",
    "pkg/web/page.ts": (
        "// Rendering.\n"
        "\n"
        "export function renderPage(title: string): string {\n"
        "  return `<h1>${title}</h1>`;\n"
        "}\n"
    ),
    "pkg/formfeed.py": "x = 1\n\x0c\ny = 2\nfeed_marker = 3\n",
}


@pytest.fixture
def repo(make_repo: Any) -> Path:
    return make_repo(FILES)


def file_lines(root: Path, match: Any) -> list[str]:
    lines = (root / match.file).read_text().split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def check_snippet(root: Path, match: Any) -> list[str]:
    """The snippet is exactly the file's lines snippet_start..snippet_end and holds line."""
    lines = file_lines(root, match)
    assert 1 <= match.snippet_start <= match.line <= match.snippet_end <= len(lines), match
    expected = "\n".join(lines[match.snippet_start - 1 : match.snippet_end])
    assert match.snippet == expected, (match, expected)
    return lines


@pytest.mark.parametrize("context", [0, 2, 5])
def test_literal_and_regex_snippets_are_the_files_lines(repo: Path, context: int) -> None:
    for mode, query in (("literal", "build_filter"), ("regex", r"value\w*"), ("regex", "^$")):
        result = prx.search(query, mode=mode, context=context, top_k=50, root=repo)
        assert result.files, (mode, query)
        for match in hits(result):
            lines = check_snippet(repo, match)
            at = lines[match.line - 1]
            # A literal hit's text is the query, which the answer does not repeat.
            assert at[match.column - 1 :].startswith(
                query if match.match is None else match.match
            ), (
                match,
                at,
            )
            assert match.snippet_end - match.snippet_start <= 2 * context


def test_a_match_on_the_last_line_stops_at_the_last_line(repo: Path) -> None:
    # pkg/short.py has 5 lines: context 2 around line 5 is lines 3-5, not 3-6.
    (match,) = hits(prx.search("value_five", mode="literal", context=2, root=repo))
    assert (match.line, match.snippet_start, match.snippet_end) == (5, 3, 5)
    assert match.snippet == "c = 3\nd = 4\nvalue_five = 5"


def test_symbol_snippets_start_where_they_say_and_line_is_the_definition(repo: Path) -> None:
    result = prx.search("build_filter", mode="symbol", root=repo)
    assert result.files
    starts = {
        (s.name, s.lines.start)
        for s in prx.read("pkg/filters.py", outline_only=True, root=repo).outline or ()
        for s in (s, *s.children)
    }
    for match in hits(result):
        check_snippet(repo, match)
    top = hits(result)[0]
    assert ("build_filter", top.line) in starts
    assert "build_filter" in file_lines(repo, top)[top.line - 1]


def test_hybrid_snippets_start_where_they_say_and_line_holds_a_query_word(repo: Path) -> None:
    result = prx.search("build a filter clause for the lookup", mode="hybrid", root=repo)
    assert result.files
    for match in hits(result):
        lines = check_snippet(repo, match)
        assert lines[match.line - 1].strip(), "line points at text, never at a blank line"
    top = hits(result)[0]
    assert top.file == "pkg/filters.py"
    assert re.search("filter|lookup|clause", file_lines(repo, top)[top.line - 1])


def test_snippets_from_an_index_are_the_files_lines(repo: Path) -> None:
    ws = prx.Workspace(repo)
    ws.index("pkg")
    for mode, query in (("symbol", "build_filter"), ("hybrid", "render the page title")):
        result = ws.search(query, "pkg", mode=mode)
        assert isinstance(result, prx.SearchResult) and result.index == "index"
        assert result.files
        for match in hits(result):
            check_snippet(repo, match)


def test_structural_snippets_start_where_they_say(repo: Path) -> None:
    result = prx.search("def $F($$$A): $$$B", mode="structural", top_k=50, root=repo)
    assert len(hits(result)) == 3
    for match in hits(result):
        lines = check_snippet(repo, match)
        assert match.snippet_start == match.line
        assert lines[match.line - 1][match.column - 1 :].startswith("def ")


def plain_numbers(output: str) -> list[tuple[int, str]]:
    """The numbered lines of a --plain rendering: (number, text)."""
    found = []
    for row in output.split("\n"):
        numbered = re.match(r"^\s*(\d+)  (.*)$", row)
        if numbered:
            found.append((int(numbered.group(1)), numbered.group(2)))
    return found


def test_plain_search_numbers_snippet_lines_as_the_file_does(run_cli: Any, repo: Path) -> None:
    lines = FILES["pkg/short.py"].split("\n")
    out = run_cli("--plain", "search", "value_five", "--literal", "-C", "2", cwd=repo).stdout
    # Used to print lines 5, 6 and 7 of this 5-line file.
    assert plain_numbers(out) == [(n, lines[n - 1]) for n in (3, 4, 5)], out
    # A form feed is a line break for str.splitlines, not for files (the terminal
    # rendering drops the control character itself).
    formfeed = FILES["pkg/formfeed.py"].replace("\x0c", "").split("\n")
    out = run_cli("--plain", "search", "feed_marker", "--literal", "-C", "2", cwd=repo).stdout
    assert plain_numbers(out) == [(n, formfeed[n - 1]) for n in (2, 3, 4)], out
    out = run_cli("--plain", "search", "build_filter", "pkg/filters.py", cwd=repo).stdout
    source = FILES["pkg/filters.py"].split("\n")
    numbered = plain_numbers(out)
    assert len(numbered) == 3 and all(source[n - 1] == text for n, text in numbered), out


def test_plain_read_numbers_lines_as_the_file_does(run_cli: Any, repo: Path) -> None:
    formfeed = FILES["pkg/formfeed.py"].replace("\x0c", "").split("\n")
    out = run_cli("--plain", "read", "pkg/formfeed.py", cwd=repo).stdout
    assert plain_numbers(out) == [(n, formfeed[n - 1]) for n in (1, 2, 3, 4)], out
    out = run_cli("--plain", "read", "pkg/filters.py", "--lines", "13-14", cwd=repo).stdout
    source = FILES["pkg/filters.py"].split("\n")
    assert plain_numbers(out) == [(n, source[n - 1]) for n in (13, 14)], out
    # A skeleton's lines are not the file's: they are shown without numbers.
    out = run_cli("--plain", "read", "pkg/filters.py", "--skeleton", cwd=repo).stdout
    assert "def build_filter(self, lookup, value):" in out
    assert plain_numbers(out) == [], out
