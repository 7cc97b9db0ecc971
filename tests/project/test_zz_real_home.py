"""Runs last (conftest orders ``test_zz_*`` files after the rest): the suite so far wrote
nothing into the user's real ``~/.prx`` nor into the PRX_HOME it was started with.

conftest points HOME, PRX_HOME and the XDG folders into a temporary directory before
anything reads them, and snapshots the real ones first (names, sizes, modification times);
the same comparison runs again when the session ends, after every fixture's teardown.
"""

from __future__ import annotations

import os
from pathlib import Path


def test_the_real_prx_home_was_not_touched(real_home_changes: list[str]) -> None:
    assert real_home_changes == []


def test_every_test_runs_with_a_temporary_home() -> None:
    import tempfile

    temporary = Path(tempfile.gettempdir()).resolve()
    for variable in ("HOME", "PRX_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        assert temporary in Path(os.environ[variable]).resolve().parents, variable
