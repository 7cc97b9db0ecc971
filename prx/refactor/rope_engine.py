"""Python occurrences by binding, from rope (the optional extra ``prx[rename]``).

rope finds where each binding of a name is used across the project (imports, attributes
of known objects, keyword arguments), where the syntactic engine takes every identifier
spelled OLD. rope only locates: prx writes the bytes itself, so line endings (mixed ones
too), a BOM and the final newline stay as they were. rope is imported only here, on
first use, and never creates its ``.ropeproject`` folder (``ropefolder=None``).
"""

from __future__ import annotations

import os
from bisect import bisect_right
from collections.abc import Mapping, Sequence

from prx.refactor.occurrences import line_starts

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["RopeFailure", "rope_available", "rope_occurrences"]


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


class _Text:
    """A file as rope reads it (newlines made "\\n") beside its bytes, to map offsets."""

    def __init__(self, data: bytes, rope_text: str) -> None:
        self.data = data
        self.byte_lines = line_starts(data)
        self.text = rope_text
        self.char_lines = [0] + [i + 1 for i, ch in enumerate(rope_text) if ch == "\n"]

    def to_rope(self, start: int) -> int:
        line = bisect_right(self.byte_lines, start) - 1
        prefix = self.data[self.byte_lines[line] : start].decode("utf-8")
        return self.char_lines[line] + len(prefix)

    def to_bytes(self, offset: int) -> int:
        line = bisect_right(self.char_lines, offset) - 1
        prefix = self.text[self.char_lines[line] : offset]
        return self.byte_lines[line] + len(prefix.encode("utf-8"))


def rope_occurrences(
    project_root: str,
    files: Mapping[str, tuple[bytes, Sequence[int]]],
    old: str,
) -> dict[str, set[int]]:
    """The start offsets (bytes) rope renames when OLD is renamed, per file.

    ``files`` maps each Python file (absolute path) to its bytes and the starts of the
    identifiers spelled OLD found in it; rope is asked for the binding of each one it has
    not already found, and answers every use of that binding within ``files``. A start
    missing from the answer is a name rope could not bind. Raises :class:`RopeFailure`
    when rope cannot read or parse a file.
    """
    import warnings

    from rope.base import evaluate, exceptions
    from rope.base.fscommands import FileSystemCommands
    from rope.base.project import Project
    from rope.contrib import findit

    needle = old.encode()
    with warnings.catch_warnings():
        # rope 1.x warns about its own internal calls while opening a project.
        warnings.simplefilter("ignore", DeprecationWarning)
        # Plain file commands: rope would otherwise pick git's (and run it) for a
        # repository; it writes nothing here either way.
        project = Project(project_root, fscommands=FileSystemCommands(), ropefolder=None)
    try:
        resources: dict[str, Any] = {}
        texts: dict[str, _Text] = {}
        by_path: dict[str, str] = {}  # rope's path -> the file's absolute path
        for path, (data, _) in files.items():
            resource = project.get_resource(os.path.relpath(path, project_root))
            resources[resource.path] = resource
            by_path[resource.path] = path
            try:
                texts[resource.path] = _Text(data, resource.read())
            except Exception as exc:  # undecodable for rope: no rename by guesswork
                raise RopeFailure(path, f"rope cannot read it ({exc})") from None
        found: dict[str, set[int]] = {path: set() for path in files}
        scope = list(resources.values())
        for rel, resource in resources.items():
            path = by_path[rel]
            for start in files[path][1]:
                if start in found[path]:
                    continue
                offset = texts[rel].to_rope(start)
                try:
                    # A name rope cannot bind (obj.NAME on an object of unknown type) is
                    # known here, before find_occurrences searches every file for it.
                    pymodule = project.get_pymodule(resource)
                    if evaluate.eval_location2(pymodule, offset)[1] is None:
                        continue
                    locations = findit.find_occurrences(
                        project,
                        resource,
                        offset,
                        unsure=False,
                        resources=scope,
                        in_hierarchy=True,
                    )
                except exceptions.ModuleSyntaxError as exc:
                    raise RopeFailure(str(exc.filename or path), str(exc)) from None
                except exceptions.RopeError:
                    continue  # no binding rope can resolve here
                for location in locations:
                    where = location.resource.path
                    if where not in texts:
                        continue
                    at = texts[where].to_bytes(location.region[0])
                    target = by_path[where]
                    if files[target][0][at : at + len(needle)] == needle:
                        found[target].add(at)
        return found
    finally:
        project.close()
