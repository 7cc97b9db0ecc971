"""Which binding a rename renames: ``pop``, ``AppContext.pop``, ``flask.ctx.AppContext.pop``,
``walk::WalkBuilder::new`` or ``src/flask/ctx.py:453[:9]``.

A bare name names every definition spelled so in the renamed files: when they are several
unrelated ones (``AppContext.pop``, ``_AppCtxGlobals.pop``, a class attribute ``pop``),
the rename is refused with the list, each by its qualified name and place, and the caller
names one. A qualified name is matched against each definition's containers and, before
them, its file's module path; a place is the line (and column) of a definition's name.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from prx.core.errors import AmbiguousMatchError, InvalidArgumentError, NoMatchError

if TYPE_CHECKING:
    from prx.commands.rename.candidate import Candidate
    from prx.engine.intel.models import Target
    from prx.engine.intel.project import ParsedFile
    from prx.plugin.context import Context

__all__ = [
    "TargetSpec",
    "check_spec",
    "choose_target",
    "named_by_place",
    "parse_target",
    "target_in",
]

_PLACE = re.compile(r"^(?P<file>.+?):(?P<line>[0-9]+)(?::(?P<column>[0-9]+))?$")
#: How many definitions an ambiguity error lists.
_LISTED = 12


class TargetSpec(NamedTuple):
    """What the caller wrote for OLD."""

    #: The identifier (for a place: None until the file is read).
    name: str | None
    #: Its containers and module, outermost first (``("AppContext",)``).
    qualifier: tuple[str, ...] = ()
    #: A place: the file (as given), its line and column (1-based).
    file: str | None = None
    line: int | None = None
    column: int | None = None

    @property
    def text(self) -> str:
        if self.file is not None:
            column = f":{self.column}" if self.column else ""
            return f"{self.file}:{self.line}{column}"
        return ".".join((*self.qualifier, self.name or ""))


def parse_target(old: str) -> TargetSpec:
    """Split OLD into its parts (the identifier itself is checked by the caller)."""
    place = _PLACE.match(old)
    if place is not None and not old.replace(":", "").isidentifier():
        return TargetSpec(
            name=None,
            file=place.group("file"),
            line=int(place.group("line")),
            column=int(place.group("column")) if place.group("column") else None,
        )
    parts = [p for p in re.split(r"::|\.", old)]
    if len(parts) > 1 and all(parts):
        return TargetSpec(name=parts[-1], qualifier=tuple(parts[:-1]))
    return TargetSpec(name=old)


def _module_parts(rel: str) -> list[str]:
    """A file's module path (``src/flask/ctx.py`` -> ``src flask ctx``; an ``__init__``,
    ``index`` or ``mod`` file is its directory)."""
    parts = rel.split("/")
    stem = parts[-1].split(".", 1)[0]
    parts = (
        parts[:-1] if stem in ("__init__", "index", "mod", "lib", "main") else [*parts[:-1], stem]
    )
    return [p for p in parts if p]


def _matches(spec: TargetSpec, target: Target) -> bool:
    if target.name != spec.name:
        return False
    if not spec.qualifier:
        return True
    full = [*_module_parts(target.file), *target.qualified.split(".")]
    wanted = [*spec.qualifier, target.name]
    return full[-len(wanted) :] == wanted


def _at(spec: TargetSpec, target: Target, parsed: ParsedFile) -> bool:
    if target.line != spec.line:
        return False
    if spec.column is None:
        return True
    line_start = parsed.data.rfind(b"\n", 0, target.start) + 1
    column = len(parsed.data[line_start : target.start].decode("utf-8", "replace")) + 1
    return column <= spec.column <= column + len(target.name)


def choose_target(
    spec: TargetSpec,
    definitions: Sequence[tuple[ParsedFile, Sequence[Target]]],
    shown: dict[str, str],
) -> Target | None:
    """The one definition ``spec`` names among ``definitions`` (each file's, as its model
    reads them); None when no file defines the name (the rename then goes by name, and
    says so). Raises ``ambiguous_match`` listing the definitions when it names several,
    ``no_match`` when a qualified name or a place names none.

    :param shown: project path -> the path as answers show it.
    """
    found: list[Target] = []
    for parsed, targets in definitions:
        for target in targets:
            if spec.file is not None:
                if _same_file(spec.file, parsed.rel, shown) and _at(spec, target, parsed):
                    found.append(target)
            elif _matches(spec, target):
                found.append(target)
    if spec.file is not None and len(found) > 1 and spec.column is None:
        raise _ambiguous(spec, found, shown, "a column (FILE:LINE:COL) picks one")
    if not found:
        if spec.file is not None or spec.qualifier:
            raise NoMatchError(
                f"no definition named by {spec.text!r}",
                param="old",
                suggestion="Name a definition as Class.method, module.function or "
                "FILE:LINE[:COL] of its name; {cmd:outline} lists a file's definitions.",
            )
        return None
    distinct = {(t.file, t.start): t for t in _without_stub_twins(found)}
    if len(distinct) > 1:
        raise _ambiguous(spec, list(distinct.values()), shown, None)
    return next(iter(distinct.values()))


def _without_stub_twins(found: list[Target]) -> list[Target]:
    """``found`` without the declarations a Python stub (``core.pyi``) makes of what its
    module (``core.py``) defines: one definition, renamed with its twin."""
    defined = {(t.file, t.qualified) for t in found if t.file.endswith(".py")}
    return [
        t for t in found if not (t.file.endswith(".pyi") and (t.file[:-1], t.qualified) in defined)
    ]


def _same_file(given: str, rel: str, shown: dict[str, str]) -> bool:
    wanted = os.path.normpath(given)
    return wanted in (os.path.normpath(rel), os.path.normpath(shown.get(rel, rel)))


def _ambiguous(
    spec: TargetSpec, found: list[Target], shown: dict[str, str], hint: str | None
) -> AmbiguousMatchError:
    listed = "; ".join(
        f"{t.qualified} ({t.kind}, {shown.get(t.file, t.file)}:{t.line})" for t in found[:_LISTED]
    )
    more = f" and {len(found) - _LISTED} more" if len(found) > _LISTED else ""
    first = found[0]
    place = f"{shown.get(first.file, first.file)}:{first.line}"
    qualified = {t.qualified for t in found}
    # A qualified name helps only when it tells them apart.
    example = f"{first.qualified} or {place}" if len(qualified) == len(found) else place
    return AmbiguousMatchError(
        f"{spec.text!r} names {len(found)} definitions: {listed}{more}; nothing was renamed",
        param="old",
        suggestion=hint or f"Name the one to rename, as {example}.",
    )


def check_spec(spec: TargetSpec) -> None:
    """Refuse a place without a line or a qualified name with an empty part."""
    if spec.file is None and not spec.name:
        raise InvalidArgumentError("invalid argument {param}: no name to rename", param="old")


def named_by_place(ws: Context, spec: TargetSpec) -> TargetSpec:
    """A place's identifier: the name of the definition at that line (and column)."""
    from prx.engine.files.text import load_text
    from prx.engine.intel.models import model_for
    from prx.engine.intel.project import ParsedFile

    assert spec.file is not None
    full = ws.resolve(spec.file, param="old")
    loaded = load_text(full, spec.file, ws.confined)
    parsed = ParsedFile(spec.file, ws.language_for(full), loaded.data)
    definitions = model_for(parsed.language).definitions(None, parsed)
    found = choose_target(spec, [(parsed, definitions)], {})
    if found is None:  # pragma: no cover - choose_target raises for a place
        raise NoMatchError(f"no definition at {spec.text}", param="old")
    return spec._replace(name=found.name)


def target_in(
    ws: Context, spec: TargetSpec, candidates: Sequence[Candidate]
) -> tuple[Target | None, int]:
    """The definition renamed (None when none is in the files: the rename goes by name),
    and how many other definitions of the name the files hold."""
    from prx.engine.intel.models import model_for
    from prx.engine.intel.project import ParsedFile

    definitions = []
    shown: dict[str, str] = {}
    for candidate in candidates:
        if not any(o.kind == "code" for o in candidate.scan.old):
            continue
        parsed = ParsedFile(candidate.shown, candidate.spec, candidate.data)
        shown[candidate.shown] = candidate.shown
        model = model_for(parsed.language)
        targets = [t for t in model.definitions(None, parsed) if t.name == spec.name]
        # A place names one variant itself; a name names the binding once.
        definitions.append((parsed, targets if spec.file else model.one_per_binding(targets)))
    definitions = one_per_entity(definitions)
    chosen = choose_target(spec, definitions, shown)
    every = {(t.file, t.start) for _, targets in definitions for t in targets}
    return chosen, max(0, len(every) - 1)


def one_per_entity(
    definitions: list[tuple[ParsedFile, list[Target]]],
) -> list[tuple[ParsedFile, list[Target]]]:
    """In a language prx renames by name (C, C++ ...), the definitions of one qualified
    name are one entity declared in several places (a prototype in a header and its
    body): kept once, the one with a body, so that a bare name is not refused for it."""
    from prx.engine.intel.models import model_for

    def resolved(language: str | None) -> bool:
        return language == "python" or model_for(language).RESOLVES  # rope: by binding

    best: dict[tuple[str | None, str], Target] = {}
    for parsed, targets in definitions:
        if resolved(parsed.language):
            continue
        for target in targets:
            key = (parsed.language, target.qualified)
            held = best.get(key)
            if held is None or (_has_body(target) and not _has_body(held)):
                best[key] = target
    if not best:
        return definitions
    return [
        (
            parsed,
            [
                t
                for t in targets
                if resolved(parsed.language) or best.get((parsed.language, t.qualified)) is t
            ],
        )
        for parsed, targets in definitions
    ]


def _has_body(target: Target) -> bool:
    return target.defn is not None and getattr(target.defn, "body", None) is not None
