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
