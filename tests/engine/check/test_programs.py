"""A checker never runs a program of the project: PATH entries that are relative or lead
into the project are passed over (so is a link from outside into it), and the variables
that make a tool run other programs are not passed on."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from prx.app.workspace import Workspace
from prx.engine.check.environ import checker_env
from prx.engine.check.programs import find_program, safe_path_entries


def plant(directory: Path, name: str, marker: Path) -> Path:
    """An executable ``name`` that would leave ``marker`` behind if it ever ran."""
    directory.mkdir(parents=True, exist_ok=True)
    script = directory / name
    script.write_text(f"#!/bin/sh\ntouch '{marker}'\nexit 0\n")
    script.chmod(0o755)
    return script


def test_a_program_on_a_path_entry_inside_the_project_is_not_found(tmp_path, monkeypatch):
    project = tmp_path / "project"
    plant(project / "bin", "cargo", tmp_path / "ran")
    outside = plant(tmp_path / "tools", "cargo", tmp_path / "ran-outside")
    monkeypatch.setenv("PATH", f"{project / 'bin'}{os.pathsep}{outside.parent}")
    assert find_program("cargo", [str(project)]) == str(outside)


def test_relative_path_entries_and_links_into_the_project_are_passed_over(tmp_path, monkeypatch):
    project = tmp_path / "project"
    planted = plant(project / "node_modules" / ".bin", "tsc", tmp_path / "ran")
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "tsc").symlink_to(planted)  # a link from outside into the project
    monkeypatch.setenv("PATH", os.pathsep.join(["node_modules/.bin", ".", str(tools)]))
    monkeypatch.chdir(project)
    assert find_program("tsc", [str(project)]) is None
    assert safe_path_entries([str(project)]) == [str(tools)]


def test_the_environment_drops_what_makes_a_tool_run_other_programs(tmp_path, monkeypatch):
    project = tmp_path / "project"
    project.mkdir()
    for name, value in {
        "RUSTC_WRAPPER": "/x/wrap",
        "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER": "/x/run",
        "NODE_OPTIONS": "--require ./evil.js",
        "JAVA_TOOL_OPTIONS": "-javaagent:evil.jar",
        "GOFLAGS": "-toolexec=./evil",
        "LD_PRELOAD": "/x/evil.so",
        "GOROOT": str(project / "go"),
        "CARGO_TARGET_DIR": str(project / "target"),
        "RUSTUP_TOOLCHAIN": "stable",
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("PATH", f"{project}{os.pathsep}/usr/bin")
    env = checker_env([str(project)], str(tmp_path / "temp"))
    for dropped in (
        "RUSTC_WRAPPER",
        "CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUNNER",
        "NODE_OPTIONS",
        "JAVA_TOOL_OPTIONS",
        "GOFLAGS",
        "LD_PRELOAD",
        "GOROOT",
    ):
        assert dropped not in env, dropped
    assert env["CARGO_TARGET_DIR"] == str(project / "target")
    assert env["RUSTUP_TOOLCHAIN"] == "stable"
    assert env["PATH"] == "/usr/bin"
    assert env["TMPDIR"] == str(tmp_path / "temp")


RUST_CRATE = {
    "Cargo.toml": '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n',
    "src/lib.rs": "pub fn answer() -> i32 {\n    42\n}\n",
}


def test_an_applied_edit_never_runs_a_cargo_planted_in_the_project(make_repo, monkeypatch):
    root = make_repo(RUST_CRATE)
    marker = root.parent / f"{root.name}-planted-ran"
    plant(root / "bin", "cargo", marker)
    real = shutil.which("cargo")
    entries = [str(root / "bin"), "bin"] + ([os.path.dirname(real)] if real else [])
    monkeypatch.setenv("PATH", os.pathsep.join(entries))
    monkeypatch.chdir(root)
    result = Workspace(root).edit(
        "src/lib.rs", find="    42", replace="    41", apply=True, check="auto"
    )
    assert result.applied
    assert not marker.exists()
    assert result.check is not None
    if real is None:
        assert "cargo is not installed" in (result.check.why_not or "")
    else:  # the real cargo, found after the planted one, checked the crate
        assert result.check.ran and result.check.command is not None


@pytest.mark.skipif(shutil.which("tsc") is None, reason="tsc is not installed")
def test_an_applied_edit_never_runs_node_options_or_a_planted_tsc(make_repo, monkeypatch):
    root = make_repo(
        {
            "tsconfig.json": '{"compilerOptions": {"strict": true}}\n',
            "a.ts": "export const one: number = 1;\n",
        }
    )
    marker = root.parent / f"{root.name}-planted-ran"
    plant(root / "node_modules" / ".bin", "tsc", marker)
    plant(root / "node_modules" / ".bin", "node", marker)
    (root / "evil.js").write_text(f"require('fs').writeFileSync({str(marker)!r}, 'x');\n")
    tsc = os.path.dirname(os.path.realpath(shutil.which("tsc") or ""))
    node = os.path.dirname(shutil.which("node") or "")
    path = [str(root / "node_modules" / ".bin"), os.path.dirname(shutil.which("tsc") or ""), node]
    monkeypatch.setenv("PATH", os.pathsep.join([*path, tsc]))
    monkeypatch.setenv("NODE_OPTIONS", f"--require {root / 'evil.js'}")
    result = Workspace(root).edit("a.ts", find="= 1", replace="= 2", apply=True)
    assert result.check is not None and result.check.ran, result.check
    assert result.check.command == "tsc --noEmit -p tsconfig.json"
    assert not marker.exists()
