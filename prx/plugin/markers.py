"""The pluggy marker of prx hook implementations (imports pluggy: load it only with the
plugin manager; :mod:`prx.plugin` hands it out lazily as ``prx.plugin.hookimpl``)."""

from __future__ import annotations

import pluggy

__all__ = ["hookimpl"]

#: Marks a function as a prx hook implementation.
hookimpl = pluggy.HookimplMarker("prx")
