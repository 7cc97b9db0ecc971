"""The built-in language catalogue: names, extensions, file names, grammars, queries.

Cheap to import: grammars load and query files are read only when first used.
"""

from __future__ import annotations

from prx.engine.lang.grammar import pack_grammar
from prx.engine.lang.queryfiles import QueryFiles
from prx.plugin.language import LanguageSpec

__all__ = ["BUILTIN_LANGUAGES", "source_kind"]

# prx language name -> tree-sitter-language-pack grammar name, where they differ.
_PACK_NAME = {"makefile": "make"}


def _spec(
    name: str,
    *exts: str,
    files: tuple[str, ...] = (),
    comments: tuple[str, ...] = (),
    placeholder: str = "{ ... }",
) -> LanguageSpec:
    return LanguageSpec(
        name=name,
        extensions=tuple("." + e for e in exts),
        filenames=files,
        grammar=pack_grammar(_PACK_NAME.get(name, name)),
        queries=QueryFiles(name),
        line_comments=comments,
        body_placeholder=placeholder,
    )


_HASH = ("#",)
_SLASH = ("//",)

#: Every language prx recognises out of the box.
BUILTIN_LANGUAGES: tuple[LanguageSpec, ...] = (
    _spec("bash", "sh", "bash", "zsh", files=(".bashrc", ".zshrc", ".profile"), comments=_HASH),
    _spec("c", "c", "h", comments=_SLASH),
    _spec("cpp", "cpp", "cc", "cxx", "c++", "hpp", "hxx", "hh", "h++", "ipp", comments=_SLASH),
    _spec("csharp", "cs", comments=_SLASH),
    _spec("css", "css"),
    _spec("dockerfile", "dockerfile", files=("Dockerfile", "Containerfile"), comments=_HASH),
    _spec("elixir", "ex", "exs", comments=_HASH, placeholder="..."),
    _spec("go", "go", comments=_SLASH),
    _spec("hcl", "tf", "hcl", "tfvars", comments=("#", "//")),
    _spec("html", "html", "htm"),
    _spec("java", "java", comments=_SLASH),
    _spec("javascript", "js", "mjs", "cjs", "jsx", comments=_SLASH),
    _spec("json", "json", "jsonc"),
    _spec("kotlin", "kt", "kts", comments=_SLASH),
    _spec("lua", "lua", comments=("--",), placeholder="..."),
    _spec(
        "makefile",
        "mk",
        "mak",
        "makefile",
        files=("Makefile", "GNUmakefile", "makefile"),
        comments=_HASH,
    ),
    _spec("markdown", "md", "markdown"),
    _spec("php", "php", comments=("//", "#")),
    _spec("python", "py", "pyi", "pyw", comments=_HASH, placeholder="..."),
    _spec(
        "ruby",
        "rb",
        "rake",
        "gemspec",
        files=("Rakefile", "Gemfile"),
        comments=_HASH,
        placeholder="...",
    ),
    _spec("rust", "rs", comments=_SLASH),
    _spec("scala", "scala", "sc", comments=_SLASH),
    _spec("sql", "sql", comments=("--",)),
    _spec("swift", "swift", comments=_SLASH),
    _spec("toml", "toml", files=("Cargo.lock", "poetry.lock"), comments=_HASH),
    _spec("tsx", "tsx", comments=_SLASH),
    _spec("typescript", "ts", "mts", "cts", comments=_SLASH),
    _spec("yaml", "yml", "yaml", comments=_HASH),
)


#: Source files prx has no parser for, by extension, and the word that says what they are:
#: a question about "the grammar" finds ``parser.y`` though the grammar never says so.
_SOURCE_KINDS = {
    **dict.fromkeys(
        (".y", ".yy", ".ypp", ".jison", ".g4", ".lark", ".pest", ".peg", ".ebnf", ".bnf"),
        "grammar",
    ),
    **dict.fromkeys((".l", ".lex", ".flex"), "lexer"),
}


def source_kind(path: str) -> str | None:
    """What an unparsed source file is (``grammar``, ``lexer``), from its extension."""
    dot = path.rfind(".")
    return _SOURCE_KINDS.get(path[dot:].lower()) if dot > path.rfind("/") else None
