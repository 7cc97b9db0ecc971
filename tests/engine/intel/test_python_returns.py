"""A Python receiver typed by what the call that made it returns (issue 28): a factory
classmethod's ``return cls(..)``, a return annotation, a function whose every return
builds one class; and where the code does not say (a library's namesake, a return of
anything else), the use stays a candidate rather than being tied or dropped."""

from __future__ import annotations

import pytest

import prx

BUILDER = (
    "class Builder:\n"
    "    @classmethod\n"
    "    def from_parts(cls, parts):\n"
    "        if not parts:\n"
    "            raise ValueError(parts)\n"
    "        return cls(parts)\n"
    "\n"
    "    def __init__(self, parts=()):\n"
    "        self.parts = parts\n"
    "\n"
    "    def build(self):\n"
    "        return list(self.parts)\n"
    "\n"
    "\n"
    "class Other:\n"
    "    def build(self):\n"
    "        return None\n"
    "\n"
    "    @classmethod\n"
    "    def maybe(cls, flag):\n"
    "        if flag:\n"
    "            return cls()\n"
    "        return None\n"
    "\n"
    "\n"
    "def annotated(parts) -> 'Builder':\n"
    "    return make_any(Builder, parts)\n"
    "\n"
    "\n"
    "def make_any(kind, parts):\n"
    "    return kind(parts)\n"
    "\n"
    "\n"
    "def make_other():\n"
    "    return Other()\n"
)


def _reasons(root, target):
    dry = prx.rename(target, "assemble", root=root)
    changed = {(f.file, line.line) for f in dry.changes for line in f.lines}
    unsure = {(s.file, s.line) for s in dry.left_alone if s.reason in ("unresolved", "by_name")}
    return changed, unsure


def _use(made: str, imports: str = "from builder import Builder, Other, annotated, make_other"):
    return {
        "builder.py": BUILDER,
        "use.py": f"{imports}\n\n\ndef run():\n    made = {made}\n    return made.build()\n",
    }


@pytest.mark.parametrize(
    ("made", "expected"),
    [
        ("Builder.from_parts(['a'])", "by_type"),  # ``return cls(..)`` of a classmethod
        ("annotated(['a'])", "by_type"),  # ``-> 'Builder'``
        ("make_other()", None),  # every return builds an Other: another class's build
        ("Other.maybe(True)", "by_name"),  # one return is None: the code does not say
    ],
)
def test_a_receiver_made_by_a_call_is_what_the_call_returns(make_repo, made, expected):
    root = make_repo(_use(made))
    result = prx.explain("Builder.build", root=root)
    found = {(r.file, r.line): r.certainty for r in (*result.references, *result.tests)}
    assert found.get(("use.py", 6)) == expected


def test_a_library_function_of_the_same_name_does_not_type_the_receiver(make_repo):
    # ``make_other`` here is a library's: the project's namesake says nothing about it.
    imports = "from builder import Builder\nfrom somelib import make_other"
    root = make_repo(_use("make_other()", imports=imports))
    result = prx.explain("Builder.build", root=root)
    found = {(r.file, r.line): r.certainty for r in (*result.references, *result.tests)}
    assert found.get(("use.py", 7)) == "by_name"  # the line of made.build()


def test_a_rename_takes_the_use_of_a_factory_s_instance(make_repo):
    root = make_repo(_use("Builder.from_parts(['a'])"))
    changed, unsure = _reasons(root, "Builder.build")
    assert ("use.py", 6) in changed and not unsure


def test_an_instance_copied_through_type_of_self_is_the_class(make_repo):
    root = make_repo(
        {
            "bag.py": (
                "class Bag:\n"
                "    def copy(self):\n"
                "        twin = type(self)()\n"
                "        twin.fill()\n"
                "        return twin\n"
                "\n"
                "    def fill(self):\n"
                "        return 1\n"
                "\n"
                "\n"
                "class Box:\n"
                "    def fill(self):\n"
                "        return 2\n"
            ),
        }
    )
    changed, unsure = _reasons(root, "Bag.fill")
    assert ("bag.py", 4) in changed and not unsure


def test_a_classmethod_returning_its_typevar_and_a_function_returning_one_make_the_class(
    make_repo,
):
    """``def parse(cls: Type[T], ...) -> T`` (``T`` bound to ``Version``) makes an instance
    of the class it is called on; a function that ``return Version.parse(v)`` makes a
    ``Version``."""
    root = make_repo(
        {
            "ver.py": (
                "from typing import Type, TypeVar\n"
                "\n"
                "T = TypeVar('T', bound='Version')\n"
                "\n"
                "\n"
                "class Version:\n"
                "    @classmethod\n"
                "    def parse(cls: Type[T], text) -> T:\n"
                "        return cls()\n"
                "\n"
                "    def bump(self):\n"
                "        return self\n"
                "\n"
                "\n"
                "class Other:\n"
                "    def bump(self):\n"
                "        return self\n"
                "\n"
                "\n"
                "def parse_info(text):\n"
                "    return Version.parse(text)\n"
            ),
            "use.py": (
                "from ver import Version, parse_info\n"
                "\n"
                "\n"
                "def run():\n"
                "    Version.parse('1').bump()\n"
                "    info = parse_info('2')\n"
                "    info.bump()\n"
            ),
        }
    )
    result = prx.explain("Version.bump", root=root)
    uses = {(r.file, r.line): r.certainty for r in (*result.references, *result.tests)}
    assert uses[("use.py", 5)] == "by_type"
    assert uses[("use.py", 7)] == "by_type"
    other = prx.explain("Other.bump", root=root)
    assert ("use.py", 7) not in {(r.file, r.line) for r in (*other.references, *other.tests)}
