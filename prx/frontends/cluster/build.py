"""Building a store's shards on a Ray cluster: a pool of builder actors, resumable.

Each builder (:class:`~prx.frontends.cluster.builder.ShardBuilder`, one Ray CPU) loads the
embedding model once and builds shard after shard. Shards already complete are skipped,
so a build stopped for any reason is finished by running it again. A builder that dies
is restarted by Ray and its shard built again from scratch, up to ``retries`` times; a
shard still failing then is reported, and the others are built.
"""

from __future__ import annotations

import time

from prx.core.record import record
from prx.frontends.cluster.builder import ShardBuilt
from prx.frontends.cluster.shards import Shard, is_complete, read_plan, shard_dir

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

__all__ = ["BuildReport", "build_store"]


@record
class BuildReport:
    """What a build of a store did."""

    #: The store.
    store: str
    #: Builders used.
    workers: int
    #: Wall time of the whole build, in seconds.
    seconds: float
    #: Each shard built now.
    built: tuple[ShardBuilt, ...] = ()
    #: Shards that were complete already.
    skipped: tuple[str, ...] = ()
    #: Shards that could not be built: (name, why).
    failed: tuple[tuple[str, str], ...] = ()


def build_store(
    store: str,
    *,
    workers: int = 2,
    retries: int = 1,
    one_core_each: bool = True,
    on_shard: Callable[[ShardBuilt], None] | None = None,
) -> BuildReport:
    """Build every shard of ``store``'s plan not complete yet, on ``workers`` builder
    actors of the connected Ray cluster (:func:`prx.frontends.cluster.runtime.connect`).

    :param retries: how often a shard whose builder died is built again.
    :param one_core_each: each builder keeps to one core (see ``ShardBuilder``).
    :param on_shard: called with each shard's outcome as it comes.
    """
    from prx.frontends.cluster.builder import ShardBuilder
    from prx.frontends.cluster.runtime import ray_module

    ray = ray_module()
    started = time.perf_counter()
    plan = read_plan(store)
    pending = [shard for shard in plan if not is_complete(shard_dir(store, shard), shard)]
    skipped = tuple(shard.name for shard in plan if shard not in pending)
    # Largest first: the long builds start early, the short ones fill the gaps.
    pending.sort(key=lambda shard: -shard.size)
    remote = ray.remote(num_cpus=1, max_restarts=retries, max_task_retries=retries)(ShardBuilder)
    count = max(1, min(workers, len(pending)))
    actors = [remote.remote(index if one_core_each else None) for index in range(count)]
    built: list[ShardBuilt] = []
    failed: list[tuple[str, str]] = []
    running: dict[Any, tuple[int, Shard]] = {}

    def submit(slot: int) -> None:
        if pending:
            shard = pending.pop(0)
            running[actors[slot].build.remote(store, shard)] = (slot, shard)

    for slot in range(count):
        submit(slot)
    try:
        while running:
            (done,), _ = ray.wait(list(running), num_returns=1)
            slot, shard = running.pop(done)
            try:
                outcome: ShardBuilt = ray.get(done)
            except ray.exceptions.RayActorError as err:
                failed.append((shard.name, f"its builder died: {_first_line(err)}"))
                actors[slot] = remote.remote(slot if one_core_each else None)
            except Exception as err:  # a task's own failure: reported, the others go on
                cause = getattr(err, "cause", None) or err  # a RayTaskError's own error
                failed.append((shard.name, f"{type(cause).__name__}: {_first_line(cause)}"))
            else:
                if outcome.status == "built":
                    built.append(outcome)
                else:  # another build of the same store published it meanwhile
                    skipped += (shard.name,)
                if on_shard is not None:
                    on_shard(outcome)
            submit(slot)
    finally:
        for actor in actors:
            ray.kill(actor)
    return BuildReport(
        store=store,
        workers=count,
        seconds=time.perf_counter() - started,
        built=tuple(built),
        skipped=skipped,
        failed=tuple(failed),
    )


def _first_line(err: BaseException) -> str:
    text = str(err).strip()
    return text.splitlines()[0] if text else type(err).__name__
