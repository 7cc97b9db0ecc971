"""A third-party plugin written from docs/plugins/ alone: every prx name it uses comes
from ``prx.plugin`` (tests/test_third_party_plugin.py checks that, and runs the contracts).

It adds a retriever (file names), a rerank stage (shorter paths first), a runner parser
(``wc``) and a language (Zig, from tree-sitter-language-pack).
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from prx.plugin import (
    Candidate,
    CorpusView,
    LanguageSpec,
    Parsed,
    Query,
    RawRun,
    Reranker,
    Retriever,
    ToolParser,
    hookimpl,
    output_lines,
    pack_grammar,
)


class FileNameRetriever(Retriever):
    """The first chunk of each file whose name contains a word of the query."""

    NAME = "filename"
    SUMMARY = "file names containing a query word"

    def build(self, corpus: CorpusView) -> None:
        self.first_chunk: dict[str, int] = {}
        for index, chunk in enumerate(corpus.chunks):
            self.first_chunk.setdefault(chunk.file, index)
        self.chunks = corpus.chunks

    def search(self, query: Query, k: int) -> list[Candidate]:
        words = [w.lower() for w in query.text.split() if len(w) > 2]
        found = []
        for file, index in self.first_chunk.items():
            name = os.path.basename(file).lower()
            hits = sum(word in name for word in words)
            if hits:
                chunk = self.chunks[index]
                found.append(
                    Candidate(
                        file=file,
                        start_line=chunk.start_line,
                        end_line=chunk.end_line,
                        score=float(hits),
                        source=self.NAME,
                        chunk=index,
                    )
                )
        found.sort(key=lambda c: (-c.score, c.file))
        return found[: max(k, 0)]


class ShortPathFirst(Reranker):
    """Among equal scores, shorter paths first; never adds or drops candidates."""

    NAME = "short-path-first"

    def rerank(
        self, query: Query, candidates: list[Candidate], corpus: CorpusView
    ) -> list[Candidate]:
        return sorted(candidates, key=lambda c: (-c.score, len(c.file)))


class WcParser(ToolParser):
    """``wc``: one "count(s) name" row per file, then a total."""

    NAME = "wc"
    PROGRAMS = frozenset({"wc"})

    def parse(self, raw: RawRun) -> Parsed:
        rows = [line.split() for line in output_lines(raw) if line.strip()]
        files = [row for row in rows if row[-1] != "total" and row[0].isdigit()]
        return Parsed(
            headline=f"{len(files)} file(s) counted" if files else None,
            items=[" ".join(row) for row in rows if row[0].isdigit()],
        )


ZIG = LanguageSpec(
    name="zig",
    extensions=(".zig",),
    grammar=pack_grammar("zig"),
    queries={
        "outline": "(Decl (FnProto function: (IDENTIFIER) @name) (Block) @body) @definition.function",
    },
    line_comments=("//",),
)


@hookimpl
def prx_register_retrievers() -> type[Retriever]:
    return FileNameRetriever


@hookimpl
def prx_register_rerankers() -> type[Reranker]:
    return ShortPathFirst


@hookimpl
def prx_register_runner_parsers() -> Sequence[type[ToolParser]]:
    return [WcParser]


@hookimpl
def prx_register_languages() -> LanguageSpec:
    return ZIG


CONFIGURED: list[str] = []


@hookimpl
def prx_configure() -> None:
    # No argument: pluggy passes only what an implementation asks for.
    CONFIGURED.append("configured")
