"""Which errors a change added: the checker's errors after, less those before.

Both runs are compared as multisets of (file, code, message): an error the project had
before (a missing dependency, an unrelated bug) is not the change's, however many lines
the change moved it by. Positions named inside a message (``defined at a.rs:12``) are
left out of the comparison for the same reason. When a key is met more often after than
before, the extra ones are taken among those at lines where the key was not before.
After a rename, the new name in a message after is read as the old one: an error the
project had that names the renamed type (``argument of type "URL"``) is not new.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence

from prx.core.results.run import Diagnostic

__all__ = ["error_key", "errors_only", "new_errors"]

_POSITION = re.compile(r"(?::\d+){1,2}\b|\bline \d+\b|\(\d+,\d+\)")


def errors_only(diagnostics: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The errors among ``diagnostics`` (warnings and notes are not what a change breaks)."""
    return [d for d in diagnostics if d.severity == "error"]


def error_key(
    diagnostic: Diagnostic, renamed: tuple[str, str] | None = None
) -> tuple[str, str, str]:
    """What identifies an error across the two runs (``renamed``: (old, new), the new
    name read as the old)."""
    message = _POSITION.sub("", " ".join(diagnostic.message.split()))
    if renamed is not None:
        old, new = renamed
        message = re.sub(r"(?<![\w$])" + re.escape(new) + r"(?![\w$])", old, message)
    return diagnostic.file, diagnostic.code or "", message


def new_errors(
    before: Sequence[Diagnostic],
    after: Sequence[Diagnostic],
    renamed: tuple[str, str] | None = None,
) -> list[Diagnostic]:
    """The errors of ``after`` that ``before`` does not account for, in ``after``'s order."""
    had = Counter(error_key(d) for d in before)
    lines: dict[tuple[str, str, str], set[int | None]] = defaultdict(set)
    for d in before:
        lines[error_key(d)].add(d.line)
    groups: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for index, d in enumerate(after):
        groups[error_key(d, renamed)].append(index)
    chosen: set[int] = set()
    for key, indexes in groups.items():
        extra = len(indexes) - had.get(key, 0)
        if extra <= 0:
            continue
        moved = [i for i in indexes if after[i].line not in lines[key]]
        stayed = [i for i in indexes if after[i].line in lines[key]]
        chosen.update((moved + stayed)[:extra])
    return [after[i] for i in sorted(chosen)]
