"""What every language has before a model of its own: definitions from its outline, and
references by name (each a :data:`~prx.engine.intel.models.base.BY_NAME` candidate)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import BY_NAME, Site, Target, sorted_sites

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["files_with_name", "name_span", "outline_targets", "sites_by_name", "walk_definitions"]


def walk_definitions(
    defs: Sequence[Any], owners: tuple[str, ...] = ()
) -> Iterator[tuple[Any, tuple[str, ...]]]:
    """Each outline definition with the names of the definitions that hold it."""
    for defn in defs:
        yield defn, owners
        yield from walk_definitions(defn.children, (*owners, defn.name))


def name_span(data: bytes, defn: Any) -> tuple[int, int]:
    """The byte span of ``defn``'s name in its node: its ``name`` field where the
    grammar has one, else the first word spelled like it after the decorators (a
    decorator may spell the name: ``@prop('files')`` above ``def files``); the node's
    start when not found."""
    node = defn.node
    word = defn.name.encode()
    if node.type == "decorated_definition":
        node = node.child_by_field_name("definition") or node
    named = node.child_by_field_name("name")
    if named is not None and named.text == word:
        return int(named.start_byte), int(named.end_byte)
    text = bytes(node.text or b"")
    found = re.search(rb"(?<![\w$])" + re.escape(word) + rb"(?![\w$])", text)
    if found is None:
        return int(defn.node.start_byte), int(defn.node.start_byte)
    start = int(node.start_byte) + found.start()
    return start, start + len(word)


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def outline_targets(parsed: ParsedFile, separator: str = ".") -> list[Target]:
    """The definitions of the file's outline as targets, containers first."""
    out = []
    for defn, owners in walk_definitions(parsed.definitions()):
        start, end = name_span(parsed.data, defn)
        out.append(
            Target(
                file=parsed.rel,
                name=defn.name,
                qualified=separator.join((*owners, defn.name)),
                kind=defn.kind,
                line=_line_of(parsed.data, start),
                start=start,
                end=end,
                container=owners[-1] if owners else None,
                defn=defn,
            )
        )
    return out


def files_with_name(project: Project, target: Target) -> list[str]:
    """The defining file and every file of the project whose text holds the name."""
    from prx.engine.intel.prefilter import word_offsets

    word = target.name.encode()
    found = {target.file}
    for rel in project.graph.files:
        parsed = project.file(rel)
        if parsed is not None and word in parsed.data and word_offsets(parsed.data, target.name):
            found.add(rel)
    return sorted(found)


def sites_by_name(project: Project, target: Target, files: Sequence[str]) -> list[Site]:
    """Every identifier spelled like the target in ``files`` (code only: no comment, no
    string): the target's own name as its definition, the others as candidates."""
    from prx.engine.intel.bindings import occurrences

    sites = []
    for rel in files:
        parsed = project.file(rel)
        if parsed is None:
            continue
        for occ in occurrences(parsed, target.name):
            start = occ.byte
            own = rel == target.file and start == target.start
            sites.append(
                Site(
                    file=rel,
                    line=occ.line,
                    start=start,
                    end=start + len(target.name.encode()),
                    how=BY_NAME,
                    role="definition" if own else ("import" if occ.in_import else "reference"),
                )
            )
    return sorted_sites(sites)
