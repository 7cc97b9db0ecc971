"""``prx outline``: the symbols of a file, or of every file below a directory."""

from __future__ import annotations

import os
from collections import Counter
from typing import TYPE_CHECKING

from prx.errors import InvalidArgumentError, NotFoundError, ParseError
from prx.files.text import load_text, read_walked
from prx.lang.outline import KINDS, outline
from prx.types import FileOutline, OutlineResult, Symbol

if TYPE_CHECKING:
    from prx.workspace import Workspace

__all__ = ["filter_kind", "outline_path"]


def filter_kind(symbols: tuple[Symbol, ...], kind: str) -> tuple[Symbol, ...]:
    """Symbols of ``kind`` at any depth, each keeping only its matching descendants."""
    kept: list[Symbol] = []
    for symbol in symbols:
        children = filter_kind(symbol.children, kind)
        if symbol.kind == kind:
            kept.append(
                Symbol(
                    name=symbol.name,
                    kind=symbol.kind,
                    lines=symbol.lines,
                    signature=symbol.signature,
                    children=children,
                )
            )
        else:
            kept.extend(children)
    return tuple(kept)


def outline_path(
    ws: Workspace, path: str, *, kind: str | None = None, max_depth: int | None = None
) -> OutlineResult:
    """Outline ``path`` for :meth:`Workspace.outline`."""
    if kind is not None and kind not in KINDS:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(KINDS)}, got {kind!r}",
            param="kind",
            suggestion="Omit {param} to list every symbol.",
        )
    if max_depth is not None and max_depth < 1:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: must be 1 or more, got {max_depth}", param="max_depth"
        )
    resolved = ws.resolve(path)
    if not os.path.lexists(resolved):
        raise NotFoundError(f"path not found: {path}")
    if not os.path.isdir(resolved):
        loaded = load_text(resolved, path)
        spec = ws.language_for(resolved)
        symbols = outline(spec, loaded.data) if spec is not None else ()
        if kind:
            symbols = filter_kind(symbols, kind)
        return OutlineResult(
            file=path, root=ws.root_dir, language=spec.name if spec else None, symbols=symbols
        )

    from prx.files.display import under, walk_base
    from prx.files.walk import walk

    base = walk_base(ws.root_dir, resolved)

    walked = walk(
        resolved, max_depth=max_depth, max_file_size=ws.config.max_file_size, skip_binary=False
    )
    skipped: Counter[str] = Counter(walked.skipped)
    files: list[FileOutline] = []
    for found in walked.files:
        spec = ws.language_for(found.rel)
        if spec is None or "outline" not in spec.queries:
            continue
        data = read_walked(found.path, skipped)
        if data is None:
            continue
        try:
            symbols = outline(spec, data)
        except ParseError:
            skipped["parse_error"] += 1
            continue
        if kind:
            symbols = filter_kind(symbols, kind)
        if symbols:
            files.append(
                FileOutline(file=under(base, found.rel), language=spec.name, symbols=symbols)
            )
    return OutlineResult(
        file=path,
        root=ws.root_dir,
        language=None,
        files=tuple(files),
        skipped=dict(sorted(skipped.items())),
    )
