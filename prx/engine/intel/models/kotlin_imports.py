"""Kotlin, as far as its packages and imports go: a file sees a declaration of its own
package and of the packages and names it imports (``import a.b.C``, ``import a.b.*``,
``import a.b.C as D``); its uses are then candidates by name (no types are read)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from prx.engine.intel.models.base import BY_NAME, RESOLVED, Site

if TYPE_CHECKING:
    from prx.engine.intel.models.base import Target
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["kotlin_sites", "kotlin_target_sites", "package_of"]

_PACKAGE = re.compile(rb"^\s*package\s+([\w.`]+)", re.MULTILINE)
_IMPORT = re.compile(rb"^\s*import\s+(static\s+)?([\w.`]+)(\.\*)?(?:\s+as\s+(\w+))?", re.MULTILINE)
_COMMENTS = re.compile(rb"/\*.*?\*/|//[^\n]*", re.DOTALL)


def package_of(data: bytes) -> str:
    """The file's package (``""`` for the default one)."""
    found = _PACKAGE.search(_COMMENTS.sub(b" ", data[:65536]))
    return found.group(1).decode().replace("`", "") if found else ""


def _imports(data: bytes) -> list[tuple[str, bool]]:
    """Each import's path and whether it ends in ``.*``."""
    text = _COMMENTS.sub(b" ", data)
    return [
        (m.group(2).decode().replace("`", ""), bool(m.group(3))) for m in _IMPORT.finditer(text)
    ]


def sees(data: bytes, package: str, top: str) -> bool:
    """Whether a file (Kotlin or Java) sees the top-level ``top`` of ``package``."""
    if package_of(data) == package:
        return True
    wanted = f"{package}.{top}" if package else top
    for path, star in _imports(data):
        if (star and path in (package, wanted)) or path == wanted or path.startswith(wanted + "."):
            return True
    return False


def kotlin_sites(parsed: ParsedFile, name: str, package: str, top: str) -> list[Site]:
    """The file's identifiers ``name``: an import of the declaration (``package.top`` or
    a member of it) is an import site; elsewhere, when the file sees the declaration, a
    candidate by name."""
    visible = sees(parsed.data, package, top)
    prefix = f"{package}.{top}" if package else top
    out = []
    for line, start, in_import in _identifiers(parsed, name):
        end = start + len(name.encode())
        if in_import:
            path = _IMPORT.match(parsed.line_text(line).encode())
            named = path.group(2).decode().replace("`", "") if path else ""
            if named == prefix or named.startswith(prefix + "."):
                out.append(Site(parsed.rel, line, start, end, RESOLVED, "import"))
            continue
        if visible:
            out.append(Site(parsed.rel, line, start, end, BY_NAME, "reference"))
    return out


def _identifiers(parsed: ParsedFile, name: str) -> list[tuple[int, int, bool]]:
    """(line, offset, in an import) of each identifier ``name`` in the file's code."""
    from prx.engine.intel.prefilter import word_offsets

    tree = parsed.tree
    if tree is None:
        return []
    root = tree.root_node
    size = len(name.encode())
    out = []
    for start in word_offsets(parsed.data, name):
        node = root.named_descendant_for_byte_range(start, start + size)
        if node is None or node.start_byte != start or node.end_byte != start + size:
            continue
        if not node.type.endswith("identifier"):
            continue
        here, in_import = node, False
        while here is not None and not in_import:
            in_import = here.type in ("import_header", "import_declaration")
            here = here.parent
        out.append((int(node.start_point[0]) + 1, start, in_import))
    return out


def kotlin_target_sites(project: Project, target: Target, files: Sequence[str]) -> list[Site]:
    """The sites of a Kotlin definition in ``files`` (Kotlin and Java), by package and
    import, then by name; its own name is its definition."""
    defining = project.file(target.file)
    if defining is None:
        return []
    package = package_of(defining.data)
    top = target.qualified.split(".")[0]
    out = []
    for rel in files:
        parsed = project.file(rel)
        if parsed is None:
            continue
        for site in kotlin_sites(parsed, target.name, package, top):
            if rel == target.file and site.start == target.start:
                site = site._replace(how=RESOLVED, role="definition")
            elif rel == target.file and site.role == "reference":
                site = site._replace(how=BY_NAME)
            out.append(site)
    return out
