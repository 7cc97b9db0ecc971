"""The pre-shell hooks ``prx init --hooks`` installs: per client, where its hook settings
live and the entry that runs ``prx hook CLIENT`` before each shell command.

Only clients whose hooks can replace a shell command are listed; docs/hooks.md says what
each client offers and why the others are left out. The entry is added at the end of the
client's list of hooks and removed from it again byte for byte (:func:`jsonc.append_item`).
"""

from __future__ import annotations

from typing import Any

from prx.commands.init import jsonc
from prx.commands.init.edits import Refused, json_object
from prx.core.record import record

__all__ = ["HOOKS", "HookTarget", "hook_config"]

#: Seconds a client waits for the hook (the hook decides in a fraction of that and
#: answers nothing when late: the command then runs as written).
TIMEOUT_SECONDS = 5


@record
class HookTarget:
    """One client's hook settings."""

    #: The client's name (as in ``prx init --client``).
    client: str
    #: The settings file at project scope, relative to the project (None: user only).
    project: str | None
    #: The settings file at user scope, relative to the home directory.
    user: str | None
    #: Keys leading to the list of hook entries.
    path: tuple[str, ...]
    #: prx's entry in that list.
    entry: Any
    #: What else the client needs before the hook runs.
    note: str | None = None


def _command(client: str) -> str:
    return f"prx hook {client}"


HOOKS: dict[str, HookTarget] = {
    target.client: target
    for target in (
        # code.claude.com/docs/en/hooks: "PreToolUse", matcher "Bash", timeout in seconds;
        # settings.local.json is the personal, not committed, project file.
        HookTarget(
            client="claude-code",
            project=".claude/settings.local.json",
            user=".claude/settings.json",
            path=("hooks", "PreToolUse"),
            entry={
                "matcher": "Bash",
                "hooks": [
                    {
                        "type": "command",
                        "command": _command("claude-code"),
                        "timeout": TIMEOUT_SECONDS,
                    }
                ],
            },
        ),
        # geminicli.com/docs/hooks/reference: "BeforeTool", the matcher a regular
        # expression, timeout in milliseconds. A hook command that cannot start exits 127
        # with a message, which Gemini CLI reads as a denial: `|| true` keeps it open.
        HookTarget(
            client="gemini",
            project=".gemini/settings.json",
            user=".gemini/settings.json",
            path=("hooks", "BeforeTool"),
            entry={
                "matcher": "^run_shell_command$",
                "hooks": [
                    {
                        "name": "prx",
                        "type": "command",
                        "command": _command("gemini") + " || true",
                        "timeout": TIMEOUT_SECONDS * 1000,
                    }
                ],
            },
            note="Gemini CLI runs hooks only in a trusted folder (/permissions)",
        ),
        # developers.openai.com/codex/hooks: hooks.json as Claude Code's, the matcher a
        # regular expression, timeout in seconds.
        HookTarget(
            client="codex",
            project=".codex/hooks.json",
            user=".codex/hooks.json",
            path=("hooks", "PreToolUse"),
            entry={
                "matcher": "^Bash$",
                "hooks": [
                    {
                        "type": "command",
                        "command": _command("codex"),
                        "timeout": TIMEOUT_SECONDS,
                        "statusMessage": "prx",
                    }
                ],
            },
            note="Codex CLI runs it once the project is trusted and you approve the hook (/hooks)",
        ),
    )
}


def _ours(item: Any, client: str) -> bool:
    """Whether a list entry is prx's: every hook in it runs ``prx hook CLIENT``."""
    if not isinstance(item, dict):
        return False
    hooks = item.get("hooks")
    return (
        isinstance(hooks, list)
        and bool(hooks)
        and all(
            isinstance(h, dict) and str(h.get("command", "")).startswith(_command(client))
            for h in hooks
        )
    )


def _items(value: Any, path: tuple[str, ...]) -> list[Any] | None:
    for key in path:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, list) else None


def hook_config(target: HookTarget, old: str | None, *, uninstall: bool) -> str | None:
    """The settings file's text with prx's hook added (or removed)."""
    import json

    if old is None or old.strip() == "":
        if uninstall:
            return old
        nested: Any = [target.entry]
        for key in reversed(target.path):
            nested = {key: nested}
        return json.dumps(nested, indent=2) + "\n"
    items = _items(json_object(old, "hook", comments=False), target.path)
    found = [i for i, item in enumerate(items or []) if _ours(item, target.client)]
    try:
        if uninstall:
            new = old
            for index in reversed(found):
                new = jsonc.remove_item(new, target.path, index)
            if new != old and jsonc.parse(new)[0] == {}:
                return None  # only prx's hook was there: the file was prx's
            return new
        if found:
            return old
        return jsonc.append_item(old, target.path, target.entry)
    except jsonc.JsoncError as exc:
        raise Refused(f"cannot add prx's hook: {exc}") from None
