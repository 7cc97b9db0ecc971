"""Structural search reads a pattern as ast-grep does: as written (ast-grep ignores a
missing `;` and looks through an error that is the file's only node), else in a wrapper of
its language, searched with ast-grep's context + selector. The matches are the ast-grep
CLI's own on the same files: tests/golden/structural/ast_grep_cli.json was captured from
`ast-grep run` (regenerate: python benchmarks/structural_parity.py --capture)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import locations
import pytest

import prx
from prx.core.errors import InvalidArgumentError

from envelopes import assert_error, assert_ok, hits

GOLDEN = locations.GOLDEN / "structural" / "ast_grep_cli.json"

# Small programs in the shape of the ones the issue names (ripgrep's BinaryDetection).
FILES = {
    "rust/binary.rs": """\
#[derive(Clone, Debug)]
pub enum BinaryDetection {
    None,
    Quit(u8),
    Convert(u8),
}

impl BinaryDetection {
    pub fn quit(byte: u8) -> BinaryDetection {
        BinaryDetection::Quit(byte)
    }

    pub fn is_quit(&self) -> bool {
        matches!(*self, BinaryDetection::Quit(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quit_is_quit() {
        assert!(BinaryDetection::quit(0).is_quit());
        assert!(BinaryDetection::Quit(0).is_quit());
    }
}
""",
    "rust/searcher.rs": """\
use crate::binary::BinaryDetection;

pub struct Config {
    pub binary: BinaryDetection,
    pub line_term: u8,
}

pub struct Searcher {
    config: Config,
}

impl Searcher {
    pub fn stops_on_binary(&self) -> bool {
        self.config.binary.is_quit()
    }
}

pub fn detect(state: &BinaryDetection, byte: u8) -> Option<usize> {
    if state.is_quit() {
        let quitting = state.is_quit();
        return None;
    }
    match *state {
        BinaryDetection::Quit(b) => {
            if b == byte { Some(0) } else { None }
        }
        BinaryDetection::Convert(b) => Some(b as usize),
        BinaryDetection::None => None,
    }
}
""",
    "go/files.go": """\
package files

import "os"

func ReadAll(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return read(f)
}

func Copy(dst, src *os.File) error {
	if err := dst.Close(); err != nil {
		return err
	}
	return src.Close()
}
""",
    "java/Store.java": """\
package store;

import java.io.IOException;
import java.io.InputStream;

public class Store implements AutoCloseable {
    private final InputStream in;

    public Store(InputStream in) {
        this.in = in;
    }

    public void drain(Transport transport) throws IOException {
        transport.request(in.read());
        in.close();
    }

    @Override
    public void close() throws IOException {
        this.in.close();
    }
}
""",
    "ts/client.ts": """\
export class Client {
  private readonly http: Transport;
  private retries: number = 3;

  constructor(http: Transport) {
    this.http = http;
  }

  async send(body: string): Promise<void> {
    await this.http.request({ body });
    this.http.close();
  }
}

interface Transport {
  request(options: object): Promise<void>;
  close(): void;
}
""",
    "py/stream.py": """\
def drain(stream):
    data = stream.read()
    stream.close()
    return data
""",
}


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("structural")
    for rel, text in FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _golden() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


def _found(result: Any) -> list[str]:
    return sorted(f"{h.file}:{h.line}:{h.column}" for h in hits(result))


def _search(tree: Path, query: str, path: str = ".", **options: Any) -> Any:
    options.setdefault("mode", "structural")
    return prx.search(query, path, top_k=100, root=tree, **options)


# Each case: the query, the path searched, and the note the golden keeps of how the
# CLI was asked (the pattern as written, or a context + selector).
CASES = [
    "$X.is_quit()",  # rust: ast-grep ignores the missing `;`
    "BinaryDetection::Quit($B)",  # rust: was refused with itself as the suggestion
    "BinaryDetection::Quit($B) => $E",  # rust: a match arm, only in context
    "$X.Close()",  # go: an expression outside a function
    "$X.close()",  # java, typescript, python: the same call in each
    "$X.close();",  # java, typescript, python: a statement (an expression and its `;`)
    "private readonly $F: $T",  # typescript: a class member, only in context
    "$C.request($$$A)",  # typescript and java: a method call
]


@pytest.mark.parametrize("query", CASES)
def test_matches_are_the_ast_grep_clis(tree: Path, query: str) -> None:
    golden = _golden()["cases"][query]
    result = _search(tree, query)
    assert result.warning is None, result.warning
    assert _found(result) == golden["matches"]
    assert golden["matches"], "a case the CLI finds nothing for shows nothing"


def test_rust_method_calls_through_receivers_are_found(tree: Path) -> None:
    # The pattern, over the whole tree: it was refused for rust, then 0 quietly.
    found = _found(_search(tree, "$X.is_quit()"))
    assert "rust/searcher.rs:14:9" in found  # self.config.binary.is_quit()
    assert "rust/searcher.rs:19:8" in found  # if state.is_quit()
    assert len(found) == 3  # not the two inside `assert!`: ast-grep does not parse macros


def test_a_match_arm_is_searched_in_its_context(tree: Path) -> None:
    result = _search(tree, "BinaryDetection::Quit($B) => $E")
    [arm] = hits(result)
    assert (arm.file, arm.line, arm.end_line) == ("rust/searcher.rs", 24, 26)
    assert arm.snippet.startswith("        BinaryDetection::Quit(b) => {")


def test_selector_picks_the_node_kind_in_the_patterns_context(tree: Path, run_cli: Any) -> None:
    golden = _golden()["cases"]["BinaryDetection::Quit($B) --selector tuple_struct_pattern"]
    run = run_cli(
        "search",
        "BinaryDetection::Quit($B)",
        ".",
        "--selector",
        "tuple_struct_pattern",
        "-k",
        "100",
        cwd=tree,
    )
    data = assert_ok(json.loads(run.stdout), "search")
    assert data["mode"] == "structural"
    found = sorted(
        f"{group['file']}:{m['line']}:{m['column']}"
        for group in data["files"]
        for m in group["matches"]
    )
    # The pattern in the match arm, not the calls `BinaryDetection::Quit(byte)`.
    assert found == golden["matches"] == ["rust/searcher.rs:24:9"]


def test_selector_belongs_to_structural_search(tree: Path, run_cli: Any) -> None:
    run = run_cli("search", "quit", ".", "--literal", "--selector", "match_arm", cwd=tree)
    error = assert_error(json.loads(run.stdout), "search", "invalid_argument")
    assert "structural" in error["message"] and "--selector" in error["message"]


def test_selector_with_no_such_node_lists_the_patterns_kinds(tree: Path) -> None:
    with pytest.raises(InvalidArgumentError) as info:
        _search(tree, "$X.is_quit()", "rust", selector="match_arm")
    assert "with selector 'match_arm'" in info.value.message
    assert "call_expression" in info.value.message  # a kind the pattern has


def test_an_incomplete_pattern_is_refused_with_a_pattern_that_parses(tree: Path) -> None:
    with pytest.raises(InvalidArgumentError, match="does not parse as rust") as info:
        _search(tree, "fn $F(", "rust")
    suggestion = info.value.suggestion or ""
    assert "'fn $F() { $$$BODY }'" in suggestion  # a whole function, not the pattern again
    assert "'fn $F('" not in suggestion
    # ... and that suggestion does search.
    assert len(hits(_search(tree, "fn $F() { $$$BODY }", "rust"))) == 1


def test_several_statements_are_refused_with_the_first_alone(tree: Path) -> None:
    # ast-grep matches one node: it used to fail on every file and answer 0 quietly.
    with pytest.raises(InvalidArgumentError, match="2 nodes") as info:
        _search(tree, "let $A = $B; return None;", "rust")
    assert "'let $A = $B;'" in (info.value.suggestion or "")


def test_a_pattern_that_matches_nowhere_says_how_it_parsed(tree: Path) -> None:
    result = _search(tree, "$X.no_such_method()", "rust")
    assert result.total_matches == 0
    assert result.warning is not None
    assert "parsed (rust as written)" in result.warning
    assert "matched none of the 2 files" in result.warning


def test_a_pattern_parsed_in_context_that_matches_nowhere_says_so(tree: Path) -> None:
    result = _search(tree, "Missing::Gone($B) => $E", "rust")
    assert result.total_matches == 0
    assert result.warning is not None
    assert "rust as a match arm (ast-grep context + selector match_arm)" in result.warning


def test_languages_it_does_not_parse_in_are_named(tree: Path) -> None:
    # A Rust match arm parses in no other language of the tree.
    result = _search(tree, "Missing::Gone($B) => $E")
    assert result.warning is not None
    assert "it does not parse as" in result.warning and "java" in result.warning
