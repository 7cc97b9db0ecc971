"""Calls whose result is no instance of a project's class: a builtin that makes its own
type (``open(..)``, ``str(..)``, ``sorted(..)``), and a function of a standard-library
module that only hands back its own objects (``codecs.lookup(..)``,
``tempfile.NamedTemporaryFile(..)``, ``os.fspath(..)``).

Builtins that may give back what they were given (``min``, ``max``, ``next``,
``getattr``, ``sum``, ``type``) and modules that do (``copy``, ``pickle``, ``weakref``,
``functools``, ``itertools``, ``random``, ``dataclasses``, ``json`` with a hook) are not
listed: their results say nothing."""

from __future__ import annotations

import re

__all__ = ["BUILTIN_TYPES", "LIBRARY", "external_result"]

#: The kind a standard-library function's result is given: not a builtin prx knows the
#: members of, and no class of the project.
LIBRARY = "\0library"

#: Builtin types whose members a project's class does not define.
BUILTIN_TYPES = frozenset(
    {
        "dict",
        "list",
        "set",
        "frozenset",
        "str",
        "bytes",
        "bytearray",
        "tuple",
        "int",
        "float",
        "object",
        "type",
        "deque",
        "defaultdict",
        "OrderedDict",
        "Counter",
        # What a builtin call makes (see pyexternal).
        "IO",
        "bool",
        "range",
        "enumerate",
        "zip",
        "map",
        "filter",
        "reversed",
        "memoryview",
    }
)


#: Builtins whose result is a new object of the builtin's own type.
_BUILTINS = {
    "open": "IO",
    "str": "str",
    "repr": "str",
    "format": "str",
    "ascii": "str",
    "chr": "str",
    "hex": "str",
    "oct": "str",
    "bin": "str",
    "len": "int",
    "ord": "int",
    "int": "int",
    "float": "float",
    "bool": "bool",
    "bytes": "bytes",
    "bytearray": "bytearray",
    "list": "list",
    "sorted": "list",
    "dict": "dict",
    "set": "set",
    "frozenset": "frozenset",
    "tuple": "tuple",
    "range": "range",
    "enumerate": "enumerate",
    "zip": "zip",
    "map": "map",
    "filter": "filter",
    "reversed": "reversed",
    "memoryview": "memoryview",
}

#: Standard-library modules whose functions return their own objects or builtins, never
#: an object they were given.
_MODULES = frozenset(
    {"os", "os.path", "posixpath", "ntpath", "sys", "io", "re", "codecs", "tempfile"}
    | {"subprocess", "socket", "shutil", "struct", "zlib", "gzip", "bz2", "lzma", "hashlib"}
    | {"hmac", "string", "textwrap", "locale", "time", "platform", "errno", "stat", "glob"}
    | {"fnmatch", "base64", "binascii", "unicodedata", "math", "uuid", "secrets", "getpass"}
    | {"shlex", "signal", "select", "tarfile", "zipfile", "csv", "sqlite3", "mimetypes"}
)


def external_result(callee: str, data: bytes) -> str | None:
    """The kind ``callee(..)``'s result is, when the callee is a builtin of
    :data:`_BUILTINS` or a function of a module of :data:`_MODULES` that the file
    (its text ``data``) imports under its own name, and the file does not bind that name
    otherwise; else None."""
    head, _, rest = callee.partition(".")
    if not rest:
        kind = _BUILTINS.get(callee)
        return kind if kind is not None and not _bound(data, callee) else None
    module = callee.rsplit(".", 1)[0]
    if module not in _MODULES or not _imports_module(data, head):
        return None
    return LIBRARY


def _bound(data: bytes, name: str) -> bool:
    """Whether the file binds ``name`` itself (a definition, an assignment at the top,
    an import), hiding the builtin."""
    word = re.escape(name).encode()
    return (
        re.search(
            rb"(?m)^[ \t]*(?:(?:async[ \t]+)?def[ \t]+" + word + rb"\b|class[ \t]+" + word + rb"\b"
            rb"|" + word + rb"[ \t]*(?::[^=\n]*)?=(?!=)"
            rb"|(?:from[ \t]+\S+[ \t]+)?import[ \t]+[^\n]*\b" + word + rb"\b)",
            data,
        )
        is not None
    )


def _imports_module(data: bytes, name: str) -> bool:
    """Whether the file has ``import name`` (or ``import name.sub``), the module under its
    own name, and binds the name to nothing else at its top."""
    word = re.escape(name).encode()
    imported = re.search(
        rb"(?m)^[ \t]*import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*"
        + word
        + rb"(?:\.[\w.]+)?[ \t]*(?:$|,|#)",
        data,
    )
    rebound = re.search(
        rb"(?m)^(?:" + word + rb"[ \t]*=(?!=)|(?:async[ \t]+)?def[ \t]+" + word + rb"\b"
        rb"|from[ \t]+\S+[ \t]+import[ \t]+[^\n]*\b" + word + rb"\b)",
        data,
    )
    return imported is not None and rebound is None
