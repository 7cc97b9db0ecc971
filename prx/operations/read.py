"""The ``read`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx._record import record
from prx.budget import READ_CEILING
from prx.plugin._operation import Baseline, Operation, param
from prx.types import ReadResult
from prx.workspace import Workspace

__all__ = ["READ", "ReadParams"]


@record
class ReadParams:
    """Parameters of ``prx read``."""

    path: str = param(help="file to read", positional=True, aliases=("file",))
    lines: str | None = param(
        None, help="line range A-B, a single line N, or A- to the end", metavar="A-B"
    )
    hash_only: bool = param(
        False, help="metadata and content hash only", flag="--hash", aliases=("hash",)
    )
    outline_only: bool = param(
        False, help="metadata and outline, no content", flag="--outline", aliases=("outline",)
    )
    full_outline: bool = param(
        False, help="attach the whole file's outline, not only the symbols around --lines"
    )
    skeleton: bool = param(
        False, help="signatures and docstrings, bodies replaced by a placeholder"
    )
    snap: str | None = param(
        None,
        help="widen --lines to the enclosing function, class or block",
        choices=("function", "fn", "class", "block"),
    )
    mode: str | None = param(
        None,
        help="aggressive (no comments), entropy (no repetition), diff (vs git HEAD)",
        choices=("aggressive", "entropy", "diff"),
    )
    if_changed: str | None = param(
        None, help="hash of an earlier read: answer a tiny stub if unchanged", metavar="HASH"
    )
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{READ_CEILING} (estimated); 0: no limit",
        metavar="N",
    )
    continue_token: str | None = param(
        None, help="continuation_token of a budget-cut read", flag="--continue", metavar="TOKEN"
    )


def _run(ws: Workspace, p: ReadParams) -> ReadResult:
    return ws.read(
        p.path,
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
    )


def _fallback(p: ReadParams) -> Sequence[str]:
    if p.lines:
        first, _, last = p.lines.partition("-")
        if first.strip().isdigit() and (last.strip().isdigit() or not last.strip()):
            # "N" is one line; "A-" runs to the end.
            end = last.strip() or ("$" if "-" in p.lines else first.strip())
            return ["sed", "-n", f"{first.strip()},{end}p", "--", p.path]
    return ["cat", "--", p.path]


def _baseline(p: ReadParams, r: ReadResult) -> Baseline:
    command = " ".join(_fallback(p))
    if p.lines and r.content is not None:
        # What sed would print: the requested range, including any part a budget cut.
        tokens = len(r.content.text.encode()) // 4 + (
            r.content.omitted.tokens or 0 if r.content.omitted else 0
        )
        return Baseline(tokens=tokens, strategy="measured", command=command)
    return Baseline(tokens=r.meta.bytes // 4, strategy="measured", command=command)


READ = Operation(
    name="read",
    summary="Read a file: content, metadata, content hash; ranges and token budgets.",
    func=_run,
    params=ReadParams,
    result=ReadResult,
    fallback=_fallback,
    baseline=_baseline,
)
