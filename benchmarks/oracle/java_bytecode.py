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


def keep_baseline(root: Path, classes: Path) -> None:
    """Keep the baseline's classes of ``root`` (the first clean build only)."""
    if root in _BASELINE or not classes.is_dir():
        return
    kept = Path(tempfile.mkdtemp(prefix="prx-oracle-classes-"))
    shutil.copytree(classes, kept, dirs_exist_ok=True)
    _BASELINE[root] = kept


def rebound(root: Path, classes: Path, sources: list[str], renamed: str) -> list[Diag]:
    """The lines whose instructions differ between the baseline's classes and
    ``classes`` (a clean trial build), as diagnostics at the source lines; ``renamed``
    (the trial's new name) is read as the old name, so the renamed method's own body
    (its lambdas' synthetic names) does not count."""
    before = _BASELINE.get(root)
    if before is None or not classes.is_dir():
        return []
    changed = []
    for path in sorted(classes.rglob("*.class")):
        rel = path.relative_to(classes)
        old = before / rel
        if not old.exists() or old.read_bytes() != path.read_bytes():
            changed.append(rel)
    if not changed:
        return []
    old_code = _disassembled(before, [r for r in changed if (before / r).exists()])
    new_code = _disassembled(classes, changed)
    by_suffix = {s.rsplit("/", 1)[-1]: s for s in sources}
    by_path = {s: s for s in sources}
    out = []
    for rel in changed:
        new = new_code.get(rel)
        if new is None:
            continue
        old = old_code.get(rel, (new[0], {}))
        source = _source_of(rel, new[0], by_path, by_suffix)
        if source is None:
            continue
        for line in sorted(_changed_lines(old[1], new[1], renamed)):
            out.append(Diag(source, line, "the call binds another method (bytecode)"))
    return out


def _source_of(
    rel: Path, compiled_from: str, by_path: dict[str, str], by_suffix: dict[str, str]
) -> str | None:
    """The project source a class was compiled from (its package's folder, then the
    file's name alone)."""
    package = rel.parent.as_posix()
    suffix = f"{package}/{compiled_from}" if package != "." else compiled_from
    for source in by_path:
        if source == suffix or source.endswith("/" + suffix):
            return source
    return by_suffix.get(compiled_from)


#: class file -> (its source's name, {method header: {line: instructions}}).
Disassembly = dict[Path, tuple[str, dict[str, dict[int, Counter[str]]]]]


def _disassembled(classes: Path, rels: list[Path]) -> Disassembly:
    if not rels:
        return {}
    done = run(["javap", "-c", "-l", "-p", *(str(classes / r) for r in rels)], classes)
    blocks: list[list[str]] = []
    for text in done.stdout.splitlines():
        if _COMPILED_FROM.match(text) or not blocks:
            blocks.append([])
        blocks[-1].append(text)
    out: Disassembly = {}
    for rel, block in zip(rels, blocks, strict=False):
        found = _COMPILED_FROM.match(block[0]) if block else None
        out[rel] = (found.group("file") if found else "", _methods(block))
    return out


def _methods(block: list[str]) -> dict[str, dict[int, Counter[str]]]:
    """Each method's instructions by source line (its line table's mapping)."""
    methods: dict[str, dict[int, Counter[str]]] = {}
    header = ""
    code: list[tuple[int, str]] = []
    table: list[tuple[int, int]] = []
    in_switch = False

    def close() -> None:
        if not header:
            return
        lines: dict[int, Counter[str]] = {}
        entries = sorted(table)
        for pc, text in code:
            at = [ln for start, ln in entries if start <= pc]
            line = at[-1] if at else 0
            lines.setdefault(line, Counter())[text] += 1
        methods[header] = lines

    for text in block:
        if text.startswith("  ") and not text.startswith("   ") and text.rstrip().endswith(";"):
            close()
            header, code, table, in_switch = text.strip(), [], [], False
            continue
        if in_switch:
            in_switch = "}" not in text
            continue
        entry = _LINE_ENTRY.match(text)
        if entry:
            table.append((int(entry.group("pc")), int(entry.group("line"))))
            continue
        found = _INSTRUCTION.match(text)
        if found:
            body = " ".join(_POOL.sub("#", found.group("text")).split())
            if "{" in body:
                in_switch = "}" not in body
                body = body.split("{", 1)[0].strip()
            code.append((int(found.group("pc")), _BRANCH.sub(r"\1", body)))
    close()
    return methods


def _changed_lines(
    old: dict[str, dict[int, Counter[str]]], new: dict[str, dict[int, Counter[str]]], renamed: str
) -> set[int]:
    """The source lines whose instructions differ, method by method."""
    name = renamed.removesuffix("_prxoracle")
    lines: set[int] = set()
    for header, code in new.items():
        before = old.get(header.replace(renamed, name), {})
        for line in set(code) | set(before):
            after: Counter[str] = Counter()
            for text, count in code.get(line, Counter()).items():
                after[text.replace(renamed, name)] += count
            if after != before.get(line, Counter()):
                lines.add(line)
    return lines - {0}


class _Class:
    """One class of the baseline, as far as resolving calls needs it."""

    __slots__ = ("calls", "methods", "name", "source", "superclass")

    def __init__(self, name: str, superclass: str | None, source: str) -> None:
        self.name = name
        self.superclass = superclass
        self.source = source
        #: (name, descriptor) -> the first line of its code (0: none, abstract).
        self.methods: dict[tuple[str, str], int] = {}
        #: (owner class, name, descriptor, line) of each method call.
        self.calls: list[tuple[str, str, str, int]] = []


#: root -> the baseline's classes by binary name (``p.Outer$Inner``).
_CLASSES: dict[Path, dict[str, _Class]] = {}
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


def _baseline_classes(root: Path) -> dict[str, _Class]:
    if root in _CLASSES:
        return _CLASSES[root]
    before = _BASELINE.get(root)
    found: dict[str, _Class] = {}
    files = sorted(before.rglob("*.class")) if before is not None else []
    for start in range(0, len(files), 200):  # a command line of bounded length
        done = run(["javap", "-c", "-l", "-p", "-s", *map(str, files[start : start + 200])], root)
        _parse_classes(done.stdout, found)
    _CLASSES[root] = found
    return found


def _parse_classes(text: str, found: dict[str, _Class]) -> None:
    current: _Class | None = None
    method: tuple[str, str] | None = None
    header = ""
    line_of_pc: list[tuple[int, int]] = []
    pending: list[tuple[int, str, str, str]] = []

    def close() -> None:
        if current is None or method is None:
            return
        lines = sorted(line_of_pc)
        current.methods[method] = min((ln for _, ln in lines), default=0)
        for pc, owner, name, desc in pending:
            at = [ln for start, ln in lines if start <= pc]
            current.calls.append((owner, name, desc, at[-1] if at else 0))

    source = ""
    for raw in text.splitlines():
        compiled = _COMPILED_FROM.match(raw)
        if compiled:
            close()
            source, current, method = compiled.group("file"), None, None
            continue
        if current is None:
            matched = _CLASS_HEADER.match(raw.strip())
            if matched and raw.rstrip().endswith("{"):
                current = _Class(matched.group("name"), matched.group("super"), source)
                found[current.name] = current
            continue
        if raw.startswith("  ") and not raw.startswith("   ") and raw.rstrip().endswith(";"):
            close()
            header, method, line_of_pc, pending = raw.strip(), None, [], []
            continue
        described = _DESCRIPTOR.match(raw)
        if described and header and method is None:
            name = _METHOD_NAME.search(header)
            if name is not None and "(" in header:
                method = (name.group("name"), described.group("desc"))
            continue
        entry = _LINE_ENTRY.match(raw)
        if entry:
            line_of_pc.append((int(entry.group("pc")), int(entry.group("line"))))
            continue
        instruction = _INSTRUCTION.match(raw)
        call = _CALL.search(raw) if instruction else None
        if instruction and call:
            owner = (call.group("owner") or current.name).replace("/", ".")
            pending.append(
                (int(instruction.group("pc")), owner, call.group("name"), call.group("desc"))
            )
    close()


def bound_calls(root: Path, sources: list[str], at: tuple[str, int], name: str) -> list[Diag]:
    """The calls the baseline's bytecode binds to the method named ``name`` whose
    definition's name is on line ``at[1]`` of ``at[0]`` (its first code line is the
    nearest after it), as diagnostics at the calls' lines."""
    classes = _baseline_classes(root)
    by_path = {s: s for s in sources}
    by_suffix = {s.rsplit("/", 1)[-1]: s for s in sources}
    file, line = at
    best: tuple[int, str, tuple[str, str]] | None = None
    for klass in classes.values():
        package = klass.name.rpartition(".")[0].replace(".", "/")
        rel = Path(package) / "x.class" if package else Path("x.class")
        if _source_of(rel, klass.source, by_path, by_suffix) != file:
            continue
        for key, first in klass.methods.items():
            if key[0] == name and first >= line and (best is None or first < best[0]):
                best = (first, klass.name, key)
    if best is None:
        return []
    _, owner_class, key = best
    out = []
    for klass in classes.values():
        for owner, called, desc, call_line in klass.calls:
            if (called, desc) != key or not call_line:
                continue
            if _resolves(classes, owner, key) != owner_class:
                continue
            package = klass.name.rpartition(".")[0].replace(".", "/")
            rel = Path(package) / "x.class" if package else Path("x.class")
            source = _source_of(rel, klass.source, by_path, by_suffix)
            if source is not None:
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
