"""Public docs import only public modules: a reader copying an example never depends on a
private module (``prx.x._y``) or on a module outside the documented public list."""

from __future__ import annotations

import re
from pathlib import Path

import locations

ROOT = locations.ROOT
#: The modules the docs may import: the facades (prx, prx.plugin, prx.cluster), the pytest
#: plugin and its contracts, and the result types.
PUBLIC = frozenset(
    {"prx", "prx.cluster", "prx.plugin", "prx.testing", "prx.testing.contracts", "prx.types"}
)
_MODULE = r"(prx(?:\.\w+)*)"
_IMPORT = re.compile(rf"(?:^|`)\s*(?:from\s+{_MODULE}\s+import|import\s+{_MODULE}\b(?!\w))", re.M)


def _docs() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def imported_modules(text: str) -> set[str]:
    return {a or b for a, b in _IMPORT.findall(text)}


def test_the_pattern_finds_imports():
    text = "```python\nfrom prx.engine.runner import Parsed\nimport prx.engine.lang._x\n```\nsee `from prx.a import b`"
    assert imported_modules(text) == {"prx.engine.runner", "prx.engine.lang._x", "prx.a"}
    assert imported_modules("from prx_shout.ops import SHOUT\nimport prx_shout") == set()


def test_public_docs_import_only_public_modules():
    bad = {
        f"{path.relative_to(ROOT)}: {module}"
        for path in _docs()
        for module in imported_modules(path.read_text(encoding="utf-8"))
        if module not in PUBLIC or any(part.startswith("_") for part in module.split("."))
    }
    assert not bad, sorted(bad)
