"""prx.engine.files.atomic: text forms kept byte for byte, atomic writes, all-or-nothing changes,
with faults injected at every step (acceptance 2 of issue 14). The text forms on random
files: test_atomic_properties.py."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from prx.core.confined import ConfinedRoot
from prx.core.errors import ConflictError, PermissionDeniedError, PrxError, PrxIOError
from prx.engine.files.atomic import (
    TEMP_MARKER,
    FileChange,
    TextForm,
    apply_changes,
    decode_text,
    encode_text,
    reencode,
    write_atomically,
)


def test_form_of_a_crlf_bom_file() -> None:
    text, form = decode_text(b"\xef\xbb\xbfa\r\nb\r\nc\n")
    assert text == "a\nb\nc\n"
    assert form == TextForm(bom=True, newline="\r\n", final_newline=True, mixed_newlines=True)


def test_encode_keeps_the_final_newline_state() -> None:
    assert encode_text("a\nb\n", TextForm(newline="\r\n", final_newline=False)) == b"a\r\nb"
    assert encode_text("a\nb", TextForm(newline="\r\n", final_newline=True)) == b"a\r\nb\r\n"


def test_reencode_keeps_untouched_lines_of_a_mixed_file() -> None:
    old = b"one\r\ntwo\nthree\r\nfour\r\n"
    new = reencode(old, "one\ntwo\nTHREE\nfour\nfive\n")
    assert new == b"one\r\ntwo\nTHREE\r\nfour\r\nfive\r\n"


def test_write_keeps_mode_and_follows_symlinks(tmp_path: Path) -> None:
    target = tmp_path / "real.py"
    target.write_bytes(b"old\n")
    target.chmod(0o751)
    link = tmp_path / "link.py"
    link.symlink_to(target)
    write_atomically(str(link), b"new\n", root=ConfinedRoot(tmp_path))
    assert link.is_symlink()
    assert target.read_bytes() == b"new\n"
    assert (target.stat().st_mode & 0o777) == 0o751
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.py", "real.py"]


def test_read_only_file_is_permission_denied(tmp_path: Path) -> None:
    target = tmp_path / "ro.py"
    target.write_bytes(b"old\n")
    target.chmod(0o444)
    with pytest.raises(PermissionDeniedError):
        write_atomically(str(target), b"new\n", root=ConfinedRoot(tmp_path))
    assert target.read_bytes() == b"old\n"


def test_temporaries_of_dead_writers_are_never_deleted(tmp_path: Path) -> None:
    # A name like prx's temporaries proves nothing: the file may be the user's (issue 26).
    target = tmp_path / "f.py"
    target.write_bytes(b"old\n")
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    stale = tmp_path / f".f.py{TEMP_MARKER}{dead}-abcd"
    stale.write_bytes(b"partial")
    other = tmp_path / f".g.py{TEMP_MARKER}{dead}-abcd"
    other.write_bytes(b"partial")
    write_atomically(str(target), b"new\n", root=ConfinedRoot(tmp_path))
    assert target.read_bytes() == b"new\n"
    assert stale.read_bytes() == b"partial" and other.read_bytes() == b"partial"


def test_conflict_when_the_file_changed(tmp_path: Path) -> None:
    target = tmp_path / "f.py"
    target.write_bytes(b"changed\n")
    with pytest.raises(ConflictError) as caught:
        apply_changes(
            [FileChange(path=str(target), old=b"old\n", new=b"new\n")], root=ConfinedRoot(tmp_path)
        )
    assert "changed since it was read" in caught.value.message
    assert "Read the file again" in (caught.value.suggestion or "")
    assert target.read_bytes() == b"changed\n"


# -- fault injection: every os call of a write fails in turn --------------------------------

_STEPS = ("open", "write", "fsync", "fchmod", "close", "replace", "unlink")


def _files(tmp_path: Path) -> list[tuple[Path, bytes, bytes]]:
    made = []
    for index, (old, new) in enumerate(
        [(b"a1\n" * 50, b"A1\n" * 70), (b"b2\r\n", b"B2\r\n"), (b"c3", b"C3 longer")]
    ):
        path = tmp_path / f"f{index}.py"
        path.write_bytes(old)
        made.append((path, old, new))
    return made


def _count_calls(monkeypatch: pytest.MonkeyPatch, fail_at: int | None) -> Callable[[], int]:
    """Wrap the os functions the writer uses; the call numbered ``fail_at`` raises OSError."""
    calls = [0]
    for name in _STEPS:
        real = getattr(os, name)

        def wrapped(*args: object, _real: Callable[..., object] = real, **kw: object) -> object:
            calls[0] += 1
            if calls[0] == fail_at:
                raise OSError(5, "injected failure")
            return _real(*args, **kw)

        monkeypatch.setattr(os, name, wrapped)
    return lambda: calls[0]


def _assert_whole(files: list[tuple[Path, bytes, bytes]], tmp_path: Path) -> set[str]:
    states = set()
    for path, old, new in files:
        content = path.read_bytes()
        assert content in (old, new), f"{path.name} is partial: {content[:40]!r}"
        states.add("old" if content == old else "new")
    return states


def test_apply_with_a_failure_at_every_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = tmp_path / "count"
    base.mkdir()
    files = _files(base)
    with monkeypatch.context() as patch:
        total = _count_calls(patch, None)
        apply_changes(
            [FileChange(path=str(p), old=o, new=n) for p, o, n in files], root=ConfinedRoot(base)
        )
        steps = total()
    assert steps > 10
    for fail_at in range(1, steps + 1):
        here = tmp_path / f"run{fail_at}"
        here.mkdir()
        files = _files(here)
        changes = [FileChange(path=str(p), old=o, new=n) for p, o, n in files]
        with monkeypatch.context() as patch:
            _count_calls(patch, fail_at)
            try:
                apply_changes(changes, root=ConfinedRoot(here))
                failed = False
            except PrxError as exc:
                assert isinstance(exc, PrxIOError)
                failed = True
        states = _assert_whole(files, here)
        if failed:
            # A failure before the last rename restores everything.
            assert states == {"old"}, fail_at
        else:
            # The injected call was a cleanup (unlink of nothing): all written.
            assert states == {"new"}, fail_at
        assert not [p.name for p in here.iterdir() if TEMP_MARKER in p.name], fail_at


def test_write_with_a_failure_at_every_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for fail_at in range(1, 8):
        target = tmp_path / f"w{fail_at}.py"
        target.write_bytes(b"old\n" * 100)
        with monkeypatch.context() as patch:
            _count_calls(patch, fail_at)
            try:
                write_atomically(str(target), b"new\n" * 120, root=ConfinedRoot(tmp_path))
            except PrxError:
                pass
        assert target.read_bytes() in (b"old\n" * 100, b"new\n" * 120)
        assert not [p.name for p in tmp_path.iterdir() if TEMP_MARKER in p.name], fail_at


# -- fault injection: the writing process is SIGKILLed after each os call --------------------

_CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from prx.engine.files.atomic import FileChange, apply_changes, write_atomically
    from prx.core.confined import ConfinedRoot

    kill_at = int(sys.argv[1])
    calls = [0]
    for name in {steps!r}:
        real = getattr(os, name)
        def wrapped(*args, _real=real, **kw):
            result = _real(*args, **kw)
            calls[0] += 1
            if calls[0] == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return result
        setattr(os, name, wrapped)
    triples = [arg.split("|") for arg in sys.argv[2:]]
    root = ConfinedRoot(os.path.dirname(triples[0][0]))
    if len(triples) == 1:
        path, _old, new = triples[0]
        write_atomically(path, open(new, "rb").read(), root=root)
    else:
        apply_changes([FileChange(path=p, old=open(o, "rb").read(), new=open(n, "rb").read())
                       for p, o, n in triples], root=root)
    print("steps", calls[0])
    """
).format(steps=_STEPS)


def _run_child(
    files: list[tuple[Path, bytes, bytes]], kill_at: int, scratch: Path
) -> subprocess.CompletedProcess[str]:
    args = []
    for path, old, new in files:
        (scratch / f"{path.name}.old").write_bytes(old)
        (scratch / f"{path.name}.new").write_bytes(new)
        args.append(f"{path}|{scratch / (path.name + '.old')}|{scratch / (path.name + '.new')}")
    return subprocess.run(
        [sys.executable, "-c", _CHILD, str(kill_at), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def _leftovers(directory: Path) -> dict[str, bytes]:
    """The temporaries a killed writer left: name and bytes."""
    return {p.name: p.read_bytes() for p in directory.iterdir() if TEMP_MARKER in p.name}


@pytest.mark.slow  # fault injection
def test_apply_killed_after_every_step(tmp_path: Path) -> None:
    base = tmp_path / "count"
    base.mkdir()
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    done = _run_child(_files(base), 0, scratch)
    assert done.returncode == 0, done.stderr
    steps = int(done.stdout.split()[-1])
    assert steps > 10
    seen = set()
    for kill_at in range(1, steps + 1):
        here = tmp_path / f"kill{kill_at}"
        here.mkdir()
        files = _files(here)
        result = _run_child(files, kill_at, scratch)
        assert result.returncode == -signal.SIGKILL, result.stderr
        seen.add(frozenset(_assert_whole(files, here)))
        # Leftover temporaries are possible only here; prx never deletes them (it cannot
        # prove it made them), and the next write neither fails nor reads them.
        left = _leftovers(here)
        for path, _old, new in files:
            write_atomically(str(path), new, root=ConfinedRoot(here))
            assert path.read_bytes() == new
        assert _leftovers(here) == left, kill_at
    assert frozenset({"old"}) in seen and frozenset({"new"}) in seen


@pytest.mark.slow  # fault injection
def test_write_killed_after_every_step(tmp_path: Path) -> None:
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    base = tmp_path / "count"
    base.mkdir()
    done = _run_child(_files(base)[:1], 0, scratch)
    assert done.returncode == 0, done.stderr
    steps = int(done.stdout.split()[-1])
    assert steps >= 5
    seen = set()
    for kill_at in range(1, steps + 1):
        here = tmp_path / f"kill{kill_at}"
        here.mkdir()
        files = _files(here)[:1]
        result = _run_child(files, kill_at, scratch)
        assert result.returncode == -signal.SIGKILL, result.stderr
        seen |= _assert_whole(files, here)
        left = _leftovers(here)
        write_atomically(str(files[0][0]), files[0][2], root=ConfinedRoot(here))
        assert _leftovers(here) == left, kill_at
    assert seen == {"old", "new"}
