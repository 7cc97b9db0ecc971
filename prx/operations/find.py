"""The ``find`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx._record import record
from prx.budget import FIND_CEILING
from prx.plugin._operation import Baseline, Operation, param
from prx.types import FindResult
from prx.workspace import Workspace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["FIND", "FindParams"]

#: The values of ``view``; ``--tree`` and ``--flat`` are shorthands for two of them.
VIEWS = ("both", "tree", "flat")


@record
class FindParams:
    """Parameters of ``prx find``."""

    path: str = param(".", help="directory to list (default: .)", positional=True)
    pattern: tuple[str, ...] = param(
        (),
        help="glob on the file name, or on the path when it has a '/'; repeatable",
        metavar="GLOB",
    )
    max_depth: int | None = param(None, help="1 lists only the files directly in PATH", metavar="N")
    view: str = param(
        "tree",
        help="tree (the default, cheaper per file), flat (the list) or both",
        choices=VIEWS,
        metavar="VIEW",
    )
    tree: bool = param(
        False, help="the tree view (the default); with --flat: both views", shorthand=True
    )
    flat: bool = param(
        False, help="the flat list instead of the tree; with --tree: both views", shorthand=True
    )
    budget: int | None = param(
        None,
        help="cap the answer at N tokens (exact cl100k_base); default: a ceiling of "
        f"{FIND_CEILING} (estimated); 0: no limit",
        metavar="N",
    )
    continue_token: str | None = param(
        None, help="continuation_token of a budget-cut answer", flag="--continue", metavar="TOKEN"
    )


def _view(p: FindParams) -> str:
    if p.tree and p.flat:
        return "both"
    return "tree" if p.tree else "flat" if p.flat else p.view


def _run(ws: Workspace, p: FindParams) -> FindResult:
    return ws.find(
        p.path,
        pattern=p.pattern,
        max_depth=p.max_depth,
        view=_view(p),
        budget=p.budget,
        continue_token=p.continue_token,
    )


def _target(path: str) -> str:
    # find(1) reads '-name', '(' or '!' as parts of its expression: a relative path that
    # does not already start with '/' or '.' gets './' so it can only be a path.
    return path if path.startswith(("/", "./", "../")) or path in (".", "..") else "./" + path


def _fallback(p: FindParams) -> Sequence[str]:
    argv = ["find", _target(p.path)]
    if p.max_depth is not None:
        argv += ["-maxdepth", str(p.max_depth)]
    argv += ["-type", "f"]
    if len(p.pattern) == 1 and "/" not in p.pattern[0]:
        argv += ["-name", p.pattern[0]]
    return argv


def _tree_paths(tree: dict[str, Any], prefix: str = "") -> list[str]:
    paths: list[str] = []
    for name, node in tree.items():
        # A file maps to its attributes (with "lines"), a directory to its entries.
        if isinstance(node.get("lines"), int) and "bytes" in node:
            paths.append(prefix + name)
        else:
            paths.extend(_tree_paths(node, f"{prefix}{name}/"))
    return paths


def _baseline(p: FindParams, r: FindResult) -> Baseline:
    # find(1) prints one "PATH/relative\n" line per matching file.
    per_file = len(p.path) + 2
    listed = [e.path for e in r.flat] if r.flat is not None else _tree_paths(r.tree or {})
    shown = sum(len(path) + per_file for path in listed)
    average = shown / len(listed) if listed else 40 + per_file
    total = shown + (r.stats.total_files - len(listed)) * average
    return Baseline(
        tokens=int(total) // 4,
        strategy="measured" if len(listed) == r.stats.total_files else "estimate",
        command=" ".join(_fallback(p)),
    )


FIND = Operation(
    name="find",
    summary="List files as a tree (or a flat list), honouring .gitignore; globs and budgets.",
    func=_run,
    params=FindParams,
    result=FindResult,
    fallback=_fallback,
    baseline=_baseline,
)
