"""Parse .gitignore / .prxignore files and decide whether a path is ignored (gitignore(5))."""

from __future__ import annotations

import os
from collections.abc import Sequence

from prx.core.record import record
from prx.engine.files.globmatch import DIRS, GlobToken
from prx.engine.files.patterns import GlobSet, glob_tokens

__all__ = [
    "IGNORE_FILE_NAMES",
    "IgnoreFile",
    "IgnoreRule",
    "IgnoreStack",
    "find_repo_root",
    "load_ignore_file",
    "root_ignore_stack",
]

# Checked in this order within one directory, so .prxignore can override .gitignore.
IGNORE_FILE_NAMES: tuple[str, ...] = (".gitignore", ".prxignore")

_MAX_REPO_LEVELS = 64


@record(kw_only=False)
class IgnoreRule:
    """One parsed pattern line; ``tokens`` match a path relative to the file's directory."""

    pattern: str
    negated: bool
    dir_only: bool
    anchored: bool
    tokens: tuple[GlobToken, ...]

    @property
    def regex(self) -> str:
        """The rule as a regex for ``re.fullmatch`` (with re.DOTALL)."""
        return "".join(token.regex for token in self.tokens)


def _trim_trailing_spaces(line: str) -> str:
    """Remove trailing spaces unless backslash-escaped (git's trim_trailing_spaces)."""
    end = len(line)
    while end > 0 and line[end - 1] == " ":
        # Count the backslashes before this space: an odd number escapes it.
        slashes = 0
        while end - 2 - slashes >= 0 and line[end - 2 - slashes] == "\\":
            slashes += 1
        if slashes % 2:
            break
        end -= 1
    return line[:end]


def _parse_line(line: str) -> IgnoreRule | None:
    if line.endswith("\r"):
        line = line[:-1]
    if not line or line.startswith("#"):
        return None
    pattern = _trim_trailing_spaces(line)
    negated = pattern.startswith("!")
    if negated:
        pattern = pattern[1:]
    dir_only = pattern.endswith("/")
    if dir_only:
        pattern = pattern[:-1]
    anchored = "/" in pattern
    if anchored and pattern.startswith("/"):
        pattern = pattern[1:]
    if not pattern:
        return None
    tokens = glob_tokens(pattern)
    if not anchored:
        tokens.insert(0, GlobToken(DIRS, "(?:.*/)?"))  # a bare name matches at any depth
    return IgnoreRule(line, negated, dir_only, anchored, tuple(tokens))


def _combine(rules: Sequence[IgnoreRule]) -> tuple[GlobSet | None, tuple[bool, ...]]:
    """One matcher for all rules: the last rule to match is the winner."""
    if not rules:
        return None, ()
    return GlobSet([list(r.tokens) for r in rules]), tuple(r.negated for r in rules)


class IgnoreFile:
    """The rules of one ignore file living in directory ``base`` ('' for the root).

    ``base`` and the paths given to :meth:`match` are '/'-separated and relative to the
    same root (the walk root, or the repository root when used through IgnoreStack).
    """

    __slots__ = (
        "_base_slash",
        "_dir_negated",
        "_dir_re",
        "_file_negated",
        "_file_re",
        "base",
        "rules",
    )

    def __init__(self, text: str, base: str = "") -> None:
        base = base.strip("/")
        self.base = "" if base == "." else base
        self._base_slash = self.base + "/" if self.base else ""
        text = text.removeprefix("\ufeff")  # git skips a UTF-8 BOM
        rules = [r for r in map(_parse_line, text.split("\n")) if r is not None]
        self.rules: tuple[IgnoreRule, ...] = tuple(rules)
        # Directory-only rules never match files, so files get a smaller regex.
        self._dir_re, self._dir_negated = _combine(rules)
        self._file_re, self._file_negated = _combine([r for r in rules if not r.dir_only])

    def __bool__(self) -> bool:
        return bool(self.rules)

    def __repr__(self) -> str:
        return f"IgnoreFile(base={self.base!r}, rules={len(self.rules)})"

    def match(self, rel_path: str, is_dir: bool) -> bool | None:
        """True if ignored, False if re-included by a negation, None if no rule matched."""
        if self._base_slash:
            if not rel_path.startswith(self._base_slash):
                return None
            rel_path = rel_path[len(self._base_slash) :]
        if is_dir:
            regex, negated = self._dir_re, self._dir_negated
        else:
            regex, negated = self._file_re, self._file_negated
        if regex is None:
            return None
        winner = regex.last_match(rel_path)
        if winner is None:
            return None
        return not negated[winner]


class IgnoreStack:
    """Ignore files applying to one directory, shallowest first; deeper files win.

    ``prefix`` is the walk root relative to the files' common root ('' or ending in '/'),
    so files from directories above the walk root can be matched correctly.
    """

    __slots__ = ("files", "prefix")

    def __init__(self, files: Sequence[IgnoreFile] = (), prefix: str = "") -> None:
        self.files: tuple[IgnoreFile, ...] = tuple(files)
        prefix = prefix.strip("/")
        self.prefix = prefix + "/" if prefix else ""

    def push(self, *files: IgnoreFile) -> IgnoreStack:
        """A new stack with ``files`` (from a deeper directory) taking precedence."""
        return IgnoreStack(self.files + files, self.prefix)

    def base_for(self, rel_dir: str) -> str:
        """The ``base`` for an ignore file in walk-relative directory ``rel_dir``."""
        return (self.prefix + rel_dir).rstrip("/")

    def is_ignored(self, rel_path: str, is_dir: bool) -> bool:
        """Whether the walk-relative path is ignored by its own name (parents not checked)."""
        if not self.files:
            return False
        path = self.prefix + rel_path
        for ignore_file in reversed(self.files):
            verdict = ignore_file.match(path, is_dir)
            if verdict is not None:
                return verdict
        return False


#: Ignore files (and ``.git`` files) are read up to this size.
_MAX_IGNORE_BYTES = 4 << 20


def load_ignore_file(path: str, base: str) -> IgnoreFile | None:
    """Read an ignore file; None if it is missing, unreadable or has no rules."""
    from prx.engine.files.text import read_regular

    try:
        # Never a fifo or a device that would block, never through a link.
        data = read_regular(path, _MAX_IGNORE_BYTES)
    except OSError:
        return None
    # surrogateescape keeps non-UTF-8 bytes matching the names os.scandir reports.
    ignore_file = IgnoreFile(data.decode("utf-8", "surrogateescape"), base)
    return ignore_file if ignore_file else None


def find_repo_root(start: str) -> str | None:
    """The nearest directory at or above ``start`` holding a ``.git`` entry (64 levels max)."""
    current = start
    for _ in range(_MAX_REPO_LEVELS):
        if os.path.exists(os.path.join(current, ".git")):
            return current
        parent = os.path.dirname(current)
        if parent == current:
            return None
        current = parent
    return None


def _read_text(path: str) -> str | None:
    from prx.engine.files.text import read_regular

    try:
        # A `.git` file is a line; a fifo named `.git` must not block the walk.
        return read_regular(path, _MAX_IGNORE_BYTES).decode("utf-8", "surrogateescape")
    except OSError:
        return None


def _exclude_path(repo_root: str) -> str | None:
    """Path of the repository's info/exclude, following ``.git`` files (worktrees, submodules)."""
    dot_git = os.path.join(repo_root, ".git")
    if os.path.isdir(dot_git):
        git_dir = dot_git
    else:
        text = _read_text(dot_git)
        if text is None or not text.startswith("gitdir:"):
            return None
        git_dir = os.path.join(repo_root, text[len("gitdir:") :].strip())
        # Linked worktrees keep info/ in the common directory.
        common = _read_text(os.path.join(git_dir, "commondir"))
        if common is not None and common.strip():
            git_dir = os.path.join(git_dir, common.strip())
    return os.path.join(git_dir, "info", "exclude")


def outer_ignore_paths(root: str) -> list[str]:
    """Every file :func:`root_ignore_stack` reads or would read (present or not): a change
    to any of them can change what a walk of ``root`` finds."""
    real_root = os.path.realpath(root)
    repo_root = find_repo_root(real_root)
    if repo_root is None:
        return []
    rel = os.path.relpath(real_root, repo_root).replace(os.sep, "/")
    parts = [] if rel == "." else rel.split("/")
    paths = [os.path.join(repo_root, ".git")]
    exclude = _exclude_path(repo_root)
    if exclude is not None:
        paths.append(exclude)
    for depth in range(len(parts)):
        directory = os.path.join(repo_root, *parts[:depth])
        paths.extend(os.path.join(directory, name) for name in IGNORE_FILE_NAMES)
    return paths


def root_ignore_stack(root: str) -> IgnoreStack:
    """The rules applying at walk root ``root`` from outside it.

    Inside a git repository that is ``.git/info/exclude`` plus the ignore files of every
    directory from the repository root down to (not including) ``root``.
    """
    real_root = os.path.realpath(root)
    repo_root = find_repo_root(real_root)
    if repo_root is None:
        return IgnoreStack()
    rel = os.path.relpath(real_root, repo_root).replace(os.sep, "/")
    parts = [] if rel == "." else rel.split("/")
    files: list[IgnoreFile] = []
    exclude = _exclude_path(repo_root)
    if exclude is not None:
        loaded = load_ignore_file(exclude, "")
        if loaded is not None:
            files.append(loaded)
    for depth in range(len(parts)):
        base = "/".join(parts[:depth])
        directory = os.path.join(repo_root, *parts[:depth])
        for name in IGNORE_FILE_NAMES:
            loaded = load_ignore_file(os.path.join(directory, name), base)
            if loaded is not None:
                files.append(loaded)
    return IgnoreStack(files, "/".join(parts))
