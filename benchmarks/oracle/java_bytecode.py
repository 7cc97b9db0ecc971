"""The calls javac binds elsewhere once a definition is renamed: the lines whose bytecode
changed.

An overload renamed compiles wherever its calls can take another overload by boxing or
unboxing (with ``setQuote(char)`` renamed, ``setQuote('"')`` binds
``setQuote(Character)``): javac reports no error, yet those calls were the renamed
overload's uses. Compiled before and after, a call javac bound to the renamed method is
an instruction that changed (another method, a boxing call added); every other
instruction is the same, javac being deterministic. So, when a trial compiles clean, the
lines of the project's classes whose instructions changed are its uses too.

And a call whose compile-time declaration is the method stays one after the rename
without any change at all when another declaration takes its place: with
``CSVFormat.hashCode`` renamed, ``format.hashCode()`` binds ``Object.hashCode`` and
compiles to the same ``invokevirtual CSVFormat.hashCode:()I``. :func:`bound_calls` reads
those from the baseline's bytecode: each call whose class and descriptor resolve, up the
project's superclasses, to the method (JLS 15.12.3; the JVM resolves it the same way).
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections import Counter
from pathlib import Path

from oracle.common import Diag, run

__all__ = ["bound_calls", "keep_baseline", "rebound"]

#: root -> a copy of the classes its baseline compiled to.
_BASELINE: dict[Path, Path] = {}
_COMPILED_FROM = re.compile(r'^Compiled from "(?P<file>[^"]+)"')
_INSTRUCTION = re.compile(r"^\s+(?P<pc>\d+): (?P<text>.*)$")
_LINE_ENTRY = re.compile(r"^\s+line (?P<line>\d+): (?P<pc>\d+)$")
#: Constant-pool indices and branch targets move when code is added elsewhere.
_POOL = re.compile(r"#\d+(?:,\s*\d+)?")
_BRANCH = re.compile(r"^(goto|goto_w|if\w*|jsr|jsr_w)\s+\d+$")
_CLASS_HEADER = re.compile(
    r"^(?:[\w]+ )*(?:class|interface|enum|record) (?P<name>[\w.$]+)(?:<.*?>)?"
    r"(?: extends (?P<super>[\w.$]+))?"
)
_CALL = re.compile(
    r"invoke(?:virtual|special|static|interface)\b.*// (?:Interface)?Method "
    r"(?:(?P<owner>[\w/$]+)\.)?(?P<name>[\w$]+):(?P<desc>\S+)"
)
_DESCRIPTOR = re.compile(r"^\s+descriptor: (?P<desc>\S+)$")
_METHOD_NAME = re.compile(r"(?P<name>[\w$]+)\(")


def keep_baseline(root: Path, classes: Path) -> None:
    """Keep the baseline's classes of ``root`` (the first clean build only)."""
    if root in _BASELINE or not classes.is_dir():
        return
    kept = Path(tempfile.mkdtemp(prefix="prx-oracle-classes-"))
    shutil.copytree(classes, kept, dirs_exist_ok=True)
    _BASELINE[root] = kept


class _Method:
    """One method's code, as far as the oracle reads it."""

    __slots__ = ("calls", "first_line", "lines")

    def __init__(self) -> None:
        #: The first line of its code (0: none, an abstract method).
        self.first_line = 0
        #: Source line -> its instructions (pool indices and branch targets left out).
        self.lines: dict[int, Counter[str]] = {}
        #: (owner class, name, descriptor, line) of each method call.
        self.calls: list[tuple[str, str, str, int]] = []


class _Class:
    """One compiled class."""

    __slots__ = ("methods", "name", "source", "superclass")

    def __init__(self, name: str, superclass: str | None, source: str) -> None:
        self.name = name
        self.superclass = superclass
        self.source = source
        #: (name, descriptor) -> its code.
        self.methods: dict[tuple[str, str], _Method] = {}


def _disassembled(classes: Path, rels: list[Path]) -> dict[str, _Class]:
    """The classes of the files ``rels`` of ``classes``, by binary name."""
    found: dict[str, _Class] = {}
    for start in range(0, len(rels), 200):  # a command line of bounded length
        chunk = [str(classes / r) for r in rels[start : start + 200]]
        _parse(run(["javap", "-c", "-l", "-p", "-s", *chunk], classes).stdout, found)
    return found


def _parse(text: str, found: dict[str, _Class]) -> None:
    """Read ``javap -c -l -p -s`` output into ``found``."""
    current: _Class | None = None
    method: _Method | None = None
    header, source = "", ""
    table: list[tuple[int, int]] = []
    code: list[tuple[int, str, tuple[str, str, str] | None]] = []
    in_switch = False

    def close() -> None:
        if method is None:
            return
        entries = sorted(table)
        method.first_line = min((line for _, line in entries), default=0)
        for pc, instruction, call in code:
            at = [line for start, line in entries if start <= pc]
            line = at[-1] if at else 0
            method.lines.setdefault(line, Counter())[instruction] += 1
            if call is not None:
                method.calls.append((*call, line))

    for raw in text.splitlines():
        compiled = _COMPILED_FROM.match(raw)
        if compiled:
            close()
            source, current, method, header = compiled.group("file"), None, None, ""
            continue
        if current is None:
            matched = _CLASS_HEADER.match(raw.strip())
            if matched and raw.rstrip().endswith("{"):
                current = _Class(matched.group("name"), matched.group("super"), source)
                found[current.name] = current
            continue
        if raw.startswith("  ") and not raw.startswith("   ") and raw.rstrip().endswith(";"):
            close()
            header, method, table, code, in_switch = raw.strip(), None, [], [], False
            continue
        described = _DESCRIPTOR.match(raw)
        if described and header and method is None:
            name = _METHOD_NAME.search(header)
            if name is not None:  # a field has no parameter list
                method = current.methods[(name.group("name"), described.group("desc"))] = _Method()
            continue
        if in_switch:  # a tableswitch's or lookupswitch's cases
            in_switch = "}" not in raw
            continue
        entry = _LINE_ENTRY.match(raw)
        if entry:
            table.append((int(entry.group("pc")), int(entry.group("line"))))
            continue
        instruction = _INSTRUCTION.match(raw)
        if instruction is None or method is None:
            continue
        body = " ".join(_POOL.sub("#", instruction.group("text")).split())
        if "{" in body:
            in_switch = "}" not in body
            body = body.split("{", 1)[0].strip()
        call = _CALL.search(raw)
        owner = (
            ((call.group("owner") or current.name.replace(".", "/")).replace("/", "."))
            if call
            else ""
        )
        called = (owner, call.group("name"), call.group("desc")) if call else None
        code.append((int(instruction.group("pc")), _BRANCH.sub(r"\1", body), called))
    close()


def _source_of(klass: _Class, sources: list[str]) -> str | None:
    """The project source a class was compiled from: its package's folder and file name
    (``org/x/A.java`` under ``src/main/java``), else the file's name alone."""
    package = klass.name.rpartition(".")[0].replace(".", "/")
    suffix = f"{package}/{klass.source}" if package else klass.source
    for source in sources:
        if source == suffix or source.endswith("/" + suffix):
            return source
    return next((s for s in sources if s.rsplit("/", 1)[-1] == klass.source), None)


def rebound(root: Path, classes: Path, sources: list[str], renamed: str) -> list[Diag]:
    """The lines whose instructions differ between the baseline's classes and
    ``classes`` (a clean trial build), as diagnostics at the source lines; ``renamed``
    (the trial's new name) is read as the old name, so the renamed method's own body
    (its lambdas' synthetic names) does not count."""
    before = _BASELINE.get(root)
    if before is None or not classes.is_dir():
        return []
    changed = [
        path.relative_to(classes)
        for path in sorted(classes.rglob("*.class"))
        if not (before / path.relative_to(classes)).exists()
        or (before / path.relative_to(classes)).read_bytes() != path.read_bytes()
    ]
    if not changed:
        return []
    old = _disassembled(before, [r for r in changed if (before / r).exists()])
    new = _disassembled(classes, changed)
    name = renamed.removesuffix("_prxoracle")
    out = []
    for klass in new.values():
        source = _source_of(klass, sources)
        was = old.get(klass.name)
        if source is None:
            continue
        lines: set[int] = set()
        for (called, desc), method in klass.methods.items():
            before_lines = was.methods.get((called.replace(renamed, name), desc)) if was else None
            previous = before_lines.lines if before_lines is not None else {}
            for line in set(method.lines) | set(previous):
                after: Counter[str] = Counter()
                for text, count in method.lines.get(line, Counter()).items():
                    after[text.replace(renamed, name)] += count
                if after != previous.get(line, Counter()):
                    lines.add(line)
        out += [
            Diag(source, n, "the call binds another method (bytecode)") for n in sorted(lines - {0})
        ]
    return out


#: root -> the baseline's classes by binary name.
_CLASSES: dict[Path, dict[str, _Class]] = {}


def _baseline_classes(root: Path) -> dict[str, _Class]:
    if root not in _CLASSES:
        before = _BASELINE.get(root)
        rels = sorted(p.relative_to(before) for p in before.rglob("*.class")) if before else []
        _CLASSES[root] = _disassembled(before, rels) if before is not None else {}
    return _CLASSES[root]


def bound_calls(root: Path, sources: list[str], at: tuple[str, int], name: str) -> list[Diag]:
    """The calls the baseline's bytecode binds to the method named ``name`` whose
    definition's name is on line ``at[1]`` of ``at[0]`` (its first code line is the
    nearest after it), as diagnostics at the calls' lines."""
    classes = _baseline_classes(root)
    file, line = at
    best: tuple[int, str, tuple[str, str]] | None = None
    for klass in classes.values():
        if _source_of(klass, sources) != file:
            continue
        for key, method in klass.methods.items():
            first = method.first_line
            if key[0] == name and first >= line and (best is None or first < best[0]):
                best = (first, klass.name, key)
    if best is None:
        return []
    _, declaring, key = best
    out = []
    for klass in classes.values():
        source = _source_of(klass, sources)
        for method in klass.methods.values():
            for owner, called, desc, call_line in method.calls:
                if (called, desc) == key and call_line and source is not None:
                    if _resolves(classes, owner, key) == declaring:
                        out.append(Diag(source, call_line, "the call binds the method (bytecode)"))
    return out


def _resolves(classes: dict[str, _Class], owner: str, key: tuple[str, str]) -> str | None:
    """The class whose declaration a call ``owner.key`` binds, up the superclasses the
    project compiled (None: one outside the project)."""
    seen: set[str] = set()
    current: str | None = owner
    while current is not None and current not in seen:
        seen.add(current)
        klass = classes.get(current)
        if klass is None:
            return None
        if key in klass.methods:
            return current
        current = klass.superclass
    return None
