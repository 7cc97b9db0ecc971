"""The narrow contexts, checked by mypy (never run): features typed with a context of
prx/plugin/context.py take an object that is not a Workspace and has only the parts listed,
and a Workspace still fits each of them."""

from __future__ import annotations

import os
import re

from prx.app.workspace import Workspace
from prx.core.config import Config
from prx.engine.corpus.corpus import build_corpus, split_by_language
from prx.engine.index.assemble import assemble
from prx.engine.index.build import build_index, load_current, verify_index
from prx.engine.index.watch import watch_index
from prx.engine.retrieval.literal import plan_for, scan
from prx.plugin import LanguageSpec
from prx.plugin.protocols import IndexContext, LiteralContext, SourceContext


class Languages:
    def file_languages(self) -> list[LanguageSpec]:
        return []


class Parts:
    """Settings, languages, paths and a cache: no plugin registry, no commands."""

    def __init__(self) -> None:
        self.config = Config.load("/repo")
        self.cache: dict[str, object] = {}

    @property
    def registry(self) -> Languages:
        return Languages()

    def resolve(self, path: str) -> str:
        return os.path.abspath(path)

    def language_for(self, path: str | os.PathLike[str]) -> LanguageSpec | None:
        return None


def index_with_parts(parts: Parts) -> None:
    build_index(parts, ".", rebuild=True)
    verify_index(parts)
    load_current(parts, "/repo", lazy=True)
    watch_index(parts, ".")
    assemble(parts, "/repo", None)
    build_corpus(parts, "/repo")
    split_by_language(parts, [])


def literal_scan_with_parts(parts: Parts) -> None:
    pattern = re.compile("needle")
    scan(parts, "/repo", pattern, plan=plan_for(parts, "/repo", pattern))


def a_workspace_fits_every_context(ws: Workspace) -> None:
    index: IndexContext = ws
    literal: LiteralContext = ws
    source: SourceContext = ws
    del index, literal, source
