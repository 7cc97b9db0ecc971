"""Shared test set-up: no network anywhere, no third-party plugins, a private PRX_HOME."""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path

import pytest

pytest_plugins = ["prx.testing"]

GUARD_DIR = Path(__file__).parent / "_netguard"
# One log for the whole session, shared with every subprocess through the environment.
NETGUARD_LOG = Path(tempfile.mkdtemp(prefix="prx-netguard-")) / "violations.log"
NETGUARD_LOG.touch()
os.environ["PRX_NETGUARD_LOG"] = str(NETGUARD_LOG)
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(GUARD_DIR), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]
)
os.environ["PRX_DISABLE_PLUGIN_AUTOLOAD"] = "1"
os.environ.setdefault("PRX_HOME", tempfile.mkdtemp(prefix="prx-home-"))

# The same guard in this process, loaded from its file: `import sitecustomize` would
# return the interpreter's own when it has one (Debian's Python does).
_spec = importlib.util.spec_from_file_location("prx_tests_netguard", GUARD_DIR / "sitecustomize.py")
assert _spec is not None and _spec.loader is not None
_netguard = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_netguard)  # installs the audit hook


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    violations = NETGUARD_LOG.read_text()
    if violations.strip():
        session.exitstatus = 1
        sys.stderr.write("\nNETWORK USE DETECTED during the test session:\n" + violations)


@pytest.fixture
def netguard_log() -> Path:
    return NETGUARD_LOG


@pytest.fixture
def repo(make_repo):
    """A small project used by many tests."""
    return make_repo(
        {
            "README.md": "# demo\n\nA demo project.\n",
            "src/app.py": "import os\n\n\ndef main():\n    return os.getcwd()\n",
            "src/util/helpers.py": "".join(
                f"def helper_{i}():\n    return {i}\n\n" for i in range(40)
            ),
            "src/web/page.ts": "export function render(): string {\n  return 'hi';\n}\n",
            "docs/guide.md": "Guide\n",
            ".gitignore": "build/\n*.log\n!keep.log\n",
            "build/out.js": "ignored\n",
            "debug.log": "ignored\n",
            "keep.log": "kept\n",
            "data.bin": b"\x00\x01\x02binary",
        },
        git=True,
    )
