"""A hostile repository's git configuration: prx runs git, but never a program it names.

Every repository here is made by the test: its ``.git/config`` (or the environment prx was
started with) sets each git option that executes a program to a spy script that records its
name in ``spy/ran.log`` and passes its input through. After each prx call the log must not
exist, and the answer must still be right. See prx/core/safegit.py for the list of options and
what stops each.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from programs import needs

pytestmark = needs("git")

#: Seconds a git set-up step may take.
HANG_S = 60
#: The hooks of githooks(5) (git 2.39).
HOOKS = (
    "applypatch-msg pre-applypatch post-applypatch pre-commit pre-merge-commit "
    "prepare-commit-msg commit-msg post-commit pre-rebase post-checkout post-merge pre-push "
    "pre-receive update proc-receive post-receive post-update reference-transaction "
    "push-to-checkout pre-auto-gc post-rewrite sendemail-validate fsmonitor-watchman "
    "p4-changelist p4-prepare-changelist p4-post-changelist p4-pre-submit post-index-change"
).split()


class Spy:
    """Spy scripts: each appends its role and arguments to one log, then copies its input."""

    def __init__(self, base: Path) -> None:
        self.dir = base / "spy"
        self.dir.mkdir()
        self.log = self.dir / "ran.log"

    def script(self, role: str, *, passthrough: bool = True) -> str:
        """A spy; without ``passthrough`` it fails at once (a helper git would wait on)."""
        path = self.dir / role
        rest = "cat" if passthrough else "exit 1"
        path.write_text(f'#!/bin/sh\necho "{role} $*" >> "{self.log}"\n{rest}\n')
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return str(path)

    def hooks(self) -> str:
        folder = self.dir / "hooks"
        folder.mkdir()
        for name in HOOKS:
            shutil.copy(self.script(f"hook-{name}"), folder / name)
        return str(folder)

    def ran(self) -> str:
        return self.log.read_text() if self.log.exists() else ""


@pytest.fixture
def spy(tmp_path: Path) -> Spy:
    return Spy(tmp_path)


@pytest.fixture
def genv(tmp_path: Path) -> dict[str, str]:
    """The environment of the test's own git calls and of prx: no user or system config."""
    config = tmp_path / "gitconfig"
    config.write_text("")
    return {
        "GIT_CONFIG_GLOBAL": str(config),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "A",
        "GIT_AUTHOR_EMAIL": "a@example.com",
        "GIT_COMMITTER_NAME": "A",
        "GIT_COMMITTER_EMAIL": "a@example.com",
    }


def git(cwd: Path, genv: dict[str, str], *args: str) -> str:
    # The set-up's own calls run no hook or monitor the repository configures.
    safe = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false"]
    done = subprocess.run(
        ["git", *safe, *args],
        cwd=cwd,
        env={**os.environ, **genv},
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=HANG_S,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def make_repo(path: Path, genv: dict[str, str], files: dict[str, str]) -> Path:
    path.mkdir(parents=True)
    git(path, genv, "init", "-q", "-b", "main")
    for name, text in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(text)
    git(path, genv, "add", "-A")
    git(path, genv, "commit", "-q", "-m", "first")
    return path


def configure(repo: Path, genv: dict[str, str], settings: dict[str, str]) -> None:
    for key, value in settings.items():
        git(repo, genv, "config", "--replace-all", key, value)


def executing_config(spy: Spy) -> dict[str, str]:
    """Each option git-config(1) documents as naming a program, set to a spy."""
    return {
        "core.fsmonitor": spy.script("fsmonitor"),
        "core.hooksPath": spy.hooks(),
        "filter.ev.clean": spy.script("filter-clean"),
        "filter.ev.smudge": spy.script("filter-smudge"),
        "filter.ev.required": "true",
        "filter.pr.process": spy.script("filter-process"),
        "diff.dv.textconv": spy.script("textconv"),
        "diff.dv.command": spy.script("diff-driver"),
        "diff.external": spy.script("diff-external"),
        "core.pager": spy.script("pager"),
        "pager.diff": spy.script("pager-diff"),
        "pager.show": spy.script("pager-show"),
        "core.editor": spy.script("editor", passthrough=False),
        "sequence.editor": spy.script("sequence-editor", passthrough=False),
        "core.askPass": spy.script("askpass", passthrough=False),
        "credential.helper": spy.script("credential", passthrough=False),
        "core.sshCommand": spy.script("ssh", passthrough=False),
        "core.gitProxy": spy.script("git-proxy", passthrough=False),
        "gpg.program": spy.script("gpg", passthrough=False),
        "log.showSignature": "true",
        "core.alternateRefsCommand": spy.script("alternate-refs", passthrough=False),
        "uploadpack.packObjectsHook": spy.script("pack-objects-hook", passthrough=False),
        "interactive.diffFilter": spy.script("diff-filter"),
        "gc.auto": "1",
        "alias.diff": f"!{spy.script('alias')}",
    }


@pytest.fixture
def hostile(tmp_path: Path, genv: dict[str, str], spy: Spy) -> Path:
    """A repository whose configuration names a spy for every executing option, with a
    changed file of each driver (filter clean, filter process, textconv and diff driver)
    in the work tree and one staged change."""
    repo = make_repo(
        tmp_path / "hostile",
        genv,
        {
            ".gitattributes": "*.txt filter=ev diff=dv\n*.py filter=pr\n",
            "notes.txt": "one\n",
            "code.py": "x = 1\n",
            "staged.md": "old\n",
            "same.md": "same\n",
        },
    )
    (repo / "staged.md").write_text("new\n")
    git(repo, genv, "add", "staged.md")
    configure(repo, genv, executing_config(spy))
    (repo / "notes.txt").write_text("one\ntwo\n")
    (repo / "code.py").write_text("x = 2\n")
    # Unchanged but touched: a plain git diff refreshes the index, writing it (a hook runs).
    os.utime(repo / "same.md", (2_000_000_000, 2_000_000_000))
    assert spy.ran() == ""  # the set-up itself ran nothing
    return repo


def _prx(run_cli, genv: dict[str, str], cwd: Path, *args: str, env: dict[str, str] | None = None):
    return run_cli(*args, "--no-fallback", cwd=cwd, env={**genv, **(env or {})}, timeout=HANG_S)


def _changed_files(run) -> set[str]:
    data = run.envelope["data"]
    return {f["path"] for f in data["files"]}


def _added_lines(run) -> list[str]:
    return [
        change["new"]
        for hunk in run.envelope["data"].get("hunks") or []
        for change in hunk["changes"]
        if change.get("new") is not None
    ]


# ------------------------------------------------------------------ executing configuration


@pytest.mark.parametrize(
    ("args", "files"),
    [
        (("diff",), {"notes.txt", "code.py", "staged.md"}),
        (("diff", "notes.txt"), {"notes.txt"}),
        (("diff", "--rev", "HEAD"), {"notes.txt", "code.py", "staged.md"}),
        (("diff", "--stat-only"), {"notes.txt", "code.py", "staged.md"}),
    ],
    ids=" ".join,
)
def test_diff_of_the_work_tree_runs_nothing_the_repository_names(
    hostile, spy, genv, run_cli, args, files
):
    run = _prx(run_cli, genv, hostile, *args)
    assert spy.ran() == ""
    assert run.exit_code == 0, run.stdout + run.stderr
    assert _changed_files(run) == files
    if "--stat-only" not in args:
        assert "two" in _added_lines(run)  # the change itself, not a filter's or textconv's


def test_diff_staged_runs_nothing_the_repository_names(hostile, spy, genv, run_cli):
    run = _prx(run_cli, genv, hostile, "diff", "--staged")
    assert spy.ran() == ""
    assert run.exit_code == 0, run.stdout + run.stderr
    assert _changed_files(run) == {"staged.md"}
    assert _added_lines(run) == ["new"]


def test_a_racy_file_of_the_same_size_is_not_cleaned_by_the_repository_filter(
    tmp_path, spy, genv, run_cli
):
    # Same size, new time stamp: git must hash the file again, through its clean filter.
    repo = make_repo(tmp_path / "r", genv, {".gitattributes": "*.txt filter=ev\n", "a.txt": "a\n"})
    configure(repo, genv, {"filter.ev.clean": spy.script("filter-clean")})
    (repo / "a.txt").write_text("b\n")
    os.utime(repo / "a.txt", (2_000_000_000, 2_000_000_000))
    run = _prx(run_cli, genv, repo, "diff")
    assert spy.ran() == ""
    assert _added_lines(run) == ["b"]


def test_an_included_file_and_odd_driver_names_are_neutralised_too(tmp_path, spy, genv, run_cli):
    """Drivers named in a file the config includes, with a dot, an equals sign or capitals."""
    repo = make_repo(
        tmp_path / "r",
        genv,
        {
            ".gitattributes": "a.txt filter=we=ird.x\nb.txt filter=Up\n",
            "a.txt": "a\n",
            "b.txt": "b\n",
        },
    )
    extra = tmp_path / "extra.cfg"
    extra.write_text(
        f'[filter "we=ird.x"]\n\tclean = {spy.script("weird-clean")}\n'
        f'[filter "Up"]\n\tprocess = {spy.script("upper-process")}\n\trequired = true\n'
    )
    configure(repo, genv, {"include.path": str(extra)})
    (repo / "a.txt").write_text("a\nA\n")
    (repo / "b.txt").write_text("b\nB\n")
    run = _prx(run_cli, genv, repo, "diff")
    assert spy.ran() == ""
    assert run.exit_code == 0, run.stdout + run.stderr
    assert sorted(_added_lines(run)) == ["A", "B"]


def test_the_users_own_global_filter_still_runs(tmp_path, spy, genv, run_cli):
    """The user's global configuration is not the repository's: its drivers (git-lfs's, say)
    keep working; the same name redefined by the repository is neutralised."""
    Path(genv["GIT_CONFIG_GLOBAL"]).write_text(
        f'[filter "mine"]\n\tclean = {spy.script("user-clean")}\n'
        f'[filter "both"]\n\tclean = {spy.script("user-both")}\n'
    )
    repo = make_repo(
        tmp_path / "r",
        genv,
        {
            ".gitattributes": "a.txt filter=mine\nb.txt filter=both\n",
            "a.txt": "a\n",
            "b.txt": "b\n",
        },
    )
    configure(repo, genv, {"filter.both.smudge": spy.script("repo-smudge")})
    spy.log.unlink(missing_ok=True)  # the commit ran the user's filter
    (repo / "a.txt").write_text("a\nA\n")
    (repo / "b.txt").write_text("b\nB\n")
    run = _prx(run_cli, genv, repo, "diff")
    assert run.exit_code == 0, run.stdout + run.stderr
    ran = spy.ran()
    assert "user-clean" in ran
    assert "user-both" not in ran and "repo-smudge" not in ran


# ------------------------------------------------------------------ submodules


def test_a_submodules_own_configuration_runs_nothing(tmp_path, spy, genv, run_cli):
    """git asks a dirty submodule's status (a child git reading the submodule's filters)
    and shows its commits with diff.submodule=diff (a child git diff, textconv on)."""
    inner = make_repo(
        tmp_path / "inner", genv, {".gitattributes": "*.txt filter=ev diff=dv\n", "s.txt": "s\n"}
    )
    outer = make_repo(tmp_path / "outer", genv, {"top.txt": "top\n"})
    git(
        outer, genv, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(inner), "sub"
    )
    git(outer, genv, "commit", "-q", "-m", "sub")
    sub = outer / "sub"
    git(sub, genv, "commit", "-q", "--allow-empty", "-m", "moved")
    configure(sub, genv, {"filter.ev.clean": spy.script("sub-clean")})
    configure(sub, genv, {"diff.dv.textconv": spy.script("sub-textconv")})
    configure(outer, genv, {"diff.submodule": "diff"})
    (sub / "s.txt").write_text("t\n")  # same size: git must hash it again
    os.utime(sub / "s.txt", (2_000_000_000, 2_000_000_000))
    (outer / "top.txt").write_text("top\nmore\n")
    run = _prx(run_cli, genv, outer, "diff")
    assert spy.ran() == ""
    assert run.exit_code == 0, run.stdout + run.stderr
    assert _changed_files(run) == {"sub", "top.txt"}
    assert "more" in _added_lines(run)


# ------------------------------------------------------------------ a lazy fetch


@pytest.fixture
def partial(tmp_path: Path, genv: dict[str, str], spy: Spy) -> Path:
    """A partial clone whose blobs were not fetched: reading one fetches it from the
    promisor remote, over ssh, through core.sshCommand."""
    origin = make_repo(tmp_path / "origin", genv, {"a.txt": "secret-free\n"})
    git(origin, genv, "config", "uploadpack.allowFilter", "true")
    clone = tmp_path / "clone"
    git(
        tmp_path,
        genv,
        "clone",
        "-q",
        "--filter=blob:none",
        "--no-checkout",
        f"file://{origin}",
        str(clone),
    )
    git(clone, genv, "read-tree", "HEAD")  # an index, without the blobs
    configure(clone, genv, {"remote.origin.url": "ssh://example.invalid/x"})
    configure(clone, genv, {"core.sshCommand": spy.script("ssh", passthrough=False)})
    (clone / "a.txt").write_text("mine\n")
    return clone


def test_a_lazy_fetch_of_a_missing_object_runs_no_configured_ssh(partial, spy, genv, run_cli):
    run = _prx(run_cli, genv, partial, "diff", "--rev", "HEAD", "a.txt")
    assert spy.ran() == ""
    # The old side cannot be read without the network: an error, not a program run.
    assert run.exit_code == 1 and run.envelope["error"]["code"] == "git_error"
    assert "partial clone" in run.envelope["error"]["message"]


def test_read_mode_diff_of_a_missing_object_runs_no_configured_ssh(partial, spy, genv, run_cli):
    run = _prx(run_cli, genv, partial, "read", "a.txt", "--mode", "diff")
    assert spy.ran() == ""
    assert run.exit_code == 0, run.stdout + run.stderr


# ------------------------------------------------------------------ the environment


def test_the_environment_prx_was_started_with_redirects_and_runs_nothing(
    tmp_path, hostile, spy, genv, run_cli
):
    other = make_repo(tmp_path / "other", genv, {"other.txt": "OTHER-CONTENT\n"})
    (other / "other.txt").write_text("changed elsewhere\n")
    env = {
        "GIT_DIR": str(other / ".git"),
        "GIT_WORK_TREE": str(other),
        "GIT_INDEX_FILE": str(other / ".git" / "index"),
        "GIT_EXTERNAL_DIFF": spy.script("env-external-diff"),
        "GIT_PAGER": spy.script("env-pager"),
        "PAGER": spy.script("env-plain-pager"),
        "GIT_SSH_COMMAND": spy.script("env-ssh", passthrough=False),
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": "core.fsmonitor",
        "GIT_CONFIG_VALUE_0": spy.script("env-fsmonitor"),
        "GIT_CONFIG_PARAMETERS": f"'diff.dv.textconv'='{spy.script('env-textconv')}'",
    }
    run = _prx(run_cli, genv, hostile, "diff", env=env)
    assert spy.ran() == ""
    assert run.exit_code == 0, run.stdout + run.stderr
    # The project's own repository, not the one GIT_DIR named.
    assert _changed_files(run) == {"notes.txt", "code.py", "staged.md"}
    assert "OTHER-CONTENT" not in run.stdout


# ------------------------------------------------------------------ where git looks


def _secret_repo(tmp_path: Path, genv: dict[str, str]) -> Path:
    return make_repo(tmp_path / "private", genv, {"secret.txt": "TOPSECRET\n"})


def test_a_git_file_pointing_at_another_repository_is_refused(tmp_path, genv, run_cli):
    """A shipped ``.git`` file (``gitdir: /elsewhere``) would show another repository's
    files as deleted, content and all; a real linked worktree still answers."""
    private = _secret_repo(tmp_path, genv)
    project = tmp_path / "project"
    project.mkdir()
    (project / "secret.txt").write_text("mine\n")
    (project / ".git").write_text(f"gitdir: {private / '.git'}\n")
    for args in (("diff",), ("read", "secret.txt", "--mode", "diff")):
        run = _prx(run_cli, genv, project, *args)
        assert "TOPSECRET" not in run.stdout
        assert run.exit_code == 1 and run.envelope["error"]["code"] == "git_error"
        assert "git directory" in run.envelope["error"]["message"]
    linked = tmp_path / "linked"
    git(private, genv, "worktree", "add", "-q", str(linked))
    (linked / "secret.txt").write_text("TOPSECRET\nlinked\n")
    run = _prx(run_cli, genv, linked, "diff")
    assert run.exit_code == 0 and _added_lines(run) == ["linked"]


def test_a_commondir_pointing_at_another_repository_is_refused(tmp_path, genv, run_cli):
    private = _secret_repo(tmp_path, genv)
    project = make_repo(tmp_path / "project", genv, {"mine.txt": "mine\n"})
    (project / ".git" / "commondir").write_text(str(private / ".git") + "\n")
    run = _prx(run_cli, genv, project, "diff", "--rev", "HEAD")
    assert "TOPSECRET" not in run.stdout
    assert run.exit_code == 1 and run.envelope["error"]["code"] == "git_error"


def test_a_work_tree_moved_elsewhere_by_core_worktree_is_refused(tmp_path, genv, run_cli):
    """core.worktree makes git read another directory's files (here: a secret changed
    there shows up in the project's diff)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.txt").write_text("TOPSECRET\n")
    project = make_repo(tmp_path / "project", genv, {"secret.txt": "public\n"})
    configure(project, genv, {"core.worktree": str(elsewhere)})
    for args in (("diff",), ("read", "secret.txt", "--mode", "diff")):
        run = _prx(run_cli, genv, project, *args)
        assert "TOPSECRET" not in run.stdout
        assert run.exit_code == 1 and run.envelope["error"]["code"] == "git_error"
        assert "core.worktree" in run.envelope["error"]["message"]


def test_a_submodule_whose_git_directory_lives_in_the_superproject_still_answers(
    tmp_path, genv, run_cli
):
    """A submodule's ``.git`` file points into the superproject's ``.git/modules``; its
    core.worktree points back: legitimate, answered. The same ``.git`` file copied into
    another directory is refused."""
    inner = make_repo(tmp_path / "inner", genv, {"s.txt": "s\n"})
    outer = make_repo(tmp_path / "outer", genv, {"top.txt": "top\n"})
    git(
        outer, genv, "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(inner), "sub"
    )
    (outer / "sub" / "s.txt").write_text("s\nmore\n")
    run = _prx(run_cli, genv, outer / "sub", "diff")
    assert run.exit_code == 0, run.stdout + run.stderr
    assert _added_lines(run) == ["more"]
    copy = tmp_path / "copy"
    copy.mkdir()
    gitdir = outer / ".git" / "modules" / "sub"
    (copy / ".git").write_text(f"gitdir: {gitdir}\n")
    (copy / "s.txt").write_text("x\n")
    run = _prx(run_cli, genv, copy, "diff")
    assert run.exit_code == 1 and run.envelope["error"]["code"] == "git_error"


def test_the_bench_unix_git_calls_run_nothing_the_repository_names(hostile, spy, genv, monkeypatch):
    """``prx bench`` times the plain ``git diff`` an agent would type (and reads HEAD's
    files with git): the same protections, environment included."""
    from prx.commands.bench import changes, sides

    for key, value in {**genv, "GIT_EXTERNAL_DIFF": spy.script("env-external-diff")}.items():
        monkeypatch.setenv(key, value)
    out = sides.run_unix(str(hostile), ["git", "diff", "--relative", "HEAD", "--", "."])
    shown = changes._git(str(hostile), "show", "HEAD:./notes.txt")
    assert spy.ran() == ""
    assert "+two" in out.text
    assert shown is not None and shown.stdout == b"one\n"


# ------------------------------------------------------------------ the Unix fallback

_FALLBACK_PLUGIN = '''
"""An operation that fails inside and falls back to ``prx diff``'s own git command."""
from prx.commands.diff.operation import DIFF
from prx.plugin import Operation, hookimpl


def _boom(ws, params):
    raise RuntimeError("diff blew up on purpose")


GITBOOM = Operation(
    name="gitboom",
    summary="Fails inside; falls back to prx diff's git diff.",
    func=_boom,
    params=DIFF.params,
    result=dict,
    fallback=DIFF.fallback,
)


@hookimpl
def prx_register_operations():
    return [GITBOOM]
'''


@pytest.fixture
def gitboom(plugin_dist, genv, run_cli):
    """``prx gitboom``: fails inside, so the dispatcher runs prx diff's fallback argv."""
    plugin_dist("gitboom", "gitboom_plugin", modules={"gitboom_plugin": _FALLBACK_PLUGIN})
    env = {**genv, "PRX_DISABLE_PLUGIN_AUTOLOAD": "0"}
    return lambda cwd: run_cli("gitboom", cwd=cwd, env=env, timeout=HANG_S)


def test_the_git_fallback_runs_nothing_the_repository_names(hostile, spy, gitboom):
    """When diff fails inside, the Unix fallback runs ``git diff``: the same protections
    (it ran the fsmonitor, the filters, textconv and, writing the index, a hook)."""
    run = gitboom(hostile)
    assert spy.ran() == ""
    envelope = run.envelope
    assert envelope.get("fallback") is True, run.stdout + run.stderr
    raw = envelope["data"]["raw"]
    assert "+two" in raw and "+x = 2" in raw
    assert envelope["data"]["source"].startswith("git ")


def test_the_git_fallback_does_not_follow_a_work_tree_moved_elsewhere(tmp_path, genv, gitboom):
    """With core.worktree set to another directory, a plain ``git diff`` prints that
    directory's files (here a secret) as the project's changes."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "secret.txt").write_text("TOPSECRET\n")
    project = make_repo(tmp_path / "project", genv, {"secret.txt": "public\n"})
    configure(project, genv, {"core.worktree": str(elsewhere)})
    run = gitboom(project)
    assert "TOPSECRET" not in run.stdout
    assert run.envelope["status"] == "error"
