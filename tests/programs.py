"""Tests that run an external program skip, saying which, when it is not installed:
``@needs("git")`` on a test, or ``pytestmark = needs("git")`` for a module."""

from __future__ import annotations

import shutil

import pytest


def missing(*programs: str) -> list[str]:
    """The programs of ``programs`` not found on PATH."""
    return [program for program in programs if shutil.which(program) is None]


def needs(*programs: str) -> pytest.MarkDecorator:
    """Skip the test (or module, as ``pytestmark``) unless every program is on PATH."""
    absent = missing(*programs)
    return pytest.mark.skipif(bool(absent), reason=f"needs {', '.join(absent)} (not on PATH)")
