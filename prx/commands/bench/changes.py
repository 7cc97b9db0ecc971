"""The tasks about change: what changed since the last commit (``prx diff`` against
``git diff``), and what depends on a file (``prx impact`` against a grep for its name)."""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from prx.commands.bench import covers, explain
from prx.commands.bench.covers import Need
from prx.commands.bench.measure import measured, skipped
from prx.commands.bench.picking import Source
from prx.commands.bench.sides import run_prx, run_unix
from prx.core.results.bench import BenchTask
from prx.plugin.context import Context

if TYPE_CHECKING:
    import subprocess

__all__ = ["diff", "impact"]

#: Changed files whose lines are checked (more are shown by both sides, but not checked).
_DIFF_FILES = 10


def _git(root: str, *args: str) -> subprocess.CompletedProcess[bytes] | None:
    from prx.core import safegit
    from prx.core.errors import GitError

    try:
        return safegit.run(root, args)
    except GitError:  # git is not installed, or the repository's layout is refused
        return None


def diff(root: str) -> BenchTask:
    """What changed since the last commit? ``prx diff`` against ``git diff HEAD`` (both
    limited to the benchmarked directory when it is not the repository's top)."""
    question = "what changed since the last commit?"
    names = _git(root, "diff", "--relative", "--name-only", "HEAD", "--", ".")
    if names is None:
        return skipped("diff", question, "git is not installed, or refuses the repository")
    if names.returncode != 0:
        return skipped("diff", question, "not a git repository with a commit")
    changed = [
        name
        for name in names.stdout.decode("utf-8", "replace").split("\n")
        if name and os.path.isfile(os.path.join(root, name))
    ][:_DIFF_FILES]
    if not changed:
        return skipped("diff", question, "no file changed since HEAD")
    import difflib

    needed: list[Need] = []
    for name in changed:
        before = _git(root, "show", f"HEAD:./{name}")
        old = before.stdout.decode("utf-8", "replace").split("\n") if before else []
        if before is None or before.returncode != 0:
            old = []  # a new file
        with open(os.path.join(root, name), encoding="utf-8", errors="replace") as fh:
            new = fh.read().split("\n")
        for row in difflib.unified_diff(old, new, lineterm="", n=0):
            if row[:1] in "+-" and not row.startswith(("+++", "---")) and row[1:].strip():
                needed.append(Need(name, 0, row[1:]))
    question = f"what changed since the last commit? ({len(changed)} files)"
    prefix = _git(root, "rev-parse", "--show-prefix")
    top = prefix is not None and prefix.returncode == 0 and not prefix.stdout.strip()
    prx_calls = [["diff"] if top else ["diff", "."]]
    unix_calls = [
        ["git", "diff", "HEAD"] if top else ["git", "diff", "--relative", "HEAD", "--", "."]
    ]
    prx, unix = run_prx(root, *prx_calls), run_unix(root, *unix_calls)
    return measured(
        "diff",
        question,
        prx_calls,
        unix_calls,
        prx,
        unix,
        needed,
        covers.found_text(covers.diff_texts(prx.json.data)),
        covers.found_text(row[1:] for row in unix.text.split("\n")),
        explain.describe_diff,
    )


def _go_import(root: str, path: str) -> str | None:
    """The import path of a Go file's package (``github.com/x/y/util``), from the nearest
    ``go.mod`` at or above its directory within ``root``; None without one."""
    directory = os.path.dirname(path)
    parts = directory.split("/") if directory else []
    for cut in range(len(parts), -1, -1):
        mod = os.path.join(root, *parts[:cut], "go.mod")
        try:
            with open(mod, encoding="utf-8", errors="replace") as fh:
                match = re.search(r"^module\s+(\S+)", fh.read(), re.M)
        except OSError:
            continue
        if match:
            return "/".join([match.group(1), *parts[cut:]])
    return None


def _grepped_name(root: str, source: Source) -> str:
    """What an agent greps for to find a file's users: its module's name (the file's name
    without its extension), or in Go its package's quoted import path."""
    if source.language == "go":
        package = _go_import(root, source.path)
        if package:
            return f'"{package}"'
    return os.path.splitext(os.path.basename(source.path))[0]


def impact(root: str, repo: Context, sources: list[Source]) -> BenchTask:
    """What breaks if the largest picked file changes? ``prx impact FILE`` against a grep
    for the name its importers use. The lines needed are the import lines of the files
    that import it directly, from prx's import graph without any limit."""
    question = "what breaks if this file changes? (the files that import it)"
    if not sources:
        return skipped("impact", question, "no source file with symbols")
    source = sources[0]
    from prx.commands.impact.engine import file_impact
    from prx.core.errors import PrxError

    try:
        reference = file_impact(repo, source.path, depth=1, budget=0)
    except PrxError as error:
        return skipped("impact", question, f"no import graph: {error.message}")
    needed = [Need(d.file, d.line, d.text) for d in (*reference.dependents, *reference.tests)]
    name = _grepped_name(root, source)
    question = (
        f"what breaks if {source.path} changes? (the import lines of the "
        f"{len(needed)} files that import it)"
    )
    prx_calls = [["impact", source.path]]
    unix_calls = [["grep", "-rn", "--", name, "."]]
    prx, unix = run_prx(root, *prx_calls), run_unix(root, *unix_calls)
    return measured(
        "impact",
        question,
        prx_calls,
        unix_calls,
        prx,
        unix,
        needed,
        covers.found_at(covers.impact_lines(prx.json.data)),
        covers.found_at(covers.grep_lines(unix.text)),
        explain.describe_impact,
    )
