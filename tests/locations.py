"""Where the tests' shared files are, wherever the test module that asks sits below tests/."""

from __future__ import annotations

from pathlib import Path

#: The tests/ folder.
TESTS = Path(__file__).resolve().parent
#: The checkout: prx's sources, docs and benchmarks (the installed prx may be a wheel).
ROOT = TESTS.parent
DOCS = ROOT / "docs"
#: Recorded answers and sample files (tests/golden/<kind>/).
GOLDEN = TESTS / "golden"
#: Plugin modules the plugin tests register (tests/plugin_samples/).
SAMPLES = TESTS / "plugin_samples"


def test_modules() -> list[Path]:
    """Every test module of the suite, at any depth, in a stable order."""
    return sorted(TESTS.rglob("test_*.py"))
