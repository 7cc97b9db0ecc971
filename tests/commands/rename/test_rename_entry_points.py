"""A function the runtime or a launcher finds by its name is refused by a rename, with the
reason (issue 28): Rust's ``fn main`` of a binary, a build script, an example; Go's
``init`` and package ``main``'s ``main``; Java's ``static void main(String[])``. Renamed,
the program would not build (Rust, Go's ``main``), or would build and no longer run the
code (Go's ``init``, a Java launcher). A function of the same name that is no entry point
is renamed as any other."""

from __future__ import annotations

from pathlib import Path

import pytest

import prx
from prx.core.errors import InvalidArgumentError

CARGO = '[package]\nname = "tool"\nversion = "0.1.0"\nedition = "2021"\n'
RUST = {
    "Cargo.toml": CARGO,
    "build.rs": 'fn main() {\n    println!("cargo:rerun-if-changed=build.rs");\n}\n',
    "src/main.rs": "mod util;\nfn main() {\n    util::main();\n}\n",
    "src/util.rs": "pub fn main() {}\n",
    "examples/demo.rs": "fn main() {}\n",
}


@pytest.mark.parametrize("place", ["build.rs:1", "src/main.rs:2", "examples/demo.rs:1"])
def test_a_rust_binary_s_main_is_refused(make_repo, place: str) -> None:
    root = make_repo(RUST)
    with pytest.raises(InvalidArgumentError) as info:
        prx.rename(place, "start", apply=True, check="never", root=root)
    assert "entry point" in info.value.message
    assert (root / place.split(":")[0]).read_text() == RUST[place.split(":")[0]]


def test_a_rust_module_s_function_named_main_is_renamed(make_repo) -> None:
    root = make_repo(RUST)
    prx.rename("src/util.rs:1", "run", apply=True, check="never", root=root)
    assert (root / "src/util.rs").read_text() == "pub fn run() {}\n"
    assert "    util::run();\n" in (root / "src/main.rs").read_text()
    assert (root / "build.rs").read_text() == RUST["build.rs"]


GO = {
    "go.mod": "module example.com/tool\n\ngo 1.19\n",
    "main.go": (
        'package main\n\nimport "example.com/tool/lib"\n\nvar ready = false\n\n'
        "func init() {\n\tready = true\n}\n\n"
        "func main() {\n\tlib.Main(ready)\n}\n"
    ),
    "lib/lib.go": (
        "package lib\n\ntype Job struct{}\n\n"
        "func (Job) init() {}\n\nfunc main() {}\n\n"
        "func Main(ready bool) {\n\tmain()\n\tJob{}.init()\n}\n"
    ),
}


@pytest.mark.parametrize("name", ["main", "init"])
def test_go_s_main_of_package_main_and_init_are_refused(make_repo, name: str) -> None:
    root = make_repo(GO)
    with pytest.raises(InvalidArgumentError) as info:
        prx.rename(f"main.{name}", "start", apply=True, check="never", root=root)
    assert ("entry point" if name == "main" else "no longer run") in info.value.message
    assert (root / "main.go").read_text() == GO["main.go"]


def test_go_s_main_of_another_package_and_a_method_init_are_renamed(make_repo) -> None:
    root = make_repo(GO)
    prx.rename("lib.main", "run", apply=True, check="never", root=root)
    prx.rename("Job.init", "prepare", apply=True, check="never", root=root)
    lib = (root / "lib/lib.go").read_text()
    assert "func run() {}" in lib and "\trun()\n" in lib
    assert "func (Job) prepare() {}" in lib and "Job{}.prepare()" in lib
    assert (root / "main.go").read_text() == GO["main.go"]


JAVA = {
    "src/App.java": (
        "public class App {\n"
        "    public static void main(String[] args) {\n"
        "        new App().main(1);\n"
        "    }\n"
        "    void main(int times) {}\n"
        "}\n"
    ),
    "src/Tool.java": "class Tool {\n    static void main(final String... args) {}\n}\n",
}


@pytest.mark.parametrize("place", ["src/App.java:2", "src/Tool.java:2"])
def test_java_s_static_void_main_of_strings_is_refused(make_repo, place: str) -> None:
    root = make_repo(JAVA)
    with pytest.raises(InvalidArgumentError) as info:
        prx.rename(place, "start", apply=True, check="never", root=root)
    assert "entry point" in info.value.message


def test_java_s_other_main_is_renamed(make_repo) -> None:
    root = make_repo(JAVA)
    prx.rename("src/App.java:5", "repeat", apply=True, check="never", root=root)
    text = Path(root / "src/App.java").read_text()
    assert "void repeat(int times) {}" in text and "new App().repeat(1);" in text
    assert "public static void main(String[] args) {" in text
