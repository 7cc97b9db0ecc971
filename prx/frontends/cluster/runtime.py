"""Ray itself: imported only here and only when asked, joined by address or started locally.

``connect(address)`` joins an existing cluster (``"auto"``, ``"ray://host:10001"``,
``"host:6379"``); ``connect()`` starts a local one for this process with the given CPUs.
Everything else in :mod:`prx.frontends.cluster` runs the same on both.

Nothing may touch the network beyond the cluster: usage statistics are off
(``RAY_USAGE_STATS_ENABLED=0``, and their report address points nowhere), and a local
cluster listens on the loopback address only (``RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0``
makes Ray keep its node address at 127.0.0.1 on Linux too), and the question Ray's own
dashboard process asks the cloud metadata address on every start (which cloud is this?)
goes to a loopback proxy address where nothing listens (:data:`LOCAL_ENV`).
"""

from __future__ import annotations

import os

from prx.core.errors import InvalidArgumentError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

__all__ = ["LOCAL_ENV", "QUIET_ENV", "connect", "ray_module"]

#: Set for every start and join: no usage statistics leave the machine.
QUIET_ENV = {
    "RAY_USAGE_STATS_ENABLED": "0",
    "RAY_USAGE_STATS_PROMPT_ENABLED": "0",
    # Only read when statistics are on, or when a `ray start` cluster reports that they
    # are off: an address that goes nowhere, in case either happens.
    "RAY_USAGE_STATS_REPORT_URL": "http://127.0.0.1:9/",
}
#: Set while a local cluster starts (its processes inherit them): the node's address is
#: the loopback one, so nothing listens on the machine's network interfaces; and every
#: HTTP request its processes make for anything but loopback goes to a proxy address
#: where nothing listens, so the dashboard's question to the cloud metadata address
#: (which cloud is this?) is refused on this machine instead of leaving it.
_NOWHERE = "http://127.0.0.1:9"
_LOOPBACK = "127.0.0.1,localhost,::1"
LOCAL_ENV = {
    "RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER": "0",
    "HTTP_PROXY": _NOWHERE,
    "http_proxy": _NOWHERE,
    "HTTPS_PROXY": _NOWHERE,
    "https_proxy": _NOWHERE,
    "NO_PROXY": _LOOPBACK,
    "no_proxy": _LOOPBACK,
}


def ray_module() -> ModuleType:
    """``ray``, or an error saying how to install it."""
    import importlib

    try:
        return importlib.import_module("ray")
    except ImportError:
        raise InvalidArgumentError(
            "invalid argument: prx.cluster needs Ray, which is not installed",
            suggestion="Install it with: pip install 'prx[ray]'",
        ) from None


def connect(address: str | None = None, *, num_cpus: int | None = 2, **options: Any) -> None:
    """Join the Ray cluster at ``address``, or start a local one with ``num_cpus`` CPUs
    (no dashboard) when ``address`` is None. Nothing happens when this process is already
    connected. ``options`` go to ``ray.init`` as they are (``_temp_dir`` ...)."""
    os.environ.update(QUIET_ENV)
    saved = {name: os.environ.get(name) for name in LOCAL_ENV}
    if address is None:
        os.environ.update(LOCAL_ENV)  # before Ray is imported: it reads them then
    try:
        ray = ray_module()
        if ray.is_initialized():
            return
        if address is not None:
            ray.init(address=address, **options)
            return
        with _loopback_node(ray):
            ray.init(num_cpus=num_cpus, include_dashboard=False, **options)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


class _loopback_node:
    """While a local cluster starts: Ray's own switch for a node at 127.0.0.1, which it
    read from the environment when it was first imported (perhaps before
    :func:`connect` set it)."""

    def __init__(self, ray: ModuleType) -> None:
        self.constants: Any = getattr(getattr(ray, "_private", None), "ray_constants", None)
        self.before = getattr(self.constants, "ENABLE_RAY_CLUSTER", None)

    def __enter__(self) -> None:
        if self.before is not None:
            self.constants.ENABLE_RAY_CLUSTER = False

    def __exit__(self, *exc: object) -> None:
        if self.before is not None:
            self.constants.ENABLE_RAY_CLUSTER = self.before
