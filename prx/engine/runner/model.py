"""What a runner parser returns: the facts it read, before the report is assembled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from prx.plugin.runner import Coverage, Parsed, RawRun

if TYPE_CHECKING:
    from prx.engine.runner.capture import OutputView

__all__ = ["CapturedRun", "Coverage", "Parsed"]


@dataclass(frozen=True, slots=True, kw_only=True)
class CapturedRun(RawRun):
    """A :class:`~prx.plugin.interfaces.RawRun` that also has both streams in arrival order."""

    #: stdout and stderr interleaved as their chunks arrived.
    merged: str = ""
    #: Set when the output was too large to hold: the lines held, numbered. ``stdout``,
    #: ``stderr`` and ``merged`` are then the held lines with a marker for each gap.
    view: OutputView | None = None
