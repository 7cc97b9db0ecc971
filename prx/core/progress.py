"""Progress of long calls, reported through a callback the caller installs.

Core code never writes progress anywhere itself: it calls :func:`report` (a no-op when
nobody listens) and :func:`check_cancelled` in its long loops. A caller installs a
callback, and optionally a cancel event, for the calls it makes in a ``with`` block::

    import threading
    from prx.core.progress import reporting

    with reporting(print, cancel=threading.Event()):
        prx.index(".")

The installation lives in a context variable: each thread (and each asyncio task) sees
only its own, so concurrent calls report to their own callbacks.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from prx.core.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    import threading

__all__ = ["Progress", "ProgressCallback", "check_cancelled", "report", "reporting"]


@record(kw_only=False)
class Progress:
    """One step of a long call."""

    #: What is being done (``files`` while an index is built, ``corpus`` while a search
    #: reads a tree it has no index for).
    stage: str
    #: Units done so far in this stage (increasing).
    done: int
    #: Units in this stage, when known.
    total: int | None = None
    #: A short human-readable note (may be empty).
    message: str = ""


ProgressCallback = Callable[[Progress], None]


@record(kw_only=False)
class _Listener:
    callback: ProgressCallback | None
    cancel: threading.Event | None


_CURRENT: contextvars.ContextVar[_Listener | None] = contextvars.ContextVar(
    "prx_progress", default=None
)


@contextmanager
def reporting(
    callback: ProgressCallback | None, *, cancel: threading.Event | None = None
) -> Iterator[None]:
    """Send the progress of the calls made inside the block to ``callback``; when
    ``cancel`` is set, those calls stop with :class:`prx.core.errors.CancelledError` at their
    next check. Blocks nest: the innermost one wins."""
    token = _CURRENT.set(_Listener(callback, cancel))
    try:
        yield
    finally:
        _CURRENT.reset(token)


def report(stage: str, done: int, total: int | None = None, message: str = "") -> None:
    """Tell the installed callback (if any) how far the current call is."""
    listener = _CURRENT.get()
    if listener is not None and listener.callback is not None:
        listener.callback(Progress(stage, done, total, message))


def check_cancelled() -> None:
    """Raise :class:`prx.core.errors.CancelledError` when the installed cancel event is set."""
    listener = _CURRENT.get()
    if listener is not None and listener.cancel is not None and listener.cancel.is_set():
        from prx.core.errors import CancelledError

        raise CancelledError(
            "cancelled by the caller",
            suggestion="Call again when the answer is wanted.",
        )


def cancel_event() -> threading.Event | None:
    """The cancel event installed for the current call, if any."""
    listener = _CURRENT.get()
    return listener.cancel if listener is not None else None
