"""``prx context`` of a Rust crate (issue 28): each type once (its ``impl`` blocks' methods
under it), and an exported API of the crate's ``pub`` items, without ``Cargo.toml``
tables or README headings."""

from __future__ import annotations

CARGO = '[package]\nname = "walker"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n'
FILES = {
    "Cargo.toml": CARGO,
    "README.md": "# walker\n\n## Usage\n\nWalk a tree.\n",
    "src/lib.rs": (
        "mod walk;\n"
        "pub use crate::walk::{Walk, WalkBuilder};\n"
        "pub enum Kind {\n"
        "    File,\n"
        "}\n"
        "impl Kind {\n"
        "    pub fn is_file(&self) -> bool {\n"
        "        true\n"
        "    }\n"
        "}\n"
        "impl Default for Kind {\n"
        "    fn default() -> Self {\n"
        "        Kind::File\n"
        "    }\n"
        "}\n"
    ),
    "src/walk.rs": (
        "pub struct Walk;\n"
        "pub struct WalkBuilder;\n"
        "struct Hidden;\n"
        "impl WalkBuilder {\n"
        "    pub fn build(&self) -> Walk {\n"
        "        Walk\n"
        "    }\n"
        "}\n"
        "impl Iterator for Walk {\n"
        "    type Item = u8;\n"
        "    fn next(&mut self) -> Option<u8> {\n"
        "        None\n"
        "    }\n"
        "}\n"
    ),
}


def test_a_crate_lists_each_type_once_and_its_public_api(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("context", ".", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    by_path = {f["path"]: f["symbols"] for f in data["files"]}
    walk = [(s["name"], [c["name"] for c in s.get("children", ())]) for s in by_path["src/walk.rs"]]
    assert walk == [("Walk", ["Item", "next"]), ("WalkBuilder", ["build"]), ("Hidden", [])]
    lib = [s["name"] for s in by_path["src/lib.rs"]]
    assert lib.count("Kind") == 1
    exported = [(e["name"], e["file"]) for e in data["entrypoints"] if e["kind"] == "export"]
    assert sorted(exported) == [
        ("Kind", "src/lib.rs"),
        ("Walk", "src/walk.rs"),
        ("WalkBuilder", "src/walk.rs"),
    ]
