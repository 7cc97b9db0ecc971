"""``prx exists``: does a path, or a literal text in some file, exist?

Without an index every walked file is read, in walk order, until one contains the text:
the answer is ``exact``. With an index at the searched directory, its per-file trigram
filters (``prx.index.bloom``) rule files out unread: no candidate means ``exists: false``
(``exact``: a filter never misses a trigram the file has); the first candidate in walk
order means ``exists: true, confidence: probable`` without reading anything, unless
``exact`` asks to read the candidates until one really contains the text. Files the index
does not describe as they are now (changed, new) are always read.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from prx.errors import InvalidArgumentError, NotFoundError
from prx.files.patterns import GlobPattern
from prx.files.text import read_walked
from prx.files.walk import WalkResult, walk
from prx.types import ExistsResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.workspace import Workspace

__all__ = ["MODES", "check_exists"]

#: Accepted values of ``mode``.
MODES = ("auto", "path", "content")
_GLOB_CHARS = frozenset("*?[{")


def check_exists(
    ws: Workspace, pattern: str, path: str = ".", *, mode: str = "auto", exact: bool = False
) -> ExistsResult:
    """Answer :meth:`Workspace.exists`."""
    if mode not in MODES:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: expected one of {', '.join(MODES)}, got {mode!r}",
            param="mode",
        )
    if not pattern:
        raise InvalidArgumentError(
            "invalid argument pattern: must not be empty",
            param="pattern",
            suggestion="Give a path, a glob such as '*.py', or a text to look for.",
        )
    from prx.files.display import shown_path, under, walk_base

    root = Path(ws.resolve(path))
    if not os.path.lexists(root):
        raise NotFoundError(f"path not found: {path}")
    base = root if root.is_dir() else root.parent
    shown_base = walk_base(ws.root_dir, str(root))
    skipped: Counter[str] = Counter()

    if mode in ("auto", "path"):
        candidate = Path(pattern) if os.path.isabs(pattern) else base / pattern
        if os.path.lexists(candidate):
            return ExistsResult(
                root=ws.root_dir,
                exists=True,
                confidence="exact",
                pattern=pattern,
                matched="path",
                file=shown_path(ws.root_dir, str(candidate)),
            )
        if _GLOB_CHARS & set(pattern):
            glob = GlobPattern(pattern)
            walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
            skipped.update(walked.skipped)
            for found in walked.files:
                if glob.match(found.rel):
                    return ExistsResult(
                        root=ws.root_dir,
                        exists=True,
                        confidence="exact",
                        pattern=pattern,
                        matched="path",
                        file=under(shown_base, found.rel),
                        skipped=dict(sorted(skipped.items())),
                    )
        if mode == "path":
            return ExistsResult(
                root=ws.root_dir,
                exists=False,
                confidence="exact",
                pattern=pattern,
                skipped=dict(sorted(skipped.items())),
            )

    needle = pattern.encode("utf-8")
    walked = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    return _content(ws, root, pattern, needle, walked, exact, shown_base)


def _content(
    ws: Workspace,
    root: Path,
    pattern: str,
    needle: bytes,
    walked: WalkResult,
    exact: bool,
    shown_base: str,
) -> ExistsResult:
    """The content lookup: every walked file read in walk order, or, with an index at
    ``root``, only the files its filters cannot rule out (and those it does not cover)."""
    skipped = Counter(walked.skipped)
    probe, problem, maybe, via = None, None, set(), None
    if len(needle) >= 3:  # shorter patterns have no trigram to look up
        from prx.index.probe import open_probe

        probe, problem = open_probe(str(root))
    if probe is not None:
        maybe = probe.candidates(needle)
        stale = sum(1 for found in walked.files if not probe.covers(found))
        via = f"index (stale: {stale} changed files read now)" if stale else "index"
    elif problem is not None:
        via = f"index ignored ({problem}); files read instead. Run `prx index --rebuild`."
    candidates = len(maybe) if probe is not None else None
    checked = 0

    def answer(file: str | None, confidence: str) -> ExistsResult:
        from prx.files.display import under

        return ExistsResult(
            root=ws.root_dir,
            exists=file is not None,
            confidence=confidence,
            pattern=pattern,
            matched="content" if file is not None else None,
            file=under(shown_base, file) if file is not None else None,
            files_checked=checked,
            skipped=dict(sorted(skipped.items())),
            index=via,
            candidates=candidates,
        )

    for found in walked.files:
        if probe is not None and probe.covers(found):
            note = probe.note(found.rel)
            if note in ("binary", "unreadable"):
                skipped[note] += 1
                continue
            if found.rel not in maybe:
                continue  # the filter lacks one of the pattern's trigrams: certainly absent
            if not exact:
                return answer(found.rel, "probable")
        data = read_walked(found.path, skipped)
        if data is None:
            continue
        checked += 1
        if needle in data:
            return answer(found.rel, "exact")
    return answer(None, "exact")
