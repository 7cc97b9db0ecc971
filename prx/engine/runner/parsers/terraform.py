"""Terraform: ``validate``, ``plan``, ``apply``, ``init``, ``fmt -check`` (text and ``-json``).

Every ``Error:`` / ``Warning:`` block (boxed with ``│`` in colour mode, bare with ``-no-color``)
is a diagnostic with the file and line of its ``on main.tf line 3`` clause; its message is the
summary and the first paragraph of the detail. A plan lists each resource action
(``terraform_data.a create``); the ``Plan:`` / ``Apply complete!`` line is the headline.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from prx.core.results.run import Diagnostic, Severity
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, first_word, output_lines
from prx.plugin.runner import RawRun

__all__ = ["TerraformParser"]

_HEAD = re.compile(r"^(?P<sev>Error|Warning): (?P<summary>.+?)\s*$")
_ON = re.compile(r"^\s+on (?P<file>.+?) line (?P<line>\d+)(?:, in .*)?:\s*$")
_CHANGE = re.compile(
    r"^\s*# (?P<addr>\S+)(?: \(deposed object \w+\))? (?P<what>will be created|"
    r"will be updated in-place|will be destroyed|must be replaced|will be replaced|"
    r"will be read during apply)"
)
_ACTIONS = {
    "will be created": "create",
    "will be updated in-place": "update",
    "will be destroyed": "delete",
    "must be replaced": "replace",
    "will be replaced": "replace",
    "will be read during apply": "read",
}
_CLOSING = (
    (re.compile(r"^Plan: (?P<t>\d+ to add, \d+ to change, \d+ to destroy)"), "plan: {t}"),
    (re.compile(r"^(?P<t>(?:Apply|Destroy) complete! Resources: .+?)\.?\s*$"), "{t}"),
    (re.compile(r"^No changes\. (?P<t>.+?)\s*$"), "no changes"),
    (re.compile(r"^Success! (?P<t>The configuration is valid)"), "configuration is valid"),
    (re.compile(r"^Terraform has been successfully (?P<t>initialized)!"), "initialized"),
)
_JSON_ACTIONS = {"create": "create", "update": "update", "delete": "delete", "replace": "replace"}


def _unbox(line: str) -> str | None:
    """The text of a line inside terraform's ``╷ │ ╵`` box; None for the box's own edges."""
    stripped = line.strip()
    if stripped in ("╷", "╵"):
        return None
    if line.startswith("│"):
        return line[2:] if line.startswith("│ ") else line[1:]
    return line


def _detail(block: Sequence[str]) -> str:
    """The first paragraph after the location and code snippet of a diagnostic block."""
    text: list[str] = []
    for line in block:
        if not line.strip():
            if text:
                break
            continue
        if line.startswith((" ", "\t")) and not text:
            continue  # "  on main.tf line 3, in ...:" and the snippet
        text.append(line.strip())
    return " ".join(text)


def _diagnostic(severity: str, summary: str, detail: str, rng: Any) -> Diagnostic:
    start = rng.get("start", {}) if isinstance(rng, dict) else {}
    sev: Severity = "error" if severity == "error" else "warning"
    return Diagnostic(
        file=str(rng.get("filename", "")) if isinstance(rng, dict) else "",
        line=start.get("line"),
        column=start.get("column"),
        severity=sev,
        code=None,
        message=f"{summary}: {detail}" if detail else summary,
    )


class TerraformParser(ToolParser):
    """``terraform`` (and OpenTofu's ``tofu``) subcommands."""

    NAME = "terraform"
    PROGRAMS = frozenset({"terraform", "tofu"})

    @classmethod
    def auto_json(cls, argv: Sequence[str]) -> tuple[str, ...] | None:
        sub = first_word(list(argv)[1:])
        if sub not in ("validate", "plan", "apply", "destroy", "refresh") or "-json" in argv:
            return None
        return (*argv, "-json")

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        stdout = raw.stdout.lstrip()
        if stdout.startswith("{"):
            parsed = self._from_json(stdout)
            if parsed is not None:
                return parsed
        return self._from_text(raw, lines)

    @staticmethod
    def _from_text(raw: RawRun, lines: Sequence[str]) -> Parsed:
        parsed = Parsed()
        texts = [_unbox(line) for line in lines]
        body = [t for t in texts if t is not None]
        heads = [i for i, t in enumerate(body) if _HEAD.match(t)]
        recognised = bool(heads)
        for n, start in enumerate(heads):
            head = _HEAD.match(body[start])
            assert head is not None
            end = heads[n + 1] if n + 1 < len(heads) else len(body)
            block = body[start + 1 : end]
            where = next((m for m in map(_ON.match, block[:4]) if m), None)
            severity: Severity = "error" if head.group("sev") == "Error" else "warning"
            detail = _detail(block)
            summary = head.group("summary")
            parsed.diagnostics.append(
                Diagnostic(
                    file=where.group("file") if where else "",
                    line=int(where.group("line")) if where else None,
                    column=None,
                    severity=severity,
                    code=None,
                    message=f"{summary}: {detail}" if detail else summary,
                )
            )
        for text in body:
            change = _CHANGE.match(text)
            if change:
                parsed.items.append(f"{change.group('addr')} {_ACTIONS[change.group('what')]}")
                continue
            for pattern, template in _CLOSING:
                match = pattern.match(text)
                if match:
                    recognised = True
                    parsed.headline = template.format(t=match.group("t"))
        if _is_fmt_check(raw.argv) and raw.exit_code == 3:
            # fmt -check prints only the names of the files it would rewrite.
            for text in body:
                name = text.strip()
                if name and not _HEAD.match(name) and name.endswith((".tf", ".tfvars", ".hcl")):
                    parsed.diagnostics.append(
                        Diagnostic(
                            file=name,
                            line=None,
                            column=None,
                            severity="error",
                            code="fmt",
                            message="not in canonical format (terraform fmt)",
                        )
                    )
            recognised = True
        if recognised:
            parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
        return parsed

    @staticmethod
    def _from_json(stdout: str) -> Parsed | None:
        try:
            whole: Any = json.loads(stdout)
        except ValueError:
            whole = None
        parsed = Parsed()
        if isinstance(whole, dict) and "diagnostics" in whole:  # validate -json
            for item in whole.get("diagnostics") or ():
                parsed.diagnostics.append(
                    _diagnostic(
                        str(item.get("severity")),
                        str(item.get("summary", "")),
                        str(item.get("detail") or ""),
                        item.get("range"),
                    )
                )
            parsed.errors = int(whole.get("error_count", 0))
            parsed.headline = "configuration is valid" if whole.get("valid") else None
            return parsed
        seen = False
        for line in stdout.splitlines():  # plan / apply -json: one message per line
            try:
                item = json.loads(line)
            except ValueError:
                continue
            if not isinstance(item, dict) or "@message" not in item:
                continue
            seen = True
            kind = item.get("type")
            if kind == "diagnostic":
                diag = item.get("diagnostic") or {}
                parsed.diagnostics.append(
                    _diagnostic(
                        str(diag.get("severity")),
                        str(diag.get("summary", "")),
                        str(diag.get("detail") or ""),
                        diag.get("range"),
                    )
                )
            elif kind == "planned_change":
                change = item.get("change") or {}
                addr = (change.get("resource") or {}).get("addr")
                action = _JSON_ACTIONS.get(str(change.get("action")), change.get("action"))
                if addr and action not in ("noop", None):
                    parsed.items.append(f"{addr} {action}")
            elif kind == "change_summary":
                parsed.headline = str(item["@message"]).rstrip(".")
        if not seen:
            return None
        parsed.errors = sum(1 for d in parsed.diagnostics if d.severity == "error")
        return parsed


def _is_fmt_check(argv: Sequence[str]) -> bool:
    from prx.engine.runner.detect import unwrap

    args = unwrap(argv)
    return first_word(args[1:]) == "fmt" and any(a in ("-check", "--check") for a in args)
