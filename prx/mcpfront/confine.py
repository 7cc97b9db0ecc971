"""Keeping every path an MCP client gives inside the server's root.

The checks follow the reference filesystem server's fixes: a NUL byte is refused; a
relative path is taken from the root; the comparison is on a path-separator boundary
(``/repo-other`` is not inside ``/repo``: CVE-2025-53110); and the real path (symlinks
resolved; for a path that does not exist yet, its nearest existing parent's) must stay
inside the root's real path (CVE-2025-53109).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

from prx._record import fields_of
from prx.errors import PermissionDeniedError
from prx.plugin._operation import Operation, ParamInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["check_path", "embedded_paths", "path_params"]

#: Parameter names that hold a path (besides any name ending in ``path``).
PATH_NAMES = frozenset({"path", "file", "dataset", "root"})


def path_params(op: Operation) -> list[str]:
    """The names (and aliases) of ``op``'s parameters that hold paths."""
    names: list[str] = []
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        if field.name in PATH_NAMES or field.name.endswith("path"):
            names.append(field.name)
            if isinstance(info, ParamInfo):
                names.extend(info.aliases)
    return names


def embedded_paths(arguments: Mapping[str, Any]) -> list[str]:
    """Paths held inside structured arguments (``edit``'s): the ``file`` of each edit object
    (a list, or its JSON text), and an ``edits`` or ``patch`` that names a file. The paths
    a patch's text names are kept inside the root by ``edit`` itself."""
    found: list[str] = []
    edits = arguments.get("edits")
    if isinstance(edits, str):
        if edits.lstrip().startswith(("[", "{")):
            try:
                edits = json.loads(edits)
            except ValueError:
                edits = None  # edit answers invalid_argument
        else:
            found.append(edits)
    items = [edits] if isinstance(edits, dict) else edits if isinstance(edits, list) else []
    for item in items:
        if isinstance(item, dict):
            found += [v for k in ("file", "path") if isinstance(v := item.get(k), str)]
    patch = arguments.get("patch")
    if (
        isinstance(patch, str)
        and "\n" not in patch
        and not patch.lstrip().startswith(("***", "---", "diff "))
    ):
        found.append(patch)
    return found


def _inside(path: str, root: str) -> bool:
    # commonpath compares whole components: /repo-other is not below /repo.
    return path == root or os.path.commonpath([path, root]) == root


def _denied(value: str, why: str) -> PermissionDeniedError:
    return PermissionDeniedError(
        f"permission denied: {value!r} {why}",
        suggestion="Give a path inside the server's root (relative paths start there).",
    )


def check_path(root: str, value: str) -> None:
    """Raise ``permission_denied`` unless ``value`` names a place inside ``root``.

    :param root: the server's root, absolute.
    """
    if "\x00" in value:
        raise _denied(value, "contains a NUL byte")
    real_root = os.path.realpath(root)
    lexical = os.path.normpath(os.path.join(root, value))  # an absolute value stays itself
    if not (_inside(lexical, os.path.normpath(root)) or _inside(lexical, real_root)):
        raise _denied(value, "is outside the root")
    probe = lexical
    while not os.path.lexists(probe):
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    if not _inside(os.path.realpath(probe), real_root):
        raise _denied(value, "leads outside the root through a symbolic link")
