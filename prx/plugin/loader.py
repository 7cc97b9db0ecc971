"""Discover and import third-party plugins from the ``prx`` entry-point group.

Discovery reads ``entry_points.txt`` of the installed distributions on ``sys.path``
directly: it is what ``importlib.metadata`` reads too, but without its ~36 ms import, so
asking "are there prx plugins?" stays cheap on every CLI call. Each plugin is imported
in its own ``try``: a broken plugin becomes a :class:`PluginLoadFailure`, never a crash.
"""

from __future__ import annotations

import importlib
import os
import sys

from prx.core.record import record

__all__ = ["EntryPoint", "PluginLoadFailure", "discover", "load"]

GROUP = "prx"


@record
class EntryPoint:
    """One ``[prx]`` entry point of an installed distribution."""

    #: Entry-point name (the plugin's name).
    name: str
    #: ``module`` or ``module:attribute``.
    value: str
    #: Distribution that declares it.
    dist: str
    #: Its version.
    version: str


@record
class PluginLoadFailure:
    """A plugin that could not be loaded, and why."""

    #: Entry-point name.
    name: str
    #: Distribution that declares it.
    dist: str
    #: What went wrong.
    error: str

    def warning(self) -> str:
        """The text shown in an envelope's ``warnings``."""
        return f"plugin {self.name!r} ({self.dist}) was not loaded: {self.error}"


def _parse_group(text: str) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    in_group = False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            in_group = line[1:-1].strip() == GROUP
            continue
        if in_group and "=" in line:
            name, _, value = line.partition("=")
            found.append((name.strip(), value.strip()))
    return found


def _dist_name(dirname: str) -> tuple[str, str]:
    stem = dirname.rsplit(".", 1)[0]
    name, _, version = stem.partition("-")
    return name, version.split("-")[0]


def discover(paths: list[str] | None = None) -> list[EntryPoint]:
    """List ``prx`` entry points of distributions on ``paths`` (default ``sys.path``).

    The first distribution on the path wins when two declare the same entry-point name,
    as with ``importlib.metadata``.
    """
    seen: dict[str, EntryPoint] = {}
    for base in paths if paths is not None else sys.path:
        try:
            entries = sorted(os.scandir(base or "."), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            if not entry.name.endswith((".dist-info", ".egg-info")):
                continue
            try:
                with open(os.path.join(entry.path, "entry_points.txt"), encoding="utf-8") as fh:
                    text = fh.read()
            except OSError:
                continue
            dist, version = _dist_name(entry.name)
            for name, value in _parse_group(text):
                if name not in seen:
                    seen[name] = EntryPoint(name=name, value=value, dist=dist, version=version)
    return list(seen.values())


def load(entry: EntryPoint) -> object:
    """Import the object an entry point names (a module or ``module:attr``)."""
    module_name, _, attr = entry.value.partition(":")
    target: object = importlib.import_module(module_name.strip())
    for part in attr.strip().split(".") if attr.strip() else ():
        target = getattr(target, part)
    return target
