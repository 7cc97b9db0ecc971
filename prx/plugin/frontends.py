"""Front-ends and renderers."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import ClassVar

    from prx.core.envelope import Envelope
    from prx.plugin.context import Context

__all__ = ["Frontend", "Renderer"]


class Frontend(ABC):
    """A way to reach the operations: the CLI, an MCP server ...

    .. versionadded:: 0.1
    """

    #: Registry name (``cli``).
    NAME: ClassVar[str]

    def __init__(self, workspace: Context) -> None:
        self.workspace = workspace

    @abstractmethod
    def main(self, argv: Sequence[str]) -> int:
        """Run with ``argv`` and return the process exit code."""


class Renderer(ABC):
    """Formats an envelope for output.

    .. versionadded:: 0.1
    """

    #: Registry name (``json``, ``plain``).
    NAME: ClassVar[str]

    @abstractmethod
    def render(self, envelope: Envelope) -> str:
        """Return the text to print for ``envelope`` (without a final newline)."""
