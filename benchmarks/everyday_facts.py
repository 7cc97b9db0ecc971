"""The facts of a Unix command's output, and whether prx's answer has each of them.

:mod:`everyday` runs the calls; this module reads both forms of prx's answer back (the
model-facing text, whatever its layout, and the JSON envelope) and checks, for each call
kind, that every fact of the Unix output is in each: see the rules in :mod:`everyday`.
Pure functions of the outputs and of what the call records (``Call.extra``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CHECKS", "Call", "JsonView", "Output", "TextView", "run_facts"]


@dataclass
class Output:
    """What a command printed (stdout then stderr, as an agent's tool shows them)."""

    text: str
    code: int
    seconds: float


@dataclass
class Call:
    """One everyday call: prx's arguments beside the Unix command with the same facts."""

    kind: str
    repo: str
    target: str
    prx: list[str]
    unix: str
    #: Environment both sides run with (a test runner's).
    env: dict[str, str] = field(default_factory=dict)
    #: What the fidelity check needs beyond the outputs (the language, the files ...).
    extra: dict[str, Any] = field(default_factory=dict)


# -- reading answers back into facts ---------------------------------------------------------------


_PATH_TOKEN = re.compile(r"[\w.@+/$-]+")
_RANGE = re.compile(r"^\s*(\d+)-(\d+)\b(.*)$")
_NUMBERED = re.compile(r"^\s*(\d+)\s*(?:[:|\u2502]\s?|\t|\s)(.*)$")


class TextView:
    """The text form read back: lines placed in files, and paths."""

    def __init__(self, text: str, paths: frozenset[str]) -> None:
        self.text = text
        self.lines = text.split("\n")
        self.paths = paths
        self._located: set[tuple[str | None, int, str]] | None = None

    def path_in(self, line: str) -> tuple[str, int, int] | None:
        """The first known path in ``line``: (path, start, end of the match)."""
        for m in _PATH_TOKEN.finditer(line):
            token = m.group(0)
            for candidate in (token, token.rstrip(".-:"), token.lstrip("./")):
                if candidate in self.paths:
                    return candidate, m.start(), m.start() + len(token)
        return None

    def located(self) -> set[tuple[str | None, int, str]]:
        """(file, line number, text stripped) for every line the answer places."""
        if self._located is not None:
            return self._located
        out: set[tuple[str | None, int, str]] = set()
        current: str | None = None
        counter: list[int] = []
        for raw in self.lines:
            found = self.path_in(raw)
            if found is not None:
                current, _, end = found
                rest = raw[end:]
                m = re.match(r"[:\-](\d+)(?:-(\d+))?(.*)$", rest)
                if m:
                    start = int(m.group(1))
                    tail = m.group(3)
                    body = re.sub(r"^[:\-]|^\s+", "", tail)
                    out.add((current, start, body.strip()))
                    # Either the text after the place is line ``start`` (grep-like), and
                    # the next line is start + 1, or a label, and the next line is start.
                    counter = [start, start + 1] if body.strip() else [start]
                else:
                    counter = []
                continue
            block = _RANGE.match(raw)
            if block:
                # ``A-B  label``: a block whose code follows, from A (or where it says
                # it is shown from).
                start = int(block.group(1))
                shown = re.search(r"shown from (\d+)", block.group(3))
                out.add((current, start, block.group(3).strip()))
                counter = [int(shown.group(1))] if shown else [start]
                continue
            numbered = _NUMBERED.match(raw)
            if numbered:
                n = int(numbered.group(1))
                out.add((current, n, numbered.group(2).strip()))
            for n in counter:
                out.add((current, n, raw.strip()))
            counter = [n + 1 for n in counter]
            if numbered:
                counter = sorted({*counter, int(numbered.group(1)) + 1})
        self._located = out
        return out

    def tree_paths(self) -> set[str]:
        """Paths the answer names: whole, or as a tree of indented names under folders."""
        out: set[str] = set()
        stack: list[tuple[int, str]] = []
        for raw in self.lines:
            clean = re.sub("[\u2502\u251c\u2514\u2500\u2510\u250c]", " ", raw)
            stripped = clean.strip()
            if not stripped:
                continue
            indent = len(clean) - len(clean.lstrip())
            head = stripped.split()[0]
            while stack and stack[-1][0] >= indent:
                stack.pop()
            names = [name for _, name in stack]
            # Every tail of the folders above: a tree may sit under a label (``tree:``).
            prefixes = ["".join(names[i:]) for i in range(len(names) + 1)]
            for token in _PATH_TOKEN.findall(stripped):
                for prefix in prefixes:
                    out.add(prefix + token.rstrip(":"))
            prefix = prefixes[0]
            if head.endswith("/:") and len(stripped.split()) > 1:
                # ``dir/: a b c`` puts names after their folder on one line.
                folder = head[:-1]
                for token in stripped.split()[1:]:
                    out.add(prefix + folder + token.strip(","))
                continue
            if head.endswith("/") or (head.endswith(":") and "." not in head):
                folder = head.rstrip(":").rstrip("/") + "/"
                stack.append(
                    (
                        indent,
                        folder[len(prefix) :] if folder.startswith(prefix) and prefix else folder,
                    )
                )
            elif head.endswith(":") and "/" in head:
                # ``dir/: a b c`` puts names after their folder on one line.
                folder = head[:-1].rstrip("/") + "/"
                for token in stripped.split()[1:]:
                    out.add(prefix + folder + token.strip(","))
        return out


class JsonView:
    """The JSON envelope read back the same way."""

    def __init__(self, text: str) -> None:
        try:
            self.envelope: Any = json.loads(text)
        except json.JSONDecodeError:
            self.envelope = {"unparsed": text}
        self.data = self.envelope.get("data") if isinstance(self.envelope, dict) else None
        self._strings: list[str] | None = None

    def strings(self) -> list[str]:
        if self._strings is None:
            out: list[str] = []

            def walk(node: Any) -> None:
                if isinstance(node, str):
                    out.append(node)
                elif isinstance(node, dict):
                    for key, value in node.items():
                        out.append(str(key))
                        walk(value)
                elif isinstance(node, list):
                    for item in node:
                        walk(item)
                elif node is not None:
                    out.append(str(node))

            walk(self.data)
            self._strings = out
        return self._strings

    def string_lines(self) -> list[str]:
        return [line for s in self.strings() for line in s.split("\n")]

    def located(self) -> set[tuple[str | None, int, str]]:
        out: set[tuple[str | None, int, str]] = set()

        def start_of(node: dict[str, Any]) -> int | None:
            for key in ("snippet_start", "start_line", "start", "line", "new_start"):
                if isinstance(node.get(key), int):
                    return int(node[key])
            for key in ("range", "lines"):
                inner = node.get(key)
                if isinstance(inner, dict) and isinstance(inner.get("start"), int):
                    return int(inner["start"])
            return None

        def walk(node: Any, current: str | None) -> None:
            if isinstance(node, list):
                for item in node:
                    walk(item, current)
                return
            if not isinstance(node, dict):
                return
            for key in ("file", "path"):
                if isinstance(node.get(key), str):
                    current = node[key]
            start = start_of(node)
            for key in ("snippet", "text", "content", "code", "line_text", "source"):
                value = node.get(key)
                if isinstance(value, str) and start is not None:
                    for i, line in enumerate(value.split("\n")):
                        out.add((current, start + i, line.strip()))
            for value in node.values():
                walk(value, current)

        walk(self.data, None)
        return out

    def paths(self) -> set[str]:
        out: set[str] = set()

        def walk(node: Any, prefix: str) -> None:
            if isinstance(node, dict):
                for key in ("path", "file"):
                    if isinstance(node.get(key), str):
                        out.add(node[key])
                for key, value in node.items():
                    if isinstance(value, dict) and not (
                        {"lines", "bytes", "language"} & set(value)
                    ):
                        walk(value, f"{prefix}{key.rstrip('/')}/")
                    elif isinstance(value, list):
                        for item in value:
                            if isinstance(item, str):
                                out.add(f"{prefix}{key.rstrip('/')}/{item}")
                            walk(item, prefix)
                    else:
                        out.add(prefix + key)
            elif isinstance(node, list):
                for item in node:
                    walk(item, prefix)

        walk(self.data, "")
        # A tree may sit under a key of its own (``tree``): every tail of a path too.
        return {"/".join(p.split("/")[i:]) for p in out for i in range(p.count("/") + 1)}

    def dicts(self) -> Iterator[dict[str, Any]]:
        def walk(node: Any) -> Iterator[dict[str, Any]]:
            if isinstance(node, dict):
                yield node
                for value in node.values():
                    yield from walk(value)
            elif isinstance(node, list):
                for item in node:
                    yield from walk(item)

        return walk(self.data)


# -- the facts of each Unix output, and where prx says them --------------------------------------

Check = Callable[[Call, Output, TextView, JsonView], tuple[int, list[str], list[str]]]


def in_order(facts: Sequence[str], lines: Sequence[str]) -> list[str]:
    """The facts (lines, block-dedented) not found in order as line endings."""
    body = [f for f in facts if f.strip()]
    indents = [len(f) - len(f.lstrip()) for f in body]
    cut = min(indents, default=0)
    missing: list[str] = []
    at = 0
    for fact in facts:
        if not fact.strip():
            continue
        want = fact.rstrip()[cut:]
        for j in range(at, len(lines)):
            if lines[j].rstrip().endswith(want):
                at = j + 1
                break
        else:
            missing.append(f"line {fact.strip()[:60]!r}")
    return missing


def check_lines(
    call: Call, unix: Output, text: TextView, js: JsonView
) -> tuple[int, list[str], list[str]]:
    facts = unix.text.split("\n")
    if facts and facts[-1] == "":
        facts.pop()
    n = sum(1 for f in facts if f.strip())
    return n, in_order(facts, text.lines), in_order(facts, js.string_lines())


_RG = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<text>.*)$")


def check_rg(
    call: Call, unix: Output, text: TextView, js: JsonView
) -> tuple[int, list[str], list[str]]:
    facts = [
        (m["path"], int(m["line"]), m["text"].strip())
        for m in map(_RG.match, unix.text.split("\n"))
        if m
    ]
    seen_text, seen_json = placed(text.located()), placed(js.located())

    def has(seen: dict[tuple[str | None, int], list[str]], path: str, n: int, body: str) -> bool:
        # The answer may put a label (the enclosing symbol) before the line's text.
        return any(shown.endswith(body) for shown in seen.get((path, n), ()))

    missing_t = [f"{p}:{n}: {t[:50]!r}" for p, n, t in facts if not has(seen_text, p, n, t)]
    missing_j = [f"{p}:{n}: {t[:50]!r}" for p, n, t in facts if not has(seen_json, p, n, t)]
    return len(facts), missing_t, missing_j


def placed(located: set[tuple[str | None, int, str]]) -> dict[tuple[str | None, int], list[str]]:
    out: dict[tuple[str | None, int], list[str]] = {}
    for path, n, body in located:
        out.setdefault((path, n), []).append(body)
    return out


def check_find(
    call: Call, unix: Output, text: TextView, js: JsonView
) -> tuple[int, list[str], list[str]]:
    facts = [p for p in unix.text.split("\n") if p]
    in_text, in_json = text.tree_paths(), js.paths()
    return (
        len(facts),
        [p for p in facts if p not in in_text],
        [p for p in facts if p not in in_json],
    )


def check_outline(
    call: Call, unix: Output, text: TextView, js: JsonView
) -> tuple[int, list[str], list[str]]:
    regex = re.compile(call.extra["name"])
    confirmed = {(str(name), int(line)) for name, line in call.extra["declared"]}
    facts: list[tuple[str, int]] = []
    for row in unix.text.split("\n"):
        m = re.match(r"^(\d+):(.*)$", row)
        if not m:
            continue
        found = regex.search(m.group(2))
        name = next((g for g in found.groups() if g), None) if found else None
        if name and (name, int(m.group(1))) in confirmed:
            facts.append((name, int(m.group(1))))
    call.extra["unconfirmed"] = sum(1 for row in unix.text.split("\n") if row) - len(facts)

    def text_has(name: str, line: int) -> bool:
        word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
        for row in text.lines:
            if not word.search(row):
                continue
            for a, b in re.findall(r"(?<![\w.])(\d+)(?:-(\d+))?(?![\w])", row):
                # One line shown for a decorated definition is its first decorator's.
                lo, hi = int(a), int(b) if b else int(a) + row.count("@")
                if lo <= line <= hi:
                    return True
        return False

    def json_has(name: str, line: int) -> bool:
        for node in js.dicts():
            if node.get("name") != name:
                continue
            lines = node.get("lines") or node.get("range") or {}
            lo = lines.get("start", node.get("line", node.get("start_line")))
            hi = lines.get("end", node.get("end_line", lo))
            if isinstance(lo, int) and isinstance(hi, int) and lo <= line <= hi:
                return True
        return False

    return (
        len(facts),
        [f"{n}@{ln}" for n, ln in facts if not text_has(n, ln)],
        [f"{n}@{ln}" for n, ln in facts if not json_has(n, ln)],
    )


_NO = re.compile(r"\b(no|not|false|absent|missing|none)\b", re.I)
_YES = re.compile(r"\b(yes|true|exists|found|present)\b", re.I)


def check_exists(
    call: Call, unix: Output, text: TextView, js: JsonView
) -> tuple[int, list[str], list[str]]:
    answer = unix.text.strip()
    present = unix.code == 0 and bool(answer) and "cannot access" not in answer
    facts = 1
    missing_t: list[str] = []
    missing_j: list[str] = []
    says_no = bool(_NO.search(text.text))
    says_yes = bool(_YES.search(text.text)) and not says_no
    if present and not (says_yes or answer in text.text):
        missing_t.append("exists: yes")
    if not present and not says_no:
        missing_t.append("exists: no")
    exists = js.data.get("exists") if isinstance(js.data, dict) else None
    if exists is not present:
        missing_j.append(f"exists: {'yes' if present else 'no'}")
    if present and call.extra.get("content"):
        # ``rg -l``: a file that has the text (any of them).
        facts += 1
        having = set(call.extra["having"])
        if not any(p in text.text for p in having):
            missing_t.append(f"a file with the text ({answer})")
        if not any(s in having for s in js.strings()):
            missing_j.append(f"a file with the text ({answer})")
    return facts, missing_t, missing_j


def check_diff(
    call: Call, unix: Output, text: TextView, js: JsonView
) -> tuple[int, list[str], list[str]]:
    files: list[str] = []
    changes: list[tuple[str, str]] = []
    for row in unix.text.split("\n"):
        if row.startswith("+++ b/"):
            files.append(row[6:])
        elif row.startswith(("+++", "---")):
            continue
        elif row[:1] in "+-" and row:
            changes.append((row[0], row[1:]))
    js_lines = js.string_lines()

    def has(sign: str, body: str, rows: Sequence[str]) -> bool:
        # The sign, or the word a structured form says it with (``old:``, ``new:``).
        words = "old|removed|deleted" if sign == "-" else "new|added"
        lead = rf"(?:{re.escape(sign)}|(?:{words}):)"
        pattern = re.compile(rf"^[\s\d:|\u2502]*{lead}\s*{re.escape(body.strip())}\s*$")
        return any(pattern.match(r) for r in rows)

    def json_listed(sign: str, body: str) -> bool:
        keys = ("add", "new", "+") if sign == "+" else ("remov", "delet", "old", "-")
        for node in js.dicts():
            for key, value in node.items():
                if any(k in key.lower() for k in keys):
                    items = value if isinstance(value, list) else [value]
                    if any(isinstance(i, str) and i.strip() == body.strip() for i in items):
                        return True
        return False

    missing_t = [f"file {f}" for f in files if f not in text.text]
    missing_j = [f"file {f}" for f in files if f not in js.strings()]
    for sign, body in changes:
        if not has(sign, body, text.lines):
            missing_t.append(f"{sign}{body.strip()[:50]}")
        if not (has(sign, body, js_lines) or json_listed(sign, body)):
            missing_j.append(f"{sign}{body.strip()[:50]}")
    return len(files) + len(changes), missing_t, missing_j


# Test runs: the runner's counts, failing names, places.
_COUNT_WORDS = {
    "passed": ("passed", "pass", "ok", "passing"),
    "failed": ("failed", "fail", "failures", "failing"),
    "skipped": ("skipped", "skip", "ignored"),
    "ignored": ("ignored", "skipped", "skip"),
    "errors": ("errors", "error"),
    "filtered out": ("filtered out", "filtered", "deselected"),
    "total": ("total", "tests", "ran"),
}


def run_facts(
    runner: str, out: str
) -> tuple[dict[str, int], list[str], list[tuple[str, int]], list[str]]:
    """(counts, failing test names, failure places, other facts) of a test run's output."""
    counts: dict[str, int] = {}
    names: list[str] = []
    places: list[tuple[str, int]] = []
    other: list[str] = []
    if runner == "python":
        last = [
            r for r in out.split("\n") if re.search(r"\b(passed|failed|error)\b.* in [\d.]+s", r)
        ]
        if last:
            for n, label in re.findall(
                r"(\d+) (passed|failed|skipped|errors?|deselected|xfailed|xpassed)", last[-1]
            ):
                counts["errors" if label.startswith("error") else label] = int(n)
        names = [m.group(1) for m in re.finditer(r"^(?:FAILED|ERROR) (\S+)", out, re.M)]
        places = [
            (m.group(1), int(m.group(2)))
            for m in re.finditer(r"^([\w./-]+\.py):(\d+): \w", out, re.M)
        ]
    elif runner == "go":
        names = re.findall(r"^\s*--- FAIL: (\S+)", out, re.M)
        places = [
            (m.group(1), int(m.group(2)))
            for m in re.finditer(r"^\s+([\w./-]+\.go):(\d+):", out, re.M)
        ]
        other = re.findall(r"^(?:ok|FAIL)\s+(\S+)\s+(?:[\d.]+s|\(cached\))", out, re.M)
    elif runner == "cargo":
        for m in re.finditer(r"test result: \w+\. (.*?); finished", out):
            for n, label in re.findall(
                r"(\d+) (passed|failed|ignored|measured|filtered out)", m.group(1)
            ):
                counts[label] = counts.get(label, 0) + int(n)
        names = re.findall(r"^---- (\S+) stdout ----", out, re.M)
        places = [
            (m.group(1), int(m.group(2)))
            for m in re.finditer(r"panicked at (?:'.*?', )?([\w./-]+\.rs):(\d+):\d+", out)
        ]
    elif runner == "jest":
        summary = re.search(r"^Tests:\s+(.*)$", out, re.M)
        if summary:
            for n, label in re.findall(
                r"(\d+) (passed|failed|skipped|todo|total)", summary.group(1)
            ):
                counts[label] = int(n)
        names = [
            n.strip() for n in re.findall(r"^\s*\u25cf (.+)$", out, re.M) if "Console" not in n
        ]
        places = [
            (m.group(1), int(m.group(2))) for m in re.finditer(r"\((src/[\w./-]+):(\d+):\d+\)", out)
        ]
    counts = {k: v for k, v in counts.items() if v}
    if counts.get("total") == sum(v for k, v in counts.items() if k != "total"):
        del counts["total"]  # the sum of the others says it
    return counts, list(dict.fromkeys(names)), list(dict.fromkeys(places)), other


def check_run(
    call: Call, unix: Output, text: TextView, js: JsonView
) -> tuple[int, list[str], list[str]]:
    counts, names, places, other = run_facts(call.extra["runner"], unix.text)
    missing_t: list[str] = []
    missing_j: list[str] = []
    ints = [(k.lower(), v) for node in js.dicts() for k, v in node.items() if isinstance(v, int)]
    strings = js.strings()
    blob = "\n".join(strings)
    for label, n in counts.items():
        words = "|".join(re.escape(w) for w in _COUNT_WORDS.get(label, (label,)))
        pattern = rf"(?<![\d.])\b{n}\s+(?:{words})\b|\b(?:{words})\W{{0,3}}{n}\b"
        if not re.search(pattern, text.text, re.I):
            missing_t.append(f"{n} {label}")
        if not any(
            v == n and any(w.split()[0] in k for w in _COUNT_WORDS.get(label, (label,)))
            for k, v in ints
        ):
            missing_j.append(f"{n} {label}")
    for name in names:
        # pytest's node id: the file and the test's name.
        short = name.split("::")[-1]
        parts = [short] + ([name.split("::")[0]] if "::" in name else [])
        if not all(p in text.text for p in parts):
            missing_t.append(f"failing {name}")
        if not all(p in blob for p in parts):
            missing_j.append(f"failing {name}")
    for path, line in places:
        place = re.compile(rf"(?:^|[^\w.-]|/){re.escape(path)}:{line}\b")
        if not place.search(text.text):
            missing_t.append(f"at {path}:{line}")
        placed = any(
            any(isinstance(v, str) and v.endswith(path) for v in node.values())
            and any(isinstance(v, int) and v == line and "line" in k for k, v in node.items())
            for node in js.dicts()
        )
        if not (placed or place.search(blob)):
            missing_j.append(f"at {path}:{line}")
    for package in other:
        if (
            package not in text.text
            and package.removeprefix(call.extra.get("module", "") + "/") not in text.text
        ):
            missing_t.append(f"package {package}")
        if not any(package in s for s in strings):
            missing_j.append(f"package {package}")
    return len(counts) + len(names) + len(places) + len(other), missing_t, missing_j


CHECKS: dict[str, Check] = {
    "read-range": check_lines,
    "read-file": check_lines,
    "symbol": check_rg,
    "literal": check_rg,
    "regex": check_rg,
    "word": check_rg,
    "find": check_find,
    "outline": check_outline,
    "exists": check_exists,
    "diff": check_diff,
    "run": check_run,
}
