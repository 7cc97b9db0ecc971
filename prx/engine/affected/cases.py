"""The tests of a test file, per language, with the id its runner takes."""

from __future__ import annotations

import posixpath
import re
from typing import NamedTuple

from prx.engine.affected.units import MODULE, FileUnits, Unit

__all__ = ["SCRIPT_TEST_CALL", "TestCase", "is_test_module", "rust_module_path", "test_cases"]

_GO_TEST = re.compile(r"^(Test|Example|Fuzz)([A-Z0-9_]|$)")
_RUST_TEST_ATTRIBUTE = re.compile(r"#\[\s*(?:[\w:]*::)?(test|rstest|test_case|quickcheck)\b")
_JAVA_TEST_ANNOTATION = re.compile(r"@(Test|ParameterizedTest|RepeatedTest|TestFactory|Theory)\b")
#: A test call of a script runner (jest/mocha/vitest's ``it(``/``describe(``, tap's
#: ``t.test(``, ``test.only(`` ...), or a test framework a file loads (a tap or
#: ``node:test`` file may assert at its top level).
SCRIPT_TEST_CALL = re.compile(
    r"(?m)^\s*(?:\w+\.)?(?:it|test|describe|suite|context)(?:\.\w+)?\s*\("
    r"|(?:require\(|from\s+)['\"](?:tap|node:test|ava|uvu|tape)['\"]"
)
_SCRIPT_LANGUAGES = frozenset({"javascript", "typescript", "tsx", "jsx"})
_JVM = frozenset({"java", "kotlin", "scala"})


class TestCase(NamedTuple):
    """One test, a group of them (a class, a package's ``TestMain``), or a whole file."""

    file: str
    #: Qualified name; None for a whole file.
    name: str | None
    #: The runner's id.
    id: str
    line: int
    #: Its definition in the file's units, or None for a whole file.
    unit: int | None
    #: A class (or package hook) whose members are tests: selected when anything of it
    #: that is not itself a test is affected.
    group: bool = False


def is_test_module(units: FileUnits, is_test_file: bool) -> bool:
    """Whether the file holds tests its runner collects."""
    language = units.language
    rel = units.rel
    if language == "go":
        return rel.endswith("_test.go")
    if language == "rust":
        return True  # unit tests live beside the code: #[test] decides
    if language in _SCRIPT_LANGUAGES:
        return is_test_file and bool(SCRIPT_TEST_CALL.search("\n".join(units.lines)))
    return is_test_file


def test_cases(units: FileUnits, is_test_file: bool) -> list[TestCase]:
    """The tests ``units`` holds (an empty list for a file that holds none)."""
    if not is_test_module(units, is_test_file):
        return []
    language = units.language
    if language == "python":
        return _python(units)
    if language == "go":
        return _go(units)
    if language == "rust":
        return _rust(units)
    if language in _JVM:
        return _jvm(units)
    return [TestCase(units.rel, None, units.rel, 0, None)]


def _python(units: FileUnits) -> list[TestCase]:
    out: list[TestCase] = []
    for unit in units.units:
        if not unit.callable or not unit.name.startswith("test"):
            continue
        chain = [a for a in reversed(units.ancestors(unit.index))]
        if any(a.callable for a in chain):
            continue  # a function inside a test is not collected
        if not chain:
            out.append(
                TestCase(
                    units.rel, unit.qualname, f"{units.rel}::{unit.name}", unit.start, unit.index
                )
            )
            continue
        if not all(_collected_class(units, a) for a in chain):
            continue
        ids = "::".join(a.name for a in chain)
        out.append(
            TestCase(
                units.rel, unit.qualname, f"{units.rel}::{ids}::{unit.name}", unit.start, unit.index
            )
        )
    groups: dict[int, TestCase] = {}
    for case in out:
        if case.unit is None or units.units[case.unit].parent == MODULE:
            continue
        for ancestor in units.ancestors(case.unit):
            if ancestor.index in groups:
                continue
            names = [a.name for a in reversed(units.ancestors(ancestor.index))] + [ancestor.name]
            groups[ancestor.index] = TestCase(
                units.rel,
                ancestor.qualname,
                f"{units.rel}::{'::'.join(names)}",
                ancestor.start,
                ancestor.index,
                group=True,
            )
    # A collected class without tests of its own may inherit them.
    for unit in units.units:
        if unit.index in groups or unit.kind != "class" or unit.parent != MODULE:
            continue
        if _collected_class(units, unit):
            groups[unit.index] = TestCase(
                units.rel,
                unit.qualname,
                f"{units.rel}::{unit.name}",
                unit.start,
                unit.index,
                group=True,
            )
    return out + list(groups.values())


def _collected_class(units: FileUnits, unit: Unit) -> bool:
    """A class pytest collects: ``Test*``, or a ``unittest.TestCase`` subclass."""
    # The header is the line that says ``class`` (decorators come first).
    window = units.lines[unit.start - 1 : unit.start + 5]
    header = next((t for t in window if t.lstrip().startswith("class ")), "")
    return unit.kind == "class" and (
        unit.name.startswith("Test") or "Test" in header.split(unit.name, 1)[-1]
    )


def _go(units: FileUnits) -> list[TestCase]:
    out: list[TestCase] = []
    package = posixpath.dirname(units.rel) or "."
    for unit in units.units:
        if unit.parent != MODULE or unit.kind != "function":
            continue
        if unit.name == "TestMain":
            out.append(
                TestCase(units.rel, unit.name, f"{package}:*", unit.start, unit.index, group=True)
            )
        elif _GO_TEST.match(unit.name):
            out.append(TestCase(units.rel, unit.name, unit.name, unit.start, unit.index))
    return out


def rust_module_path(rel: str) -> str:
    """The module path of a Rust file inside its crate target (``src/a/b.rs`` -> ``a::b``;
    a crate root, a binary or an integration test file -> ``""``)."""
    parts = rel.split("/")
    if "src" in parts:
        parts = parts[len(parts) - parts[::-1].index("src") :]
    else:
        return ""
    if not parts or parts[0] in ("bin",) or parts == ["lib.rs"] or parts == ["main.rs"]:
        return ""
    last = parts[-1][:-3] if parts[-1].endswith(".rs") else parts[-1]
    parts = parts[:-1] + ([] if last == "mod" else [last])
    return "::".join(parts)


def _rust(units: FileUnits) -> list[TestCase]:
    out: list[TestCase] = []
    base = rust_module_path(units.rel)
    for unit in units.units:
        if unit.kind == "doctest":
            # libtest names a doc test `src/a.rs - path::Item (line N)`: the file's part of
            # it selects the file's doc tests.
            out.append(
                TestCase(units.rel, unit.qualname, f"{units.rel} - ", unit.start, unit.index)
            )
            continue
        if unit.kind == "macro_test":
            modules = [
                a.name
                for a in reversed(units.ancestors(unit.index))
                if a.raw_kind in ("module", "mod")
            ]
            path = "::".join(p for p in (base, *modules, unit.qualname) if p)
            out.append(TestCase(units.rel, unit.qualname, path, unit.start, unit.index))
            continue
        if not unit.callable or not _rust_attributed(units, unit):
            continue
        modules = [
            a.name for a in reversed(units.ancestors(unit.index)) if a.raw_kind in ("module", "mod")
        ]
        path = "::".join(p for p in (base, *modules, unit.name) if p)
        out.append(TestCase(units.rel, unit.qualname, path, unit.start, unit.index))
    return out


def _rust_attributed(units: FileUnits, unit: Unit) -> bool:
    line = unit.start
    # The outline starts at the item or at its first attribute: look at both.
    for number in range(line, max(0, line - 8), -1):
        text = units.lines[number - 1].strip() if number - 1 < len(units.lines) else ""
        if _RUST_TEST_ATTRIBUTE.search(text):
            return True
        if number < line and not (text.startswith(("#[", "//")) or not text):
            break
    return False


def _jvm(units: FileUnits) -> list[TestCase]:
    out: list[TestCase] = []
    groups: dict[int, TestCase] = {}
    for unit in units.units:
        if not unit.callable or unit.parent == MODULE:
            continue
        window = units.lines[max(0, unit.start - 4) : unit.start]
        if not any(_JAVA_TEST_ANNOTATION.search(text) for text in window):
            continue
        owner = units.units[unit.parent]
        out.append(
            TestCase(units.rel, unit.qualname, f"{owner.name}#{unit.name}", unit.start, unit.index)
        )
        if owner.index not in groups:
            groups[owner.index] = TestCase(
                units.rel, owner.qualname, owner.name, owner.start, owner.index, group=True
            )
    return out + list(groups.values())
