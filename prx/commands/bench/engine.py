"""``prx bench``: prx against the plain Unix tools on the tasks an agent does in a repository.

Each task is done twice, in fresh processes: with the prx command made for its question
(``prx --text``, the model-facing form; its JSON form is counted too) and with the Unix
commands an agent would type (argv lists, never a shell). Both outputs are counted in
exact cl100k_base tokens, both are timed, and each is checked for the lines the task
needs; a task prx loses carries the reason. docs/bench.md describes the tasks and how
their targets are picked.

The modules: :mod:`.picking` (the targets), :mod:`.sides` (running both sides),
:mod:`.covers` (which needed lines an output holds), :mod:`.tasks` and :mod:`.changes`
(the tasks), :mod:`.measure` and :mod:`.explain` (a task's row and why prx lost it).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Iterable

from prx.core.results.bench import BenchResult, BenchTask
from prx.plugin.context import Context

__all__ = ["run_bench"]


def run_bench(ws: Context, path: str) -> BenchResult:
    """The report of ``prx bench`` (see :func:`prx.bench`)."""
    from prx.commands.bench import changes, tasks
    from prx.commands.bench.picking import pick_sources, walked_files
    from prx.core.progress import report

    root = ws.resolve(path)
    if not os.path.isdir(root):
        from prx.core.errors import NotFoundError

        raise NotFoundError(
            f"directory not found: {path}",
            suggestion="Pass a repository directory as {param:path}.",
        )
    repo = ws.at(root)
    report("picking", 0, None, "the largest source files")
    walked = walked_files(repo)
    sources = pick_sources(repo, walked)
    builders: list[Callable[[], Iterable[BenchTask]]] = []
    for source in sources:
        builders.append(functools.partial(tasks.definitions, root, source))
    builders.append(lambda: tasks.module(root, repo, walked, sources))
    builders.append(lambda: [tasks.files(root, walked)])
    builders.append(lambda: [tasks.function(root, sources)])
    builders.append(lambda: [changes.diff(root)])
    builders.append(lambda: [changes.impact(root, repo, sources)])
    done: list[BenchTask] = []
    for step, build in enumerate(builders):
        report("tasks", step, len(builders))
        done.extend(build())
    report("tasks", len(builders), len(builders))
    ran = [t for t in done if t.skipped is None]
    return BenchResult(
        root=path,
        tasks=tuple(done),
        prx_tokens=sum(t.prx_tokens for t in ran),
        prx_json_tokens=sum(t.prx_json_tokens for t in ran),
        unix_tokens=sum(t.unix_tokens for t in ran),
        picked_from=tuple(s.path for s in sources),
    )
