"""``prx explain`` in a Rust crate (issue 28): a type is one definition however many
``impl`` blocks it has, each reference listed once; a method's calls through typed
receivers (fields, ``self``, parameters) are its references, test code is under tests;
a crate function's references are its calls, not std's method of the same name."""

from __future__ import annotations

CARGO = '[package]\nname = "walker"\nversion = "0.1.0"\nedition = "2021"\n'
FILES = {
    "Cargo.toml": CARGO,
    "src/lib.rs": (
        "mod pathutil;\n"
        "pub mod walk;\n"
        "#[derive(Clone, Copy)]\n"
        "pub enum BinaryDetection {\n"
        "    None,\n"
        "    Quit(u8),\n"
        "}\n"
        "impl BinaryDetection {\n"
        "    pub fn is_quit(&self) -> bool {\n"
        "        matches!(self, BinaryDetection::Quit(_))\n"
        "    }\n"
        "}\n"
        "impl Default for BinaryDetection {\n"
        "    fn default() -> Self {\n"
        "        BinaryDetection::None\n"
        "    }\n"
        "}\n"
        "#[cfg(test)]\n"
        "mod tests {\n"
        "    use super::*;\n"
        "    #[test]\n"
        "    fn quits() {\n"
        "        assert!(BinaryDetection::Quit(0).is_quit());\n"
        "    }\n"
        "}\n"
    ),
    "src/pathutil.rs": (
        "pub fn strip_prefix<'a>(prefix: &str, path: &'a str) -> Option<&'a str> {\n"
        "    path.strip_prefix(prefix)\n"
        "}\n"
    ),
    "src/walk.rs": (
        "use crate::{pathutil::{strip_prefix}, BinaryDetection};\n"
        "pub struct Config {\n"
        "    pub binary: BinaryDetection,\n"
        "}\n"
        "pub struct Walk {\n"
        "    config: Config,\n"
        "}\n"
        "impl Walk {\n"
        "    pub fn stop(&self, state: BinaryDetection) -> bool {\n"
        '        let _ = strip_prefix("a", "ab");\n'
        '        println!("{}", self.config.binary.is_quit());\n'
        "        self.config.binary.is_quit() || state.is_quit()\n"
        "    }\n"
        "}\n"
    ),
}


def test_a_type_is_one_definition_and_each_reference_is_listed_once(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "BinaryDetection", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert [(d["file"], d["kind"]) for d in data["definitions"]] == [("src/lib.rs", "enum")]
    places = [(r["file"], r["line"]) for r in [*data["references"], *data["tests"]]]
    assert len(places) == len(set(places))
    assert ("src/lib.rs", 8) in places  # impl BinaryDetection
    assert ("src/walk.rs", 3) in places  # pub binary: BinaryDetection
    assert ("src/walk.rs", 9) in places  # state: BinaryDetection
    assert [(t["file"], t["line"]) for t in data["tests"]] == [("src/lib.rs", 23)]


def test_a_method_s_references_are_its_typed_calls_and_tests(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "BinaryDetection.is_quit", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    references = sorted((r["file"], r["line"], r["certainty"]) for r in data["references"])
    assert references == [
        ("src/walk.rs", 11, "by_type"),  # println!("{}", self.config.binary.is_quit())
        ("src/walk.rs", 12, "by_type"),  # self.config.binary.is_quit(), state.is_quit()
    ]
    assert [(t["file"], t["line"]) for t in data["tests"]] == [("src/lib.rs", 23)]
    assert data["unrelated"] == {}


def test_a_function_s_references_are_its_calls_not_std_s_method(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "strip_prefix", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert [(r["file"], r["line"]) for r in data["references"]] == [("src/walk.rs", 10)]


def test_an_integration_test_naming_the_crate_is_a_test_of_the_symbol(make_repo, run_cli):
    files = {
        **FILES,
        "tests/walking.rs": (
            "use walker::BinaryDetection;\n"
            "\n"
            "#[test]\n"
            "fn quits_from_outside() {\n"
            "    assert!(BinaryDetection::Quit(1).is_quit());\n"
            "}\n"
        ),
    }
    root = make_repo(files)
    done = run_cli("explain", "BinaryDetection.is_quit", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    tests = sorted((t["file"], t["line"]) for t in data["tests"])
    assert tests == [("src/lib.rs", 23), ("tests/walking.rs", 5)]
    assert all(r["file"] != "tests/walking.rs" for r in data["references"])
