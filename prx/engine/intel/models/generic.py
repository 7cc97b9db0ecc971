"""What every language has before a model of its own: definitions from its outline, and
references by name (each a :data:`~prx.engine.intel.models.base.BY_NAME` candidate)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from prx.engine.intel.models.base import BY_NAME, RESOLVED, Site, Target, sorted_sites

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile, Project

__all__ = [
    "DOCUMENTS",
    "callers_languages",
    "files_with_name",
    "name_span",
    "own_name",
    "outline_targets",
    "reads_by_name",
    "sites_by_name",
    "walk_definitions",
]


def walk_definitions(
    defs: Sequence[Any], owners: tuple[str, ...] = ()
) -> Iterator[tuple[Any, tuple[str, ...]]]:
    """Each outline definition with the names of the definitions that hold it."""
    for defn in defs:
        yield defn, owners
        yield from walk_definitions(defn.children, (*owners, defn.name))


def name_span(data: bytes, defn: Any) -> tuple[int, int]:
    """The byte span of ``defn``'s name in its node: its ``name`` field where the
    grammar has one, else the first word spelled like it after the decorators (a
    decorator may spell the name: ``@prop('files')`` above ``def files``); the node's
    start when not found."""
    node = defn.node
    word = defn.name.encode()
    if node.type == "decorated_definition":
        node = node.child_by_field_name("definition") or node
    named = node.child_by_field_name("name")
    if named is not None and named.text == word:
        return int(named.start_byte), int(named.end_byte)
    text = bytes(node.text or b"")
    found = re.search(rb"(?<![\w$])" + re.escape(word) + rb"(?![\w$])", text)
    if found is None:
        return int(defn.node.start_byte), int(defn.node.start_byte)
    start = int(node.start_byte) + found.start()
    return start, start + len(word)


def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def outline_targets(parsed: ParsedFile, separator: str = ".") -> list[Target]:
    """The definitions of the file's outline as targets, containers first (made once
    per file: impact of a file asks for each of its names)."""
    key = f"outline_targets:{separator}"
    known: list[Target] | None = parsed.memo.get(key)
    if known is None:
        known = parsed.memo[key] = _outline_targets(parsed, separator)
    return list(known)


def _outline_targets(parsed: ParsedFile, separator: str) -> list[Target]:
    out = []
    for defn, owners in walk_definitions(parsed.definitions()):
        name, scope, start, end = own_name(parsed, defn)
        held = (*owners, *scope)
        out.append(
            Target(
                file=parsed.rel,
                name=name,
                qualified=separator.join((*held, name)),
                kind=defn.kind,
                line=_line_of(parsed.data, start),
                start=start,
                end=end,
                container=held[-1] if held else None,
                defn=defn,
            )
        )
    return out


def own_name(parsed: ParsedFile, defn: Any) -> tuple[str, tuple[str, ...], int, int]:
    """A definition's own name, the scopes its name states, and the name's byte span: a
    C++ method defined out of its class (``void logger::flush()``) is ``flush`` in
    ``logger``, a Ruby ``class Sinatra::Base`` is ``Base`` in ``Sinatra``."""
    start, end = name_span(parsed.data, defn)
    if "::" not in defn.name:
        return defn.name, (), start, end
    *scope, name = defn.name.split("::")
    if not name:
        return defn.name, (), start, end
    if end - start == len(defn.name.encode()):
        start = end - len(name.encode())  # the span of the last part
    # `Ring<T, N>::pop` is in `Ring`
    return name, tuple(re.sub(r"<.*>", "", s).strip() for s in scope if s), start, end


#: Languages whose code calls one another's definitions by name: one build, one
#: namespace (a Swift class used from Objective-C, a C function from C++).
_FAMILIES = (
    frozenset({"c", "cpp", "objc", "cuda", "arduino"}),
    frozenset({"swift", "objc"}),
    frozenset({"java", "kotlin", "scala", "groovy"}),
    frozenset({"csharp", "fsharp"}),
    frozenset({"javascript", "typescript", "tsx", "svelte", "vue", "astro"}),
    frozenset({"erlang", "elixir"}),
)


#: Languages of documents, data and configuration: nothing in them uses a definition.
DOCUMENTS = frozenset(
    {"css", "csv", "html", "ini", "json", "markdown", "rst", "text", "toml", "xml", "yaml"}
)


def reads_by_name(language: str | None) -> bool:
    """Whether prx reads ``language``'s code by name only: a language of code with no
    model of its own (Swift, C, C#, Ruby ...), whose files use one another's definitions
    without an import prx resolves."""
    from prx.engine.intel.bindings import BOUND_LANGUAGES
    from prx.engine.intel.models.base import LanguageModel, model_for

    if language is None or language in DOCUMENTS or language in BOUND_LANGUAGES:
        return False
    return type(model_for(language)) is LanguageModel


def callers_languages(language: str | None) -> frozenset[str | None]:
    """The languages whose files may name a definition of ``language`` (its own and
    those of its family): a word in a README, a project file or another language's
    code is no reference to it."""
    found: set[str | None] = {language}
    for family in _FAMILIES:
        if language in family:
            found |= family
    return frozenset(found)


def files_with_name(project: Project, target: Target) -> list[str]:
    """The defining file and every file of the project, in a language that may call
    the target's, whose text holds the name (one scan per name: a file's same-named
    definitions share it)."""
    from prx.engine.intel.prefilter import word_offsets

    home = project.file(target.file)
    languages = callers_languages(home.language if home is not None else None)
    key = (target.name, languages)
    named: list[str] | None = project.memo.get(key)
    if named is None:
        word = target.name.encode()
        named = []
        for rel in project.graph.files:
            spec = project.ws.language_for(rel)  # by name: another language's file unread
            if (spec.name if spec is not None else None) not in languages:
                continue
            parsed = project.file(rel)
            if (
                parsed is not None
                and parsed.language in languages
                and word in parsed.data
                and word_offsets(parsed.data, target.name)
            ):
                named.append(rel)
        project.memo[key] = named
    return sorted({target.file, *named})


def sites_by_name(project: Project, target: Target, files: Sequence[str]) -> list[Site]:
    """Every identifier spelled like the target in ``files`` (code only: no comment, no
    string): the target's own name as its definition (sure), another definition of the
    name as one of its own, the others as candidates."""
    from prx.engine.intel.bindings import occurrences

    sites = []
    for rel in files:
        parsed = project.file(rel)
        if parsed is None:
            continue
        defined = _defined_at(parsed, target.name)
        for occ in occurrences(parsed, target.name):
            start = occ.byte
            own = rel == target.file and start == target.start
            # another definition of the name (an overload, a protocol's requirement and
            # its implementations) declares it, it does not use it
            role = "definition" if own or start in defined else "reference"
            sites.append(
                Site(
                    file=rel,
                    line=occ.line,
                    start=start,
                    end=start + len(target.name.encode()),
                    how=RESOLVED if own else BY_NAME,  # the definition itself is sure
                    role="import" if occ.in_import and not own else role,
                )
            )
    return sorted_sites(sites)


def _defined_at(parsed: ParsedFile, name: str) -> frozenset[int]:
    """Where the file's outline definitions named ``name`` write their names."""
    key = f"defined_at:{name}"
    found: frozenset[int] | None = parsed.memo.get(key)
    if found is None:
        found = parsed.memo[key] = frozenset(
            own[2]
            for defn, _ in walk_definitions(parsed.definitions())
            if (own := own_name(parsed, defn))[0] == name
        )
    return found
