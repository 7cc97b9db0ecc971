"""The child process that builds or updates an index for ``prx mcp`` (no SDK needed).

    python -m prx.frontends.mcp.indexer ROOT PARENT_PID

It writes one JSON object per line on stdout: ``{"stage", "done", "total"}`` as files are
processed (at most a few a second), then ``{"status", "files_indexed", "files_changed"}``
on success or ``{"error", "message"}`` on failure. It runs at a lower priority than the
server answering calls, and ends when the server does.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence

from prx.core.progress import Progress

__all__ = ["main"]

#: The least time between two progress lines (the last one is always written).
PROGRESS_INTERVAL_SECONDS = 0.25


def _emit(message: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


class _Throttled:
    """Progress lines, at most one per interval."""

    def __init__(self) -> None:
        self.last = 0.0

    def __call__(self, progress: Progress) -> None:
        now = time.monotonic()
        if progress.total is not None and progress.done >= progress.total:
            pass  # the stage's last step is always shown
        elif now - self.last < PROGRESS_INTERVAL_SECONDS:
            return
        self.last = now
        _emit({"stage": progress.stage, "done": progress.done, "total": progress.total})


def main(argv: Sequence[str]) -> int:
    root, parent = argv[0], int(argv[1])
    from prx.core.pool import _die_with_parent

    _die_with_parent(parent)
    try:
        os.nice(10)  # the server's calls come first
    except (AttributeError, OSError):
        pass
    from prx.app.workspace import Workspace
    from prx.core.errors import PrxError
    from prx.core.progress import reporting

    try:
        with reporting(_Throttled()):
            result = Workspace(root).index(root)
    except PrxError as err:
        _emit({"error": err.code, "message": str(err)})
        return 1
    except Exception as exc:  # noqa: BLE001  (reported to the server, which says so)
        _emit({"error": "internal_error", "message": f"{type(exc).__name__}: {exc}"})
        return 1
    _emit(
        {
            "status": result.status,
            "files_indexed": result.files_indexed,
            "files_changed": result.files_changed + result.files_removed,
        }
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
