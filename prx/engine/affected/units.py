"""One file as the selection reads it: its definitions, which definition owns each line,
the identifiers each definition (or the module level) mentions, and what a module-level
statement binds."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from prx.engine.intel.project import ParsedFile

__all__ = ["MODULE", "FileUnits", "Statement", "Unit", "identifiers"]

#: The owner index of a line outside every definition.
MODULE = -1

_PY_TARGET = re.compile(r"\b[A-Za-z_]\w*\s*=(?!=)")
_LINE_COMMENTS = ("#", "//", "/*", "* ", "--")
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*")

#: Each language's reserved words (and the words every file of it says): they bind
#: nothing and name no definition, so they never link a use. A word reserved in one
#: language is a fine name in another (``do`` in Python, ``type`` in Go).
_RESERVED = {
    "python": "False None True and as assert async await break class continue def del elif "
    "else except finally for from global if import in is lambda nonlocal not or pass raise "
    "return self try while with yield",
    "javascript": "async await break case catch class const continue debugger default delete "
    "do else export extends false finally for function if import in instanceof let new null "
    "of require return static super switch this throw true try typeof undefined var void "
    "while with yield module exports",
    "go": "break case chan const continue default defer else fallthrough for func go goto if "
    "import interface map package range return select struct switch type var nil true false",
    "rust": "as async await break const continue crate else enum extern false fn for if impl "
    "in let loop match mod move mut pub ref return self Self static struct super trait true "
    "type unsafe use where while",
    "java": "abstract boolean break byte case catch char class const continue default do "
    "double else enum extends final finally float for if implements import instanceof int "
    "interface long new null package private protected public return short static super "
    "switch this throw throws true false try void while",
}
_RESERVED["typescript"] = _RESERVED["javascript"] + " interface type enum implements"
_RESERVED["tsx"] = _RESERVED["typescript"]
_RESERVED["kotlin"] = _RESERVED["java"] + " fun val var when object"
_KEYWORD_SETS = {
    language: frozenset((words + " _").split()) for language, words in _RESERVED.items()
}
#: Reserved words of any of them: for a language without its own list.
KEYWORDS = frozenset().union(*_KEYWORD_SETS.values())


def keywords_of(language: str | None) -> frozenset[str]:
    """The words that never link a use in ``language``'s files."""
    return _KEYWORD_SETS.get(language or "", KEYWORDS)


def identifiers(text: str) -> list[str]:
    """The identifier-like words of ``text``."""
    return _IDENTIFIER.findall(text)


class Unit:
    """One definition of the file's outline."""

    __slots__ = ("end", "index", "kind", "name", "parent", "qualname", "raw_kind", "start")

    def __init__(
        self,
        *,
        index: int,
        name: str,
        qualname: str,
        kind: str,
        raw_kind: str,
        start: int,
        end: int,
        parent: int,
    ) -> None:
        self.index = index
        self.name = name
        self.qualname = qualname
        self.kind = kind
        self.raw_kind = raw_kind
        self.start, self.end = start, end
        #: Index of the enclosing definition, or :data:`MODULE`.
        self.parent = parent

    @property
    def callable(self) -> bool:
        return self.kind in ("function", "method")


class Statement(NamedTuple):
    """A module-level statement: ``import`` (links files, binds names the graph already
    follows), ``binding`` (binds ``names``), ``default_export`` (the module's value, named
    by each importer), ``ignore`` (a comment or a docstring) or ``other`` (runs at import:
    the whole module)."""

    kind: str
    names: tuple[str, ...]
    start: int
    end: int


class FileUnits:
    """The definitions of one file and who mentions what."""

    def __init__(self, parsed: ParsedFile) -> None:
        self.rel = parsed.rel
        self.language = parsed.language
        self.lines = parsed.lines
        self.units: list[Unit] = []
        self._tree = parsed.tree
        for definition in parsed.definitions():
            self._add(definition, MODULE, "", parsed.data)
        if self.language == "rust":
            self._doc_tests()
            self._macro_tests()
        count = len(self.lines)
        #: owner[line] (1-based): the innermost definition holding it, or MODULE.
        self.owner = [MODULE] * (count + 2)
        for unit in self.units:  # parents first: children overwrite
            for line in range(unit.start, min(unit.end, count) + 1):
                self.owner[line] = unit.index
        #: identifier -> owner indices whose lines mention it.
        self.mentions: dict[str, set[int]] = {}
        prose = (
            _docstring_prose(self._tree, self.lines)
            if self.language == "python" and self._tree is not None
            else set()
        )
        for number, text in enumerate(self.lines, start=1):
            if number in prose:
                continue
            stripped = text.lstrip()
            # A comment names without using (a Rust doc comment's code is a doc test).
            owner = self.owner[number]
            doc_test = owner != MODULE and self.units[owner].kind == "doctest"
            if not stripped or (stripped.startswith(_LINE_COMMENTS) and not doc_test):
                continue
            if self.language == "python":
                # `key=` (a keyword argument, a parameter's default, an assignment's
                # target) names without using: `dict(groupby=...)` is no use of groupby.
                text = _PY_TARGET.sub(" ", text)
            for word in set(identifiers(text)):
                self.mentions.setdefault(word, set()).add(owner)
        self._statements: list[tuple[int, int, Any]] | None = None

    def _add(self, definition: Any, parent: int, prefix: str, source: bytes) -> None:
        from prx.engine.lang.outline import symbol_lines

        span = symbol_lines(definition.node, source)
        qualname = f"{prefix}{definition.name}"
        unit = Unit(
            index=len(self.units),
            name=definition.name.rsplit(".", 1)[-1].split()[-1] if definition.name else "",
            qualname=qualname,
            kind=definition.kind,
            raw_kind=definition.raw_kind,
            start=span.start,
            end=span.end,
            parent=parent,
        )
        self.units.append(unit)
        for child in definition.children:
            self._add(child, unit.index, qualname + ".", source)

    def _doc_tests(self) -> None:
        """Each Rust doc comment holding a code block is a test of its own (``cargo test``
        runs it): a unit named ``""`` (it defines nothing) that owns those lines. Line
        comments (``///``, ``//!``) and block comments (``/** */``, ``/*! */``) alike."""
        for start, end in _doc_blocks(self.lines):
            body = self.lines[start - 1 : end]
            if not any(_FENCE.match(line) for line in body):
                continue
            parent = next(
                (u.index for u in reversed(self.units) if u.start <= start <= u.end), MODULE
            )
            self.units.append(
                Unit(
                    index=len(self.units),
                    name="",
                    qualname=f"<doc test at line {start}>",
                    kind="doctest",
                    raw_kind="doctest",
                    start=start,
                    end=end,
                    parent=parent,
                )
            )

    def _macro_tests(self) -> None:
        """Tests a Rust macro writes (``test_lit!(pfx_cat2, prefixes, "a", ...)`` with a
        ``#[test] fn $name`` in the macro): each invocation is a unit named ``""`` whose
        qualified name is the test's, owning the invocation's lines."""
        macros = {
            u.name
            for u in self.units
            if u.raw_kind == "macro" and _TEST_ATTRIBUTE.search(self.text(u))
        }
        if not macros:
            return
        spans = [(u.start, u.end) for u in self.units if u.raw_kind == "macro"]
        invocation = re.compile(
            r"^\s*(?:" + "|".join(re.escape(m) for m in sorted(macros)) + r")!\s*[(\[{]"
        )
        for number, text in enumerate(self.lines, start=1):
            if not invocation.match(text) or any(a <= number <= b for a, b in spans):
                continue
            end = _balanced_end(self.lines, number)
            # The test's name: the first argument, on this line or the next.
            arguments = "\n".join(self.lines[number - 1 : end]).split("!", 1)[1]
            found = re.search(r"[(\[{]\s*(\w+)", arguments)
            if found is None:
                continue
            parent = next(
                (u.index for u in reversed(self.units) if u.start <= number <= u.end), MODULE
            )
            self.units.append(
                Unit(
                    index=len(self.units),
                    name="",
                    qualname=found.group(1),
                    kind="macro_test",
                    raw_kind="macro_test",
                    start=number,
                    end=end,
                    parent=parent,
                )
            )

    # -- questions --------------------------------------------------------------------

    def by_qualname(self, qualname: str) -> Unit | None:
        return next((u for u in self.units if u.qualname == qualname), None)

    def ancestors(self, index: int) -> list[Unit]:
        """The definitions enclosing ``index``, innermost first."""
        out: list[Unit] = []
        parent = self.units[index].parent
        while parent != MODULE:
            out.append(self.units[parent])
            parent = self.units[parent].parent
        return out

    def text(self, unit: Unit) -> str:
        return "\n".join(self.lines[unit.start - 1 : unit.end])

    def lines_owned(self, line: int) -> int:
        return self.owner[line] if 0 < line < len(self.owner) else MODULE

    def statement_at(self, line: int) -> Statement:
        """The module-level statement holding ``line``."""
        if self._statements is None:
            self._statements = []
            if self._tree is not None:
                for node in self._tree.root_node.children:
                    first = int(node.start_point[0]) + 1
                    last = int(node.end_point[0]) + 1
                    self._statements.append((first, last, node))
        for first, last, node in self._statements:
            if first <= line <= last:
                kind, names = classify(node, keywords_of(self.language))
                return Statement(kind, names, first, last)
        text = self.lines[line - 1].strip() if 0 < line <= len(self.lines) else ""
        if not text or text.startswith(("#", "//", "/*", "*", "--")):
            return Statement("ignore", (), line, line)
        return Statement("other", (), line, line)


#: A code fence a doc test runs (``text`` and ``ignore`` blocks do not run).
_FENCE = re.compile(r"^\s*(?:///|//!|\*)?\s*```(?!\s*(?:text|ignore))")


def _doc_blocks(lines: list[str]) -> list[tuple[int, int]]:
    """The (first, last) lines of each doc comment: runs of ``///`` or ``//!`` lines,
    and ``/** ... */`` or ``/*! ... */`` blocks."""
    blocks: list[tuple[int, int]] = []
    start: int | None = None
    in_block = False
    for number, text in enumerate([*lines, ""], start=1):
        stripped = text.strip()
        if in_block:
            if "*/" in stripped:
                assert start is not None
                blocks.append((start, number))
                in_block, start = False, None
            continue
        if stripped.startswith(("/**", "/*!")) and not stripped.startswith("/**/"):
            if "*/" in stripped[3:]:
                continue  # one line: no code block
            in_block, start = True, number
            continue
        if stripped.startswith(("///", "//!")):
            start = start or number
            continue
        if start is not None:
            blocks.append((start, number - 1))
            start = None
    return blocks


def _docstring_prose(tree: Any, lines: list[str]) -> set[int]:
    """Lines (1-based) of Python docstrings (a string standing as a statement) that are
    prose: they name without using. A doctest's lines (``>>>``, ``...``) are kept."""
    out: set[int] = set()
    stack = [tree.root_node]
    while stack:
        node = stack.pop()
        kind = str(node.type)
        # A standing string: wrapped in an expression statement, or bare (the grammar
        # prx ships leaves statements unwrapped).
        if kind in ("string", "concatenated_string") or kind == "expression_statement":
            children = node.named_children
            standing = kind != "expression_statement" or (
                len(children) == 1 and str(children[0].type) in ("string", "concatenated_string")
            )
            if standing:
                for line in range(int(node.start_point[0]), int(node.end_point[0]) + 1):
                    if line < len(lines) and not lines[line].lstrip().startswith((">>>", "...")):
                        out.add(line + 1)
            continue
        if kind in (
            "module",
            "block",
            "class_definition",
            "function_definition",
            "decorated_definition",
            "if_statement",
            "try_statement",
            "else_clause",
        ):
            stack.extend(node.named_children)
    return out


_TEST_ATTRIBUTE = re.compile(r"#\[\s*(?:[\w:]*::)?test\b")


def _balanced_end(lines: list[str], first: int) -> int:
    """The line where the brackets opened on line ``first`` (1-based) close."""
    depth = 0
    for number in range(first, len(lines) + 1):
        for char in lines[number - 1]:
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth -= 1
        if depth <= 0:
            return number
    return len(lines)


# -- module-level statements ------------------------------------------------------------

_IMPORTS = (
    "import",
    "use_declaration",
    "package_clause",
    "package_declaration",
    "extern_crate",
    "include",
    "namespace_use",
)
_DECLARATIONS = (
    "lexical_declaration",
    "variable_declaration",
    "const_declaration",
    "var_declaration",
    "short_var_declaration",
    "const_item",
    "static_item",
    "let_declaration",
    "type_declaration",
    "field_declaration",
)


def classify(node: Any, reserved: frozenset[str] = KEYWORDS) -> tuple[str, tuple[str, ...]]:
    """What a top-level statement does (see :class:`Statement`)."""
    kind = str(node.type)
    if "comment" in kind:
        return "ignore", ()
    if any(word in kind for word in _IMPORTS):
        return "import", ()
    if kind == "mod_item":
        return ("import", ()) if node.child_by_field_name("body") is None else ("other", ())
    if kind == "export_statement":
        declaration = node.child_by_field_name("declaration")
        if declaration is not None:
            return classify(declaration, reserved)
        if any(str(c.type) == "default" for c in node.children):
            return "default_export", ()
        return "import", ()  # export { a, b } / export * from: re-exports
    if kind in _DECLARATIONS:
        names = _declared(node, reserved)
        return ("binding", names) if names else ("other", ())
    if kind == "expression_statement":
        return _expression(node, reserved)
    if kind in _ASSIGNMENTS or kind in ("string", "concatenated_string"):
        return _expression_of(node, reserved)  # some grammars put it at the top, unwrapped
    return "other", ()


def _declared(node: Any, reserved: frozenset[str]) -> tuple[str, ...]:
    """The names a declaration binds: its own ``name`` field, or its declarators'."""
    names: list[str] = []
    for holder in (node, *node.named_children):
        name = holder.child_by_field_name("name")
        if name is not None:
            names += [w for w in identifiers(_text(name)) if w not in reserved]
    return tuple(dict.fromkeys(names))


_ASSIGNMENTS = (
    "assignment",
    "augmented_assignment",
    "assignment_expression",
    "augmented_assignment_expression",
)


def _expression(node: Any, reserved: frozenset[str]) -> tuple[str, tuple[str, ...]]:
    inner = node.named_children[0] if node.named_children else None
    if inner is None:
        return "ignore", ()
    return _expression_of(inner, reserved)


def _expression_of(inner: Any, reserved: frozenset[str]) -> tuple[str, tuple[str, ...]]:
    kind = str(inner.type)
    if kind in ("string", "concatenated_string", "template_string"):
        return "ignore", ()  # a docstring
    if kind in _ASSIGNMENTS:
        left = inner.child_by_field_name("left")
        if left is None:
            return "other", ()
        text = _text(left)
        if text in ("module.exports", "exports"):
            return "default_export", ()
        words = [w for w in identifiers(text) if w not in reserved]
        if str(left.type) in ("attribute", "member_expression"):
            # `module.exports.load = ...` binds load; `merge.__doc__ = ...` changes merge.
            words = words[:1] if words[-1].startswith("__") else words[-1:]
        elif str(left.type) in ("subscript", "subscript_expression"):
            words = words[:1]  # `table['key'] = ...` changes table
        if text.strip() == "__all__":
            return "ignore", ()
        return ("binding", tuple(words)) if words else ("other", ())
    return "other", ()


def _text(node: Any) -> str:
    return bytes(node.text).decode("utf-8", "replace")
