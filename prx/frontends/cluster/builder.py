"""Building one shard, whole or not at all; and the Ray actor that builds shards.

A shard is built aside, in ``.<name>.building-<host>-<pid>`` next to where it goes: its
repositories' sources copied in (each a subfolder), its index built, its completion
marker written, and then the whole directory renamed to the shard's name. A reader
therefore finds a shard complete or not at all; a builder killed half-way leaves only its
aside folder, which the next build of that shard on that host removes (its pid is gone)
before starting again. The aside folder is a sibling of the shard, so the rename keeps
every path and timestamp the index recorded.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import time

from prx.core.record import record
from prx.frontends.cluster.shards import (
    MARKER,
    SKIPPED_DIRS,
    Shard,
    is_complete,
    shard_dir,
    source_bytes,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["ShardBuilder", "ShardBuilt", "aside_prefix", "build_shard", "tree_bytes"]


@record
class ShardBuilt:
    """What building one shard did and cost."""

    #: The shard's name.
    shard: str
    #: ``built``, or ``skipped`` when it was complete already.
    status: str
    #: Wall time of this shard's build (copy and index), in seconds.
    seconds: float = 0.0
    #: Files and chunks its index holds.
    files: int = 0
    chunks: int = 0
    #: Bytes of the shard on disk: its sources, and its index.
    source_bytes: int = 0
    index_bytes: int = 0
    #: The builder's process, for the record.
    pid: int = 0


def aside_prefix(shard: Shard) -> str:
    """The name every aside folder of ``shard`` starts with."""
    return f".{os.path.basename(shard.directory.rstrip('/'))}.building-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_abandoned(parent: str, shard: Shard, host: str) -> None:
    """Aside folders of ``shard`` left on this host by builders that are gone."""
    prefix = aside_prefix(shard) + host + "-"
    try:
        names = os.listdir(parent)
    except FileNotFoundError:
        return
    for name in names:
        if not name.startswith(prefix):
            continue
        pid = name[len(prefix) :]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(os.path.join(parent, name), ignore_errors=True)


def _copy_tree(source: str, target: str) -> None:
    """``source`` copied to ``target`` (times kept; links copied as links; version
    control folders and prx's state left out)."""

    def skipped(folder: str, names: list[str]) -> set[str]:
        return {name for name in names if name in SKIPPED_DIRS}

    shutil.copytree(source, target, symlinks=True, ignore=skipped)


def tree_bytes(directory: str) -> int:
    """Bytes of the regular files under ``directory`` (links not followed)."""
    total = 0
    for folder, _dirs, files in os.walk(directory):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                continue
    return total


def _write_marker(directory: str, data: dict[str, Any]) -> None:
    path = os.path.join(directory, MARKER)
    temporary = path + ".tmp"
    with open(temporary, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(temporary, path)


def _sync_dir(directory: str) -> None:
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def build_shard(store: str, shard: Shard) -> ShardBuilt:
    """Build ``shard`` of ``store`` unless it is complete already (see the module)."""
    from prx.app.workspace import Workspace

    final = shard_dir(store, shard)
    if is_complete(final, shard):
        return ShardBuilt(shard=shard.name, status="skipped", pid=os.getpid())
    started = time.perf_counter()
    parent = os.path.dirname(final)
    os.makedirs(parent, exist_ok=True)
    host = socket.gethostname().replace("-", "_")
    _remove_abandoned(parent, shard, host)
    aside = os.path.join(parent, f"{aside_prefix(shard)}{host}-{os.getpid()}")
    shutil.rmtree(aside, ignore_errors=True)
    os.mkdir(aside)
    for repo in shard.repos:
        _copy_tree(repo.source, os.path.join(aside, repo.name))
    result = Workspace(aside).index(".")
    index_bytes = tree_bytes(os.path.join(aside, ".prx"))
    built = ShardBuilt(
        shard=shard.name,
        status="built",
        seconds=time.perf_counter() - started,
        files=result.files_indexed,
        chunks=result.chunks,
        source_bytes=sum(source_bytes(os.path.join(aside, r.name)) for r in shard.repos),
        index_bytes=index_bytes,
        pid=os.getpid(),
    )
    _write_marker(
        aside,
        {
            "shard": shard.name,
            "repos": [repo.name for repo in shard.repos],
            "files": built.files,
            "chunks": built.chunks,
            "source_bytes": built.source_bytes,
            "index_bytes": built.index_bytes,
            "seconds": round(built.seconds, 3),
            "built_at": time.time(),
        },
    )
    if os.path.lexists(final):
        if is_complete(final, shard):  # another builder published it meanwhile
            shutil.rmtree(aside, ignore_errors=True)
            return ShardBuilt(shard=shard.name, status="skipped", pid=os.getpid())
        # Not a shard prx published (no marker): kept aside for a person to look at.
        os.rename(final, f"{final}.incomplete-{time.time_ns()}")
    os.rename(aside, final)
    _sync_dir(parent)
    return built


class ShardBuilder:
    """A Ray actor that builds shards, the embedding model loaded once for all of them.

    :param core: when given, the actor keeps to that one core (modulo the cores it may
        use): one Ray CPU is one core, and prx's own index build would otherwise fork a
        worker per core of the machine.
    """

    def __init__(self, core: int | None = None) -> None:
        if core is not None and hasattr(os, "sched_setaffinity"):
            cores = sorted(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {cores[core % len(cores)]})
        from prx.engine.corpus.embed import default_embedder

        default_embedder()

    def pid(self) -> int:
        """The actor's process id."""
        return os.getpid()

    def build(self, store: str, shard: Shard) -> ShardBuilt:
        """:func:`build_shard` in this actor."""
        return build_shard(store, shard)
