"""The git side of ``prx diff``: argv lists only, outputs read as bytes and bounded.

Every command is built by :mod:`prx.core.safegit` (nothing the repository's configuration names
runs, no index write, the repository's layout checked), with ``-c core.quotepath=off``,
``GIT_LITERAL_PATHSPECS=1`` (a path is a path, never a glob) and ``LC_ALL=C``. The diff
itself is one ``git diff --raw -p -z`` call: the NUL-separated raw part gives each file's
status, modes, blobs and exact paths; the patch part, read as a stream up to
:data:`PATCH_BYTES_MAX`, gives the hunks.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence

from prx.commands.diff.model import FilePatch, Hunk
from prx.core.errors import GitError, InvalidArgumentError

TYPE_CHECKING = False
if TYPE_CHECKING:
    import subprocess
    import threading
    from typing import IO

__all__ = [
    "PATCH_BYTES_MAX",
    "GIT_TIMEOUT",
    "blobs",
    "diff_patches",
    "has_head",
    "repository_top",
    "untracked_count",
    "verify_revision",
]

#: Seconds a git command may take before it is stopped.
GIT_TIMEOUT = 120.0
#: Bytes of patch text read; the hunks of the files after that are not read.
PATCH_BYTES_MAX = 16 * 1024 * 1024
_ZERO_SHA = re.compile(r"^0+$")
_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")
_SUBPROJECT = re.compile(rb"^([-+])Subproject commit ([0-9a-f]+)")
_STATUS = {
    "A": "added",
    "D": "deleted",
    "M": "modified",
    "R": "renamed",
    "C": "copied",
    "T": "type_changed",
    "U": "unmerged",
}
_NO_GIT_HINT = "Compare two files without git with {param:no_index}."


#: prx's own additions to the safe environment.
_ENV = {"LC_ALL": "C", "GIT_LITERAL_PATHSPECS": "1"}


def _command(cwd: str, args: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """The safe argv and environment of ``git ARGS`` (see :mod:`prx.core.safegit`)."""
    from prx.core import safegit

    words, env = safegit.command(cwd, args, extra_env=_ENV, hint=_NO_GIT_HINT)
    return [words[0], "-c", "core.quotepath=off", *words[1:]], env


def _git(cwd: str, *words: str) -> subprocess.CompletedProcess[bytes]:
    """A short git command's result (rev-parse and the like)."""
    from prx.core import safegit

    argv, env = _command(cwd, words)
    return safegit.spawn(cwd, argv, env, timeout=GIT_TIMEOUT, hint=_NO_GIT_HINT)


def _failure(step: str, stderr: bytes) -> GitError:
    """The error of a git command that exited with a failure."""
    line = _stderr_line(stderr)
    if line.startswith("fatal: transport '") and line.endswith("not allowed"):
        # A partial clone's lazy fetch: prx's git never connects (prx.core.safegit).
        return GitError(
            f"git {step} failed: {line}: it needs an object this partial clone has not "
            "fetched, and prx does not let git connect to a remote",
            suggestion="Run the same git command yourself (git fetches the object), then "
            f"ask again. {_NO_GIT_HINT}",
        )
    return GitError(f"git {step} failed: {line}", suggestion=_NO_GIT_HINT)


def _stderr_line(raw: bytes) -> str:
    lines = [line.strip() for line in raw.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines[0] if lines else "no message"


def repository_top(cwd: str) -> str:
    """The top directory of the repository ``cwd`` is in; GitError outside one, or when
    its layout leads git outside it (:func:`prx.core.safegit.locate`)."""
    from prx.core import safegit

    layout = safegit.locate(cwd, hint=_NO_GIT_HINT)
    if layout is None:
        raise GitError(
            f"not a git repository: {cwd} (nor any of its parents)",
            suggestion=f"Run it inside a git repository. {_NO_GIT_HINT}",
        )
    return layout.top


def has_head(top: str) -> bool:
    """Whether the repository has a commit yet."""
    return _git(top, "rev-parse", "--verify", "--quiet", "HEAD^{commit}").returncode == 0


def verify_revision(top: str, revision: str) -> None:
    """Raise InvalidArgumentError unless ``revision`` names a commit."""
    if revision.startswith("-") or not revision.strip():
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {revision!r} is not a revision", param="revision"
        )
    done = _git(
        top, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}"
    )
    if done.returncode != 0:
        raise InvalidArgumentError(
            f"invalid argument {{param}}: unknown revision {revision!r}",
            param="revision",
            suggestion="Give a commit, branch or tag (git log lists them), "
            "or A..B for the changes from A to B.",
        )


def empty_tree(top: str) -> str:
    """The id of the empty tree in this repository's hash (the base before any commit)."""
    done = _git(top, "hash-object", "-t", "tree", "/dev/null")
    if done.returncode != 0:
        raise _failure("hash-object", done.stderr)
    return done.stdout.decode().strip()


class _Stream:
    """A child process's stdout read in chunks: NUL-terminated tokens, lines, or bytes."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stdout is not None
        self._out = proc.stdout
        self._buffer = b""
        self._at = 0  # where the unread part of the buffer starts
        self._eof = False
        #: Bytes handed out so far.
        self.consumed = 0

    def _fill(self) -> bool:
        if self._eof:
            return False
        chunk = self._out.read1(1 << 16)  # type: ignore[attr-defined]
        if not chunk:
            self._eof = True
            return False
        self._buffer = self._buffer[self._at :] + chunk
        self._at = 0
        return True

    def _take(self, end: int, skip: int) -> bytes:
        piece = self._buffer[self._at : end]
        self.consumed += end + skip - self._at
        self._at = end + skip
        return piece

    def _until(self, delimiter: bytes) -> bytes | None:
        start = self._at
        while True:
            found = self._buffer.find(delimiter, start)
            if found >= 0:
                return self._take(found, 1)
            start = len(self._buffer) - self._at
            if not self._fill():
                return self._take(len(self._buffer), 0) if self._at < len(self._buffer) else None
            # _fill moved the unread part to the front: search on from where it stopped.

    def exactly(self, size: int) -> bytes:
        """The next ``size`` bytes (fewer at the end of the output)."""
        while len(self._buffer) - self._at < size and self._fill():
            pass
        return self._take(min(len(self._buffer), self._at + size), 0)

    def token(self) -> bytes | None:
        return self._until(b"\0")

    def line(self) -> bytes | None:
        return self._until(b"\n")


def _raw_entries(stream: _Stream) -> list[FilePatch]:
    """The raw part: ``:om nm osha nsha S[score]\\0path\\0[path\\0]``, ended by an empty token."""
    patches: list[FilePatch] = []
    while True:
        head = stream.token()
        if head is None or not head.startswith(b":"):
            return patches
        fields = head[1:].decode("ascii", "replace").split()
        if len(fields) < 5:
            return patches
        old_mode, new_mode, old_sha, new_sha, code = fields[:5]
        letter = code[:1]
        first = stream.token() or b""
        # A rename or copy names the old path, then the new one; other entries one path.
        second = (stream.token() or b"") if letter in ("R", "C") else first
        score = code[1:]
        patches.append(
            FilePatch(
                status=_STATUS.get(letter, "modified"),
                old_path=os.fsdecode(first),
                new_path=os.fsdecode(second),
                old_mode=old_mode,
                new_mode=new_mode,
                old_sha="" if _ZERO_SHA.match(old_sha) else old_sha,
                new_sha="" if _ZERO_SHA.match(new_sha) else new_sha,
                similarity=int(score) if letter in ("R", "C") and score.isdigit() else None,
            )
        )


def c_quoted(name: bytes) -> bytes:
    """``name`` as git writes it in a patch header with ``core.quotepath=off``."""
    special = {7: b"\\a", 8: b"\\b", 9: b"\\t", 10: b"\\n", 11: b"\\v", 12: b"\\f", 13: b"\\r"}
    if not any(b < 0x20 or b in (0x22, 0x5C, 0x7F) for b in name):
        return name
    out = bytearray(b'"')
    for b in name:
        if b in special:
            out += special[b]
        elif b in (0x22, 0x5C):
            out += b"\\" + bytes([b])
        elif b < 0x20 or b == 0x7F:
            out += b"\\%03o" % b
        else:
            out.append(b)
    return bytes(out + b'"')


def _header(patch: FilePatch) -> bytes:
    old = c_quoted(b"a/" + os.fsencode(patch.old_path))
    new = c_quoted(b"b/" + os.fsencode(patch.new_path))
    return b"diff --git " + old + b" " + new


def _read_hunks(stream: _Stream, patches: list[FilePatch], limit: int) -> None:
    """The patch part: each ``diff --git`` section's hunks onto its raw entry."""
    headers = {id(p): _header(p) for p in patches}
    index = -1  # the entry the lines belong to
    current: Hunk | None = None
    pending = 0  # the next entry a section may belong to
    while True:
        if stream.consumed > limit:
            # The file being read keeps the hunks read so far; it and the rest are incomplete.
            for patch in patches[max(index, pending) if index < 0 else index :]:
                patch.complete = False
            return
        line = stream.line()
        if line is None:
            return
        if line.startswith(b"diff --git ") or line.startswith(b"diff --cc "):
            current = None
            index = -1
            for candidate in range(pending, len(patches)):
                if headers[id(patches[candidate])] == line:
                    index, pending = candidate, candidate + 1
                    break
            else:
                # A type change (file to symbolic link) is two sections under one header.
                if pending and headers[id(patches[pending - 1])] == line:
                    index = pending - 1
            continue
        if index < 0:
            continue
        patch = patches[index]
        if line.startswith(b"@@"):
            found = _HUNK.match(line)
            if found is not None:
                a, b, c, d = found.groups()
                current = Hunk(int(a), int(b or 1), int(c), int(d or 1))
                patch.hunks.append(current)
            continue
        if current is None:
            if line.startswith(b"Binary files ") and line.endswith(b" differ"):
                patch.binary = True
            continue
        text = line[1:].decode("utf-8", "replace").rstrip("\r")
        if line.startswith(b"-"):
            current.removed.append(text)
            patch.removed_lines += 1
        elif line.startswith(b"+"):
            current.added.append(text)
            patch.added_lines += 1
        if patch.is_submodule:
            sub = _SUBPROJECT.match(line)
            if sub is not None:
                before, after = patch.submodule or (None, None)
                commit = sub.group(2).decode()
                patch.submodule = (commit, after) if sub.group(1) == b"-" else (before, commit)


def _watchdog(proc: subprocess.Popen[bytes]) -> threading.Timer:
    """A timer that kills ``proc`` when it runs past :data:`GIT_TIMEOUT`."""
    import threading

    timer = threading.Timer(GIT_TIMEOUT, proc.kill)
    timer.daemon = True
    timer.start()
    return timer


def _popen(
    top: str, args: Sequence[str], stdin: IO[bytes] | None = None
) -> tuple[subprocess.Popen[bytes], IO[bytes]]:
    """A git process whose stdout is read as a stream (stderr goes to a temporary file, so
    that many warnings cannot fill a pipe and stall it); ``stdin``: a file, else nothing."""
    import subprocess
    import tempfile

    argv, env = _command(top, args)
    errors = tempfile.TemporaryFile()
    try:
        proc = subprocess.Popen(
            argv,
            cwd=top,
            env=env,
            stdin=subprocess.DEVNULL if stdin is None else stdin,
            stdout=subprocess.PIPE,
            stderr=errors,
        )
    except FileNotFoundError:
        errors.close()
        raise GitError(
            "git is not installed (no `git` program on the PATH)",
            suggestion=f"Install git. {_NO_GIT_HINT}",
        ) from None
    return proc, errors


def _finish(proc: subprocess.Popen[bytes], errors: IO[bytes], what: str, *, stopped: bool) -> None:
    """Wait for ``proc`` (killed first when the reading ``stopped`` early); raise on failure."""
    if stopped:
        proc.kill()
    assert proc.stdout is not None
    proc.stdout.close()
    code = proc.wait()
    errors.seek(0)
    message = errors.read(4096)
    errors.close()
    if code != 0 and not stopped:
        if code < 0:
            raise GitError(f"git {what} was stopped after {GIT_TIMEOUT:.0f} seconds")
        raise _failure(what, message)


def diff_patches(
    top: str,
    *,
    revisions: Sequence[str],
    staged: bool,
    paths: Sequence[str],
    limit: int = PATCH_BYTES_MAX,
) -> list[FilePatch]:
    """Every changed file between the sides ``revisions`` / ``staged`` name, under ``paths``
    (relative to ``top``), with its hunks (those after ``limit`` bytes of patch: not read)."""
    args = [
        "diff",
        "--raw",
        "-p",
        "-z",
        "-M",
        "-U0",
        "--no-abbrev",
        "--no-ext-diff",
        "--no-color",
        "--no-textconv",
        "--no-relative",
        "--src-prefix=a/",
        "--dst-prefix=b/",
    ]
    if staged:
        args.append("--cached")
    args += ["--end-of-options", *revisions, "--", *paths]
    proc, errors = _popen(top, args)
    timer = _watchdog(proc)
    stream = _Stream(proc)
    try:
        patches = _raw_entries(stream)
        _read_hunks(stream, patches, limit)
        stopped = stream.consumed > limit
    finally:
        timer.cancel()
    _finish(proc, errors, "diff", stopped=stopped)
    return patches


def blobs(top: str, shas: Sequence[str], max_size: int, total: int) -> dict[str, bytes]:
    """The content of each blob of ``shas`` not larger than ``max_size`` bytes, until
    ``total`` bytes are held (the rest is read past, not kept)."""
    import tempfile

    wanted = list(dict.fromkeys(s for s in shas if s))
    if not wanted:
        return {}
    with tempfile.TemporaryFile() as requests:
        requests.write(b"".join(s.encode() + b"\n" for s in wanted))
        requests.seek(0)
        proc, errors = _popen(top, ["cat-file", "--batch"], stdin=requests)
    timer = _watchdog(proc)
    stream = _Stream(proc)
    found: dict[str, bytes] = {}
    held = 0
    try:
        for sha in wanted:
            head = stream.line()
            if head is None:
                break
            fields = head.split()
            if len(fields) < 3 or fields[1] == b"missing":
                continue
            size = int(fields[2])
            content = stream.exactly(size + 1)[:size]
            if size <= max_size and held + size <= total:
                found[sha] = content
                held += size
    finally:
        timer.cancel()
    _finish(proc, errors, "cat-file", stopped=True)
    return found


def untracked_count(top: str, paths: Sequence[str], cap: int = 100_000) -> int:
    """How many untracked, not ignored files lie under ``paths`` (counting stops at ``cap``)."""
    proc, errors = _popen(top, ["ls-files", "-z", "--others", "--exclude-standard", "--", *paths])
    timer = _watchdog(proc)
    stream = _Stream(proc)
    count = 0
    try:
        while count < cap and stream.token() is not None:
            count += 1
    finally:
        timer.cancel()
    try:
        _finish(proc, errors, "ls-files", stopped=count >= cap)
    except GitError:
        return 0  # only a note depends on it
    return count


def iter_lines(data: bytes) -> Iterator[str]:
    """Lines of a file's content as text."""
    for line in data.decode("utf-8", "replace").split("\n"):
        yield line.rstrip("\r")
