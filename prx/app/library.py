"""The Python API's plumbing: the cached Workspace per root, and how a method call becomes
an operation's parameters and goes through :func:`prx.app.dispatch.invoke`."""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping

from prx.core.record import fields_of
from prx.plugin.operation import Operation, ParamInfo, param_kind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.app.workspace import Workspace
    from prx.core.progress import ProgressCallback
    from prx.plugin.context import Context

__all__ = ["PYTHON_NAMES", "call_command", "library_values", "python_name", "workspace_for"]

#: Commands whose Python function has another name: ``config`` is ``prx.settings()``
#: (``Workspace.config`` is the configuration itself).
PYTHON_NAMES = {"config": "settings"}


def python_name(command: str) -> str:
    """The name of a command's function and method (``bench-ndcg`` -> ``bench_ndcg``)."""
    return PYTHON_NAMES.get(command, command.replace("-", "_"))


def _name_the_functions() -> None:
    """Let errors worded for Python name ``prx.<command>()`` (see
    :data:`prx.core.errors.LIBRARY_FUNCTIONS`)."""
    from prx.app.builtins import BUILTIN_OPERATIONS
    from prx.core.errors import LIBRARY_FUNCTIONS

    LIBRARY_FUNCTIONS.update({name: python_name(name) for name in BUILTIN_OPERATIONS})


_name_the_functions()


@functools.lru_cache(maxsize=16)
def _cached(root: str) -> Workspace:
    from prx.app.workspace import Workspace

    return Workspace(root)


def workspace_for(root: str | os.PathLike[str] = ".") -> Workspace:
    """The process-wide cached :class:`~prx.Workspace` for ``root``."""
    return _cached(os.path.abspath(root))


def library_values(op: Operation, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """``arguments`` as the operation's parameter record takes them: paths given as
    ``os.PathLike`` as strings, a single string for a list as a one-item tuple, lists as
    tuples."""
    kinds = {
        field.name: param_kind(field.type)
        for field in fields_of(op.params)
        if isinstance(field.metadata.get("prx"), ParamInfo)
    }
    values: dict[str, Any] = {}
    for name, value in arguments.items():
        kind = kinds.get(name)
        if isinstance(value, os.PathLike):
            value = os.fspath(value)
        if kind == "strs":
            items = [value] if isinstance(value, (str, os.PathLike)) else list(value)
            value = tuple(
                os.fspath(item) if isinstance(item, os.PathLike) else item for item in items
            )
        elif kind == "json" and not isinstance(value, (str, type(None))):
            value = tuple(value)
        values[name] = value
    return values


def call_command(
    ctx: Context, command: str, progress: ProgressCallback | None, arguments: Mapping[str, Any]
) -> Any:
    """The result of ``command`` with ``arguments``, through :func:`invoke` as the command
    line runs it (its checks, its answer); a :class:`prx.PrxError` is raised, not answered."""
    from prx.app.dispatch import invoke

    op = ctx.registry.operation(command)
    params = op.params(**library_values(op, arguments))
    if progress is None:
        outcome = invoke(ctx, op, params, allow_fallback=False, record=False, raise_errors=True)
        return outcome.result
    from prx.core.progress import cancel_event, reporting

    # A callback given here replaces the installed one; the cancel event stays.
    with reporting(progress, cancel=cancel_event()):
        outcome = invoke(ctx, op, params, allow_fallback=False, record=False, raise_errors=True)
    return outcome.result
