"""The ``outline`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx.core.budget import OUTLINE_CEILING
from prx.core.record import record
from prx.core.results.outline import OutlineResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Operation, param

__all__ = ["OUTLINE", "OutlineParams"]

_PATTERN = (
    r"^\s*\(def\|class\|fn\|func\|function\|struct\|enum\|trait\|interface\|impl\|type\|module\) "
)


@record
class OutlineParams:
    """Parameters of ``prx outline``."""

    path: str = param(help="file or directory to outline", positional=True)
    kind: str | None = param(
        None,
        help="only symbols of this kind (function, class, method, struct ...)",
        metavar="KIND",
    )
    max_depth: int | None = param(
        None, help="directory mode: 1 outlines only the files directly in PATH", metavar="N"
    )
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{OUTLINE_CEILING} (estimated); 0: no limit",
        metavar="N",
    )
    continue_token: str | None = param(
        None, help="continuation_token of a cut outline", flag="--continue", metavar="TOKEN"
    )


def _run(ws: Context, p: OutlineParams) -> OutlineResult:
    from prx.commands.outline.engine import outline_path

    ws, path = ws.for_path(p.path)  # ROOT//PATH: another project's root
    return outline_path(
        ws,
        path,
        kind=p.kind,
        max_depth=p.max_depth,
        budget=p.budget,
        continue_token=p.continue_token,
    )


def _fallback(p: OutlineParams) -> Sequence[str]:
    return ["grep", "-rn", "--", _PATTERN, p.path]


OUTLINE = Operation(
    name="outline",
    summary="Symbols of a file or directory, nested, with line ranges and signatures.",
    func=_run,
    params=OutlineParams,
    result=OutlineResult,
    fallback=_fallback,
    # No Unix tool prints an outline (cat prints far more, a grep for definitions less and
    # differently): prx stats records outline calls at parity rather than claim savings.
    toolset="navigate",
    text=lazy_rendering("prx.commands.outline.text:render"),
)
