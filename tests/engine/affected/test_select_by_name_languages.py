"""``prx impact --tests`` in a language prx reads by name (issue 31): no import names a
file of a Swift module (the tests ``@testable import`` the module), a C source is called
through its header; the tests that name a changed definition are selected, those that do
not are not, and a Swift ``#require(x)`` is no module loaded by a computed name."""

from __future__ import annotations

from pathlib import Path

from gitrepo import committed
from programs import needs

import prx

pytestmark = needs("git")

SWIFT = {
    "Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n",
    "Sources/Net/Session.swift": (
        "public final class Session {\n"
        "    public func cancelAll() {\n        print(1)\n    }\n"
        "    public func resumeAll() {\n        print(2)\n    }\n}\n"
    ),
    "Tests/NetTests/SessionTests.swift": (
        "import XCTest\n@testable import Net\n\n"
        "final class SessionTests: XCTestCase {\n"
        "    func testCancel() {\n        Session().cancelAll()\n    }\n}\n"
    ),
    "Tests/NetTests/ResumeTests.swift": (
        "import Testing\n@testable import Net\n\n"
        "@Test func resume() throws {\n"
        "    let s = try #require(Optional(Session()))\n    s.resumeAll()\n}\n"
    ),
}


def _ids(root: Path) -> set[str]:
    selection = prx.impact(tests=True, budget=0, root=root).selection
    assert selection is not None
    return {t.id for t in selection.tests}


def test_a_swift_change_selects_the_test_files_that_call_it(tmp_path: Path) -> None:
    repo = committed(tmp_path / "work", SWIFT)
    repo.edit("Sources/Net/Session.swift", "print(1)", "print(3)")
    assert _ids(repo.path) == {"Tests/NetTests/SessionTests.swift"}
    repo.edit("Sources/Net/Session.swift", "print(2)", "print(4)")
    assert _ids(repo.path) == {
        "Tests/NetTests/SessionTests.swift",
        "Tests/NetTests/ResumeTests.swift",
    }


def test_a_c_change_selects_the_tests_that_call_it_through_the_header(tmp_path: Path) -> None:
    repo = committed(
        tmp_path / "work",
        {
            "Makefile": "test:\n\tcc tests/test_sum.c src/sum.c\n",
            "src/sum.h": "int sum(int a, int b);\nint twice(int a);\n",
            "src/sum.c": (
                '#include "sum.h"\nint sum(int a, int b) {\n    return a + b;\n}\n'
                "int twice(int a) {\n    return a * 2;\n}\n"
            ),
            "tests/test_sum.c": '#include "../src/sum.h"\nint main(void) {\n    return sum(1, 2);\n}\n',
            "tests/test_twice.c": '#include "../src/sum.h"\nint main(void) {\n    return twice(1);\n}\n',
        },
    )
    repo.edit("src/sum.c", "a + b", "a - b")
    assert _ids(repo.path) == {"tests/test_sum.c"}
