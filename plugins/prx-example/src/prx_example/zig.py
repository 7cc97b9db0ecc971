"""The Zig language: files, grammar and the outline query."""

from __future__ import annotations

from prx.plugin import LanguageSpec, pack_grammar

ZIG = LanguageSpec(
    name="zig",
    extensions=(".zig",),
    grammar=pack_grammar("zig"),
    queries={
        # Each function declaration with its name and body (for outlines and --skeleton).
        "outline": "(Decl (FnProto function: (IDENTIFIER) @name) (Block) @body)"
        " @definition.function",
    },
    line_comments=("//",),
)
