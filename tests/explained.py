"""What ``prx.explain`` lists, by place: the form the intelligence tests compare."""

from __future__ import annotations

from pathlib import Path

import prx


def uses_by_place(root: Path, symbol: str) -> dict[tuple[str, int], str]:
    """Each reference and test of ``symbol`` as (file, line) -> its certainty."""
    result = prx.explain(symbol, root=root)
    return {(r.file, r.line): r.certainty for r in (*result.references, *result.tests)}
