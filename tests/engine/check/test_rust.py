"""Rust: ``cargo check`` catches what a change breaks, but only where cargo runs no code of
the project's: a build script, a proc-macro crate, a path dependency with either, a
``.cargo/config`` or a toolchain given by path each keep cargo from running, and say so."""

from __future__ import annotations

import shutil

import pytest

from prx.app.workspace import Workspace

pytestmark = pytest.mark.skipif(shutil.which("cargo") is None, reason="cargo is not installed")

MANIFEST = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n'
LIB = (
    "pub fn answer() -> i32 {\n"
    "    42\n"
    "}\n"
    "\n"
    "pub fn twice() -> i32 {\n"
    "    answer() * 2\n"
    "}\n"
    "\n"
    "#[cfg(test)]\n"
    "mod tests {\n"
    "    #[test]\n"
    "    fn it() {\n"
    "        assert_eq!(super::answer(), 42);\n"
    "    }\n"
    "}\n"
)


def rename_answer(root) -> object:
    return Workspace(root).edit(
        "src/lib.rs", find="pub fn answer", replace="pub fn reply", apply=True, check="rollback"
    )


def test_cargo_check_catches_a_broken_rename_in_code_and_tests(make_repo):
    root = make_repo({"Cargo.toml": MANIFEST, "src/lib.rs": LIB})
    result = rename_answer(root)
    check = result.check
    assert check is not None and check.ran, check
    assert check.command.startswith("cargo check --offline")
    assert check.rolled_back and (root / "src/lib.rs").read_text() == LIB
    lines = sorted((e.file, e.line) for e in check.new_errors)
    assert lines == [("src/lib.rs", 6), ("src/lib.rs", 13)]


@pytest.mark.parametrize(
    ("files", "why"),
    [
        ({"build.rs": "fn main() {}\n"}, "crate demo has a build script (build.rs)"),
        (
            {"Cargo.toml": MANIFEST + "\n[lib]\nproc-macro = true\n"},
            "crate demo is a procedural macro crate",
        ),
        ({".cargo/config.toml": "[build]\nrustc-wrapper = './w'\n"}, ".cargo/config.toml can"),
        (
            {"rust-toolchain.toml": '[toolchain]\npath = "./tc"\n'},
            "rust-toolchain.toml names a toolchain by path",
        ),
        (
            {
                "Cargo.toml": MANIFEST + '\n[dependencies]\nhelper = { path = "helper" }\n',
                "helper/Cargo.toml": MANIFEST.replace("demo", "helper"),
                "helper/build.rs": "fn main() {}\n",
                "helper/src/lib.rs": "",
            },
            "the path dependency helper has a build script",
        ),
    ],
)
def test_cargo_is_not_run_where_it_would_run_the_projects_code(make_repo, files, why):
    root = make_repo({"Cargo.toml": MANIFEST, "src/lib.rs": LIB, **files})
    marker_dir = root / "target"
    result = rename_answer(root)
    check = result.check
    assert check is not None and check.ran is False
    assert why in (check.why_not or ""), check.why_not
    assert result.applied and "pub fn reply" in (root / "src/lib.rs").read_text()
    assert not marker_dir.exists()  # cargo built nothing
