"""prx on a Ray cluster: build and search the indexes of many repositories as one.

>>> import prx.cluster  # Ray is imported by the calls below, not here

Install the extra (``pip install 'prx[ray]'``), then::

    prx.cluster.connect()            # a local Ray (2 CPUs); or connect("auto"), an address
    prx.cluster.plan("/shared/store", {"requests": "/src/requests", ...})
    report = prx.cluster.build("/shared/store", workers=2)    # resumes when run again
    with prx.cluster.serve("/shared/store") as cluster:
        result = cluster.search("retry with backoff", deadline=2.0)

A search answers as ``prx.search(QUERY, SHARD1, roots=[SHARD2, ...], root=STORE)`` does
over the same shards: files named ``SHARD//REPO/PATH`` (:func:`repository_of` splits one),
each shard's outcome in ``roots``, a shard that failed or was late reported there while
the others answer. See docs/scale.md.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Mapping
    from typing import Any

    from prx.core.config import Config
    from prx.frontends.cluster.build import BuildReport
    from prx.frontends.cluster.builder import ShardBuilt
    from prx.frontends.cluster.serve import ClusterSearch
    from prx.frontends.cluster.shards import Repository, Shard

__all__ = [
    "BuildReport",
    "ClusterSearch",
    "Repository",
    "Shard",
    "ShardBuilt",
    "build",
    "connect",
    "plan",
    "repository_of",
    "serve",
]

_TYPES = {
    "BuildReport": "prx.frontends.cluster.build",
    "ClusterSearch": "prx.frontends.cluster.serve",
    "Repository": "prx.frontends.cluster.shards",
    "Shard": "prx.frontends.cluster.shards",
    "ShardBuilt": "prx.frontends.cluster.builder",
}


def __getattr__(name: str) -> Any:
    if name in _TYPES:
        import importlib

        return getattr(importlib.import_module(_TYPES[name]), name)
    raise AttributeError(f"module 'prx.cluster' has no attribute {name!r}")


def connect(address: str | None = None, *, num_cpus: int | None = 2, **options: Any) -> None:
    """Join the Ray cluster at ``address`` (``"auto"``, ``"ray://head:10001"`` ...), or
    start a local one with ``num_cpus`` CPUs when None; ``options`` go to ``ray.init``.
    Usage statistics are turned off, and a local cluster listens on loopback only."""
    from prx.frontends.cluster.runtime import connect as start

    start(address, num_cpus=num_cpus, **options)


def plan(
    store: str,
    repos: Mapping[str, str] | Iterable[tuple[str, str]],
    *,
    small_bytes: int | None = None,
    pack_bytes: int | None = None,
) -> list[Shard]:
    """Plan the shards of ``repos`` (name -> source directory) and write the plan into
    ``store``: a repository with less source than ``small_bytes`` (2 MB) is packed with
    others into compound shards of at most ``pack_bytes`` (8 MB); each larger one is a
    shard of its own. Needs no Ray."""
    from prx.frontends.cluster import shards

    planned = shards.plan_shards(
        repos,
        small_bytes=shards.SMALL_BYTES if small_bytes is None else small_bytes,
        pack_bytes=shards.PACK_BYTES if pack_bytes is None else pack_bytes,
    )
    shards.write_plan(store, planned)
    return planned


def build(
    store: str,
    *,
    workers: int = 2,
    retries: int = 1,
    one_core_each: bool = True,
    on_shard: Callable[[ShardBuilt], None] | None = None,
) -> BuildReport:
    """Build every shard of ``store`` not built yet, on ``workers`` Ray actors (each with
    the embedding model loaded once); run again to finish a build that stopped."""
    from prx.frontends.cluster.build import build_store

    return build_store(
        store, workers=workers, retries=retries, one_core_each=one_core_each, on_shard=on_shard
    )


def serve(
    store: str,
    *,
    servers: int | None = None,
    server_cpus: float = 1.0,
    config: Config | None = None,
    deadline: float = 10.0,
) -> ClusterSearch:
    """Open ``store``'s shards in ``servers`` Ray actors (refusing those not built or
    corrupted) and answer searches over them (:class:`ClusterSearch`)."""
    from prx.frontends.cluster.serve import ClusterSearch

    return ClusterSearch(
        store, servers=servers, server_cpus=server_cpus, config=config, deadline=deadline
    )


def repository_of(file: str) -> tuple[str, str, str]:
    """``(shard, repository, path in it)`` of a file a cluster search names
    (``SHARD//REPO/PATH``)."""
    from prx.frontends.cluster.shards import repository_of as split

    return split(file)
