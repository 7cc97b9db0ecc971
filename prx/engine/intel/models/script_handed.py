"""A project instance handed to an installed package that may call its members by name.

markdown-it's tests give the parser to ``markdown-it-testgen`` (``testgen(path, opts,
md)``), whose own code calls ``md.render(..)``: a rename of ``MarkdownIt.render`` changes
every call prx can see and still breaks those tests. So when a file of the project
passes a value of the renamed member's class (or the class itself) to a function of a
package (a bare ``require('pkg')`` or ``import .. from 'pkg'``; not Node's own modules)
and that package's installed code names the member (``.render``, ``'render'``), the
rename is refused with the place; a package that is not installed cannot be read (nor
run here): the answer's notes say so. A member named
of a protocol every such object may be asked for (an array's ``push`` or ``length``, a
thenable's ``then``, an iterator's ``next``, ``toString``, ``toJSON``, ``inspect``) is left
out: a package calling it expects that protocol, not the project's method.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import BY_TYPE, RESOLVED
from prx.engine.intel.models.script_scope import text

if TYPE_CHECKING:
    from prx.engine.intel.models.base import Target
    from prx.engine.intel.project import ParsedFile, Project

__all__ = ["handed_notes", "handed_problem"]

_SCRIPTS = frozenset({"javascript", "typescript", "tsx"})
#: Node's own modules (``fs``, ``node:events`` ...): none calls a project's method by name.
_NODE_MODULES = frozenset(
    {
        "assert", "async_hooks", "buffer", "child_process", "cluster", "console",
        "constants", "crypto", "dgram", "diagnostics_channel", "dns", "domain", "events",
        "fs", "http", "http2", "https", "inspector", "module", "net", "os", "path",
        "perf_hooks", "process", "punycode", "querystring", "readline", "repl", "stream",
        "string_decoder", "sys", "test", "timers", "tls", "trace_events", "tty", "url",
        "util", "v8", "vm", "wasi", "worker_threads", "zlib",
    }
)  # fmt: skip
#: Members a package may ask any object for (beside an array's).
_PROTOCOLS = frozenset(
    {
        "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
        "toLocaleString", "toString", "valueOf", "toJSON", "inspect", "then", "catch",
        "finally", "next", "return", "throw",
    }
)  # fmt: skip
#: The most calls of one file weighed (a hostile file's thousands are not).
_MOST_CALLS = 4096


def handed_problem(project: Project, target: Target) -> str | None:
    """Why renaming the member ``target`` may break a package's calls of it, or None."""
    return _weighed(project, target)[0]


def handed_notes(project: Project, target: Target) -> list[str]:
    """What a rename of ``target`` cannot weigh: an instance handed to a package that
    is not installed (its code cannot be read; nor can it run here)."""
    return _weighed(project, target)[1]


def _weighed(project: Project, target: Target) -> tuple[str | None, list[str]]:
    memo: dict[tuple[str, int], tuple[str | None, list[str]]]
    memo = vars(project).setdefault("_script_handed", {})
    key = (target.file, target.start)
    if key not in memo:
        memo[key] = _weigh(project, target)
    return memo[key]


def _weigh(project: Project, target: Target) -> tuple[str | None, list[str]]:
    from prx.engine.intel.models.script_ducks import ARRAY_MEMBERS
    from prx.engine.intel.models.script_library import package_mention
    from prx.engine.intel.models.script_members import family_of
    from prx.engine.intel.models.script_receivers import Receivers

    if target.container is None or target.name in _PROTOCOLS | ARRAY_MEMBERS:
        return None, []
    family = family_of(project, target.container, target.name)
    word = re.compile(rb"""(?:\.\s*|['"])""" + re.escape(target.name.encode()) + rb"\b")
    looked: dict[str, tuple[bool, str | None]] = {}
    notes: list[str] = []
    for rel in project.graph.files:
        parsed = project.file(rel)
        if parsed is None or parsed.language not in _SCRIPTS:
            continue
        calls = _package_calls(project, parsed)
        if not calls:
            continue
        receivers = Receivers(project, parsed, family)
        for package, line, arguments in calls:
            if package in looked and looked[package][1] is None:
                continue  # read: it never names the member
            if not any(receivers.of(a) in (BY_TYPE, RESOLVED) for a in arguments):
                continue
            if package not in looked:
                looked[package] = package_mention(project.ws, rel, package, word)
                installed, where = looked[package]
                if not installed:
                    notes.append(
                        f"{rel}:{line} hands a {target.container} to the package "
                        f"{package!r}, which is not installed: whether it calls "
                        f"{target.name!r} is not known"
                    )
            installed, where = looked[package]
            if installed and where is not None:
                problem = (
                    f"{rel}:{line} hands a {target.container} to the package {package!r}, "
                    f"and {where}: renamed, its calls of {target.name!r} would find nothing"
                )
                return problem, notes
    return None, notes


def _package_calls(project: Project, parsed: ParsedFile) -> list[tuple[str, int, list[Any]]]:
    """(package, line, argument nodes) of each call of a function a package provides:
    through a name its import or ``require`` binds, or ``require('pkg')(..)`` itself (an
    import the project's graph resolves to one of its files, through a path alias such
    as ``@/lib``, is none)."""
    found: list[tuple[str, int, list[Any]]] | None = parsed.memo.get("package_calls")
    if found is not None:
        return found
    from prx.engine.intel.uses import all_bindings

    found = parsed.memo["package_calls"] = []
    tree = parsed.tree
    own = {edge.line for edge in project.graph.edges_from(parsed.rel) if edge.target}
    local = {
        b.local.split(".")[0]: package
        for b in all_bindings(parsed)
        if b.local and b.line not in own and (package := _package(b.module)) is not None
    }
    if tree is None or (not local and b"require" not in parsed.data):
        return found
    stack = [tree.root_node]
    seen = 0
    while stack and seen < _MOST_CALLS:
        node = stack.pop()
        stack.extend(node.named_children)
        if node.type != "call_expression":
            continue
        seen += 1
        package = _callee_package(node.child_by_field_name("function"), local)
        if package is not None and int(node.start_point[0]) + 1 in own:
            package = None  # ``require('@/lib')(..)``: the project's own module
        arguments = node.child_by_field_name("arguments")
        if package is not None and arguments is not None and arguments.named_children:
            found.append((package, int(node.start_point[0]) + 1, list(arguments.named_children)))
    return found


def _callee_package(callee: Any, local: dict[str, str]) -> str | None:
    """The package whose function ``callee`` is (``testgen``, ``lib.run``,
    ``require('pkg')``, ``require('pkg').run``), or None."""
    head = callee
    while head is not None and head.type == "member_expression":
        head = head.child_by_field_name("object")
    if head is None:
        return None
    if head.type == "identifier":
        return local.get(text(head))
    if head.type == "call_expression":
        function = head.child_by_field_name("function")
        arguments = head.child_by_field_name("arguments")
        given = arguments.named_children if arguments is not None else []
        if function is not None and text(function) == "require" and given:
            if given[0].type == "string":
                return _package(text(given[0]).strip("'\"`"))
    return None


def _package(module: str) -> str | None:
    """The installed package a module specifier names (``@scope/pkg`` of
    ``@scope/pkg/sub``); None for a relative path, an absolute one or Node's own."""
    if not module or module.startswith((".", "/", "node:")):
        return None
    parts = module.split("/")
    scoped = module.startswith("@")
    name = "/".join(parts[:2]) if scoped else parts[0]
    if name in _NODE_MODULES or (scoped and len(parts) < 2):
        return None
    if any(part in ("", ".", "..") for part in parts[: 2 if scoped else 1]):
        return None  # no package's name (``@scope/..``): nothing to look in
    return name
