"""A small in-process job queue with retry policies and pluggable result stores.

Jobs are plain callables registered under a name; workers pull them from a priority
queue, run them with a timeout and record the outcome in a :class:`ResultStore`.
"""

from __future__ import annotations

import asyncio
import enum
import functools
import logging
import os.path
import time as _time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NewType, Protocol, TypeAlias, TypeVar, overload

from . import metrics
from .config import Settings, load_settings
from ..shared.clock import monotonic_ms as now_ms

if TYPE_CHECKING:
    from concurrent.futures import Executor

try:
    import ujson as json
except ImportError:  # pragma: no cover - optional speed-up
    import json

__all__ = ["Job", "JobQueue", "Priority", "RetryPolicy", "register"]

log = logging.getLogger(__name__)

DEFAULT_TIMEOUT = 30.0
MAX_ATTEMPTS: int = 5
BACKOFF_FACTORS = (1, 2, 4, 8, 16)
STATE_DIR = os.path.join(os.path.expanduser("~"), ".cache", "jobq")
RETRYABLE_ERRORS = {
    "ConnectionError",
    "TimeoutError",
    "BrokenPipeError",
}
_registry_lock = asyncio.Lock()

T = TypeVar("T")
R_co = TypeVar("R_co", covariant=True)
JobId = NewType("JobId", str)
Payload: TypeAlias = dict[str, Any]
type Handler[T] = Callable[[Payload], Awaitable[T]]


class Priority(enum.IntEnum):
    """Lower values run first."""

    HIGH = 0
    NORMAL = 5
    LOW = 10

    @classmethod
    def parse(cls, text: str) -> Priority:
        return cls[text.strip().upper()]


class Outcome(str, enum.Enum):
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"


class ResultStore(Protocol[R_co]):
    """Where finished jobs leave their results."""

    def put(self, job_id: JobId, outcome: Outcome, value: Any) -> None: ...

    def get(self, job_id: JobId) -> R_co | None: ...


class JobError(Exception):
    def __init__(self, job_id: JobId, message: str, *, retryable: bool = False) -> None:
        super().__init__(f"{job_id}: {message}")
        self.job_id = job_id
        self.retryable = retryable


@dataclass(frozen=True, slots=True)
class RetryPolicy:
    """How often, and how patiently, a failing job is retried."""

    attempts: int = MAX_ATTEMPTS
    base_delay: float = 0.5
    retry_on: frozenset[str] = field(default_factory=lambda: frozenset(RETRYABLE_ERRORS))

    def delay(self, attempt: int) -> float:
        factor = BACKOFF_FACTORS[min(attempt, len(BACKOFF_FACTORS) - 1)]
        return self.base_delay * factor

    def should_retry(self, attempt: int, error: BaseException) -> bool:
        if attempt + 1 >= self.attempts:
            return False
        if isinstance(error, JobError):
            return error.retryable
        return type(error).__name__ in self.retry_on

    @staticmethod
    def never() -> RetryPolicy:
        return RetryPolicy(attempts=1)


@dataclass(order=True)
class Job(Generic[T]):
    priority: int
    job_id: JobId = field(compare=False)
    handler: Handler[T] = field(compare=False, repr=False)
    payload: Payload = field(default_factory=dict, compare=False)
    attempt: int = field(default=0, compare=False)
    created_ms: int = field(default_factory=now_ms, compare=False)

    class Meta:
        ordering = ("priority", "created_ms")
        verbose_name = "job"

    @property
    def age_ms(self) -> int:
        return now_ms() - self.created_ms

    @property
    def name(self) -> str:
        return getattr(self.handler, "__name__", repr(self.handler))

    def retried(self) -> Job[T]:
        return Job(
            priority=self.priority,
            job_id=self.job_id,
            handler=self.handler,
            payload=self.payload,
            attempt=self.attempt + 1,
        )


class MemoryStore:
    """A :class:`ResultStore` that keeps everything in a dict (tests, small tools)."""

    capacity: ClassVar[int] = 10_000

    def __init__(self) -> None:
        self._results: dict[JobId, tuple[Outcome, Any]] = {}

    def __len__(self) -> int:
        return len(self._results)

    def put(self, job_id: JobId, outcome: Outcome, value: Any) -> None:
        if len(self._results) >= self.capacity:
            oldest = next(iter(self._results))
            del self._results[oldest]
        self._results[job_id] = (outcome, value)

    def get(self, job_id: JobId) -> Any | None:
        entry = self._results.get(job_id)
        return None if entry is None else entry[1]


class FileStore(MemoryStore):
    def __init__(self, directory: str = STATE_DIR) -> None:
        super().__init__()
        self.directory = directory

    def _path(self, job_id: JobId) -> str:
        return os.path.join(self.directory, f"{job_id}.json")

    def put(self, job_id: JobId, outcome: Outcome, value: Any) -> None:
        super().put(job_id, outcome, value)
        with open(self._path(job_id), "w", encoding="utf-8") as fh:
            fh.write(json.dumps({"outcome": outcome.value, "value": value}))


class JobQueue:
    """A priority queue of jobs, drained by ``workers`` concurrent tasks."""

    def __init__(
        self,
        store: ResultStore[Any] | None = None,
        *,
        policy: RetryPolicy | None = None,
        workers: int = 4,
        settings: Settings | None = None,
    ) -> None:
        self.store = store if store is not None else MemoryStore()
        self.policy = policy or RetryPolicy()
        self.workers = workers
        self.settings = settings or load_settings()
        self._queue: asyncio.PriorityQueue[Job[Any]] = asyncio.PriorityQueue()
        self._tasks: list[asyncio.Task[None]] = []
        self._closed = False

    def __repr__(self) -> str:
        return f"JobQueue(pending={self.pending}, workers={self.workers})"

    @property
    def pending(self) -> int:
        return self._queue.qsize()

    @property
    def closed(self) -> bool:
        return self._closed

    @closed.setter
    def closed(self, value: bool) -> None:
        if self._closed and not value:
            raise ValueError("a closed queue cannot be reopened")
        self._closed = value

    @overload
    def submit(self, handler: Handler[T], payload: Payload) -> JobId: ...

    @overload
    def submit(self, handler: Handler[T], payload: Payload, priority: Priority) -> JobId: ...

    def submit(self, handler, payload, priority=Priority.NORMAL):
        if self._closed:
            raise RuntimeError("queue is closed")
        job_id = JobId(f"{handler.__name__}-{now_ms()}")
        self._queue.put_nowait(Job(int(priority), job_id, handler, payload))
        metrics.increment("jobs.submitted")
        return job_id

    async def start(self) -> None:
        for index in range(self.workers):
            self._tasks.append(asyncio.create_task(self._worker(index), name=f"worker-{index}"))

    async def stop(self, *, drain: bool = True) -> None:
        self.closed = True
        if drain:
            await self._queue.join()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def _worker(self, index: int) -> None:
        while True:
            job = await self._queue.get()
            try:
                await self._run(job)
            finally:
                self._queue.task_done()

    async def _run(self, job: Job[Any]) -> None:
        started = _time.perf_counter()
        try:
            value = await asyncio.wait_for(job.handler(job.payload), timeout=DEFAULT_TIMEOUT)
        except asyncio.CancelledError:
            self.store.put(job.job_id, Outcome.CANCELLED, None)
            raise
        except Exception as error:  # noqa: BLE001 - every failure is recorded
            if self.policy.should_retry(job.attempt, error):
                await asyncio.sleep(self.policy.delay(job.attempt))
                self._queue.put_nowait(job.retried())
                return
            log.warning("job %s failed: %s", job.job_id, error)
            self.store.put(job.job_id, Outcome.FAILED, str(error))
        else:
            self.store.put(job.job_id, Outcome.SUCCEEDED, value)
        finally:
            metrics.observe("jobs.duration", _time.perf_counter() - started)

    async def results(self, ids: list[JobId]) -> AsyncIterator[tuple[JobId, Any]]:
        for job_id in ids:
            yield job_id, self.store.get(job_id)

    @classmethod
    def from_env(cls, prefix: str = "JOBQ_") -> JobQueue:
        workers = int(os.environ.get(prefix + "WORKERS", "4"))
        return cls(workers=workers)

    def run_in(self, executor: Executor, job: Job[Any]) -> Awaitable[Any]:
        loop = asyncio.get_running_loop()

        def call() -> Any:
            return asyncio.run(job.handler(job.payload))

        return loop.run_in_executor(executor, call)


_HANDLERS: dict[str, Handler[Any]] = {}


def register(name: str | None = None) -> Callable[[Handler[T]], Handler[T]]:
    """Register a handler under ``name`` (default: its function name)."""

    def decorator(func: Handler[T]) -> Handler[T]:
        key = name or func.__name__
        if key in _HANDLERS:
            raise KeyError(f"handler {key!r} is already registered")
        _HANDLERS[key] = func

        @functools.wraps(func)
        async def wrapper(payload: Payload) -> T:
            log.debug("running %s", key)
            return await func(payload)

        return wrapper

    return decorator


def timed(func):
    @functools.wraps(func)
    async def inner(*args, **kwargs):
        started = _time.monotonic()
        try:
            return await func(*args, **kwargs)
        finally:
            log.info("%s took %.3fs", func.__name__, _time.monotonic() - started)

    return inner


@register("send-email")
@timed
async def send_email(payload: Payload) -> bool:
    recipient = payload["to"]
    if "@" not in recipient:
        raise JobError(JobId("send-email"), f"bad address {recipient}")
    await asyncio.sleep(0)
    return True


@register()
async def rebuild_index(payload: Payload) -> int:
    from .search import rebuild  # imported lazily: heavy

    return await rebuild(payload.get("paths", []))


@functools.cache
def handler_names() -> tuple[str, ...]:
    return tuple(sorted(_HANDLERS))


def lookup(name: str) -> Handler[Any]:
    try:
        return _HANDLERS[name]
    except KeyError:
        raise JobError(JobId(name), "unknown handler") from None


async def drain(queue: JobQueue, *, timeout: float = DEFAULT_TIMEOUT) -> int:
    deadline = _time.monotonic() + timeout
    while queue.pending and _time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    return queue.pending


def load_plugins(names: list[str]) -> list[Any]:
    import importlib

    modules = [importlib.import_module("jobq.contrib.builtin")]
    for name in names:
        modules.append(importlib.import_module(f"jobq.contrib.{name}"))
    return modules


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(prog="jobq")
    parser.add_argument("handler", choices=handler_names())
    parser.add_argument("--payload", default="{}")
    args = parser.parse_args(argv)

    async def run() -> int:
        queue = JobQueue.from_env()
        await queue.start()
        queue.submit(lookup(args.handler), json.loads(args.payload))
        await queue.stop()
        return 0

    return asyncio.run(run())


if __name__ == "__main__":
    raise SystemExit(main())
