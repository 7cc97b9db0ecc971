"""A language model's answers in the shapes explain and impact use: the definitions of a
name, and each one's references as occurrences with how they were found."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from prx.engine.intel.bindings import BOUND_LANGUAGES, Occurrence
from prx.engine.intel.models.base import BY_NAME, BY_TYPE, RESOLVED, Site, Target, model_for

if TYPE_CHECKING:
    from prx.engine.intel.project import Project

__all__ = [
    "ModelReference",
    "by_model",
    "certainty_of_via",
    "held_references",
    "model_references",
    "named_targets",
]


def by_model(language: str | None) -> bool:
    """Whether explain and impact read ``language`` through its language model (every
    language but those the import machinery of :mod:`prx.engine.intel.uses` reads)."""
    return language is not None and language not in BOUND_LANGUAGES


class ModelReference(NamedTuple):
    """A reference as explain lists it."""

    file: str
    occurrence: Occurrence
    #: ``local``, ``import``, ``receiver`` or ``name`` (see ``Reference.via``).
    via: str
    certainty: str


def named_targets(
    project: Project, files: Sequence[str], name: str, container: str | None
) -> list[Target]:
    """The definitions named ``name`` (in ``container`` when given: ``Outer.Inner`` or
    ``Inner``, as a user writes it; Elixir's functions are in the dotted
    ``Plug.Conn.Query``) in ``files``, as each file's language model reads them (a Rust
    ``impl`` is not one)."""
    found = []
    for rel in files:
        parsed = project.file(rel)
        if parsed is None or not by_model(parsed.language):
            continue
        for target in model_for(parsed.language).definitions(project, parsed):
            if target.name == name and (container is None or in_container(target, container)):
                found.append(target)
    return found


def in_container(target: Target, qualifier: str) -> bool:
    """Whether ``target`` is in ``qualifier`` as a user writes it: whole (``Plug.Conn.Query``,
    ``Sinatra::Base``) or by its last part (``Inner`` of ``Outer.Inner``), ``::`` or ``.``."""
    if not qualifier:
        return True
    if target.container is None:
        return False
    have = target.container.replace("::", ".")
    asked = qualifier.replace("::", ".")
    return have == asked or have.rsplit(".", 1)[-1] == asked.rsplit(".", 1)[-1]


def _via(site: Site, target: Target) -> str:
    if site.how == BY_NAME:
        return "name"
    if site.how == BY_TYPE:
        return "receiver"
    return "local" if site.file == target.file else "import"


def model_references(project: Project, target: Target) -> tuple[list[ModelReference], set[str]]:
    """The uses of ``target`` (its definition and the import statements naming it left
    out), and the files whose imports name it."""
    defining = project.file(target.file)
    model = model_for(defining.language if defining is not None else None)
    sites = model.uses(project, target, model.candidate_files(project, target))
    uses = []
    importing = set()
    for site in sites:
        if site.role == "import":
            importing.add(site.file)
            continue
        if site.role == "definition":
            continue
        occurrence = Occurrence(
            line=site.line, byte=site.start, receiver=None, in_import=False, defining=False
        )
        uses.append(ModelReference(site.file, occurrence, _via(site, target), site.how))
    return uses, importing


def held_references(project: Project, rel: str, defn: object) -> list[ModelReference]:
    """The calls of the top-level JavaScript or TypeScript function ``defn`` of ``rel``
    through a field its module keeps it in (``this.validateLink = validateLink``:
    ``state.md.validateLink(url)``; see :mod:`script_held`); none in another language."""
    from prx.engine.intel.models.script_held import held_sites

    parsed = project.file(rel)
    if parsed is None or parsed.language not in ("javascript", "typescript", "tsx"):
        return []
    model = model_for(parsed.language)
    target = next((t for t in model.definitions(project, parsed) if t.defn is defn), None)
    if target is None or target.container is not None or target.kind != "function":
        return []
    out = []
    for site in held_sites(project, target, project.files_with(target.name)):
        occurrence = Occurrence(
            line=site.line, byte=site.start, receiver=None, in_import=False, defining=False
        )
        out.append(ModelReference(site.file, occurrence, _via(site, target), site.how))
    return out


def certainty_of_via(via: str, receiver: str | None = None) -> str:
    """How sure a reference found by the import machinery is, from how it was found."""
    if via in ("local", "import", "module"):
        return RESOLVED
    if via == "attribute" and receiver in ("self", "cls", "this"):
        return BY_TYPE
    if via == "alias":  # a local assigned the function: it may be rebound on another path
        return BY_TYPE
    return BY_NAME
