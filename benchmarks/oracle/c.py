"""C: gcc (the machine's, ``-fsyntax-only``) is the oracle; two public C libraries are the
projects. C is a language prx reads by name (no reference model of its own), so this
measures the by-name model.

- **cJSON** (github.com/DaveGamble/cJSON, MIT) at a29814f: ``cJSON.c``/``cJSON_Utils.c``
  with their headers, ``test.c``, ``tests/`` (Unity tests, Unity's sources) and
  ``fuzzing/``;
- **parson** (github.com/kgabis/parson, MIT) at ba29f4e: ``parson.c``, ``parson.h``,
  ``tests.c`` and its data (``tests/``).

Renames are checked by the same compile, then each test program built, linked and run
(:func:`tests`): a rename that left a prototype or a caller behind fails to link there.

Added 2026-12-02 after the by-name rules of that day were written (none was chosen on
them). Held out, added after the two above had been measured and the one rename fix they
led to: **inih** (github.com/benhoyt/inih, BSD-3-Clause) at 26254ee: ``ini.c``, ``ini.h``,
``examples/``, ``tests/`` and ``fuzzing/``; its tests compare program output with shell
scripts, so its renames are checked by the compile alone.

A C function is called through its header's prototype: renaming its definition alone
breaks no compile, only the link, and a linker names no line. So the oracle renames the
definition and every declaration of the name (its prototypes, in headers and forward in
the source: :func:`after_rename`). gcc reports an undeclared name once per function
("first use in this function"), so the old name is then declared again, in each
translation unit that does not declare it itself, as an object of an incomplete type
(``-include`` of a one-line header): each call of it is an error at the call, each
other use of its value an error at its expression, while a local or parameter of that
name shadows it as the compiler decides. Only the errors at lines that spell the name
are uses (:func:`uses_at`). A struct, union or enum tag (their own namespace) is not
sampled (:func:`skip`); a field needs no declaration (each access is an error).

An error inside a macro's expansion is reported in the macro's file, with a note at each
macro use it came through: those places count too (the spelling filter keeps the ones
that write the name). ``-Werror=undef`` makes a macro an ``#if`` reads an error there once
it is renamed. Errors in system headers are left out. Known blind spots: ``&name`` of an
incomplete object and ``#ifdef name`` are no errors (those lines, and code of a branch no
``#if`` takes, are left out of the comparison: :func:`unchecked`, from ``gcc -E``'s line
markers); a value used in an expression that spans lines is reported at its operator's
line.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from oracle.common import Diag, Symbol, run, spelling
from oracle.scripts import snapshot

LANGUAGE = "c"
PROJECTS = {
    "cjson": snapshot(
        "DaveGamble",
        "cJSON",
        "a29814f285cc531c00223743ad3c55cd38c0dc56",
        (
            "cJSON.c",
            "cJSON.h",
            "cJSON_Utils.c",
            "cJSON_Utils.h",
            "test.c",
            "tests",
            "fuzzing",
            "LICENSE",
        ),
    ),
    "parson": snapshot(
        "kgabis",
        "parson",
        "ba29f4eda9ea7703a9f6a9cf2b0532a2605723c3",
        ("parson.c", "parson.h", "tests.c", "tests", "LICENSE"),
    ),
    "inih": snapshot(
        "benhoyt",
        "inih",
        "26254ee9de7681f8825433415443e7116ff24b98",
        ("ini.c", "ini.h", "examples", "tests", "fuzzing", "LICENSE.txt"),
    ),
}
#: Each project's test programs: (id, sources, the folder it runs in); a program passes when it builds, links
#: and exits 0 (Unity's exit status is its failure count; parson's ``tests.c`` exits 1
#: on a failure).
_PROGRAMS = {
    "cjson": lambda root: [
        (rel, [rel, "cJSON_Utils.c", "tests/unity/src/unity.c"], "tests")
        for rel in (p.relative_to(root).as_posix() for p in sorted((root / "tests").glob("*.c")))
        if rel != "tests/unity_setup.c"
    ],
    "parson": lambda root: [("tests.c", ["-DTESTS_MAIN", "tests.c", "parson.c"], ".")],
}

_ERROR = re.compile(
    r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?:fatal )?error: (?P<message>.*)$"
)
_RENAMED = re.compile(r"\b\w+_(?:prxoracle|renamed)\b")
_EXPANSION = re.compile(
    r"^(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): note: in expansion of macro"
)


def _sources(root: Path) -> list[str]:
    return sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*.c")
        if not any(part.startswith(".") for part in p.relative_to(root).parts)
    )


#: The old name, declared again where nothing else declares it (see the docstring).
POISON = ".prxoracle-poison.h"


def build(root: Path) -> list[Diag]:
    """The errors of every ``.c`` file compiled alone (each header seen once per file
    that includes it: the same error is kept once)."""
    includes = sorted({p.parent for p in root.rglob("*.h")})
    flags = [f"-I{d}" for d in includes]
    poison = root / POISON
    poisoned = poison.read_text().split()[-1].rstrip(";").encode() if poison.exists() else None
    found: dict[tuple[str, int, str], Diag] = {}
    for source in _sources(root):
        forced = []
        if poisoned is not None and not _declares((root / source).read_bytes(), poisoned):
            forced = ["-include", str(poison)]
        done = run(
            [
                "gcc",
                "-fsyntax-only",
                "-fno-diagnostics-show-caret",
                "-std=gnu99",
                "-Werror=implicit-function-declaration",
                "-Werror=undef",  # a macro an `#if` reads, undefined: an error there
                *flags,
                *forced,
                source,
            ],
            root,
        )
        message = None
        for line in done.stderr.splitlines():
            match = _ERROR.match(line)
            expanded = _EXPANSION.match(line) if match is None else None
            if match is not None:
                message = _RENAMED.sub("X", match.group("message"))
            elif expanded is not None and message is not None:
                # the error's token came through this macro use: a place the name may
                # be written (the spelling filter keeps the lines that write it)
                match = expanded
            else:
                if not line.startswith((" ", "In file included", "                 from")):
                    message = None
                continue
            path = os.path.normpath(match.group("file"))
            if os.path.isabs(path):
                path = os.path.relpath(path, root)
            if path.startswith(".."):
                continue  # a system header's (the old name declared again clashes there)
            diag = Diag(path.replace(os.sep, "/"), int(match.group("line")), message)
            found[(diag.file, diag.line, diag.message)] = diag
    return sorted(found.values(), key=lambda d: (d.file, d.line, d.message))


def renamed_along(root: Path, symbol: Symbol) -> frozenset[tuple[str, int]]:
    """The places (file, line) of the declarations :func:`after_rename` renames with the
    symbol: one entity with it, whose uses prx may file under any of them."""
    return frozenset(
        (rel, data.count(b"\n", 0, start) + 1)
        for rel, data, spans in _along(root, symbol)
        for start, _ in spans
    )


def _along(root: Path, symbol: Symbol) -> list[tuple[str, bytes, list[tuple[int, int]]]]:
    """Each file holding declarations of the symbol's entity: its bytes and their spans."""
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES
    from prx.engine.lang.grammar import parse

    spec = next(s for s in BUILTIN_LANGUAGES if s.name == "c")
    word = symbol.name.encode()
    home = parse(spec, (root / symbol.file).read_bytes()).root_node
    local = _static_at(home, symbol.start) or symbol.kind in ("macro", "const")
    files = (
        [symbol.file]
        if local
        else [*_sources(root), *(p.relative_to(root).as_posix() for p in root.rglob("*.h"))]
    )
    out = []
    for rel in dict.fromkeys(files):
        data = (root / rel).read_bytes()
        if word not in data:
            continue
        spans = [
            span
            for span in _declared(parse(spec, data).root_node, word, statics=local)
            if (rel, span[0]) != (symbol.file, symbol.start)
        ]
        if spans:
            out.append((rel, data, spans))
    return out


def tests(root: Path) -> dict[str, str] | None:
    """Each test program of the project built (compiled and linked: a rename that left
    a prototype or a caller behind fails here) and run."""
    programs = _PROGRAMS.get(root.name)
    if programs is None:
        return None
    includes = [f"-I{d}" for d in sorted({p.parent for p in root.rglob("*.h")})]
    out: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="prxoracle-c-") as scratch:
        for index, (name, sources, folder) in enumerate(programs(root)):
            binary = str(Path(scratch) / f"t{index}")
            built = run(["gcc", "-std=gnu99", "-w", *includes, "-o", binary, *sources, "-lm"], root)
            if built.returncode != 0:
                out[name] = "failed"
                continue
            done = run([binary], root / folder, timeout=300)
            out[name] = "passed" if done.returncode == 0 else "failed"
    return out


def after_rename(root: Path, symbol: Symbol, new: str) -> list[Diag]:
    """Rename the rest of the entity with its definition: every declaration of the name
    (a header's prototype, a forward declaration in the source) and, for a prototype or
    an external function, the function's definition (one entity in C: a static function
    is its file's alone); a macro's other definitions in its file (``#if``/``#else``
    branches). Else the old name stays declared and its callers compile."""
    for rel, data, spans in _along(root, symbol):
        for begin, end in sorted(spans, reverse=True):
            data = data[:begin] + new.encode() + data[end:]
        (root / rel).write_bytes(data)
    if symbol.kind not in ("field", "property"):
        (root / POISON).write_text(f"extern struct prx_oracle_poison {symbol.name};\n")
    return []


def _static_at(root: object, offset: int) -> bool:
    """Whether the definition whose name starts at ``offset`` is ``static``."""
    node = root.named_descendant_for_byte_range(offset, offset)  # type: ignore[attr-defined]
    while node is not None and node.type not in ("function_definition", "declaration"):
        node = node.parent
    return node is not None and any(
        child.type == "storage_class_specifier" and child.text == b"static"
        for child in node.children
    )


def _declares(data: bytes, word: bytes) -> bool:
    """Whether a source file defines or declares ``word`` itself (a static function, a
    macro, a typedef of that name: its uses are its own)."""
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES
    from prx.engine.lang.grammar import parse

    if word not in data:
        return False
    spec = next(s for s in BUILTIN_LANGUAGES if s.name == "c")
    stack = [parse(spec, data).root_node]
    while stack:
        node = stack.pop()
        if node.type in ("preproc_def", "preproc_function_def"):
            name = node.child_by_field_name("name")
            if name is not None and name.text == word:
                return True
        if node.type in ("function_definition", "declaration", "type_definition"):
            for child in node.children_by_field_name("declarator"):
                name = _declarator_name(child)
                if name is not None and name.text == word:  # type: ignore[attr-defined]
                    return True
        stack.extend(node.named_children)
    return False


def _declared(root: object, word: bytes, statics: bool = False) -> list[tuple[int, int]]:
    """Where ``word`` is declared: a ``declaration``'s declarator (under function and
    pointer declarators), a function's definition (with ``statics``, a static one too:
    the symbol is its file's), a macro's definition (the one already renamed is spelled
    otherwise now)."""
    out = []
    stack = [root]
    while stack:
        node = stack.pop()
        kind = node.type  # type: ignore[attr-defined]
        if kind in ("preproc_def", "preproc_function_def"):
            name = node.child_by_field_name("name")  # type: ignore[attr-defined]
            if name is not None and name.text == word:
                out.append((int(name.start_byte), int(name.end_byte)))
            continue
        if kind == "function_definition":
            declarator = node.child_by_field_name("declarator")  # type: ignore[attr-defined]
            name = _declarator_name(declarator) if declarator is not None else None
            static = any(
                c.type == "storage_class_specifier" and c.text == b"static"
                for c in node.children  # type: ignore[attr-defined]
            )
            if name is not None and name.text == word and (statics or not static):  # type: ignore[attr-defined]
                out.append((int(name.start_byte), int(name.end_byte)))  # type: ignore[attr-defined]
            continue
        if kind == "declaration":
            for child in node.children_by_field_name("declarator"):  # type: ignore[attr-defined]
                name = _declarator_name(child)
                if name is not None and name.text == word:
                    out.append((int(name.start_byte), int(name.end_byte)))
            continue
        stack.extend(node.named_children)  # type: ignore[attr-defined]
    return out


def _declarator_name(node: object) -> object | None:
    current = node
    for _ in range(8):
        kind = current.type  # type: ignore[attr-defined]
        if kind == "identifier":
            return current
        inner = current.child_by_field_name("declarator")  # type: ignore[attr-defined]
        if inner is None:
            return None
        current = inner
    return None


def uses_at(root: Path, symbol: Symbol, errors: list[Diag]) -> list[Diag]:
    """The errors at lines that spell the name: its uses (a renamed type also breaks a
    line that only reads a member of one of its values)."""
    word = re.compile(r"(?<![\w$])" + re.escape(symbol.name) + r"(?![\w$])")
    return spelling(root, errors, word)


#: Code the compile reads, per root: (file, line) of every line the preprocessor keeps.
_EMITTED: dict[Path, dict[str, set[int]]] = {}
_MARKER = re.compile(r'^# (\d+) "([^"]+)"')
_CONDITION = re.compile(rb"^\s*#\s*(?:if|elif)\b")


def unchecked(root: Path, file: str, line: int) -> bool:
    """Whether the compile leaves line ``line`` of ``file`` out (line 0: the whole file):
    code of a branch no ``#if`` takes, an ``#ifdef``/``#ifndef``/``#undef`` line. No error
    can name a use there (as Rust's disabled ``#[cfg]``), so neither side counts it. A
    macro's definition in a branch taken is read where the macro is used; an ``#if``
    under ``-Werror=undef``."""
    emitted = _emitted(root)
    if line == 0:
        return file not in emitted
    try:
        lines = (root / file).read_bytes().split(b"\n")
    except OSError:
        return True
    if not 0 < line <= len(lines):
        return True
    start = line - 1  # the first line of a directive continued with backslashes
    while start > 0 and lines[start - 1].rstrip().endswith(b"\\"):
        start -= 1
    if start + 1 in emitted.get(file, set()) or line in emitted.get(file, set()):
        return False  # code, or a #define the preprocessor kept (`-dD`)
    return not _CONDITION.match(lines[start])


def _emitted(root: Path) -> dict[str, set[int]]:
    """The lines of each file the preprocessor passes to the compiler, over every
    translation unit (``gcc -E`` line markers; ``-dD`` keeps the ``#define``s of the
    branches taken, each at its first line)."""
    known = _EMITTED.get(root)
    if known is not None:
        return known
    includes = [f"-I{d}" for d in sorted({p.parent for p in root.rglob("*.h")})]
    found: dict[str, set[int]] = {}
    for source in _sources(root):
        done = run(["gcc", "-E", "-dD", "-std=gnu99", *includes, source], root)
        current: str | None = None
        number = 0
        for text in done.stdout.splitlines():
            marker = _MARKER.match(text)
            if marker is not None:
                path = os.path.normpath(marker.group(2))
                if os.path.isabs(path):
                    path = os.path.relpath(path, root)
                current = None if path.startswith("..") else path.replace(os.sep, "/")
                number = int(marker.group(1))
                continue
            if current is not None and text.strip():
                found.setdefault(current, set()).add(number)
            number += 1
    _EMITTED[root] = found
    return found


#: C's keywords: a definition the outline names so is a misread, not a symbol.
_KEYWORDS = frozenset(
    "auto break case char const continue default do double else enum extern float for goto "
    "if inline int long register restrict return short signed sizeof static struct switch "
    "typedef union unsigned void volatile while".split()
)


def skip(symbol: Symbol) -> str | None:
    if symbol.name == "main":
        return "every program defines main"
    if symbol.name in _KEYWORDS:
        return "a keyword: the outline misread a statement as a definition"
    if symbol.kind in ("struct", "union", "enum"):
        return "a tag is in a namespace of its own: no declaration makes its uses errors"
    return None
