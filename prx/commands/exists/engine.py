"""``prx exists``: does a path, or a literal text in some file, exist?

Without an index every walked file is read, in walk order, until one contains the text
(its UTF-8 bytes, as grep -F looks for them, in binaries too; in UTF-16 files, the text in
UTF-16): the answer is ``exact``. With an index at the searched directory, its per-file
trigram filters rule files out unread (the caller hands in ``open_probe``, which opens
them: the files layer knows nothing of the index): no candidate means
``exists: false`` (a filter never misses a trigram the file has). A filter's "maybe" is
never named as a hit: the candidates are read, in walk order, until one holds the text
(``exact``); only when more than :data:`CONFIRM_FILES` candidates (or
:data:`CONFIRM_BYTES`) would have to be read is the answer ``exists: true, confidence:
probable`` with the count of candidates and no file (``exact`` reads them all). Files the
index does not describe as they are now (changed, new) are always read. When a file that
may hold the text was not read (too large, unreadable), "absent" is only ``probable``.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

from prx.core.errors import InvalidArgumentError, NotFoundError
from prx.core.results.exists import ExistsResult
from prx.engine.files.patterns import GlobPattern
from prx.engine.files.text import BINARY_PROBE, read_regular
from prx.engine.files.walk import WalkResult, walk

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Protocol

    from prx.engine.files.walk import WalkedFile
    from prx.plugin.context import Context

    class ContentProbe(Protocol):
        """An index's per-file filters of a tree (:class:`prx.engine.index.probe.ContentProbe`)."""

        def candidates(self, needle: bytes) -> set[str]: ...

        def covers(self, found: WalkedFile) -> bool: ...

        def note(self, rel: str) -> str | None: ...

        def walk_now(self, max_file_size: int, cache: dict[str, Any]) -> WalkResult | None: ...

    #: Opens the probe of the index at a root: (probe, None), (None, why it is unusable)
    #: or (None, None) when there is no index.
    OpenProbe = Callable[[str], tuple[ContentProbe | None, str | None]]

__all__ = ["CONFIRM_BYTES", "CONFIRM_FILES", "MODES", "UNSEARCHED", "check_exists"]

#: Accepted values of ``mode``.
MODES = ("auto", "path", "content")
#: Without ``exact``, the index's candidates read to confirm a match: this many files ...
CONFIRM_FILES = 8
#: ... or this many bytes, whichever comes first; past that the answer is ``probable``.
CONFIRM_BYTES = 4 * 1024 * 1024
#: Skip reasons of files that may hold the text although nothing was read from them.
UNSEARCHED = ("too_large", "unreadable")
#: Index notes of covered files that have no trigram filter (always read).
_UNFILTERED = ("binary", "unreadable")
_GLOB_CHARS = frozenset("*?[{")


def check_exists(
    ws: Context,
    pattern: str,
    path: str = ".",
    *,
    mode: str = "auto",
    exact: bool = False,
    open_probe: OpenProbe | None = None,
) -> ExistsResult:
    """Answer :meth:`Workspace.exists`; ``open_probe`` opens an index's filters, if any."""
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
    from prx.engine.files.display import shown_path, under, walk_base

    root = Path(ws.resolve(path))
    if not os.path.lexists(root):
        raise NotFoundError(f"path not found: {path}")
    base = root if root.is_dir() else root.parent
    shown_base = walk_base(ws.root_dir, str(root), ws.label)
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
                file=shown_path(ws.root_dir, str(candidate), ws.label),
            )
        if _GLOB_CHARS & set(pattern):
            glob = GlobPattern(pattern)
            # Names only: a file too large to read still matches a glob.
            walked = walk(root, max_file_size=sys.maxsize, skip_binary=False)
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

    needle = pattern.encode("utf-8", "surrogateescape")  # argv bytes that are not UTF-8
    probe, problem = None, None
    if len(needle) >= 3 and open_probe is not None:  # shorter patterns have no trigram
        probe, problem = open_probe(str(root))
    # The index stands for the walk when no directory's names changed since it was built.
    known = probe.walk_now(ws.config.max_file_size, ws.cache) if probe is not None else None
    if known is None:
        known = walk(root, max_file_size=ws.config.max_file_size, skip_binary=False)
    return _content(ws, pattern, needle, known, exact, shown_base, probe, problem)


def _content(
    ws: Context,
    pattern: str,
    needle: bytes,
    walked: WalkResult,
    exact: bool,
    shown_base: str,
    probe: ContentProbe | None,
    problem: str | None,
) -> ExistsResult:
    """The content lookup: every walked file read in walk order, or, with an index's
    ``probe``, only the files its filters cannot rule out (and those it does not cover)."""
    wide = _utf16(pattern)
    skipped = Counter(walked.skipped)
    maybe: set[str] = set()
    via = None
    if probe is not None:
        maybe = probe.candidates(needle)
        stale = sum(1 for found in walked.files if not probe.covers(found))
        via = f"index (stale: {stale} changed files read now)" if stale else "index"
    elif problem is not None:
        via = f"index ignored ({problem}); files read instead. Run `prx index --rebuild`."
    candidates = len(maybe) if probe is not None else None
    checked = 0
    confirmed_files = confirmed_bytes = 0  # candidates read to confirm, their bytes
    unconfirmed = 0

    def answer(file: str | None, confidence: str, *, found: bool = False) -> ExistsResult:
        from prx.engine.files.display import under

        return ExistsResult(
            root=ws.root_dir,
            exists=found or file is not None,
            confidence=confidence,
            pattern=pattern,
            matched="content" if found or file is not None else None,
            file=under(shown_base, file) if file is not None else None,
            files_checked=checked,
            skipped=dict(sorted(skipped.items())),
            index=via,
            candidates=candidates,
        )

    for found in walked.files:
        # A covered text file has a filter; binaries and unreadable files have none: read.
        if probe is not None and probe.covers(found) and probe.note(found.rel) not in _UNFILTERED:
            if found.rel not in maybe:
                continue  # the filter lacks one of the pattern's trigrams: certainly absent
            if not exact and (confirmed_files >= CONFIRM_FILES or confirmed_bytes >= CONFIRM_BYTES):
                unconfirmed += 1  # a filter's "maybe", left unread: never named as a hit
                continue
            confirmed_files += 1
            confirmed_bytes += found.size
        data = _read(found.path, skipped)
        if data is None:
            continue
        checked += 1
        if needle in data or (wide and _utf16_holds(data, wide)):
            return answer(found.rel, "exact")
    if unconfirmed:
        return answer(None, "probable", found=True)
    # A file that was not read may hold the text: then "absent" is not certain.
    unread = any(skipped.get(reason) for reason in UNSEARCHED)
    return answer(None, "probable" if unread else "exact")


def _read(path: str | os.PathLike[str], skipped: Counter[str]) -> bytes | None:
    try:
        return read_regular(path)
    except OSError:
        skipped["unreadable"] += 1
        return None


def _utf16(pattern: str) -> tuple[bytes, ...]:
    """The pattern in UTF-16 (both byte orders); none when it holds non-UTF-8 bytes."""
    try:
        return pattern.encode("utf-16-le"), pattern.encode("utf-16-be")
    except UnicodeEncodeError:
        return ()


def _utf16_holds(data: bytes, wide: tuple[bytes, ...]) -> bool:
    """Whether ``data`` looks like UTF-16 (NUL bytes, or a byte-order mark) and holds the
    pattern in it: such files are binary to the walker, yet text to whoever wrote them."""
    if b"\0" not in data[:BINARY_PROBE] and data[:2] not in (b"\xff\xfe", b"\xfe\xff"):
        return False
    return any(w in data for w in wide)
