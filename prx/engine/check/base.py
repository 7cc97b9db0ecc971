"""What every checker is: a command over a tree (the project, or a scratch copy of it)
that answers with the errors it found, or with why it could not check.

A checker is planned once, on the project as it is, with every path relative to the
project root; it then runs on a root (the project itself, or a scratch copy with the
same layout) and reports files relative to that root, so the two runs of a change
compare file by file.
"""

from __future__ import annotations

import os
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from prx.core.record import record
from prx.core.results.run import Diagnostic
from prx.plugin.runner import RawRun

__all__ = ["Check", "Found", "Runtime", "nearest", "relative_to", "tool_found"]


@record
class Found:
    """One run of a checker: its errors (warnings dropped), or why it could not check."""

    diagnostics: tuple[Diagnostic, ...] | None
    failure: str | None = None


@record
class Runtime:
    """What a run may use: a temporary directory of its own, the time it has, the trees
    no program may come from (the project and its scratch copy), and whether the root is
    a scratch copy (whose build outputs go to the temporary directory)."""

    temp: str
    timeout: float
    trees: tuple[str, ...]
    scratch: bool = False


class Check(ABC):
    """One checker planned for the files of one language."""

    #: The language checked (``python``, ``typescript``, ``go``, ``rust``, ``java``).
    language: str
    #: The command as the answer shows it (``tsc --noEmit -p tsconfig.json``).
    command: str
    #: Whether it reads the files from disk (a dry run then needs a scratch copy).
    needs_tree: bool = True

    @abstractmethod
    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        """Check the tree at ``root`` (``after``: with the change made)."""


def nearest(root: str, rel_dir: str, names: Sequence[str]) -> str | None:
    """The directory (relative to ``root``, ``.`` for the root) nearest to ``rel_dir``,
    going up but never above ``root``, that holds one of ``names``."""
    parts = [p for p in rel_dir.split("/") if p and p != "."]
    while True:
        here = os.path.join(root, *parts)
        if any(os.path.isfile(os.path.join(here, name)) for name in names):
            return "/".join(parts) or "."
        if not parts:
            return None
        parts.pop()


def relative_to(root: str, cwd: str, file: str) -> str:
    """A file a tool printed (relative to its ``cwd``, or absolute) relative to ``root``."""
    full = os.path.normpath(os.path.join(cwd, file))
    real_root = os.path.normpath(root)
    if full == real_root or full.startswith(real_root + os.sep):
        return os.path.relpath(full, real_root).replace(os.sep, "/")
    # A tool may print the real path of a tree reached through a link (/tmp -> /private/tmp).
    resolved, real = os.path.realpath(full), os.path.realpath(root)
    if resolved.startswith(real + os.sep):
        return os.path.relpath(resolved, real).replace(os.sep, "/")
    return full


def tool_found(
    raw: RawRun,
    read: Callable[[RawRun], list[Diagnostic]],
    shown: str,
    *,
    root: str,
    cwd: str,
) -> Found:
    """The errors ``read`` finds in ``raw``, files relative to ``root``, each once; a run
    that failed without naming one error could not check (a broken configuration, a
    missing dependency resolution, a crash)."""
    diagnostics: list[Diagnostic] = []
    seen = set()
    for d in read(raw):
        if d.severity != "error":
            continue
        found = Diagnostic(
            file=relative_to(root, cwd, d.file) if d.file else "",
            line=d.line,
            column=d.column,
            severity=d.severity,
            code=d.code,
            message=d.message,
        )
        # One error reported once per target that compiles the file (a crate's library
        # and its tests) is one error.
        if found not in seen:
            seen.add(found)
            diagnostics.append(found)
    if raw.exit_code != 0 and not diagnostics:
        return Found(diagnostics=None, failure=f"{shown} failed ({_last_line(raw)})")
    return Found(diagnostics=tuple(diagnostics))


def _last_line(raw: RawRun) -> str:
    merged = getattr(raw, "merged", "") or raw.stdout + raw.stderr
    lines = [line.strip() for line in merged.splitlines() if line.strip()]
    if not lines:
        return f"exit {raw.exit_code}, no output"
    error = next((line for line in lines if "error" in line.lower()), lines[-1])
    return f"exit {raw.exit_code}: {error[:200]}"
