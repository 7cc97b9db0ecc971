"""How an ast-grep pattern parses in a language, the way ast-grep itself reads it.

ast-grep parses a pattern as a file of the language, ignores the tokens the parser only
reports missing (Rust's ``;`` after ``$X.is_quit()``), and takes the innermost node with
more than one child as the pattern. Code that parses only inside a larger construct (a Go
or Java call outside a function, a Rust match arm, a class member) needs a pattern object,
``{"context": CODE, "selector": KIND}``: the context is parsed and the first node of kind
KIND is the pattern. So a pattern is tried as written, then inside each of the language's
wrappers (:mod:`prx.engine.retrieval.structural_forms`); the first form that parses
without an error node, as one node, and matches its own text is the one searched. With a
``selector`` the pattern is the context (as ast-grep's own ``selector`` field means),
tried as written and in the same wrappers.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from prx.core.record import record
from prx.engine.retrieval.structural_forms import AS_WRITTEN, Form, as_code, forms

if TYPE_CHECKING:
    from ast_grep_py import SgNode

__all__ = ["ParsedPattern", "Refusal", "parse_pattern"]

_METAVARIABLE = re.compile(r"\$\$\$(?:[A-Z_][A-Z0-9_]*)?|\$\$?[A-Z_][A-Z0-9_]*")


@record
class ParsedPattern:
    """A pattern that ast-grep can search ``language`` with."""

    language: str
    #: How it parsed: "as written", "as an expression" ...
    how: str
    #: What ``SgNode.find_all(pattern=...)`` takes: the pattern as written, or a pattern
    #: object (context + selector).
    rule: str | dict[str, str]

    def manner(self) -> str:
        """``as a match arm (ast-grep context + selector match_arm)``."""
        if isinstance(self.rule, dict):
            return f"{self.how} (ast-grep context + selector {self.rule['selector']})"
        return self.how


@record
class Refusal:
    """Why a pattern cannot search ``language``: the parser's complaint about the pattern
    as written, and a pattern that would (not the same one), or None."""

    language: str
    problem: str
    example: str | None = None


def parse_pattern(
    pattern: str, language: str, selector: str | None = None
) -> ParsedPattern | Refusal:
    """How ast-grep can search ``language`` for ``pattern`` (see the module docstring),
    or why it cannot."""
    for form in forms(language):
        parsed = _try(pattern, language, form, selector)
        if parsed is not None:
            return parsed
    problem = _problem(pattern, language, selector)
    return Refusal(
        language=language, problem=problem, example=_example(pattern, language, selector)
    )


def _try(pattern: str, language: str, form: Form, selector: str | None) -> ParsedPattern | None:
    """The pattern in ``form`` when it parses there and its rule matches its own text.

    As written, ast-grep's own leniency applies: an error node that is the file's only
    child is looked through, and a missing token is ignored; only the node the pattern
    becomes must be free of errors. A wrapper must parse cleanly: it is prx's guess."""
    from ast_grep_py import SgRoot

    text, original = form.wrap(as_code(pattern, language)), form.wrap(pattern)
    root = SgRoot(text, language).root()
    written = form is AS_WRITTEN
    if written and selector is None:
        node = _effective(root)
        if node is None or _first_error(node, original) is not None:
            return None  # several nodes (ast-grep: "Multiple AST nodes"), or an error
        rule: str | dict[str, str] = pattern
        span = _range(node)
    else:
        if _first_error(root, original) is not None or (
            not written and _first_missing(root) is not None
        ):
            return None
        start = len(form.prefix)
        body = text[start : len(text) - len(form.suffix)]
        span = (start + len(body) - len(body.lstrip()), start + len(body.rstrip()))
        found = (
            _spanning(root, span, form.body)
            if selector is None
            else _first_of_kind(root, selector, span)
        )
        if found is None:
            return None
        # ast-grep takes the first node of the selector's kind in the context: it must be
        # the pattern's own (not the wrapper's `__prx` identifier, say).
        first = root.find(kind=found.kind())
        if first is None or _range(first) != _range(found):
            return None
        rule = {"context": original, "selector": found.kind()}
    if not _matches_itself(text, language, rule, span):
        return None
    how = form.how if selector is None else f"{form.how} with selector {selector}"
    return ParsedPattern(language=language, how=how, rule=rule)


def _effective(root: SgNode) -> SgNode | None:
    """The node ast-grep makes a pattern written alone into: inward from the file while a
    node has a single child (an error node too); None when the file has several."""
    if not _is_single(root):
        return None
    node = root
    while _is_single(node):
        node = node.children()[0]
    return node


def _range(node: SgNode) -> tuple[int, int]:
    span = node.range()
    return span.start.index, span.end.index


def _first_error(node: SgNode, original: str) -> SgNode | None:
    """The first error node in pre-order, but for one that is a metavariable: ast-grep
    makes a node whose text is a metavariable a wildcard whatever its kind (Java's
    `$$$P` in a parameter list parses as an error)."""
    if node.kind() == "ERROR":
        start, end = _range(node)
        if not _METAVARIABLE.fullmatch(original[start:end]):
            return node
        return None
    for child in node.children():
        found = _first_error(child, original)
        if found is not None:
            return found
    return None


def _first_missing(node: SgNode) -> SgNode | None:
    """The first token the parser reports missing: a leaf of no width with a kind."""
    start, end = _range(node)
    children = node.children()
    if start == end and not children and node.kind():
        return node
    for child in children:
        found = _first_missing(child)
        if found is not None:
            return found
    return None


def _is_single(node: SgNode) -> bool:
    # ast-grep's test for a node it looks through: one child, or one and an empty one
    # (a missing token; Go's empty node at the end of `$A = 0`).
    children = node.children()
    if len(children) == 2:
        start, end = _range(children[1])
        return start == end
    return len(children) == 1


def _spanning(root: SgNode, span: tuple[int, int], body: str) -> SgNode | None:
    """The node ast-grep would make the pattern of the code at ``span``: the outermost
    node covering exactly that code (not the wrapper's ``body``), then inward while a
    node has a single child."""
    node = _covering(root, span)
    last = root.text()[span[1] - 1 : span[1]] if span[1] > span[0] else ""
    if (node is None or node.kind() == body) and last in (",", ";"):
        # `pub $F: $T,` - the separator after a field or an argument is its list's.
        node = _covering(root, (span[0], span[1] - 1))
    if node is not None and node.kind() == body:
        return None
    while node is not None and _is_single(node):
        node = node.children()[0]
    return node


def _covering(root: SgNode, span: tuple[int, int]) -> SgNode | None:
    """The outermost node whose code is exactly ``span``."""
    node: SgNode | None = root
    while node is not None and _range(node) != span:
        node = next(
            (
                c
                for c in node.children()
                if c.range().start.index <= span[0] and span[1] <= c.range().end.index
            ),
            None,
        )
    return node


def _first_of_kind(root: SgNode, kind: str, span: tuple[int, int]) -> SgNode | None:
    """The first node of ``kind`` in pre-order within ``span``."""
    start, end = _range(root)
    if end <= span[0] or span[1] <= start:
        return None
    if root.kind() == kind and span[0] <= start and end <= span[1]:
        return root
    for child in root.children():
        found = _first_of_kind(child, kind, span)
        if found is not None:
            return found
    return None


def _matches_itself(
    text: str, language: str, rule: str | dict[str, str], span: tuple[int, int]
) -> bool:
    """Whether ``rule`` finds a node of the pattern's own code (its metavariables stand
    for the identifiers that replaced them); false when ast-grep refuses the rule."""
    from ast_grep_py import SgRoot

    try:
        found = SgRoot(text, language).root().find_all(pattern=rule)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException:  # ast-grep: "cannot get matcher"; a pyo3 panic is a BaseException
        return False
    return any(span[0] <= _range(n)[0] and _range(n)[1] <= span[1] for n in found)


def _problem(pattern: str, language: str, selector: str | None) -> str:
    """What is wrong with the pattern, in the parser's words (with a selector that no
    node of the pattern has: the kinds it has)."""
    from ast_grep_py import SgRoot

    if selector is not None:
        kinds = _pattern_kinds(pattern, language)
        if kinds:
            shown = ", ".join(sorted(kinds)[:12])
            return f"no node of kind {selector!r} in it (its kinds: {shown})"
    if re.fullmatch(r"\$\$\$[A-Z0-9_]*", pattern.strip()):
        return "a $$$ metavariable alone matches a list of nodes, and a pattern one node"
    root = SgRoot(as_code(pattern, language), language).root()
    bad = _first_error(root, pattern) or _first_missing(root)
    if bad is not None:
        start, end = _range(bad)
        where = f"column {bad.range().start.column + 1}"
        if "\n" in pattern.strip():
            where = f"line {bad.range().start.line + 1} {where}"
        text = pattern[start:end].strip()
        if not text:
            return f"missing {bad.kind()!r} at {where}"
        if end >= len(pattern.rstrip()):
            # The parser ran out of pattern inside a construct: say which.
            return f"{text.split(chr(10), 1)[0][:60]!r} is incomplete at the end of the pattern"
        return f"unexpected {text.split(chr(10), 1)[0][:40]!r} at {where}"
    if _effective(root) is None:
        return f"it is {len(root.children())} nodes, and ast-grep matches one"
    return "ast-grep parses it, but it does not match code written as itself"


def _pattern_kinds(pattern: str, language: str) -> set[str]:
    """The kinds of the named nodes of the pattern's code, in the first form it parses
    in without an error; empty when it parses in none."""
    from ast_grep_py import SgRoot

    for form in forms(language):
        text, original = form.wrap(as_code(pattern, language)), form.wrap(pattern)
        root = SgRoot(text, language).root()
        if _first_error(root, original) is None:
            span = (len(form.prefix), len(text) - len(form.suffix))
            return _kinds(root, span)
    return set()


def _kinds(node: SgNode, span: tuple[int, int]) -> set[str]:
    """The kinds of the named nodes within ``span``."""
    start, end = _range(node)
    inside = span[0] <= start and end <= span[1]
    kinds = {node.kind()} if inside and node.is_named() else set()
    for child in node.children():
        kinds |= _kinds(child, span)
    return kinds


def _parses(pattern: str, language: str, selector: str | None, *, strict: bool) -> bool:
    """Whether ``pattern`` can search ``language``; ``strict``: with no token missing
    from the node it becomes (Rust's `;` after an expression is not the call's)."""
    from ast_grep_py import SgRoot

    for form in forms(language):
        if _try(pattern, language, form, selector) is None:
            continue
        if strict and form is AS_WRITTEN:
            node = _effective(SgRoot(as_code(pattern, language), language).root())
            return node is not None and _first_missing(node) is None
        return True  # a wrapper parses with no token missing at all
    return False


def _example(pattern: str, language: str, selector: str | None) -> str | None:
    """A pattern close to ``pattern`` that parses (never ``pattern`` itself), or None:
    the first of several nodes, or its brackets closed with an operand, a body or a `;`
    added after any of the brackets it leaves open (``impl $T { fn $F(`` ->
    ``impl $T { fn $F() { $$$BODY } }``)."""
    from ast_grep_py import SgRoot

    text = pattern.rstrip()
    closers = _closers(text)
    fillers = ["", " $X", " { $$$BODY }", ";"]
    if language == "python" and ":" not in text:
        fillers.insert(1, ": $$$BODY")  # def, class, if, for ... open a block with `:`
    candidates = [
        text + closers[:depth] + filler + " " * closers[depth:].startswith("}") + closers[depth:]
        for filler in fillers
        for depth in range(len(closers), -1, -1)
    ]
    root = SgRoot(as_code(pattern, language), language).root()
    several = root.children() and _effective(root) is None
    if selector is None and several and _first_error(root, pattern) is None:
        first = root.children()[0]
        candidates.insert(0, pattern[_range(first)[0] : _range(first)[1]])
    candidates = [c for c in dict.fromkeys(candidates) if c.strip() != pattern.strip()]
    # A complete construct first: `fn $F() { $$$BODY }` rather than a declaration that
    # only parses because ast-grep ignores its missing `;`.
    for strict in (True, False):
        for candidate in candidates:
            if _parses(candidate, language, selector, strict=strict):
                return candidate
    return None


def _closers(pattern: str) -> str:
    """The brackets that close what ``pattern`` leaves open, innermost first."""
    opened = {"(": ")", "[": "]", "{": "}"}
    closing: list[str] = []
    for char in pattern:
        if char in opened:
            closing.append(opened[char])
        elif closing and char == closing[-1]:
            closing.pop()
    return "".join(reversed(closing))
