"""Python occurrences by binding, from rope (the optional extra ``prx[rename]``).

The syntactic engine takes every identifier spelled OLD. rope tells which of them are
bound to a definition in the files being renamed: ``d.get`` on a dict, or a name of an
installed library, is bound elsewhere and must keep its name; ``obj.OLD`` on an object
of unknown type is bound to nothing rope can see. Each identifier is evaluated once
(rope's own ``find_occurrences`` per binding costs a search of every file per binding:
minutes for a name used as a parameter in a thousand functions).

rope only locates: prx writes the bytes itself, so line endings (mixed ones too), a BOM
and the final newline stay as they were. rope is imported only here, on first use, and
never creates its ``.ropeproject`` folder (``ropefolder=None``).
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Mapping, Sequence

from prx.commands.rename.occurrences import line_starts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "BOUND",
    "EXTERNAL",
    "OTHER",
    "UNRESOLVED",
    "RopeFailure",
    "rope_available",
    "rope_bindings",
]

#: Bound to a definition in one of the files being renamed: renamed.
BOUND = "bound"
#: Bound to a definition elsewhere (a builtin, a library, a file outside the path).
EXTERNAL = "external"
#: Bound to nothing rope can see (an attribute of an object of unknown type).
UNRESOLVED = "unresolved"
#: Bound to another definition of the renamed files than the one being renamed.
OTHER = "other_binding"


class RopeFailure(Exception):
    """rope could not analyse a file (a syntax error, most often)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def rope_available() -> bool:
    """Whether rope can be imported."""
    import importlib.util

    return importlib.util.find_spec("rope") is not None


class _Offsets:
    """Maps byte offsets of a file to offsets in the text rope reads."""

    def __init__(self, data: bytes, rope_text: str) -> None:
        self.data = data
        self.byte_lines = line_starts(data)
        self.char_lines = [0] + [i + 1 for i, ch in enumerate(rope_text) if ch == "\n"]

    def to_rope(self, start: int) -> int:
        line = bisect_right(self.byte_lines, start) - 1
        prefix = self.data[self.byte_lines[line] : start].decode("utf-8")
        return self.char_lines[line] + len(prefix)


def rope_bindings(
    project_root: str,
    files: Mapping[str, tuple[bytes, Sequence[int]]],
    target: tuple[str, int] | None = None,
) -> dict[str, dict[int, str]]:
    """What each identifier is bound to: :data:`BOUND`, :data:`EXTERNAL` or
    :data:`UNRESOLVED`, by its start offset (bytes), per file. With ``target`` (the
    absolute path and line of one definition), only an identifier bound to that very
    definition is :data:`BOUND`; one bound to another definition of the renamed files is
    :data:`OTHER`.

    ``files`` maps each Python file being renamed (absolute path) to its bytes and the
    starts of the identifiers spelled OLD found in it. Raises :class:`RopeFailure` when
    rope cannot read or parse a file.
    """
    import warnings

    from rope.base import evaluate, exceptions
    from rope.base.fscommands import FileSystemCommands
    from rope.base.project import Project

    with warnings.catch_warnings():
        # rope 1.x warns about its own internal calls while opening a project.
        warnings.simplefilter("ignore", DeprecationWarning)
        # Plain file commands: rope would otherwise pick git's (and run it) for a
        # repository; it writes nothing here either way.
        project = Project(project_root, fscommands=FileSystemCommands(), ropefolder=None)
    try:
        resources: dict[str, Any] = {}
        for path in files:
            resource = project.get_resource(os.path.relpath(path, project_root))
            resources[path] = resource
        renamed = {resource.path for resource in resources.values()}
        answer: dict[str, dict[int, str]] = {}
        for path, resource in resources.items():
            data, starts = files[path]
            try:
                offsets = _Offsets(data, resource.read())
                pymodule = project.get_pymodule(resource)
                answer[path] = {
                    start: _binding(
                        evaluate, exceptions, pymodule, offsets.to_rope(start), renamed, target
                    )
                    for start in starts
                }
            except exceptions.ModuleSyntaxError as exc:
                # Here or in a module it imports.
                raise RopeFailure(str(getattr(exc, "filename", None) or path), str(exc)) from None
            except RopeFailure:
                raise
            except Exception as exc:  # undecodable for rope: no rename by guesswork
                raise RopeFailure(path, f"rope cannot read it ({exc})") from None
        return answer
    finally:
        project.close()


def _binding(
    evaluate: Any,
    exceptions: Any,
    pymodule: Any,
    offset: int,
    renamed: set[str],
    target: tuple[str, int] | None,
) -> str:
    try:
        pyname = evaluate.eval_location2(pymodule, offset)[1]
        if pyname is None:
            return UNRESOLVED
        module, line = pyname.get_definition_location()
    except exceptions.ModuleSyntaxError:
        raise
    except exceptions.RopeError:
        return UNRESOLVED
    if module is None:  # a builtin (dict.get, len): bound, but not to a file
        return EXTERNAL
    resource = module.get_resource()
    if resource is None or resource.path not in renamed:
        return EXTERNAL
    if target is None:
        return BOUND
    path = os.path.join(resource.project.address, resource.path)
    same = os.path.realpath(path) == os.path.realpath(target[0]) and line == target[1]
    return BOUND if same else OTHER
