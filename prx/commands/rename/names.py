"""Which names a rename may use: identifiers, and the reserved words of each language.

Only the words a language reserves everywhere are listed (Python's ``match`` or
TypeScript's ``type`` are ordinary names in most places); the parse check after a rename
catches the rest.
"""

from __future__ import annotations

import keyword
import unicodedata

__all__ = ["identifier_problem", "is_keyword"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_C = _words(
    "auto break case char const continue default do double else enum extern float for goto "
    "if inline int long register restrict return short signed sizeof static struct switch "
    "typedef union unsigned void volatile while _Bool _Complex _Imaginary"
)
_JS = _words(
    "break case catch class const continue debugger default delete do else enum export "
    "extends false finally for function if import in instanceof new null return super "
    "switch this throw true try typeof var void while with yield let static await "
    "implements interface package private protected public"
)
_KEYWORDS: dict[str, frozenset[str]] = {
    "python": frozenset(keyword.kwlist),
    "javascript": _JS,
    "typescript": _JS,
    "tsx": _JS,
    "c": _C,
    "cpp": _C
    | _words(
        "alignas alignof and and_eq asm bitand bitor bool catch char16_t char32_t char8_t "
        "class compl concept consteval constexpr constinit const_cast co_await co_return "
        "co_yield decltype delete dynamic_cast explicit export false friend mutable namespace "
        "new noexcept not not_eq nullptr operator or or_eq private protected public "
        "reinterpret_cast requires static_assert static_cast template this thread_local throw "
        "true try typeid typename using virtual wchar_t xor xor_eq"
    ),
    "java": _words(
        "abstract assert boolean break byte case catch char class const continue default do "
        "double else enum extends final finally float for goto if implements import "
        "instanceof int interface long native new package private protected public return "
        "short static strictfp super switch synchronized this throw throws transient try void "
        "volatile while true false null _"
    ),
    "csharp": _words(
        "abstract as base bool break byte case catch char checked class const continue "
        "decimal default delegate do double else enum event explicit extern false finally "
        "fixed float for foreach goto if implicit in int interface internal is lock long "
        "namespace new null object operator out override params private protected public "
        "readonly ref return sbyte sealed short sizeof stackalloc static string struct switch "
        "this throw true try typeof uint ulong unchecked unsafe ushort using virtual void "
        "volatile while"
    ),
    "go": _words(
        "break case chan const continue default defer else fallthrough for func go goto if "
        "import interface map package range return select struct switch type var"
    ),
    "rust": _words(
        "as async await break const continue crate dyn else enum extern false fn for if impl "
        "in let loop match mod move mut pub ref return self Self static struct super trait "
        "true type unsafe use where while abstract become box do final macro override priv "
        "typeof unsized virtual yield try"
    ),
    "kotlin": _words(
        "as break class continue do else false for fun if in interface is null object package "
        "return super this throw true try typealias typeof val var when while"
    ),
    "swift": _words(
        "associatedtype class deinit enum extension fileprivate func import init inout "
        "internal let open operator private protocol public rethrows static struct subscript "
        "typealias var break case continue default defer do else fallthrough for guard if in "
        "repeat return switch where while as Any catch false is nil super self Self throw "
        "throws true try"
    ),
    "scala": _words(
        "abstract case catch class def do else extends false final finally for forSome if "
        "implicit import lazy match new null object override package private protected return "
        "sealed super this throw trait try true type val var while with yield"
    ),
    "ruby": _words(
        "BEGIN END alias and begin break case class def defined? do else elsif end ensure "
        "false for if in module next nil not or redo rescue retry return self super then true "
        "undef unless until when while yield __FILE__ __LINE__ __ENCODING__"
    ),
    "php": _words(
        "abstract and array as break callable case catch class clone const continue declare "
        "default do echo else elseif empty enddeclare endfor endforeach endif endswitch "
        "endwhile eval exit extends final finally fn for foreach function global goto if "
        "implements include include_once instanceof insteadof interface isset list match "
        "namespace new or print private protected public readonly require require_once return "
        "static switch throw trait try unset use var while xor yield"
    ),
    "lua": _words(
        "and break do else elseif end false for function goto if in local nil not or repeat "
        "return then true until while"
    ),
    "elixir": _words("true false nil when and or not in fn do end catch rescue after else"),
}

#: Languages whose identifiers may hold ``$``.
_DOLLAR = frozenset({"javascript", "typescript", "tsx", "java", "kotlin", "scala", "php"})


def is_keyword(name: str, language: str) -> bool:
    """Whether ``name`` is a reserved word of ``language`` (False for unknown languages)."""
    return name in _KEYWORDS.get(language, frozenset())


def identifier_problem(name: str, language: str | None = None) -> str | None:
    """Why ``name`` cannot be an identifier (of ``language`` when given), or None.

    Without a language, the rule common to the languages prx renames in: a letter or
    ``_`` (any script), then letters, digits or ``_``; ``$`` is allowed anywhere, and
    refused later for a language that does not allow it.
    """
    if not name:
        return "it is empty"
    if not name.replace("$", "_").isidentifier():
        return "it is not an identifier (a letter or _, then letters, digits or _)"
    if language is None:
        return None
    if "$" in name and language not in _DOLLAR:
        return f"{language} identifiers cannot hold '$'"
    if language == "python" and unicodedata.normalize("NFKC", name) != name:
        # Python reads identifiers in NFKC: the name would silently mean another one.
        return "Python reads it as " + repr(unicodedata.normalize("NFKC", name))
    if is_keyword(name, language):
        return f"it is a keyword of {language}"
    return None
