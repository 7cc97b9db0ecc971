"""``cargo build`` / ``check`` / ``clippy`` (and ``rustc``): compiler and lint diagnostics.

Human output: each ``error[E0308]: ...`` / ``warning: ...`` block with its first
``--> file:line:col`` arrow; the lint name comes from the block's ``#[warn(lint)]`` note or
clippy's help link. rustc prints that note only for the first hit of a lint, so later hits
of the same message template get the code learned from the first one.
``--message-format=json`` (added by ``--auto-json``) is read from cargo's own JSON messages.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any, ClassVar

from prx.core.results.run import Diagnostic, Severity
from prx.engine.runner.detect import unwrap
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, first_word, output_lines
from prx.plugin.runner import RawRun

__all__ = ["CargoBuildParser", "CargoClippyParser", "read_rustc_human", "read_rustc_json"]

_HEAD = re.compile(r"^(?P<sev>error|warning)(?:\[(?P<code>[A-Z]\d{4})\])?: (?P<msg>.+)$")
_ARROW = re.compile(r"^\s*--> (?P<file>.+?):(?P<line>\d+):(?P<col>\d+)\s*$")
_LINT = re.compile(r"#\[(?:warn|deny|forbid)\((?P<code>[a-z_:]+)\)\]")
_IMPLIED = re.compile(r"`-D (?P<code>[a-z_:-]+)` implied by")
_CLIPPY_LINK = re.compile(r"rust-clippy/[^#\s]+#(?P<name>[a-z_]+)")
#: cargo's own closing lines, which are not compiler diagnostics.
_CARGO_LINES = re.compile(
    r"^(?:error|warning): (?:could not compile|`[^`]+` \(.+\) generated \d+|aborting due to"
    r"|build failed|\d+ warnings? emitted)"
)
_COULD_NOT = re.compile(r"^error: could not compile `(?P<crate>[^`]+)`")
_FINISHED = re.compile(r"^\s*Finished .* in (?P<secs>[\d.]+)s")


def _template(message: str) -> str:
    """``unused variable: `x``` -> ``unused variable: ``` (the lint's message shape)."""
    return re.sub(r"`[^`]*`", "``", message)


def _code_in(block: Sequence[str]) -> str | None:
    for line in block:
        for pattern in (_LINT, _IMPLIED):
            match = pattern.search(line)
            if match:
                return match.group("code").replace("-", "_")
        link = _CLIPPY_LINK.search(line)
        if link:
            return "clippy::" + link.group("name")
    return None


def read_rustc_human(lines: Sequence[str]) -> tuple[list[Diagnostic], list[str]]:
    """Diagnostics of rustc's human output, and the crates that did not compile."""
    heads = [i for i, line in enumerate(lines) if _HEAD.match(line)]
    diagnostics: list[Diagnostic] = []
    failed: list[str] = []
    learned: dict[str, str] = {}
    pending: list[tuple[int, str]] = []  # (index in diagnostics, template) without a code
    for n, start in enumerate(heads):
        line = lines[start]
        could_not = _COULD_NOT.match(line)
        if could_not:
            failed.append(could_not.group("crate"))
            continue
        if _CARGO_LINES.match(line):
            continue
        head = _HEAD.match(line)
        assert head is not None
        end = heads[n + 1] if n + 1 < len(heads) else len(lines)
        block = lines[start + 1 : end]
        arrow = next((m for m in map(_ARROW.match, block[:3]) if m), None)
        message = head.group("msg").strip()
        code = head.group("code") or _code_in(block)
        if code is not None:
            learned.setdefault(_template(message), code)
        elif head.group("sev") == "warning":
            pending.append((len(diagnostics), _template(message)))
        severity: Severity = "error" if head.group("sev") == "error" else "warning"
        diagnostics.append(
            Diagnostic(
                file=arrow.group("file") if arrow else "",
                line=int(arrow.group("line")) if arrow else None,
                column=int(arrow.group("col")) if arrow else None,
                severity=severity,
                code=code,
                message=message,
            )
        )
    for index, shape in pending:
        if shape in learned:
            old = diagnostics[index]
            diagnostics[index] = Diagnostic(
                file=old.file,
                line=old.line,
                column=old.column,
                severity=old.severity,
                code=learned[shape],
                message=old.message,
            )
    return diagnostics, failed


def read_rustc_json(lines: Sequence[str]) -> tuple[list[Diagnostic], bool | None] | None:
    """Diagnostics of ``--message-format=json`` and the build's success, or None if not JSON."""
    diagnostics: list[Diagnostic] = []
    success: bool | None = None
    seen_json = False
    for line in lines:
        if not line.startswith('{"reason":'):
            continue
        try:
            item: Any = json.loads(line)
        except ValueError:
            continue
        seen_json = True
        if item.get("reason") == "build-finished":
            success = bool(item.get("success"))
            continue
        message = item.get("message") if item.get("reason") == "compiler-message" else None
        if not isinstance(message, dict) or message.get("level") not in ("error", "warning"):
            continue
        text = str(message.get("message", ""))
        if text.startswith("aborting due to"):
            continue
        spans = [s for s in message.get("spans") or [] if s.get("is_primary")]
        span = spans[0] if spans else {}
        code = (message.get("code") or {}).get("code")
        diagnostics.append(
            Diagnostic(
                file=str(span.get("file_name", "")),
                line=span.get("line_start"),
                column=span.get("column_start"),
                severity="error" if message["level"] == "error" else "warning",
                code=code,
                message=text,
            )
        )
    return (diagnostics, success) if seen_json else None


class CargoBuildParser(ToolParser):
    """``cargo build``, ``cargo check`` (``b``, ``c``), ``cargo rustc`` and plain ``rustc``."""

    NAME = "cargo-build"
    SIGNATURES: ClassVar[tuple[tuple[str, float], ...]] = (
        (r"\s+Compiling \S+ v\d", 0.7),
        (r"\s+Finished .*target\(s\) in", 0.7),
        (r"\s*--> \S+\.rs:\d+:\d+$", 0.8),
        (r"error: could not compile `", 0.9),
    )
    COUNTS_DIAGNOSTICS = True
    PROGRAMS = frozenset({"cargo", "rustc"})
    SUBCOMMANDS = frozenset({"build", "b", "check", "c", "rustc"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        return args[:1] == ("rustc",) or super().matches(argv)

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        args = list(argv)
        if any(a.startswith("--message-format") for a in args) or "rustc" in args[:1]:
            return None
        if "--" in args:
            cut = args.index("--")
            return (*args[:cut], "--message-format=json", *args[cut:])
        return (*args, "--message-format=json")

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        parsed = Parsed()
        from_json = read_rustc_json(lines)
        finished = False
        if from_json is not None:
            parsed.diagnostics, success = from_json
            finished = success is not None
        else:
            parsed.diagnostics, failed = read_rustc_human(lines)
            for crate in failed:
                parsed.collection_errors.append(f"compile error in {crate}")
            finished = bool(failed)
        for line in lines:
            done = _FINISHED.match(line)
            if done:
                finished = True
                parsed.tool_duration_s = float(done.group("secs"))
        if finished:  # the tool closed: every error it found was printed
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
        return parsed


class CargoClippyParser(CargoBuildParser):
    """``cargo clippy``: rustc's diagnostics plus clippy's lints (``clippy::needless_return``)."""

    NAME = "cargo-clippy"
    SIGNATURES = (
        (
            r"\s+= help: for further information visit https://rust-lang\.github\.io/rust-clippy/",
            0.9,
        ),
    )
    COVERS = frozenset({"cargo-build"})
    COUNTS_DIAGNOSTICS = True

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        if args[:1] in (("cargo-clippy",), ("clippy-driver",)):
            return True
        return args[:1] == ("cargo",) and first_word(args[1:]) == "clippy"
