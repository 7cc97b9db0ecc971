"""A shell command line as words, when it is one simple command the hook may read.

Anything the shell would expand or connect (pipes, redirections, lists, substitutions,
variables, globs, brace and tilde expansion, history, comments, assignments) makes the
line something else than the words it spells: such a line is left to the shell.
"""

from __future__ import annotations

import shlex

__all__ = ["words"]

#: Characters with a meaning to the shell outside quotes.
_SPECIAL = frozenset("|&;<>()$`\\*?[]{}~!#\n\r")
#: ... and inside double quotes.
_SPECIAL_QUOTED = frozenset("$`\\!")


def words(command: str) -> list[str] | str:
    """The words of ``command``, or why it is not one simple command of plain words."""
    quote = ""
    for char in command:
        if quote == "'":
            if char == "'":
                quote = ""
        elif quote == '"':
            if char == '"':
                quote = ""
            elif char in _SPECIAL_QUOTED:
                return f"shell syntax ({char!r} inside double quotes)"
        elif char in "'\"":
            quote = char
        elif char in _SPECIAL:
            return f"shell syntax ({char!r})"
    if quote:
        return "unbalanced quotes"
    try:
        split = shlex.split(command)
    except ValueError as exc:
        return f"unreadable command line ({exc})"
    if not split:
        return "empty command"
    if "=" in split[0]:
        return "a variable assignment before the command"
    return split
