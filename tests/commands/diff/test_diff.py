"""prx diff on real git repositories made here (fixed authors and dates)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from gitrepo import Repo
from programs import needs

import prx
from prx.core.envelope import dumps, to_jsonable
from prx.core.errors import BudgetExceededError, GitError, InvalidArgumentError

pytestmark = needs("git")

OLD = """\
import os


def greet(name):
    return "hi " + name


def old_helper(x):
    total = x * 2
    total += 1
    total -= 3
    return total


def gone():
    return 0


class Box:
    def size(self):
        return 1
"""

NEW = """\
import os
import json


def greet(name, punctuation="!"):
    return "hi " + name + punctuation


def new_helper(x):
    total = x * 2
    total += 1
    total -= 3
    return total


class Box:
    def size(self):
        return 2

    def area(self):
        return 4
"""


@pytest.fixture
def repo(tmp_path: Path) -> Repo:
    (tmp_path / "work").mkdir()
    made = Repo(tmp_path / "work")
    made.write("src/app.py", OLD)
    made.write("README.md", "# demo\n")
    made.write("logo.png", b"\x89PNG\x00\x01\x02")
    made.write("docs/old_name.md", "".join(f"line {i}\n" for i in range(20)))
    made.commit("first")
    return made


def _changed(repo: Repo) -> None:
    repo.write("src/app.py", NEW)
    repo.write("logo.png", b"\x89PNG\x00\x01\x03")
    repo.git("mv", "docs/old_name.md", "docs/new_name.md")
    (repo.path / "README.md").chmod(0o755)


def test_semantic_notes_from_both_parse_trees(repo):
    _changed(repo)
    result = prx.diff(root=repo.path)
    notes = set(result.semantic_notes)
    assert "src/app.py: import `json` added" in notes
    assert (
        "src/app.py: signature of `greet` changed: `def greet(name)` -> "
        '`def greet(name, punctuation="!")`' in notes
    )
    assert "src/app.py: function `old_helper` renamed to `new_helper`" in notes
    assert "src/app.py: function `gone` removed" in notes
    assert "src/app.py: method `Box.area` added" in notes
    assert len(notes) == 5
    assert result.summary == (
        "4 files changed (+8 -8) in 6 definitions: 1 signature change, 1 definition added, "
        "1 definition removed, 1 definition renamed, 1 import added, 1 file renamed, "
        "1 binary, 1 mode change."
    )


def test_hunks_carry_the_enclosing_definition_on_both_sides(repo):
    _changed(repo)
    result = prx.diff(root=repo.path, budget=0)
    by_new = {(h.function, h.old_function) for h in result.hunks}
    # The change spans the end of size and the new area: after it, Box holds both.
    assert ("Box", "Box.size") in by_new
    assert ("greet", "greet") in by_new
    assert (None, "gone") in by_new  # removed: only the old side had it
    size = next(h for h in result.hunks if h.old_function == "Box.size")
    assert [(c.type, c.old, c.new) for c in size.changes] == [
        ("modification", "        return 1", "        return 2"),
        ("addition", None, ""),
        ("addition", None, "    def area(self):"),
        ("addition", None, "        return 4"),
    ]
    assert (size.old_range.start, size.old_range.end) == (21, 21)
    assert (size.new_range.start, size.new_range.end) == (18, 21)
    added = next(h for h in result.hunks if h.changes[0].new == "import json")
    # An insertion: after old line 1, so the old range is empty (end = start - 1).
    assert (added.old_range.start, added.old_range.end) == (2, 1)
    assert "src/app.py:Box.size" in result.stats.functions_changed
    assert "src/app.py:gone" in result.stats.functions_changed


def test_binary_rename_and_mode_change_are_reported(repo):
    _changed(repo)
    files = {f.path: f for f in prx.diff(root=repo.path).files}
    assert files["logo.png"].binary and files["logo.png"].additions == 0
    renamed = files["docs/new_name.md"]
    assert (renamed.status, renamed.old_path, renamed.similarity) == (
        "renamed",
        "docs/old_name.md",
        100,
    )
    assert (files["README.md"].old_mode, files["README.md"].new_mode) == ("100644", "100755")
    assert all(h.file == "src/app.py" for h in prx.diff(root=repo.path).hunks or ())


def test_staged_compares_the_index_not_the_working_tree(repo):
    repo.write("src/app.py", OLD.replace("return 1", "return 5"))
    repo.git("add", "src/app.py")
    repo.write("src/app.py", OLD.replace("return 1", "return 9"))
    staged = prx.diff(root=repo.path, staged=True)
    assert staged.target == "index"
    assert [c.new for h in staged.hunks for c in h.changes] == ["        return 5"]
    worktree = prx.diff(root=repo.path)
    assert [c.new for h in worktree.hunks for c in h.changes] == ["        return 9"]


def test_a_range_between_two_commits(repo):
    first = repo.git("rev-parse", "HEAD").strip()
    repo.write("src/app.py", NEW)
    second = repo.commit("second")
    repo.write("src/app.py", "print('later')\n")  # the working tree is not part of A..B
    result = prx.diff(revision=f"{first}..{second}", root=repo.path)
    assert (result.base, result.target) == (first, second)
    assert "src/app.py: import `json` added" in result.semantic_notes
    # The same range as the first word, as `git diff A..B` takes it.
    assert prx.diff(f"{first}..{second}", root=repo.path).semantic_notes == result.semantic_notes
    assert prx.diff("HEAD~1", root=repo.path).base == "HEAD~1"


def test_the_text_quotes_a_signature_once(repo):
    """The structured notes keep both signatures; the text, whose hunk shows both lines,
    says only that the signature changed."""
    from prx.commands.diff.text import render

    _changed(repo)
    text = render(to_jsonable(prx.diff(root=repo.path)))
    assert "-def greet(name):" in text
    assert '+def greet(name, punctuation="!"):' in text
    assert "note: src/app.py: signature of `greet` changed\n" in text + "\n"
    assert text.count("def greet(name)") == 1


def test_paths_from_a_subdirectory_work_from_there(repo):
    _changed(repo)
    sub = repo.path / "src"
    result = prx.diff(root=sub)
    # The repository's top lies outside the root: absolute, as every such path.
    assert result.root == str(sub)
    assert os.path.realpath(result.repository) == os.path.realpath(repo.path)
    shown = {f.path for f in result.files}
    assert "app.py" in shown
    for path in shown:
        assert os.path.lexists(sub / path), path  # usable as given from the subdirectory
    for hunk in result.hunks:
        assert (sub / hunk.file).is_file()
    # A path filter is relative to the root too.
    only = prx.diff("app.py", root=sub)
    assert [f.path for f in only.files] == ["app.py"]


def test_no_index_compares_two_files_outside_git(tmp_path):
    (tmp_path / "a.py").write_text("def f(a):\n    return a\n")
    (tmp_path / "b.py").write_text("import sys\n\ndef f(a, b):\n    return a\n")
    result = prx.diff(["a.py", "b.py"], no_index=True, root=tmp_path)
    assert result.repository is None and (result.base, result.target) == ("a.py", "b.py")
    assert "b.py: signature of `f` changed: `def f(a)` -> `def f(a, b)`" in result.semantic_notes
    assert "b.py: import `sys` added" in result.semantic_notes
    assert result.stats.additions == 3 and result.stats.deletions == 1
    with pytest.raises(InvalidArgumentError, match="two files"):
        prx.diff(["a.py"], no_index=True, root=tmp_path)


def test_a_file_that_changed_language_is_not_compared_as_one(tmp_path):
    (tmp_path / "a.py").write_text("import os\n\ndef main():\n    return 1\n")
    (tmp_path / "a.ts").write_text("export function main(): number {\n  return 2;\n}\n")
    result = prx.diff(["a.py", "a.ts"], no_index=True, root=tmp_path)
    assert result.semantic_notes == (
        "a.ts: the language changed: definitions and imports are not compared",
    )
    # Each side was parsed with its own grammar: both know their function.
    assert {(h.function, h.old_function) for h in result.hunks} == {("main", "main")}


def test_outside_a_repository_is_a_git_error(tmp_path):
    with pytest.raises(GitError, match="not a git repository") as caught:
        prx.diff(root=tmp_path)
    assert "no_index" in (caught.value.suggestion or "")


def test_unknown_revision_is_invalid_argument(repo):
    with pytest.raises(InvalidArgumentError, match="unknown revision 'nope'"):
        prx.diff(revision="nope", root=repo.path)
    with pytest.raises(InvalidArgumentError, match="is not a revision"):
        prx.diff(revision="--output=/tmp/x", root=repo.path)


def test_no_commit_yet_compares_with_an_empty_tree(tmp_path):
    fresh = Repo(tmp_path / "fresh")
    fresh.write("a.py", "def f():\n    pass\n")
    fresh.git("add", "a.py")
    result = prx.diff(root=fresh.path)
    assert [f.status for f in result.files] == ["added"]
    assert result.semantic_notes == ("a.py: new file defining `f`",)
    assert any("no commit yet" in n for n in result.notes)


def test_a_path_that_names_nothing_is_said_not_silently_empty(repo):
    _changed(repo)
    result = prx.diff("src/ap.py", root=repo.path)
    assert result.files == () and result.notes == (
        "src/ap.py does not exist and no change lies under it",
    )


def test_untracked_files_are_counted_in_a_note(repo):
    repo.write("new.py", "x = 1\n")
    result = prx.diff(root=repo.path)
    assert result.files == ()
    assert result.summary == "No changes between HEAD and the working tree."
    assert any(n.startswith("1 untracked file(s) not shown") for n in result.notes)


def test_odd_file_names_survive(repo):
    repo.write('we"ird\tname.py', "def a():\n    return 1\n")
    repo.write("café.py", "def b():\n    return 1\n")
    repo.commit("odd")
    repo.write('we"ird\tname.py', "def a():\n    return 2\n")
    repo.write("café.py", "def b():\n    return 2\n")
    result = prx.diff(root=repo.path)
    assert {h.file: h.function for h in result.hunks} == {
        'we"ird\tname.py': "a",
        "café.py": "b",
    }


def test_a_file_that_became_a_symlink_keeps_both_sections(repo):
    (repo.path / "README.md").unlink()
    (repo.path / "README.md").symlink_to("docs/old_name.md")
    result = prx.diff(root=repo.path)
    entry = next(f for f in result.files if f.path == "README.md")
    assert (entry.status, entry.old_mode, entry.new_mode) == ("type_changed", "100644", "120000")
    # git writes the old file's removal and the link's addition as two sections.
    assert (entry.additions, entry.deletions) == (1, 1)
    changes = [c for h in result.hunks if h.file == "README.md" for c in h.changes]
    assert {(c.old, c.new) for c in changes} == {("# demo", None), (None, "docs/old_name.md")}


def test_a_name_that_is_not_utf8_round_trips(repo):
    name = os.fsdecode(b"caf\xe9.txt")
    repo.write(name, "a\n")
    repo.commit("latin-1 name")
    repo.write(name, "b\n")
    envelope = json.loads(dumps({"data": to_jsonable(prx.diff(root=repo.path))}))
    shown = envelope["data"]["files"][0]["path"]
    assert shown == "caf\\xe9.txt"
    # The shown name selects the file again.
    again = prx.diff(shown, root=repo.path)
    assert [f.additions for f in again.files] == [1]


def test_submodule_is_reported_not_mangled(repo, tmp_path):
    inner = Repo(tmp_path / "inner")
    inner.write("x.txt", "1\n")
    first = inner.commit("one")
    inner.write("x.txt", "2\n")
    second = inner.commit("two")
    repo.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", str(inner.path), "sub")
    repo.git("-C", "sub", "checkout", "-q", first)
    repo.commit("submodule")
    repo.git("-C", "sub", "checkout", "-q", second)
    result = prx.diff(root=repo.path)
    sub = next(f for f in result.files if f.path == "sub")
    assert sub.submodule == (first, second)
    assert (sub.additions, sub.deletions) == (0, 0)
    assert all(h.file != "sub" for h in result.hunks)


def test_budget_keeps_notable_hunks_first_and_says_what_is_left(repo):
    repo.write("notes.txt", "".join(f"note {i}\n" for i in range(200)))
    repo.commit("notes")
    _changed(repo)
    repo.write(
        "notes.txt", "".join(f"note {i} changed\n" if i % 2 else f"note {i}\n" for i in range(200))
    )
    whole = prx.diff(root=repo.path, budget=0)
    cut = prx.diff(root=repo.path, budget=900)
    assert cut.truncated and cut.omitted is not None
    assert cut.omitted.count == len(whole.hunks) - len(cut.hunks)
    assert cut.omitted.reason == "budget"
    # The semantic hunks come first: every note's file is in the first page.
    assert {h.file for h in cut.hunks} == {"src/app.py"}
    note = cut.notes[-1]
    assert f"{cut.omitted.count} hunk(s)" in note and "notes.txt" in note
    # The continuation gives the rest, nothing lost and nothing repeated.
    seen = list(cut.hunks)
    token = cut.continuation_token
    while token is not None:
        page = prx.diff(root=repo.path, budget=900, continue_token=token)
        seen.extend(page.hunks)
        token = page.continuation_token
    key = lambda h: (h.file, h.new_range.start, h.old_range.start)  # noqa: E731
    assert sorted(seen, key=key) == sorted(whole.hunks, key=key)
    # Stats always describe the whole diff.
    assert cut.stats == whole.stats


def test_a_token_for_changes_that_moved_on_is_refused(repo):
    repo.write("notes.txt", "".join(f"note {i}\n" for i in range(200)))
    repo.commit("notes")
    repo.write("notes.txt", "".join(f"n {i}\n" if i % 2 else f"note {i}\n" for i in range(200)))
    cut = prx.diff(root=repo.path, budget=300)
    assert cut.continuation_token is not None
    repo.write("notes.txt", "changed again\n")
    with pytest.raises(InvalidArgumentError, match="no longer"):
        prx.diff(root=repo.path, budget=300, continue_token=cut.continuation_token)


def test_a_budget_too_small_for_one_hunk_is_refused(repo):
    repo.write("src/app.py", OLD.replace("return 1", "return " + "1" * 4000))
    with pytest.raises(BudgetExceededError, match="first hunk"):
        prx.diff(root=repo.path, budget=400)


def test_without_budget_a_large_diff_stops_at_the_ceiling_with_a_way_on(repo, run_cli):
    from prx.core.budget import DIFF_CEILING

    repo.write("big.txt", "".join(f"line {i}\n" for i in range(4000)))
    repo.commit("big")
    repo.write("big.txt", "".join(f"line {i}{' x' * (i % 7)}\n" for i in range(4000)))
    envelope = run_cli("diff", cwd=repo.path).envelope
    assert envelope["tokens"] <= DIFF_CEILING
    data = envelope["data"]
    assert data["truncated"] and data["omitted"]["reason"] == "ceiling"
    assert data["continuation_token"] and "big.txt" in data["notes"][-1]
    assert data["stats"]["additions"] == sum(1 for i in range(4000) if i % 7)


def test_a_rewritten_file_pages_in_pieces(repo):
    repo.write("big.txt", "".join(f"line {i}\n" for i in range(1000)))
    repo.commit("big")
    repo.write("big.txt", "".join(f"row {i}\n" for i in range(1050)))
    result = prx.diff(root=repo.path, budget=0)
    assert result.stats.additions == 1050 and result.stats.deletions == 1000
    ranges = [
        (h.old_range.start, h.old_range.end, h.new_range.start, h.new_range.end)
        for h in result.hunks
    ]
    # One git hunk, shown as pieces of at most 100 lines a side, covering it exactly.
    assert ranges[0] == (1, 100, 1, 100) and ranges[-1] == (1001, 1000, 1001, 1050)
    assert sum(len(h.changes) for h in result.hunks) == 1050
    cut = prx.diff(root=repo.path)
    assert cut.hunks and cut.continuation_token is not None


def test_a_hunk_larger_than_the_ceiling_is_named_not_an_error(repo):
    repo.write("README.md", "# demo\n" + "word " * 20_000 + "\n")
    result = prx.diff(root=repo.path)
    assert result.hunks == () and result.truncated and result.continuation_token is None
    assert result.omitted is not None and result.omitted.count == 1
    assert "README.md (1)" in result.notes[-1] and "larger than the limit" in result.notes[-1]


def test_documents_name_their_section_but_add_no_definitions(repo):
    repo.write("guide.md", "# Guide\n\n## Install\n\nrun it\n")
    repo.commit("guide")
    repo.write("guide.md", "# Guide\n\n## Install\n\nrun it twice\n\n## Usage\n\nask\n")
    result = prx.diff(root=repo.path)
    assert result.semantic_notes == () and result.stats.functions_changed == ()
    assert [h.old_function for h in result.hunks] == ["Guide.Install"]


def test_many_files_shorten_the_lists_to_leave_room_for_hunks(repo):
    for i in range(120):
        repo.write(f"pkg/m{i:03}.py", f"def f{i}():\n    return {i}\n")
    repo.commit("many")
    for i in range(120):
        repo.write(f"pkg/m{i:03}.py", f"def f{i}(x):\n    return {i} + x\n")
    result = prx.diff(root=repo.path, budget=3000)
    assert result.stats.files_changed == 120 and len(result.files) < 120
    assert f"the file list shows {len(result.files)} of 120 files" in result.notes
    assert any(n.startswith("semantic_notes shows ") for n in result.notes)
    assert result.hunks  # the lists left room for hunks
    assert len(prx.diff(root=repo.path, budget=0).files) == 120


def test_changes_to_existing_code_rank_before_new_files(repo):
    repo.write("src/a_new.py", "".join(f"def g{i}():\n    return {i}\n\n" for i in range(60)))
    repo.git("add", "src/a_new.py")
    repo.write("src/app.py", OLD.replace("def greet(name):", "def greet(name, title):"))
    result = prx.diff(root=repo.path, budget=600)
    assert [h.function for h in result.hunks] == ["greet"]
    assert "src/a_new.py" in result.notes[-1]


def test_output_past_the_limit_is_counted_not_read(repo, monkeypatch):
    from prx.commands.diff import git

    for i in range(30):
        repo.write(f"data/f{i:02}.txt", "".join(f"row {n}\n" for n in range(50)))
    repo.commit("data")
    for i in range(30):
        repo.write(f"data/f{i:02}.txt", "".join(f"row {n} changed\n" for n in range(50)))
    monkeypatch.setattr(git, "PATCH_BYTES_MAX", 4000)
    result = prx.diff(root=repo.path, budget=0)
    assert result.stats.files_changed == 30  # the raw part names every file
    assert any(
        n.startswith("the diff output passed 4000 bytes: the hunks of ") for n in result.notes
    )
    shown = {h.file for h in result.hunks}
    assert 0 < len(shown) < 30


def test_stat_only_has_no_hunks(repo):
    _changed(repo)
    result = prx.diff(root=repo.path, stat_only=True)
    assert result.hunks is None and result.stats.files_changed == 4


# ------------------------------------------------------------------ through the CLI


def test_cli_from_a_subdirectory_and_flags_after_paths(repo, run_cli):
    _changed(repo)
    repo.git("add", "-A")
    run = run_cli("diff", "app.py", "--staged", "--budget", "0", cwd=repo.path / "src")
    assert run.exit_code == 0, run.stdout
    data = run.envelope["data"]
    assert data["root"] == str(repo.path / "src")
    assert [f["path"] for f in data["files"]] == ["app.py"]
    assert data["target"] == "index"


def test_cli_since_is_the_original_flag_for_the_base(repo, run_cli):
    first = repo.git("rev-parse", "HEAD").strip()
    repo.write("src/app.py", NEW)
    repo.commit("second")
    data = run_cli("diff", "--since", first, "--stat-only", cwd=repo.path).envelope["data"]
    assert data["base"] == first and data["target"] == "working tree"
    assert data["stats"]["files_changed"] == 1
    run = run_cli("diff", "--since", first, "--rev", "HEAD", cwd=repo.path)
    assert run.exit_code == 2 and "one revision" in run.envelope["error"]["message"]


def test_cli_outside_a_repository_answers_git_error(tmp_path, run_cli):
    (tmp_path / "a.txt").write_text("a\n")
    run = run_cli("diff", "--no-fallback", cwd=tmp_path)
    assert run.exit_code == 1
    error = run.envelope["error"]
    assert error["code"] == "git_error"
    assert "--no-index" in error["suggestion"]
    run = run_cli("diff", "--no-index", "a.txt", "a.txt", cwd=tmp_path)
    assert run.exit_code == 0
    assert run.envelope["data"]["summary"] == "No changes between a.txt and a.txt."


def test_cli_without_git_on_the_path_answers_git_error(tmp_path, run_cli):
    run = run_cli("diff", "--no-fallback", cwd=tmp_path, env={"PATH": str(tmp_path)})
    assert run.exit_code == 1
    error = run.envelope["error"]
    assert error["code"] == "git_error" and "not installed" in error["message"]


def test_batch_runs_diff(repo, run_cli):
    _changed(repo)
    lines = "\n".join(
        [
            json.dumps({"cmd": "diff", "id": "d", "stat_only": True}),
            json.dumps({"cmd": "diff", "id": "e", "rev": "nope"}),
        ]
    )
    run = run_cli("batch", cwd=repo.path, input=lines + "\n")
    first, second = run.lines
    assert first["id"] == "d" and first["data"]["stats"]["files_changed"] == 4
    assert second["error"]["code"] == "invalid_argument"
    assert "revision" in second["error"]["message"]
