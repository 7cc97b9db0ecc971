"""A NUL byte in a patch's file path is a bad argument, not an internal error (issue 26,
class 9), in every place a patch names a file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from prx.testing import CliRun

Run = Callable[..., CliRun]

PATCHES = {
    "update": "*** Begin Patch\n*** Update File: a\x00b.py\n-x = 1\n+x = 2\n*** End Patch\n",
    "add": "*** Begin Patch\n*** Add File: a\x00b.py\n+x = 1\n*** End Patch\n",
    "delete": "*** Begin Patch\n*** Delete File: a\x00b.py\n*** End Patch\n",
    # The move's target is checked even when the hunk does not match.
    "move": (
        "*** Begin Patch\n*** Update File: m.py\n*** Move to: a\x00b.py\n-absent\n+y\n"
        "*** End Patch\n"
    ),
    "unified": "--- a/a\x00b.py\n+++ b/a\x00b.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n",
    "quoted": '--- "a/a\\000b.py"\n+++ "b/a\\000b.py"\n@@ -1 +1 @@\n-x = 1\n+x = 2\n',
}


@pytest.mark.parametrize("kind", sorted(PATCHES))
def test_nul_in_a_patch_path_is_invalid_argument(kind: str, tmp_path: Path, run_cli: Run) -> None:
    (tmp_path / "m.py").write_text("x = 1\n")
    done = run_cli("edit", "--patch", "-", "--apply", cwd=tmp_path, input=PATCHES[kind])
    envelope = done.envelope
    assert envelope["status"] == "error", envelope
    assert envelope["error"]["code"] == "invalid_argument", envelope
    assert "NUL" in envelope["error"]["message"]
    assert done.exit_code == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.py"]
    assert (tmp_path / "m.py").read_text() == "x = 1\n"
