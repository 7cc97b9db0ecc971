"""Where an ast-grep pattern can stand in code of its language: as written, or in a
wrapper (a function body, an expression, a match arm, a class member ...), and the pattern
as ast-grep's parser sees it (its metavariables made identifiers).

The wrappers are tried in order after the pattern as written; one is used when the pattern
does not parse alone (:mod:`prx.engine.retrieval.structural_pattern`).
"""

from __future__ import annotations

import re
import textwrap

from prx.core.record import record

__all__ = ["AS_WRITTEN", "Form", "as_code", "forms"]

# ast-grep's expando character per language whose identifiers cannot hold `$` (its
# crates/language); the others parse `$A` as an identifier as it stands.
_EXPANDO = {
    **dict.fromkeys(("c", "cpp"), "\U00010000"),
    **dict.fromkeys(("css", "nix"), "_"),
    **dict.fromkeys(
        (
            "csharp",
            "elixir",
            "go",
            "haskell",
            "hcl",
            "kotlin",
            "php",
            "python",
            "ruby",
            "rust",
            "swift",
        ),
        "\u00b5",
    ),
}


@record
class Form:
    """A way to place a pattern in code of its language: ``prefix`` + the pattern
    (indented by ``indent``) + ``suffix``."""

    #: How the answer describes it: "as an expression", "as a match arm" ...
    how: str
    prefix: str = ""
    suffix: str = ""
    indent: str = ""
    #: The kind of the wrapper's node that holds the pattern when it has no brace of its
    #: own (Python's block): never the pattern's node, though it covers the same code.
    body: str = ""

    def wrap(self, code: str) -> str:
        """The whole context for ``code``."""
        body = textwrap.indent(code, self.indent) if self.indent else code
        return self.prefix + body + self.suffix


AS_WRITTEN = Form(how="as written")
_STATEMENT = "as a statement in a function body"
_EXPRESSION = "as an expression"
_MEMBER = "as a class member"

# The wrappers of each language, tried in order after the pattern as written. A newline
# before the closing brace keeps a pattern's trailing line comment from eating it.
_WRAPPERS: dict[str, tuple[Form, ...]] = {
    "rust": (
        Form(how=_STATEMENT, prefix="fn __prx() {\n", suffix="\n;}"),
        Form(how=_EXPRESSION, prefix="fn __prx() {\nlet _ = ", suffix="\n;}"),
        Form(how="as a match arm", prefix="fn __prx() {\nmatch __prx {\n", suffix="\n}}"),
        Form(
            how="as a match pattern",
            prefix="fn __prx() {\nmatch __prx {\n",
            suffix="\n=> {}\n}}",
        ),
        Form(how="as an impl item", prefix="impl __Prx {\n", suffix="\n}"),
        Form(how="as a struct field", prefix="struct __Prx {\n", suffix="\n}"),
    ),
    "go": (
        Form(how=_STATEMENT, prefix="func __prx() {\n", suffix="\n}"),
        Form(how=_EXPRESSION, prefix="func __prx() {\n_ = ", suffix="\n}"),
        Form(how="as a struct field", prefix="type __Prx struct {\n", suffix="\n}"),
    ),
    "java": (
        Form(how=_STATEMENT, prefix="class __Prx { void __prx() {\n", suffix="\n; } }"),
        Form(
            how=_EXPRESSION, prefix="class __Prx { void __prx() {\nvar __prx = ", suffix="\n; } }"
        ),
        Form(how=_MEMBER, prefix="class __Prx {\n", suffix="\n}"),
    ),
    "c": (
        Form(how=_STATEMENT, prefix="void __prx() {\n", suffix="\n; }"),
        Form(how=_EXPRESSION, prefix="void __prx() {\n__prx = ", suffix="\n; }"),
        Form(how="as a struct field", prefix="struct __Prx {\n", suffix="\n};"),
    ),
    "cpp": (
        Form(how=_STATEMENT, prefix="void __prx() {\n", suffix="\n; }"),
        Form(how=_EXPRESSION, prefix="void __prx() {\nauto __prx = ", suffix="\n; }"),
        Form(how=_MEMBER, prefix="class __Prx {\n", suffix="\n};"),
    ),
    "csharp": (
        Form(how=_STATEMENT, prefix="class __Prx { void __prx() {\n", suffix="\n; } }"),
        Form(
            how=_EXPRESSION, prefix="class __Prx { void __prx() {\nvar __prx = ", suffix="\n; } }"
        ),
        Form(how=_MEMBER, prefix="class __Prx {\n", suffix="\n}"),
    ),
    "kotlin": (
        Form(how=_STATEMENT, prefix="fun __prx() {\n", suffix="\n}", body="statements"),
        Form(how=_EXPRESSION, prefix="fun __prx() {\nval __prx = ", suffix="\n}"),
        Form(how=_MEMBER, prefix="class __Prx {\n", suffix="\n}"),
    ),
    "scala": (
        Form(how=_STATEMENT, prefix="object __Prx { def __prx() = {\n", suffix="\n} }"),
        Form(how=_MEMBER, prefix="class __Prx {\n", suffix="\n}"),
    ),
    "swift": (
        Form(how=_STATEMENT, prefix="func __prx() {\n", suffix="\n}", body="statements"),
        Form(how=_EXPRESSION, prefix="func __prx() {\nlet __prx = ", suffix="\n}"),
        Form(how=_MEMBER, prefix="class __Prx {\n", suffix="\n}"),
    ),
    "javascript": (
        Form(how=_STATEMENT, prefix="function __prx() {\n", suffix="\n}"),
        Form(how=_MEMBER, prefix="class __Prx {\n", suffix="\n}"),
    ),
    "python": (Form(how=_STATEMENT, prefix="def __prx():\n", indent="    ", body="block"),),
}
_WRAPPERS["typescript"] = _WRAPPERS["tsx"] = _WRAPPERS["javascript"]


def forms(language: str) -> tuple[Form, ...]:
    """The forms to try for ``language``, the pattern as written first."""
    return (AS_WRITTEN, *_WRAPPERS.get(language, ()))


def as_code(pattern: str, language: str) -> str:
    """The pattern as ast-grep's parser sees it: in a language whose identifiers cannot
    hold ``$``, each metavariable's ``$`` becomes the language's expando character (one
    character for one: offsets into the pattern still hold)."""
    expando = _EXPANDO.get(language)
    if expando is None:
        return pattern
    # ast-grep's pre_process_pattern: `$A`, `$$A`, `$$$A`, `$_` and a bare `$$$`.
    return re.sub(
        r"\$+",
        lambda m: (
            expando * len(m.group(0))
            if re.match(r"[A-Z_]", pattern[m.end() : m.end() + 1]) or len(m.group(0)) == 3
            else m.group(0)
        ),
        pattern,
    )
