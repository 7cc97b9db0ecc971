"""``read --mode``: aggressive (no comments), entropy (no repetition), diff (changes vs HEAD).

Fixes over the original: ``entropy`` never drops blank lines or lines of pure punctuation
(the original dropped every fourth ``}``); ``diff`` runs git from the file's own repository
(the original used the process's cwd) and, with ``--lines``, reports only the changes inside
that range (the original diffed the slice against the whole old file).
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING

from prx.core.errors import InvalidArgumentError

if TYPE_CHECKING:
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["MODES", "aggressive", "apply_mode", "diff_vs_head", "entropy"]

#: Accepted ``--mode`` values.
MODES = ("aggressive", "entropy", "diff")
#: Lines sharing a pattern kept before the rest are dropped.
ENTROPY_KEEP = 3
_DIGITS = re.compile(r"\d+")
_WORD = re.compile(r"[A-Za-z_]")


def aggressive(spec: LanguageSpec | None, text: str) -> str:
    """Comments removed (when the language has a grammar), blank runs collapsed."""
    from prx.engine.lang.strip import collapse_blank_lines, strip_comments

    if spec is None or spec.grammar is None:
        return collapse_blank_lines(text)
    from prx.core.errors import ParseError

    try:
        return strip_comments(spec, text.encode("utf-8"))
    except ParseError:  # no grammar after all: blank lines can still go
        return collapse_blank_lines(text)


def entropy(text: str) -> str:
    """Drop repetitive lines: after :data:`ENTROPY_KEEP` lines with the same shape (digits
    folded), further ones go. Blank lines and lines without a letter always stay."""
    lines = text.split("\n")
    if len(lines) < 10:
        return text
    seen: dict[str, int] = {}
    kept: list[str] = []
    dropped = 0
    for line in lines:
        key = _DIGITS.sub("N", line.strip())
        if key and _WORD.search(key):
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > ENTROPY_KEEP:
                dropped += 1
                continue
        kept.append(line)
    if not dropped:
        return text
    return "\n".join(kept).rstrip("\n") + f"\n\n[prx: {dropped} repetitive lines filtered]\n"


def _head_version(path: str) -> str | None:
    """The file's text at ``HEAD``; None outside a repository or when HEAD has no such
    file. git runs through :mod:`prx.core.safegit`: a layout that leads outside is an error."""
    from prx.core import safegit
    from prx.core.errors import GitError

    directory = os.path.dirname(os.path.abspath(path))
    try:
        layout = safegit.locate(directory)
        if layout is None:
            return None
        rel = os.path.relpath(os.path.realpath(path), os.path.realpath(layout.top))
        # cat-file: the stored bytes, never converted by a textconv or filter.
        shown = safegit.run(layout.top, ["cat-file", "blob", f"HEAD:{rel.replace(os.sep, '/')}"])
    except safegit.UnsafeRepositoryError:
        raise
    except GitError:  # no git, or git failed: the file is shown as it is
        return None
    if shown.returncode != 0:
        return None
    return shown.stdout.decode("utf-8", "replace")


def diff_vs_head(path: str, text: str, start: int, end: int) -> str | None:
    """Changed lines of the file against ``HEAD`` within lines ``start``-``end``, as
    ``+L<n>: line`` / ``-L<n>: line``; None when there is no HEAD version."""
    import difflib

    old = _head_version(path)
    if old is None:
        return None
    old_lines, new_lines = old.split("\n"), text.split("\n")
    out: list[str] = []
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        # A deletion sits between new lines b1 and b1+1; keep it if that point is in range.
        if not (b1 + 1 <= end and max(b2, b1 + 1) >= start):
            continue
        out.extend(f"-L{n + 1}: {old_lines[n].rstrip()}" for n in range(a1, a2))
        out.extend(f"+L{n + 1}: {new_lines[n].rstrip()}" for n in range(b1, b2))
    return "\n".join(out) + "\n" if out else "[no changes vs HEAD]\n"


def apply_mode(
    mode: str,
    spec: LanguageSpec | None,
    path: str,
    full_text: str,
    selected: str,
    start: int,
    end: int,
) -> str:
    """The text ``read`` shows for ``mode``."""
    if mode == "aggressive":
        return aggressive(spec, selected)
    if mode == "entropy":
        return entropy(selected)
    if mode == "diff":
        changed = diff_vs_head(path, full_text, start, end)
        return changed if changed is not None else selected
    raise InvalidArgumentError(
        f"invalid argument {{param}}: expected one of {', '.join(MODES)}, got {mode!r}",
        param="mode",
    )
