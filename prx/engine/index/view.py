"""The one freshness decision: a root's index as of now.

Search, ``context``/``impact``/``explain`` and the warm server all ask the same question
before they trust an index: is there a current one, may it be used (its checksums, its set
of languages, not refused earlier in this process), and which of its files changed since
it was built, or did files appear or vanish so that only a walk can tell? :func:`index_view`
answers it once per call, the same way for all of them (see
:mod:`prx.engine.index.freshness` for how the check works, and
:mod:`prx.engine.index.speculation` for the command line's check in a forked child).

An index found corrupt is refused for the rest of the process (:func:`refuse_index`): the
next caller works without it and says why.
"""

from __future__ import annotations

import os

from prx.core.errors import IndexCorruptedError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.engine.index.freshness import Changes
    from prx.engine.index.reader import IndexReader
    from prx.plugin.context import Context

__all__ = ["IndexView", "index_view", "refuse_index", "refused_note"]

_REFUSED = "index-refused"
_NOTES = "index-warnings"
_READERS = "index-readers"


class IndexView:
    """One root's index as of now: the reader (None without a usable index, and ``why``
    says what was missing), and what changed since it was built."""

    __slots__ = ("changes", "directory", "reader", "root", "why")

    def __init__(
        self,
        root: str,
        directory: str | None,
        reader: IndexReader | None,
        changes: Changes | None,
        why: str,
    ) -> None:
        self.root = root
        #: The published index directory (None when there is none).
        self.directory = directory
        #: The index, opened and checked; None when there is none or it may not be used.
        self.reader = reader
        #: What the check found (None without a reader).
        self.changes = changes
        #: Why there is no reader (empty when there is one).
        self.why = why

    @property
    def changed(self) -> list[str] | None:
        """The indexed files changed since the build, sorted; None without a usable index
        or when files appeared, vanished or were renamed (only a walk can tell)."""
        if self.changes is None or self.changes.relist:
            return None
        return sorted(self.changes.changed)


def _reader(ctx: Context, directory: str) -> IndexReader:
    """The published index at ``directory``, opened once per context and checked against
    the context's set of languages. Raises :class:`IndexCorruptedError`."""
    readers: dict[str, Any] = ctx.cache.setdefault(_READERS, {})
    found = readers.get(directory)
    if found is None:
        from prx.engine.index.languages import check_language_set, language_set
        from prx.engine.index.reader import IndexReader
        from prx.engine.index.store import read_manifest

        manifest = read_manifest(directory)
        check_language_set(manifest, language_set(ctx), directory)
        found = IndexReader(directory, manifest)
        readers.clear()  # a published index never changes: keep only the current one
        readers[directory] = found
    reader: IndexReader = found
    return reader


def index_view(ctx: Context, root: str) -> IndexView:
    """``root``'s index as of now (see the module's docstring)."""
    from prx.engine.index.speculation import checked_changes
    from prx.engine.index.store import current_dir

    root = os.path.normpath(root)
    directory = current_dir(root)
    if directory is None:
        return IndexView(root, None, None, None, "no index")
    cache: dict[str, Any] = ctx.cache
    if cache.get(_REFUSED, {}).get(root) == directory:
        return IndexView(root, directory, None, None, refused_note(ctx, root) or "refused")
    try:
        reader = _reader(ctx, directory)
        changes = checked_changes(cache, root, reader, ctx.config.max_file_size)
    except IndexCorruptedError as err:
        refuse_index(ctx, root, err)
        why = f"the index could not be used ({err.message})"
        return IndexView(root, directory, None, None, why)
    return IndexView(root, directory, reader, changes, "")


def refuse_index(ctx: Context, root: str, err: Exception) -> None:
    """Never use ``root``'s current index again in this context (a part of it did not
    match its checksum, or it names what it may not), and forget the engine built over it:
    the next caller works without it and says why."""
    from prx.engine.index.store import current_dir

    root = os.path.normpath(root)
    message = getattr(err, "message", str(err))
    cache: dict[str, Any] = ctx.cache
    cache.setdefault(_REFUSED, {})[root] = current_dir(root)
    cache.setdefault(_NOTES, {})[root] = (
        f"index ignored ({message}); searched without it. Run `prx index --rebuild`."
    )
    cache.get("engines", {}).pop(root, None)


def refused_note(ctx: Context, root: str) -> str | None:
    """What an answer says of ``root``'s refused index, if it was refused."""
    cache: dict[str, Any] = ctx.cache
    note: str | None = cache.get(_NOTES, {}).get(os.path.normpath(root))
    return note
