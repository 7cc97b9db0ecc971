"""The Rust model (issue 28): definitions without ``impl`` blocks, references through the
module tree and ``use`` trees (nested groups, ``self``, ``super``, ``crate``, globs,
``as``, ``pub use``), methods and fields through their receiver's type, trait methods
renamed with their declaration and every impl, macros' arguments read, test code known."""

from __future__ import annotations

from pathlib import Path

import prx
from prx.engine.intel.models import BY_NAME, BY_TYPE, RESOLVED, model_for
from prx.engine.intel.project import Project

CARGO = '[package]\nname = "walker"\nversion = "0.1.0"\nedition = "2021"\n'

CRATE = {
    "Cargo.toml": CARGO,
    "README.md": "# walker\n\n## Usage\n\nCall `strip_prefix`.\n",
    "src/lib.rs": (
        "//! A crate that walks.\n"
        "mod pathutil;\n"
        "pub mod walk;\n"
        "\n"
        "pub use crate::walk::{Walk, WalkBuilder as Builder};\n"
        "\n"
        "/// What to do with binary files.\n"
        "#[derive(Clone, Copy, Debug, PartialEq)]\n"
        "pub enum BinaryDetection {\n"
        "    None,\n"
        "    Quit(u8),\n"
        "}\n"
        "\n"
        "impl BinaryDetection {\n"
        "    pub fn is_quit(&self) -> bool {\n"
        "        matches!(self, BinaryDetection::Quit(_))\n"
        "    }\n"
        "}\n"
        "\n"
        "impl Default for BinaryDetection {\n"
        "    fn default() -> Self {\n"
        "        BinaryDetection::None\n"
        "    }\n"
        "}\n"
        "\n"
        "pub trait Named {\n"
        "    fn name(&self) -> String;\n"
        "    fn shout(&self) -> String {\n"
        "        self.name().to_uppercase()\n"
        "    }\n"
        "}\n"
        "\n"
        "#[cfg(test)]\n"
        "mod tests {\n"
        "    use super::*;\n"
        "\n"
        "    #[test]\n"
        "    fn quits() {\n"
        "        assert!(BinaryDetection::Quit(0).is_quit());\n"
        '        assert_eq!(crate::pathutil::strip_prefix("a", "ab"), Some("b"));\n'
        "    }\n"
        "}\n"
    ),
    "src/pathutil.rs": (
        "use std::path::Path;\n"
        "\n"
        "pub fn is_file_name(p: &Path) -> bool {\n"
        "    p.parent().is_none()\n"
        "}\n"
        "\n"
        "pub fn strip_prefix<'a>(prefix: &str, path: &'a str) -> Option<&'a str> {\n"
        "    path.strip_prefix(prefix)\n"
        "}\n"
    ),
    "src/walk.rs": (
        "use std::path::Path;\n"
        "\n"
        "use crate::{pathutil::{is_file_name, strip_prefix}, BinaryDetection, Named};\n"
        "use crate::pathutil::strip_prefix as cut;\n"
        "\n"
        "pub struct Config {\n"
        "    pub binary: BinaryDetection,\n"
        "}\n"
        "\n"
        "pub struct Walk {\n"
        "    config: Config,\n"
        "}\n"
        "\n"
        "pub struct WalkBuilder {\n"
        "    root: String,\n"
        "}\n"
        "\n"
        "impl WalkBuilder {\n"
        "    pub fn new(root: &str) -> WalkBuilder {\n"
        "        WalkBuilder { root: root.to_string() }\n"
        "    }\n"
        "    pub fn build(&self) -> Walk {\n"
        '        let _ = strip_prefix("a", &self.root);\n'
        "        Walk { config: Config { binary: BinaryDetection::default() } }\n"
        "    }\n"
        "}\n"
        "\n"
        "impl Walk {\n"
        "    pub fn stop(&self) -> bool {\n"
        '        println!("{}", self.config.binary.is_quit());\n'
        '        self.config.binary.is_quit() && is_file_name(Path::new("x"))\n'
        "    }\n"
        "}\n"
        "\n"
        "impl Named for Walk {\n"
        "    fn name(&self) -> String {\n"
        '        let p = Path::new("/a/b");\n'
        '        let _ = p.strip_prefix("/a");\n'
        '        strip_prefix("x", "xy").unwrap_or("").to_string() + cut("a", "ab").unwrap()\n'
        "    }\n"
        "}\n"
        "\n"
        "impl Named for WalkBuilder {\n"
        "    fn name(&self) -> String {\n"
        "        self.root.clone()\n"
        "    }\n"
        "}\n"
        "\n"
        "pub fn check(state: BinaryDetection, other: &dyn Named, x: u8) -> bool {\n"
        '    let built = WalkBuilder::new("/").build();\n'
        '    let typed: Walk = WalkBuilder::new("/").build();\n'
        "    let strip_prefix = x;\n"
        "    other.name();\n"
        "    built.stop() && typed.stop() && state.is_quit() && strip_prefix > 0\n"
        "}\n"
        "\n"
        "pub fn guess<T>(more: Vec<T>) -> usize {\n"
        "    let f = |unknown| {\n"
        "        unknown.is_quit();\n"
        "        unknown.is_quit(1);\n"
        "    };\n"
        "    more.len()\n"
        "}\n"
    ),
}


def _project(root: Path) -> Project:
    return Project(prx.Workspace(root), str(root))


def _sites(root: Path, file: str, qualified: str) -> list[tuple[str, str, str, str]]:
    """(file, the line's text, how, role) of each site of the definition ``qualified``."""
    project = _project(root)
    parsed = project.file(file)
    assert parsed is not None
    model = model_for("rust")
    target = next(t for t in model.definitions(project, parsed) if t.qualified == qualified)
    out = []
    for site in model.references(project, target, model.candidate_files(project, target)):
        user = project.file(site.file)
        assert user is not None
        assert user.data[site.start : site.end].decode() == target.name
        out.append((site.file, user.line_text(site.line), site.how, site.role))
    return out


def test_impl_blocks_are_not_definitions_and_methods_are_qualified_by_their_type(make_repo):
    root = make_repo(CRATE)
    project = _project(root)
    parsed = project.file("src/lib.rs")
    assert parsed is not None
    targets = model_for("rust").definitions(project, parsed)
    named = [(t.qualified, t.kind) for t in targets]
    assert named.count(("BinaryDetection", "enum")) == 1
    assert [q for q, _ in named if q == "BinaryDetection"] == ["BinaryDetection"]
    assert ("BinaryDetection.is_quit", "method") in named
    assert ("BinaryDetection.default", "method") in named
    assert ("Named.name", "method") in named
    # modules are containers (``mod pathutil;`` defines nothing a rename could rename)
    assert not any(q in ("pathutil", "walk", "tests") for q, _ in named)
    assert ("tests.quits", "function") in named


def test_nested_use_groups_are_imports_and_calls_are_resolved(make_repo):
    root = make_repo(CRATE)
    sites = _sites(root, "src/pathutil.rs", "strip_prefix")
    assert ("src/walk.rs", CRATE["src/walk.rs"].split("\n")[2], RESOLVED, "import") in sites
    calls = [(f, t) for f, t, how, role in sites if role == "reference" and how == RESOLVED]
    assert ("src/walk.rs", 'let _ = strip_prefix("a", &self.root);') in calls
    assert any(f == "src/walk.rs" and t.startswith('strip_prefix("x"') for f, t in calls)
    # a path through ``crate::`` inside a macro's arguments
    assert any(f == "src/lib.rs" and "crate::pathutil::strip_prefix" in t for f, t in calls)
    # the ``as`` import names it; its alias ``cut`` is another name
    assert ("src/walk.rs", "use crate::pathutil::strip_prefix as cut;", RESOLVED, "import") in sites
    texts = [t for _, t, _, _ in sites]
    # std's method of the same name, and a local binding that shadows it, are not it
    assert "path.strip_prefix(prefix)" not in texts
    assert 'let _ = p.strip_prefix("/a");' not in texts
    assert "let strip_prefix = x;" not in texts
    assert not any("strip_prefix > 0" in t for t in texts)


def test_a_mod_declaration_is_not_an_import_of_a_symbol(make_repo):
    root = make_repo(CRATE)
    sites = _sites(root, "src/pathutil.rs", "strip_prefix")
    assert "mod pathutil;" not in [t for _, t, _, _ in sites]
    done = prx.Workspace(root).impact("src/pathutil.rs", symbol="strip_prefix", budget=0)
    assert [d.file for d in done.dependents if d.hops == 1] == ["src/walk.rs"]
    assert done.unused_imports == ()
    assert [t.file for t in done.tests] == ["src/lib.rs"]


def test_methods_are_found_through_typed_receivers(make_repo):
    root = make_repo(CRATE)
    sites = _sites(root, "src/lib.rs", "BinaryDetection.is_quit")
    found = {(f, t, how) for f, t, how, role in sites if role == "reference"}
    assert ("src/walk.rs", 'println!("{}", self.config.binary.is_quit());', BY_TYPE) in found
    assert (
        "src/walk.rs",
        'self.config.binary.is_quit() && is_file_name(Path::new("x"))',
        BY_TYPE,
    ) in found
    line = "built.stop() && typed.stop() && state.is_quit() && strip_prefix > 0"
    assert ("src/walk.rs", line, BY_TYPE) in found
    assert ("src/lib.rs", "assert!(BinaryDetection::Quit(0).is_quit());", BY_TYPE) in found
    # a receiver of unknown type is a candidate when the arity matches, never with another
    assert ("src/walk.rs", "unknown.is_quit();", BY_NAME) in found
    assert not any(t == "unknown.is_quit(1);" for _, t, _ in found)


def test_a_receiver_typed_by_a_constructor_or_a_let_is_its_type(make_repo):
    root = make_repo(CRATE)
    sites = _sites(root, "src/walk.rs", "Walk.stop")
    line = "built.stop() && typed.stop() && state.is_quit() && strip_prefix > 0"
    assert [(f, t, how) for f, t, how, role in sites if role == "reference"] == [
        ("src/walk.rs", line, BY_TYPE),
        ("src/walk.rs", line, BY_TYPE),
    ]


def test_a_trait_method_changes_with_its_declaration_and_every_impl(make_repo):
    root = make_repo(CRATE)
    for qualified, file in (("Named.name", "src/lib.rs"), ("Walk.name", "src/walk.rs")):
        sites = _sites(root, file, qualified)
        places = {(f, t) for f, t, how, _ in sites if how in (RESOLVED, BY_TYPE)}
        assert ("src/lib.rs", "fn name(&self) -> String;") in places, qualified
        assert ("src/walk.rs", "fn name(&self) -> String {") in places
        assert len([p for p in sites if p[1] == "fn name(&self) -> String {"]) == 2
        assert ("src/lib.rs", "self.name().to_uppercase()") in places  # Self: Named
        assert ("src/walk.rs", "other.name();") in places  # &dyn Named


def test_types_are_referenced_by_paths_impls_and_reexports(make_repo):
    root = make_repo(CRATE)
    sites = _sites(root, "src/walk.rs", "WalkBuilder")
    texts = {(f, t, role) for f, t, _, role in sites}
    # a re-export is a use (the crate's API), not an unused import
    reexport = "pub use crate::walk::{Walk, WalkBuilder as Builder};"
    assert ("src/lib.rs", reexport, "reference") in texts
    assert ("src/walk.rs", "impl WalkBuilder {", "reference") in texts
    assert ("src/walk.rs", "impl Named for WalkBuilder {", "reference") in texts
    assert ("src/walk.rs", 'let built = WalkBuilder::new("/").build();', "reference") in texts


def test_code_under_cfg_test_is_test_code(make_repo):
    root = make_repo(CRATE)
    project = _project(root)
    model = model_for("rust")
    lib = project.file("src/lib.rs")
    assert lib is not None
    inside = lib.data.index(b"BinaryDetection::Quit(0)")
    outside = lib.data.index(b"BinaryDetection::None")
    assert model.in_test(project, "src/lib.rs", inside)
    assert not model.in_test(project, "src/lib.rs", outside)


def test_a_glob_import_of_super_resolves_through_the_parent_module(make_repo):
    root = make_repo(CRATE)
    sites = _sites(root, "src/lib.rs", "BinaryDetection")
    # `use super::*` in `mod tests` brings the enum into the tests' scope
    assert (
        "src/lib.rs",
        "assert!(BinaryDetection::Quit(0).is_quit());",
        RESOLVED,
        "reference",
    ) in sites


INFER = {
    "Cargo.toml": CARGO,
    "src/lib.rs": (
        "use std::cell::RefCell;\n"
        "pub enum Imp {\n"
        "    A(Alpha),\n"
        "    B { beta: Beta },\n"
        "}\n"
        "pub struct Alpha;\n"
        "pub struct Beta;\n"
        "impl Alpha {\n"
        "    pub fn size(&self) -> usize {\n"
        "        1\n"
        "    }\n"
        "}\n"
        "impl Beta {\n"
        "    pub fn size(&self) -> usize {\n"
        "        2\n"
        "    }\n"
        "}\n"
        "pub struct Holder {\n"
        "    items: Vec<Alpha>,\n"
        "    cell: RefCell<Alpha>,\n"
        "}\n"
        "pub struct It;\n"
        "impl Iterator for It {\n"
        "    type Item = Alpha;\n"
        "    fn next(&mut self) -> Option<Alpha> {\n"
        "        None\n"
        "    }\n"
        "}\n"
        "pub fn f(imp: &Imp, h: &Holder, flag: bool) -> usize {\n"
        "    let n = match imp {\n"
        "        Imp::A(ref a) if a.size() > 0 => a.size(),\n"
        "        Imp::B { beta } => beta.size(),\n"
        "        _ => 0,\n"
        "    };\n"
        "    let first = h.items[0].size();\n"
        "    let held = h.cell.borrow().size();\n"
        "    let (x, y) = (Alpha, Beta);\n"
        "    let chosen = if flag { Alpha } else { Alpha };\n"
        "    for a in It {\n"
        "        a.size();\n"
        "    }\n"
        "    if let Some(last) = h.items.last() {\n"
        "        last.size();\n"
        "    }\n"
        "    n + first + held + x.size()\n"
        "        + y.size()\n"
        "        + chosen.size()\n"
        "}\n"
    ),
}


def test_receivers_typed_through_patterns_cells_tuples_and_iterators(make_repo):
    root = make_repo(INFER)
    alpha = {
        (t, how)
        for _, t, how, role in _sites(root, "src/lib.rs", "Alpha.size")
        if role == "reference"
    }
    assert alpha == {
        ("Imp::A(ref a) if a.size() > 0 => a.size(),", BY_TYPE),
        ("let first = h.items[0].size();", BY_TYPE),
        ("let held = h.cell.borrow().size();", BY_TYPE),
        ("a.size();", BY_TYPE),
        ("last.size();", BY_TYPE),
        ("n + first + held + x.size()", BY_TYPE),
        ("+ chosen.size()", BY_TYPE),
    }
    beta = {
        (t, how)
        for _, t, how, role in _sites(root, "src/lib.rs", "Beta.size")
        if role == "reference"
    }
    assert beta == {("Imp::B { beta } => beta.size(),", BY_TYPE), ("+ y.size()", BY_TYPE)}


def test_the_import_graph_reads_nested_groups_and_leaves_a_tests_module_out(make_repo):
    from prx.engine.graph.imports import ImportGraph

    root = make_repo(CRATE)
    graph = ImportGraph.build(prx.Workspace(root), str(root))
    edges = {(e.target, e.names) for e in graph.edges_from("src/walk.rs") if e.target}
    assert ("src/pathutil.rs", ("is_file_name", "strip_prefix")) in edges
    # `mod tests { use super::*; }` in lib.rs imports lib.rs itself: no edge, no module
    assert [e.module for e in graph.edges_from("src/lib.rs") if e.target is None] == []


def test_a_2015_crate_s_use_paths_start_at_the_crate_root(make_repo):
    root = make_repo(
        {
            "Cargo.toml": '[package]\nname = "old"\nversion = "0.1.0"\n',
            "src/lib.rs": "mod a;\nmod b;\n",
            "src/a.rs": "pub fn helper() -> u8 {\n    1\n}\n",
            "src/b.rs": "use a::helper;\npub fn g() -> u8 {\n    helper()\n}\n",
        }
    )
    sites = _sites(root, "src/a.rs", "helper")
    assert ("src/b.rs", "use a::helper;", RESOLVED, "import") in sites
    assert ("src/b.rs", "helper()", RESOLVED, "reference") in sites


def test_a_name_two_cfgs_bind_differently_is_a_candidate(make_repo):
    root = make_repo(
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": (
                "mod fast;\n"
                "mod slow;\n"
                '#[cfg(target_arch = "x86_64")]\n'
                "pub use crate::fast::Engine;\n"
                '#[cfg(not(target_arch = "x86_64"))]\n'
                "pub use crate::slow::Engine;\n"
                "pub fn run() -> Engine {\n"
                "    Engine\n"
                "}\n"
            ),
            "src/fast.rs": "pub struct Engine;\n",
            "src/slow.rs": "pub struct Engine;\n",
        }
    )
    sites = _sites(root, "src/fast.rs", "Engine")
    assert ("src/lib.rs", "pub use crate::fast::Engine;", RESOLVED, "reference") in sites
    assert ("src/lib.rs", "pub fn run() -> Engine {", BY_NAME, "reference") in sites
    assert not any(t == "pub use crate::slow::Engine;" for _, t, _, _ in sites)


SELF_SUPER = {
    "Cargo.toml": CARGO,
    "src/lib.rs": "pub mod util;\nmod user;\n",
    "src/util/mod.rs": "pub mod text;\npub fn helper() -> u8 {\n    1\n}\n",
    "src/util/text.rs": (
        "use super::helper;\n"
        "use super::super::util::{self as u};\n"
        "pub fn shout() -> u8 {\n"
        "    helper() + super::helper() + u::helper()\n"
        "}\n"
    ),
    "src/user.rs": (
        "use crate::util::{self, text::{self, shout as loud}};\n"
        "pub fn go() -> u8 {\n"
        "    util::helper() + text::shout() + loud()\n"
        "}\n"
    ),
}


def test_self_super_and_as_in_use_trees_resolve_to_the_module_s_items(make_repo):
    root = make_repo(SELF_SUPER)
    helper = _sites(root, "src/util/mod.rs", "helper")
    texts = [(f, t, role) for f, t, _, role in helper]
    assert ("src/util/text.rs", "use super::helper;", "import") in texts
    # `helper()`, `super::helper()` and `u::helper()` (u: `util::{self as u}`)
    line = "helper() + super::helper() + u::helper()"
    assert texts.count(("src/util/text.rs", line, "reference")) == 3
    # `use crate::util::{self, ..}` binds the module: `util::helper()` is the function
    assert ("src/user.rs", "util::helper() + text::shout() + loud()", "reference") in texts
    shout = [(f, t, role) for f, t, _, role in _sites(root, "src/util/text.rs", "shout")]
    # `text::{self, shout as loud}`: the import names it, `loud()` is the alias (no site)
    assert shout.count(("src/user.rs", "util::helper() + text::shout() + loud()", "reference")) == 1
    assert (
        "src/user.rs",
        "use crate::util::{self, text::{self, shout as loud}};",
        "import",
    ) in shout


FIELDS = {
    "Cargo.toml": CARGO,
    "src/lib.rs": (
        "pub mod shape;\n"
        "mod other;\n"
        "use shape::Point;\n"
        "pub fn total(p: &Point, q: Point) -> u8 {\n"
        "    p.x + q.x + Point::origin().x\n"
        "}\n"
    ),
    "src/shape.rs": (
        "pub struct Point {\n"
        "    pub x: u8,\n"
        "    y: u8,\n"
        "}\n"
        "impl Point {\n"
        "    pub fn origin() -> Self {\n"
        "        Self { x: 0, y: 0 }\n"
        "    }\n"
        "    pub fn make(x: u8) -> Point {\n"
        "        let y = 1;\n"
        "        Point { x, y }\n"
        "    }\n"
        "    pub fn y(&self) -> u8 {\n"
        "        let Point { y: why, .. } = self;\n"
        "        *why + self.y\n"
        "    }\n"
        "}\n"
    ),
    "src/other.rs": (
        "pub struct Other {\n"
        "    pub x: u8,\n"
        "    pub y: u8,\n"
        "}\n"
        "pub fn f(o: &Other, v: Vec<u8>) -> u8 {\n"
        "    let g = |unknown| unknown.x + unknown.y;\n"
        "    o.x + o.y + v.len() as u8 + g(o)\n"
        "}\n"
    ),
}


def test_struct_fields_are_definitions_used_through_receivers_and_struct_paths(make_repo):
    root = make_repo(FIELDS)
    project = _project(root)
    parsed = project.file("src/shape.rs")
    assert parsed is not None
    named = [(t.qualified, t.kind) for t in model_for("rust").definitions(project, parsed)]
    assert ("Point.x", "field") in named and ("Point.y", "field") in named
    assert ("Point.y", "method") in named  # a field and a method may share a name
    x = {(f, t, how) for f, t, how, role in _sites(root, "src/shape.rs", "Point.x")}
    assert ("src/shape.rs", "pub x: u8,", RESOLVED) in x
    assert ("src/shape.rs", "Self { x: 0, y: 0 }", RESOLVED) in x
    # `Point { x, y }` binds the local `x` too: resolved, a shorthand (a rename writes
    # `Point { new: x, y }`)
    assert ("src/shape.rs", "Point { x, y }", RESOLVED) in x
    model = model_for("rust")
    point_x = next(t for t in model.definitions(project, parsed) if t.qualified == "Point.x")
    sites = model.references(project, point_x, model.candidate_files(project, point_x))
    shorthand = {parsed.line_text(s.line) for s in sites if s.shorthand}
    assert shorthand == {"Point { x, y }"}
    assert ("src/lib.rs", "p.x + q.x + Point::origin().x", BY_TYPE) in x
    in_lib = [f for f, _, _, _ in _sites(root, "src/shape.rs", "Point.x") if f == "src/lib.rs"]
    assert len(in_lib) == 3  # `p.x`, `q.x`, `Point::origin().x`
    # `unknown.x` is a candidate (Point.x is pub); `o.x` is Other's field
    other = [(t, how) for f, t, how, _ in _sites(root, "src/shape.rs", "Point.x") if "other" in f]
    assert other == [("let g = |unknown| unknown.x + unknown.y;", BY_NAME)]
    # a private field: not a candidate outside its module; its method namesake is not it
    y = [(f, t, how) for f, t, how, _ in _sites(root, "src/shape.rs", "Point.y")]
    assert y == [
        ("src/shape.rs", "y: u8,", RESOLVED),
        ("src/shape.rs", "Self { x: 0, y: 0 }", RESOLVED),
        ("src/shape.rs", "Point { x, y }", RESOLVED),
        ("src/shape.rs", "let Point { y: why, .. } = self;", RESOLVED),
        ("src/shape.rs", "*why + self.y", BY_TYPE),
    ]


def test_receivers_typed_through_enumerate_err_and_a_result_s_map(make_repo):
    root = make_repo(
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": (
                "pub struct Fault {\n"
                "    pub code: u8,\n"
                "}\n"
                "pub type Result<T> = std::result::Result<T, Fault>;\n"
                "pub fn check(r: Result<Fault>, all: &[Fault]) -> u8 {\n"
                "    let mut n = 0;\n"
                "    for (i, f) in all.iter().enumerate() {\n"
                "        n += f.code + i as u8;\n"
                "    }\n"
                "    if let Err(e) = r {\n"
                "        return e.code;\n"
                "    }\n"
                "    n + r.map(|ok| ok.code).unwrap_or(0)\n"
                "}\n"
            ),
        }
    )
    sites = [(t, how) for _, t, how, role in _sites(root, "src/lib.rs", "Fault.code")]
    assert sites == [
        ("pub code: u8,", RESOLVED),
        ("n += f.code + i as u8;", BY_TYPE),
        ("return e.code;", BY_TYPE),
        ("n + r.map(|ok| ok.code).unwrap_or(0)", BY_TYPE),
    ]


def test_a_type_s_path_in_a_match_arm_s_pattern_is_no_binding_of_its_name(make_repo):
    root = make_repo(
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": (
                "pub enum Frame {\n"
                "    Union { tail: u8 },\n"
                "    Done,\n"
                "}\n"
                "pub fn pop(f: Frame) -> Option<Frame> {\n"
                "    match f {\n"
                "        Frame::Union { tail } => Some(Frame::Union { tail: tail + 1 }),\n"
                "        Frame::Done => None,\n"
                "    }\n"
                "}\n"
            ),
        }
    )
    lines = [t for _, t, how, _ in _sites(root, "src/lib.rs", "Frame") if how == RESOLVED]
    arm = "        Frame::Union { tail } => Some(Frame::Union { tail: tail + 1 }),".strip()
    assert lines.count(arm) == 2  # the pattern's path and the value's, inside the arm


def test_literals_const_paths_and_a_fold_s_element_have_std_s_or_their_types(make_repo):
    root = make_repo(
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": (
                "pub mod tables {\n"
                '    pub const NAMES: &[&str] = &["a"];\n'
                "}\n"
                "pub struct Lit;\n"
                "impl Lit {\n"
                "    pub fn len(&self) -> usize {\n"
                "        0\n"
                "    }\n"
                "}\n"
                "pub fn total(lits: Vec<Lit>) -> usize {\n"
                '    let pat = "abc";\n'
                "    let n = pat.len() + tables::NAMES.len();\n"
                "    n + lits.iter().fold(0, |acc, lit| acc + lit.len())\n"
                "}\n"
            ),
        }
    )
    sites = [
        (t, how)
        for _, t, how, role in _sites(root, "src/lib.rs", "Lit.len")
        if role != "definition"
    ]
    assert sites == [("n + lits.iter().fold(0, |acc, lit| acc + lit.len())", BY_TYPE)]


def test_a_std_type_s_own_method_wins_over_a_project_trait_s(make_repo):
    """``impl Vector for Vec<T> { fn push(&mut self, v: T) { self.push(v) } }``: the call
    is Vec's own ``push`` (an inherent method wins over a trait's), not a recursion into
    the trait's (smallvec's benches); a method Vec does not have is the trait's."""
    root = make_repo(
        {
            "Cargo.toml": '[package]\nname = "b"\nversion = "0.1.0"\n',
            "src/lib.rs": (
                "pub trait Vector<T> {\n"
                "    fn push(&mut self, val: T);\n"
                "    fn from_elem(val: T) -> Self;\n"
                "}\n"
                "impl<T: Copy> Vector<T> for Vec<T> {\n"
                "    fn push(&mut self, val: T) {\n"
                "        self.push(val)\n"
                "    }\n"
                "    fn from_elem(val: T) -> Self {\n"
                "        let mut v = Vec::new();\n"
                "        v.push(val);\n"
                "        v\n"
                "    }\n"
                "}\n"
                "pub fn twice<V: Vector<u8>>(v: &mut V) {\n"
                "    v.push(1);\n"
                "}\n"
            ),
        }
    )
    calls = {
        s[1]: s[2]
        for s in _sites(root, "src/lib.rs", "Vector.push")
        if "(1)" in s[1] or "val)" in s[1]
    }
    assert calls == {"v.push(1);": BY_TYPE}  # not `self.push(val)`, not `v.push(val);`


MACRO_FIELDS = {
    "Cargo.toml": CARGO,
    "src/lib.rs": ("#[macro_use]\nmod macros;\npub mod set;\n"),
    "tests/quick.rs": (
        "macro_rules! props { ($($i:item)*) => ($($i)*); }\n"
        "\n"
        "props! {\n"
        "    fn contains(insert: Vec<u32>) -> bool {\n"
        "        let mut map = std::collections::HashMap::new();\n"
        "        for &key in &insert {\n"
        "            map.insert(key, ());\n"
        "        }\n"
        "        insert.iter().all(|&key| map.get(&key).is_some())\n"
        "    }\n"
        "\n"
        "    fn contains_not(insert: Vec<u8>, not: Vec<u8>) -> bool {\n"
        "        let mut map = std::collections::HashMap::new();\n"
        "        for &key in &insert {\n"
        "            map.insert(key, ());\n"
        "        }\n"
        "        let nots = &set(&not) - &set(&insert);\n"
        "        nots.iter().all(|&key| map.get(&key).is_none())\n"
        "    }\n"
        "\n"
        "    fn one(keys: Vec<u8>) -> bool {\n"
        "        let mut seen = std::collections::HashSet::new();\n"
        "        seen.insert(keys[0])\n"
        "    }\n"
        "}\n"
    ),
    "src/macros.rs": (
        "macro_rules! forward {\n"
        "    () => {\n"
        "        fn size(&self) -> usize {\n"
        "            self.iter.len()\n"
        "        }\n"
        "    };\n"
        "}\n"
        "macro_rules! solo {\n"
        "    () => {\n"
        "        fn first(&self) -> Option<&u8> {\n"
        "            self.iter.as_slice().first()\n"
        "        }\n"
        "    };\n"
        "}\n"
    ),
    "src/set.rs": (
        "pub struct IntoIter {\n"
        "    iter: std::vec::IntoIter<u8>,\n"
        "}\n"
        "impl IntoIter {\n"
        "    forward!();\n"
        "}\n"
        "pub struct Keys {\n"
        "    iter: std::vec::IntoIter<u8>,\n"
        "}\n"
        "impl Keys {\n"
        "    forward!();\n"
        "    solo!();\n"
        "}\n"
        "pub struct Lone {\n"
        "    iter: std::vec::IntoIter<u8>,\n"
        "}\n"
        "impl Lone {\n"
        "    pub fn insert(&mut self, _v: u8) -> bool {\n"
        "        true\n"
        "    }\n"
        "}\n"
    ),
}


def test_a_field_read_in_a_macro_s_body_is_the_field_of_the_types_invoking_it(make_repo):
    # the body expands where the macro is invoked, whatever module that is: `self` there
    # is each type whose impl invokes it; a body two types share is a candidate (a
    # rename cannot take it for one of them)
    root = make_repo(MACRO_FIELDS)

    def in_macros(qualified: str) -> list[tuple[str, str]]:
        return [
            (t.strip(), how)
            for f, t, how, _ in _sites(root, "src/set.rs", qualified)
            if f == "src/macros.rs"
        ]

    assert in_macros("Keys.iter") == [
        ("self.iter.len()", BY_NAME),
        ("self.iter.as_slice().first()", BY_TYPE),
    ]
    assert in_macros("IntoIter.iter") == [("self.iter.len()", BY_NAME)]
    assert in_macros("Lone.iter") == []


def test_a_method_call_in_a_macro_s_tokens_reads_no_field_and_counts_its_arguments(make_repo):
    # `insert.iter()` in props!'s tokens calls a method: no read of a field `iter`
    root = make_repo(MACRO_FIELDS)
    sites = [f for f, _, _, _ in _sites(root, "src/set.rs", "IntoIter.iter")]
    assert "tests/quick.rs" not in sites
    # a method of one argument: `seen.insert(keys[0])` is a candidate, `map.insert(key,
    # ())` passes two
    inserts = [
        (t.strip(), how)
        for f, t, how, _ in _sites(root, "src/set.rs", "Lone.insert")
        if f != "src/set.rs"
    ]
    assert inserts == [("seen.insert(keys[0])", BY_NAME)]


def test_a_closure_given_to_a_method_and_a_from_iter_value_have_the_types_stated(make_repo):
    # `self.with_entries(|entries| entries.sort_by(..))`: the method's `F: FnOnce(&mut
    # [Entry])` makes `entries` a slice, whose `sort_by` is std's; `Vec::from_iter(..)` is
    # a Vec, whose `truncate` is std's
    root = make_repo(
        {
            "Cargo.toml": CARGO,
            "src/lib.rs": (
                "pub struct Entry(pub u8);\n"
                "pub struct Map {\n"
                "    entries: Vec<Entry>,\n"
                "}\n"
                "impl Map {\n"
                "    fn with_entries<F>(&mut self, f: F)\n"
                "    where\n"
                "        F: FnOnce(&mut [Entry]),\n"
                "    {\n"
                "        f(&mut self.entries)\n"
                "    }\n"
                "    pub fn sort_by(&mut self, _how: u8) {\n"
                "        self.with_entries(|entries| entries.sort_by(|a, b| a.0.cmp(&b.0)));\n"
                "    }\n"
                "    pub fn truncate(&mut self, n: usize) {\n"
                "        let mut keys = Vec::from_iter(self.entries.iter().map(|e| e.0));\n"
                "        keys.truncate(n);\n"
                "    }\n"
                "}\n"
            ),
        }
    )
    for method in ("Map.sort_by", "Map.truncate"):
        uses = [t for _, t, _, role in _sites(root, "src/lib.rs", method) if role != "definition"]
        assert uses == [], method
