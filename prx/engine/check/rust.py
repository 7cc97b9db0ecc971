"""Rust: ``cargo check --offline`` over the workspace of the changed files, only where
cargo would run no code of the project's.

``cargo check`` compiles and runs build scripts (``build.rs``) and loads procedural
macros into the compiler: both are the project's code. It also obeys ``.cargo/config``
files (``build.rustc-wrapper``, ``build.rustc``, aliases, runners) and a
``rust-toolchain`` file may point rustup at a toolchain inside the tree. So cargo is not
run when, from the crate up to the project root, there is a ``.cargo/config`` or a
toolchain given by path; and it is not asked to check when ``cargo metadata`` (which
reads manifests only) shows a build script or a proc-macro crate in the workspace or in a
path dependency. Each case is said in ``why_not``.

Diagnostics are read from cargo's JSON messages (the runner's reader of
``--message-format=json``): their files are relative to the workspace root. A check of a
scratch copy builds into the check's temporary directory (``CARGO_TARGET_DIR``); a check
of the project itself uses the project's own ``target/``, as the user's builds do.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from prx.core.results.run import Diagnostic
from prx.engine.check.base import Check, Found, Runtime, tool_found
from prx.engine.check.environ import checker_env
from prx.engine.check.process import run_tool
from prx.plugin.runner import RawRun

__all__ = ["CargoCheck", "RUST_ENV", "plan_cargo"]

#: Set for every cargo command: rustup must not download a toolchain the project names.
RUST_ENV = {"RUSTUP_AUTO_INSTALL": "0", "CARGO_NET_OFFLINE": "true"}
_CONFIGS = (".cargo/config", ".cargo/config.toml")
_TOOLCHAIN_FILES = ("rust-toolchain", "rust-toolchain.toml")


class CargoCheck(Check):
    """``cargo check --offline --workspace --all-targets`` in one workspace."""

    language = "rust"

    def __init__(self, program: str, crate: str, workspace: str) -> None:
        self.program = program
        #: The crate's directory and the workspace root, relative to the root.
        self.crate = crate
        self.workspace = workspace
        where = "" if crate == "." else f" (in {crate})"
        self.command = f"cargo check --offline --workspace --all-targets{where}"

    def run(self, root: str, *, after: bool, runtime: Runtime) -> Found:
        cwd = os.path.normpath(os.path.join(root, self.crate))
        argv = [self.program, "check", "--offline", "--workspace", "--all-targets"]
        argv += ["--message-format=json"]
        extra = dict(RUST_ENV)
        if runtime.scratch:
            extra["CARGO_TARGET_DIR"] = os.path.join(runtime.temp, "cargo-target")
        env = checker_env(runtime.trees, runtime.temp, extra)
        ran = run_tool(argv, cwd=cwd, env=env, timeout=runtime.timeout, temp=runtime.temp)
        if ran.raw is None:
            return Found(diagnostics=None, failure=ran.failure)
        workspace = os.path.normpath(os.path.join(root, self.workspace))
        return tool_found(ran.raw, _read_cargo, "cargo check", root=root, cwd=workspace)


def _read_cargo(raw: RawRun) -> list[Diagnostic]:
    from prx.engine.runner.parsers._base import output_lines
    from prx.engine.runner.parsers.cargo_build import read_rustc_json

    found = read_rustc_json(output_lines(raw))
    return [] if found is None else found[0]


def plan_cargo(program: str, root: str, crate: str, runtime: Runtime) -> CargoCheck | str:
    """The check of the crate at ``crate`` (relative to ``root``), or why cargo must not
    run there."""
    refused = _refused_by_files(root, crate)
    if refused is not None:
        return refused
    cwd = os.path.normpath(os.path.join(root, crate))
    env = checker_env(runtime.trees, runtime.temp, RUST_ENV)
    argv = [program, "metadata", "--offline", "--no-deps", "--format-version", "1"]
    ran = run_tool(argv, cwd=cwd, env=env, timeout=runtime.timeout, temp=runtime.temp)
    if ran.raw is None or ran.raw.exit_code != 0:
        why = ran.failure or _first_error(ran.raw)
        return f"`cargo metadata` could not read the workspace: {why}"
    try:
        metadata: Any = json.loads(ran.raw.stdout)
        packages = list(metadata["packages"])
        workspace_root = str(metadata["workspace_root"])
    except (ValueError, KeyError, TypeError):
        return "`cargo metadata` answered something that is not its JSON"
    real_root = os.path.realpath(root)
    real_workspace = os.path.realpath(workspace_root)
    if real_workspace != real_root and not real_workspace.startswith(real_root + os.sep):
        return f"the cargo workspace root ({workspace_root}) is outside the project"
    runs_code = _runs_code(packages, real_root)
    if runs_code is not None:
        return f"{runs_code}: `cargo check` would run the project's own code"
    workspace = os.path.relpath(real_workspace, real_root).replace(os.sep, "/")
    return CargoCheck(program, crate, workspace)


def _refused_by_files(root: str, crate: str) -> str | None:
    """A ``.cargo/config`` or a toolchain given by path from the crate up to the root."""
    parts = [p for p in crate.split("/") if p and p != "."]
    while True:
        here = os.path.join(root, *parts)
        shown = "/".join(parts)
        for name in _CONFIGS:
            if os.path.exists(os.path.join(here, name)):
                where = f"{shown}/{name}" if shown else name
                return (
                    f"{where} can make cargo run other programs (wrappers, another rustc, "
                    "aliases): cargo is not run"
                )
        for name in _TOOLCHAIN_FILES:
            path = os.path.join(here, name)
            if os.path.isfile(path) and _toolchain_by_path(path):
                where = f"{shown}/{name}" if shown else name
                return f"{where} names a toolchain by path: cargo is not run"
        if not parts:
            return None
        parts.pop()


def _toolchain_by_path(path: str) -> bool:
    try:
        with open(path, "rb") as fh:
            text = fh.read(65536).decode("utf-8", "replace")
    except OSError:
        return True
    from prx.core.config import _toml_parser

    parser = _toml_parser()
    try:
        table = parser.loads(text) if parser is not None else None
    except ValueError:
        table = None
    if not isinstance(table, dict):
        return "/" in text or os.sep in text  # the old one-line form names a channel
    toolchain = table.get("toolchain")
    return isinstance(toolchain, dict) and "path" in toolchain


def _runs_code(packages: Sequence[Any], real_root: str) -> str | None:
    """The first workspace member or path dependency with a build script or a proc-macro
    target, in words; None when there is none."""
    members = set()
    for package in packages:
        members.add(os.path.realpath(os.path.dirname(str(package.get("manifest_path", "")))))
        for target in package.get("targets") or []:
            kinds = set(target.get("kind") or [])
            name = package.get("name", "?")
            if "custom-build" in kinds:
                return f"crate {name} has a build script ({_shown(target, real_root)})"
            if "proc-macro" in kinds:
                return f"crate {name} is a procedural macro crate"
    for package in packages:
        for dependency in package.get("dependencies") or []:
            path = dependency.get("path")
            if not path or os.path.realpath(path) in members:
                continue
            found = _path_dependency_runs_code(str(path))
            if found is not None:
                return f"the path dependency {dependency.get('name', path)} {found}"
    return None


def _shown(target: Any, real_root: str) -> str:
    src = str(target.get("src_path", "build.rs"))
    real = os.path.realpath(src)
    return os.path.relpath(real, real_root) if real.startswith(real_root + os.sep) else src


def _path_dependency_runs_code(directory: str) -> str | None:
    """Whether a crate outside the workspace has a build script or is a proc-macro."""
    from prx.core.config import _toml_parser

    parser = _toml_parser()
    try:
        with open(os.path.join(directory, "Cargo.toml"), encoding="utf-8") as fh:
            table = parser.loads(fh.read()) if parser is not None else None
    except (OSError, ValueError):
        table = None
    if not isinstance(table, dict):
        return "cannot be read (its manifest)"
    package = table.get("package") or {}
    lib = table.get("lib") or {}
    build = package.get("build") if isinstance(package, dict) else None
    if build is not False and (build or os.path.exists(os.path.join(directory, "build.rs"))):
        return "has a build script"
    if isinstance(lib, dict) and (lib.get("proc-macro") or lib.get("proc_macro")):
        return "is a procedural macro crate"
    return None


def _first_error(raw: RawRun | None) -> str:
    if raw is None:
        return "it did not run"
    lines = [line.strip() for line in (raw.stderr or raw.stdout).splitlines() if line.strip()]
    error = next((line for line in lines if line.startswith("error")), lines[0] if lines else "")
    return error[:200] or f"exit {raw.exit_code}"
