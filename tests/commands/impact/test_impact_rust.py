"""``prx impact --symbol`` in a Rust crate (issue 28): files that call a function
imported through a nested use group depend on it, ``mod pathutil;`` is no unused import
of it, and a crate's own ``mod tests { use super::*; }`` is no dependency."""

from __future__ import annotations

CARGO = '[package]\nname = "walker"\nversion = "0.1.0"\nedition = "2021"\n'
FILES = {
    "Cargo.toml": CARGO,
    "src/lib.rs": (
        "mod pathutil;\npub mod walk;\npub mod other;\npub fn root_fn() -> u8 {\n    1\n}\n"
    ),
    "src/pathutil.rs": (
        "pub fn is_file_name(p: &str) -> bool {\n"
        "    !p.contains('/')\n"
        "}\n"
        "pub fn strip_prefix<'a>(prefix: &str, path: &'a str) -> Option<&'a str> {\n"
        "    path.strip_prefix(prefix)\n"
        "}\n"
    ),
    "src/walk.rs": (
        "use crate::{pathutil::{is_file_name, strip_prefix}};\n"
        "pub fn walk(p: &str) -> bool {\n"
        '    is_file_name(p) && strip_prefix("a", p).is_some()\n'
        "}\n"
        "pub fn again(p: &str) -> bool {\n"
        '    strip_prefix("b", p).is_none()\n'
        "}\n"
        "#[cfg(test)]\n"
        "mod tests {\n"
        "    use super::*;\n"
        "    #[test]\n"
        "    fn walks() {\n"
        '        assert!(walk("x"));\n'
        "    }\n"
        "}\n"
    ),
    "src/other.rs": (
        "use crate::pathutil::strip_prefix;\n"
        "pub fn unused(p: &str) -> bool {\n"
        '    p.strip_prefix("x").is_some()\n'
        "}\n"
    ),
}


def test_nested_use_groups_make_dependents_and_mod_is_no_unused_import(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli(
        "impact", "src/pathutil.rs", "--symbol", "strip_prefix", "--budget", "0", cwd=root
    )
    data = done.envelope["data"]
    direct = [(d["file"], d["lines"]) for d in data["dependents"] if d["hops"] == 1]
    assert direct == [("src/walk.rs", [3, 6])]
    # other.rs imports it and calls std's str::strip_prefix only: an unused import
    assert data["unused_imports"] == ["src/other.rs"]


def test_a_file_s_own_tests_module_is_no_dependency_of_the_crate_root(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("impact", "src/lib.rs", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    files = {d["file"] for d in [*data["dependents"], *data["tests"]]}
    assert "src/walk.rs" not in files


def test_uses_inside_a_tests_module_are_tests(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("impact", "src/walk.rs", "--symbol", "walk", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert data["dependents"] == []
    assert [t["file"] for t in data["tests"]] == []  # the defining file is not its own dependent
