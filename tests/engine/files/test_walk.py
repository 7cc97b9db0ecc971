"""Tests for prx.engine.files.walk and the ignore rules in prx.engine.files.ignore."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from prx.engine.files import walk as walk_module
from prx.engine.files.ignore import IgnoreFile, IgnoreStack, root_ignore_stack
from prx.engine.files.walk import WalkedFile, WalkResult, is_binary, walk

needs_symlinks = pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges")


def make(root: Path, files: dict[str, str | bytes]) -> None:
    """Create files (and their parent directories) under root."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def rels(result: WalkResult) -> list[str]:
    return [f.rel for f in result.files]


# --- IgnoreFile / IgnoreStack -------------------------------------------------------------


def test_ignore_file_basic_rules() -> None:
    rules = IgnoreFile("# comment\n\n*.log\n!keep.log\nbuild/\n/root_only.txt\ndocs/*.tmp\n")
    assert len(rules.rules) == 5
    assert rules.match("a.log", False) is True
    assert rules.match("deep/dir/a.log", False) is True
    assert rules.match("keep.log", False) is False
    assert rules.match("x/keep.log", False) is False
    assert rules.match("a.txt", False) is None
    assert rules.match("build", True) is True
    assert rules.match("x/build", True) is True
    assert rules.match("build", False) is None  # directory-only rule
    assert rules.match("root_only.txt", False) is True
    assert rules.match("sub/root_only.txt", False) is None
    assert rules.match("docs/a.tmp", False) is True
    assert rules.match("x/docs/a.tmp", False) is None  # middle slash anchors too


def test_ignore_file_last_rule_wins() -> None:
    rules = IgnoreFile("!a.txt\n*.txt\n")
    assert rules.match("a.txt", False) is True
    rules = IgnoreFile("*.txt\n!a.txt\n")
    assert rules.match("a.txt", False) is False
    assert rules.match("b.txt", False) is True


def test_ignore_file_escapes_and_whitespace() -> None:
    rules = IgnoreFile("\\#hash\n\\!bang\ntrail   \nspace\\ \n")
    assert rules.match("#hash", False) is True
    assert rules.match("!bang", False) is True
    assert rules.match("trail", False) is True  # unescaped trailing spaces trimmed
    assert rules.match("trail ", False) is None
    assert rules.match("space ", False) is True  # escaped trailing space kept
    assert rules.match("space", False) is None
    # blank-only lines and lone '!' or '/' are not rules
    assert IgnoreFile("   \n!\n/\n").rules == ()


def test_ignore_file_crlf_and_bom() -> None:
    rules = IgnoreFile("\ufeff*.log\r\n!keep.log\r\n")
    assert rules.match("a.log", False) is True
    assert rules.match("keep.log", False) is False


def test_ignore_file_base_directory() -> None:
    rules = IgnoreFile("*.tmp\n/top.txt\n", base="sub/dir")
    assert rules.base == "sub/dir"
    assert rules.match("sub/dir/a.tmp", False) is True
    assert rules.match("sub/dir/x/a.tmp", False) is True
    assert rules.match("a.tmp", False) is None  # outside the file's directory
    assert rules.match("sub/dirx/a.tmp", False) is None
    assert rules.match("sub/dir/top.txt", False) is True
    assert rules.match("sub/dir/x/top.txt", False) is None


def test_ignore_stack_deeper_file_wins() -> None:
    stack = IgnoreStack([IgnoreFile("*.log\n"), IgnoreFile("!keep.log\n", base="sub")])
    assert stack.is_ignored("keep.log", False)
    assert not stack.is_ignored("sub/keep.log", False)
    assert stack.is_ignored("sub/other.log", False)
    assert not stack.is_ignored("sub/x.txt", False)
    assert not IgnoreStack().is_ignored("anything", False)


def test_ignore_stack_prefix() -> None:
    # Rules from a repository root applied to a walk rooted at 'pkg'.
    stack = IgnoreStack([IgnoreFile("/pkg/gen/\n")], prefix="pkg")
    assert stack.prefix == "pkg/"
    assert stack.is_ignored("gen", True)
    assert not stack.is_ignored("other/gen", True)
    assert stack.base_for("a/b") == "pkg/a/b"


# --- walk: ignore files ---------------------------------------------------------------------


def test_nested_gitignore_with_negations(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "*.log\n",
            "a.log": "x",
            "keep.log": "x",
            "sub/.gitignore": "!keep.log\n",
            "sub/keep.log": "x",
            "sub/other.log": "x",
            "sub/deeper/keep.log": "x",
            "sub/x.txt": "x",
        },
    )
    result = walk(tmp_path)
    assert rels(result) == [
        ".gitignore",
        "sub/.gitignore",
        "sub/deeper/keep.log",
        "sub/keep.log",
        "sub/x.txt",
    ]
    assert result.skipped == {"ignored": 3}


def test_directory_only_pattern(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "build/\n",
            "build/out.o": "x",
            "build/more/deep.o": "x",
            "src/build/gen.c": "x",
            "src/build.txt": "x",
            "lib/build": "a file named build is kept",
        },
    )
    result = walk(tmp_path)
    assert rels(result) == [".gitignore", "lib/build", "src/build.txt"]
    assert result.skipped == {"ignored": 2}  # each pruned directory counts once


def test_cannot_reinclude_inside_excluded_directory(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "build/\n!build/keep.txt\n", "build/keep.txt": "x"})
    result = walk(tmp_path)
    assert rels(result) == [".gitignore"]
    assert result.skipped == {"ignored": 1}


def test_anchored_patterns(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "/root_only.txt\ndocs/*.tmp\n",
            "root_only.txt": "x",
            "sub/root_only.txt": "x",
            "docs/a.tmp": "x",
            "sub/docs/a.tmp": "x",
        },
    )
    result = walk(tmp_path)
    assert rels(result) == [".gitignore", "sub/docs/a.tmp", "sub/root_only.txt"]
    assert result.skipped == {"ignored": 2}


def test_gitignore_above_walk_root_in_git_repo(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    make(
        tmp_path,
        {
            ".gitignore": "*.tmp\n/pkg/generated/\n",
            "pkg/.gitignore": "/local.txt\n",
            "pkg/a.py": "x",
            "pkg/a.tmp": "x",
            "pkg/generated/g.py": "x",
            "pkg/sub/generated/g.py": "x",
            "pkg/sub/local.txt": "x",
            "pkg/local.txt": "x",
        },
    )
    result = walk(tmp_path / "pkg")
    assert rels(result) == [".gitignore", "a.py", "sub/generated/g.py", "sub/local.txt"]
    assert result.skipped == {"ignored": 3}


def test_walk_root_several_levels_below_repo_root(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    make(
        tmp_path,
        {
            ".gitignore": "/a/b/c/x.txt\n",
            "a/.gitignore": "b/c/y.txt\n",
            "a/b/.gitignore": "*.z\n!keep.z\n",
            "a/b/c/x.txt": "x",
            "a/b/c/y.txt": "x",
            "a/b/c/w.z": "x",
            "a/b/c/keep.z": "x",
            "a/b/c/ok.txt": "x",
        },
    )
    result = walk(tmp_path / "a" / "b" / "c")
    assert rels(result) == ["keep.z", "ok.txt"]
    assert result.skipped == {"ignored": 3}


def test_parent_gitignore_not_used_outside_git_repo(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "*.tmp\n", "pkg/a.tmp": "x"})
    result = walk(tmp_path / "pkg")
    assert rels(result) == ["a.tmp"]
    assert result.skipped == {}


def test_git_info_exclude(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".git/info/exclude": "# local excludes\nsecret.txt\n",
            "secret.txt": "x",
            "sub/secret.txt": "x",
            "public.txt": "x",
        },
    )
    assert rels(walk(tmp_path)) == ["public.txt"]
    # Also applied when walking a subdirectory, and a .gitignore can override it.
    (tmp_path / "sub" / ".gitignore").write_text("!secret.txt\n")
    result = walk(tmp_path / "sub")
    assert rels(result) == [".gitignore", "secret.txt"]


def test_git_file_pointing_to_gitdir(tmp_path: Path) -> None:
    # Worktrees and submodules have a '.git' file; info/exclude lives in the git dir.
    make(
        tmp_path,
        {
            "store/info/exclude": "excluded.txt\n",
            "work/.git": "gitdir: ../store\n",
            "work/excluded.txt": "x",
            "work/kept.txt": "x",
        },
    )
    result = walk(tmp_path / "work")
    assert rels(result) == ["kept.txt"]
    assert result.skipped == {"ignored": 1}


def test_prxignore_overrides_gitignore(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "*.md\n",
            ".prxignore": "!README.md\nvendor/\n",
            "README.md": "x",
            "notes.md": "x",
            "vendor/lib.py": "x",
            "main.py": "x",
            "sub/.prxignore": "*.py\n",
            "sub/.gitignore": "!*.py\n",
            "sub/a.py": "x",
        },
    )
    result = walk(tmp_path)
    assert rels(result) == [
        ".gitignore",
        ".prxignore",
        "README.md",
        "main.py",
        "sub/.gitignore",
        "sub/.prxignore",
    ]
    assert result.skipped == {"ignored": 3}


def test_honour_ignores_false(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "*.log\nbuild/\n", "a.log": "x", "build/b.o": "x"})
    (tmp_path / ".git").mkdir()
    result = walk(tmp_path, honour_ignores=False)
    assert rels(result) == [".gitignore", "a.log", "build/b.o"]
    assert result.skipped == {}


def test_walk_root_inside_ignored_directory_is_still_walked(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    make(tmp_path, {".gitignore": "node_modules/\n", "node_modules/pkg/index.js": "x"})
    assert rels(walk(tmp_path)) == [".gitignore"]
    assert rels(walk(tmp_path / "node_modules" / "pkg")) == ["index.js"]


# --- walk: what is visited --------------------------------------------------------------------


def test_vcs_and_prx_directories_never_walked(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".git/config": "x",
            ".hg/store": "x",
            ".svn/entries": "x",
            ".prx/index.db": "x",
            "sub/.git": "gitdir: elsewhere\n",
            "sub/.prx/cache": "x",
            "a.txt": "x",
        },
    )
    result = walk(tmp_path)
    assert rels(result) == ["a.txt"]
    assert result.skipped == {}


def test_hidden_files_and_directories_walked(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".github/workflows/ci.yml": "x",
            ".env": "x",
            ".config/.hidden": "x",
        },
    )
    assert rels(walk(tmp_path)) == [".config/.hidden", ".env", ".github/workflows/ci.yml"]


def test_sorted_deterministic_order(tmp_path: Path) -> None:
    names = ["b.txt", "B.txt", "a-b.txt", "a/z.txt", "a/y/x.txt", "a.txt", "_x", "Z/1", "10", "9"]
    make(tmp_path, dict.fromkeys(names, "x"))
    expected = [
        "10",
        "9",
        "B.txt",
        "Z/1",
        "_x",
        "a/y/x.txt",
        "a/z.txt",
        "a-b.txt",
        "a.txt",
        "b.txt",
    ]
    first = walk(tmp_path)
    assert rels(first) == expected
    assert walk(tmp_path) == first


def test_walked_file_fields(tmp_path: Path) -> None:
    make(tmp_path, {"dir/data.txt": "hello"})
    [entry] = walk(str(tmp_path)).files
    assert entry == WalkedFile(tmp_path / "dir" / "data.txt", "dir/data.txt", 5)
    assert entry.path.is_absolute()


def test_relative_root_gives_absolute_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make(tmp_path, {"pkg/a.txt": "x"})
    monkeypatch.chdir(tmp_path)
    [entry] = walk("pkg").files
    assert entry.path == tmp_path / "pkg" / "a.txt"
    assert entry.rel == "a.txt"


# --- walk: skip reasons -------------------------------------------------------------------------


def test_is_binary() -> None:
    assert is_binary(b"abc\0def")
    assert not is_binary(b"plain text\n\xff\xfe")
    assert not is_binary(b"")
    assert not is_binary(b"a" * 8192 + b"\0")  # only the first 8192 bytes count


@needs_symlinks
def test_skip_counts_are_exact(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            ".gitignore": "*.log\nignored_dir/\n",
            "a.log": "x",
            "b.log": "x",
            "ignored_dir/x.txt": "x",
            "bin1.dat": b"\x00\x01\x02",
            "sub/bin2.dat": b"MZ" + b"\x00" * 10,
            "late_nul.txt": b"a" * 9000 + b"\x00",
            "big.txt": "x" * 101,
            "exact.txt": "x" * 100,
            "empty.txt": "",
            "ok.txt": "fine",
        },
    )
    (tmp_path / "link_to_file").symlink_to(tmp_path / "ok.txt")
    (tmp_path / "link_to_dir").symlink_to(tmp_path / "sub", target_is_directory=True)
    (tmp_path / "dangling").symlink_to(tmp_path / "missing")
    result = walk(tmp_path, max_file_size=10_000)
    assert result.skipped == {"ignored": 3, "binary": 2, "symlink": 3}
    result = walk(tmp_path, max_file_size=100)
    assert rels(result) == [".gitignore", "empty.txt", "exact.txt", "ok.txt"]
    assert result.skipped == {"ignored": 3, "binary": 2, "symlink": 3, "too_large": 2}
    result = walk(tmp_path, max_file_size=100, skip_binary=False)
    assert "bin1.dat" in rels(result)
    assert result.skipped == {"ignored": 3, "symlink": 3, "too_large": 2}


@needs_symlinks
def test_symlinks_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    make(outside, {"secret.txt": "x"})
    root = tmp_path / "root"
    make(root, {"a.txt": "x"})
    (root / "out").symlink_to(outside, target_is_directory=True)
    result = walk(root)
    assert rels(result) == ["a.txt"]
    assert result.skipped == {"symlink": 1}


@needs_symlinks
def test_ignored_symlink_counts_as_ignored(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "link\n", "target.txt": "x"})
    (tmp_path / "link").symlink_to(tmp_path / "target.txt")
    assert walk(tmp_path).skipped == {"ignored": 1}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_special_files_skipped(tmp_path: Path) -> None:
    make(tmp_path, {"a.txt": "x"})
    os.mkfifo(tmp_path / "pipe")
    result = walk(tmp_path)
    assert rels(result) == ["a.txt"]
    assert result.skipped == {"special": 1}
    fifo_root = walk(tmp_path / "pipe")
    assert fifo_root.files == ()
    assert fifo_root.skipped == {"special": 1}


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="needs a non-root POSIX user"
)
def test_unreadable_file_and_directory(tmp_path: Path) -> None:
    make(tmp_path, {"locked.txt": "x", "locked_dir/a.txt": "x", "ok.txt": "x"})
    (tmp_path / "locked.txt").chmod(0)
    (tmp_path / "locked_dir").chmod(0)
    try:
        result = walk(tmp_path)
    finally:
        (tmp_path / "locked.txt").chmod(0o644)
        (tmp_path / "locked_dir").chmod(0o755)
    assert rels(result) == ["ok.txt"]
    assert result.skipped == {"unreadable": 2}


def test_unreadable_entries_are_counted_not_raised(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Simulates a file vanishing and a directory that cannot be listed (works as root too).
    make(tmp_path, {"gone.txt": "x", "ok.txt": "x", "dir/a.txt": "x"})
    real_read_head = walk_module._read_head
    real_list_dir = walk_module.list_dir

    def fake_read_head(path: str) -> bytes | None:
        return None if path.endswith("gone.txt") else real_read_head(path)

    def fake_list_dir(path: str) -> list[os.DirEntry[str]] | None:
        return None if path.endswith("dir") else real_list_dir(path)

    monkeypatch.setattr(walk_module, "_read_head", fake_read_head)
    monkeypatch.setattr(walk_module, "list_dir", fake_list_dir)
    result = walk(tmp_path)
    assert rels(result) == ["ok.txt"]
    assert result.skipped == {"unreadable": 2}


def test_vanished_file_between_listing_and_stat(tmp_path: Path) -> None:
    make(tmp_path, {"a.txt": "x", "b.txt": "x"})
    entries = walk_module.list_dir(str(tmp_path))
    assert entries is not None
    (tmp_path / "a.txt").unlink()
    walker = walk_module._Walker(None, 1000, True, True)
    walker.visit_file(entries[0], tmp_path, "a.txt")
    walker.visit_file(entries[1], tmp_path, "b.txt")
    assert [f.rel for f in walker.files] == ["b.txt"]
    assert walker.skipped == {"unreadable": 1}


# --- walk: depth, roots, odd names ------------------------------------------------------------


def test_max_depth(tmp_path: Path) -> None:
    make(tmp_path, {"a.txt": "x", "d/b.txt": "x", "d/e/c.txt": "x", "d/e/f/g.txt": "x"})
    assert rels(walk(tmp_path, max_depth=1)) == ["a.txt"]
    assert rels(walk(tmp_path, max_depth=2)) == ["a.txt", "d/b.txt"]
    assert rels(walk(tmp_path, max_depth=3)) == ["a.txt", "d/b.txt", "d/e/c.txt"]
    assert len(walk(tmp_path, max_depth=10).files) == 4
    # depth pruning is requested by the caller, so it is not a skip
    assert walk(tmp_path, max_depth=1).skipped == {}


@pytest.mark.parametrize("depth", [0, -1])
def test_max_depth_must_be_positive(tmp_path: Path, depth: int) -> None:
    with pytest.raises(ValueError, match="max_depth"):
        walk(tmp_path, max_depth=depth)


def test_file_root(tmp_path: Path) -> None:
    make(tmp_path, {"sub/note.log": "hello", ".gitignore": "*.log\n"})
    result = walk(tmp_path / "sub" / "note.log")
    assert result.files == (WalkedFile(tmp_path / "sub" / "note.log", "note.log", 5),)
    assert result.skipped == {}  # ignores are not applied to an explicit file


def test_file_root_checks_binary_and_size(tmp_path: Path) -> None:
    make(tmp_path, {"blob.bin": b"\x00\x01", "big.txt": "x" * 50})
    binary = walk(tmp_path / "blob.bin")
    assert binary.files == ()
    assert binary.skipped == {"binary": 1}
    assert walk(tmp_path / "blob.bin", skip_binary=False).files[0].size == 2
    large = walk(tmp_path / "big.txt", max_file_size=49)
    assert large.files == ()
    assert large.skipped == {"too_large": 1}


def test_missing_root_raises(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        walk(tmp_path / "nope")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="needs byte file names")
def test_non_utf8_names_and_content(tmp_path: Path) -> None:
    raw_root = os.fsencode(tmp_path)
    with open(os.path.join(raw_root, b"bad\xff.txt"), "wb") as fh:
        fh.write(b"caf\xe9 latin-1 text\n")
    with open(os.path.join(raw_root, b"skip\xfe.tmp"), "wb") as fh:
        fh.write(b"x")
    with open(os.path.join(raw_root, b".gitignore"), "wb") as fh:
        fh.write(b"skip\xfe.tmp\n")
    result = walk(tmp_path)
    assert rels(result) == [".gitignore", os.fsdecode(b"bad\xff.txt")]
    assert result.files[1].size == 18
    assert result.files[1].path.exists()
    assert result.skipped == {"ignored": 1}


def test_root_ignore_stack_outside_repo(tmp_path: Path) -> None:
    stack = root_ignore_stack(str(tmp_path))
    assert stack.files == ()
    assert stack.prefix == ""


def test_two_thousand_file_tree(tmp_path: Path) -> None:
    make(tmp_path, {".gitignore": "*.log\ncache/\n"})
    for d in range(20):
        directory = tmp_path / f"pkg{d:02d}"
        directory.mkdir()
        for i in range(100):
            suffix = ".log" if i % 10 == 0 else ".py"
            (directory / f"m{i:03d}{suffix}").write_text("x = 1\n")
        (directory / "cache").mkdir()
        (directory / "cache" / "c.bin").write_bytes(b"\x00")
    result = walk(tmp_path)
    assert len(result.files) == 1 + 20 * 90
    assert result.skipped == {"ignored": 20 * 10 + 20}
    assert rels(result)[:3] == [".gitignore", "pkg00/m001.py", "pkg00/m002.py"]
    assert rels(result) == sorted(rels(result))  # zero-padded names: plain sort agrees
