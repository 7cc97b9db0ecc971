"""A pytest plugin that writes every item's node id and outcome as JSON.

Loaded by the oracle's truth runs only (``-p prx_affected_outcomes``, its folder on
``PYTHONPATH``); the file named by ``PRX_AFFECTED_OUT`` receives ``{"items": {nodeid:
outcome}, "collect_errors": [nodeid, ...], "exitstatus": N}``. An item's outcome is
``failed`` when any phase (setup, call, teardown) failed, ``skipped`` when it was skipped
(an expected failure included), else ``passed``.
"""

from __future__ import annotations

import json
import os
from typing import Any

_ITEMS: dict[str, str] = {}
_COLLECT_ERRORS: list[str] = []


def pytest_runtest_logreport(report: Any) -> None:
    """Fold each phase's outcome into its item's."""
    before = _ITEMS.get(report.nodeid, "passed")
    if report.failed:
        _ITEMS[report.nodeid] = "failed"
    elif report.skipped and before != "failed":
        _ITEMS[report.nodeid] = "skipped"
    else:
        _ITEMS.setdefault(report.nodeid, "passed")


def pytest_collectreport(report: Any) -> None:
    """A module that does not import is a collection error, not a failing test."""
    if report.failed:
        _COLLECT_ERRORS.append(report.nodeid)


def pytest_sessionfinish(session: Any, exitstatus: int) -> None:
    """Write the report where the oracle asked."""
    out = os.environ.get("PRX_AFFECTED_OUT")
    if out:
        data = {"items": _ITEMS, "collect_errors": _COLLECT_ERRORS, "exitstatus": int(exitstatus)}
        with open(out, "w", encoding="utf-8") as handle:
            json.dump(data, handle)
