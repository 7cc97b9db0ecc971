"""``prx explain`` in a Go module (issue 28): a method's references are its calls through
receivers of its type (parameters, ``:=`` of a constructor, fields, embedded types), each
with how sure it is; a value of unknown type is a candidate by name; the calls through an
interface are the interface's; ``_test.go`` files are tests; another module's method of
the same name is unrelated."""

from __future__ import annotations

FILES = {
    "go.mod": "module example.com/shop\n\ngo 1.19\n",
    "store/store.go": (
        "package store\n"
        "\n"
        'import "bytes"\n'
        "\n"
        "type Closer interface{ Shut() }\n"
        "\n"
        "type Server struct{ pool *Pool }\n"
        "\n"
        "// Pool holds connections.\n"
        "type Pool struct{ n int }\n"
        "\n"
        "// Shut closes the pool.\n"
        "func (p *Pool) Shut() { p.n = 0 }\n"
        "\n"
        "func NewPool() *Pool { return &Pool{} }\n"
        "\n"
        "func (s *Server) Stop(c Closer) {\n"
        "\ts.pool.Shut()\n"
        "\tc.Shut()\n"
        "\tvar b bytes.Buffer\n"
        "\tb.Reset()\n"
        "}\n"
        "\n"
        "func Drain[T interface{ Shut() }](v T) { v.Shut() }\n"
    ),
    "store/store_test.go": (
        "package store\n"
        "\n"
        'import "testing"\n'
        "\n"
        "func TestShut(t *testing.T) {\n"
        "\tp := NewPool()\n"
        "\tp.Shut()\n"
        "}\n"
    ),
}


def test_a_method_s_references_are_its_typed_calls_and_tests(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "Pool.Shut", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert [(d["file"], d["kind"], d["container"]) for d in data["definitions"]] == [
        ("store/store.go", "method", "Pool")
    ]
    assert data["definitions"][0]["docstring"] == "Shut closes the pool."
    references = sorted((r["file"], r["line"], r["certainty"]) for r in data["references"])
    # s.pool.Shut() through a field; v.Shut() through a type parameter: by name only;
    # c.Shut() is Closer's (the interface's method, renamed with it, not a use)
    assert references == [("store/store.go", 18, "by_type"), ("store/store.go", 24, "by_name")]
    assert [(t["file"], t["line"]) for t in data["tests"]] == [("store/store_test.go", 7)]


def test_a_field_is_a_definition_with_its_uses(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "Server.pool", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert [(d["file"], d["line"], d["kind"]) for d in data["definitions"]] == [
        ("store/store.go", 7, "field")
    ]
    assert [(r["file"], r["line"]) for r in data["references"]] == [("store/store.go", 18)]


def test_an_interface_method_s_references_are_the_calls_through_it(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("explain", "Closer.Shut", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    # v.Shut() through a type parameter is a candidate, by name
    assert [(r["file"], r["line"], r["certainty"]) for r in data["references"]] == [
        ("store/store.go", 19, "by_type"),
        ("store/store.go", 24, "by_name"),
    ]


EXTERNAL_TESTS = {
    "go.mod": "module example.com/shop\n\ngo 1.19\n",
    "store/store.go": (
        "package store\n"
        "\n"
        "type Pool struct{ n int }\n"
        "\n"
        "func (p *Pool) Shut() { p.n = 0 }\n"
        "\n"
        "type Server struct {\n"
        "\t*Pool\n"
        "\tname string\n"
        "}\n"
        "\n"
        "func NewServer() *Server { return &Server{Pool: &Pool{}} }\n"
    ),
    "store/ext_test.go": (
        "package store_test\n"
        "\n"
        "import (\n"
        '\t"testing"\n'
        "\n"
        '\t"example.com/shop/store"\n'
        ")\n"
        "\n"
        "func TestServer(t *testing.T) {\n"
        "\ts := store.NewServer()\n"
        "\ts.Shut()\n"
        "}\n"
        "\n"
        "func TestTable(t *testing.T) {\n"
        "\tfor _, tc := range []struct{ pool *store.Pool }{{pool: &store.Pool{}}} {\n"
        "\t\ttc.pool.Shut()\n"
        "\t}\n"
        "}\n"
        "\n"
        "type fake struct{}\n"
        "\n"
        "func (fake) Shut() {}\n"
        "\n"
        "func TestFake(t *testing.T) { fake{}.Shut() }\n"
    ),
}


def test_go_test_files_of_an_external_package_call_it_through_instances(make_repo, run_cli):
    root = make_repo(EXTERNAL_TESTS)
    done = run_cli("explain", "Pool.Shut", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    assert data["references"] == []
    # a method promoted through the embedded *Pool, a table's field; the test file's own
    # fake.Shut is another method
    assert [(t["file"], t["line"], t["function"], t["certainty"]) for t in data["tests"]] == [
        ("store/ext_test.go", 11, "TestServer", "by_type"),
        ("store/ext_test.go", 16, "TestTable", "by_type"),
    ]
