"""``prx impact --symbol`` in a Go module (issue 28): the files that use an exported name
through their import of its package (aliased or not) depend on it, a file that imports
the package for other names does not, ``_test.go`` files are tests; a method's dependents
are the files that call it through a value of its type, whatever they import."""

from __future__ import annotations

FILES = {
    "go.mod": "module example.com/shop\n\ngo 1.19\n",
    "store/store.go": (
        "package store\n"
        "\n"
        "type Pool struct{ n int }\n"
        "\n"
        "func (p *Pool) Size() int { return p.n }\n"
        "\n"
        "func NewPool() *Pool { return &Pool{} }\n"
        "\n"
        "func Other() int { return 1 }\n"
    ),
    "app/app.go": (
        "package app\n"
        "\n"
        'import st "example.com/shop/store"\n'
        "\n"
        "func Make() *st.Pool { return st.NewPool() }\n"
    ),
    "app/other.go": (
        "package app\n"
        "\n"
        'import "example.com/shop/store"\n'
        "\n"
        "func NewPool() int { return store.Other() }\n"
    ),
    "web/web.go": (
        "package web\n"
        "\n"
        'import "example.com/shop/app"\n'
        "\n"
        "func Count() int { return app.Make().Size() }\n"
    ),
    "app/app_test.go": (
        "package app_test\n"
        "\n"
        "import (\n"
        '\t"testing"\n'
        "\n"
        '\t"example.com/shop/store"\n'
        ")\n"
        "\n"
        "func TestPool(t *testing.T) {\n"
        "\tif store.NewPool().Size() != 0 {\n"
        '\t\tt.Fatal("size")\n'
        "\t}\n"
        "}\n"
    ),
}


def test_importing_files_that_use_a_function_depend_on_it(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("impact", "store/store.go", "--symbol", "NewPool", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    direct = [(d["file"], d["lines"]) for d in data["dependents"] if d["hops"] == 1]
    # app/other.go imports store and defines its own NewPool: no dependent
    assert direct == [("app/app.go", [5])]
    assert [(t["file"], t["lines"]) for t in data["tests"] if t["hops"] == 1] == [
        ("app/app_test.go", [10])
    ]


def test_a_method_s_dependents_call_it_through_a_value_of_its_type(make_repo, run_cli):
    root = make_repo(FILES)
    done = run_cli("impact", "store/store.go", "--symbol", "Pool.Size", "--budget", "0", cwd=root)
    data = done.envelope["data"]
    # web.go does not import store: the value comes from app.Make()
    assert [(d["file"], d["lines"]) for d in data["dependents"] if d["hops"] == 1] == [
        ("web/web.go", [5])
    ]
    assert [t["file"] for t in data["tests"] if t["hops"] == 1] == ["app/app_test.go"]
