"""Fault injection: ``prx index`` killed at random points, then built again.

Each round starts a full build in a subprocess and kills it with SIGKILL at a step of its
work chosen at random (seeded: ``PRX_FAULT_SEED``), and then runs ``prx index`` again. A
step is a progress event or a change to the file system (tests/killpoint.py), so a round
kills at the same point of the code on a fast machine and a slow one; the steps a whole
build takes are counted first, and every one of them may be chosen. The next build must
finish (no stale lock, no orphan worker holding it), and the index it leaves must answer
exactly as an index built once, undisturbed, in a fresh copy of the same tree.

``PRX_SOAK=1`` (the ``soak`` nox session) runs many more rounds.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
from pathlib import Path

import killpoint
import pytest

import prx

from envelopes import data_hits, prx_process

pytestmark = pytest.mark.slow  # fault injection

ROUNDS = 40 if os.environ.get("PRX_SOAK") else 4
QUERIES = ("how are ignore files parsed", "GlobPattern", "budget for a read")
#: Seconds a run may take before it counts as a hang (a build here takes a few seconds).
HANG_S = 180


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "PRX_HOME": str(home), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"}


def _prx(args: list[str], cwd: Path, home: Path) -> dict[str, object]:
    envelope = prx_process(args, cwd, home, timeout=HANG_S)
    assert envelope["status"] == "ok", envelope
    return envelope


def _answers(tree: Path, home: Path) -> list[object]:
    """What the index answers, without the fields that name this copy's directory."""
    out: list[object] = []
    for query in QUERIES:
        data = _prx(["search", query, "."], tree, home)["data"]
        assert isinstance(data, dict)
        assert data["index"] == "index", data  # answered from the index, not rebuilt
        out.append([(m["file"], m["line"], m["snippet"]) for m in data_hits(data)])
    stats = _prx(["index", ".", "--stats"], tree, home)["data"]
    assert isinstance(stats, dict)
    out.append((stats["files_indexed"], stats["chunks"]))
    return out


@pytest.fixture
def source_tree(tmp_path: Path) -> Path:
    # prx's own package: a few hundred files, enough for the build to fork its workers.
    tree = tmp_path / "tree"
    # Not named "prx": `python -m prx` run from the tree would import the copy.
    shutil.copytree(Path(prx.__file__).parent, tree / "pkg", ignore=shutil.ignore_patterns("data"))
    return tree


def test_index_killed_at_random_points_recovers_to_a_fresh_build(
    source_tree: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    fresh = tmp_path / "fresh"
    shutil.copytree(source_tree, fresh)
    _prx(["index", "."], fresh, home)
    expected = _answers(fresh, home)
    rebuild = ["index", ".", "--rebuild"]
    steps = killpoint.count_steps(rebuild, fresh, _env(home), timeout=HANG_S)
    assert steps > 10, steps  # progress events and writes: enough points to choose from

    rng = random.Random(int(os.environ.get("PRX_FAULT_SEED", "11")))
    for _ in range(ROUNDS):
        step = rng.randint(1, steps)
        status = killpoint.kill_at(step, rebuild, source_tree, _env(home), timeout=HANG_S)
        assert status in (-signal.SIGKILL, 0), (step, status)
        _prx(["index", "."], source_tree, home)  # must not hang on a lock left behind
    assert _answers(source_tree, home) == expected


def test_a_delta_update_killed_at_random_points_recovers(source_tree: Path, tmp_path: Path) -> None:
    # The update after a few changed files publishes a delta over linked tables: killed
    # anywhere, it leaves the published index whole, and the next update completes.
    home = tmp_path / "home"
    _prx(["index", "."], source_tree, home)
    rng = random.Random(int(os.environ.get("PRX_FAULT_SEED", "13")))
    edited = sorted((source_tree / "pkg").rglob("*.py"))
    update = ["index", "."]
    counted = rng.choice(edited)
    counted.write_text(counted.read_text() + "\n# a change to count an update's steps\n")
    steps = killpoint.count_steps(update, source_tree, _env(home), timeout=HANG_S)
    assert steps > 3, steps
    for round_ in range(ROUNDS):
        target = rng.choice(edited)
        target.write_text(target.read_text() + f"\n# fault round {round_}\n")
        step = rng.randint(1, steps)
        status = killpoint.kill_at(step, update, source_tree, _env(home), timeout=HANG_S)
        assert status in (-signal.SIGKILL, 0), (step, status)
        data = _prx(["index", "."], source_tree, home)["data"]
        assert isinstance(data, dict) and data["status"] in ("updated", "up_to_date")
    fresh = tmp_path / "fresh"
    shutil.copytree(source_tree, fresh, ignore=shutil.ignore_patterns(".prx"))
    _prx(["index", "."], fresh, home)
    assert _answers(source_tree, home) == _answers(fresh, home)
