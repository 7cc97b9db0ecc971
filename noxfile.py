"""Development sessions. `nox` runs the default ones: lint, typecheck, tests, slow, startup,
ray.

The test sessions install the built wheel (not the source tree), so packaging mistakes
such as a missing data file fail the tests. `tests` runs every test not marked slow;
`slow` runs the others (fault injection, fuzzing, races, and tests of over ~5 s).
The temporary folders a session makes (the wheel, the tests' working directory) are
removed when nox ends.
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv|virtualenv"
nox.options.sessions = ["lint", "typecheck", "tests", "slow", "startup", "ray"]
nox.options.reuse_existing_virtualenvs = True

ROOT = Path(__file__).parent
LINT_DEPS = ["ruff>=0.6"]
TYPE_DEPS = ["mypy>=1.10", "nox>=2024.4", "pytest>=8"]
TEST_DEPS = ["pytest>=8", "hypothesis>=6.100"]


def _outside_tmp(*, keep: bool = False) -> str:
    """A new folder in the system's temporary directory, removed when nox ends unless
    ``keep``."""
    # Not session.create_tmp(): that sets TMPDIR inside .nox/, whose own .gitignore ("*")
    # would make every test tree an ignored directory.
    path = tempfile.mkdtemp(prefix="prx-nox-")
    if not keep:
        atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


def _install_wheel(session: nox.Session, extras: str = "dev,watch,mcp,rename") -> None:
    dist = Path(_outside_tmp()) / "dist"
    session.install("build")
    session.run("python", "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT), silent=True)
    (wheel,) = dist.glob("prx-*.whl")
    session.install(f"{wheel}[{extras}]")
    # A reused session already has prx 0.1.0: pip would keep that stale copy.
    session.install("--force-reinstall", "--no-deps", str(wheel))


@nox.session
def lint(session: nox.Session) -> None:
    """ruff check and ruff format --check."""
    session.install(*LINT_DEPS)
    session.run("ruff", "check", "prx", "tests", "benchmarks", "plugins", "noxfile.py")
    session.run("ruff", "format", "--check", "prx", "tests", "benchmarks", "plugins", "noxfile.py")


@nox.session
def typecheck(session: nox.Session) -> None:
    """mypy --strict over the package and this file."""
    session.install("-e", ".[mcp]", *TYPE_DEPS)
    session.run("mypy")


#: The oldest and the newest Python prx supports (requires-python >= 3.10).
OLDEST, NEWEST = "3.10", "3.13"


def _interpreter(version: str) -> str:
    """``pythonX.Y`` on PATH when it runs, else a pyenv installation of it, else the bare
    name (nox then reports the interpreter missing; set CI=1 to make that an error)."""
    import shutil
    import subprocess

    name = f"python{version}"
    found = shutil.which(name)
    if found and subprocess.run([found, "-c", ""], capture_output=True).returncode == 0:
        return found
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    for candidate in sorted(pyenv.glob(f"{version}.*/bin/{name}"), reverse=True):
        return str(candidate)
    return version


@nox.session(python=_interpreter(OLDEST))
def tests_oldest(session: nox.Session) -> None:
    """`tests` on the oldest supported Python (against the built wheel)."""
    tests(session)


@nox.session(python=_interpreter(NEWEST))
def tests_newest(session: nox.Session) -> None:
    """`tests` on the newest supported Python (against the built wheel)."""
    tests(session)


@nox.session
def tests(session: nox.Session) -> None:
    """The test suite but its slow tests, against the installed wheel, with no third-party
    plugins."""
    _install_wheel(session)
    session.install(*TEST_DEPS)
    _pytest(session, {"PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}, "-m", "not slow", *session.posargs)


@nox.session
def slow(session: nox.Session) -> None:
    """The tests marked slow (fault injection, fuzzing, races, over ~5 s each), as `tests`
    runs the others."""
    _install_wheel(session)
    session.install(*TEST_DEPS)
    _pytest(session, {"PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}, "-m", "slow", *session.posargs)


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
def ray(session: nox.Session) -> None:
    """prx.cluster's tests on a local Ray (tests/frontends/cluster):
    the wheel with its ray extra; the network guard lets loopback through, for Ray's own
    processes, and nothing else."""
    _install_wheel(session, "dev,ray")
    session.install(*TEST_DEPS)
    session.chdir(_outside_tmp())
    session.run(
        "python", "-m", "pytest", str(ROOT / "tests" / "frontends" / "cluster"),
        "-p", "no:cacheprovider", "--rootdir", str(ROOT), *session.posargs,
        env={"PRX_DISABLE_PLUGIN_AUTOLOAD": "1", "PRX_NETGUARD_LOOPBACK": "1"},
    )  # fmt: skip


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
        str(ROOT / "tests" / "project" / "test_startup.py"),
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
        f"from prx.frontends.cli import main; main(['read', {target!r}, '--hash'])",
        silent=False,
        env={"PYTHONWARNINGS": "ignore"},
    )


@nox.session
def bench(session: nox.Session) -> None:
    """Print the start-up benchmark (not part of the default run)."""
    _install_wheel(session)
    session.run("python", str(ROOT / "benchmarks" / "startup.py"), *session.posargs)


@nox.session(name="graph_bench")
def graph_bench(session: nox.Session) -> None:
    """The import graph against grimp on django (benchmarks/graph.py; not in the default
    run; the TypeScript half needs npm: `python benchmarks/graph.py typescript`)."""
    _install_wheel(session)
    session.install("grimp>=3.5")
    session.run("python", str(ROOT / "benchmarks" / "graph.py"), "python", *session.posargs)


@nox.session
def docs(session: nox.Session) -> None:
    """Build the docs site with MkDocs-Material, warnings as errors (mkdocs.yml: strict),
    executing the example notebook; check that its rendered tables made it into the HTML."""
    index = (ROOT / "docs" / "index.md").read_text()
    missing = [link for link in _links(index) if not (ROOT / "docs" / link).exists()]
    if missing:
        session.error(f"docs/index.md links to missing pages: {missing}")
    session.install("-e", f"{ROOT}[docs]")
    session.run("python", "-m", "prx.docs_gen", "--check")
    site = Path(_outside_tmp(keep=True)) / "site"  # the log names it: kept for reading
    session.run(
        "mkdocs",
        "build",
        "--strict",
        "--config-file",
        str(ROOT / "mkdocs.yml"),
        "--site-dir",
        str(site),
        env={"NO_MKDOCS_2_WARNING": "1", "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"},
    )
    page = (site / "examples" / "notebook" / "index.html").read_text(encoding="utf-8")
    for needed in ("<caption>search", "<mark>", "class App"):
        if needed not in page:
            session.error(f"the executed notebook's HTML lacks {needed!r}")
    session.log(f"site built in {site}")


#: First-party plugin distributions, each tested against the current core.
PLUGINS = sorted(
    path.name for path in (ROOT / "plugins").iterdir() if (path / "pyproject.toml").exists()
)


@nox.session
@nox.parametrize("plugin", PLUGINS)
def plugins(session: nox.Session, plugin: str) -> None:
    """Install one plugin of plugins/ (with the core from this tree) into the session and
    run its tests, offline, with its entry point live."""
    directory = ROOT / "plugins" / plugin
    session.install("-e", str(ROOT), "pytest>=8")
    session.install(f"{directory}[test]")
    session.chdir(directory)
    session.run(
        "python", "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests", *session.posargs,
        env={"PRX_DISABLE_PLUGIN_AUTOLOAD": "0", "PRX_HOME": _outside_tmp()},
    )  # fmt: skip


def _links(markdown: str) -> list[str]:
    import re

    return [m for m in re.findall(r"\]\(([^)#]+\.md)", markdown) if "://" not in m]


if os.environ.get("CI"):
    nox.options.error_on_missing_interpreters = True
