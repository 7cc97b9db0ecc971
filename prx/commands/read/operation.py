"""The ``read`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx.core.budget import READ_CEILING
from prx.core.record import record
from prx.core.results.read import ReadResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Baseline, Operation, param

__all__ = ["READ", "ReadParams"]


@record
class ReadParams:
    """Parameters of ``prx read``."""

    path: str = param(help="file to read", positional=True, aliases=("file",))
    lines: str | None = param(None, help="range A-B, line N, or A- to the end", metavar="A-B")
    hash_only: bool = param(False, help="metadata and hash only", flag="--hash", aliases=("hash",))
    outline_only: bool = param(
        False, help="metadata and outline only", flag="--outline", aliases=("outline",)
    )
    full_outline: bool = param(False, help="the whole outline, not only around --lines")
    skeleton: bool = param(False, help="signatures and docstrings, no bodies")
    snap: str | None = param(
        None,
        help="widen --lines to the enclosing block",
        choices=("function", "fn", "class", "block"),
    )
    mode: str | None = param(
        None,
        help="aggressive (no comments), entropy (no repetition), diff (vs git HEAD)",
        choices=("aggressive", "entropy", "diff"),
    )
    if_changed: str | None = param(None, help="a stub if the hash is unchanged", metavar="HASH")
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{READ_CEILING} (estimated); 0: no limit",
        metavar="N",
    )
    continue_token: str | None = param(
        None, help="continuation_token of a budget-cut read", flag="--continue", metavar="TOKEN"
    )
    fresh: bool = param(False, help="the text, never a stub")


def _run(ws: Context, p: ReadParams) -> ReadResult:
    from prx.commands.read.engine import read_file

    here, path = ws.for_path(p.path)  # ROOT//PATH: another project's root
    result = read_file(
        here,
        path,
        lines=p.lines,
        hash_only=p.hash_only,
        outline_only=p.outline_only,
        full_outline=p.full_outline,
        skeleton=p.skeleton,
        snap=p.snap,
        mode=p.mode,
        if_changed=p.if_changed,
        budget=p.budget,
        continue_token=p.continue_token,
        fresh=p.fresh,
    )
    if here is ws:
        return result
    from prx.core.record import replace

    return replace(result, file=p.path)


def _fallback(p: ReadParams) -> Sequence[str]:
    if p.lines:
        first, _, last = p.lines.partition("-")
        if first.strip().isdigit() and (last.strip().isdigit() or not last.strip()):
            # "N" is one line; "A-" runs to the end.
            end = last.strip() or ("$" if "-" in p.lines else first.strip())
            return ["sed", "-n", f"{first.strip()},{end}p", "--", p.path]
    return ["cat", "--", p.path]


def _baseline(p: ReadParams, r: ReadResult) -> Baseline | None:
    # What cat, sed, sha256sum or git diff prints for the same request (docs/stats.md).
    from prx.engine.usage.baseline import command_line, utf8_size

    command = command_line(_fallback(p))
    if p.continue_token is not None:
        return Baseline(tokens=0, strategy="continuation", command=command)
    if p.hash_only:
        hashed = ["sha256sum", "--", p.path]  # "<64 hex>  PATH\n"
        size = 64 + 2 + utf8_size(p.path) + 1
        return Baseline(tokens=size // 4, strategy="measured", command=command_line(hashed))
    if p.outline_only:
        return None  # no Unix tool prints an outline: no claim, as for `prx outline`
    content = r.content
    if content is not None and content.mode == "diff":
        return _diff_baseline(p, content.text)
    if not p.lines:
        # cat prints the file; an unchanged --if-changed stub spares exactly that.
        return Baseline(tokens=r.meta.bytes // 4, strategy="measured", command=command)
    size, strategy = _sed_bytes(p.lines, r)
    return Baseline(tokens=size // 4, strategy=strategy, command=command)


def _sed_bytes(lines: str, r: ReadResult) -> tuple[int, str]:
    """Bytes ``sed -n A,Bp`` prints: counted from the text prx shows where it covers the
    requested lines, else estimated at the file's (or the shown text's, if smaller)
    average line length."""
    from prx.commands.read.engine import parse_lines
    from prx.engine.usage.baseline import utf8_size

    first, last = parse_lines(lines)
    last = r.meta.lines if last is None else min(last, r.meta.lines)
    wanted = max(0, last - first + 1)
    average = r.meta.bytes / r.meta.lines if r.meta.lines else 0.0
    if r.content is None or r.content.mode is not None:
        # An unchanged --if-changed stub, or a reduced text: only the line count is known.
        return int(wanted * average), "estimate"
    shown = r.content.text.split("\n")  # lines end at "\n" only, as for sed
    ended = shown[-1] == ""
    if ended:
        shown.pop()
    start = r.content.range.start
    begin, end = max(0, first - start), max(0, last - start + 1)
    inside = shown[begin:end]
    newlines = len(inside) - (1 if inside and not ended and end >= len(shown) else 0)
    size = sum(utf8_size(line) for line in inside) + newlines
    missing = wanted - len(inside)
    if missing <= 0:
        # Bytes that are not UTF-8 were shown as U+FFFD (3 bytes for 1): not exact then.
        return size, "estimate" if r.meta.decode_errors else "measured"
    if inside:
        average = min(average, size / len(inside))
    return size + int(missing * average), "estimate"


def _diff_baseline(p: ReadParams, text: str) -> Baseline:
    """``git diff HEAD -- PATH`` prints at least each changed line, with its +/- sign."""
    import re

    from prx.engine.usage.baseline import command_line, utf8_size

    command = command_line(["git", "diff", "HEAD", "--", p.path])
    if text.startswith("[no changes vs HEAD]"):
        return Baseline(tokens=0, strategy="measured", command=command)
    changed = re.findall(r"^[+-]L\d+: (.*)$", text, re.MULTILINE)
    size = sum(utf8_size(line) + 2 for line in changed)
    return Baseline(tokens=size // 4, strategy="lower_bound", command=command)


READ = Operation(
    name="read",
    summary="Read a file: content, metadata, content hash; ranges and token budgets.",
    func=_run,
    params=ReadParams,
    result=ReadResult,
    fallback=_fallback,
    baseline=_baseline,
    toolset="navigate",
    text=lazy_rendering("prx.commands.read.text:render"),
)
