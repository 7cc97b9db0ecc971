"""A rename that finds places it cannot tie to the definition in files another process
changed while it read them answers ``conflict`` (run it again), not ``ambiguous_match``:
the files it saw were not one state of the project."""

from __future__ import annotations

import pytest

import prx
import prx.commands.rename.rename as rename_module
from prx.core.errors import AmbiguousMatchError, ConflictError

FILES = {
    "jobs.py": "class Job:\n    def run_job(self):\n        return 1\n",
    "use.py": "def go(x):\n    return x.run_job()\n",  # a receiver of unknown type: unsure
    # ... as another class answers to ``run_job`` too.
    "other.py": "class Other:\n    def run_job(self):\n        return 2\n",
}


def test_unsure_places_in_unchanged_files_are_refused_as_ambiguous(make_repo):
    repo = make_repo(FILES)
    with pytest.raises(AmbiguousMatchError):
        prx.rename("Job.run_job", "run_task", ".", apply=True, root=repo)
    assert (repo / "jobs.py").read_text() == FILES["jobs.py"]


def test_unsure_places_in_files_changed_meanwhile_are_a_conflict(make_repo, monkeypatch):
    repo = make_repo(FILES)
    plan = rename_module._plan

    def plan_then_another_writer(candidate, *args, **kwargs):  # type: ignore[no-untyped-def]
        plan(candidate, *args, **kwargs)
        (repo / "use.py").write_text(FILES["use.py"] + "# edited meanwhile\n")

    monkeypatch.setattr(rename_module, "_plan", plan_then_another_writer)
    with pytest.raises(ConflictError, match="changed while the rename read"):
        prx.rename("Job.run_job", "run_task", ".", apply=True, root=repo)
    assert (repo / "jobs.py").read_text() == FILES["jobs.py"]  # nothing written


def test_a_file_swapped_for_a_link_after_the_walk_is_not_read(make_repo, monkeypatch, tmp_path):
    # Another process replaces a walked file by a link to a file outside the root between
    # the walk and the read: the rename does not read (or show) what the link leads to.
    import prx.engine.files.walk as walk_module

    outside = tmp_path / "outside.py"
    outside.write_text("def go(secret):\n    return secret.run_job()\n")
    repo = make_repo(FILES)
    walk = walk_module.walk

    def walk_then_swap(*args, **kwargs):  # type: ignore[no-untyped-def]
        found = walk(*args, **kwargs)
        (repo / "use.py").unlink()
        (repo / "use.py").symlink_to(outside)
        return found

    monkeypatch.setattr(walk_module, "walk", walk_then_swap)
    result = prx.rename("Job.run_job", "run_task", ".", root=repo)
    shown = [skip.text for skip in result.left_alone] + [
        line.before for change in result.changes for line in change.lines
    ]
    assert not any("secret" in text for text in shown)
    assert [c.file for c in result.changes] == ["jobs.py"]
