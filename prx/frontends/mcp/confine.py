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
import re
from collections.abc import Mapping

from prx.core.errors import PermissionDeniedError
from prx.core.record import fields_of
from prx.plugin.operation import Operation, ParamInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["check_path", "embedded_paths", "path_params", "refuse_beyond_root"]

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


#: The headers of a patch that name files (``*** Update File: a.py``, ``+++ b/a.py`` ...).
_PATCH_HEADER = re.compile(
    r"^(?:\*\*\* (?:Update|Add|Delete) File:|\*\*\* Move to:|--- |\+\+\+ |rename (?:from|to) )"
    r"[ \t]*(?:[ab]/)?(?P<path>[^\t\n]+?)[ \t]*$",
    re.MULTILINE,
)


def embedded_paths(arguments: Mapping[str, Any]) -> list[str]:
    """Paths held inside structured arguments, at any depth: the values of keys that name
    paths (``file``, ``path``, ``root``, ``dataset``, ``*path``) in nested objects and in
    the JSON text of ``edits``; an ``edits`` or ``patch`` that names a file; the files a
    patch's headers name. The engine confines all of them again (this is the second wall)."""
    found: list[str] = []
    edits = arguments.get("edits")
    if isinstance(edits, str):
        if edits.lstrip().startswith(("[", "{")):
            try:
                found += _nested(json.loads(edits))
            except ValueError:
                pass  # edit answers invalid_argument
        else:
            found.append(edits)
    patch = arguments.get("patch")
    if isinstance(patch, str):
        if "\n" not in patch and not patch.lstrip().startswith(("***", "---", "diff ")):
            found.append(patch)
        else:
            found += [
                m.group("path")
                for m in _PATCH_HEADER.finditer(patch)
                if m.group("path") != "/dev/null"
            ]
    found += _nested({k: v for k, v in arguments.items() if k not in ("edits", "patch")}, top=True)
    if not isinstance(edits, str):
        found += _nested(edits)
    return found


def _nested(value: Any, *, top: bool = False) -> list[str]:
    """The strings under path-like keys of nested objects (not the top level's, which
    :func:`path_params` covers by the operation's own parameters)."""
    found: list[str] = []
    if isinstance(value, dict):
        for key, item in value.items():
            pathlike = key in PATH_NAMES or str(key).endswith("path")
            if pathlike and isinstance(item, str) and not top:
                found.append(item)
            elif isinstance(item, (dict, list)):
                found += _nested(item)
    elif isinstance(value, list):
        for item in value:
            found += _nested(item)
    return found


def refuse_beyond_root(op: Operation, params: Any) -> None:
    """Refuse a call that sets a parameter acting outside the root (``init``'s ``user``,
    ``search``'s ``roots``): ``params`` is the call's parameters, or its raw arguments (a
    mapping: refused by name, whatever the value, before anything reads it)."""
    for field in fields_of(op.params):
        info = field.metadata.get("prx")
        if not (isinstance(info, ParamInfo) and info.beyond_root):
            continue
        if isinstance(params, Mapping):
            flag = (info.flag or "").lstrip("-")
            named = {field.name, field.name.replace("_", "-"), flag, *info.aliases} - {""}
            given = any(key in params for key in named)
        else:
            given = bool(getattr(params, field.name))
        if given:
            raise PermissionDeniedError(
                f"permission denied: {field.name} acts outside the server's root",
                suggestion=f"Run {{cmd:{op.name}}} in a terminal for that.",
            )


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
