"""Development sessions. `nox` runs the default ones: lint, typecheck, tests, startup.

The test session installs the built wheel (not the source tree), so packaging mistakes
such as a missing data file fail the tests.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = ["lint", "typecheck", "tests", "startup"]
nox.options.reuse_existing_virtualenvs = True

ROOT = Path(__file__).parent
LINT_DEPS = ["ruff>=0.6"]
TYPE_DEPS = ["mypy>=1.10", "nox>=2024.4", "pytest>=8"]
TEST_DEPS = ["pytest>=8", "hypothesis>=6.100"]


def _outside_tmp() -> str:
    # Not session.create_tmp(): that sets TMPDIR inside .nox/, whose own .gitignore ("*")
    # would make every test tree an ignored directory.
    return tempfile.mkdtemp(prefix="prx-nox-")


def _install_wheel(session: nox.Session) -> None:
    dist = Path(_outside_tmp()) / "dist"
    session.install("build")
    session.run("python", "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT), silent=True)
    (wheel,) = dist.glob("prx-*.whl")
    session.install(f"{wheel}[dev,watch,mcp,rename]")


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install(*LINT_DEPS)
    session.run("ruff", "check", "prx", "tests", "benchmarks", "noxfile.py")
    session.run("ruff", "format", "--check", "prx", "tests", "benchmarks", "noxfile.py")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the package and this file."""
    session.install("-e", ".[mcp]", *TYPE_DEPS)
    session.run("mypy")


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite against the installed wheel, with no third-party plugins."""
    _install_wheel(session)
    session.install(*TEST_DEPS)
    _pytest(session, {"PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}, *session.posargs)


def _pytest(session: nox.Session, env: dict[str, str], *args: str) -> None:
    # Run from a copy-free location so `import prx` resolves to the wheel, not ./prx.
    session.chdir(_outside_tmp())
    session.run(
        "python",
        "-m",
        "pytest",
        str(ROOT / "tests"),
        "-p",
        "no:cacheprovider",
        "--rootdir",
        str(ROOT),
        *args,
        env=env,
    )


@nox.session
def soak(session: nox.Session) -> None:
    """Long fuzzing and fault-injection run (not in the default sessions; see
    docs/guarantees.md): many more examples, new random ones each run."""
    _install_wheel(session)
    session.install(*TEST_DEPS)
    env = {
        "PRX_DISABLE_PLUGIN_AUTOLOAD": "1",
        "PRX_FUZZ_EXAMPLES": os.environ.get("PRX_FUZZ_EXAMPLES", "2000"),
        "PRX_FUZZ_RANDOM": "1",
        "PRX_SOAK": "1",
    }
    _pytest(session, env, "-k", "fuzz or fault or race or stress or hostile", *session.posargs)


@nox.session
def startup(session: nox.Session) -> None:
    """Import-cost checks plus a -X importtime report of `prx read` for the record."""
    _install_wheel(session)
    session.install(*TEST_DEPS)
    session.chdir(_outside_tmp())
    session.run(
        "python",
        "-m",
        "pytest",
        str(ROOT / "tests" / "test_startup.py"),
        "-q",
        "-p",
        "no:cacheprovider",
        "--rootdir",
        str(ROOT),
    )
    target = str(ROOT / "README.md")
    session.run(
        "python",
        "-X",
        "importtime",
        "-c",
        f"from prx.cli import main; main(['read', {target!r}, '--hash'])",
        silent=False,
        env={"PYTHONWARNINGS": "ignore"},
    )


@nox.session
def bench(session: nox.Session) -> None:
    """Print the start-up benchmark (not part of the default run)."""
    _install_wheel(session)
    session.run("python", str(ROOT / "benchmarks" / "startup.py"), *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Check that every docs page the index links to exists."""
    index = (ROOT / "docs" / "index.md").read_text()
    missing = [link for link in _links(index) if not (ROOT / "docs" / link).exists()]
    if missing:
        session.error(f"docs/index.md links to missing pages: {missing}")


def _links(markdown: str) -> list[str]:
    import re

    return [m for m in re.findall(r"\]\(([^)#]+\.md)", markdown) if "://" not in m]


if os.environ.get("CI"):
    nox.options.error_on_missing_interpreters = True
