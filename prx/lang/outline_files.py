"""Moved to :mod:`prx.files.outline` (outlining a path walks files: it sits above
``lang``); this old path still resolves, on first access."""

from __future__ import annotations

import importlib
from typing import Any


def __getattr__(name: str) -> Any:
    return getattr(importlib.import_module("prx.files.outline"), name)
