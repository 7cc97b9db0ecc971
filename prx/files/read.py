"""``prx read``: a file's content, metadata and hash, with ranges and token budgets."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING

from prx import continuation
from prx.budget import data_tokens, fit_prefix, limit_for
from prx.errors import BudgetExceededError, InvalidArgumentError, InvalidRangeError
from prx.files.text import count_lines, load_text
from prx.hashing import content_hash, is_hash
from prx.tokens import TokenCounter, counter_for
from prx.types import ContentSlice, FileMeta, LineRange, Omission, ReadResult

if TYPE_CHECKING:
    from prx.workspace import Workspace

__all__ = ["parse_lines", "read_file"]

_RANGE = re.compile(r"\s*(\d+)\s*(?:(-)\s*(\d*)\s*)?")


def parse_lines(spec: str) -> tuple[int, int | None]:
    """Parse ``"A-B"``, ``"N"`` or ``"A-"`` into (start, end or None for "to the end")."""
    match = _RANGE.fullmatch(spec)
    if match is None:
        raise InvalidArgumentError(
            f"invalid argument --lines: expected A-B, N or A-, got {spec!r}",
            suggestion="For example --lines 10-40, --lines 42 or --lines 100-.",
        )
    start = int(match.group(1))
    if match.group(2) is None:
        end: int | None = start
    else:
        end = int(match.group(3)) if match.group(3) else None
    if start < 1:
        raise InvalidRangeError(
            "invalid range: lines are numbered from 1", suggestion="Use --lines 1-N."
        )
    if end is not None and end < start:
        raise InvalidRangeError(
            f"invalid range {spec!r}: the end comes before the start",
            suggestion=f"Did you mean --lines {end}-{start}?",
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


def read_file(
    ws: Workspace,
    path: str,
    *,
    lines: str | None = None,
    hash_only: bool = False,
    outline_only: bool = False,
    if_changed: str | None = None,
    budget: int | None = None,
    continue_token: str | None = None,
) -> ReadResult:
    """Read ``path`` for :meth:`Workspace.read`."""
    if if_changed is not None and not is_hash(if_changed):
        raise InvalidArgumentError(
            f"invalid argument --if-changed: expected a 32-character hex hash, got {if_changed!r}",
            suggestion="Pass meta.hash from an earlier `prx read` answer.",
        )
    if budget is not None and budget <= 0:
        raise InvalidArgumentError(f"invalid argument --budget: must be positive, got {budget}")
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
    if hash_only or outline_only:
        # The outline is filled in once a grammar is available for the language.
        return ReadResult(file=path, meta=meta, content=None, outline=None)

    request = continuation.fingerprint(str(resolved))
    if continue_token is not None:
        first, last, digest = continuation.decode(continue_token, "read", request, 3)
        if digest != meta.hash[:12]:
            raise InvalidArgumentError(
                f"invalid argument --continue: {path} changed since the token was issued",
                suggestion="Read the file again; the old continuation no longer lines up.",
            )
        lines = f"{continuation.decode_int(first, 'read')}-{continuation.decode_int(last, 'read')}"

    all_lines = _split_lines(loaded.text)
    total = len(all_lines)
    start, end = 1, total
    if lines is not None:
        start, wanted_end = parse_lines(lines)
        if start > max(total, 0) or total == 0:
            raise InvalidRangeError(
                f"invalid range: line {start} is past the end of {path} ({total} lines)",
                suggestion=f"Use --lines 1-{total}." if total else "The file is empty.",
            )
        end = total if wanted_end is None else min(wanted_end, total)
    selected = all_lines[start - 1 : end]
    text = _join(selected, end == total, loaded.text) if lines is not None else loaded.text
    count = counter_for(budget is not None)
    result = ReadResult(
        file=path,
        meta=meta,
        content=ContentSlice(range=LineRange(start=start, end=end), text=text, tokens=count(text)),
        outline=None,
    )
    if budget is None:
        return result
    limit = limit_for(budget)
    if data_tokens(result, count) <= limit:
        return result
    return _cut_to_budget(
        result, selected, start, end, end == total, loaded.text, limit, count, request, budget
    )


def _cut_to_budget(
    result: ReadResult,
    selected: list[str],
    start: int,
    end: int,
    through_end: bool,
    full_text: str,
    limit: int,
    count: TokenCounter,
    request: str,
    budget: int,
) -> ReadResult:
    def build(keep: int) -> ReadResult:
        text = _join(selected[:keep], False, full_text)
        rest = _join(selected[keep:], through_end, full_text)
        rest_first = start + keep
        omitted = Omission(
            lines=LineRange(start=rest_first, end=end),
            count=end - rest_first + 1,
            tokens=count(rest),
            reason="budget",
        )
        content = ContentSlice(
            range=LineRange(start=start, end=start + keep - 1),
            text=text,
            tokens=count(text),
            truncated=True,
            omitted=omitted,
            next_lines=f"{rest_first}-{end}",
        )
        token = continuation.encode("read", request, rest_first, end, result.meta.hash[:12])
        return dataclasses.replace(result, content=content, continuation_token=token)

    keep = fit_prefix(len(selected) - 1, lambda k: data_tokens(build(k), count), limit)
    if keep == 0:
        raise BudgetExceededError(
            f"budget {budget} cannot hold line {start} of {result.file} with its metadata",
            suggestion=f"Use --budget {budget * 2} or more, or --hash for metadata only.",
        )
    return build(keep)
