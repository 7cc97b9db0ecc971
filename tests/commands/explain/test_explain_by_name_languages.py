"""Languages without a model of their own are read by name (issue 28): each grammar names
its identifiers its own way (Swift's ``simple_identifier``, PHP's ``name``,
Bash's ``variable_name``), and every one of them is a reference, flagged ``by_name``;
a word in a string, a comment, a README, a project file or a file of a language that
cannot call the definition is none."""

from __future__ import annotations

import pytest

import prx

#: One definition in one file, used in another (and mentioned where it is no use).
CASES = {
    "swift": {
        "Sources/Net/Client.swift": (
            "public final class Client {\n"
            "    public func fetchAll(limit: Int) -> [String] {\n"
            "        return []\n"
            "    }\n"
            "}\n"
        ),
        "Sources/Net/Use.swift": (
            "func run(client: Client) {\n"
            "    let rows = client.fetchAll(limit: 3)\n"
            '    print("fetchAll \\(client.fetchAll(limit: 1).count)")\n'
            "}\n"
        ),
    },
    "php": {
        "src/Client.php": (
            "<?php\nclass Client {\n    public function fetchAll(int $limit): array {\n"
            "        return [];\n    }\n}\n"
        ),
        "src/Use.php": (
            "<?php\nfunction run(Client $client) {\n"
            "    $rows = $client->fetchAll(3);\n"
            "    echo 'fetchAll';\n"
            "}\n"
        ),
    },
    "bash": {
        "lib/client.sh": "fetchAll() {\n  echo rows\n}\n",
        "bin/use.sh": ". lib/client.sh\nfetchAll\necho 'fetchAll'\n",
    },
}
#: The use in each case: (file, line).
USES = {
    "swift": {("Sources/Net/Use.swift", 2), ("Sources/Net/Use.swift", 3)},
    "php": {("src/Use.php", 3)},
    "bash": {("bin/use.sh", 2)},
}
#: Files that say the name without using it.
NOISE = {
    "README.md": "Call `fetchAll` to get every row.\nfetchAll\n",
    "project.pbxproj": "fetchAll = 1;\n",
    "tools/other.py": "def fetchAll():\n    return fetchAll\n",
}


def _home(language: str) -> str:
    return next(iter(CASES[language]))


@pytest.mark.parametrize("language", sorted(CASES))
def test_every_use_is_a_reference_by_name(make_repo, language):
    root = make_repo({**CASES[language], **NOISE})
    answer = prx.explain("fetchAll", _home(language), root=root, budget=0)
    found = {(r.file, r.line) for r in (*answer.references, *answer.tests)}
    assert found == USES[language]
    assert {r.certainty for r in (*answer.references, *answer.tests)} == {"by_name"}


@pytest.mark.parametrize("language", sorted(CASES))
def test_impact_names_the_files_that_use_it_and_no_other(make_repo, language):
    root = make_repo({**CASES[language], **NOISE})
    answer = prx.impact(_home(language), symbol="fetchAll", root=root)
    assert [d.file for d in (*answer.dependents, *answer.tests)] == sorted(
        {f for f, _ in USES[language]}
    )


def test_a_language_of_the_family_is_read_too(make_repo):
    # A C function called from C++: one build, one namespace.
    root = make_repo(
        {
            "src/sum.c": "int sum(int a, int b) {\n    return a + b;\n}\n",
            "src/main.cpp": 'extern "C" int sum(int, int);\nint main() {\n    return sum(1, 2);\n}\n',
            "scripts/sum.py": "def total():\n    return sum([1, 2])\n",
        }
    )
    answer = prx.impact("src/sum.c", symbol="sum", root=root)
    assert [d.file for d in answer.dependents] == ["src/main.cpp"]


def test_many_same_named_definitions_share_one_scan(make_repo):
    # A protocol's overloads: each is a definition of the name; every use is listed
    # once, tied to one of them.
    overloads = "".join(f"    func notify(_ a: Int, step{i}: Int)\n" for i in range(40))
    root = make_repo(
        {
            "Sources/Monitor.swift": f"public protocol Monitor {{\n{overloads}}}\n",
            "Sources/Use.swift": "func go(m: Monitor) {\n    m.notify(1, step3: 2)\n}\n",
        }
    )
    answer = prx.explain("notify", "Sources/Monitor.swift", root=root, budget=0)
    assert len(answer.definitions) == 40
    uses = [(r.file, r.line) for r in (*answer.references, *answer.tests)]
    assert uses == [("Sources/Use.swift", 2)]


def test_a_c_macro_body_uses_what_it_names(make_repo):
    # The grammar keeps a macro's body as text: its words are code the preprocessor
    # pastes where the macro is used; a string in it is not.
    root = make_repo(
        {
            "src/print.c": "void print_number(int n) {\n}\n",
            "src/check.h": (
                '#define CHECK(x) { print_number((x)); }\n#define NAME() "print_number"\n'
            ),
        }
    )
    answer = prx.explain("print_number", "src/print.c", root=root, budget=0)
    assert [(r.file, r.line) for r in (*answer.references, *answer.tests)] == [("src/check.h", 1)]


ELIXIR = {
    "lib/plug/conn/query.ex": (
        "defmodule Plug.Conn.Query do\n  def decode_init(), do: %{root: []}\nend\n"
    ),
    "lib/plug/parsers.ex": (
        "defmodule Plug.Parsers do\n  def start, do: Plug.Conn.Query.decode_init()\nend\n"
    ),
}


def test_an_elixir_module_is_named_with_its_dots(make_repo):
    # `Plug.Conn.Query` is one name, not `Query` in `Plug.Conn`; its functions are
    # asked for as `Plug.Conn.Query.decode_init`
    root = make_repo(ELIXIR)
    module = prx.explain("Plug.Conn.Query", root=root, budget=0)
    assert [(d.file, d.line) for d in module.definitions] == [("lib/plug/conn/query.ex", 1)]
    assert [(r.file, r.line) for r in module.references] == [("lib/plug/parsers.ex", 2)]
    function = prx.explain("Plug.Conn.Query.decode_init", root=root, budget=0)
    assert [(r.file, r.line) for r in function.references] == [("lib/plug/parsers.ex", 2)]
    impact = prx.impact("lib/plug/conn/query.ex", root=root)
    assert [d.file for d in impact.dependents] == ["lib/plug/parsers.ex"]


def test_a_lua_function_named_with_its_table_is_used_as_written(make_repo):
    root = make_repo(
        {
            "lume.lua": "local lume = {}\nfunction lume.clamp(x, a, b)\n  return x\nend\nreturn lume\n",
            "test/test.lua": (
                'local lume = require "lume"\n-- lume.clamp\n'
                'tests["lume.clamp"] = function()\n  return lume.clamp(8, 5, 10)\nend\n'
            ),
        }
    )
    answer = prx.explain("lume.clamp", root=root, budget=0)
    assert [(r.file, r.line) for r in (*answer.references, *answer.tests)] == [("test/test.lua", 4)]


def test_a_cpp_method_defined_out_of_its_class_is_a_definition_not_a_use(make_repo):
    root = make_repo(
        {
            "src/logger.hpp": "class logger {\npublic:\n    void flush();\n};\n",
            "src/logger.cpp": '#include "logger.hpp"\nvoid logger::flush() {\n}\n',
            "src/main.cpp": '#include "logger.hpp"\nvoid use(logger &l) {\n    l.flush();\n}\n',
        }
    )
    for asked in ("logger::flush", "logger.flush"):
        answer = prx.explain(asked, root=root, budget=0)
        assert sorted((d.file, d.line) for d in answer.definitions) == [
            ("src/logger.cpp", 2),
            ("src/logger.hpp", 3),
        ]
        uses = [(r.file, r.line) for r in (*answer.references, *answer.tests)]
        assert uses == [("src/main.cpp", 3)]


def test_a_ruby_class_named_with_its_module_is_asked_for_as_written(make_repo):
    root = make_repo(
        {
            "lib/app/base.rb": "class App::Base\n  def settings\n    1\n  end\nend\n",
            "lib/app/use.rb": "class Use < App::Base\n  def go\n    settings\n  end\nend\n",
        }
    )
    answer = prx.explain("App::Base.settings", root=root, budget=0)
    assert [(d.file, d.line) for d in answer.definitions] == [("lib/app/base.rb", 2)]
    assert [(r.file, r.line) for r in answer.references] == [("lib/app/use.rb", 3)]


def test_a_template_method_defined_out_of_its_class_is_in_its_class(make_repo):
    root = make_repo(
        {
            "src/ring.cpp": (
                "template <typename T, int N>\nclass Ring {\npublic:\n    T pop();\n};\n"
                "template <typename T, int N>\nT Ring<T, N>::pop() { return T(); }\n"
                "int use(Ring<int, 3> &r) { return r.pop(); }\n"
            ),
        }
    )
    answer = prx.explain("Ring.pop", root=root, budget=0)
    assert sorted(d.line for d in answer.definitions) == [4, 6]
    assert [(r.file, r.line) for r in answer.references] == [("src/ring.cpp", 8)]
