"""``prx exists``: does a path, or a literal text in some file, exist?"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from prx.errors import InvalidArgumentError, NotFoundError
from prx.files.patterns import GlobPattern
from prx.files.text import read_walked
from prx.files.walk import walk
from prx.types import ExistsResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.workspace import Workspace

__all__ = ["MODES", "check_exists"]

#: Accepted values of ``mode``.
MODES = ("auto", "path", "content")
_GLOB_CHARS = frozenset("*?[{")


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()


def check_exists(
    ws: Workspace, pattern: str, path: str = ".", *, mode: str = "auto"
) -> ExistsResult:
    """Answer :meth:`Workspace.exists`."""
    if mode not in MODES:
        raise InvalidArgumentError(
            f"invalid argument --mode: expected one of {', '.join(MODES)}, got {mode!r}"
        )
    if not pattern:
        raise InvalidArgumentError(
            "invalid argument pattern: must not be empty",
            suggestion="Give a path, a glob such as '*.py', or a text to look for.",
        )
    root = Path(ws.resolve(path))
    if not os.path.lexists(root):
        raise NotFoundError(f"path not found: {path}")
    base = root if root.is_dir() else root.parent
    skipped: Counter[str] = Counter()

    if mode in ("auto", "path"):
        candidate = Path(pattern) if os.path.isabs(pattern) else base / pattern
        if os.path.lexists(candidate):
            return ExistsResult(
                exists=True,
                confidence="exact",
                pattern=pattern,
                matched="path",
                file=_relative(candidate, base),
            )
        if _GLOB_CHARS & set(pattern):
            glob = GlobPattern(pattern)
            walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
            skipped.update(walked.skipped)
            for found in walked.files:
                if glob.match(found.rel):
                    return ExistsResult(
                        exists=True,
                        confidence="exact",
                        pattern=pattern,
                        matched="path",
                        file=found.rel,
                        skipped=dict(sorted(skipped.items())),
                    )
        if mode == "path":
            return ExistsResult(
                exists=False,
                confidence="exact",
                pattern=pattern,
                skipped=dict(sorted(skipped.items())),
            )

    needle = pattern.encode("utf-8")
    walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    skipped = Counter(walked.skipped)
    checked = 0
    for found in walked.files:
        data = read_walked(found.path, skipped)
        if data is None:
            continue
        checked += 1
        if needle in data:
            return ExistsResult(
                exists=True,
                confidence="exact",
                pattern=pattern,
                matched="content",
                file=found.rel,
                files_checked=checked,
                skipped=dict(sorted(skipped.items())),
            )
    return ExistsResult(
        exists=False,
        confidence="exact",
        pattern=pattern,
        files_checked=checked,
        skipped=dict(sorted(skipped.items())),
    )
