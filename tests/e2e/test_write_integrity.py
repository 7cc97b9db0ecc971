"""Every write prx makes lands inside the project and changes only what was asked (issue 26):
no write through a link leading out (class 2), a file changed meanwhile is a conflict
(class 3), the replaced file keeps owner, group, mode and extended attributes (class 4),
temporaries prx did not create are left alone, a lone CR in a line survives its edit, and
re-encoding a big file with mixed line endings is bounded and cancellable (classes 6, 8)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from prx.core.confined import ConfinedRoot
from prx.core.errors import CancelledError, ConflictError, PermissionDeniedError
from prx.core.progress import reporting
from prx.engine.files import filelock, metadata
from prx.engine.files.atomic import TEMP_MARKER, FileChange, apply_changes, reencode
from prx.testing import CliRun

Run = Callable[..., CliRun]
_EDIT_A = ("edit", "a.py", "--find", "x = 1", "--replace", "x = 2", "--apply")
OTHER_UID, OTHER_GID = 12345, 23456


def _envelope(run_cli: Run, root: Path, *args: str, timeout: float = 120) -> dict[str, Any]:
    envelope: dict[str, Any] = run_cli(*args, cwd=root, timeout=timeout).envelope
    return envelope


def _ok(envelope: dict[str, Any]) -> dict[str, Any]:
    assert envelope["status"] == "ok", envelope
    data: dict[str, Any] = envelope["data"]
    return data


def _error(envelope: dict[str, Any], code: str) -> str:
    assert envelope["status"] == "error", envelope
    assert envelope["error"]["code"] == code, envelope
    return str(envelope["error"]["message"])


@pytest.fixture
def layout(tmp_path: Path) -> Iterator[tuple[Path, Path]]:
    """(project, outside): a project and a directory beside it with a victim file."""
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (outside / "victim.py").write_text("x = 1\n")
    yield project, outside


# -- class 2: links out, in every place a write can land -----------------------------------


@pytest.mark.parametrize("how", ["find", "edits", "patch"])
def test_an_edit_never_writes_through_a_link_leading_out(
    layout: tuple[Path, Path], run_cli: Run, how: str
) -> None:
    project, outside = layout
    (project / "link.py").symlink_to("../outside/victim.py")
    if how == "find":
        args = ["edit", "link.py", "--find", "x = 1", "--replace", "x = 2", "--apply"]
    elif how == "edits":
        edits = [{"file": "link.py", "find": "x = 1", "replace": "x = 2"}]
        args = ["edit", "--edits", json.dumps(edits), "--apply"]
    else:
        patch = "*** Begin Patch\n*** Update File: link.py\n-x = 1\n+x = 2\n*** End Patch\n"
        args = ["edit", "--patch", patch, "--apply"]
    envelope = _envelope(run_cli, project, *args)
    assert envelope["status"] == "error", envelope
    assert envelope["error"]["code"] in ("permission_denied", "invalid_argument"), envelope
    assert (outside / "victim.py").read_text() == "x = 1\n"
    assert (project / "link.py").is_symlink()


def test_a_patch_creates_nothing_through_a_directory_link_leading_out(
    layout: tuple[Path, Path], run_cli: Run
) -> None:
    project, outside = layout
    (project / "pkg").symlink_to("../outside")
    patch = "*** Begin Patch\n*** Add File: pkg/new.py\n+y = 1\n*** End Patch\n"
    envelope = _envelope(run_cli, project, "edit", "--patch", patch, "--apply")
    assert envelope["status"] == "error", envelope
    assert sorted(p.name for p in outside.iterdir()) == ["victim.py"]


def test_a_patch_deleting_a_link_deletes_the_link_not_its_target(
    tmp_path: Path, run_cli: Run
) -> None:
    (tmp_path / "real.py").write_text("x = 1\n")
    (tmp_path / "link.py").symlink_to("real.py")
    patch = "*** Begin Patch\n*** Delete File: link.py\n*** End Patch\n"
    _ok(_envelope(run_cli, tmp_path, "edit", "--patch", patch, "--apply"))
    assert not os.path.lexists(tmp_path / "link.py")
    assert (tmp_path / "real.py").read_text() == "x = 1\n"


def test_a_patch_moving_a_link_moves_the_link_not_its_target(tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "real.py").write_text("x = 1\n")
    (tmp_path / "link.py").symlink_to("real.py")
    patch = (
        "*** Begin Patch\n*** Update File: link.py\n*** Move to: moved.py\n"
        "@@\n-x = 1\n+x = 2\n*** End Patch\n"
    )
    _ok(_envelope(run_cli, tmp_path, "edit", "--patch", patch, "--apply"))
    assert not os.path.lexists(tmp_path / "link.py")
    assert (tmp_path / "real.py").read_text() == "x = 1\n"
    assert (tmp_path / "moved.py").read_text() == "x = 2\n"


def test_rename_never_writes_outside_the_project(layout: tuple[Path, Path], run_cli: Run) -> None:
    project, outside = layout
    (outside / "victim.py").write_text("def victim():\n    return 1\n")
    (project / "link.py").symlink_to("../outside/victim.py")
    (project / "pkg").symlink_to("../outside")
    (project / "main.py").write_text("def victim():\n    return 2\n\n\nvictim()\n")
    data = _ok(
        _envelope(
            run_cli, project, "rename", "victim", "hero", ".", "--engine", "syntactic", "--apply"
        )
    )
    assert data["applied"] is True
    assert (project / "main.py").read_text() == "def hero():\n    return 2\n\n\nhero()\n"
    assert (outside / "victim.py").read_text() == "def victim():\n    return 1\n"


def test_a_link_swapped_in_after_the_read_is_refused(layout: tuple[Path, Path]) -> None:
    """The check is made where the write lands, at write time (not on a path string)."""
    project, outside = layout
    target = project / "a.py"
    target.write_text("x = 1\n")
    old = target.read_bytes()
    target.unlink()
    target.symlink_to(outside / "victim.py")  # another process swaps a link in
    with pytest.raises(PermissionDeniedError):
        apply_changes(
            [FileChange(path=str(target), old=old, new=b"x = 2\n")], root=ConfinedRoot(project)
        )
    assert (outside / "victim.py").read_text() == "x = 1\n"
    assert target.is_symlink()


def test_a_directory_link_out_is_never_created_into(layout: tuple[Path, Path]) -> None:
    project, outside = layout
    (project / "sub").symlink_to(outside)
    with pytest.raises(PermissionDeniedError):
        apply_changes(
            [FileChange(path=str(project / "sub" / "new" / "x.py"), old=None, new=b"x\n")],
            root=ConfinedRoot(project),
        )
    assert sorted(p.name for p in outside.iterdir()) == ["victim.py"]


def test_a_link_inside_the_root_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    (tmp_path / "real.py").write_text("x = 1\n")
    (tmp_path / "link.py").symlink_to("real.py")
    apply_changes(
        [FileChange(path=str(tmp_path / "link.py"), old=b"x = 1\n", new=b"x = 2\n")],
        root=ConfinedRoot(tmp_path),
    )
    assert (tmp_path / "link.py").is_symlink()
    assert (tmp_path / "real.py").read_text() == "x = 2\n"


# -- class 3: the compare-and-swap holds the lock ------------------------------------------

_HOLDER = """
import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDONLY)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
time.sleep(30)
"""


def test_a_writer_waits_a_bounded_time_for_the_lock_and_names_its_holder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "a.py"
    target.write_text("x = 1\n")
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        monkeypatch.setattr(filelock, "LOCK_WAIT", 0.3)
        with pytest.raises(ConflictError) as caught:
            apply_changes(
                [FileChange(path=str(target), old=b"x = 1\n", new=b"x = 2\n")],
                root=ConfinedRoot(tmp_path),
            )
        if os.path.exists("/proc/locks"):
            assert f"pid {holder.pid}" in caught.value.message
    finally:
        holder.kill()
        holder.wait(timeout=30)
    assert target.read_text() == "x = 1\n"


def test_a_file_written_by_another_program_during_the_write_is_a_conflict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Between the check and the rename, a program that takes no lock writes the file:
    the rename is refused and that program's bytes stay."""
    target = tmp_path / "a.py"
    target.write_text("x = 1\n")
    real_restore = metadata.restore

    def restore_then_interfere(fd: int, *args: Any) -> list[str]:
        notes = real_restore(fd, *args)
        with open(target, "a") as other:  # in place: same inode, new size
            other.write("y = 1\n")
        return notes

    monkeypatch.setattr("prx.engine.files.atomic.restore", restore_then_interfere)
    with pytest.raises(ConflictError, match="changed while it was being written"):
        apply_changes(
            [FileChange(path=str(target), old=b"x = 1\n", new=b"x = 2\n")],
            root=ConfinedRoot(tmp_path),
        )
    assert target.read_text() == "x = 1\ny = 1\n"
    assert not [p for p in tmp_path.iterdir() if TEMP_MARKER in p.name]


# -- class 4: what the old file had ---------------------------------------------------------

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="chown to another user needs root")


def _xattrs_supported(directory: Path) -> bool:
    probe = directory / ".xattr-probe"
    probe.write_text("")
    try:
        os.setxattr(probe, "user.probe", b"1")
        return True
    except OSError:
        return False
    finally:
        probe.unlink()


@needs_root
def test_edit_keeps_owner_group_mode_and_setuid(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "tool.py"
    target.write_text("x = 1\n")
    os.chown(target, OTHER_UID, OTHER_GID)
    os.chmod(target, 0o6750)
    _ok(
        _envelope(
            run_cli, tmp_path, "edit", "tool.py", "--find", "x = 1", "--replace", "x = 2", "--apply"
        )
    )
    info = target.stat()
    assert target.read_text() == "x = 2\n"
    assert (info.st_uid, info.st_gid) == (OTHER_UID, OTHER_GID)
    assert stat.S_IMODE(info.st_mode) == 0o6750


@needs_root
def test_rename_keeps_owner_and_mode(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "mod.py"
    target.write_text("def old_name():\n    return 1\n")
    os.chown(target, OTHER_UID, OTHER_GID)
    os.chmod(target, 0o640)
    _ok(_envelope(run_cli, tmp_path, "rename", "old_name", "new_name", ".", "--apply"))
    info = target.stat()
    assert "def new_name" in target.read_text()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (OTHER_UID, OTHER_GID, 0o640)


def test_edit_keeps_extended_attributes(tmp_path: Path, run_cli: Run) -> None:
    if not hasattr(os, "setxattr") or not _xattrs_supported(tmp_path):
        pytest.skip(f"no user extended attributes on the file system of {tmp_path}")
    target = tmp_path / "a.py"
    target.write_text("x = 1\n")
    os.setxattr(target, "user.x", b"kept")
    os.setxattr(target, "user.empty", b"")
    _ok(
        _envelope(
            run_cli, tmp_path, "edit", "a.py", "--find", "x = 1", "--replace", "x = 2", "--apply"
        )
    )
    assert target.read_text() == "x = 2\n"
    assert os.getxattr(target, "user.x") == b"kept"
    assert os.getxattr(target, "user.empty") == b""


def _posix_acl(*entries: tuple[int, int, int]) -> bytes:
    """A ``system.posix_acl_access`` value: version 2, then (tag, permissions, id)."""
    import struct

    return struct.pack("<I", 2) + b"".join(struct.pack("<HHI", *e) for e in entries)


def test_edit_keeps_an_access_control_list(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "a.py"
    target.write_text("x = 1\n")
    target.chmod(0o640)
    nobody = 0xFFFFFFFF
    acl = _posix_acl(
        (0x01, 6, nobody),  # owner: rw
        (0x02, 6, OTHER_UID),  # one more user: rw
        (0x04, 4, nobody),  # group: r
        (0x10, 6, nobody),  # mask: rw
        (0x20, 0, nobody),  # others: nothing
    )
    try:
        os.setxattr(target, "system.posix_acl_access", acl)
    except (AttributeError, OSError) as exc:
        pytest.skip(f"no POSIX ACLs on the file system of {tmp_path}: {exc}")
    before = os.getxattr(target, "system.posix_acl_access")
    _ok(_envelope(run_cli, tmp_path, *_EDIT_A))
    assert target.read_text() == "x = 2\n"
    assert os.getxattr(target, "system.posix_acl_access") == before
    assert stat.S_IMODE(target.stat().st_mode) == 0o660  # the group bits show the mask


def test_setuid_is_dropped_when_the_owner_cannot_be_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A writer that may not give the file its owner back (not root) must not leave a
    setuid bit on a file that now belongs to the writer."""
    target = tmp_path / "tool.py"
    target.write_text("x = 1\n")
    os.chmod(target, 0o4755)
    info = target.stat()
    # The old file belongs to someone else, as a non-root writer would see it.
    real_capture = metadata.capture

    def capture_as_other(fd: int, status: os.stat_result, *args: Any) -> metadata.Metadata:
        found = real_capture(fd, status, *args)
        found.uid = info.st_uid + 1
        return found

    def refuse(*_args: object) -> None:
        raise PermissionError(1, "Operation not permitted")

    monkeypatch.setattr("prx.engine.files.atomic.capture", capture_as_other)
    monkeypatch.setattr(os, "fchown", refuse)
    notes = apply_changes(
        [FileChange(path=str(target), old=b"x = 1\n", new=b"x = 2\n")],
        root=ConfinedRoot(tmp_path),
    )
    assert target.read_text() == "x = 2\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o755
    assert any("setuid" in note for note in notes), notes


def test_a_file_with_several_hard_links_is_refused(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "a.py"
    target.write_text("x = 1\n")
    os.link(target, tmp_path / "twin.py")
    message = _error(
        _envelope(
            run_cli, tmp_path, "edit", "a.py", "--find", "x = 1", "--replace", "x = 2", "--apply"
        ),
        "permission_denied",
    )
    assert "hard links" in message
    assert target.read_text() == (tmp_path / "twin.py").read_text() == "x = 1\n"
    assert target.stat().st_nlink == 2


# -- class 8: temporaries, lone CRs --------------------------------------------------------


def test_files_named_like_temporaries_of_a_dead_process_are_left_alone(
    tmp_path: Path, run_cli: Run
) -> None:
    (tmp_path / "f.py").write_text("x = 1\n")
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    mine = tmp_path / f".f.py{TEMP_MARKER}{dead}-abcd"
    mine.write_text("the user's file\n")
    _ok(
        _envelope(
            run_cli, tmp_path, "edit", "f.py", "--find", "x = 1", "--replace", "x = 2", "--apply"
        )
    )
    assert (tmp_path / "f.py").read_text() == "x = 2\n"
    assert mine.read_text() == "the user's file\n"


@pytest.mark.parametrize("newline", [b"\n", b"\r\n"])
def test_a_lone_cr_inside_an_edited_line_survives(
    tmp_path: Path, run_cli: Run, newline: bytes
) -> None:
    target = tmp_path / "data.csv"
    target.write_bytes(b"id,note" + newline + b'1,"two\rlines",old' + newline + b"2,x,y" + newline)
    for find, replace in (('1,"two', 'one,"two'), (",old", ",new")):  # each side of the CR
        _ok(
            _envelope(
                run_cli,
                tmp_path,
                "edit",
                "data.csv",
                "--find",
                find,
                "--replace",
                replace,
                "--apply",
            )
        )
    expected = b"id,note" + newline + b'one,"two\rlines",new' + newline + b"2,x,y" + newline
    assert target.read_bytes() == expected


def test_a_file_whose_lines_end_with_cr_round_trips(tmp_path: Path, run_cli: Run) -> None:
    target = tmp_path / "mac.txt"
    target.write_bytes(b"one\rtwo\rthree\r")
    _ok(
        _envelope(
            run_cli, tmp_path, "edit", "mac.txt", "--find", "two", "--replace", "2", "--apply"
        )
    )
    assert target.read_bytes() == b"one\r2\rthree\r"


# -- class 6: re-encoding is bounded and cancellable ---------------------------------------


def _mixed_file(lines: int) -> bytes:
    bodies = ["x = 1", "", "return value", "pass"]
    return b"".join(
        (bodies[i % 4] + ("\r\n" if i % 3 == 0 else "\n")).encode() for i in range(lines)
    )


def test_replace_all_in_a_big_file_with_mixed_endings_finishes(
    tmp_path: Path, run_cli: Run
) -> None:
    target = tmp_path / "big.py"
    old = _mixed_file(20_000)
    target.write_bytes(old)
    args = ("edit", "big.py", "--find", "x = 1", "--replace", "x = 2", "--all")
    # A hang guard, not a timing assertion: the quadratic alignment took minutes.
    dry = _ok(_envelope(run_cli, tmp_path, *args, timeout=60))
    assert dry["total_replacements"] == 5000
    _ok(_envelope(run_cli, tmp_path, *args, "--apply", timeout=60))
    # Untouched lines keep their own ending; changed ones take the majority ("\n").
    expected = b"".join(
        line.replace(b"x = 1", b"x = 2").rstrip(b"\r\n") + b"\n" if b"x = 1" in line else line
        for line in old.splitlines(keepends=True)
    )
    assert target.read_bytes() == expected


def test_reencode_stops_when_cancelled() -> None:
    old = _mixed_file(2_000)
    new = old.decode().replace("\r\n", "\n").replace("pass", "skip")
    cancel = threading.Event()
    cancel.set()
    with reporting(None, cancel=cancel), pytest.raises(CancelledError):
        reencode(old, new)


def test_reencode_of_shuffled_repetitive_lines_is_exact() -> None:
    """Whatever the alignment chooses, the text is the new text and unchanged lines of
    the common ends keep their bytes."""
    old = _mixed_file(3_000)
    lines = old.decode().replace("\r\n", "\n").split("\n")
    lines[1500:1500] = ["inserted"] * 50
    del lines[200:260]
    new_text = "\n".join(lines)
    started = time.monotonic()
    out = reencode(old, new_text)
    assert out.decode().replace("\r\n", "\n") == new_text
    assert out[:100] == old[:100] and out[-100:] == old[-100:]
    assert time.monotonic() - started < 60  # a hang guard
