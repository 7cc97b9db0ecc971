"""``impact FILE`` in a language read by name (issue 28): no import names the file (a
Swift module's files see one another, a C function is called through a header, C# files
share a namespace), so its dependents are the files that name one of its top-level
definitions, each ``by_name``, never an empty answer; a shared namespace or module, a
module's methods, and a C source's macros and ``static`` functions link nothing."""

from __future__ import annotations

import prx


def _dependents(answer: prx.ImpactResult) -> list[str]:
    return [d.file for d in (*answer.dependents, *answer.tests)]


def test_a_swift_file_is_used_by_the_files_of_its_module_that_name_it(make_repo):
    root = make_repo(
        {
            "Sources/Net/Session.swift": "public final class Session {\n    func go() {}\n}\n",
            "Sources/Net/Client.swift": "struct Client {\n    let session: Session\n}\n",
            "Sources/Net/Other.swift": "struct Other {\n    func go() {}\n}\n",
            "README.md": "A Session is made once.\n",
        }
    )
    answer = prx.impact("Sources/Net/Session.swift", root=root)
    assert _dependents(answer) == ["Sources/Net/Client.swift"]
    assert {d.certainty for d in answer.dependents} == {"by_name"}
    assert any("read by name" in note for note in answer.notes)


def test_a_c_source_is_used_through_its_header_but_not_for_its_own_macros(make_repo):
    root = make_repo(
        {
            "src/sum.h": "int sum(int a, int b);\n",
            "src/sum.c": (
                '#include "sum.h"\n#define LIMIT 3\n'
                "static int clamp(int x) {\n    return x;\n}\n"
                "int sum(int a, int b) {\n    return clamp(a + b);\n}\n"
            ),
            "src/main.c": '#include "sum.h"\nint main() {\n    return sum(1, 2);\n}\n',
            "src/other.c": (
                "#define LIMIT 4\nstatic int clamp(int x) {\n    return x + LIMIT;\n}\n"
            ),
        }
    )
    answer = prx.impact("src/sum.c", root=root)
    assert _dependents(answer) == ["src/main.c"]
    assert answer.dependents[0].names == ("sum",)


def test_a_shared_namespace_links_nothing(make_repo):
    root = make_repo(
        {
            "src/Mediator.cs": "namespace Acme;\n\npublic class Mediator\n{\n}\n",
            "src/Sender.cs": "namespace Acme;\n\npublic class Sender\n{\n}\n",
            "src/Use.cs": (
                "namespace Acme.App;\n\npublic class Use\n{\n"
                "    private readonly Mediator _m = new Mediator();\n}\n"
            ),
        }
    )
    assert _dependents(prx.impact("src/Mediator.cs", root=root)) == ["src/Use.cs"]


def test_a_ruby_modules_methods_are_not_its_names(make_repo):
    root = make_repo(
        {
            "lib/app/base.rb": (
                "module App\n  def self.new(*args)\n    Base.new(*args)\n  end\n\n"
                "  class Base\n  end\nend\n"
            ),
            "lib/app/other.rb": "class Other\n  def self.build\n    Hash.new\n  end\nend\n",
            "lib/app/use.rb": "class Use < App::Base\nend\n",
        }
    )
    assert _dependents(prx.impact("lib/app/base.rb", root=root)) == ["lib/app/use.rb"]
