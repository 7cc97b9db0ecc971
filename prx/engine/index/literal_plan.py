"""Which files a literal search must read, from an index: the walk and most reads skipped.

A literal search reads every walked file. With a fresh enough index (no directory's names
changed: :mod:`prx.engine.index.freshness`), the index's file table stands for the walk, and its
trigram filters rule out every indexed, unchanged file that cannot hold the text: only the
others are read (the files changed since, and those the filters let through). A file ruled
out counts as searched, as the walk-and-read would have counted it, so the answer is the
same, field for field. The filters are probed in plain Python
(:func:`prx.engine.index.filters.files_passing`), so a literal search imports no numpy.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import NamedTuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from prx.plugin.corpus import Definition
    from prx.plugin.protocols import LiteralContext

__all__ = ["Plan", "literal_plan"]


class Plan(NamedTuple):
    """Files in walk order, each with whether it must be read (False: ruled out unread,
    yet searched; None: binary, skipped unread), the walk's skips, and the definitions
    the index holds of the files unchanged since (for a hit's enclosing symbol, without a
    parse)."""

    files: list[tuple[str, str, bool | None]]
    skipped: Counter[str]
    definitions: Callable[[str], list[Definition] | None]


def literal_plan(ws: LiteralContext, root: str, needle: bytes | None) -> Plan | None:
    """The files to read for a literal search of ``root`` (``needle``: the text's bytes
    when the filters may rule files out: a case-sensitive fixed string), from its index;
    None without a usable, fresh enough index (then the search walks)."""
    from prx.core.errors import IndexCorruptedError
    from prx.engine.index.store import current_dir

    directory = current_dir(root)
    if directory is None or ws.cache.get("index-refused", {}).get(os.path.normpath(root)):
        return None
    try:
        return _plan(ws.cache, root, directory, needle, ws.config.max_file_size)
    except IndexCorruptedError:
        return None  # the walk reads every file: nothing is lost


def _plan(
    cache: dict[str, Any], root: str, directory: str, needle: bytes | None, max_file_size: int
) -> Plan | None:
    from prx.engine.index.delta import DeltaView
    from prx.engine.index.filters import check_parameters, files_passing, trigram_keys
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.speculation import checked_changes
    from prx.engine.index.store import read_manifest

    # A published index directory never changes: a long-lived workspace (the warm server,
    # prx mcp) opens it once.
    opened: dict[str, tuple[IndexReader, dict[str, str]]] = cache.setdefault("literal-readers", {})
    if directory not in opened:
        manifest = read_manifest(directory)
        check_parameters(manifest, directory)
        reader = IndexReader(directory, manifest)
        opened.clear()  # the previous index is not read again
        opened[directory] = (reader, reader.files.notes())
    reader, notes = opened[directory]
    found = checked_changes(cache, root, reader, max_file_size)
    skipped = reader.files.meta.get("skipped")
    if found.relist or skipped is None:
        return None
    keys = trigram_keys(needle) if needle is not None else []
    changed = set(found.changed)
    files = reader.files
    delta = DeltaView(reader)
    passes = files_passing(reader, delta, keys) if keys else None
    slots = {rel: slot for slot, rel in enumerate(files.indexed_paths)}
    unchanged_base = {rel for rel in slots if rel not in changed and rel not in delta.dropped}

    def definitions(rel: str) -> list[Definition] | None:
        if rel not in unchanged_base:
            return None  # changed, or held by the delta: read it
        table = reader.definitions
        return [table.record(row) for row in table.rows_of_file(slots[rel])]

    prefix = os.path.join(root, "")
    out: list[tuple[str, str, bool | None]] = []
    for rel in files.paths:
        if rel in changed:
            out.append((prefix + rel, rel, True))
        elif notes.get(rel) == "binary":
            # Binary when indexed and unchanged since (same stamp): skipped unread.
            out.append((prefix + rel, rel, None))
        elif passes is None:
            out.append((prefix + rel, rel, True))
        elif rel in passes:
            out.append((prefix + rel, rel, passes[rel]))
        else:  # unreadable when indexed: read (and skipped) again
            out.append((prefix + rel, rel, True))
    return Plan(out, Counter(skipped), definitions)
