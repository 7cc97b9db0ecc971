"""Both versions of a file through their parse trees: which definition encloses each change,
which definitions changed, and the notes (signatures, definitions added, removed or
renamed, imports added or removed)."""

from __future__ import annotations

from collections import Counter

from prx.commands.diff.model import FilePatch, Hunk
from prx.core.results.read import Symbol

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["NOT_CODE", "FileSemantics", "Version", "analyse", "parse_version"]

#: Languages whose outline holds headings, keys or selectors rather than definitions: their
#: hunks still name the enclosing section, but they add no notes and no changed definitions.
NOT_CODE = frozenset({"css", "html", "json", "markdown", "toml", "yaml"})

# Two definitions whose texts (names aside) are at least this similar are one, renamed.
_RENAME_SIMILARITY = 0.75
# A new or deleted file's note names at most this many of its definitions.
_NAMED = 5


class Version:
    """One side of a file: its definitions (qualified names, depth first) and imports."""

    __slots__ = ("defs", "imports", "lines", "owner")

    def __init__(
        self, symbols: tuple[Symbol, ...], imports: list[tuple[str, int]], text: list[str]
    ) -> None:
        self.defs: list[tuple[str, Symbol]] = []
        _walk(symbols, "", self.defs)
        self.imports = imports
        self.lines = text
        # owner[n]: index into defs of the innermost definition holding line n (1-based).
        self.owner: list[int] = [-1] * (len(text) + 2)
        for index, (_, symbol) in enumerate(self.defs):  # parents first: children overwrite
            for line in range(symbol.lines.start, min(symbol.lines.end, len(text)) + 1):
                self.owner[line] = index

    def at(self, line: int) -> str | None:
        """The innermost definition holding ``line``."""
        if 0 < line < len(self.owner) and self.owner[line] >= 0:
            return self.defs[self.owner[line]][0]
        return None

    def around(self, first: int, count: int) -> str | None:
        """The innermost definition holding lines ``first``..``first+count-1``; for an
        insertion (``count`` 0, after line ``first - 1``) one that holds both neighbours."""
        if count == 0:
            before, after = self.at(first - 1), self.at(first)
            if before is None or after is None:
                return None
            return _common(before, after)
        start = self.at(first)
        end = self.at(first + count - 1)
        if start is None or end is None:
            return start or end
        return _common(start, end) or start


def _common(a: str, b: str) -> str | None:
    """The deepest definition that qualified names ``a`` and ``b`` both lie in."""
    parts_a, parts_b = a.split("."), b.split(".")
    shared: list[str] = []
    for x, y in zip(parts_a, parts_b, strict=False):
        if x != y:
            break
        shared.append(x)
    return ".".join(shared) or None


def _walk(symbols: tuple[Symbol, ...], prefix: str, out: list[tuple[str, Symbol]]) -> None:
    for symbol in symbols:
        name = f"{prefix}{symbol.name}"
        out.append((name, symbol))
        _walk(symbol.children, name + ".", out)


def parse_version(spec: LanguageSpec, data: bytes) -> Version:
    """The definitions and imports of ``data`` (one parse for both)."""
    from prx.commands.diff.noindex import text_lines
    from prx.engine.lang.grammar import parse
    from prx.engine.lang.imports import extract_imports
    from prx.engine.lang.outline import outline

    tree = parse(spec, data)
    symbols = outline(spec, data, tree)
    imports = [(ref.module, ref.line) for ref in extract_imports(spec, data, tree)]
    return Version(symbols, imports, text_lines(data))


class FileSemantics:
    """What the parse trees say about one file's change."""

    __slots__ = ("changed", "enclosing", "kinds", "notable", "notes")

    def __init__(self) -> None:
        #: Qualified names of the innermost definitions the changed lines fall in.
        self.changed: list[str] = []
        #: Per hunk: (definition after, definition before).
        self.enclosing: list[tuple[str | None, str | None]] = []
        #: Semantic notes, without the file's path.
        self.notes: list[str] = []
        #: Per hunk: whether it carries one of the notes.
        self.notable: list[bool] = []
        #: How many notes of each kind: signature, added, removed, renamed, import_added,
        #: import_removed.
        self.kinds: Counter[str] = Counter()


def analyse(
    patch: FilePatch,
    old: Version | None,
    new: Version | None,
    *,
    comparable: bool = True,
    code: bool = True,
) -> FileSemantics:
    """Enclosing definitions of ``patch``'s hunks, definitions changed, and notes (only
    when both versions are ``comparable``: of one language; and for ``code``, not for the
    headings or keys of a document or data file)."""
    out = FileSemantics()
    changed: dict[str, None] = {}
    for hunk in patch.hunks:
        after = new.around(hunk.new_first, hunk.new_count) if new is not None else None
        before = old.around(hunk.old_first, hunk.old_count) if old is not None else None
        out.enclosing.append((after, before))
        # Blank lines change no definition (one between two methods is the class's).
        if new is not None:
            for offset, text in enumerate(hunk.added):
                name = new.at(hunk.new_start + offset) if text.strip() else None
                if name is not None:
                    changed.setdefault(name)
        if old is not None:
            for offset, text in enumerate(hunk.removed):
                name = old.at(hunk.old_start + offset) if text.strip() else None
                if name is not None:
                    changed.setdefault(name)
    marks_old: set[int] = set()
    marks_new: set[int] = set()
    if not code:
        return _marked(out, patch, marks_old, marks_new)
    out.changed = list(changed)
    if old is not None and new is not None:
        if not comparable:
            out.notes = ["the language changed: definitions and imports are not compared"]
            return _marked(out, patch, marks_old, marks_new)
        out.notes = _compare(old, new, marks_old, marks_new, out.kinds)
    elif new is not None and new.defs:
        out.notes = [f"new file defining {_named(new)}"]
        marks_new.update(range(1, len(new.lines) + 1))
    elif old is not None and old.defs:
        out.notes = [f"deleted file that defined {_named(old)}"]
        marks_old.update(range(1, len(old.lines) + 1))
    return _marked(out, patch, marks_old, marks_new)


def _marked(
    out: FileSemantics, patch: FilePatch, marks_old: set[int], marks_new: set[int]
) -> FileSemantics:
    out.notable = [_touches(h, marks_old, marks_new) for h in patch.hunks]
    return out


def _touches(hunk: Hunk, marks_old: set[int], marks_new: set[int]) -> bool:
    new = range(hunk.new_start, hunk.new_start + hunk.new_count)
    old = range(hunk.old_start, hunk.old_start + hunk.old_count)
    return any(n in marks_new for n in new) or any(n in marks_old for n in old)


def _named(version: Version) -> str:
    top = [name for name, _ in version.defs if "." not in name]
    shown = ", ".join(f"`{name}`" for name in top[:_NAMED])
    more = len(top) - _NAMED
    return shown + (f" and {more} more" if more > 0 else "")


def _span(symbol: Symbol) -> range:
    return range(symbol.lines.start, symbol.lines.end + 1)


def _body(version: Version, symbol: Symbol) -> str:
    """A definition's text with its own name blanked, to recognise it under a new name."""
    text = "\n".join(version.lines[symbol.lines.start - 1 : symbol.lines.end])
    return text.replace(symbol.name, "\0")


def _parent(name: str) -> str:
    return name.rpartition(".")[0]


def _compare(
    old: Version, new: Version, marks_old: set[int], marks_new: set[int], kinds: Counter[str]
) -> list[str]:
    import difflib

    before = dict(reversed(old.defs))  # the first of equal names wins
    after = dict(reversed(new.defs))
    removed = [n for n in before if n not in after and (_parent(n) in after or not _parent(n))]
    added = [n for n in after if n not in before and (_parent(n) in before or not _parent(n))]
    notes: list[str] = []
    # Renames: a removed and an added definition of one kind and parent, alike but for the name.
    pairs: list[tuple[float, str, str]] = []
    for gone in removed:
        for came in added:
            a, b = before[gone], after[came]
            if a.kind != b.kind or _parent(gone) != _parent(came):
                continue
            matcher = difflib.SequenceMatcher(a=_body(old, a), b=_body(new, b), autojunk=False)
            if matcher.real_quick_ratio() < _RENAME_SIMILARITY:
                continue
            ratio = matcher.ratio()
            if ratio >= _RENAME_SIMILARITY:
                pairs.append((ratio, gone, came))
    renamed: dict[str, str] = {}
    taken: set[str] = set()
    for _, gone, came in sorted(pairs, key=lambda p: (-p[0], p[1], p[2])):
        if gone not in renamed and came not in taken:
            renamed[gone] = came
            taken.add(came)
    for name, symbol in new.defs:
        if name in taken:
            gone = next(g for g, c in renamed.items() if c == name)
            notes.append(f"{symbol.kind} `{gone}` renamed to `{name}`")
            kinds["renamed"] += 1
            marks_new.update(_span(symbol))
            marks_old.update(_span(before[gone]))
        elif name in added:
            notes.append(f"{symbol.kind} `{name}` added")
            kinds["added"] += 1
            marks_new.update(_span(symbol))
        elif name in before and after.get(name) is symbol:
            old_sig, new_sig = before[name].signature, symbol.signature
            if " ".join(old_sig.split()) != " ".join(new_sig.split()):
                notes.append(f"signature of `{name}` changed: `{old_sig}` -> `{new_sig}`")
                kinds["signature"] += 1
                marks_new.update(_span(symbol))
                marks_old.update(_span(before[name]))
    for name in removed:
        if name not in renamed:
            notes.append(f"{before[name].kind} `{name}` removed")
            kinds["removed"] += 1
            marks_old.update(_span(before[name]))
    old_imports = Counter(module for module, _ in old.imports)
    new_imports = Counter(module for module, _ in new.imports)
    for module, line in new.imports:
        if new_imports[module] > old_imports[module]:
            notes.append(f"import `{module}` added")
            kinds["import_added"] += 1
            marks_new.add(line)
            new_imports[module] -= 1
    for module, line in old.imports:
        if old_imports[module] > new_imports[module]:
            notes.append(f"import `{module}` removed")
            kinds["import_removed"] += 1
            marks_old.add(line)
            old_imports[module] -= 1
    return notes
