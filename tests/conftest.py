"""Shared test set-up: no network anywhere, no third-party plugins, and nothing written
outside temporary directories.

At import, before prx or any test module reads them, HOME, PRX_HOME and the XDG folders
point into one temporary directory for the whole session and every subprocess it starts.
The user's real ``~/.prx`` (and the PRX_HOME the session started with) is snapshotted
first; the session fails if either changed by its end.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

pytest_plugins = ["prx.testing"]

#: (size, mtime in ns) of each entry below a directory, by relative path; None: absent.
Snapshot = dict[str, tuple[int, int]] | None


def _snapshot(root: Path) -> Snapshot:
    if not root.is_dir():
        return None if not root.exists() else {".": _stamp(root)}
    entries = {".": _stamp(root)}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder, name)
            entries[path.relative_to(root).as_posix()] = _stamp(path)
    return entries


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.lstat()
    return stat.st_size, stat.st_mtime_ns


def _real_homes() -> list[Path]:
    """prx's state folders as the session found them: ~/.prx and $PRX_HOME when set."""
    homes = [Path(os.path.expanduser("~")) / ".prx"]
    started = os.environ.get("PRX_HOME")
    if started and Path(os.path.expanduser(started)) not in homes:
        homes.append(Path(os.path.expanduser(started)))
    return homes


REAL_HOMES = _real_homes()
BEFORE = {home: _snapshot(home) for home in REAL_HOMES}

SANDBOX = Path(tempfile.mkdtemp(prefix="prx-tests-"))
# Toolchains that find themselves through HOME keep their real place (read, not state).
for _variable, _folder in (
    ("RUSTUP_HOME", ".rustup"),
    ("CARGO_HOME", ".cargo"),
    ("PYENV_ROOT", ".pyenv"),
    ("GOPATH", "go"),
):
    _real = Path(os.path.expanduser("~")) / _folder
    if _variable not in os.environ and _real.is_dir():
        os.environ[_variable] = str(_real)
for _variable, _folder in (
    ("HOME", "home"),
    ("PRX_HOME", "prx-home"),
    ("XDG_CONFIG_HOME", "config"),
    ("XDG_CACHE_HOME", "cache"),
    ("XDG_DATA_HOME", "data"),
    ("XDG_STATE_HOME", "state"),
    ("HYPOTHESIS_STORAGE_DIRECTORY", "hypothesis"),  # not .hypothesis/ in the working dir
):
    (SANDBOX / _folder).mkdir()
    os.environ[_variable] = str(SANDBOX / _folder)

GUARD_DIR = Path(__file__).parent / "_netguard"
# One log for the whole session, shared with every subprocess through the environment.
NETGUARD_LOG = SANDBOX / "netguard-violations.log"
NETGUARD_LOG.touch()
os.environ["PRX_NETGUARD_LOG"] = str(NETGUARD_LOG)
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(GUARD_DIR), *[p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]]
)
os.environ["PRX_DISABLE_PLUGIN_AUTOLOAD"] = "1"
# No CLI call of the suite starts a warm server of its own (warm by default): the tests of
# that feature (tests/frontends/warm/test_autostart.py) turn it on and end what they start.
os.environ["PRX_WARM"] = "0"

# The same guard in this process, loaded from its file: `import sitecustomize` would
# return the interpreter's own when it has one (Debian's Python does).
_spec = importlib.util.spec_from_file_location("prx_tests_netguard", GUARD_DIR / "sitecustomize.py")
assert _spec is not None and _spec.loader is not None
_netguard = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_netguard)  # installs the audit hook


def changed_homes() -> list[str]:
    """What changed in the real state folders since the session started."""
    changes: list[str] = []
    for home in REAL_HOMES:
        before, after = BEFORE[home], _snapshot(home)
        if before == after:
            continue
        if before is None or after is None:
            changes.append(f"{home}: {'created' if before is None else 'deleted'}")
            continue
        for rel in sorted(before.keys() | after.keys()):
            if before.get(rel) != after.get(rel):
                changes.append(f"{home / rel}: {before.get(rel)} -> {after.get(rel)}")
    return changes


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # The suite-wide checks (tests/project/test_zz_*.py) run after every other test.
    items.sort(key=lambda item: item.path.name.startswith("test_zz_"))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    violations = NETGUARD_LOG.read_text()
    if violations.strip():
        session.exitstatus = 1
        sys.stderr.write("\nNETWORK USE DETECTED during the test session:\n" + violations)
    changes = changed_homes()
    if changes:
        session.exitstatus = 1
        sys.stderr.write(
            "\nTHE REAL PRX STATE CHANGED during the test session (a test wrote outside its"
            " temporary directories, or another prx ran meanwhile):\n" + "\n".join(changes) + "\n"
        )


def pytest_unconfigure(config: pytest.Config) -> None:
    # After the checks above: the session's home, state and logs go with it.
    shutil.rmtree(SANDBOX, ignore_errors=True)


@pytest.fixture
def netguard_log() -> Path:
    return NETGUARD_LOG


@pytest.fixture
def real_home_changes() -> list[str]:
    """What changed in the user's real ~/.prx (and starting PRX_HOME) so far."""
    return changed_homes()


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
