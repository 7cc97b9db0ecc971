"""Results of ``prx context``, ``prx impact`` and ``prx explain`` (project intelligence)."""

from __future__ import annotations

from prx.core.record import OMIT_WHEN, Shown, field, record
from prx.core.results.affected import AffectedTests
from prx.core.results.read import Symbol

__all__ = [
    "ContextResult",
    "ContextStats",
    "Cut",
    "Dependent",
    "DocBlock",
    "Entrypoint",
    "ExplainResult",
    "ExplainedDefinition",
    "FileSkeleton",
    "ImpactResult",
    "ImpactStats",
    "ImportLink",
    "Reference",
]


@record
class Cut:
    """One part of an answer a budget (or the default ceiling) left out, and how to get it."""

    #: What was cut: ``imports_out``, ``imports_in``, ``files``, ``symbols``,
    #: ``entrypoints``, ``docs``, ``dependents``, ``tests``, ``references``, ``bodies`` ...
    part: str
    #: How many items of that part were left out (for ``docs`` and ``bodies``: characters).
    count: int
    #: ``budget`` (an explicit budget) or ``ceiling`` (the default one).
    reason: str
    #: The call that answers the part in full.
    retrieve: str


@record
class DocBlock:
    """A module's own documentation: a README, a package docstring, a package comment."""

    #: The file it comes from (relative to the Workspace root).
    source: str
    #: ``readme``, ``docstring`` (Python), ``jsdoc``, ``package_comment`` (Go),
    #: ``crate_doc`` (Rust ``//!``) or ``doc_comment``.
    kind: str
    #: The text, without comment markers.
    text: str
    #: Whether the text was shortened to fit the budget.
    truncated: bool = False


@record
class Entrypoint:
    """A way into the module: a console script, a ``main``, an exported symbol."""

    #: The name a caller uses (script name, function or class name).
    name: str
    #: ``console_script`` (pyproject), ``bin`` (package.json), ``main_module``
    #: (``__main__.py`` or ``if __name__ == "__main__"``), ``main`` (a ``main`` function) or
    #: ``export`` (public API of the module).
    kind: str
    #: The file that holds it, or None when a script's target is not in the repository.
    file: str | None
    #: Its line in ``file`` (0 when unknown).
    line: int
    #: Its signature, or the script's target (``pkg.cli:main``).
    signature: str
    #: ``export``: references to it from the rest of the repository, through imports.
    references: int = 0
    #: ``export``: files outside the module that reference it.
    files: int = 0


@record
class FileSkeleton:
    """One file of the module with its outline."""

    #: The file, relative to the Workspace root.
    path: str
    lines: int
    language: str | None
    #: Nested symbols; empty when cut by the budget (then ``symbols_cut`` is set).
    symbols: tuple[Symbol, ...] = ()
    #: Whether the budget left this file's symbols out.
    symbols_cut: bool = False


@record
class ImportLink:
    """One import statement between a file of the module and a file outside it."""

    #: The importing file.
    source: str
    #: The imported file; None for a module outside the repository.
    target: str | None
    #: The import's line in ``source``.
    line: int
    #: The module as written.
    module: str
    #: The names it imports (empty for a whole-module import).
    names: tuple[str, ...] = ()
    #: 1.0 when the target is certain; less when it is one of ``candidates``.
    confidence: float = 1.0


@record
class ContextStats:
    """Size of the module."""

    files: int
    lines: int
    symbols: int
    #: Files per language.
    languages: dict[str, int] = field(default_factory=dict)


@record
class ContextResult(Shown):
    """The answer of :func:`prx.context`: what a module is, in one call."""

    #: The path as given.
    target: str
    #: ``file`` or ``directory``.
    kind: str
    #: The absolute Workspace root the paths are relative to.
    root: str
    stats: ContextStats
    #: The module's own documentation, most specific first.
    docs: tuple[DocBlock, ...] = ()
    #: Scripts, ``main``s, then the exported API by how much the rest of the repository
    #: references it.
    entrypoints: tuple[Entrypoint, ...] = ()
    #: Each file with its outline, most imported first.
    files: tuple[FileSkeleton, ...] = ()
    #: Imports of the module's files by the rest of the repository.
    imports_in: tuple[ImportLink, ...] = ()
    #: Imports of other repository files by the module's files.
    imports_out: tuple[ImportLink, ...] = ()
    #: Modules outside the repository the module imports (as written, sorted).
    external: tuple[str, ...] = ()
    #: ``index`` (the import graph of the index) or ``built`` (built for this call).
    graph: str = "index"
    #: Whether the budget (or the default ceiling) left something out; see ``omitted``.
    truncated: bool = False
    omitted: tuple[Cut, ...] = ()
    notes: tuple[str, ...] = ()


@record
class Dependent:
    """A file that depends on the target."""

    file: str
    #: 1: imports the target itself; 2: imports a file that does ...
    hops: int
    #: The import (in ``file``) that links it, and its line.
    line: int
    text: str
    #: hops 1: the target's names it references (for ``symbol``: the local names bound to
    #: it); hops > 1: empty.
    names: tuple[str, ...] = ()
    #: Lines of ``file`` that reference them (hops 1).
    lines: tuple[int, ...] = ()
    #: hops > 1: the file it imports that leads to the target; with ``symbol``, a file the
    #: symbol is re-exported from, when it came that way.
    via: str | None = None
    #: Below 1.0 when the import could also resolve to another file.
    confidence: float = 1.0
    #: With ``symbol``, hops 1: how sure the surest of its references is (``resolved``,
    #: ``by_type``, ``by_name``: see :class:`Reference`); left out when ``resolved``.
    certainty: str = field(default="resolved", metadata={OMIT_WHEN: "resolved"})


@record
class ImpactStats:
    """Counts before any budget."""

    direct: int
    transitive: int
    tests: int
    total: int
    max_hops: int


@record
class ImpactResult(Shown):
    """The answer of :func:`prx.impact`: what depends on a file (or on one of its symbols)."""

    #: The file as given.
    target: str
    root: str
    #: The symbol asked about, or None.
    symbol: str | None
    depth: int
    #: Files that are not tests, nearest first.
    dependents: tuple[Dependent, ...] = ()
    #: Test files among the dependents: what to run after the change.
    tests: tuple[Dependent, ...] = ()
    #: ``symbol``: files that re-export it without referencing it themselves.
    reexports: tuple[str, ...] = ()
    #: ``symbol``: files that import it but never reference it (not dependents).
    unused_imports: tuple[str, ...] = ()
    stats: ImpactStats = field(
        default_factory=lambda: ImpactStats(direct=0, transitive=0, tests=0, total=0, max_hops=0)
    )
    graph: str = "index"
    truncated: bool = False
    omitted: tuple[Cut, ...] = ()
    notes: tuple[str, ...] = ()
    #: With ``tests``: the tests the change reaches (left out otherwise).
    selection: AffectedTests | None = field(default=None, metadata={OMIT_WHEN: None})


@record
class ExplainedDefinition:
    """One definition of the symbol."""

    file: str
    line: int
    end_line: int
    kind: str
    #: The enclosing class (``Model`` for ``Model.save``), or None at the top level.
    container: str | None
    signature: str
    docstring: str | None = None
    #: The source of the definition; None when the budget left it out.
    body: str | None = None
    #: Whether ``body`` was shortened (its first lines kept).
    body_truncated: bool = False
    #: References to this definition found through imports (before any budget).
    references: int = 0


@record
class Reference:
    """A place that uses the symbol."""

    file: str
    line: int
    #: The enclosing function or method (``Class.method``), or None at module level.
    function: str | None
    #: The line's text, stripped.
    text: str
    #: Which definition it uses: ``file:line`` of one of ``definitions``.
    definition: str
    #: How it was told apart: ``local`` (in the defining file), ``import`` (the name bound
    #: by an import that resolves to the definition, re-exports followed), ``module``
    #: (``m.X`` with ``m`` an imported module), ``attribute`` (``obj.X`` in a file that
    #: imports the defining module: the receiver's type is not checked), ``string`` (the
    #: string a ``typing`` builder is given: ``_V = TypeVar('_V')``); for a language
    #: with a model of its own: ``local``, ``import`` (an import or path that resolves to
    #: it), ``receiver`` (a member reached through a receiver of its type) or ``name``.
    via: str
    #: How sure it is: ``resolved`` (bound to the definition), ``by_type`` (a member
    #: reached through a receiver whose type was inferred, or a likely one: check it) or
    #: ``by_name`` (only the name matches: a candidate). Left out of the JSON when
    #: ``resolved``.
    certainty: str = field(default="resolved", metadata={OMIT_WHEN: "resolved"})


@record
class ExplainResult(Shown):
    """The answer of :func:`prx.explain`: where a symbol is defined, used and tested."""

    symbol: str
    root: str
    #: Several definitions in different files matched: they are the candidates (narrow
    #: with ``path``); references say which one each uses.
    ambiguous: bool
    definitions: tuple[ExplainedDefinition, ...] = ()
    references: tuple[Reference, ...] = ()
    #: References from test files: the tests that exercise it.
    tests: tuple[Reference, ...] = ()
    #: Files whose imports name it without using it (a package's re-export, an unused
    #: import): a change of its name changes their imports too.
    imported_by: tuple[str, ...] = field(default=(), metadata={OMIT_WHEN: ()})
    #: Same-named identifiers that are something else (another definition, another
    #: module's name), by file: told apart by the import graph, not listed as references.
    unrelated: dict[str, int] = field(default_factory=dict)
    graph: str = "index"
    truncated: bool = False
    omitted: tuple[Cut, ...] = ()
    notes: tuple[str, ...] = ()
