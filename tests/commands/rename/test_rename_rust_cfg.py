"""One Rust item written twice under exclusive ``#[cfg]``s is one binding (issue 28): a
rename changes both variants and the uses of either (semver's ``Prerelease::EMPTY``,
smallvec's ``SmallVecData`` impls), a name naming it is no ambiguity, ``explain`` says
so; two items of one name that no ``#[cfg]`` gates stay two. A ``use ...::*`` inside a
function body resolves (it had recursed without end)."""

from __future__ import annotations

import pytest

import prx
from prx.core.errors import AmbiguousMatchError

CARGO = '[package]\nname = "versions"\nversion = "0.1.0"\nedition = "2021"\n'
LIB = (
    "pub struct Prerelease {\n"
    "    text: &'static str,\n"
    "}\n"
    "impl Prerelease {\n"
    "    #[cfg(doc)]\n"
    '    pub const EMPTY: Self = Prerelease { text: "" };\n'
    "\n"
    "    #[cfg(not(doc))]\n"
    "    pub const EMPTY: Self = Prerelease {\n"
    '        text: "",\n'
    "    };\n"
    "}\n"
    "pub struct Data;\n"
    '#[cfg(feature = "union")]\n'
    "impl Data {\n"
    "    fn inline(&self) -> u8 {\n"
    "        1\n"
    "    }\n"
    "}\n"
    '#[cfg(not(feature = "union"))]\n'
    "impl Data {\n"
    "    fn inline(&self) -> u8 {\n"
    "        2\n"
    "    }\n"
    "}\n"
    "pub fn empty() -> Prerelease {\n"
    "    Prerelease::EMPTY\n"
    "}\n"
    "pub fn first(d: &Data) -> u8 {\n"
    "    use core::ops::Bound::*;\n"
    "    let _ = Unbounded::<u8>;\n"
    "    d.inline()\n"
    "}\n"
)
FILES = {
    "Cargo.toml": CARGO,
    "src/lib.rs": LIB,
    "tests/empty.rs": (
        "use versions::Prerelease;\n#[test]\nfn empty() {\n    let _ = Prerelease::EMPTY;\n}\n"
    ),
}


@pytest.mark.parametrize("old", ["Prerelease.EMPTY", "src/lib.rs:6", "src/lib.rs:9"])
def test_both_cfg_variants_of_a_const_are_renamed_with_every_use(make_repo, old: str) -> None:
    root = make_repo(FILES)
    prx.rename(old, "NONE", apply=True, check="never", root=root)
    lib = (root / "src/lib.rs").read_text()
    assert lib.count("pub const NONE: Self") == 2 and "EMPTY" not in lib
    assert "    Prerelease::NONE\n" in lib
    assert "    let _ = Prerelease::NONE;\n" in (root / "tests/empty.rs").read_text()


def test_methods_of_cfg_gated_impls_are_one_binding(make_repo) -> None:
    root = make_repo(FILES)
    prx.rename("Data.inline", "inline_value", apply=True, check="never", root=root)
    lib = (root / "src/lib.rs").read_text()
    assert lib.count("fn inline_value(&self) -> u8") == 2 and "    d.inline_value()\n" in lib


def test_explain_lists_the_variants_as_one_binding(make_repo) -> None:
    root = make_repo(FILES)
    answer = prx.explain("Prerelease.EMPTY", root=root)
    assert answer.ambiguous is False
    assert [d.line for d in answer.definitions] == [6, 9]
    assert any("src/lib.rs:9" in note and "#[cfg]" in note for note in answer.notes)
    places = {(r.file, r.line) for r in (*answer.references, *answer.tests)}
    assert places == {("src/lib.rs", 27), ("tests/empty.rs", 4)}


def test_two_items_of_one_name_without_cfg_stay_two(make_repo) -> None:
    root = make_repo(
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": (
                "pub struct Wrap<T>(T);\n"
                "impl Wrap<u8> {\n"
                "    pub fn get(&self) -> u8 {\n"
                "        self.0\n"
                "    }\n"
                "}\n"
                "impl Wrap<u16> {\n"
                "    pub fn get(&self) -> u16 {\n"
                "        self.0\n"
                "    }\n"
                "}\n"
            ),
        }
    )
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("Wrap.get", "value", apply=True, check="never", root=root)
    assert "src/lib.rs:3" in info.value.message and "src/lib.rs:8" in info.value.message
