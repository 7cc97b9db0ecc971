"""Rename in a language prx reads by name (issue 28): every identifier the grammar names
its own way is a site (PHP's ``name``, Swift's ``simple_identifier``), the definition
renamed is always its own site, and what only a name ties to it (a declaration in a C++
file of a C function) is listed and refused on ``--apply`` unless taken."""

from __future__ import annotations

import pytest

import prx
from prx import AmbiguousMatchError

PHP = {
    "src/Client.php": (
        "<?php\nclass Client {\n    public function fetchAll(int $limit): array {\n"
        "        return [];\n    }\n}\n"
    ),
    "src/Use.php": (
        "<?php\nfunction run(Client $client) {\n    $rows = $client->fetchAll(3);\n"
        '    echo "fetchAll";\n}\n'
    ),
}
SWIFT = {
    "Sources/Client.swift": "final class Client {\n    func fetchAll() -> Int { 1 }\n}\n",
    "Sources/Use.swift": "func run(c: Client) -> Int {\n    return c.fetchAll()\n}\n",
}


@pytest.mark.parametrize(
    ("files", "home", "use"),
    [(PHP, "src/Client.php", "src/Use.php"), (SWIFT, "Sources/Client.swift", "Sources/Use.swift")],
)
def test_a_members_uses_by_name_are_the_callers_to_confirm(make_repo, files, home, use):
    # A method is reached through receivers of any type, a library's of the same name
    # too: with no reference model, its uses are listed, and --apply refuses them
    root = make_repo(files)
    dry = prx.rename("Client.fetchAll", "fetchEvery", root=root)
    assert [(c.file, c.replacements) for c in dry.changes] == [(home, 1)]
    assert [(s.file, s.reason) for s in dry.left_alone if s.reason == "by_name"] == [
        (use, "by_name")
    ]
    with pytest.raises(AmbiguousMatchError):
        prx.rename("Client.fetchAll", "fetchEvery", apply=True, root=root)
    assert (root / home).read_text() == files[home]
    forced = prx.rename("Client.fetchAll", "fetchEvery", apply=True, force=True, root=root)
    assert forced.applied and forced.files_changed == 2
    assert "fetchAll" not in (root / home).read_text()
    text = (root / use).read_text()
    assert "fetchEvery(" in text
    # a string is no use
    assert ('"fetchAll"' in text) == (files is PHP)


def test_the_only_definition_of_a_function_is_renamed_with_its_uses(make_repo):
    root = make_repo(
        {
            "src/util.php": "<?php\nfunction slugify(string $s): string {\n    return $s;\n}\n",
            "src/use.php": "<?php\necho slugify('A b');\n",
        }
    )
    result = prx.rename("slugify", "to_slug", apply=True, root=root)
    assert result.applied and result.files_changed == 2
    assert "to_slug('A b')" in (root / "src/use.php").read_text()


C_AND_CPP = {
    "src/sum.c": "int sum(int a, int b) {\n    return a + b;\n}\n",
    "src/main.cpp": 'extern "C" int sum(int, int);\nint main() {\n    return sum(1, 2);\n}\n',
}


def test_the_definition_renamed_is_never_left_alone(make_repo):
    root = make_repo(C_AND_CPP)
    result = prx.rename("src/sum.c:1", "add", root=root)
    assert [(c.file, c.replacements) for c in result.changes] == [("src/sum.c", 1)]
    assert {(s.file, s.line, s.reason) for s in result.left_alone} == {
        ("src/main.cpp", 1, "by_name"),
        ("src/main.cpp", 3, "by_name"),
    }


def test_apply_refuses_what_only_a_name_ties_and_writes_nothing(make_repo):
    root = make_repo(C_AND_CPP)
    with pytest.raises(AmbiguousMatchError) as raised:
        prx.rename("src/sum.c:1", "add", apply=True, root=root)
    assert "src/main.cpp:1" in str(raised.value) and "src/sum.c" not in str(raised.value)
    assert (root / "src/sum.c").read_text() == C_AND_CPP["src/sum.c"]
    taken = prx.rename(
        "src/sum.c:1", "add", apply=True, sites=["src/main.cpp:1", "src/main.cpp:3"], root=root
    )
    assert taken.applied
    assert "add(1, 2)" in (root / "src/main.cpp").read_text()


def test_a_c_macro_used_in_another_macros_body_is_renamed_there(make_repo):
    # The grammar keeps a macro's body as text; the preprocessor pastes it where the
    # macro is used, so a name written there is a use the rename must change.
    root = make_repo(
        {
            "src/indent.c": (
                '#define INDENT_STR "    "\n'
                "#define APPEND_INDENT(buf) do {\\\n    append(buf, INDENT_STR);\\\n} while (0)\n"
                "void append(char *buf, const char *s);\n"
                "void go(char *buf) {\n    APPEND_INDENT(buf);\n}\n"
            ),
        }
    )
    result = prx.rename("INDENT_STR", "PAD", apply=True, root=root)
    assert result.applied
    text = (root / "src/indent.c").read_text()
    assert "INDENT_STR" not in text and "append(buf, PAD);" in text
