"""``prx outline``: the symbols of a file, or of every file below a directory.

An outline over its budget (or the default ceiling) keeps the top-level symbols that fit,
file after file, and the rest is one continuation token away.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import TYPE_CHECKING

from prx.core import continuation
from prx.core.budget import OUTLINE_CEILING, Cap, cap_for, data_tokens, fit_prefix, limit_for
from prx.core.envelope import dumps, to_jsonable
from prx.core.errors import BudgetExceededError, InvalidArgumentError, NotFoundError, ParseError
from prx.core.record import replace
from prx.core.results.outline import FileOutline, OutlineResult
from prx.core.results.read import LineRange, Omission, Symbol
from prx.core.shebang import HEAD_BYTES, sniffs
from prx.engine.files.text import load_text, read_walked
from prx.engine.lang.outline import KINDS, outline

if TYPE_CHECKING:
    from prx.plugin.context import Context

# Stands in for the omitted tokens while fitting, so the real figure never adds digits.
_PLACEHOLDER = 999_999_999

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
    ws: Context,
    path: str,
    *,
    kind: str | None = None,
    max_depth: int | None = None,
    budget: int | None = None,
    continue_token: str | None = None,
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
    cap = cap_for(budget, OUTLINE_CEILING)
    resolved = ws.resolve(path)
    if not os.path.lexists(resolved):
        raise NotFoundError(f"path not found: {path}")
    request = continuation.fingerprint(resolved, kind, max_depth)
    offset = 0
    if continue_token is not None:
        (position,) = continuation.decode(continue_token, "outline", request, 1)
        offset = continuation.decode_int(position, "outline")
    if not os.path.isdir(resolved):
        loaded = load_text(resolved, path, ws.confined)
        spec = ws.language_for(resolved, head=loaded.data[:HEAD_BYTES])
        symbols = outline(spec, loaded.data) if spec is not None else ()
        if kind:
            symbols = filter_kind(symbols, kind)
        whole = OutlineResult(
            file=path, root=ws.root_dir, language=spec.name if spec else None, symbols=symbols
        )
        return _fit(whole, [(None, s) for s in symbols], offset, cap, request)

    from prx.engine.files.display import under, walk_base
    from prx.engine.files.walk import walk

    base = walk_base(ws.root_dir, resolved, ws.label)

    walked = walk(
        resolved, max_depth=max_depth, max_file_size=ws.config.max_file_size, skip_binary=False
    )
    skipped: Counter[str] = Counter(walked.skipped)
    files: list[FileOutline] = []
    for found in walked.files:
        spec = ws.language_for(found.rel)
        if spec is None and sniffs(found.rel):  # a script without an extension: its #! line
            data = read_walked(found.path, skipped)
            spec = ws.language_for(found.rel, head=data[:HEAD_BYTES]) if data else None
        else:
            data = None
        if spec is None or "outline" not in spec.queries:
            continue
        data = data if data is not None else read_walked(found.path, skipped)
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
    whole = OutlineResult(
        file=path,
        root=ws.root_dir,
        language=None,
        files=tuple(files),
        skipped=dict(sorted(skipped.items())),
    )
    return _fit(whole, [(f, s) for f in files for s in f.symbols], offset, cap, request)


def _fit(
    whole: OutlineResult,
    items: list[tuple[FileOutline | None, Symbol]],
    offset: int,
    cap: Cap,
    request: str,
) -> OutlineResult:
    """The page of top-level symbols from ``offset`` that fits ``cap``."""
    page = items[offset:]
    count = cap.count

    def build(keep: int, rest_tokens: int) -> OutlineResult:
        kept, left = page[:keep], page[keep:]
        if whole.files is None:
            result = replace(whole, symbols=tuple(s for _, s in kept))
        else:
            result = replace(whole, files=_group(kept))
        if not left:
            return result
        in_file = whole.files is None
        return replace(
            result,
            truncated=True,
            continuation_token=continuation.encode("outline", request, offset + keep),
            omitted=Omission(
                lines=LineRange(start=left[0][1].lines.start, end=left[-1][1].lines.end)
                if in_file
                else None,
                count=len(left),
                tokens=rest_tokens,
                reason=cap.reason,
            ),
        )

    keep = len(page)
    if cap.tokens is not None:
        limit = limit_for(cap.tokens)
        if data_tokens(build(keep, 0), count) > limit:
            keep = fit_prefix(
                len(page), lambda k: data_tokens(build(k, _PLACEHOLDER), count), limit
            )
        if keep == 0 and page:
            owner, symbol = page[0]
            where = f" in {owner.file}" if owner is not None else ""
            raise BudgetExceededError(
                f"{cap.describe()} cannot hold the outline of `{symbol.name}`{where} "
                f"(lines {symbol.lines.start}-{symbol.lines.end}) with the totals",
                suggestion="Use a larger {param:budget} (0: no limit), or {param:kind} to list "
                "fewer symbols.",
            )
    rest = [s for _, s in page[keep:]]
    return build(keep, count(dumps(to_jsonable(rest))) if rest else 0)


def _group(items: list[tuple[FileOutline | None, Symbol]]) -> tuple[FileOutline, ...]:
    """Consecutive symbols of one file back into one :class:`FileOutline`."""
    grouped: list[FileOutline] = []
    for owner, symbol in items:
        assert owner is not None
        if grouped and grouped[-1].file == owner.file:
            grouped[-1] = replace(grouped[-1], symbols=(*grouped[-1].symbols, symbol))
        else:
            grouped.append(replace(owner, symbols=(symbol,)))
    return tuple(grouped)
