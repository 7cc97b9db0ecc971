"""The Go model (issue 28): packages (a package-level name by its bare name in its package,
as ``alias.Name`` where imported, shadowed by locals), receivers (methods and fields
through the type a file states or implies), embedded types, interface methods renamed
with their implementations, composite literal keys, build-constraint namesakes, and
methods the standard library may call left to the caller."""

from __future__ import annotations

from pathlib import Path

import prx
from prx.engine.intel.models import BY_NAME, BY_TYPE, RESOLVED, model_for
from prx.engine.intel.project import Project

#: A module in three packages and an external test package.
MODULE = {
    "go.mod": "module example.com/shop\n\ngo 1.19\n",
    "store/store.go": (
        "// Package store keeps items.\n"
        "package store\n"
        "\n"
        "import (\n"
        '\t"strings"\n'
        "\n"
        '\t"example.com/shop/store/base"\n'
        ")\n"
        "\n"
        "// Closer shuts things.\n"
        "type Closer interface {\n"
        "\tShut() error\n"
        "}\n"
        "\n"
        "// Server serves.\n"
        "type Server struct {\n"
        "\tName  string\n"
        "\tbase.Base\n"
        "\tinner *Inner\n"
        "}\n"
        "\n"
        "type Inner struct{ Count int }\n"
        "\n"
        "func (i *Inner) Len() int { return i.Count }\n"
        "\n"
        "func (s *Server) Shut() error {\n"
        "\t_ = s.inner.Len()\n"
        "\ts.Hello()\n"
        "\treturn nil\n"
        "}\n"
        "\n"
        "// NewServer makes a server.\n"
        "func NewServer(name string) *Server {\n"
        "\treturn &Server{Name: name, inner: &Inner{Count: 1}}\n"
        "}\n"
        "\n"
        "var (\n"
        "\tlimit, other = 3, 4\n"
        ")\n"
        "\n"
        "func use(c Closer) int {\n"
        '\ts := NewServer("a")\n'
        "\ts.Shut()\n"
        "\tc.Shut()\n"
        "\tvar typed Server\n"
        "\ttyped.Shut()\n"
        "\tfor _, x := range []*Server{s} {\n"
        "\t\tx.Shut()\n"
        "\t}\n"
        '\tlist := []Server{{Name: "b"}}\n'
        "\tf := (*Server).Shut\n"
        "\t_ = f\n"
        "\tName := len(list)\n"
        "\tvar b strings.Builder\n"
        "\t_ = b.Len()\n"
        "\tlimit := 2\n"
        "\treturn Name + limit + other\n"
        "}\n"
        "\n"
        "func measure[T interface{ Len() int }](v T) int {\n"
        "\treturn v.Len()\n"
        "}\n"
        "\n"
        "func report(v interface{}) string {\n"
        "\tswitch w := v.(type) {\n"
        "\tcase *Server:\n"
        "\t\treturn w.Name\n"
        "\t}\n"
        "\treturn describe(limit)\n"
        "}\n"
        "\n"
        "func describe(n int) string {\n"
        '\treturn strings.Repeat("x", n)\n'
        "}\n"
    ),
    "store/tags_a.go": "//go:build !purego\n\npackage store\n\nfunc fast() int { return 1 }\n",
    "store/tags_b.go": "//go:build purego\n\npackage store\n\nfunc fast() int { return 2 }\n",
    "store/uses.go": "package store\n\nfunc twice() int { return fast() + fast() }\n",
    "store/base/base.go": (
        "package base\n"
        "\n"
        "type Base struct{}\n"
        "\n"
        'func (b Base) Hello() string { return "hi" }\n'
        "\n"
        "// Helper helps.\n"
        "func Helper() int { return 1 }\n"
        "\n"
        "type Label struct{ ID int }\n"
        "\n"
        'func (l Label) String() string { return "label" }\n'
    ),
    "store/store_test.go": (
        "package store_test\n"
        "\n"
        "import (\n"
        '\t"testing"\n'
        "\n"
        '\t"example.com/shop/store"\n'
        '\tb2 "example.com/shop/store/base"\n'
        ")\n"
        "\n"
        "func TestShut(t *testing.T) {\n"
        '\tsrv := store.NewServer("t")\n'
        "\tsrv.Shut()\n"
        "\t_ = srv.Name\n"
        "\t_ = b2.Helper()\n"
        "\tsrv.Hello()\n"
        "\tsrv.Base.Hello()\n"
        "}\n"
    ),
    "cmd/tool/main.go": (
        "package main\n"
        "\n"
        'import . "example.com/shop/store/base"\n'
        "\n"
        "func main() {\n"
        "\t_ = Label{ID: 1}.String()\n"
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
    model = model_for("go")
    target = next(t for t in model.definitions(project, parsed) if t.qualified == qualified)
    out = []
    for site in model.references(project, target, model.candidate_files(project, target)):
        user = project.file(site.file)
        assert user is not None
        assert user.data[site.start : site.end].decode() == target.name
        out.append((site.file, user.line_text(site.line), site.how, site.role))
    return out


def test_definitions_are_qualified_by_package_and_receiver_type(make_repo):
    root = make_repo(MODULE)
    project = _project(root)
    parsed = project.file("store/store.go")
    assert parsed is not None
    targets = model_for("go").definitions(project, parsed)
    named = {(t.qualified, t.kind, t.container) for t in targets}
    assert ("store.Server", "struct", "store") in named
    assert ("store.Server.Shut", "method", "Server") in named
    assert ("store.Closer.Shut", "method", "Closer") in named
    assert ("store.Server.Name", "field", "Server") in named
    assert ("store.NewServer", "function", "store") in named
    # each name of a grouped ``var`` is a definition; locals are none
    assert ("store.limit", "variable", "store") in named
    assert ("store.other", "variable", "store") in named
    assert not any(q in ("store.s", "store.list", "store.Name") for q, _, _ in named)
    # a field's definition is the field's line, with the outline's node for explain
    field = next(t for t in targets if t.qualified == "store.Server.Name")
    assert field.defn is not None and field.line == 17


def test_package_names_resolve_in_the_package_and_through_import_aliases(make_repo):
    root = make_repo(MODULE)
    sites = _sites(root, "store/base/base.go", "base.Helper")
    assert ("store/store_test.go", "_ = b2.Helper()", RESOLVED, "reference") in sites
    assert not any(f == "cmd/tool/main.go" for f, *_ in sites)
    limit = _sites(root, "store/store.go", "store.limit")
    texts = [(t, role) for _, t, _, role in limit]
    assert ("return describe(limit)", "reference") in texts
    # the local ``limit := 2`` shadows it, and what follows uses the local
    assert not any(t.startswith("limit := 2") or t.startswith("return Name") for t, _ in texts)


def test_methods_resolve_through_the_receiver_type_the_file_states(make_repo):
    root = make_repo(MODULE)
    sites = _sites(root, "store/store.go", "store.Server.Shut")
    refs = [(f, t) for f, t, how, role in sites if role == "reference" and how == BY_TYPE]
    for text in ("s.Shut()", "typed.Shut()", "x.Shut()", "f := (*Server).Shut"):
        assert ("store/store.go", text) in refs, text
    assert ("store/store_test.go", "srv.Shut()") in refs
    # the call through the interface is the interface's method: renamed with it, not a use
    assert ("store/store.go", "c.Shut()", BY_TYPE, "definition") in sites
    assert ("store/store.go", "Shut() error", RESOLVED, "definition") in sites


def test_an_interface_method_is_renamed_with_its_implementations(make_repo):
    root = make_repo(MODULE)
    sites = _sites(root, "store/store.go", "store.Closer.Shut")
    assert ("store/store.go", "c.Shut()", BY_TYPE, "reference") in sites
    assert ("store/store.go", "func (s *Server) Shut() error {", RESOLVED, "definition") in sites
    assert ("store/store_test.go", "srv.Shut()", BY_TYPE, "definition") in sites


def test_another_module_s_method_and_an_unknown_receiver(make_repo):
    root = make_repo(MODULE)
    sites = _sites(root, "store/store.go", "store.Inner.Len")
    texts = {t: (how, role) for _, t, how, role in sites}
    assert texts["_ = s.inner.Len()"] == (BY_TYPE, "reference")  # through a field's type
    assert "_ = b.Len()" not in texts  # strings.Builder's Len
    # a value whose type is not known: a candidate, by name
    assert texts["return v.Len()"] == (BY_NAME, "reference")


def test_embedded_types_promote_methods_and_name_a_field(make_repo):
    root = make_repo(MODULE)
    hello = _sites(root, "store/base/base.go", "base.Base.Hello")
    refs = {(f, t) for f, t, _, role in hello if role == "reference"}
    assert ("store/store.go", "s.Hello()") in refs
    assert ("store/store_test.go", "srv.Hello()") in refs
    assert ("store/store_test.go", "srv.Base.Hello()") in refs
    # renaming the type renames the embedded field it names
    base = _sites(root, "store/base/base.go", "base.Base")
    assert ("store/store.go", "base.Base", RESOLVED, "reference") in base
    assert ("store/store_test.go", "srv.Base.Hello()", RESOLVED, "reference") in base


def test_fields_through_selectors_and_composite_literal_keys(make_repo):
    root = make_repo(MODULE)
    sites = _sites(root, "store/store.go", "store.Server.Name")
    refs = {t for f, t, _, role in sites if role == "reference" and f == "store/store.go"}
    assert "return &Server{Name: name, inner: &Inner{Count: 1}}" in refs
    assert 'list := []Server{{Name: "b"}}' in refs  # an element of elided type
    assert "return w.Name" in refs  # a type switch's case binds the type
    assert "Name := len(list)" not in refs  # a local
    assert ("store/store_test.go", "_ = srv.Name", BY_TYPE, "reference") in sites


def test_namesakes_of_other_build_constraints_change_together(make_repo):
    root = make_repo(MODULE)
    sites = _sites(root, "store/tags_a.go", "store.fast")
    assert ("store/tags_b.go", "func fast() int { return 2 }", RESOLVED, "definition") in sites
    assert [t for f, t, _, role in sites if role == "reference"] == [
        "func twice() int { return fast() + fast() }"
    ] * 2


def test_a_method_the_standard_library_may_call_is_left_to_the_caller(make_repo):
    root = make_repo(MODULE)
    sites = _sites(root, "store/base/base.go", "base.Label.String")
    assert (
        "store/base/base.go",
        'func (l Label) String() string { return "label" }',
        BY_NAME,
        "definition",
    ) in sites
    # a dot import brings the package's names into the file
    assert ("cmd/tool/main.go", "_ = Label{ID: 1}.String()", BY_TYPE, "reference") in sites


def test_candidate_files_follow_the_imports(make_repo):
    root = make_repo(MODULE)
    project = _project(root)
    model = model_for("go")
    parsed = project.file("store/base/base.go")
    assert parsed is not None
    helper = next(t for t in model.definitions(project, parsed) if t.qualified == "base.Helper")
    # the package's files and the files importing it that name it
    assert model.candidate_files(project, helper) == ["store/base/base.go", "store/store_test.go"]
    shut = next(
        t
        for t in model.definitions(project, project.file("store/store.go"))  # type: ignore[arg-type]
        if t.qualified == "store.Server.Shut"
    )
    assert model.candidate_files(project, shut) == ["store/store.go", "store/store_test.go"]


PRINTED = {
    "go.mod": "module example.com/shop\n\ngo 1.19\n",
    "shop/shop.go": (
        "package shop\n"
        "\n"
        "type Base struct{ ID int }\n"
        "\n"
        "type Item struct {\n"
        "\tBase\n"
        "\tName  string\n"
        "\tPrice int\n"
        "}\n"
        "\n"
        "type Cart struct{ Count int }\n"
        "\n"
        "func (c Cart) Equal(o Cart) bool { return c.Count == o.Count }\n"
        "\n"
        "func (c Cart) Total() int { return c.Count }\n"
        "\n"
        "type Tag struct{ Count int }\n"
    ),
    # what %+v printed: the embedded Base by its field name, Item's fields, not Cart's
    "shop/testdata/item.golden": 'shop.Item{Base: {ID: 1}, Name: "pen"}\nshop.Tag{Count: 2}\n',
    "shop/shop_test.go": (
        "package shop\n"
        "\n"
        'import "reflect"\n'
        "\n"
        "func hasEqual(v any) bool {\n"
        '\t_, ok := reflect.TypeOf(v).MethodByName("Equal")\n'
        "\treturn ok\n"
        "}\n"
        "\n"
        'var _ = map[string]int{"Total": Cart{}.Total()}\n'
    ),
}


def test_names_read_as_text_make_the_definition_unsure(make_repo):
    root = make_repo(PRINTED)

    def how(qualified: str) -> str:
        own = [s for s in _sites(root, "shop/shop.go", qualified) if s[3] == "definition"]
        assert len(own) == 1, own
        return own[0][2]

    # printed in the golden file: the type, an embedded type (a field's name), fields
    # of a value of their type, of a nested value whose type is left out
    printed = ("shop.Item", "shop.Base", "shop.Item.Name", "shop.Tag.Count", "shop.Base.ID")
    assert [how(q) for q in printed] == [BY_NAME] * 5
    # Count: is printed in a Tag, not in a Cart
    assert how("shop.Cart.Count") == RESOLVED
    # looked up by name through reflection
    assert how("shop.Cart.Equal") == BY_NAME
    # Price is not in the golden file, Cart is not printed, "Total" is only a map key
    assert [how(q) for q in ("shop.Item.Price", "shop.Cart", "shop.Cart.Total")] == [RESOLVED] * 3
