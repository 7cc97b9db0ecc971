"""The environment a checker runs in: the caller's, less what makes a tool run other
programs.

Compilers and type checkers obey variables that name a program to run in their stead or
beside them (``RUSTC_WRAPPER``), options that load code (``NODE_OPTIONS=--require``,
``JAVA_TOOL_OPTIONS=-javaagent:``, ``GOFLAGS=-toolexec``), a library to preload into every
process. A project can set them (a ``.envrc`` an agent's shell loaded); they are dropped.
PATH keeps only its absolute entries outside the project (``#!/usr/bin/env node`` must not
find the project's ``node``), and temporary files go to the check's own directory.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from prx.engine.check.programs import inside, safe_path_entries

__all__ = ["DROPPED", "DROPPED_PREFIXES", "TOOL_HOMES", "checker_env"]

#: Variables never passed to a checker.
DROPPED = frozenset(
    {
        # Rust: wrappers, another compiler, flags that load a backend or plugin.
        "RUSTC_WRAPPER",
        "RUSTC_WORKSPACE_WRAPPER",
        "CARGO_BUILD_RUSTC_WRAPPER",
        "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
        "RUSTC",
        "CARGO_BUILD_RUSTC",
        "RUSTDOC",
        "CARGO_BUILD_RUSTDOC",
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "CARGO_BUILD_RUSTFLAGS",
        "RUSTDOCFLAGS",
        "CARGO_ENCODED_RUSTDOCFLAGS",
        # Node: preloaded modules and loaders.
        "NODE_OPTIONS",
        "NODE_PATH",
        "NODE_REPL_EXTERNAL_MODULE",
        # The JVM: agents and options read by every launcher.
        "JAVA_TOOL_OPTIONS",
        "JDK_JAVA_OPTIONS",
        "JDK_JAVAC_OPTIONS",  # -Xplugin:, -processorpath, -J-javaagent: for javac
        "_JAVA_OPTIONS",
        "JAVA_OPTIONS",
        # Go: -toolexec, -exec, -vettool, -overlay live in GOFLAGS; cgo's compilers.
        "GOFLAGS",
        "CC",
        "CXX",
        "CGO_CFLAGS",
        "CGO_CPPFLAGS",
        "CGO_CXXFLAGS",
        "CGO_LDFLAGS",
        # Every process: preloaded libraries, shells' start-up files.
        "LD_PRELOAD",
        "LD_AUDIT",
        "DYLD_INSERT_LIBRARIES",
        "BASH_ENV",
        "ENV",
        "PYTHONSTARTUP",
    }
)
#: Families of variables dropped by prefix (``CARGO_TARGET_<triple>_RUNNER`` and ``_LINKER``).
DROPPED_PREFIXES = ("CARGO_TARGET_",)
#: Kept from the ``CARGO_TARGET_`` family: where cargo writes its build outputs.
_KEPT = frozenset({"CARGO_TARGET_DIR"})
#: Where a toolchain finds its own programs (the compiler ``go`` runs, the ``rustc`` a
#: rustup proxy picks): dropped when they name a place inside the project.
TOOL_HOMES = frozenset({"GOROOT", "GOENV", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN", "CARGO_HOME"})


def checker_env(
    trees: Sequence[str], temp: str, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The caller's environment without :data:`DROPPED`, PATH outside ``trees``,
    ``TMPDIR`` set to ``temp``, then ``extra``."""
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in DROPPED
        and (name in _KEPT or not name.startswith(DROPPED_PREFIXES))
        and not (name in TOOL_HOMES and _points_inside(value, trees))
    }
    env["PATH"] = os.pathsep.join(safe_path_entries(trees))
    env["TMPDIR"] = temp
    env.update(extra or {})
    return env


def _points_inside(value: str, trees: Sequence[str]) -> bool:
    """A path (relative: wherever the tool runs, so in the project) inside ``trees``."""
    if os.sep not in value and value not in (".", ".."):
        return False  # a name (``stable``), not a place
    return not os.path.isabs(value) or inside(value, trees)
