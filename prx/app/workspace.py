"""The Workspace: a :class:`~prx.plugin.context.Context` with prx's own components and one
method per command (written from the commands' parameter records, :mod:`prx.app.methods`)."""

from __future__ import annotations

import os
from collections.abc import Iterable

from prx.app import library  # noqa: F401  (the errors name the Python API's functions)
from prx.app.builtins import BUILTINS
from prx.app.methods import CommandMethods
from prx.plugin.context import Context

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.core.config import Config
    from prx.core.progress import ProgressCallback
    from prx.plugin.registry import Builtins

__all__ = ["Workspace"]


class Workspace(CommandMethods, Context):
    """A project root and everything prx keeps about it, with a method per command.

    Long-lived hosts (an MCP server, a notebook) hold one and reuse it; the module-level
    functions :func:`prx.read`, :func:`prx.find` ... use a cached workspace per root. Every
    method goes through :func:`prx.app.dispatch.invoke`, as the command line does: the same
    checks, the same answer; errors are raised (:class:`prx.PrxError`).

    :param root: the directory relative paths are resolved against, and that every path
        stays inside (default: the current directory).
    :param config: settings; read from the environment when omitted.
    :param plugins: extra plugin objects to register next to the built-ins.
    """

    def __init__(
        self,
        root: str | os.PathLike[str] = ".",
        *,
        config: Config | None = None,
        plugins: Iterable[object] = (),
        builtins: Builtins | None = None,
    ) -> None:
        super().__init__(
            root,
            config=config,
            plugins=plugins,
            builtins=BUILTINS if builtins is None else builtins,
        )

    def call_command(
        self, name: str, progress: ProgressCallback | None, /, **arguments: Any
    ) -> Any:
        """The result of the command ``name`` run here with ``arguments`` (its parameters
        by name), through :func:`prx.app.dispatch.invoke` (see the methods)."""
        from prx.app.library import call_command

        return call_command(self, name, progress, arguments)
