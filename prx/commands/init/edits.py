"""The text changes ``prx init`` makes, one function per kind of file.

Each takes the file's current text (None when it does not exist) and returns the text it
should have (None: it should not exist). A change that cannot be made without losing
something raises :class:`Refused`; the file is then left as it is.
"""

from __future__ import annotations

import json
import re
from typing import Any

from prx.commands.init import jsonc
from prx.commands.init.targets import SERVER, Client

__all__ = [
    "AGENTS_GUIDE",
    "Refused",
    "json_object",
    "claude_md",
    "agents_md",
    "gitignore",
    "mcp_config",
]

NAME = "prx"
START, END = "<!-- prx:start -->", "<!-- prx:end -->"

#: The usage guide added to AGENTS.md.
AGENTS_GUIDE = """\
## Code tools: prx

Use prx (MCP server `prx mcp`; the same commands on the command line, with `--text` for
the short form) rather than the shell tools: each answer is capped in tokens and costs
less than the shell tool's output.
- `find` (`prx find DIR`) instead of `find`/`ls -R`: the files, ignores honoured.
- `outline` (`prx outline FILE`) before reading a big file, then `read`
  (`prx read FILE --lines A-B`) instead of `cat`/`head`/`sed -n`.
- `search` (`prx search "what the code does"`) for code by meaning; `--literal TEXT`
  instead of `grep -rn`.
- `exists` (`prx exists PATTERN`) for a quick yes/no before a broad search.
- `run` (`prx run -- CMD`) for tests and builds: the failures, not pages of log.
A cut answer says what it left out and how to get it (a `continue` token, a `lines` range).
"""

#: The line that makes Claude Code read AGENTS.md.
CLAUDE_IMPORT = "@AGENTS.md"
GITIGNORE_BLOCK = "# prx's search index (added by prx init)\n.prx/\n"
_IGNORES_PRX = {".prx", ".prx/", "/.prx", "/.prx/", ".prx/*", "/.prx/*", ".prx/**"}


class Refused(Exception):
    """The file cannot be changed without losing something; it is left untouched."""


def json_object(text: str, what: str, *, comments: bool) -> dict[str, Any]:
    """The value of a client's JSON file, refused unless it is an object (and, where
    the client's JSON allows none, without comments); ``what`` prx adds, for the advice."""
    try:
        value, node, has_comments = jsonc.parse(text)
    except jsonc.JsoncError as exc:
        raise Refused(f"not valid JSON ({exc}); fix it or add the {what} by hand") from None
    if node is None:
        raise Refused("the top level is not a JSON object")
    if has_comments and not comments:
        raise Refused("has comments, which this client's JSON does not allow; fix it first")
    return dict(value)


# -- MCP configuration files --------------------------------------------------------------


def continue_yaml() -> str:
    """Continue's block file for prx (prx's own file, written whole)."""
    command, *args = SERVER
    lines = [
        "name: prx",
        "version: 0.0.1",
        "schema: v1",
        "mcpServers:",
        "  - name: prx",
        "    type: stdio",
        f"    command: {command}",
        "    args:",
        *(f"      - {arg}" for arg in args),
    ]
    return "\n".join(lines) + "\n"


def mcp_config(client: Client, old: str | None, *, uninstall: bool) -> str | None:
    """The client's configuration file with prx's entry added (or removed)."""
    if client.format == "yaml":
        return None if uninstall else continue_yaml()
    if client.format == "toml":
        return _toml(client, old, uninstall=uninstall)
    return _json(client, old, uninstall=uninstall)


def _json(client: Client, old: str | None, *, uninstall: bool) -> str | None:
    if old is None or old.strip() == "":
        if uninstall:
            return old
        nested: Any = {NAME: client.entry}
        for key in reversed(client.key):
            nested = {key: nested}
        return json.dumps(nested, indent=2) + "\n"
    value = json_object(old, "entry", comments=client.format != "json")
    servers: Any = value
    for key in client.key:
        servers = servers.get(key) if isinstance(servers, dict) else None
    if uninstall and not (isinstance(servers, dict) and NAME in servers):
        return old
    if not uninstall and isinstance(servers, dict) and _covers(servers.get(NAME), client.entry):
        return old
    try:
        new = (
            jsonc.remove_member(old, client.key, NAME)
            if uninstall
            else jsonc.set_member(old, client.key, NAME, client.entry)
        )
    except jsonc.JsoncError as exc:
        raise Refused(f"cannot add prx's entry: {exc}") from None
    expected = _expected(value, client.key, None if uninstall else client.entry)
    if jsonc.parse(new)[0] != expected:
        raise Refused("cannot be edited without changing other settings; add the entry by hand")
    if uninstall and new != old and jsonc.parse(new)[0] == {} and not jsonc.parse(new)[2]:
        return None  # only prx's entry was there: the file was prx's
    return new


def _covers(existing: Any, entry: Any) -> bool:
    """Whether an entry already in place holds prx's (settings added to it, such as
    ``env`` or a timeout, are the user's: kept)."""
    return isinstance(existing, dict) and all(existing.get(k) == v for k, v in entry.items())


def _expected(value: dict[str, Any], path: tuple[str, ...], entry: Any) -> dict[str, Any]:
    """``value`` with prx's entry set (or removed, with containers left empty)."""
    result = json.loads(json.dumps(value))
    chain = [result]
    for key in path:
        chain.append(chain[-1].setdefault(key, {}))
    if entry is None:
        chain[-1].pop(NAME, None)
        for parent, key in reversed(list(zip(chain[:-1], path, strict=True))):
            if parent[key] == {}:
                del parent[key]
    else:
        chain[-1][NAME] = entry
    return dict(result)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


def _toml_table(client: Client) -> str:
    header = ".".join([*client.key, NAME])
    body = "".join(f"{k} = {_toml_value(v)}\n" for k, v in client.entry.items())
    return f"[{header}]\n{body}"


_HEADER = re.compile(r"^[ \t]*\[\[?([^\]\n]*)\]\]?[ \t]*(?:#.*)?$", re.MULTILINE)


def _toml_blocks(text: str, client: Client) -> list[tuple[int, int]]:
    """Where prx's table and its subtables are: (start, end) offsets of each block.

    A block runs from its header to its last line that is not blank or a comment: the
    comments and blank lines after it (a note on the next table, the end of the file) are
    the user's, kept when prx's table is replaced or removed."""
    ours = [*client.key, NAME]
    headers = [
        (m.start(), [part.strip().strip("\"'") for part in m.group(1).split(".")])
        for m in _HEADER.finditer(text)
    ]
    blocks = []
    for index, (start, parts) in enumerate(headers):
        if parts[: len(ours)] == ours:
            end = headers[index + 1][0] if index + 1 < len(headers) else len(text)
            blocks.append((start, _content_end(text, start, end)))
    return blocks


def _content_end(text: str, start: int, end: int) -> int:
    """The end of the last line of ``text[start:end]`` that is neither blank nor only a
    comment (the header line at least)."""
    lines = text[start:end].splitlines(keepends=True)
    while len(lines) > 1 and _TRAILER.match(lines[-1]):
        lines.pop()
    return start + sum(len(line) for line in lines)


_TRAILER = re.compile(r"[ \t]*(?:#.*)?\r?\n?\Z")


def _toml(client: Client, old: str | None, *, uninstall: bool) -> str | None:
    from prx.core.config import _toml_parser

    toml = _toml_parser()
    if toml is None:
        raise Refused("checking TOML needs Python 3.11 or the tomli package")
    text = old or ""
    try:
        before = toml.loads(text)
    except ValueError as exc:  # TOMLDecodeError
        raise Refused(f"not valid TOML ({exc}); fix it or add the entry by hand") from None
    servers = before
    for key in client.key:
        servers = servers.get(key, {}) if isinstance(servers, dict) else {}
    present = isinstance(servers, dict) and NAME in servers
    if uninstall and not present:
        return old
    if not uninstall and present and _covers(servers[NAME], client.entry):
        return old
    blocks = _toml_blocks(text, client)
    if present and not blocks:
        raise Refused("prx's entry is not a table of its own ([mcp_servers.prx]); edit it by hand")
    if uninstall:
        new = _cut_blocks(text, blocks)
    elif blocks:
        first, end = blocks[0]
        new = _cut_blocks(text, blocks[1:])
        new = new[:first] + _toml_table(client) + new[end:]
    else:
        separator = "" if not text else "\n" if text.endswith("\n") else "\n\n"
        new = text + separator + _toml_table(client)
    try:
        after = toml.loads(new)
    except ValueError:
        raise Refused("cannot be edited without breaking it; add the entry by hand") from None
    if _strip(after) != _strip(_expected(before, client.key, None if uninstall else client.entry)):
        raise Refused("cannot be edited without changing other settings; add the entry by hand")
    if uninstall and new.strip() == "":
        return None
    return new


def _cut_blocks(text: str, blocks: list[tuple[int, int]]) -> str:
    """``text`` without ``blocks``, and without the blank line that separated each from
    the text around it (only one: what stays keeps its own spacing)."""
    for start, end in reversed(blocks):
        after = text[end:]
        if start == 0 and after.startswith("\n"):
            after = after[1:]
        elif text[:start].endswith("\n\n") and (not after or after.startswith("\n")):
            start -= 1
        text = text[:start] + after
    return text


def _strip(value: Any) -> Any:
    """``value`` without empty tables (TOML has no way to tell them from absent ones)."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if v != {}}
    return value


# -- Guidance files ----------------------------------------------------------------------


def _block(body: str) -> str:
    return f"{START}\n{body}{END}\n"


def _set_block(old: str | None, body: str | None) -> str | None:
    """``old`` with prx's marked block set to ``body`` (None: removed)."""
    text = old or ""
    starts, ends = text.count(START), text.count(END)
    if starts or ends:
        if (starts, ends) != (1, 1) or text.index(START) > text.index(END):
            raise Refused(
                f"has {starts} {START} and {ends} {END}: a marker without its pair; "
                "fix the markers by hand"
            )
        start = text.index(START)
        end = text.index(END) + len(END)
        if text[end : end + 1] == "\n":
            end += 1
        if body is not None:
            return text[:start] + _block(body) + text[end:]
        if text[:start].endswith("\n\n"):
            start -= 1
        new = text[:start] + text[end:]
        return None if new.strip() == "" else new
    if body is None:
        return old
    separator = "" if not text else "\n" if text.endswith("\n") else "\n\n"
    return text + separator + _block(body)


def agents_md(old: str | None, *, uninstall: bool) -> str | None:
    """AGENTS.md with prx's usage guide between its markers."""
    return _set_block(old, None if uninstall else AGENTS_GUIDE)


def claude_md(old: str | None, *, uninstall: bool) -> str | None:
    """CLAUDE.md importing AGENTS.md (unless it already does)."""
    if not uninstall and START not in (old or ""):
        lines = (old or "").splitlines()
        if any(line.strip() == CLAUDE_IMPORT for line in lines):
            return old
    return _set_block(old, None if uninstall else CLAUDE_IMPORT + "\n")


def gitignore(old: str | None, *, uninstall: bool) -> str | None:
    """.gitignore with prx's index directory ignored."""
    text = old or ""
    if uninstall:
        if GITIGNORE_BLOCK not in text:
            return old
        start = text.index(GITIGNORE_BLOCK)
        end = start + len(GITIGNORE_BLOCK)
        if text[:start].endswith("\n\n"):
            start -= 1
        new = text[:start] + text[end:]
        return None if new.strip() == "" else new
    if any(line.strip() in _IGNORES_PRX for line in text.splitlines()):
        return old
    separator = "" if not text else "\n" if text.endswith("\n") else "\n\n"
    return text + separator + GITIGNORE_BLOCK
