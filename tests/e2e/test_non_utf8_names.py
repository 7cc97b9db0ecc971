"""Names that are not UTF-8 (issue #11, item 7): one reversible form, ``\\xNN``, everywhere.

Answers show each byte of a name that is not UTF-8 as the four characters ``\\xNN``;
every command accepts that form back; output stays valid UTF-8 even on a strict UTF-8
stdout (``PYTHONIOENCODING=utf-8``); ``prx index`` indexes such files.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

NAME = b"caf\xe9.py"
SHOWN = "caf\\xe9.py"  # as answers show it, and as an agent types it back


def _prx(args: list[str | bytes], cwd: Path, stdin: bytes | None = None) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable.encode(), b"-m", b"prx", *[os.fsencode(a) for a in args]],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        timeout=120,
        env={
            **os.environ,
            "PRX_DISABLE_PLUGIN_AUTOLOAD": "1",
            "PRX_HOME": str(cwd.parent / "home"),
            "PYTHONIOENCODING": "utf-8",
        },
    )
    assert b"Traceback" not in done.stderr, done.stderr
    return done.returncode, done.stdout.decode("utf-8")  # strict: output is valid UTF-8


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "tree"
    (root / "sub").mkdir(parents=True)
    with open(os.path.join(os.fsencode(root / "sub"), NAME), "wb") as fh:
        fh.write(b"def walk_files():\n    return 1\n")
    (root / "sub" / "plain.py").write_text("def other():\n    pass\n")
    return root


def _paths(envelope: dict[str, object]) -> list[str]:
    data = envelope["data"]
    assert isinstance(data, dict)
    if "flat" in data:
        return [e["path"] for e in data["flat"]]
    if "files" in data:
        return [f["file"] for f in data["files"]]
    if "files" in data:
        return [f["file"] for f in data["files"]]
    return [data["file"]]


@pytest.mark.parametrize("indexed", [False, True])
def test_every_command_shows_one_form_that_read_accepts_back(tree: Path, indexed: bool) -> None:
    if indexed:
        code, out = _prx(["index", "."], tree)
        assert code == 0 and json.loads(out)["status"] == "ok", out
    for args in (
        ["find", ".", "--flat"],
        ["search", "walk files", "."],
        ["search", "walk_files", "."],
        ["search", "walk_files", ".", "--literal"],
        ["outline", "sub"],
        ["exists", "walk_files"],
    ):
        code, out = _prx(args, tree)
        envelope = json.loads(out)
        assert code == 0 and envelope["status"] == "ok", out
        paths = _paths(envelope)
        assert f"sub/{SHOWN}" in paths, (args, paths)
        for path in paths:
            read_code, read_out = _prx(["read", path, "--hash"], tree)
            assert read_code == 0, read_out
    code, out = _prx(["--plain", "find", "."], tree)
    assert code == 0 and SHOWN in out


def test_the_raw_bytes_and_the_shown_form_read_the_same_file(tree: Path) -> None:
    _, raw = _prx(["read", b"sub/" + NAME], tree)
    _, shown = _prx(["read", f"sub/{SHOWN}"], tree)
    assert json.loads(raw)["data"]["meta"]["hash"] == json.loads(shown)["data"]["meta"]["hash"]
    assert json.loads(shown)["data"]["content"]["text"].startswith("def walk_files")


def test_batch_accepts_the_shown_form(tree: Path) -> None:
    line = json.dumps({"cmd": "read", "path": f"sub/{SHOWN}", "hash": True}) + "\n"
    code, out = _prx(["batch"], tree, stdin=line.encode())
    assert code == 0 and json.loads(out)["status"] == "ok", out


def test_a_file_literally_named_with_a_backslash_wins(tree: Path) -> None:
    (tree / "sub" / SHOWN).write_text("literal = True\n")
    _, out = _prx(["read", f"sub/{SHOWN}"], tree)
    assert "literal = True" in json.loads(out)["data"]["content"]["text"]


def test_the_library_returns_names_it_accepts_back(tree: Path) -> None:
    import prx

    flat = prx.find(".", root=tree, view="flat").flat or ()
    (name,) = [e.path for e in flat if e.path.startswith("sub/caf")]
    assert os.fsencode(name) == b"sub/" + NAME
    assert prx.read(name, root=tree).content is not None
