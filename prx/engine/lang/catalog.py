"""The built-in language catalogue: names, extensions, file names, grammars, queries.

Cheap to import: grammars load and query files are read only when first used.
"""

from __future__ import annotations

from collections.abc import Mapping

from prx.engine.lang.grammar import pack_grammar
from prx.engine.lang.queryfiles import QueryFiles
from prx.plugin.language import LanguageSpec

__all__ = [
    "BUILTIN_LANGUAGES",
    "GENERIC_GRAMMARS",
    "GENERIC_LANGUAGES",
    "HAND_TUNED_LANGUAGES",
    "source_kind",
]

# prx language name -> tree-sitter-language-pack grammar name, where they differ.
_PACK_NAME = {"makefile": "make"}


def _spec(
    name: str,
    *exts: str,
    files: tuple[str, ...] = (),
    comments: tuple[str, ...] = (),
    placeholder: str = "{ ... }",
    queries: Mapping[str, str] | None = None,
) -> LanguageSpec:
    return LanguageSpec(
        name=name,
        extensions=tuple("." + e for e in exts),
        filenames=files,
        grammar=pack_grammar(_PACK_NAME.get(name, name)),
        queries=QueryFiles(name) if queries is None else queries,
        line_comments=comments,
        body_placeholder=placeholder,
    )


_HASH = ("#",)
_SLASH = ("//",)

#: The languages with hand-written queries (outline, imports).
HAND_TUNED_LANGUAGES: tuple[LanguageSpec, ...] = (
    _spec("bash", "sh", "bash", "zsh", files=(".bashrc", ".zshrc", ".profile"), comments=_HASH),
    _spec("c", "c", "h", comments=_SLASH),
    _spec("cpp", "cpp", "cc", "cxx", "c++", "hpp", "hxx", "hh", "h++", "ipp", comments=_SLASH),
    _spec("csharp", "cs", comments=_SLASH),
    _spec("clojure", "clj", "cljs", "cljc", "edn", comments=(";",), placeholder="..."),
    _spec("css", "css"),
    _spec("dart", "dart", comments=_SLASH),
    _spec("dockerfile", "dockerfile", files=("Dockerfile", "Containerfile"), comments=_HASH),
    _spec("elixir", "ex", "exs", comments=_HASH, placeholder="..."),
    _spec("erlang", "erl", "hrl", comments=("%",), placeholder="..."),
    _spec("fortran", "f90", "f95", "f03", "f08", "f", "for", "ftn", comments=("!",)),
    _spec("fsharp", "fs", "fsx", comments=_SLASH, placeholder="..."),
    _spec("go", "go", comments=_SLASH),
    _spec("graphql", "graphql", "gql", "graphqls", comments=_HASH),
    _spec("haskell", "hs", comments=("--",), placeholder="..."),
    _spec("hcl", "tf", "hcl", "tfvars", comments=("#", "//")),
    _spec("html", "html", "htm"),
    _spec("java", "java", comments=_SLASH),
    _spec("javascript", "js", "mjs", "cjs", "jsx", comments=_SLASH),
    _spec("julia", "jl", comments=_HASH, placeholder="..."),
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
    _spec("nim", "nim", "nims", "nimble", comments=_HASH, placeholder="..."),
    _spec("nix", "nix", comments=_HASH),
    _spec("objc", "m", "mm", comments=_SLASH),
    _spec("ocaml", "ml", placeholder="..."),
    _spec("perl", "pl", "pm", "t", "psgi", comments=_HASH),
    _spec("php", "php", comments=("//", "#")),
    _spec("proto", "proto", comments=_SLASH),
    _spec("python", "py", "pyi", "pyw", comments=_HASH, placeholder="..."),
    _spec("r", "r", comments=_HASH),
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
    _spec("solidity", "sol", comments=_SLASH),
    _spec("sql", "sql", comments=("--",)),
    _spec("svelte", "svelte"),
    _spec("swift", "swift", comments=_SLASH),
    _spec("toml", "toml", files=("Cargo.lock", "poetry.lock"), comments=_HASH),
    _spec("tsx", "tsx", comments=_SLASH),
    _spec("typescript", "ts", "mts", "cts", comments=_SLASH),
    _spec("verilog", "v", "sv", "svh", "vh", comments=_SLASH),
    _spec("vhdl", "vhd", "vhdl", comments=("--",)),
    _spec("vue", "vue"),
    _spec("yaml", "yml", "yaml", comments=_HASH),
    _spec("zig", "zig", "zon", comments=_SLASH),
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


#: The other grammars of tree-sitter-language-pack, outlined by rules over their node
#: kinds (:mod:`prx.engine.lang.generic`): grammar -> (extensions, file names, line
#: comments). Grammars that parse no file of their own (comments inside others, printf
#: formats, a commit message) or that would only shadow a better-known language's
#: extension (``.m`` is Objective-C's, ``.v`` Verilog's, ``.tf`` HCL's) are left out, and
#: so is COBOL: its grammar (pack 0.13) never returns from parsing a one-letter file.
GENERIC_GRAMMARS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "actionscript": (("as",), (), _SLASH),
    "ada": (("adb", "ads"), (), ("--",)),
    "agda": (("agda",), (), ("--",)),
    "apex": (("cls", "trigger"), (), _SLASH),
    "arduino": (("ino",), (), _SLASH),
    "asm": (("asm", "s", "nasm"), (), (";", "#")),
    "astro": (("astro",), (), ()),
    "beancount": (("beancount",), (), (";",)),
    "bibtex": (("bib",), (), ("%",)),
    "bicep": (("bicep",), (), _SLASH),
    "bitbake": (("bb", "bbappend", "bbclass"), (), _HASH),
    "cairo": (("cairo",), (), _SLASH),
    "capnp": (("capnp",), (), _HASH),
    "clarity": (("clar",), (), (";;",)),
    "cmake": (("cmake",), ("CMakeLists.txt",), _HASH),
    "commonlisp": (("lisp", "lsp", "cl", "asd"), (), (";",)),
    "cuda": (("cu", "cuh"), (), _SLASH),
    "d": (("d", "di"), (), _SLASH),
    "dtd": (("dtd",), (), ()),
    "elisp": (("el",), (), (";",)),
    "elm": (("elm",), (), ("--",)),
    "fennel": (("fnl",), (), (";",)),
    "firrtl": (("fir",), (), (";",)),
    "fish": (("fish",), (), _HASH),
    "fsharp_signature": (("fsi",), (), _SLASH),
    "func": (("fc",), (), (";;",)),
    "gdscript": (("gd",), (), _HASH),
    "gitattributes": ((), (".gitattributes",), _HASH),
    "gitignore": ((), (".gitignore", ".dockerignore", ".prxignore"), _HASH),
    "gleam": (("gleam",), (), _SLASH),
    "glsl": (("glsl", "vert", "frag", "geom", "comp", "tesc", "tese"), (), _SLASH),
    "gn": (("gn", "gni"), (), _HASH),
    "gomod": ((), ("go.mod",), _SLASH),
    "gosum": ((), ("go.sum",), ()),
    "groovy": (("groovy", "gradle", "gvy"), ("Jenkinsfile",), _SLASH),
    "hack": (("hack", "hhi"), (), _SLASH),
    "hare": (("ha",), (), _SLASH),
    "haxe": (("hx",), (), _SLASH),
    "heex": (("heex",), (), ()),
    "hlsl": (("hlsl", "fx", "fxh"), (), _SLASH),
    "ini": (("ini", "cfg", "conf", "editorconfig"), (".editorconfig",), (";", "#")),
    "ispc": (("ispc",), (), _SLASH),
    "janet": (("janet",), (), _HASH),
    "jsonnet": (("jsonnet", "libsonnet"), (), ("//", "#")),
    "kconfig": ((), ("Kconfig",), _HASH),
    "kdl": (("kdl",), (), _SLASH),
    "latex": (("tex", "sty"), (), ("%",)),
    "linkerscript": (("ld", "lds"), (), ()),
    "llvm": (("ll",), (), (";",)),
    "luau": (("luau",), (), ("--",)),
    "magik": (("magik",), (), _HASH),
    "matlab": ((), (), ("%",)),
    "mermaid": (("mmd", "mermaid"), (), ("%%",)),
    "meson": ((), ("meson.build", "meson_options.txt"), _HASH),
    "netlinx": (("axs", "axi"), (), _SLASH),
    "ninja": (("ninja",), (), _HASH),
    "nqc": (("nqc",), (), _SLASH),
    "ocaml_interface": (("mli",), (), ()),
    "odin": (("odin",), (), _SLASH),
    "org": (("org",), (), ("#",)),
    "pascal": (("pas", "dpr", "lpr"), (), _SLASH),
    "pgn": (("pgn",), (), (";",)),
    "po": (("po", "pot"), (), _HASH),
    "pony": (("pony",), (), _SLASH),
    "powershell": (("ps1", "psm1", "psd1"), (), _HASH),
    "prisma": (("prisma",), (), _SLASH),
    "properties": (("properties",), (), ("#", "!")),
    "puppet": (("pp",), (), _HASH),
    "purescript": (("purs",), (), ("--",)),
    "pymanifest": ((), ("MANIFEST.in",), _HASH),
    "qmldir": ((), ("qmldir",), _HASH),
    "qmljs": (("qml",), (), _SLASH),
    "racket": (("rkt",), (), (";",)),
    "re2c": (("re",), (), _SLASH),
    "readline": ((), (".inputrc",), _HASH),
    "rego": (("rego",), (), _HASH),
    "requirements": ((), ("requirements.txt", "requirements-dev.txt"), _HASH),
    "ron": (("ron",), (), _SLASH),
    "rst": (("rst",), (), ()),
    "scheme": (("scm", "ss", "sld"), (), (";",)),
    "scss": (("scss",), (), _SLASH),
    "smali": (("smali",), (), _HASH),
    "smithy": (("smithy",), (), _SLASH),
    "sparql": (("rq", "sparql"), (), _HASH),
    "squirrel": (("nut",), (), _SLASH),
    "starlark": (("bzl", "star"), ("BUILD", "BUILD.bazel", "WORKSPACE", "Tiltfile"), _HASH),
    "tablegen": (("td",), (), _SLASH),
    "tcl": (("tcl", "tk"), (), _HASH),
    "thrift": (("thrift",), (), ("//", "#")),
    "twig": (("twig",), (), ()),
    "typst": (("typ",), (), _SLASH),
    "udev": ((), (), _HASH),
    "ungrammar": (("ungram",), (), _SLASH),
    "uxntal": (("tal",), (), ()),
    "v": (("vsh",), (), _SLASH),
    "vim": (("vim",), (".vimrc",), ('"',)),
    "wast": (("wast",), (), (";;",)),
    "wat": (("wat",), (), (";;",)),
    "wgsl": (("wgsl",), (), _SLASH),
    "xml": (("xml", "xsd", "xsl", "xslt", "plist", "csproj", "fsproj", "svg"), (), ()),
    "yuck": (("yuck",), (), (";",)),
}


def _generic(grammar: str) -> LanguageSpec:
    from prx.engine.lang.generic import GeneratedQueries

    extensions, files, comments = GENERIC_GRAMMARS[grammar]
    return _spec(
        grammar, *extensions, files=files, comments=comments, queries=GeneratedQueries(grammar)
    )


#: The pack's other grammars as languages (outline from the generic rules, no imports).
GENERIC_LANGUAGES: tuple[LanguageSpec, ...] = tuple(_generic(g) for g in GENERIC_GRAMMARS)
#: Every language prx recognises out of the box.
BUILTIN_LANGUAGES: tuple[LanguageSpec, ...] = HAND_TUNED_LANGUAGES + GENERIC_LANGUAGES
