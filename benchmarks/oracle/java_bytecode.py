"""The calls javac binds elsewhere once a definition is renamed: the lines whose bytecode
changed.

An overload renamed compiles wherever its calls can take another overload by boxing or
unboxing (with ``setQuote(char)`` renamed, ``setQuote('"')`` binds
``setQuote(Character)``): javac reports no error, yet those calls were the renamed
overload's uses. Compiled before and after, a call javac bound to the renamed method is
an instruction that changed (another method, a boxing call added); every other
instruction is the same, javac being deterministic. So, when a trial compiles clean, the
lines of the project's classes whose instructions changed are its uses too.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections import Counter
from pathlib import Path

from oracle.common import Diag, run

__all__ = ["keep_baseline", "rebound"]

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
