"""The search corpus of a directory: its files, their chunks and their definitions.

Every file is read once and parsed once; the same tree gives the chunks and the outline.
Files that cannot be parsed are chunked as plain text and counted in ``skipped``.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from prx.errors import ParseError
from prx.files.text import BINARY_PROBE, decode
from prx.hashing import content_hash

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec
    from prx.workspace import Workspace

__all__ = ["ChunkRecord", "Corpus", "Definition", "build_corpus", "enrich"]


class ChunkRecord(NamedTuple):
    """One chunk of the corpus."""

    file: str
    language: str | None
    start_line: int
    end_line: int
    text: str
    symbol: str | None
    symbol_kind: str | None


class Definition(NamedTuple):
    """One symbol definition (any nesting level), for the symbol index."""

    name: str
    kind: str
    file: str
    start_line: int
    end_line: int
    signature: str


class FileRecord(NamedTuple):
    """A file of the corpus."""

    path: str
    language: str | None
    hash: str
    size: int


@dataclass(slots=True)
class Corpus:
    """Chunks, files and definitions below one root."""

    root: str
    chunks: list[ChunkRecord] = field(default_factory=list)
    files: dict[str, FileRecord] = field(default_factory=dict)
    definitions: list[Definition] = field(default_factory=list)
    skipped: dict[str, int] = field(default_factory=dict)


def enrich(chunk: ChunkRecord) -> str:
    """The text BM25 indexes for a chunk: the path's words and the symbol's name first, so
    ``auth`` finds ``auth/login.py`` even when the chunk never says "auth"."""
    from prx.retrieval.tokenize import split_identifier

    stem, _ = os.path.splitext(os.path.basename(chunk.file))
    directories = chunk.file.split("/")[:-1][-3:]
    parts = [" ".join(split_identifier(p)) for p in (*directories, stem) if p]
    header = " ".join(parts)
    if chunk.symbol:
        header += " " + " ".join(split_identifier(chunk.symbol))
    return f"{header}\n{chunk.text}"


def _file_units(
    spec: LanguageSpec | None, rel: str, data: bytes
) -> tuple[list[ChunkRecord], list[Definition]]:
    from prx.lang.chunk import chunk_source
    from prx.lang.outline import flatten, outline

    language = spec.name if spec else None
    tree = None
    definitions: list[Definition] = []
    if spec is not None and spec.grammar is not None:
        from prx.lang.grammar import parse

        tree = parse(spec, data)
        if "outline" in spec.queries:
            for symbol in flatten(outline(spec, data, tree)):
                definitions.append(
                    Definition(
                        symbol.name, symbol.kind, rel, symbol.lines.start, symbol.lines.end,
                        symbol.signature,
                    )
                )
    chunks = [
        ChunkRecord(rel, language, c.start_line, c.end_line, c.text, c.symbol, c.symbol_kind)
        for c in chunk_source(spec, data, tree=tree)
    ]
    return chunks, definitions


def build_corpus(ws: Workspace, root: str) -> Corpus:
    """Walk ``root`` and build its corpus (files over the size limit and binaries skipped)."""
    from prx.files.walk import walk

    corpus = Corpus(root=root)
    walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    skipped: Counter[str] = Counter(walked.skipped)
    for found in walked.files:
        try:
            data = found.path.read_bytes()
        except OSError:
            skipped["unreadable"] += 1
            continue
        if b"\0" in data[:BINARY_PROBE]:
            skipped["binary"] += 1
            continue
        spec = ws.language_for(found.rel)
        text, bad = decode(data)
        if bad:
            data = text.encode("utf-8")
            skipped["non_utf8_replaced"] += 1
        try:
            chunks, definitions = _file_units(spec, found.rel, data)
        except ParseError:
            skipped["parse_error"] += 1
            chunks, definitions = _file_units(None, found.rel, data)
        corpus.files[found.rel] = FileRecord(
            found.rel, spec.name if spec else None, content_hash(data), len(data)
        )
        corpus.chunks.extend(chunks)
        corpus.definitions.extend(definitions)
    corpus.skipped = dict(sorted(skipped.items()))
    return corpus
