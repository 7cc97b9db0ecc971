"""A Go rename changes every site of the one definition named, and only those (issue 28):
``alias.Name`` in importing packages, a method through the receiver types a file states,
an interface's method with its implementations and their calls, a struct field in its
composite literals, another package's method and a shadowing local left alone, a value of
unknown type left to the caller, a method the standard library may call, a type or field
named in ``testdata`` (printed there by reflection) and a name the program reads as text
(``MethodByName("Shut")``, an expected ``%T``, a JSON key) refused."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

import prx
from prx.core.errors import AmbiguousMatchError

FILES = {
    "go.mod": "module example.com/shop\n\ngo 1.19\n",
    "store/store.go": (
        "package store\n"
        "\n"
        'import "strings"\n'
        "\n"
        "type Closer interface {\n"
        "\tShut() error\n"
        "}\n"
        "\n"
        "type Server struct {\n"
        "\tName string\n"
        "}\n"
        "\n"
        "func (s *Server) Shut() error { return nil }\n"
        "\n"
        "type Pool struct{ size int }\n"
        "\n"
        "func (p *Pool) Shut() error { return nil }\n"
        "\n"
        "func (p *Pool) Len() int { return p.size }\n"
        "\n"
        'func (p *Pool) String() string { return "pool" }\n'
        "\n"
        "func New(name string) *Server { return &Server{Name: name} }\n"
        "\n"
        "func All(c Closer, names []string) int {\n"
        "\t_ = c.Shut()\n"
        "\tvar b strings.Builder\n"
        "\tfor _, n := range names {\n"
        "\t\tb.WriteString(New(n).Name)\n"
        "\t}\n"
        "\tNew := b.Len()\n"
        "\treturn New\n"
        "}\n"
        "\n"
        "func Size[T interface{ Len() int }](v T) int { return v.Len() }\n"
    ),
    "app/app.go": (
        "package app\n"
        "\n"
        'import st "example.com/shop/store"\n'
        "\n"
        "func Run() error {\n"
        '\ts := st.New("x")\n'
        "\tp := &st.Pool{}\n"
        "\t_ = p.Len()\n"
        "\tvar c st.Closer = p\n"
        "\t_ = c\n"
        "\treturn s.Shut()\n"
        "}\n"
    ),
    "app/app_test.go": (
        "package app\n"
        "\n"
        'import "testing"\n'
        "\n"
        "func TestRun(t *testing.T) {\n"
        "\tif err := Run(); err != nil {\n"
        "\t\tt.Fatal(err)\n"
        "\t}\n"
        "}\n"
    ),
}


def _read(root: Path, rel: str) -> str:
    return (root / rel).read_text()


def test_a_function_is_renamed_through_import_aliases_not_a_shadowing_local(make_repo):
    root = make_repo(FILES)
    prx.rename("store.New", "Open", apply=True, check="never", root=root)
    store = _read(root, "store/store.go")
    assert "func Open(name string) *Server" in store
    assert "b.WriteString(Open(n).Name)" in store
    assert "\tNew := b.Len()\n\treturn New\n" in store  # a local of the same name
    assert 's := st.Open("x")' in _read(root, "app/app.go")


def test_an_interface_method_is_renamed_with_its_implementations_and_calls(make_repo):
    root = make_repo(FILES)
    prx.rename("Closer.Shut", "Stop", apply=True, check="never", root=root)
    store = _read(root, "store/store.go")
    assert "\tStop() error\n" in store
    assert "func (s *Server) Stop() error" in store and "func (p *Pool) Stop() error" in store
    assert "_ = c.Stop()" in store
    assert "return s.Stop()" in _read(root, "app/app.go")


def test_a_field_is_renamed_in_selectors_and_composite_literals(make_repo):
    root = make_repo(FILES)
    prx.rename("Server.Name", "Title", apply=True, check="never", root=root)
    store = _read(root, "store/store.go")
    assert "\tTitle string\n" in store
    assert "return &Server{Title: name}" in store and "New(n).Title" in store
    assert "func New(name string)" in store  # the parameter is another name


def test_a_bare_name_of_several_methods_is_refused_with_the_list(make_repo):
    root = make_repo(FILES)
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("Shut", "Stop", apply=True, check="never", root=root)
    message = info.value.message
    assert "store.Server.Shut" in message and "store.Pool.Shut" in message
    assert "store.Closer.Shut" in message


def test_a_value_of_unknown_type_is_left_to_the_caller(make_repo):
    root = make_repo(FILES)
    # v.Len() through a type parameter: it may be Pool's, or strings.Builder's
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("Pool.Len", "Count", apply=True, check="never", root=root)
    assert "store/store.go:35" in info.value.message
    assert "func (p *Pool) Len() int" in _read(root, "store/store.go")
    prx.rename(
        "Pool.Len", "Count", apply=True, check="never", sites=["store/store.go:35"], root=root
    )
    store = _read(root, "store/store.go")
    assert "func (p *Pool) Count() int" in store and "v.Count()" in store
    assert "\tNew := b.Len()\n" in store  # strings.Builder's own
    assert "_ = p.Count()" in _read(root, "app/app.go")


def test_a_method_the_standard_library_may_call_is_refused(make_repo):
    root = make_repo(FILES)
    # fmt calls String through fmt.Stringer: nothing in the project says where
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("Pool.String", "Text", apply=True, check="never", root=root)
    assert "store/store.go:21" in info.value.message  # its own definition, unsure
    assert 'func (p *Pool) String() string { return "pool" }' in _read(root, "store/store.go")


def test_a_type_or_field_named_in_testdata_is_left_to_the_caller(make_repo):
    # a golden file: what fmt's %+v printed; renaming the type changes it
    root = make_repo({**FILES, "store/testdata/pool.golden": "store.Pool{size:3}\n"})
    for old in ("Pool", "Pool.size"):
        with pytest.raises(prx.PrxError):
            prx.rename(old, "Group", apply=True, check="never", root=root)
    assert "type Pool struct{ size int }" in _read(root, "store/store.go")
    # another type, its name absent from the golden file, is renamed
    prx.rename("Server", "Host", apply=True, check="never", root=root)
    assert "type Host struct {" in _read(root, "store/store.go")


REFLECTED = {
    **FILES,
    "store/lookup.go": (
        "package store\n"
        "\n"
        'import "reflect"\n'
        "\n"
        "// CanShut finds the method by its name, as reflection does.\n"
        "func CanShut(v any) bool {\n"
        '\t_, ok := reflect.TypeOf(v).MethodByName("Shut")\n'
        "\treturn ok\n"
        "}\n"
        "\n"
        "func Label(s *Server) map[string]string {\n"
        '\treturn map[string]string{"Name": s.Name, "kind": Register("Name")}\n'
        "}\n"
        "\n"
        "func Register(kind string) string { return kind }\n"
    ),
    "app/print_test.go": (
        "package app\n"
        "\n"
        "import (\n"
        '\t"fmt"\n'
        '\t"testing"\n'
        "\n"
        '\tst "example.com/shop/store"\n'
        ")\n"
        "\n"
        "func TestPrint(t *testing.T) {\n"
        '\tif got := fmt.Sprintf("%T", &st.Pool{}); got != "*store.Pool" {\n'
        "\t\tt.Fatal(got)\n"
        "\t}\n"
        "}\n"
    ),
}


def test_names_the_program_reads_as_text_are_left_to_the_caller(make_repo):
    root = make_repo(REFLECTED)
    # MethodByName("Shut") finds Server.Shut by name; a test expects %T's "*store.Pool"
    for old in ("Server.Shut", "Pool"):
        with pytest.raises(AmbiguousMatchError):
            prx.rename(old, "Other", apply=True, check="never", root=root)
    store = _read(root, "store/store.go")
    assert "func (s *Server) Shut() error" in store and "type Pool struct" in store
    # a map key and an argument of a function that looks nothing up are not the field
    prx.rename("Server.Name", "Title", apply=True, check="never", root=root)
    assert "\tTitle string\n" in _read(root, "store/store.go")
    assert '{"Name": s.Title, "kind": Register("Name")}' in _read(root, "store/lookup.go")


def test_a_field_named_as_a_json_key_or_a_lookup_path_is_left_to_the_caller(make_repo):
    root = make_repo(
        {
            **FILES,
            "store/testdata/server.json": '{"Name": "x"}\n',
            "app/ignore_test.go": (
                "package app\n"
                "\n"
                'import "testing"\n'
                "\n"
                "func IgnoreFields(v any, names ...string) {}\n"
                "\n"
                "type pair struct{ Left, Right int }\n"
                "\n"
                "func TestIgnore(t *testing.T) {\n"
                '\tIgnoreFields(pair{Right: 1}, "Pair.Right")\n'
                '\tIgnoreFields(solo{}, "Only")\n'
                "}\n"
                "\n"
                "type solo struct{ Only int }\n"
            ),
        }
    )
    with pytest.raises(AmbiguousMatchError):
        prx.rename("Server.Name", "Title", apply=True, check="never", root=root)
    with pytest.raises(AmbiguousMatchError):
        prx.rename("pair.Right", "Other", apply=True, check="never", root=root)
    # its definition the only place: refused as unsure too, with the place, even dry
    with pytest.raises(AmbiguousMatchError) as info:
        prx.rename("solo.Only", "Other", root=root)
    assert "app/ignore_test.go:14" in info.value.message
    prx.rename("pair.Left", "First", apply=True, check="never", root=root)
    assert "type pair struct{ First, Right int }" in _read(root, "app/ignore_test.go")


@pytest.mark.skipif(shutil.which("go") is None, reason="go is not installed")
def test_renamed_modules_still_build_and_pass(make_repo):
    root = make_repo(FILES)
    for old, new in (
        ("store.New", "Open"),
        ("Closer.Shut", "Stop"),
        ("Server.Name", "Title"),
        ("Pool.size", "count"),
        ("Pool", "Group"),
    ):
        done = prx.rename(old, new, apply=True, check="never", root=root)
        assert done.applied, old
    env = {
        **os.environ,
        "GOFLAGS": "-mod=mod",
        "GOPROXY": "off",
        "GOTOOLCHAIN": "local",
        "CGO_ENABLED": "0",
        "GOCACHE": str(root / ".gocache"),
    }
    vet = subprocess.run(
        ["go", "vet", "./..."], cwd=root, env=env, capture_output=True, text=True, check=False
    )
    assert vet.returncode == 0, vet.stderr
    test = subprocess.run(
        ["go", "test", "./..."], cwd=root, env=env, capture_output=True, text=True, check=False
    )
    assert test.returncode == 0, test.stdout + test.stderr
