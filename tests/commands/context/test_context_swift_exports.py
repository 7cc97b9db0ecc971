"""``context`` lists a module's exports once each (issue 28): a Swift type and the
extensions that add to it are one export, at the type's definition; an extension of
another module's type (``extension Error``) is none."""

from __future__ import annotations

import prx


def test_a_type_and_its_extensions_are_one_export(make_repo):
    root = make_repo(
        {
            "Sources/Core/AFError.swift": (
                "public enum AFError: Error {\n    case failed\n}\n\n"
                "extension AFError {\n    var isFailed: Bool { true }\n}\n\n"
                'extension AFError {\n    var message: String { "" }\n}\n\n'
                "extension Error {\n    var asAFError: AFError? { self as? AFError }\n}\n"
            ),
            "Sources/Core/Session.swift": "public final class Session {\n}\n",
        }
    )
    answer = prx.context("Sources/Core", root=root, budget=0)
    exports = [(e.name, e.line) for e in answer.entrypoints if e.kind == "export"]
    assert sorted(exports) == [("AFError", 1), ("Session", 1)]


def test_a_module_read_by_name_says_imports_cannot_show_its_users(make_repo):
    root = make_repo(
        {
            "Sources/Core/Session.swift": "public final class Session {\n}\n",
            "Sources/Core/README.md": "# Core\n",
            "pkg/a.py": "def f():\n    return 1\n",
        }
    )
    swift = prx.context("Sources/Core", root=root, budget=0)
    assert any(n.startswith("swift: files use one another's") for n in swift.notes)
    python = prx.context("pkg", root=root, budget=0)
    assert not any("one another's" in n for n in python.notes)
