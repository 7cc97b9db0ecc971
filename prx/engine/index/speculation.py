"""A one-shot search answers from its index while a forked child checks freshness.

Deciding whether an index is still true of its tree costs a ``stat`` of every file and
directory it recorded (:mod:`prx.engine.index.freshness`): on a tree of thousands of files, a
fair share of a fresh process's answer. A command-line search (one query, then exit)
therefore forks a child that runs that check on the other core while the process answers
as if nothing changed; before the answer is printed, the child's finding is read. When
it found a change (or could not tell), the answer is thrown away and computed again with
the check done in line, exactly as without speculation: the printed answer is always the
one the in-line check gives.

Only the command line asks for it (:func:`allow`): a library user's or a long-lived
server's workspace never forks. Nothing forks where ``os.fork`` is missing or while
another thread runs (a fork would copy a lock it holds).
"""

from __future__ import annotations

import gc
import os
import sys
from contextvars import ContextVar

TYPE_CHECKING = False
if TYPE_CHECKING:  # the command line imports this module for every read-only command
    from collections.abc import Callable, Iterator
    from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

    from prx.engine.files.walk import WalkResult
    from prx.engine.index.freshness import Changes
    from prx.engine.index.reader import IndexReader

    class _HasCache(Protocol):
        @property
        def cache(self) -> dict[str, Any]: ...

    _P = ParamSpec("_P")
    _R = TypeVar("_R")
    _W = TypeVar("_W", bound=_HasCache)

__all__ = [
    "Speculation",
    "allow",
    "call_findings",
    "checked_changes",
    "one_check_per_call",
    "speculated_walk",
    "speculating",
    "speculation_of",
]

_KEY = "speculative-freshness"

#: Within one search call: each index's freshness finding, by (root, index directory,
#: max_file_size). A symbol search reads an index twice (its ranking, and the lines
#: holding the name); one ``stat`` of the tree serves both.
_CALL_FINDINGS: ContextVar[dict[tuple[str, str, int], Changes] | None] = ContextVar(
    "prx_call_findings", default=None
)


def call_findings() -> dict[tuple[str, str, int], Changes] | None:
    """The current call's freshness findings (None outside a search call)."""
    return _CALL_FINDINGS.get()


def one_check_per_call() -> _OneCheckPerCall:
    """A block (one call) in which each index is checked against its tree once, and
    every reader of it sees that one finding."""
    return _OneCheckPerCall()


class _OneCheckPerCall:
    """Within the block, each index is checked against its tree once."""

    __slots__ = ("token",)

    def __enter__(self) -> None:
        self.token = _CALL_FINDINGS.set({})

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        _CALL_FINDINGS.reset(self.token)


class _ForkedCheck:
    """A child process running :func:`~prx.engine.index.freshness.changes`; its finding is read
    from a pipe."""

    __slots__ = ("fd", "pid", "root")

    def __init__(self, pid: int, fd: int, root: str) -> None:
        self.pid = pid
        self.fd = fd
        self.root = root

    @classmethod
    def start(cls, root: str, reader: IndexReader, max_file_size: int) -> _ForkedCheck | None:
        if not hasattr(os, "fork"):
            return None
        threading = sys.modules.get("threading")
        if threading is not None and threading.active_count() > 1:
            return None
        # Decoded once, before the fork: the answer needs the paths too.
        reader.files.paths  # noqa: B018
        # Collections after the fork then skip every object made before it: a collection
        # writes to each object it scans, and each write copies a page the child shares.
        gc.freeze()
        read_end, write_end = os.pipe()
        try:
            pid = os.fork()
        except OSError:
            os.close(read_end)
            os.close(write_end)
            return None
        if pid == 0:  # the child: check, write the finding, leave without cleanup
            status = 1
            try:
                import json

                from prx.engine.index.freshness import changes

                os.close(read_end)
                found = changes(root, reader, max_file_size)
                data = memoryview(json.dumps([found.changed, found.relist, found.why]).encode())
                while data:
                    data = data[os.write(write_end, data) :]
                status = 0
            finally:
                os._exit(status)
        os.close(write_end)
        return cls(pid, read_end, root)

    def finding(self) -> Changes | None:
        """What the child found (None when it could not tell); waits for it."""
        import json

        from prx.engine.index.freshness import Changes

        parts = []
        try:
            while part := os.read(self.fd, 1 << 16):
                parts.append(part)
        finally:
            os.close(self.fd)
            _, status = os.waitpid(self.pid, 0)
        if status != 0:
            return None
        try:
            changed, relist, why = json.loads(b"".join(parts))
        except ValueError:
            return None
        return Changes(list(changed), bool(relist), str(why))


class Speculation:
    """The forked checks of one workspace's current search (see the module docstring)."""

    def __init__(self) -> None:
        #: Whether a check may be forked now (set during a search, cleared for good once
        #: a speculation failed).
        self.active = False
        self.enabled = True
        self.pending: list[_ForkedCheck] = []

    def running(self) -> _Running:
        return _Running(self)

    def confirm(self, ws_cache: dict[str, Any]) -> bool:
        """Whether every check forked since the last confirm found nothing changed; when
        one did not, later checks run in line and the engines built on the guess are
        dropped."""
        ok = True
        for check in self._take():
            found = check.finding()
            if found is None or found.changed or found.relist:
                ok = False
                ws_cache.get("engines", {}).pop(check.root, None)
        if not ok:
            self.enabled = False
        return ok

    def _take(self) -> Iterator[_ForkedCheck]:
        pending, self.pending = self.pending, []
        yield from pending


class _Running:
    """A search's span: checks may be forked inside it; leaving it by an error reaps them."""

    __slots__ = ("speculation",)

    def __init__(self, speculation: Speculation) -> None:
        self.speculation = speculation

    def __enter__(self) -> Speculation:
        self.speculation.active = self.speculation.enabled
        return self.speculation

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.speculation.active = False
        if kind is not None:
            for check in self.speculation._take():
                check.finding()


def allow(cache: dict[str, Any]) -> None:
    """Let searches in the workspace owning ``cache`` speculate (a one-shot process)."""
    cache.setdefault(_KEY, Speculation())


def speculation_of(cache: dict[str, Any]) -> Speculation | None:
    """The workspace's speculation, when :func:`allow` was called for it."""
    found: Speculation | None = cache.get(_KEY)
    return found


def checked_changes(
    cache: dict[str, Any], root: str, reader: IndexReader, max_file_size: int
) -> Changes:
    """:func:`~prx.engine.index.freshness.changes` now, or, inside a speculating search, nothing
    changed while a forked child checks (confirmed before the answer is given)."""
    from prx.engine.index.freshness import Changes, changes

    if _forked_check(cache, root, reader, max_file_size):
        return Changes([], False)
    return changes(root, reader, max_file_size)


def speculated_walk(
    cache: dict[str, Any], root: str, reader: IndexReader, max_file_size: int
) -> WalkResult | None:
    """:func:`~prx.engine.index.freshness.quick_walk` now, or, inside a speculating call, the
    walk the index recorded while a forked child checks that nothing changed."""
    from prx.engine.index.freshness import quick_walk, recorded_walk

    speculation = speculation_of(cache)
    if speculation is not None and speculation.active:
        guessed = recorded_walk(root, reader, max_file_size)
        if guessed is not None and _forked_check(cache, root, reader, max_file_size):
            return guessed
    return quick_walk(root, reader, max_file_size)


def _forked_check(
    cache: dict[str, Any], root: str, reader: IndexReader, max_file_size: int
) -> bool:
    """Whether a child now checks ``root`` against its index for the current speculating
    call (False: no speculation here, or no fork: check in line)."""
    speculation = speculation_of(cache)
    if speculation is None or not speculation.active:
        return False
    if any(pending.root == root for pending in speculation.pending):
        # One child checks the root for the whole call (a symbol search reads the index
        # twice: its ranking, and the lines holding the name).
        return True
    check = _ForkedCheck.start(root, reader, max_file_size)
    if check is None:
        return False
    speculation.pending.append(check)
    return True


def speculating(
    call: Callable[Concatenate[_W, _P], _R],
) -> Callable[Concatenate[_W, _P], _R]:
    """``call`` (its first argument a workspace) answers, in a workspace that allows it,
    while forked children check the indexes it reads; the answer is kept only when every
    child found nothing changed, else computed again with the checks in line."""
    import functools

    @functools.wraps(call)
    def speculative(ws: _W, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        # Each attempt checks an index against its tree once, however often it reads it.
        speculation = speculation_of(ws.cache)
        if speculation is None:
            with _OneCheckPerCall():
                return call(ws, *args, **kwargs)
        with speculation.running(), _OneCheckPerCall():
            result = call(ws, *args, **kwargs)
        if speculation.confirm(ws.cache):
            return result
        with _OneCheckPerCall():
            return call(ws, *args, **kwargs)  # the tree changed: answer again

    return speculative
