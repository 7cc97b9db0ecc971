"""``prx read``: a file's content, metadata, hash and outline, with ranges, snapping,
skeletons, reduction modes and token budgets."""

from __future__ import annotations

import re

from prx import continuation
from prx._record import replace
from prx.budget import data_tokens, fit_prefix, limit_for
from prx.errors import BudgetExceededError, InvalidArgumentError, InvalidRangeError, ParseError
from prx.files.text import count_lines, load_text
from prx.hashing import content_hash, is_hash
from prx.tokens import TokenCounter, counter_for
from prx.types import ContentSlice, FileMeta, LineRange, Omission, ReadResult, Symbol

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec
    from prx.workspace import Workspace

__all__ = ["parse_lines", "read_file"]

_RANGE = re.compile(r"\s*(\d+)\s*(?:(-)\s*(\d*)\s*)?")
_SNAPS = ("function", "fn", "class", "block")
_MODES = ("aggressive", "entropy", "diff")


def parse_lines(spec: str) -> tuple[int, int | None]:
    """Parse ``"A-B"``, ``"N"`` or ``"A-"`` into (start, end or None for "to the end")."""
    match = _RANGE.fullmatch(spec)
    if match is None:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected A-B, N or A-, got {spec!r}",
            param="lines",
            suggestion="For example 10-40 (lines 10 to 40), 42 (line 42) or 100- (line 100 "
            "to the end).",
        )
    start = int(match.group(1))
    if match.group(2) is None:
        end: int | None = start
    else:
        end = int(match.group(3)) if match.group(3) else None
    if start < 1:
        raise InvalidRangeError(
            "invalid range: lines are numbered from 1",
            param="lines",
            suggestion="Start the range at 1 (for example 1-10).",
        )
    if end is not None and end < start:
        raise InvalidRangeError(
            f"invalid range {spec!r}: the end comes before the start",
            param="lines",
            suggestion=f"Did you mean {{param}} {end}-{start}?",
        )
    return start, end


def _split_lines(text: str) -> list[str]:
    # Lines end at "\n" only (a lone "\r" stays inside its line), matching count_lines.
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    return parts


def _join(parts: list[str], through_end: bool, text: str) -> str:
    joined = "\n".join(parts)
    if parts and (not through_end or text.endswith("\n")):
        joined += "\n"
    return joined


def _validate(
    if_changed: str | None,
    budget: int | None,
    snap: str | None,
    lines: str | None,
    mode: str | None,
) -> None:
    if if_changed is not None and not is_hash(if_changed):
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected a 32-character hex hash, got {if_changed!r}",
            param="if_changed",
            suggestion="Pass meta.hash from an earlier {cmd:read} answer.",
        )
    if budget is not None and budget <= 0:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: must be positive, got {budget}", param="budget"
        )
    if snap is not None and snap not in _SNAPS:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(_SNAPS)}, got {snap!r}",
            param="snap",
        )
    if snap is not None and lines is None:
        raise InvalidArgumentError(
            "invalid argument {param}: needs {param:lines} (the range to widen)",
            param="snap",
            suggestion="Give {param:lines} too (for example 42); {param} widens that range.",
        )
    if mode is not None and mode not in _MODES:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(_MODES)}, got {mode!r}",
            param="mode",
        )


def _outline(spec: LanguageSpec | None, data: bytes, notes: list[str]) -> tuple[Symbol, ...] | None:
    if spec is None or spec.grammar is None or "outline" not in spec.queries:
        return None
    from prx.lang.outline import outline

    try:
        return outline(spec, data)
    except ParseError as err:
        notes.append(f"outline unavailable: {err.message}")
        return None


def read_file(
    ws: Workspace,
    path: str,
    *,
    lines: str | None = None,
    hash_only: bool = False,
    outline_only: bool = False,
    skeleton: bool = False,
    snap: str | None = None,
    mode: str | None = None,
    if_changed: str | None = None,
    budget: int | None = None,
    continue_token: str | None = None,
) -> ReadResult:
    """Read ``path`` for :meth:`Workspace.read`."""
    _validate(if_changed, budget, snap, lines, mode)
    if skeleton and mode is not None:
        raise InvalidArgumentError(
            "invalid argument {param}: it is a reduction of its own and takes no {param:mode}",
            param="skeleton",
            suggestion="Use either {param} or {param:mode}, not both.",
        )
    if skeleton and lines is not None:
        raise InvalidArgumentError(
            "invalid argument {param}: a skeleton covers the whole file and takes no {param:lines}",
            param="skeleton",
            suggestion="Drop {param:lines} for the skeleton, or read the range alone with "
            "{param:lines} (add {param:snap} function to widen it to whole symbols).",
        )
    resolved = ws.resolve(path)
    loaded = load_text(resolved, path)
    spec = ws.language_for(resolved)
    meta = FileMeta(
        language=spec.name if spec else None,
        lines=count_lines(loaded.data),
        bytes=len(loaded.data),
        modified=loaded.modified,
        hash=content_hash(loaded.data),
        encoding="utf-8" if not loaded.decode_errors else "utf-8 (invalid bytes replaced)",
        decode_errors=loaded.decode_errors,
    )
    if if_changed is not None and if_changed.lower() == meta.hash:
        return ReadResult(file=path, meta=meta, content=None, outline=None, cached=True)
    if hash_only:
        return ReadResult(file=path, meta=meta, content=None, outline=None)
    notes: list[str] = []
    symbols = _outline(spec, loaded.data, notes)
    if outline_only:
        return ReadResult(file=path, meta=meta, content=None, outline=symbols, notes=tuple(notes))

    request = continuation.fingerprint(str(resolved), skeleton, mode)
    if continue_token is not None:
        first, last, digest = continuation.decode(continue_token, "read", request, 3)
        if digest != meta.hash[:12]:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: {path} changed since the token was issued",
                param="continue_token",
                suggestion="Read the file again; the old continuation no longer lines up.",
            )
        lines = f"{continuation.decode_int(first, 'read')}-{continuation.decode_int(last, 'read')}"

    all_lines = _split_lines(loaded.text)
    total = len(all_lines)
    start, end = 1, total
    snap_label: str | None = None
    snap_reason: str | None = None
    if lines is not None:
        start, wanted_end = parse_lines(lines)
        if start > total:
            raise InvalidRangeError(
                f"invalid range: line {start} is past the end of {path} ({total} lines)",
                param="lines",
                suggestion=f"Ask for a range within 1-{total}." if total else "The file is empty.",
            )
        end = total if wanted_end is None else min(wanted_end, total)
        if snap is not None:
            snap_label, snap_reason, start, end = _snap(spec, loaded.data, start, end, snap)

    if skeleton:
        text, start, end = _skeleton(spec, loaded.text, loaded.data, total, notes)
    else:
        selected = all_lines[start - 1 : end]
        text = _join(selected, end == total, loaded.text) if lines is not None else loaded.text
        if mode is not None:
            from prx.files.modes import apply_mode

            text = apply_mode(mode, spec, resolved, loaded.text, text, start, end)
    count = counter_for(budget is not None)
    content = ContentSlice(
        range=LineRange(start=start, end=end),
        snap=snap_label,
        snap_reason=snap_reason,
        text=text,
        tokens=count(text),
        mode="skeleton" if skeleton else mode,
    )
    result = ReadResult(file=path, meta=meta, content=content, outline=symbols, notes=tuple(notes))
    if budget is None:
        return result
    return _fit(
        result,
        budget,
        count,
        request,
        lines is None and not skeleton and mode is None,
        total,
        loaded.text,
    )


def _snap(
    spec: LanguageSpec | None, data: bytes, start: int, end: int, target: str
) -> tuple[str | None, str, int, int]:
    if spec is None or spec.grammar is None:
        return None, "no grammar for this file: range kept as given", start, end
    from prx.lang.snap import snap_range

    try:
        found = snap_range(spec, data, start, end, target)
    except ParseError as err:
        return None, f"{err.message}: range kept as given", start, end
    if found is None:
        return None, f"no enclosing {target}: range kept as given", start, end
    return target, found.reason, found.start, found.end


def _skeleton(
    spec: LanguageSpec | None, text: str, data: bytes, total: int, notes: list[str]
) -> tuple[str, int, int]:
    if spec is None or spec.grammar is None or "outline" not in spec.queries:
        notes.append("skeleton unavailable for this language: full text shown")
        return text, 1, total
    from prx.lang.skeleton import skeleton

    try:
        return skeleton(spec, data), 1, total
    except ParseError as err:
        notes.append(f"skeleton unavailable ({err.message}): full text shown")
        return text, 1, total


def _boundary(keep: int, start: int, symbols: tuple[Symbol, ...] | None) -> int:
    """Move a cut back to the end of a top-level symbol when that keeps at least half."""
    if not symbols:
        return keep
    last_kept = start + keep - 1
    ends = [s.lines.end for s in symbols if start <= s.lines.end <= last_kept]
    starts = [s.lines.start - 1 for s in symbols if start <= s.lines.start - 1 <= last_kept]
    candidates = [b for b in ends + starts if b - start + 1 >= keep // 2]
    return max(candidates) - start + 1 if candidates else keep


def _fit(
    result: ReadResult,
    budget: int,
    count: TokenCounter,
    request: str,
    whole_file: bool,
    total: int,
    full_text: str,
) -> ReadResult:
    limit = limit_for(budget)
    if data_tokens(result, count) <= limit:
        return result
    assert result.content is not None
    # Cut points come from the outline even when the outline itself is left out.
    symbols = result.outline
    bare = replace(result, content=replace(result.content, text=""))
    if result.outline and data_tokens(bare, count) > limit // 2:
        # The outline alone would crowd out the text: leave it out and say so.
        result = replace(
            result, outline=None, notes=(*result.notes, "outline omitted to fit the budget")
        )
        if data_tokens(result, count) <= limit:
            return result
    content = result.content
    assert content is not None
    parts = content.text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    plain = content.mode is None
    first = content.range.start if plain else 1
    last = content.range.end if plain else len(parts)
    original_tokens = content.tokens

    def build(keep: int, rest_tokens: int | None = None) -> ReadResult:
        text = "\n".join(parts[:keep]) + "\n"
        rest_first = first + keep
        if rest_tokens is None:
            rest = "\n".join(parts[keep:])
            rest_tokens = count(rest + ("\n" if full_text.endswith("\n") or not plain else ""))
        omitted = Omission(
            lines=LineRange(start=rest_first, end=last) if plain else None,
            count=len(parts) - keep,
            tokens=rest_tokens,
            reason="budget",
        )
        cut = replace(
            content,
            range=LineRange(start=first, end=rest_first - 1) if plain else content.range,
            text=text,
            tokens=count(text),
            truncated=True,
            omitted=omitted,
            next_lines=f"{rest_first}-{last}" if plain else None,
        )
        if whole_file:
            cut = replace(
                cut,
                snap="top_of_file",
                snap_reason=f"the file ({original_tokens} tokens) exceeds the budget: kept the "
                f"top, cut at a symbol boundary; read on with --continue or --lines",
            )
        token = (
            continuation.encode("read", request, rest_first, last, result.meta.hash[:12])
            if plain
            else None
        )
        return replace(result, content=cut, continuation_token=token)

    # While searching for the cut, the omitted part's size is written as an upper bound (a
    # number at least as long as the true one): counting the rest of a large file exactly
    # at every step took seconds. The final answer counts it once.
    bound = original_tokens + 1
    keep = fit_prefix(
        len(parts) - 1, lambda k: data_tokens(build(k, bound), count), limit, gallop=True
    )
    if keep == 0:
        raise BudgetExceededError(
            f"budget {budget} cannot hold line {first} of {result.file} with its metadata",
            suggestion=f"Use {{param:budget}} {budget * 2} or more, or {{param:hash_only}} for "
            "metadata only.",
        )
    if plain:
        keep = _boundary(keep, first, symbols)
    return build(keep)
