"""The code the Rust oracle's ``cargo check`` leaves out: what a ``#[cfg]`` it does not
enable gates (a feature not enabled, ``doc``, a cfg only a special build sets:
semver's ``#![cfg(test_node_semver)]``, smallvec's ``union`` variant).

No error can name a use there, so a place prx lists there is neither confirmed nor
refuted: it is left out of both sides (as a TypeScript file outside the oracle's tsc
project is). A predicate this module cannot decide (a target's ``unix``, a version
probe) counts as enabled: nothing is left out for it.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any

__all__ = ["enabled_features", "off_modules", "unchecked_lines"]

_TOKEN = re.compile(r'\s*(?:(?P<word>[A-Za-z_][\w]*)|(?P<string>"[^"]*")|(?P<punct>[(),=]))')
#: cfg names a plain ``cargo check`` sets or leaves unset, beyond features.
_SET = frozenset({"test", "debug_assertions", "unix", "target_os", "panic"})
_UNSET = frozenset({"doc", "docsrs", "miri", "loom", "fuzzing", "kani"})


def enabled_features(root: Path, extra: tuple[str, ...]) -> set[str]:
    """The crate's default features and ``extra``, with the features they enable."""
    parser = next((_module(n) for n in ("tomllib", "tomli") if _module(n)), None)
    try:
        manifest = parser.loads((root / "Cargo.toml").read_text()) if parser else {}
    except (OSError, ValueError):  # ValueError: TOMLDecodeError
        return set(extra)
    table: dict[str, list[str]] = manifest.get("features", {})
    wanted = [*table.get("default", ()), *extra]
    out: set[str] = set()
    while wanted:
        name = wanted.pop().removeprefix("dep:")
        if name in out or "/" in name:
            continue
        out.add(name)
        wanted.extend(table.get(name, ()))
    return out


def _module(name: str) -> Any | None:
    """``tomllib``, or the ``tomli`` backport on Python 3.10."""
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError:
        return None


def _evaluate(text: str, features: set[str]) -> bool | None:
    """A ``cfg`` predicate (``feature = "x"``, ``not(..)``, ``all(..)``, ``any(..)``):
    True, False, or None when it names something this module does not know."""
    tokens = [m for m in _TOKEN.finditer(text) if m.group(0).strip()]
    position = 0

    def value() -> bool | None:
        nonlocal position
        if position >= len(tokens) or tokens[position].group("word") is None:
            return None
        word = tokens[position].group("word")
        position += 1
        if position < len(tokens) and tokens[position].group("punct") == "(":
            position += 1
            args: list[bool | None] = []
            while position < len(tokens) and tokens[position].group("punct") != ")":
                args.append(value())
                if position < len(tokens) and tokens[position].group("punct") == ",":
                    position += 1
            position += 1
            if word == "not" and len(args) == 1:
                return None if args[0] is None else not args[0]
            if word == "all":
                return False if False in args else (None if None in args else True)
            if word == "any":
                return True if True in args else (None if None in args else False)
            return None
        if position < len(tokens) and tokens[position].group("punct") == "=":
            position += 1
            string = tokens[position].group("string") if position < len(tokens) else None
            position += 1
            if word == "feature" and string is not None:
                return string.strip('"') in features
            return None
        if word in _SET:
            return True
        if word in _UNSET or word.startswith("test_"):
            return False
        return None

    return value()


def _cfg_of(attribute: str) -> str | None:
    """The predicate of ``#[cfg(...)]`` / ``#![cfg(...)]`` (spaces removed), else None."""
    for head in ("#[cfg(", "#![cfg("):
        if attribute.startswith(head) and attribute.endswith(")]"):
            return attribute[len(head) : -2]
    return None


def unchecked_lines(tree: Any, features: set[str]) -> list[tuple[int, int]]:
    """The (first, last) lines of the items of a parsed Rust file that a ``#[cfg]`` the
    check does not enable leaves out; the whole file for an inner ``#![cfg(..)]`` that
    is off."""
    from prx.engine.intel.models.rust import attributes_of

    root = tree.root_node
    for child in root.named_children:
        if child.type == "inner_attribute_item":
            predicate = _cfg_of(
                bytes(child.text or b"").decode("utf-8", "replace").replace(" ", "")
            )
            if predicate is not None and _evaluate(predicate, features) is False:
                return [(1, int(root.end_point[0]) + 1)]
    out: list[tuple[int, int]] = []
    stack = list(root.named_children)
    while stack:
        node = stack.pop()
        if node.type in ("attribute_item", "line_comment", "block_comment"):
            continue
        off = any(
            (predicate := _cfg_of(text)) is not None and _evaluate(predicate, features) is False
            for text in attributes_of(node)
        )
        if off:
            out.append((int(node.start_point[0]) + 1, int(node.end_point[0]) + 1))
            continue
        stack.extend(node.named_children)
    return out


def off_modules(tree: Any, rel: str, features: set[str]) -> list[str]:
    """The files of the ``mod name;`` declarations of ``rel`` that a ``#[cfg]`` the
    check does not enable leaves out (``#[cfg(feature = "serde")] mod serde;``)."""
    from prx.engine.intel.models.rust import attributes_of

    folder = rel.rpartition("/")[0]
    stem = rel.rpartition("/")[2].removesuffix(".rs")
    base = folder if stem in ("lib", "main", "mod") else f"{folder}/{stem}".lstrip("/")
    out = []
    for node in tree.root_node.named_children:
        if node.type != "mod_item" or node.child_by_field_name("body") is not None:
            continue
        name = node.child_by_field_name("name")
        off = any(
            (predicate := _cfg_of(text)) is not None and _evaluate(predicate, features) is False
            for text in attributes_of(node)
        )
        if off and name is not None:
            word = bytes(name.text or b"").decode()
            prefix = f"{base}/" if base else ""
            out += [f"{prefix}{word}.rs", f"{prefix}{word}/mod.rs"]
    return out
