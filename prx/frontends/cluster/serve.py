"""Serving a store: actors holding shards warm, a search fanned out to them and merged.

Each :class:`ShardServer` actor opens its shards once: a shard without its completion
marker (never built, or its build cut short) is refused as not built, and one whose index
fails the check of every block against its checksums (``prx index --verify``) is refused
as corrupted; the others are loaded by a first search. A search (:class:`ClusterSearch`)
asks every shard, each in its actor, for one unbudgeted page deep enough for the merged
page, exactly as a single-process search over several roots asks each root
(:mod:`prx.commands.search.roots`), waits for them until the deadline, and merges what
came with the same :func:`~prx.commands.search.roots.merge_answers`: a refused shard, and
one that did not answer in time, is a root reported with its error while the others
answer. The same shards therefore give the same answer here and in one process.
"""

from __future__ import annotations

import os

from prx.core.errors import NotFoundError, PrxError, PrxIOError
from prx.frontends.cluster.shards import Shard, is_complete, read_plan, shard_dir

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from prx.app.workspace import Workspace
    from prx.core.config import Config
    from prx.core.results.search import SearchExistsResult, SearchResult

__all__ = ["DEADLINE", "ClusterSearch", "ShardServer", "open_shard"]

#: Seconds a search waits for its shards by default.
DEADLINE = 10.0


def open_shard(store: str, shard: Shard, config: Config | None = None) -> Workspace | PrxError:
    """The shard's Workspace, labelled as answers name it, its index checked whole and
    loaded; or the error that refuses it."""
    from prx.app.workspace import Workspace
    from prx.commands.search.engine import run_search
    from prx.engine.index.build import verify_index

    directory = shard_dir(store, shard)
    if not is_complete(directory, shard):
        return NotFoundError(
            f"shard {shard.name} is not built: no complete build at {directory}",
            suggestion="Build the store again: a build resumes where it stopped.",
        )
    ws = Workspace(directory, config=config)
    ws.label = shard.directory
    try:
        verify_index(ws, ".")
        # Loads the index and the model now, not in the first query's time.
        run_search(ws, "warm", ".", mode="hybrid", top_k=1, budget=0)
    except PrxError as err:
        return err
    return ws


def _rss_bytes() -> int:
    """This process's resident memory (Linux), or its peak where /proc is missing."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    import resource

    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss) * 1024


class ShardServer:
    """A Ray actor holding some shards of a store open and warm."""

    def __init__(self, store: str, shards: Sequence[Shard], config: Config | None) -> None:
        self._opened = {shard.name: open_shard(store, shard, config) for shard in shards}

    def info(self) -> dict[str, Any]:
        """Process id, resident memory and each shard's status (``ok`` or an error
        code)."""
        return {
            "pid": os.getpid(),
            "rss": _rss_bytes(),
            "shards": {
                name: "ok" if not isinstance(ws, PrxError) else ws.code
                for name, ws in self._opened.items()
            },
        }

    def search(
        self, name: str, query: str, depth: int, options: dict[str, Any]
    ) -> SearchResult | SearchExistsResult | PrxError:
        """Shard ``name``'s page of ``depth`` ranked hits (or its error), as a search over
        several roots asks one root for it."""
        from prx.commands.search.engine import run_search

        ws = self._opened[name]
        if isinstance(ws, PrxError):
            return ws
        try:
            return run_search(ws, query, ".", top_k=depth, budget=0, **options)
        except PrxError as err:
            return err


def _placement(shards: Sequence[Shard], servers: int) -> list[list[Shard]]:
    """Shards spread over ``servers`` actors, largest first onto the least loaded."""
    groups: list[list[Shard]] = [[] for _ in range(max(1, min(servers, len(shards))))]
    loads = [0] * len(groups)
    for shard in sorted(shards, key=lambda s: (-s.size, s.name)):
        slot = loads.index(min(loads))
        groups[slot].append(shard)
        loads[slot] += shard.size
    return groups


class ClusterSearch:
    """Search a built store on the connected Ray cluster.

    :param store: the store's directory (the same path on every node).
    :param servers: actors holding the shards (default: as many as the cluster's CPUs
        hold at ``server_cpus`` each, and no more than the shards).
    :param server_cpus: Ray CPUs each actor asks for.
    :param config: the settings every shard is searched with (default: the store's, as a
        single-process search uses its working root's for every root).
    :param deadline: seconds a search waits for its shards by default.
    """

    def __init__(
        self,
        store: str,
        *,
        servers: int | None = None,
        server_cpus: float = 1.0,
        config: Config | None = None,
        deadline: float = DEADLINE,
    ) -> None:
        from prx.app.workspace import Workspace
        from prx.frontends.cluster.runtime import ray_module

        self._ray = ray = ray_module()
        self.store = os.path.abspath(store)
        #: The working root answers are relative to (the store).
        self.workspace = Workspace(self.store, config=config)
        self.plan = read_plan(self.store)
        self.deadline = deadline
        remote = ray.remote(num_cpus=server_cpus, max_concurrency=4)(ShardServer)
        if servers is None:  # as many as the cluster's CPUs hold, one shard each at most
            cpus = float(ray.cluster_resources().get("CPU", 1))
            servers = max(1, min(len(self.plan), int(cpus // server_cpus) if server_cpus else 1))
        groups = _placement(self.plan, servers)
        self._servers = [
            remote.remote(self.store, group, self.workspace.config) for group in groups
        ]
        self._holder = {
            shard.name: server
            for server, group in zip(self._servers, groups, strict=True)
            for shard in group
        }
        self._infos = ray.get([server.info.remote() for server in self._servers])

    def status(self) -> dict[str, str]:
        """Each shard's status when its actor opened it: ``ok`` or the error code."""
        return {name: code for info in self._infos for name, code in info["shards"].items()}

    def servers(self) -> list[dict[str, Any]]:
        """Each actor's process id, resident memory and shards, now."""
        return list(self._ray.get([server.info.remote() for server in self._servers]))

    def pids(self) -> dict[str, int]:
        """The process id of the actor holding each shard."""
        return {name: info["pid"] for info in self._infos for name in info["shards"]}

    def search(
        self,
        query: str,
        *,
        mode: str | None = None,
        top_k: int | None = None,
        budget: int | None = None,
        deadline: float | None = None,
        continue_token: str | None = None,
        include: Sequence[str] = (),
        language: Sequence[str] = (),
        ignore_case: bool = False,
        rerank: str | None = None,
        snippet_lines: int = 3,
        full: bool = False,
        selector: str | None = None,
        context: int = 0,
    ) -> SearchResult | SearchExistsResult:
        """One search over every shard, as ``prx.search(query, SHARD1, roots=[...],
        fusion="evidence")`` run in the store answers it (each shard ranked alone, the
        rankings merged); a shard that has not answered within ``deadline``
        seconds (default: the server's) is reported in ``roots`` with ``io_error``."""
        from prx.commands.search.engine import RANKED_PAGE
        from prx.commands.search.operation import SearchParams, echo_shortened, roots_identity
        from prx.commands.search.roots import merge_answers, offset_of, request_of

        limit = self.deadline if deadline is None else deadline
        identity = roots_identity(
            SearchParams(
                query=query,
                mode=mode,
                include=tuple(include),
                language=tuple(language),
                ignore_case=ignore_case,
                rerank=rerank,
                selector=selector,
                snippet_lines=snippet_lines,
                full=full,
                fusion="evidence",
            )
        )
        request = request_of([(s.directory, None, ".") for s in self.plan], query, identity)
        offset = offset_of(continue_token, request)
        page = top_k or RANKED_PAGE
        options = {
            "mode": mode,
            "context": context,
            "globs": tuple(include),
            "languages": tuple(language),
            "ignore_case": ignore_case,
            "rerank": rerank,
            "snippet_lines": snippet_lines,
            "full": full,
            "selector": selector,
        }
        asked = {
            self._holder[shard.name].search.remote(shard.name, query, offset + page, options): shard
            for shard in self.plan
        }
        ray = self._ray
        ready, late = ray.wait(list(asked), num_returns=len(asked), timeout=limit)
        came: dict[str, SearchResult | SearchExistsResult | PrxError] = {}
        for ref in ready:
            shard = asked[ref]
            try:
                came[shard.name] = ray.get(ref)
            except ray.exceptions.RayError as err:
                came[shard.name] = PrxIOError(
                    f"shard {shard.name} failed: {str(err).strip().splitlines()[0]}"
                )
        for ref in late:
            with _quietly():
                ray.cancel(ref)
            came[asked[ref].name] = PrxIOError(
                f"shard {asked[ref].name} did not answer within {limit:g} s",
                suggestion="Search again with a longer deadline, or see why its server is slow.",
            )
        answers = [
            (shard.directory, shard_dir(self.store, shard), came[shard.name]) for shard in self.plan
        ]
        result = merge_answers(
            self.workspace,
            query,
            answers,
            top_k=page,
            budget=budget,
            offset=offset,
            request=request,
        )
        return echo_shortened(result)

    def close(self) -> None:
        """End the actors."""
        for server in self._servers:
            with _quietly():
                self._ray.kill(server)
        self._servers = []

    def __enter__(self) -> ClusterSearch:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _quietly:
    """Ignore what a best-effort call to Ray raises."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: object, value: object, tb: object) -> bool:
        return isinstance(value, Exception)
