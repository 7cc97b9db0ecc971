"""Each client's hook contract: how its input names the shell command, when a rewrite is
left alone because of the client's own permission rules, and how an answer replaces the
command. The contracts were read from the clients' published packages and checked end to
end against the real CLIs (docs/hooks.md cites them).

A rewrite never widens what the agent may do: prx's command reads only inside the
directory the shell command runs in, and where the client would skip its permission
prompt for prx's command (Claude Code and Codex with ``allow``), a rule the user wrote to
deny or question such commands makes the hook leave the command alone.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["CLIENTS", "HookClient", "ShellCall"]


class ShellCall:
    """The shell command a client is about to run, and the directory it runs in."""

    __slots__ = ("command", "cwd", "program")

    def __init__(self, command: str, cwd: str) -> None:
        self.command, self.cwd = command, cwd
        self.program = command.split(None, 1)[0] if command.split() else ""


def _json_file(path: str) -> Any:
    """A settings file's value; None when absent or unreadable (a client that cannot read
    it either ignores it or refuses to start)."""
    try:
        with open(path, "rb") as handle:
            return json.loads(handle.read(1 << 20))
    except (OSError, ValueError):
        return None


def _rules(settings: Any, *keys: str) -> list[str]:
    found: Any = settings
    for key in keys:
        found = found.get(key) if isinstance(found, Mapping) else None
    return [r for r in found if isinstance(r, str)] if isinstance(found, list) else []


class HookClient:
    """One client's hook contract."""

    #: The name given to ``prx hook`` and ``prx init --client``.
    name = ""
    #: The shell tool's name in the hook input.
    shell_tool = ""

    def shell_call(self, payload: Any) -> ShellCall | str:
        """The shell call in ``payload``, or why there is none to rewrite."""
        if not isinstance(payload, Mapping):
            return "malformed input (not an object)"
        tool = payload.get("tool_name")
        if not isinstance(tool, str):
            return "malformed input (no tool_name)"
        if tool != self.shell_tool:
            return "not the shell tool"
        arguments = payload.get("tool_input")
        if not isinstance(arguments, Mapping):
            return "malformed input (no command or cwd)"
        command = arguments.get("command")
        cwd = payload.get("cwd")
        if not isinstance(command, str) or not isinstance(cwd, str) or not cwd:
            return "malformed input (no command or cwd)"
        return self.where(ShellCall(command, cwd), arguments)

    def where(self, call: ShellCall, arguments: Mapping[str, Any]) -> ShellCall | str:
        """The call as it will run (a client may run it elsewhere than ``cwd``)."""
        return call

    def held_back(self, call: ShellCall, environ: Mapping[str, str]) -> str | None:
        """Why the client's own permission rules keep the command as written, or None."""
        return None

    def answer(self, payload: Mapping[str, Any], command: str) -> str:
        """The hook's stdout that makes the client run ``command`` instead."""
        raise NotImplementedError


def _home(environ: Mapping[str, str]) -> str:
    return environ.get("HOME") or os.path.expanduser("~")


class ClaudeCode(HookClient):
    """Claude Code: ``PreToolUse`` on ``Bash``; ``updatedInput`` (the whole tool input)
    replaces the call, ``permissionDecision: allow`` runs it without a prompt while deny
    and ask rules on the new command still apply (code.claude.com/docs/en/hooks)."""

    name = "claude-code"
    shell_tool = "Bash"

    def held_back(self, call: ShellCall, environ: Mapping[str, str]) -> str | None:
        # ``allow`` would make a deny or ask rule on the original command (``Bash(cat:*)``,
        # ``Read(./.env)``) not apply: with such a rule anywhere, the command runs as written.
        project = environ.get("CLAUDE_PROJECT_DIR") or call.cwd
        files = (
            os.path.join(_home(environ), ".claude", "settings.json"),
            os.path.join(project, ".claude", "settings.json"),
            os.path.join(project, ".claude", "settings.local.json"),
            "/etc/claude-code/managed-settings.json",
        )
        for path in files:
            settings = _json_file(path)
            for kind in ("deny", "ask"):
                if any(_guards_reading(rule) for rule in _rules(settings, "permissions", kind)):
                    return f"Claude Code has {kind} rules on the shell or on reading"
        return None

    def answer(self, payload: Mapping[str, Any], command: str) -> str:
        return _pre_tool_use(payload, command)


def _pre_tool_use(payload: Mapping[str, Any], command: str) -> str:
    """A ``PreToolUse`` answer (Claude Code's, which Codex reads too): the tool's whole
    input with the new command, allowed."""
    return json.dumps(
        {
            "hookSpecificOutput": {
                "hookEventName": "PreToolUse",
                "permissionDecision": "allow",
                "permissionDecisionReason": "prx answers this read-only command",
                "updatedInput": {**payload["tool_input"], "command": command},
            }
        }
    )


def _guards_reading(rule: str) -> bool:
    return rule.split("(", 1)[0].strip() in ("Bash", "Read", "Grep", "Glob")


class GeminiCli(HookClient):
    """Gemini CLI: ``BeforeTool`` on ``run_shell_command``; ``hookSpecificOutput.tool_input``
    is merged over the model's arguments, and the policy check then runs on the new
    command (geminicli.com/docs/hooks/reference)."""

    name = "gemini"
    shell_tool = "run_shell_command"

    def where(self, call: ShellCall, arguments: Mapping[str, Any]) -> ShellCall | str:
        if arguments.get("is_background"):
            return "a background command"
        directory = arguments.get("dir_path")
        if isinstance(directory, str) and directory:
            call.cwd = os.path.join(call.cwd, directory)
        elif directory is not None and not isinstance(directory, str):
            return "malformed input (dir_path)"
        return call

    def held_back(self, call: ShellCall, environ: Mapping[str, str]) -> str | None:
        # The policy check asks about prx's command instead: a user who lets the original
        # program run unasked, but not prx, would be asked (or refused, headless).
        allowed: list[str] = []
        excluded: list[str] = []
        for path in (
            os.path.join(_home(environ), ".gemini", "settings.json"),
            os.path.join(call.cwd, ".gemini", "settings.json"),
        ):
            settings = _json_file(path)
            allowed += _rules(settings, "tools", "allowed")
            excluded += _rules(settings, "tools", "exclude")
        if _names(excluded, "prx"):
            return "Gemini CLI excludes prx"
        if _names(allowed, call.program) and not _names(allowed, "prx"):
            return f"Gemini CLI allows {call.program} without asking, not prx"
        return None

    def answer(self, payload: Mapping[str, Any], command: str) -> str:
        return json.dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": "BeforeTool",
                    "tool_input": {"command": command},
                }
            }
        )


def _names(rules: Iterable[str], program: str) -> bool:
    """Whether a ``run_shell_command(...)`` rule names ``program``."""
    for rule in rules:
        inside = rule.partition("run_shell_command(")[2]
        if inside and inside.rstrip(")").split()[:1] == [program]:
            return True
    return False


class CodexCli(HookClient):
    """Codex CLI: ``PreToolUse`` with the shell as ``Bash`` and ``cwd`` its working
    directory; a rewrite is ``updatedInput`` with ``permissionDecision: allow``, which
    Codex requires (developers.openai.com/codex/hooks)."""

    name = "codex"
    shell_tool = "Bash"

    def held_back(self, call: ShellCall, environ: Mapping[str, str]) -> str | None:
        # ``allow`` skips Codex's approval: an execpolicy rule that forbids or prompts for
        # a command makes the hook leave commands as written.
        home = environ.get("CODEX_HOME") or os.path.join(_home(environ), ".codex")
        for directory in (os.path.join(home, "rules"), os.path.join(call.cwd, ".codex", "rules")):
            try:
                names = sorted(os.listdir(directory))
            except OSError:
                continue
            for name in names:
                if not name.endswith(".rules"):
                    continue
                try:
                    with open(os.path.join(directory, name), encoding="utf-8") as handle:
                        text = handle.read(1 << 20)
                except (OSError, UnicodeDecodeError):
                    return "a Codex rules file prx cannot read"
                if "forbidden" in text or "prompt" in text:
                    return "Codex has rules that forbid or prompt"
        return None

    def answer(self, payload: Mapping[str, Any], command: str) -> str:
        return _pre_tool_use(payload, command)


CLIENTS: dict[str, HookClient] = {
    client.name: client for client in (ClaudeCode(), GeminiCli(), CodexCli())
}
