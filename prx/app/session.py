"""A Workspace that remembers what its reads sent: the library's read ledger."""

from __future__ import annotations

import os
from collections.abc import Iterable

from prx.app.workspace import Workspace
from prx.commands.read.ledger import DEFAULT_MAX_BYTES, Ledger

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import TracebackType
    from typing import Any

    from prx.core.config import Config
    from prx.core.progress import ProgressCallback
    from prx.plugin.registry import Builtins

__all__ = ["Session"]


class Session(Workspace):
    """A :class:`~prx.Workspace` for one agent's session: its reads go through a read
    ledger, as the MCP server's do (docs/ledger.md).

    A re-read of lines the session was sent and that have not changed answers a stub
    (``content`` None, ``ledger.status`` ``"unchanged"``); a re-read of a file changed
    since (by :meth:`edit` or anything else: every read hashes the file) answers a diff
    from the text sent (``content.mode`` ``"changes"``) or the current text; a read whose
    first or last lines were sent answers the others (``"partial"``). ``fresh=True``
    answers the text as a :class:`~prx.Workspace` does. Every other method is the
    Workspace's.

    >>> with prx.Session("path/to/project") as s:  # doctest: +SKIP
    ...     first = s.read("src/app.py")      # the text
    ...     again = s.read("src/app.py")      # again.ledger.status == "unchanged"
    ...     s.edit("src/app.py", find="a + b", replace="b + a", apply=True)
    ...     later = s.read("src/app.py")      # later.content.mode == "changes": the diff
    ...     whole = s.read("src/app.py", fresh=True)  # the text

    :param root: the project's root (as for :class:`~prx.Workspace`).
    :param ledger_bytes: memory the ledger may hold; the files read longest ago are
        forgotten first.
    """

    def __init__(
        self,
        root: str | os.PathLike[str] = ".",
        *,
        config: Config | None = None,
        plugins: Iterable[object] = (),
        builtins: Builtins | None = None,
        ledger_bytes: int = DEFAULT_MAX_BYTES,
    ) -> None:
        super().__init__(root, config=config, plugins=plugins, builtins=builtins)
        #: What this session's reads sent.
        self.ledger = Ledger(ledger_bytes)

    def __enter__(self) -> Session:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.ledger.clear()

    def call_command(
        self, name: str, progress: ProgressCallback | None, /, **arguments: Any
    ) -> Any:
        """As :meth:`Workspace.call_command`; a read answers through the session's ledger."""
        if name != "read":
            return super().call_command(name, progress, **arguments)
        with self.ledger.serving() as call:
            result = super().call_command(name, progress, **arguments)
        call.commit()  # answered (an error was raised before this)
        return result
