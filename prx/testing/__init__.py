"""An opt-in pytest plugin for testing prx and prx plugins.

Enable it in a ``conftest.py``::

    pytest_plugins = ["prx.testing"]

Fixtures:

``make_repo``
    ``make_repo({"src/a.py": "print(1)\\n", ".gitignore": "build/\\n"})`` writes files into a
    fresh temporary directory and returns its path (``git=True`` also creates a ``.git``
    directory so the tree counts as a repository).
``run_cli``
    ``run_cli("read", "a.py", cwd=repo)`` runs the real ``prx`` command in a subprocess with
    its own ``PRX_HOME`` and returns a :class:`CliRun` (``exit_code``, ``stdout``,
    ``envelope``, ``lines``).
``register_plugin``
    ``ws = register_plugin(MyPlugin, root=repo)`` returns a :class:`prx.Workspace` whose
    registry has the plugin registered next to the built-ins.
``plugin_dist``
    ``plugin_dist("myplug", "my_module")`` installs a throw-away distribution declaring the
    entry point ``myplug = my_module`` in the ``prx`` group, visible to ``run_cli``.

Contract test classes, one per kind of component (:mod:`prx.testing.contracts`, also
importable from here): ``RetrieverContract``, ``RerankerContract``,
``RunnerParserContract``, ``LanguageContract``, ``OperationContract``.
:func:`build_corpus` builds the corpus a retriever or rerank stage receives.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from prx.app.workspace import Workspace

if TYPE_CHECKING:
    from prx.plugin.corpus import CorpusView
    from prx.testing.contracts import (
        LanguageContract,
        OperationContract,
        RerankerContract,
        RetrieverContract,
        RunnerParserContract,
    )

__all__ = [
    "CliRun",
    "LanguageContract",
    "OperationContract",
    "RerankerContract",
    "RetrieverContract",
    "RunnerParserContract",
    "build_corpus",
    "make_repo",
    "plugin_dist",
    "prx_home",
    "register_plugin",
    "run_cli",
]

_CONTRACTS = frozenset(
    {
        "LanguageContract",
        "OperationContract",
        "RerankerContract",
        "RetrieverContract",
        "RunnerParserContract",
    }
)


def __getattr__(name: str) -> Any:
    # The contracts import the runner and the search: loaded only by the tests that use them.
    if name in _CONTRACTS:
        from prx.testing import contracts

        return getattr(contracts, name)
    raise AttributeError(f"module 'prx.testing' has no attribute {name!r}")


def build_corpus(ws: Workspace, path: str | os.PathLike[str] = ".") -> CorpusView:
    """The search corpus of ``path`` (relative to the workspace's root), as retrievers and
    rerank stages receive it."""
    from prx.engine.corpus.corpus import build_corpus as build

    return build(ws, os.path.join(ws.root_dir, os.fspath(path)), workers=1)


@dataclass(frozen=True)
class CliRun:
    """The outcome of one ``prx`` invocation."""

    #: The arguments after ``prx``.
    args: tuple[str, ...]
    #: Process exit code.
    exit_code: int
    #: Everything written to stdout.
    stdout: str
    #: Everything written to stderr.
    stderr: str

    @property
    def lines(self) -> list[dict[str, Any]]:
        """stdout parsed as JSON Lines."""
        return [json.loads(line) for line in self.stdout.splitlines() if line.strip()]

    @property
    def envelope(self) -> dict[str, Any]:
        """stdout parsed as the single JSON envelope it must be."""
        lines = self.lines
        assert len(lines) == 1, f"expected one envelope, got {len(lines)}: {self.stdout!r}"
        return lines[0]


@pytest.fixture
def prx_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh state directory (``PRX_HOME``) for the CLI runs of one test."""
    return tmp_path_factory.mktemp("prx-home")


@pytest.fixture
def make_repo(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """Write files into a fresh directory; see the module docstring."""

    def make(files: Mapping[str, str | bytes] | None = None, *, git: bool = False) -> Path:
        root = tmp_path_factory.mktemp("repo")
        if git:
            (root / ".git").mkdir()
            (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
        for rel, content in (files or {}).items():
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, bytes):
                target.write_bytes(content)
            else:
                target.write_text(content, encoding="utf-8")
        return root

    return make


def _extra_paths() -> list[str]:
    return [p for p in os.environ.get("PRX_TEST_PYTHONPATH", "").split(os.pathsep) if p]


@pytest.fixture
def plugin_dist(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Path]:
    """Create a throw-away distribution declaring ``prx`` entry points (see module doc)."""
    site = tmp_path_factory.mktemp("site")
    monkeypatch.setenv("PRX_TEST_PYTHONPATH", os.pathsep.join([str(site), *_extra_paths()]))

    def make(
        name: str, target: str, *, modules: Mapping[str, str] | None = None, dist: str | None = None
    ) -> Path:
        dist_name = dist or f"prx_test_{name}"
        info = site / f"{dist_name}-1.0.dist-info"
        info.mkdir(exist_ok=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {dist_name}\nVersion: 1.0\n")
        entry = info / "entry_points.txt"
        previous = entry.read_text() if entry.exists() else "[prx]\n"
        entry.write_text(previous + f"{name} = {target}\n")
        for module, source in (modules or {}).items():
            (site / f"{module}.py").write_text(source)
        return site

    return make


@pytest.fixture
def run_cli(prx_home: Path) -> Callable[..., CliRun]:
    """Run the real ``prx`` CLI in a subprocess; see the module docstring."""

    def run(
        *args: str,
        cwd: str | os.PathLike[str] | None = None,
        input: str | None = None,
        env: Mapping[str, str] | None = None,
        program: str = "prx",
        timeout: float = 120,
    ) -> CliRun:
        environ = dict(os.environ)
        environ["PRX_HOME"] = str(prx_home)
        paths = _extra_paths() + [p for p in environ.get("PYTHONPATH", "").split(os.pathsep) if p]
        if paths:
            environ["PYTHONPATH"] = os.pathsep.join(paths)
        environ.update(env or {})
        # Run the package as the console script would, naming the program for multicall.
        code = (
            "import sys; from prx.frontends.cli import main; "
            "sys.exit(main(program=sys.argv.pop(1)))"
        )
        proc = subprocess.run(
            [sys.executable, "-c", code, program, *args],
            cwd=cwd,
            input=input,
            capture_output=True,
            text=True,
            env=environ,
            timeout=timeout,
            check=False,
        )
        return CliRun(
            args=tuple(args), exit_code=proc.returncode, stdout=proc.stdout, stderr=proc.stderr
        )

    return run


@pytest.fixture
def register_plugin(tmp_path: Path, prx_home: Path) -> Iterator[Callable[..., Workspace]]:
    """Build a Workspace with extra plugins registered; see the module docstring."""
    from prx.core.config import Config

    def register(*plugins: object, root: str | os.PathLike[str] | None = None) -> Workspace:
        config = Config.from_env({"PRX_HOME": str(prx_home), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"})
        return Workspace(root if root is not None else tmp_path, config=config, plugins=plugins)

    yield register
