"""Loaded into a project's own pytest run by the Python oracle (``-p prx_oracle_collect``).

pytest warns when it skips a class it cannot collect (``from unittest import TestSuite``
in a test module). A project whose tests turn every warning into an error when imported
(Markdown's ``test_legacy.py`` calls ``warnings.simplefilter('error')``) makes that warning
an error that stops the whole run: no test runs, and a rename would be judged by the
build alone. So does a deprecation of pytest's own, newer than the project (click 8.1.7
parametrizes over a generator, and its configuration makes every warning an error).
Both are ignored while pytest collects; the tests' own filters are untouched.
"""

from __future__ import annotations

import warnings
from collections.abc import Generator
from typing import Any

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector: Any) -> Generator[None, Any, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pytest.PytestCollectionWarning)
        warnings.simplefilter("ignore", pytest.PytestDeprecationWarning)
        return (yield)
