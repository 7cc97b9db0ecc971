"""The grep an agent who knows the language types to find a definition.

``grep -rn 'def NAME\\b\\|class NAME\\b' .`` in Python, ``'func NAME\\b\\|func ([^)]*)
NAME\\b\\|type NAME\\b'`` in Go (a method has a receiver) ...: the forms that declare a
name in that language, as basic regular expressions (``\\|`` between them). The name is an
identifier, so it needs no escaping.
"""

from __future__ import annotations

__all__ = ["DEF_PATTERN", "definition_pattern"]

#: Lines that declare something, in any of the languages below: the outline fallback's
#: grep (prx/commands/outline/operation.py), used for a directory's definitions.
DEF_PATTERN = (
    r"^\s*\(def\|class\|fn\|func\|function\|struct\|enum\|trait\|interface\|impl\|type\|module\) "
)

#: The forms that define ``{n}``, by language.
_FORMS: dict[str, tuple[str, ...]] = {
    "python": ("def {n}", "class {n}"),
    "go": ("func {n}", "func ([^)]*) {n}", "type {n}"),
    "rust": ("fn {n}", "struct {n}", "enum {n}", "trait {n}", "type {n}", "mod {n}"),
    "java": ("class {n}", "interface {n}", "enum {n}", "record {n}", " {n}("),
    "kotlin": ("fun {n}", "class {n}", "interface {n}", "object {n}"),
    "javascript": ("function {n}", "class {n}", "const {n}", "let {n}", "var {n}"),
    "typescript": (
        "function {n}",
        "class {n}",
        "interface {n}",
        "type {n}",
        "enum {n}",
        "const {n}",
    ),
    "tsx": (
        "function {n}",
        "class {n}",
        "interface {n}",
        "type {n}",
        "enum {n}",
        "const {n}",
    ),
    "ruby": ("def {n}", "class {n}", "module {n}"),
    "c": ("struct {n}", " {n}("),
    "cpp": ("class {n}", "struct {n}", " {n}("),
}
_ANY = ("def", "class", "fn", "func", "function", "struct", "enum", "trait", "interface", "type")


def definition_pattern(language: str | None, name: str) -> str:
    """The basic regular expression that finds where ``name`` is defined in ``language``
    (any language's keywords when it has no entry)."""
    forms = _FORMS.get(language or "") or tuple(f"{keyword} {{n}}" for keyword in _ANY)
    return r"\|".join(form.format(n=name) + ("" if form.endswith("(") else r"\b") for form in forms)
