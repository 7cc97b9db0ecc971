"""Everyday agent calls: prx beside the Unix command that gives the same facts, in tokens.

    flock /tmp/prx-heavy.lock python benchmarks/everyday.py [--repos a,b] [--kinds k,...]
        [--seed N] [--no-runs] [--json OUT] [--outputs] [--keep] [-v]

Each call runs twice through the real CLI from the repository's root (``PRX_HOME`` a scratch
folder, so ``~/.prx`` is untouched): ``prx --text CMD`` (the model-facing rendering; when
the CLI has no ``--text`` yet, the JSON stands in for it and the header says so) and
``prx CMD`` (the JSON envelope); and once as the Unix command an agent would type for the
same facts, whose stdout and stderr (as the agent sees them, merged) are counted. Tokens are
exact cl100k_base (:func:`prx.core.tokens.count_exact`).

Repositories: the pristine trees of the intel oracles (``benchmarks/oracle``), none of
them in a search dataset: boltons (Python), goldmark (Go), regex-syntax (Rust), zod
(TypeScript), commons-cli (Java). Each is copied to ``benchmarks/.corpora/everyday/<name>``
and committed to a git repository of its own (so ``diff`` has a HEAD); zod's
``node_modules`` is the oracle's npm cache, linked after the commit (ignored by its
``.gitignore``). Every change a call makes is put back before the next.

The calls, per repository, chosen mechanically with ``random.Random(f"{seed}:{repo}:{kind}")``
over sorted candidates (never by hand). "Source files" are the tracked files of the
repository's language outside generated folders (zod's ``deno/`` copy of ``src/``,
regex-syntax's ``src/unicode_tables/``: they stay in the tree and in every search, no
target is drawn from them); "tags" are universal-ctags' definitions in them (an independent
parser, so prx does not choose its own questions); "on N lines" counts the lines rg prints.
prx searches and lists hidden files (``.github/``, ``.eslintrc.js``) and leaves out ``.git``,
so every rg below has ``--hidden -g '!.git'`` (written ``H``): both sides search the same
files.

- ``read-range`` x3: a function or method of 8 to 80 lines (ctags' end line; for Rust,
  whose tags have none, its braces counted), three distinct files: ``prx read F --lines
  A-B`` / ``sed -n A,Bp F``.
- ``read-file`` x2: a source file of 20 to 150 lines: ``prx read F`` / ``cat F``.
- ``symbol`` x2: a definition's name (ctags; 6+ characters, not in a test file) on 2 to 15
  lines in at most 4 files: ``prx search NAME`` (the mode prx picks for an identifier:
  symbol) / ``rg -n H NAME``.
- ``literal`` x2: a string literal's text (6 to 40 characters) on 2 to 12 lines, and an
  identifier of 6+ characters on 5 to 15 lines: ``prx search TEXT --literal`` / ``rg -n H
  -F TEXT``.
- ``regex`` x1: ``\\bP\\w*\\(`` for P the first 5 letters of a definition's name, on 3 to 20
  lines: ``prx search RE --regex`` / ``rg -n H -e RE``.
- ``word`` x1: a lower-case word of 3 to 10 letters on 3 to 15 lines as a whole word and on
  at least twice as many as a substring: ``prx search '\\bW\\b' --regex`` / ``rg -n H -w W``.
- ``find`` x3: the whole tree, a directory of 5 to 60 files, the language's extension:
  ``prx find``, ``prx find DIR``, ``prx find --pattern '*.EXT'`` / ``rg --files H``, ``rg
  --files H DIR``, ``rg --files H | grep '\\.EXT$'`` (not ``-g '*.EXT'``: a glob overrides
  .gitignore). prx find honours .gitignore and leaves out binary files (a NUL in the first
  8 KiB): the Unix list is counted without them (as ``grep -I`` would leave them out), so
  neither side is charged for them.
- ``outline`` x2: a non-test source file of 80 to 800 lines: ``prx outline F`` / ``rg -n
  -e DECL F`` with the language's declaration regex (:data:`DECL`; Java's with ``-P``).
- ``exists`` x3: a source file (present), the same name with an ``x`` before its
  extension (absent): ``prx exists P`` / ``ls -d P``; the string literal of ``literal``:
  ``prx exists TEXT`` / ``rg -l H -F --sort path TEXT | head -n 1``.
- ``diff`` x2: a one-line change (the first integer of a seeded code line plus one) and a
  few-line change (in a seeded function of 12+ lines: two comment lines after its first
  line, and the first integer of its last code line that has one plus one; the code stays
  valid, as an everyday edit's does), each in a non-test source file: ``prx diff`` / ``git
  diff``.
- ``run`` x2 (not commons-cli: no JUnit runner here): a passing suite (the first seeded
  test file, package or module whose suite passes) and the same suite after two failing
  tests are appended to that file: ``prx run -- CMD`` / ``CMD``, CMD being ``python -m
  pytest -q -p no:cacheprovider F``, ``go test ./PKG``, ``cargo test --offline --lib
  MODULE::`` or ``node_modules/.bin/jest --config configs/swc-jest.config.json F``.

Fidelity (``everyday_facts.py``): every fact of the Unix output must be in prx's answer, in
the text form and in the JSON form, each checked on its own by reading the answer back
whatever its layout (``path:line:text`` lines, a path header with ``A-B label`` blocks of
code or ``N: text`` lines under it, a tree of indented names, JSON objects with a file and
a start line):

- sed/cat: each line, in order (a line may carry a prefix, a line number or the block's
  common indentation less, but keeps its relative indentation);
- rg -n: each (path, line number, line text) (the text compared without its leading and
  trailing blanks; a label before it, the enclosing symbol, is allowed);
- find: each path;
- outline: each (name, line) of the grep that ctags confirms is a declaration (a ``def`` in
  a docstring is not a fact); a name shown with a range covering the line counts, and a
  definition shown at its decorator's line (``162 @classmethod def from_int``) counts for
  the line after each decorator;
- exists: yes or no, and for ``rg -l`` a file that has the text (any of them);
- git diff: each file, and each added or removed line with its sign (or ``old:``/``new:``);
- a test run: each non-zero count the runner prints (passed, failed, skipped, errors,
  filtered out; a total that is the sum of the others says nothing more), each failing
  test's name, each ``file:line`` the runner gives for a failure, the package of a ``go
  test`` line. Compiler warnings and timings are not facts.

Targets (issue 29): the text costs no more than the Unix command on >= 90 % of the calls and
<= 0.7x in total; the JSON <= 1.5x in total; no fact missing. A call prx loses is shown.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from everyday_facts import CHECKS, Call, JsonView, Output, TextView  # noqa: E402
from oracle.common import CACHE, Scratch  # noqa: E402

from prx.core.tokens import count_exact  # noqa: E402

WORK = HERE / ".corpora" / "everyday"
SEED = 29
PRX = shutil.which("prx") or str(Path(sys.executable).parent / "prx")
#: Environment of every call: no colours, no bytecode in the trees, no network.
ENV = {
    "NO_COLOR": "1",
    "FORCE_COLOR": "0",
    "CI": "1",
    "CARGO_TERM_COLOR": "never",
    "PYTHONDONTWRITEBYTECODE": "1",
    "TERM": "dumb",
}
GO_ENV = {
    "GOFLAGS": "-mod=mod -buildvcs=false",
    "GOPROXY": "off",
    "GOTOOLCHAIN": "local",
    "CGO_ENABLED": "0",
    "GO111MODULE": "on",
    "GOCACHE": str(CACHE / "tools" / "gocache"),
    "GOPATH": str(CACHE / "tools" / "gopath"),
}
#: prx searches and lists hidden files (``.github/``, ``.eslintrc.js``) and leaves out
#: ``.git``: rg is told the same, so both sides have the same facts.
HIDDEN = "--hidden -g '!.git'"
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STRING = re.compile(r"\"([^\"\\\n]{6,40})\"|'([^'\\\n]{6,40})'")

# -- repositories ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Repo:
    """A project measured: where its pristine tree comes from and how its suite runs."""

    name: str
    language: str
    #: The oracle module (``oracle.<module>``) and project name that fetch its tree.
    module: str
    project: str
    extensions: tuple[str, ...]
    #: Comment leader of the language (the few-line diff adds comment lines).
    comment: str
    #: Its test runner: python, go, cargo, jest, or None.
    runner: str | None
    #: Folders no target is drawn from: generated copies and tables (zod's ``deno/`` copy
    #: of ``src/``, regex-syntax's Unicode tables). They stay in the tree.
    generated: tuple[str, ...] = ()


REPOS = (
    Repo("boltons", "python", "python", "boltons", (".py",), "#", "python"),
    Repo("goldmark", "go", "go", "goldmark", (".go",), "//", "go"),
    Repo(
        "regex-syntax",
        "rust",
        "rust",
        "regex-syntax",
        (".rs",),
        "//",
        "cargo",
        ("src/unicode_tables/",),
    ),
    Repo("zod", "typescript", "typescript", "zod", (".ts",), "//", "jest", ("deno/",)),
    Repo("commons-cli", "java", "java", "commons-cli", (".java",), "//", None),
)

#: Declarations per language for the grep outline (rg and Python read both; ``name`` is
#: the declared name).
DECL = {
    "python": r"^\s*(?:async\s+)?(?:def|class)\s+\w+",
    "go": r"^(?:func|type)\s+(?:\([^)]*\)\s*)?\w+",
    "rust": (
        r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:unsafe\s+)?(?:async\s+)?(?:const\s+)?"
        r"(?:fn|struct|enum|trait|type|mod|union|macro_rules!)\s+\w+"
    ),
    "typescript": (
        r"^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?"
        r"(?:function\*?|class|interface|type|enum|namespace|const|let|var)\s+[\w$]+"
    ),
    "java": (
        r"^\s*(?:(?:public|protected|private|static|final|abstract|sealed)\s+)*"
        r"(?:class|interface|enum|record|@interface)\s+\w+"
        r"|^\s*(?:(?:public|protected|private|static|final|abstract|default|synchronized|native)\s+)*"
        r"(?:<[^>]+>\s+)?(?!(?:return|new|throw|else|case)\b)\w[\w.<>\[\]?, ]*\s+\w+\s*\([^;=]*"
        r"(?:\)\s*(?:throws\s+[\w., ]+)?\s*[{;]|,|\()\s*$"
    ),
}
#: rg's flag for the regex (Java's needs a look-ahead: PCRE2).
PCRE = {"python": "", "go": "", "rust": "", "typescript": "", "java": " -P"}
#: The declared name on a line :data:`DECL` matched (the first group that matched).
DECL_NAME = {
    "python": r"(?:def|class)\s+(\w+)",
    "go": r"^func\s+(?:\([^)]*\)\s*)?(\w+)|^type\s+(\w+)",
    "rust": r"(?:fn|struct|enum|trait|type|mod|union|macro_rules!)\s+(\w+)",
    "typescript": r"(?:function\*?|class|interface|type|enum|namespace|const|let|var)\s+([\w$]+)",
    "java": r"(?:class|interface|enum|record|@interface)\s+(\w+)|(\w+)\s*\(",
}
#: ctags kinds that are definitions a symbol search or a ranged read is about.
FUNCTION_KINDS = frozenset({"function", "method", "func", "member", "constructor"})
DEFINITION_KINDS = FUNCTION_KINDS | frozenset(
    {"class", "struct", "interface", "type", "enum", "trait", "alias", "typedef", "implementation"}
)


def pristine(repo: Repo) -> Path:
    """The oracle's tree of ``repo`` (fetched once by the oracle's own function)."""
    import importlib

    module = importlib.import_module(f"oracle.{repo.module}")
    root: Path = module.PROJECTS[repo.project](CACHE / repo.module)
    return root


def scratch(repo: Repo) -> Scratch:
    """A fresh committed copy of the repository, with what its suite needs beside it."""
    keep = ("node_modules", "Cargo.lock") if repo.runner in ("jest", "cargo") else ()
    copy = Scratch(pristine(repo), WORK / repo.name, keep=keep)
    if repo.runner == "jest":
        modules = CACHE / "npm" / repo.project / "node_modules"
        if not modules.is_dir():
            from oracle import typescript
            from oracle.scripts import npm_install

            npm_install(copy.root, typescript._PACKAGES[repo.project], repo.project)
        else:
            (copy.root / "node_modules").symlink_to(modules, target_is_directory=True)
    return copy


# -- running --------------------------------------------------------------------------------


def shell(
    command: str, cwd: Path, env: dict[str, str] | None = None, timeout: float = 600
) -> Output:
    """``command`` in bash, its output merged in order."""
    start = time.perf_counter()
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env={**os.environ, **ENV, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        timeout=timeout,
        check=False,
    )
    return Output(done.stdout, done.returncode, time.perf_counter() - start)


def prx(args: Sequence[str], cwd: Path, home: Path, env: dict[str, str] | None = None) -> Output:
    """The real CLI, its output as the agent reads it."""
    command = shlex.join([PRX, *args])
    return shell(command, cwd, {"PRX_HOME": str(home), **(env or {})})


def text_flag(home: Path) -> bool:
    """Whether the CLI has ``--text`` (else the JSON stands in for the rendering)."""
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "a.txt").write_text("a\n")
        out = prx(["--text", "read", "a.txt"], Path(tmp), home)
    return out.code == 0 and not out.text.lstrip().startswith("{")


# -- the repository's text, as rg sees it -----------------------------------------------------


@dataclass
class Tree:
    """A scratch repository: its files, their lines, its tags."""

    repo: Repo
    root: Path
    #: Files ``rg`` searches (not hidden, not ignored, not binary), and their lines.
    lines: dict[str, list[str]]
    #: Tracked source files of the language.
    sources: list[str]
    #: Every path the tree shows (tracked and untracked, not ignored): for reading answers.
    paths: frozenset[str]
    tags: list[dict[str, Any]]

    def targets(self) -> list[str]:
        """The source files targets are drawn from (not generated)."""
        return [p for p in self.sources if not p.startswith(self.repo.generated)]

    def rng(self, kind: str, seed: int) -> random.Random:
        return random.Random(f"{seed}:{self.repo.name}:{kind}")

    def lines_with(self, needle: str, *, word: bool = False) -> int:
        """How many lines ``rg -n [-w] -F needle`` prints."""
        pattern = re.compile(rf"(?<!\w){re.escape(needle)}(?!\w)") if word else None
        total = 0
        for text in self.lines.values():
            for line in text:
                if needle in line and (pattern is None or pattern.search(line)):
                    total += 1
        return total

    def files_with(self, needle: str) -> int:
        return sum(1 for text in self.lines.values() if any(needle in line for line in text))


def is_binary(path: Path) -> bool:
    with path.open("rb") as handle:
        return b"\0" in handle.read(8192)


def read_tree(repo: Repo, root: Path) -> Tree:
    listed = shell(f"rg --files {HIDDEN}", root).text.split("\n")
    lines: dict[str, list[str]] = {}
    for rel in sorted(p for p in listed if p):
        path = root / rel
        if path.is_file() and not is_binary(path):
            lines[rel] = path.read_text(encoding="utf-8", errors="replace").split("\n")
    tracked = shell("git ls-files", root).text.split("\n")
    sources = sorted(p for p in tracked if p.endswith(repo.extensions) and p in lines)
    every = shell("git ls-files --cached --others --exclude-standard", root).text.split("\n")
    tags: list[dict[str, Any]] = []
    done = subprocess.run(
        [
            "ctags",
            "--output-format=json",
            "--fields=+ne",
            "-f",
            "-",
            *(p for p in sources if not p.startswith(repo.generated)),
        ],
        cwd=root,
        capture_output=True,
        text=True,
        errors="replace",
        check=False,
    )
    for row in done.stdout.splitlines():
        try:
            tag = json.loads(row)
        except json.JSONDecodeError:
            continue
        if tag.get("_type") == "tag":
            tags.append(tag)
    tags.sort(key=lambda t: (t["path"], t["line"], t["name"]))
    if repo.comment == "//":
        for tag in tags:
            if "end" not in tag and tag.get("kind") in FUNCTION_KINDS and tag["path"] in lines:
                end = brace_end(lines[tag["path"]], tag["line"])
                if end is not None:
                    tag["end"] = end
    return Tree(repo, root, lines, sources, frozenset(p for p in every if p), tags)


def brace_end(lines: Sequence[str], first: int) -> int | None:
    """The line (1-based) that closes the block opened on or after line ``first``: for the
    tags ctags gives no end (Rust's), braces counted outside strings, characters and line
    comments."""
    depth = 0
    opened = False
    for n in range(first - 1, min(len(lines), first + 400)):
        line = re.sub(
            r"//.*$", "", re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])\'', '""', lines[n])
        )
        if not opened and line.rstrip().endswith(";"):
            return None  # a declaration without a body
        for ch in line:
            if ch == "{":
                depth += 1
                opened = True
            elif ch == "}":
                depth -= 1
                if opened and depth == 0:
                    return n + 1
    return None


def is_test(path: str) -> bool:
    return bool(
        re.search(r"(^|/)(tests?|__tests__|testutil)(/|$)|_test\.|\.test\.|Test\w*\.java$", path)
    )


# -- calls ----------------------------------------------------------------------------------


@dataclass
class Measured:
    """A call's outputs, tokens and facts."""

    call: Call
    text: Output
    json: Output
    unix: Output
    text_tokens: int
    json_tokens: int
    unix_tokens: int
    facts: int
    missing_text: list[str]
    missing_json: list[str]


def q(value: str) -> str:
    return shlex.quote(value)


def pick(rng: random.Random, items: Sequence[Any], k: int) -> list[Any]:
    pool = list(items)
    rng.shuffle(pool)
    return pool[:k]


def static_calls(tree: Tree, seed: int) -> list[Call]:
    """The calls that change nothing (reads, searches, find, outline, exists)."""
    repo, name = tree.repo, tree.repo.name
    calls: list[Call] = []
    source_lines = {p: len(tree.lines[p]) - (tree.lines[p][-1] == "") for p in tree.targets()}

    # Ranged reads: functions of 8 to 80 lines, three files.
    functions = [
        t
        for t in tree.tags
        if t.get("kind") in FUNCTION_KINDS and "end" in t and 8 <= t["end"] - t["line"] + 1 <= 80
    ]
    rng = tree.rng("read-range", seed)
    rng.shuffle(functions)
    used: set[str] = set()
    for tag in functions:
        if tag["path"] in used:
            continue
        used.add(tag["path"])
        a, b, path = tag["line"], tag["end"], tag["path"]
        calls.append(
            Call(
                "read-range",
                name,
                f"{path}:{a}-{b} {tag['name']}",
                ["read", path, "--lines", f"{a}-{b}"],
                f"sed -n {a},{b}p {q(path)}",
            )
        )
        if len(used) == 3:
            break

    # Whole small files.
    small = [p for p, n in sorted(source_lines.items()) if 20 <= n <= 150]
    for path in pick(tree.rng("read-file", seed), small, 2):
        calls.append(Call("read-file", name, path, ["read", path], f"cat {q(path)}"))

    # Symbol search for rare definitions.
    names = sorted(
        {
            t["name"]
            for t in tree.tags
            if t.get("kind") in DEFINITION_KINDS
            and len(t["name"]) >= 6
            and _IDENT.fullmatch(t["name"])
            and not t["name"].startswith("__")
            and not is_test(t["path"])
        }
    )
    rng = tree.rng("symbol", seed)
    taken = 0
    for symbol in pick(rng, names, len(names)):
        if 2 <= tree.lines_with(symbol) <= 15 and tree.files_with(symbol) <= 4:
            calls.append(
                Call("symbol", name, symbol, ["search", symbol], f"rg -n {HIDDEN} {q(symbol)}")
            )
            taken += 1
            if taken == 2:
                break

    # Literal search: a string literal's text, and an identifier.
    strings: set[str] = set()
    words: set[str] = set()
    for path in tree.targets():
        for line in tree.lines[path]:
            for m in _STRING.finditer(line):
                text = m.group(1) or m.group(2)
                if re.search(r"[A-Za-z]", text) and text.strip() == text:
                    strings.add(text)
            words.update(_IDENT.findall(line))
    literal = None
    for text in pick(tree.rng("literal-string", seed), sorted(strings), len(strings)):
        if 2 <= tree.lines_with(text) <= 12:
            literal = text
            break
    if literal is not None:
        calls.append(
            Call(
                "literal",
                name,
                literal,
                ["search", literal, "--literal"],
                f"rg -n {HIDDEN} -F {q(literal)}",
            )
        )
    for word in pick(
        tree.rng("literal-ident", seed), sorted(w for w in words if len(w) >= 6), len(words)
    ):
        if 5 <= tree.lines_with(word) <= 15:
            calls.append(
                Call(
                    "literal",
                    name,
                    word,
                    ["search", word, "--literal"],
                    f"rg -n {HIDDEN} -F {q(word)}",
                )
            )
            break

    # Regex: names starting with a definition's first five letters, called or defined.
    for symbol in pick(tree.rng("regex", seed), names, len(names)):
        regex = rf"\b{symbol[:5]}\w*\("
        compiled = re.compile(regex)
        count = sum(1 for text in tree.lines.values() for line in text if compiled.search(line))
        if 3 <= count <= 20:
            calls.append(
                Call(
                    "regex",
                    name,
                    regex,
                    ["search", regex, "--regex"],
                    f"rg -n {HIDDEN} -e {q(regex)}",
                )
            )
            break

    # Word: a lower-case word that is often part of longer names.
    lower = sorted(w for w in words if re.fullmatch(r"[a-z]{3,10}", w))
    for word in pick(tree.rng("word", seed), lower, len(lower)):
        whole = tree.lines_with(word, word=True)
        if 3 <= whole <= 15 and tree.lines_with(word) >= 2 * whole:
            regex = rf"\b{word}\b"
            calls.append(
                Call(
                    "word", name, word, ["search", regex, "--regex"], f"rg -n {HIDDEN} -w {q(word)}"
                )
            )
            break

    # find: the tree, a directory, a glob.
    rg_files = f"rg --files {HIDDEN}"
    calls.append(Call("find", name, ".", ["find"], rg_files))
    counts: dict[str, int] = {}
    for path in tree.paths:
        parts = path.split("/")[:-1]
        for i in range(1, len(parts) + 1):
            counts["/".join(parts[:i])] = counts.get("/".join(parts[:i]), 0) + 1
    folders = sorted(d for d, n in counts.items() if 5 <= n <= 60 and not d.startswith("."))
    for folder in pick(tree.rng("find-dir", seed), folders, 1):
        calls.append(Call("find", name, folder + "/", ["find", folder], f"{rg_files} {q(folder)}"))
    glob = "*" + repo.extensions[0]
    # Not ``rg -g GLOB``: a -g glob overrides .gitignore.
    only = f"grep {q(re.escape(repo.extensions[0]) + '$')}"
    calls.append(Call("find", name, glob, ["find", "--pattern", glob], f"{rg_files} | {only}"))

    # Outline of a file.
    mid = [p for p, n in sorted(source_lines.items()) if 80 <= n <= 800 and not is_test(p)]
    for path in pick(tree.rng("outline", seed), mid, 2):
        regex = DECL[repo.language]
        calls.append(
            Call(
                "outline",
                name,
                path,
                ["outline", path],
                f"rg -n{PCRE[repo.language]} -e {q(regex)} {q(path)}",
                extra={
                    "name": DECL_NAME[repo.language],
                    "declared": sorted(
                        (str(t["name"]).lstrip("#"), int(t["line"]))
                        for t in tree.tags
                        if t["path"] == path
                    ),
                },
            )
        )

    # exists: a path, an absent path, a text.
    for path in pick(tree.rng("exists", seed), tree.targets(), 1):
        calls.append(Call("exists", name, path, ["exists", path], f"ls -d {q(path)}"))
        stem, dot, ext = path.rpartition(".")
        absent = f"{stem}x{dot}{ext}"
        calls.append(Call("exists", name, absent, ["exists", absent], f"ls -d {q(absent)}"))
    if literal is not None:
        calls.append(
            Call(
                "exists",
                name,
                literal,
                ["exists", literal],
                f"rg -l {HIDDEN} -F --sort path {q(literal)} | head -n 1",
                extra={
                    "content": True,
                    "having": shell(f"rg -l {HIDDEN} -F {q(literal)}", tree.root).text.split(),
                },
            )
        )
    return calls


# -- changes: diffs and failing suites ---------------------------------------------------------


_INTEGER = re.compile(r"(?<![\w.])(\d+)(?![\w.])")


def integer_line(tree: Tree, path: str, index: int) -> bool:
    """Whether line ``index`` (0-based) of ``path`` is code with an integer to change."""
    line = tree.lines[path][index]
    starts = (tree.repo.comment, "*", "/*", '"', "'", ">>>", "...")
    return (
        bool(_INTEGER.search(line))
        and bool(re.search(r"[=(]", line))
        and not line.lstrip().startswith(starts)
        and len(line) < 100
    )


def bump(line: str) -> str:
    """The line with its first integer plus one."""
    return _INTEGER.sub(lambda m: str(int(m.group(1)) + 1), line, count=1)


def one_line_change(tree: Tree, seed: int) -> tuple[str, bytes]:
    """The first integer of a seeded code line plus one: (file, its new content)."""
    candidates = [
        (path, i)
        for path in tree.targets()
        if not is_test(path)
        for i in range(len(tree.lines[path]))
        if integer_line(tree, path, i)
    ]
    path, index = pick(tree.rng("diff-one", seed), candidates, 1)[0]
    lines = list(tree.lines[path])
    lines[index] = bump(lines[index])
    return path, "\n".join(lines).encode()


def few_line_change(tree: Tree, seed: int, avoid: str) -> tuple[str, bytes]:
    """In a seeded function of 12+ lines with an integer on a code line past its third:
    two comment lines after its first line, and that integer plus one (the code stays
    valid, as an everyday edit's does)."""
    functions = []
    for t in tree.tags:
        if (
            t.get("kind") in FUNCTION_KINDS
            and "end" in t
            and t["end"] - t["line"] >= 12
            and t["path"] != avoid
            and t["path"] in tree.targets()
            and not is_test(t["path"])
        ):
            found = [i for i in range(t["line"] + 2, t["end"]) if integer_line(tree, t["path"], i)]
            if found:
                functions.append((t, found[-1]))
    tag, index = pick(tree.rng("diff-few", seed), functions, 1)[0]
    lines = list(tree.lines[tag["path"]])
    first = tag["line"] - 1
    indent = re.match(r"\s*", lines[first + 1]).group(0)  # type: ignore[union-attr]
    c = tree.repo.comment
    lines[index] = bump(lines[index])
    lines[first + 1 : first + 1] = [
        f"{indent}{c} everyday: checked by the caller",
        f"{indent}{c} (see the tests)",
    ]
    return tag["path"], "\n".join(lines).encode()


_FAILING = {
    "python": """

def test_everyday_sum():
    assert sum([1, 1]) == 3


def test_everyday_key():
    assert {"a": 1}["b"] == 1
""",
    "go": """

func TestEverydaySum(t *testing.T) {
\tif got := 1 + 1; got != 3 {
\t\tt.Errorf("sum = %d, want 3", got)
\t}
}

func TestEverydayName(t *testing.T) {
\tt.Fatalf("name %q not found", "everyday")
}
""",
    "cargo": """

#[cfg(test)]
mod everyday {
    #[test]
    fn sum() {
        assert_eq!(1 + 1, 3);
    }

    #[test]
    fn name() {
        panic!("name {:?} not found", "everyday");
    }
}
""",
    "jest": """

test("everyday sum", () => {
  expect(1 + 1).toBe(3);
});

test("everyday name", () => {
  expect(["a"]).toContain("everyday");
});
""",
}


def suite_candidates(tree: Tree, seed: int) -> Iterator[tuple[str, str, dict[str, str]]]:
    """(test file to append to, the command, its environment), in seeded order."""
    runner = tree.repo.runner
    rng = tree.rng("run", seed)
    if runner == "python":
        files = [p for p in tree.targets() if re.search(r"(^|/)test_\w+\.py$", p)]
        for path in pick(rng, files, len(files)):
            if 30 <= len(tree.lines[path]) <= 400:
                yield path, f"python -m pytest -q -p no:cacheprovider {q(path)}", {}
    elif runner == "go":
        files = [
            p
            for p in tree.targets()
            if p.endswith("_test.go") and '"testing"' in "\n".join(tree.lines[p])
        ]
        for path in pick(rng, files, len(files)):
            folder = path.rpartition("/")[0]
            yield path, f"go test ./{folder}" if folder else "go test .", GO_ENV
    elif runner == "cargo":
        files = [
            p
            for p in tree.targets()
            if "#[test]" in "\n".join(tree.lines[p]) and p not in ("src/lib.rs", "src/main.rs")
        ]
        for path in pick(rng, files, len(files)):
            module = path.removeprefix("src/").removesuffix(".rs").removesuffix("/mod")
            module = module.replace("/", "::")
            yield (
                path,
                f"cargo test --offline --lib {module}::",
                {"CARGO_TARGET_DIR": str(WORK / ".target")},
            )
    elif runner == "jest":
        pattern = re.compile(r"import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*\"@jest/globals\"")
        files = [
            p
            for p in tree.targets()
            if p.startswith("src/")
            and p.endswith(".test.ts")
            and pattern.search("\n".join(tree.lines[p]))
            and re.search(r"\bexpect\b", "\n".join(tree.lines[p][:10]))
        ]
        for path in pick(rng, files, len(files)):
            yield (
                path,
                f"node_modules/.bin/jest --config configs/swc-jest.config.json {q(path)}",
                {},
            )


# -- measuring -------------------------------------------------------------------------------------


def drop_binary(out: Output, root: Path, prefix: str = "") -> Output:
    """``rg --files`` without the binary files prx find leaves out (as ``grep -I`` would)."""
    kept = [p for p in out.text.split("\n") if p and not is_binary(root / p)]
    return Output("".join(p + "\n" for p in kept), out.code, out.seconds)


def measure(
    call: Call, root: Path, home: Path, has_text: bool, unix: Output | None = None
) -> Measured:
    call.extra.setdefault("root", str(root))
    js = prx(call.prx, root, home, call.env)
    text = prx(["--text", *call.prx], root, home, call.env) if has_text else js
    if unix is None:
        unix = shell(call.unix, root, call.env)
    if call.kind == "find":
        unix = drop_binary(unix, root)
    facts, missing_t, missing_j = CHECKS[call.kind](
        call, unix, TextView(text.text, tree_paths(root)), JsonView(js.text)
    )
    return Measured(
        call,
        text,
        js,
        unix,
        count_exact(text.text),
        count_exact(js.text),
        count_exact(unix.text),
        facts,
        missing_t,
        missing_j,
    )


def tree_paths(root: Path) -> frozenset[str]:
    listed = shell("git ls-files --cached --others --exclude-standard", root).text.split("\n")
    return frozenset(p for p in listed if p)


def measure_repo(
    repo: Repo, args: argparse.Namespace, home: Path, has_text: bool
) -> list[Measured]:
    copy = scratch(repo)
    root = copy.root
    tree = read_tree(repo, root)
    kinds = set(args.kinds.split(",")) if args.kinds else None
    out: list[Measured] = []

    def report(m: Measured) -> None:
        out.append(m)
        if args.verbose:
            print(row(len(out), m), flush=True)

    for call in static_calls(tree, args.seed):
        if kinds is None or call.kind in kinds:
            report(measure(call, root, home, has_text))

    if kinds is None or "diff" in kinds:
        path, new = one_line_change(tree, args.seed)
        for label, (changed, content) in (
            ("one line", (path, new)),
            ("few lines", few_line_change(tree, args.seed, avoid=path)),
        ):
            (root / changed).write_bytes(content)
            report(
                measure(
                    Call("diff", repo.name, f"{label}: {changed}", ["diff"], "git diff"),
                    root,
                    home,
                    has_text,
                )
            )
            copy.reset()

    if repo.runner and not args.no_runs and (kinds is None or "run" in kinds):
        for path, command, env in suite_candidates(tree, args.seed):
            unix = shell(command, root, env)
            if unix.code != 0:
                continue
            extra = {"runner": repo.runner, "module": "github.com/yuin/goldmark"}
            argv = ["run", "--", *shlex.split(command)]
            report(
                measure(
                    Call("run", repo.name, f"pass: {command}", argv, command, env, dict(extra)),
                    root,
                    home,
                    has_text,
                    unix,
                )
            )
            target = root / path
            target.write_text(target.read_text() + _FAILING[repo.runner])
            report(
                measure(
                    Call("run", repo.name, f"fail: {command}", argv, command, env, dict(extra)),
                    root,
                    home,
                    has_text,
                )
            )
            copy.reset()
            break
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    return out


# -- the report ----------------------------------------------------------------------------------


def ratio(a: int, b: int) -> str:
    return f"{a / b:.2f}" if b else "-"


def row(i: int, m: Measured) -> str:
    miss = (
        f"{len(m.missing_text)}/{len(m.missing_json)}" if (m.missing_text or m.missing_json) else ""
    )
    lose = "" if m.text_tokens <= m.unix_tokens else " <"
    target = m.call.target if len(m.call.target) <= 44 else m.call.target[:41] + "..."
    return (
        f"{i:>3} {m.call.kind:<10} {m.call.repo:<12} {target:<44} {m.text_tokens:>6} "
        f"{m.json_tokens:>6} {m.unix_tokens:>6} {ratio(m.text_tokens, m.unix_tokens):>5}{lose:<2} "
        f"{m.facts:>4} {miss:>6}"
    )


HEADER = (
    f"{'#':>3} {'kind':<10} {'repo':<12} {'target':<44} {'text':>6} {'json':>6} {'unix':>6} "
    f"{'t/u':>5}   {'facts':>4} {'miss t/j':>6}"
)


def summary(results: Sequence[Measured]) -> dict[str, Any]:
    text = sum(m.text_tokens for m in results)
    js = sum(m.json_tokens for m in results)
    unix = sum(m.unix_tokens for m in results)
    wins = sum(1 for m in results if m.text_tokens <= m.unix_tokens)
    return {
        "calls": len(results),
        "repositories": len({m.call.repo for m in results}),
        "text_tokens": text,
        "json_tokens": js,
        "unix_tokens": unix,
        "share_text_at_most_unix": wins / len(results) if results else 0.0,
        "text_over_unix": text / unix if unix else 0.0,
        "json_over_unix": js / unix if unix else 0.0,
        "facts": sum(m.facts for m in results),
        "missing_text": sum(len(m.missing_text) for m in results),
        "missing_json": sum(len(m.missing_json) for m in results),
    }


def print_report(results: Sequence[Measured], has_text: bool) -> dict[str, Any]:
    if not has_text:
        print("NOTE: this prx has no --text: the text column is the JSON envelope.")
    print(HEADER)
    for i, m in enumerate(results, 1):
        print(row(i, m))
    print()
    print(
        f"{'kind':<11}{'calls':>6}{'text':>8}{'json':>8}{'unix':>8}{'t/u':>6}{'j/u':>6}{'wins':>6}{'miss':>6}"
    )
    for kind in dict.fromkeys(m.call.kind for m in results):
        part = summary([m for m in results if m.call.kind == kind])
        print(
            f"{kind:<11}{part['calls']:>6}{part['text_tokens']:>8}{part['json_tokens']:>8}"
            f"{part['unix_tokens']:>8}{part['text_over_unix']:>6.2f}{part['json_over_unix']:>6.2f}"
            f"{round(part['share_text_at_most_unix'] * part['calls']):>6}"
            f"{part['missing_text'] + part['missing_json']:>6}"
        )
    total = summary(results)
    print()
    print(
        f"{total['calls']} calls on {total['repositories']} repositories: "
        f"text <= unix on {total['share_text_at_most_unix']:.0%} (target >= 90 %); "
        f"text/unix {total['text_over_unix']:.2f} (target <= 0.70); "
        f"json/unix {total['json_over_unix']:.2f} (target <= 1.50); "
        f"facts {total['facts']}, missing in text {total['missing_text']}, "
        f"in JSON {total['missing_json']} (target 0)"
    )
    missing = [m for m in results if m.missing_text or m.missing_json]
    if missing:
        print("\nMissing facts:")
        for m in missing:
            print(f"- {m.call.kind} {m.call.repo} {m.call.target}: prx {shlex.join(m.call.prx)}")
            if m.missing_text:
                print(f"    text ({len(m.missing_text)}): " + "; ".join(m.missing_text[:6]))
            if m.missing_json:
                print(f"    json ({len(m.missing_json)}): " + "; ".join(m.missing_json[:6]))
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--repos", default=",".join(r.name for r in REPOS))
    parser.add_argument("--kinds", default="", help="only these kinds (comma-separated)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--no-runs", action="store_true", help="leave out the test runs")
    parser.add_argument("--json", dest="json_out", help="write the results to this file")
    parser.add_argument("--outputs", action="store_true", help="with --json: every output too")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copies")
    parser.add_argument("-v", "--verbose", action="store_true", help="print each call as it ends")
    args = parser.parse_args(argv)
    wanted = args.repos.split(",")
    WORK.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="prx-everyday-home-") as tmp:
        home = Path(tmp)
        has_text = text_flag(home)
        results: list[Measured] = []
        for repo in REPOS:
            if repo.name in wanted:
                results.extend(measure_repo(repo, args, home, has_text))
    total = print_report(results, has_text)
    if args.json_out:
        records = []
        for m in results:
            record: dict[str, Any] = {
                "kind": m.call.kind,
                "repo": m.call.repo,
                "target": m.call.target,
                "prx": shlex.join(["prx", *m.call.prx]),
                "unix": m.call.unix,
                "text_tokens": m.text_tokens,
                "json_tokens": m.json_tokens,
                "unix_tokens": m.unix_tokens,
                "facts": m.facts,
                "missing_text": m.missing_text,
                "missing_json": m.missing_json,
            }
            if args.outputs:
                record["outputs"] = {"text": m.text.text, "json": m.json.text, "unix": m.unix.text}
            records.append(record)
        kinds = {
            kind: summary([m for m in results if m.call.kind == kind])
            for kind in dict.fromkeys(m.call.kind for m in results)
        }
        document = {"text_form": has_text, "summary": total, "kinds": kinds, "calls": records}
        Path(args.json_out).write_text(json.dumps(document, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
