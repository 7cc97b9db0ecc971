"""``prx index --watch``: keep the index fresh as files change (optional extra ``watch``).

File notifications come from ``watchfiles`` (Rust ``notify`` underneath). Events under
``.prx/`` (the index's own writes), VCS directories and files the walker ignores never
trigger anything, so the watcher cannot loop on its own output (the original re-indexed
on its own writes). Bursts are grouped: a batch is handed over after ``quiet_ms`` without
new events, or after ``debounce_ms`` at most. Each batch runs one incremental build.
Progress goes to stderr; Ctrl-C (or ``stop``) ends the watch, and the answer is the last
build's result with ``status: watch_stopped`` and how many updates ran.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prx.core.errors import InvalidArgumentError, NotFoundError, PrxError
from prx.core.progress import report
from prx.core.record import replace
from prx.core.results.index import IndexResult
from prx.engine.files.ignore import (
    IGNORE_FILE_NAMES,
    IgnoreStack,
    load_ignore_file,
    root_ignore_stack,
)
from prx.engine.files.walk import SKIP_DIR_NAMES

if TYPE_CHECKING:
    import threading

    from prx.plugin.protocols import IndexContext

__all__ = ["Relevance", "watch_index"]


def _load_watchfiles() -> Any:
    try:
        import watchfiles
    except ImportError:
        raise InvalidArgumentError(
            "invalid argument {param}: file watching needs the optional 'watch' extra",
            param="watch",
            suggestion="Install it with `pip install 'prx[watch]'` (adds watchfiles), "
            "or run {cmd:index} again after changing files.",
        ) from None
    return watchfiles


class Relevance:
    """Whether a changed path can change the index: inside the root, not under ``.prx``
    or a VCS directory, and not ignored by the ignore files the walker honours."""

    def __init__(self, root: str) -> None:
        self.root = os.path.abspath(root)
        self._stacks: dict[str, IgnoreStack] = {}

    def reset(self) -> None:
        """Forget cached ignore rules (an ignore file changed)."""
        self._stacks.clear()

    def _stack(self, rel_dir: str) -> IgnoreStack:
        stack = self._stacks.get(rel_dir)
        if stack is not None:
            return stack
        if rel_dir:
            parent = self._stack(rel_dir.rpartition("/")[0])
        else:
            parent = root_ignore_stack(self.root)
        found = []
        directory = os.path.join(self.root, rel_dir)
        for name in IGNORE_FILE_NAMES:
            path = os.path.join(directory, name)
            if os.path.isfile(path) and not os.path.islink(path):
                loaded = load_ignore_file(path, parent.base_for(rel_dir))
                if loaded is not None:
                    found.append(loaded)
        stack = parent.push(*found) if found else parent
        self._stacks[rel_dir] = stack
        return stack

    def __call__(self, change: Any, path: str) -> bool:
        rel = os.path.relpath(path, self.root).replace(os.sep, "/")
        if rel == "." or rel.startswith("../"):
            return False
        parts = rel.split("/")
        if any(part in SKIP_DIR_NAMES for part in parts):
            return False  # the index's own writes, VCS metadata
        for depth in range(1, len(parts)):
            if self._stack("/".join(parts[: depth - 1])).is_ignored("/".join(parts[:depth]), True):
                return False
        return not self._stack("/".join(parts[:-1])).is_ignored(rel, os.path.isdir(path))


def _say(message: str, updates: int = 0) -> None:
    # A status line for the caller's progress callback (the CLI prints it on stderr).
    report("watch", updates, None, message)


def watch_index(
    ws: IndexContext,
    path: str = ".",
    *,
    rebuild: bool = False,
    debounce_ms: int = 1600,
    quiet_ms: int = 200,
    stop: threading.Event | None = None,
    on_update: Callable[[IndexResult], None] | None = None,
) -> IndexResult:
    """Build the index of ``path``, then update it on every relevant change until Ctrl-C
    or ``stop``; returns the last build's result with ``status: watch_stopped``."""
    from prx.engine.index.build import build_index

    watchfiles = _load_watchfiles()
    root = ws.resolve(path)
    if not os.path.isdir(root):
        raise NotFoundError(f"directory not found: {path}", suggestion="Index a directory.")
    updates = 0
    last: IndexResult | None = None
    memory: dict[str, Any] = {}  # the last index written, kept for the next update
    try:
        # Most updates publish a delta over the tables on disk (prx.engine.index.update); one that
        # rewrites the tables starts from the index it last wrote, when it is kept here.
        last = build_index(ws, path, rebuild=rebuild, memory=memory)
        _say(
            f"indexed {last.files_indexed} files ({last.chunks} chunks) in {last.duration_ms} ms;"
            " watching for changes (Ctrl-C to stop)"
        )
        relevant = Relevance(root)
        for changes in watchfiles.watch(
            root,
            watch_filter=relevant,
            debounce=debounce_ms,
            step=quiet_ms,
            stop_event=stop,
            raise_interrupt=False,
        ):
            if any(os.path.basename(p) in IGNORE_FILE_NAMES for _, p in changes):
                relevant.reset()
            started = time.perf_counter()
            try:
                last = build_index(ws, path, memory=memory)
            except PrxError as err:  # reported, and the watch goes on
                _say(f"re-index failed: {err.message}")
                continue
            updates += 1
            _say(
                updates=updates,
                message=f"re-indexed after {len(changes)} change(s): {last.files_changed} changed, "
                f"{last.files_removed} removed, {last.status} in "
                f"{int((time.perf_counter() - started) * 1000)} ms",
            )
            if on_update is not None:
                on_update(last)
    except KeyboardInterrupt:
        pass  # Ctrl-C during a build: its unpublished directory is discarded
    _say(f"stopped after {updates} update(s)", updates)
    result = last if last is not None else IndexResult(path=path, status="missing")
    return replace(result, path=path, status="watch_stopped", updates=updates)
