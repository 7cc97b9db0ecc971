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
from collections.abc import Collection, Iterable, Mapping, Sequence

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
    "library_definers",
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
    targets: Collection[tuple[str, int]] | None = None,
    origins: dict[tuple[str, int], tuple[str, int]] | None = None,
) -> dict[str, dict[int, str]]:
    """What each identifier is bound to: :data:`BOUND`, :data:`EXTERNAL` or
    :data:`UNRESOLVED`, by its start offset (bytes), per file. With ``targets`` (the
    absolute path and line of each definition renamed together), only an identifier
    bound to one of them is :data:`BOUND`; one bound to another definition of the renamed
    files is :data:`OTHER`, and ``origins`` (when given) receives where that definition
    is: (absolute path, start) -> (real path, line).

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
        project = Project(
            project_root,
            fscommands=FileSystemCommands(),
            ropefolder=None,
            source_folders=source_folders(project_root, files),
        )
    try:
        resources: dict[str, Any] = {}
        for path in files:
            resource = project.get_resource(os.path.relpath(path, project_root))
            resources[path] = resource
        renamed = {resource.path for resource in resources.values()}
        places = None if targets is None else {(os.path.realpath(p), n) for p, n in targets}
        answer: dict[str, dict[int, str]] = {}
        for path, resource in resources.items():
            data, starts = files[path]
            try:
                offsets = _Offsets(data, resource.read())
                pymodule = project.get_pymodule(resource)
                answer[path] = {}
                for start in starts:
                    how, where = _binding(
                        evaluate, exceptions, pymodule, offsets.to_rope(start), renamed, places
                    )
                    answer[path][start] = how
                    if how == OTHER and where is not None and origins is not None:
                        origins[(path, start)] = where
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
    places: set[tuple[str, int]] | None,
) -> tuple[str, tuple[str, int] | None]:
    """How the identifier at ``offset`` is bound, and where its definition is."""
    try:
        pyname = evaluate.eval_location2(pymodule, offset)[1]
        location = None if pyname is None else pyname.get_definition_location()
    except exceptions.ModuleSyntaxError:
        raise
    except Exception:  # rope's own failure on one identifier: unsure, never guessed
        return UNRESOLVED, None
    if location is None:  # a keyword argument of a call rope cannot follow ...
        return UNRESOLVED, None
    module, line = location
    if module is None:  # a builtin (dict.get, len): bound, but not to a file
        return EXTERNAL, None
    resource = module.get_resource()
    if resource is None or resource.path not in renamed:
        return EXTERNAL, None
    where = (os.path.realpath(os.path.join(resource.project.address, resource.path)), line)
    if places is None:
        return BOUND, where
    return (BOUND if where in places else OTHER), where


def source_folders(project_root: str, paths: Iterable[str]) -> list[str]:
    """The folders, relative to ``project_root``, that ``paths``' packages are imported
    from: the project's own folder, and ``src/`` (or any folder) holding a top-level
    package. rope finds ``import cachetools`` in ``src/cachetools/`` only when told."""
    found = {""}
    root = os.path.realpath(project_root)
    for path in paths:
        folder = os.path.dirname(os.path.realpath(path))
        while folder.startswith(root + os.sep) and os.path.isfile(
            os.path.join(folder, "__init__.py")
        ):
            folder = os.path.dirname(folder)
        if folder.startswith(root + os.sep):
            found.add(os.path.relpath(folder, root).replace(os.sep, "/"))
    return sorted(found)


def library_definers(project_root: str, path: str, line: int, name: str) -> list[str]:
    """The classes outside the project (a library's, a builtin) that the class of the
    method defined at ``path:line`` inherits ``name`` from: renaming the method would
    stop it overriding theirs. Empty when rope cannot tell."""
    import warnings

    from rope.base.fscommands import FileSystemCommands
    from rope.base.project import Project

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        project = Project(
            project_root,
            fscommands=FileSystemCommands(),
            ropefolder=None,
            source_folders=source_folders(project_root, [path]),
        )
    try:
        resource = project.get_resource(os.path.relpath(path, project_root))
        scope = project.get_pymodule(resource).get_scope().get_inner_scope_for_line(line)
        owner = getattr(scope.pyobject, "parent", None)
        if owner is None or not hasattr(owner, "get_superclasses"):
            return []
        out: list[str] = []
        seen: set[int] = set()
        queue = list(owner.get_superclasses())
        while queue:
            base = queue.pop()
            if id(base) in seen:
                continue
            seen.add(id(base))
            queue.extend(base.get_superclasses() if hasattr(base, "get_superclasses") else ())
            if _in_project(base, project.address) or name not in base.get_attributes():
                continue
            out.append(f"{base.get_name()}.{name}")
        return sorted(set(out))
    except Exception:  # rope could not follow a base: nothing known
        return []
    finally:
        project.close()


def _in_project(pyclass: Any, address: str) -> bool:
    try:
        resource = pyclass.get_module().get_resource()
    except Exception:  # a builtin class has no module resource
        return False
    if resource is None:
        return False
    real = os.path.realpath(resource.real_path)
    top = os.path.realpath(address)
    return bool(real == top or real.startswith(top.rstrip(os.sep) + os.sep))
