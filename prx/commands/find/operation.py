"""The ``find`` operation."""

from __future__ import annotations

from collections.abc import Sequence

from prx.core.budget import FIND_CEILING
from prx.core.record import record
from prx.core.results.find import FindResult
from prx.core.textform import lazy_rendering
from prx.plugin.context import Context
from prx.plugin.operation import Baseline, Operation, param

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
        help="name glob (a path glob with a '/'); repeatable",
        metavar="GLOB",
    )
    max_depth: int | None = param(None, help="1 lists only the files directly in PATH", metavar="N")
    no_ignore: bool = param(False, help="every file, as find")
    view: str = param(
        "tree",
        help="tree (default), flat or both",
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


def _run(ws: Context, p: FindParams) -> FindResult:
    from prx.commands.find.engine import find_files

    ws, path = ws.for_path(p.path)  # ROOT//PATH: another project's root
    return find_files(
        ws,
        path,
        pattern=p.pattern,
        max_depth=p.max_depth,
        no_ignore=p.no_ignore,
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


def _name_globs(p: FindParams) -> list[str] | None:
    """``-name`` tests with the effect of the patterns, or None when find cannot express
    them (a path glob, braces)."""
    if any(set(g) & set("/{}") for g in p.pattern):
        return None
    tests: list[str] = []
    for glob in p.pattern:
        tests += ["-o", "-name", glob] if tests else ["-name", glob]
    return ["(", *tests, ")"] if len(p.pattern) > 1 else tests


def _baseline(p: FindParams, r: FindResult) -> Baseline:
    # find(1) prints one "PATH/relative" line per file (docs/stats.md).
    import os

    from prx.engine.files.display import walk_base
    from prx.engine.usage.baseline import below, command_line, utf8_size

    names = _name_globs(p)
    target = _target(p.path)
    argv = ["find", target]
    if p.max_depth is not None:
        argv += ["-maxdepth", str(p.max_depth)]
    argv += ["-type", "f", *(names or [])]
    command = command_line(argv)
    if p.continue_token is not None:
        return Baseline(tokens=0, strategy="continuation", command=command)
    where = os.path.join(r.root, p.path)
    if os.path.isfile(where):  # find prints a file operand as given: "PATH\n"
        prefix, listed = utf8_size(target) + 1, [0] * len(_listed_paths(r))
    else:  # "PATH/relative\n", relative to PATH where the answer's paths are to the root
        base = walk_base(r.root, p.path)
        prefix = utf8_size(target if target.endswith("/") else target + "/") + 1
        listed = [utf8_size(below(base, path)) for path in _listed_paths(r)]
    size = sum(listed) + prefix * len(listed)
    unseen = max(0, r.stats.total_files - len(listed))
    if unseen:
        # A budget cut the list: each file left out is counted at the shortest listed
        # path's length (conservative: walk order gives no reason to expect shorter ones).
        size += unseen * (prefix + min(listed, default=1))
        return Baseline(tokens=size // 4, strategy="estimate", command=command)
    # find also lists what prx passes over (ignored files, binaries, .git): a lower bound then.
    hidden = (
        names is None
        or not set(r.stats.skipped) <= {"symlink"}
        or any(os.path.isdir(os.path.join(where, d)) for d in (".git", ".hg", ".svn"))
    )
    return Baseline(
        tokens=size // 4, strategy="lower_bound" if hidden else "measured", command=command
    )


def _tree_paths(tree: dict[str, Any], prefix: str = "") -> list[str]:
    paths: list[str] = []
    for name, node in tree.items():
        # A file maps to its attributes (with "lines"), a directory to its entries.
        if isinstance(node.get("lines"), int) and "bytes" in node:
            paths.append(prefix + name)
        else:
            paths.extend(_tree_paths(node, f"{prefix}{name}/"))
    return paths


def _listed_paths(r: FindResult) -> list[str]:
    """The paths the answer lists: the flat view, else the files of the tree view."""
    return [entry.path for entry in r.flat] if r.flat is not None else _tree_paths(r.tree or {})


FIND = Operation(
    name="find",
    summary="List files as a tree or a flat list, honouring .gitignore.",
    func=_run,
    params=FindParams,
    result=FindResult,
    fallback=_fallback,
    baseline=_baseline,
    toolset="navigate",
    text=lazy_rendering("prx.commands.find.text:render"),
)
