"""A script's language from its first line: ``#!/usr/bin/env python3``, ``#!/bin/sh``.

A file whose name says nothing (no extension, no known file name: ``bin/deploy``,
``scripts/release``) is recognised by the interpreter its ``#!`` line names, as the
kernel runs it. Only files without an extension are asked: a name with one says what
it is, and reading the first bytes of every unknown file would cost a walk its speed.
"""

from __future__ import annotations

import os
import re

__all__ = ["HEAD_BYTES", "INTERPRETERS", "interpreter_language", "sniffs"]

#: How much of a file the first line is looked for in.
HEAD_BYTES = 256

#: Interpreter (its program name without a version) -> prx language name.
INTERPRETERS = {
    "python": "python",
    "pypy": "python",
    "node": "javascript",
    "nodejs": "javascript",
    "bun": "javascript",
    "deno": "typescript",
    "ts-node": "typescript",
    "tsx": "typescript",
    "bash": "bash",
    "sh": "bash",
    "zsh": "bash",
    "dash": "bash",
    "ksh": "bash",
    "ash": "bash",
    "ruby": "ruby",
    "perl": "perl",
    "php": "php",
    "lua": "lua",
    "luajit": "lua",
    "rscript": "r",
    "julia": "julia",
    "elixir": "elixir",
    "escript": "erlang",
    "runghc": "haskell",
    "runhaskell": "haskell",
    "ocaml": "ocaml",
    "tclsh": "tcl",
    "wish": "tcl",
    "swift": "swift",
    "groovy": "groovy",
    "scala": "scala",
    "kotlin": "kotlin",
    "fish": "fish",
    "awk": "awk",
    "gawk": "awk",
    "make": "make",
    "pwsh": "powershell",
    "dart": "dart",
    "nim": "nim",
    "bb": "clojure",
    "clojure": "clojure",
    "guile": "scheme",
    "racket": "racket",
    "crystal": "crystal",
}

#: ``python3.12`` -> ``python``; ``ts-node`` stays itself.
_VERSIONED = re.compile(r"^(?P<name>[a-z][a-z-]*?)[\d.]*$")


def sniffs(name: str) -> bool:
    """Whether a file named ``name`` (a base name or a path) is asked for a ``#!`` line."""
    base = os.path.basename(name)
    return bool(base) and not os.path.splitext(base)[1] and not base.startswith(".")


def interpreter_language(head: bytes) -> str | None:
    """The language name the ``#!`` line at the start of ``head`` names, or None."""
    if not head.startswith(b"#!"):
        return None
    line = head[2:].split(b"\n", 1)[0].decode("utf-8", "replace").strip()
    words = line.split()
    if not words:
        return None
    program = os.path.basename(words[0])
    if program == "env":
        rest = [w for w in words[1:] if not w.startswith("-") and "=" not in w]
        if not rest:
            return None
        program = os.path.basename(rest[0])
    match = _VERSIONED.match(program.lower())
    return INTERPRETERS.get(match.group("name")) if match else None
