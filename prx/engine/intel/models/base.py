"""The interface of a language model, its records and the registry (see the package)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = [
    "BY_NAME",
    "BY_TYPE",
    "CONFIDENCES",
    "MODELS",
    "RESOLVED",
    "LanguageModel",
    "Site",
    "Target",
    "model_for",
    "register",
]

#: The reference is bound to the definition: an import that resolves to it, a local name
#: in its scope, a receiver whose type the code states.
RESOLVED = "resolved"
#: A method or field reached through a receiver whose type was inferred (a parameter's
#: annotation, a constructor call assigned to it, ``self``), or that has the definition's
#: name and arity on a type that has such a member: likely, to be checked.
BY_TYPE = "by_type"
#: Only the name matches (a language read by name, or a receiver of unknown type): a
#: candidate, never renamed without being confirmed.
BY_NAME = "by_name"
#: Most sure first.
CONFIDENCES = (RESOLVED, BY_TYPE, BY_NAME)


class Target(NamedTuple):
    """One definition: what ``rename`` renames, ``explain`` explains, ``impact`` follows."""

    #: The defining file, relative to the project root.
    file: str
    #: The defined name.
    name: str
    #: The name with its containers (``AppContext.pop``; a Rust method of an ``impl`` is
    #: qualified by the type it implements, ``Walk.next``).
    qualified: str
    #: ``function``, ``method``, ``class``, ``struct``, ``field`` ...
    kind: str
    #: The line of its name (1-based) and the byte offsets of the name in the file.
    line: int
    start: int
    end: int
    #: The enclosing type or namespace (None at the top level).
    container: str | None = None
    #: The outline's definition (``prx.engine.lang.outline.Definition``: its node, body
    #: and children), when the target came from an outline.
    defn: Any = None


class Site(NamedTuple):
    """A place in a file that refers to a target."""

    file: str
    line: int
    #: Byte offsets of the identifier (what a rename replaces).
    start: int
    end: int
    #: :data:`RESOLVED`, :data:`BY_TYPE` or :data:`BY_NAME`.
    how: str
    #: ``reference`` (a use), ``import`` (an import naming it), ``definition`` (the target's
    #: own name, or a declaration that must change with it: an overriding method, a
    #: forward declaration).
    role: str = "reference"
    #: A shorthand field (Rust's ``S { x }``): the name is the field's and a binding's at
    #: once; a rename writes ``new: x`` there, keeping the binding.
    shorthand: bool = False
    #: A shorthand property naming the renamed binding (JavaScript's ``{ x }``): a rename
    #: writes ``x: new`` there, keeping the object's key.
    keeps_key: bool = False


class LanguageModel:
    """The generic model: definitions from the outline, references by name only.

    A language's own model subclasses it and names its languages in :attr:`LANGUAGES`.
    """

    #: The languages (``LanguageSpec.name``) this model reads.
    LANGUAGES: frozenset[str] = frozenset()
    #: True for a model that ties references to definitions (imports, scopes, receiver
    #: types); False for the generic one, which goes by name.
    RESOLVES = False
    #: How the language writes a qualified name (``.``; Rust, C++: ``::``); answers show
    #: ``.`` whatever the language, and rename targets accept both.
    SEPARATOR = "."

    def __init__(self, languages: frozenset[str] | None = None) -> None:
        if languages is not None:
            self.LANGUAGES = languages

    def definitions(self, project: Project | None, parsed: ParsedFile) -> list[Target]:
        """Every definition of ``parsed``, containers before their members."""
        from prx.engine.intel.models.generic import outline_targets

        return outline_targets(parsed)

    def references(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        """The sites of ``files`` (project paths) that refer to ``target``, its own
        definition included (``role="definition"``), sorted by file and offset."""
        from prx.engine.intel.models.generic import sites_by_name

        return sites_by_name(project, target, files)

    def uses(self, project: Project, target: Target, files: Sequence[str]) -> list[Site]:
        """The sites explain and impact list as ``target``'s uses: its :meth:`references`
        (a model may leave out sites a rename must change but that the compiler ties
        to another declaration: a call through a base type of an overriding method)."""
        return self.references(project, target, files)

    def candidate_files(self, project: Project, target: Target) -> list[str]:
        """The files that may refer to ``target``: the defining file and every file that
        holds its name (the import graph narrows them in a language's own model)."""
        from prx.engine.intel.models.generic import files_with_name

        return files_with_name(project, target)

    def in_test(self, project: Project, rel: str, offset: int) -> bool:
        """Whether the code at byte ``offset`` of ``rel`` is a test, beyond what the
        file's path says (:func:`~prx.engine.intel.project.is_test_file` answers for test
        files): a Rust ``#[cfg(test)] mod tests``, a ``#[test]`` function."""
        return False

    def rename_problem(self, project: Project, target: Target) -> str | None:
        """Why renaming ``target`` would break the build or change what the program does
        even with every site renamed (a Java method overriding a library's, a public
        top-level class whose file keeps its name); None when nothing is known against
        it. A rename refuses with this reason."""
        return None

    def rename_notes(self, project: Project, target: Target) -> list[str]:
        """What a rename of ``target`` could not weigh, for the answer's notes (a
        JavaScript instance handed to a package that is not installed)."""
        return []

    def one_per_binding(self, targets: Sequence[Target]) -> list[Target]:
        """``targets`` (one file's definitions of a name) with each binding once: the
        variants of one item a language compiles one of (Rust's ``#[cfg]`` twins) are
        one binding, kept as the first; its :meth:`references` take them all."""
        return list(targets)

    def renames_by_name(self, target: Target) -> bool:
        """Whether a rename of ``target`` may rename its :data:`BY_NAME` sites without
        the caller confirming them (the generic model: yes, when the target is the only
        definition of its name in the renamed files and not a member: a method or field
        is reached through receivers of any type, a library's same-named member too
        (``task.cancel()`` on a Foundation object beside the project's one ``cancel``);
        a model that resolves references leaves its unsure ones to the caller)."""
        return target.container is None


#: Language name -> its model.
MODELS: dict[str, LanguageModel] = {}
_GENERIC: dict[str | None, LanguageModel] = {}


def register(model: LanguageModel) -> LanguageModel:
    """Make ``model`` the model of its languages (a later one replaces an earlier one)."""
    for language in model.LANGUAGES:
        MODELS[language] = model
    return model


def model_for(language: str | None) -> LanguageModel:
    """The model of ``language`` (the generic one when it has none of its own)."""
    if language is not None:
        _load_builtin_models()
        found = MODELS.get(language)
        if found is not None:
            return found
    generic = _GENERIC.get(language)
    if generic is None:
        from prx.engine.intel.models.generic import callers_languages

        generic = _GENERIC[language] = LanguageModel(
            frozenset(n for n in callers_languages(language) if n is not None)
        )
    return generic


#: The built-in models' modules, imported on first use.
_BUILTIN_MODELS: tuple[str, ...] = tuple(
    f"prx.engine.intel.models.{name}" for name in ("go", "java", "rust", "typescript")
)
_loaded = False


def _load_builtin_models() -> None:
    global _loaded
    if _loaded:
        return
    import importlib

    for module in _BUILTIN_MODELS:
        importlib.import_module(module)
    _loaded = True


def sorted_sites(sites: Iterable[Site]) -> list[Site]:
    """``sites`` once each, by file and offset."""
    unique: dict[tuple[str, int], Site] = {}
    for site in sites:
        kept = unique.get((site.file, site.start))
        if kept is None or CONFIDENCES.index(site.how) < CONFIDENCES.index(kept.how):
            unique[(site.file, site.start)] = site
    return sorted(unique.values(), key=lambda s: (s.file, s.start))
