"""Whether a member name a JavaScript or TypeScript project uses may belong to something
outside the project: the language's standard library and Node's (the names their type
declarations give members and globals, shipped in ``prx/data/js/lib_members.txt``), or
one of the project's installed dependencies (its ``node_modules``, read beneath the root).

A rename uses it: an access ``x.name`` whose receiver's type prx cannot tell is only
``by_name``, but when the project declares ``name`` once and nothing outside the project
does, that access can only reach the project's declaration (or an object built at run
time with that key), and the rename may take it.

``python -m prx.engine.intel.models.script_library DIR...`` writes the shipped list again
from the ``.d.ts`` files under the directories given (TypeScript's ``lib`` folder and
``@types/node``); with ``--ecmascript`` first, the list of the language's own built-ins
(``es_members``: give a folder holding only TypeScript's ``lib.es*.d.ts``, no DOM, no
Node).
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.context import Context

__all__ = [
    "ES_MEMBERS_PATH",
    "LIB_MEMBERS_PATH",
    "declared_outside",
    "es_members",
    "library_members",
    "main",
    "package_mention",
]

#: The shipped names of the standard libraries' members and globals.
LIB_MEMBERS_PATH = os.path.join(
    os.path.dirname(__file__), os.pardir, os.pardir, os.pardir, "data", "js", "lib_members.txt"
)
#: The shipped names of ECMAScript's own built-ins' members (arrays, strings, maps,
#: promises, ``JSON``, ``Math`` ...), without the DOM's or Node's.
ES_MEMBERS_PATH = os.path.join(os.path.dirname(LIB_MEMBERS_PATH), "es_members.txt")
#: Files of a dependency that may declare or create a member.
_DEPENDENCY_FILES = (".d.ts", ".d.mts", ".d.cts", ".ts", ".js", ".mjs", ".cjs")
#: The most one dependency file read for the check holds (a bundle larger than this is read
#: up to it: a name past it is not seen, so a rename stays sure only as far as this reads).
_READ_LIMIT = 8 << 20
_MEMBER = re.compile(
    r"^\s+(?:readonly\s+)?(?:static\s+)?(?:(?:get|set)\s+)?\[?([A-Za-z_$][\w$]*)\]?\??\s*[:(<]",
    re.M,
)
_DECLARED = re.compile(
    r"^\s*(?:export\s+)?declare\s+(?:function|var|const|let|class|namespace|interface|type|"
    r"module)\s+([A-Za-z_$][\w$]*)",
    re.M,
)


def library_members() -> frozenset[str]:
    """The shipped standard-library member and global names."""
    from prx.engine.intel.namelists import shipped_names

    return shipped_names(LIB_MEMBERS_PATH)


def es_members() -> frozenset[str]:
    """The shipped names of ECMAScript's built-ins' members (no DOM, no Node)."""
    from prx.engine.intel.namelists import shipped_names

    return shipped_names(ES_MEMBERS_PATH)


def declared_outside(ws: Context, name: str, files: Iterable[str]) -> str | None:
    """Where ``name`` may be something other than the project's own (a sentence), or None
    when nothing outside the project declares it. ``files`` are the project's files that use
    it (relative to the root); each one's package (the nearest folder with a
    ``package.json``, up to the root) must have its dependencies installed in its
    ``node_modules`` for prx to tell."""
    if name in library_members():
        return f"{name!r} is also a member of the JavaScript or Node standard library"
    word = re.compile(rb"(?<![\w$])" + re.escape(name.encode()) + rb"(?![\w$])")
    for package in sorted({_package_of(ws, rel) for rel in files}):
        modules = os.path.join(package, "node_modules") if package else "node_modules"
        if not os.path.isdir(os.path.join(ws.root_dir, modules)):
            if _has_dependencies(ws, os.path.join(package, "package.json")):
                return f"the dependencies of {package or '.'} are not installed (no node_modules)"
            continue
        found = _mentioned_in(ws, modules, word)
        if found is not None:
            return f"{name!r} also appears in {found}"
    return None


def package_mention(
    ws: Context, rel: str, package: str, word: re.Pattern[bytes]
) -> tuple[bool, str | None]:
    """Whether the ``package`` that ``rel`` loads is installed (in the nearest
    ``node_modules`` holding it, as Node looks, up to the root), and where its code has
    ``word`` as a sentence (a link out of the project, which is not read, counts as
    having it); None when it does not."""
    folder = os.path.dirname(rel)
    while True:
        installed = os.path.join(folder, "node_modules", package)
        full = os.path.join(ws.root_dir, installed)
        if os.path.lexists(full) and not ws.confined.contains(os.path.realpath(full)):
            return True, f"{installed} is a link out of the project: what it calls is unknown"
        if os.path.isdir(full):
            found = _mentioned_in(ws, installed, word)
            return True, (f"its code names it ({found})" if found is not None else None)
        if not folder:
            return False, None
        folder = os.path.dirname(folder)


def _package_of(ws: Context, rel: str) -> str:
    folder = os.path.dirname(rel)
    while folder:
        if os.path.isfile(os.path.join(ws.root_dir, folder, "package.json")):
            return folder
        folder = os.path.dirname(folder)
    return ""


def _has_dependencies(ws: Context, manifest: str) -> bool:
    import json

    try:
        data = json.loads(ws.confined.read_tree_file(manifest))
    except (OSError, ValueError):
        return False
    if not isinstance(data, dict):
        return False
    return any(data.get(key) for key in ("dependencies", "devDependencies", "peerDependencies"))


def _mentioned_in(ws: Context, modules: str, word: re.Pattern[bytes]) -> str | None:
    """Where under ``modules`` ``word`` may be declared: the first file whose text has it,
    or a dependency prx cannot read (a link out of the root, an unreadable file). Links
    inside the root are not walked into: a package manager's point at folders under
    ``node_modules`` itself, a workspace's at the project's own sources."""
    top = os.path.join(ws.root_dir, modules)
    for folder, dirs, names in os.walk(top):
        dirs.sort()
        for entry in [*dirs, *names]:
            full = os.path.join(folder, entry)
            if os.path.islink(full) and not ws.confined.contains(os.path.realpath(full)):
                return f"{os.path.relpath(full, ws.root_dir)}, a link out of the project"
        for file_name in sorted(names):
            if not file_name.endswith(_DEPENDENCY_FILES):
                continue
            rel = os.path.relpath(os.path.join(folder, file_name), ws.root_dir)
            try:
                data = ws.confined.read_tree_file(rel, _READ_LIMIT)
            except FileNotFoundError:
                continue  # a broken link: nothing there
            except OSError:
                return f"{rel}, which prx cannot read"
            if word.search(data):
                return rel
    return None


def extracted(paths: Sequence[str]) -> list[str]:
    """The member and global names the ``.d.ts`` files under ``paths`` declare."""
    names: set[str] = set()
    for top in paths:
        for folder, _, file_names in os.walk(top):
            for file_name in file_names:
                if file_name.endswith(".d.ts"):
                    with open(os.path.join(folder, file_name), encoding="utf-8") as handle:
                        text = handle.read()
                    names.update(_MEMBER.findall(text))
                    names.update(_DECLARED.findall(text))
    return sorted(names)


def main(argv: Sequence[str] | None = None) -> int:
    paths = list(argv if argv is not None else sys.argv[1:])
    target = LIB_MEMBERS_PATH
    if paths[:1] == ["--ecmascript"]:
        paths, target = paths[1:], ES_MEMBERS_PATH
    if not paths:
        sys.stderr.write(
            "usage: python -m prx.engine.intel.models.script_library [--ecmascript] DIR...\n"
        )
        return 2
    names = extracted(paths)
    with open(target, "w", encoding="utf-8") as handle:
        handle.write("".join(f"{name}\n" for name in names))
    sys.stdout.write(f"{len(names)} names\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
