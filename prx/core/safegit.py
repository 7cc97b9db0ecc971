"""git, run so that nothing a repository's git configuration names is ever executed.

prx runs git on repositories it did not make: a clone's or a tarball's ``.git/config`` (and
every file it includes) is input, as hostile as the files it describes. git runs programs
that configuration names: ``prx diff`` once ran a repository's ``core.fsmonitor`` command,
so a read-only tool executed the project's code. Every git command prx runs goes through
this module: :func:`command` (or :func:`run`) builds its argv and its environment, and
:func:`locate` checks where git will read. (``prx run git ...`` is the user's own command,
not this module's.)

What git 2.39 can execute from configuration, and what stops each. Sources on this machine:
``man git-config`` (``git help -c`` lists all 845 variables; each one whose text says it
runs a command, program, helper, hook, shell, pager, editor or proxy is below),
``man gitattributes`` (drivers), ``man githooks``, ``man git`` (ENVIRONMENT VARIABLES).

- **Overridden with** ``-c`` (command-line configuration is read after every file and every
  include, so it wins for a single-valued key): ``core.fsmonitor=false`` (the fsmonitor
  hook runs on each index refresh: diff, status, ls-files); ``core.hooksPath=/dev/null``
  (no hook can be found: post-index-change, reference-transaction, pre-auto-gc,
  fsmonitor-watchman, ...); ``core.pager=cat`` (``cat`` means no pager);
  ``core.editor=:`` and ``sequence.editor=:`` (``:`` means no editor);
  ``core.askPass=`` (empty: no program); ``credential.helper=`` (an empty value empties the
  list of helpers); ``diff.external=``; ``gpg.program=``, ``gpg.<format>.program=``,
  ``gpg.ssh.defaultKeyCommand=`` and ``log.showSignature=false`` (no signature is checked);
  ``gc.auto=0`` and ``maintenance.auto=false`` (no housekeeping child);
  ``submodule.recurse=false``, ``diff.submodule=short`` and
  ``status.submoduleSummary=false`` (no child git in a submodule, whose own configuration
  these overrides do not list); ``protocol.allow=never``.
- **Flags after the subcommand** (:data:`_FLAGS`): ``--no-pager`` before it (``core.pager``,
  ``pager.<cmd>``, ``$GIT_PAGER``, ``$PAGER``); ``--no-ext-diff`` (``diff.external``,
  ``diff.<driver>.command``, ``$GIT_EXTERNAL_DIFF``) and ``--no-textconv``
  (``diff.<driver>.textconv``) for diff, log and show; ``--submodule=short`` and
  ``--ignore-submodules=dirty`` (``diff.submodule=diff`` runs ``git diff`` in the submodule,
  and a dirty check runs ``git status`` there, with the submodule's filters and textconv);
  ``--no-filters`` for hash-object; ``--no-optional-locks`` before it, so that no read
  writes the index (a write would run the post-index-change hook).
- **Filters**, named by ``.gitattributes`` (``filter=NAME``) and defined by
  ``filter.<NAME>.clean``, ``.smudge`` and ``.process``: ``--no-textconv`` does not stop
  them (a clean filter runs on ``git diff`` of a changed or racily clean file, and on
  ``git diff --no-index``). :func:`command` lists the filter names the repository's own
  configuration defines (local and worktree scope, includes followed, as git reads them)
  and sets each one's ``clean``, ``smudge`` and ``process`` to empty (git's convert.c runs
  a filter only when its command is not empty) and ``required`` to false, through
  ``GIT_CONFIG_COUNT``/``GIT_CONFIG_KEY_<n>`` (a name may hold ``=`` or ``.``, which ``-c``
  cannot carry). A filter only the user's global configuration defines (git-lfs's, say)
  still runs: the user configured it for every repository; the repository only picks it.
- **The network**, which prx's commands never use but a partial clone's lazy fetch of a
  missing object does, from any read: ``core.sshCommand``, ``core.gitProxy``,
  ``remote.<name>.uploadpack``/``.receivepack``/``.vcs``, ``credential.helper``,
  ``core.askPass``, ``http.proxy``, ``url.<base>.insteadOf``, ``protocol.<name>.allow``.
  ``GIT_ALLOW_PROTOCOL`` set to empty allows no transport, overriding every
  ``protocol.*.allow`` (git(1)); ``GIT_PROTOCOL_FROM_USER=0``; ``GIT_TERMINAL_PROMPT=0``.
- **Unreachable**: only commands prx never runs use ``alias.*`` (a builtin's name always
  wins), ``help.autoCorrect``, ``merge.<driver>.driver``, ``mergetool.*``/``difftool.*``
  ``.cmd``, ``browser.*``, ``man.*``, ``web.browser``, ``instaweb.*``, ``guitool.*``,
  ``imap.tunnel``, ``sendemail.*``, ``interactive.diffFilter``,
  ``core.alternateRefsCommand``, ``receive.procReceiveRefs`` and
  ``uploadpack.packObjectsHook`` (also honoured only from protected configuration).
- **Where git reads**: ``core.worktree``, a ``.git`` file or link (``gitdir: /elsewhere``)
  and a ``commondir`` file can point git at another directory or another repository, whose
  files would then be shown as this project's changes. :func:`locate` refuses them unless
  the layout is one git itself makes: a linked worktree (its git directory's ``gitdir``
  file names this work tree's ``.git``) or a submodule (its git directory's
  ``core.worktree`` names this work tree). No command run here writes (see above), so a
  layout can never make prx write outside either. Not checked: an ``alternates`` file
  (objects read from another object store, only by ids the repository already names).
- ``include.path``/``includeIf``: files are read, never run; the overrides above win over
  whatever they include, and the filter listing follows them as git does.

The environment: every inherited ``GIT_*`` variable is dropped (``GIT_DIR``,
``GIT_WORK_TREE``, ``GIT_INDEX_FILE``, ``GIT_EXTERNAL_DIFF``, ``GIT_PAGER``, ``GIT_SSH*``,
``GIT_ASKPASS``, ``GIT_EDITOR``, ``GIT_CONFIG_PARAMETERS``, ``GIT_CONFIG_COUNT``,
``GIT_EXEC_PATH``, ``GIT_TRACE*``, ...): git answers for the directory prx was asked
about, whatever shell or hook started prx. Kept: ``GIT_CONFIG_GLOBAL`` and
``GIT_CEILING_DIRECTORIES``, the user's choice of their own configuration and of where
discovery stops (the global configuration is the user's, not the repository's: it carries
``safe.directory``, which git honours only there). ``GIT_CONFIG_NOSYSTEM=1``: the system
file is not read (a ``safe.directory`` there is not honoured for prx; put it in the global
one).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence

from prx.core.errors import GitError
from prx.core.record import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    import subprocess

__all__ = [
    "TIMEOUT",
    "Layout",
    "UnsafeRepositoryError",
    "argv",
    "command",
    "environment",
    "from_argv",
    "locate",
    "run",
    "spawn",
]

#: Seconds one git command may take before it is stopped.
TIMEOUT = 120.0
#: Configuration that names no program, passed as ``-c KEY=VALUE`` (see the module's text).
_CONFIG: tuple[tuple[str, str], ...] = (
    ("core.fsmonitor", "false"),
    ("core.hooksPath", "/dev/null"),
    ("core.pager", "cat"),
    ("core.editor", ":"),
    ("sequence.editor", ":"),
    ("core.askPass", ""),
    ("credential.helper", ""),
    ("diff.external", ""),
    ("gpg.program", ""),
    ("gpg.openpgp.program", ""),
    ("gpg.x509.program", ""),
    ("gpg.ssh.program", ""),
    ("gpg.ssh.defaultKeyCommand", ""),
    ("log.showSignature", "false"),
    ("gc.auto", "0"),
    ("maintenance.auto", "false"),
    ("submodule.recurse", "false"),
    ("diff.submodule", "short"),
    ("status.submoduleSummary", "false"),
    ("protocol.allow", "never"),
)
#: Options before the subcommand: no pager, no index write on a read.
_GLOBAL = ("--no-pager", "--no-optional-locks")
_DIFF_FLAGS = ("--no-ext-diff", "--no-textconv", "--submodule=short", "--ignore-submodules=dirty")
#: Flags put right after a subcommand.
_FLAGS: dict[str, tuple[str, ...]] = {
    "diff": _DIFF_FLAGS,
    "log": _DIFF_FLAGS,
    "show": _DIFF_FLAGS,
    "grep": ("--no-textconv",),
    "blame": ("--no-textconv",),
    "hash-object": ("--no-filters",),
}
#: Flags that would turn an executing driver back on: refused before ``--``.
_EXECUTING_FLAGS = ("--ext-diff", "--textconv", "--filters")
#: Subcommands that read no work-tree file (no filter can run): no filter listing.
_NO_WORK_TREE = frozenset(
    {"rev-parse", "cat-file", "config", "show", "log", "ls-tree", "hash-object", "version"}
)
#: Subcommands that only name things (ids, paths, settings): no layout check.
_NO_LAYOUT = frozenset({"rev-parse", "config", "version"})
#: Inherited ``GIT_*`` variables kept (the user's, about their own configuration).
_KEPT = frozenset({"GIT_CONFIG_GLOBAL", "GIT_CEILING_DIRECTORIES"})
#: Scopes whose filters still run: the user's own files, not the repository's.
_USER_SCOPES = frozenset({"global", "system"})
#: Filter names a repository may define before prx refuses it (each adds four variables).
_FILTERS_MAX = 256
#: Global options a caller's argv may carry before the subcommand (no value, no path).
_PLAIN_GLOBAL = frozenset(
    {"--no-pager", "--no-optional-locks", "--literal-pathspecs", "--no-replace-objects"}
)


class UnsafeRepositoryError(GitError):
    """The repository's layout sends git outside its work tree: refused, nothing run."""


@record
class Layout:
    """Where git reads, as ``git rev-parse`` resolved it (absolute paths)."""

    #: The work tree's top directory.
    top: str
    #: The repository's git directory (``.git``, or a linked worktree's or submodule's).
    git_dir: str
    #: The directory shared by linked worktrees (objects, refs, config).
    common_dir: str


def environment(config: Sequence[tuple[str, str]] = ()) -> dict[str, str]:
    """The environment of a git process: no inherited ``GIT_*`` variable but the user's
    :data:`_KEPT` ones, no transport, no prompt; ``config`` as command-line configuration."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_") or k in _KEPT}
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_TERMINAL_PROMPT="0",
        GIT_OPTIONAL_LOCKS="0",
        GIT_ALLOW_PROTOCOL="",
        GIT_PROTOCOL_FROM_USER="0",
    )
    if config:
        env["GIT_CONFIG_COUNT"] = str(len(config))
        for index, (key, value) in enumerate(config):
            env[f"GIT_CONFIG_KEY_{index}"] = key
            env[f"GIT_CONFIG_VALUE_{index}"] = value
    return env


def argv(args: Sequence[str]) -> list[str]:
    """``git`` with the overrides, then ``args`` (a subcommand first) with its flags."""
    words = ["git", *_GLOBAL]
    for key, value in _CONFIG:
        words += ["-c", f"{key}={value}"]
    if not args:
        return words
    return [*words, args[0], *_FLAGS.get(args[0], ()), *args[1:]]


def command(
    cwd: str, args: Sequence[str], *, extra_env: Mapping[str, str] | None = None, hint: str = ""
) -> tuple[list[str], dict[str, str]]:
    """The argv and the environment that run ``git ARGS`` in ``cwd`` safely.

    The repository's layout is checked first (:func:`locate`; not for ``rev-parse``,
    ``config`` or ``diff --no-index``), and for a command that may read work-tree files
    its filters are listed and emptied. ``extra_env``: prx's own additions (``LC_ALL``...).
    ``hint``: a sentence added to each error's suggestion. Raises GitError."""
    if not args:
        raise ValueError("a git subcommand is needed")
    _refuse_executing_flags(args)
    subcommand = args[0]
    no_index = subcommand == "diff" and "--no-index" in _options(args)
    if subcommand not in _NO_LAYOUT and not no_index:
        locate(cwd, hint=hint)
    config = [] if subcommand in _NO_WORK_TREE else _filter_overrides(cwd, hint)
    env = environment(config)
    env.update(extra_env or {})
    return argv(args), env


def from_argv(cwd: str, words: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """:func:`command` for a whole command line (``git [--no-pager] SUBCOMMAND ...``), as
    a fallback or a benchmark spells it. Raises GitError for other options before the
    subcommand (``-C``, ``--git-dir``, ``-c``...: they could redirect git)."""
    if not words or os.path.basename(words[0]) != "git":
        raise ValueError(f"not a git command line: {list(words)!r}")
    rest = list(words[1:])
    while rest and rest[0].startswith("-"):
        if rest[0] not in _PLAIN_GLOBAL:
            raise GitError(f"git option {rest[0]!r} before the subcommand is not run by prx")
        rest.pop(0)
    if not rest:
        raise GitError("a git command line without a subcommand is not run by prx")
    return command(cwd, rest)


def run(
    cwd: str, args: Sequence[str], *, timeout: float = TIMEOUT, hint: str = ""
) -> subprocess.CompletedProcess[bytes]:
    """``git ARGS`` run safely in ``cwd`` (stdin empty, output captured as bytes).
    Raises GitError when the layout is refused, git is missing or it times out."""
    words, env = command(cwd, args, hint=hint)
    return spawn(cwd, words, env, timeout=timeout, hint=hint)


#: Where git reads: the work tree's top, the git directory and the common directory.
_LAYOUT_QUERY = (
    "rev-parse",
    "--path-format=absolute",
    "--show-toplevel",
    "--git-dir",
    "--git-common-dir",
)
#: The filter names the configuration defines, each with the scope that defines it.
_FILTER_QUERY = ("config", "-z", "--show-scope", "--name-only", "--get-regexp", r"^filter\.")


def locate(cwd: str, *, hint: str = "") -> Layout | None:
    """Where git reads for ``cwd``; None when ``cwd`` is in no git work tree.

    Raises :class:`UnsafeRepositoryError` when the work tree does not hold ``cwd`` (a
    ``core.worktree`` elsewhere) or the git directory lies outside the work tree without
    pointing back at it (a ``.git`` file, a link or a ``commondir`` leading to another
    repository); GitError when git cannot tell."""
    done = spawn(cwd, argv(_LAYOUT_QUERY), environment(), hint=hint)
    if done.returncode != 0:
        reason = _first_line(done.stderr)
        if "not a git repository" in reason:
            return None
        raise GitError(f"git rev-parse failed: {reason}", suggestion=hint or None)
    lines = os.fsdecode(done.stdout).split("\n")
    if len(lines) != 4 or lines[3]:  # three paths, each ended by a newline
        raise UnsafeRepositoryError(
            f"cannot read the layout of the repository at {cwd}: a path holds a newline",
            suggestion=hint or None,
        )
    layout = Layout(top=lines[0], git_dir=lines[1], common_dir=lines[2])
    _check(cwd, layout, hint)
    return layout


# ------------------------------------------------------------------ the layout


def _within(path: str, top: str) -> bool:
    return path == top or path.startswith(top.rstrip(os.sep) + os.sep)


def _check(cwd: str, layout: Layout, hint: str) -> None:
    real = os.path.realpath
    top = real(layout.top)
    if not _within(real(cwd), top):
        raise UnsafeRepositoryError(
            f"git's work tree for {cwd} is {layout.top}, which does not hold it: the "
            "repository's configuration (core.worktree) or its `.git` file moves the work "
            "tree elsewhere, and prx does not follow it",
            suggestion=_suggestion(hint),
        )
    git_dir, common = real(layout.git_dir), real(layout.common_dir)
    if _within(git_dir, top) and _within(common, top):
        return
    if _linked_worktree(git_dir, common, top) or (
        git_dir == common and _claims(git_dir, top, hint)
    ):
        return
    raise UnsafeRepositoryError(
        f"the git directory of {layout.top} is {git_dir}, outside it, and it does not point "
        "back at this work tree (a `.git` file, a link or a `commondir` file leads to "
        "another repository): prx does not read another repository's data",
        suggestion=_suggestion(hint),
    )


def _suggestion(hint: str) -> str:
    text = "Check the repository's `.git` and its core.worktree; run git yourself if it is meant."
    return f"{text} {hint}" if hint else text


def _linked_worktree(git_dir: str, common: str, top: str) -> bool:
    """A linked worktree (git-worktree(1)): ``COMMON/worktrees/NAME``, whose ``gitdir``
    file names this work tree's ``.git`` file."""
    if os.path.dirname(git_dir) != os.path.join(common, "worktrees"):
        return False
    back = _small_text(os.path.join(git_dir, "gitdir"))
    if not back:
        return False
    target = os.path.realpath(os.path.join(git_dir, back.strip()))
    return target == os.path.realpath(os.path.join(top, ".git"))


def _claims(git_dir: str, top: str, hint: str) -> bool:
    """Whether the git directory's own ``core.worktree`` names ``top`` (a submodule's git
    directory in the superproject's ``.git/modules`` does)."""
    done = spawn(
        top,
        argv(["config", "--file", os.path.join(git_dir, "config"), "--get", "core.worktree"]),
        environment(),
        hint=hint,
    )
    value = os.fsdecode(done.stdout).rstrip("\n")
    if done.returncode != 0 or not value:
        return False
    return os.path.realpath(os.path.join(git_dir, value)) == top


def _small_text(path: str) -> str | None:
    """A small regular file's text, or None (never blocks on a FIFO, never follows a link)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.fsdecode(os.read(fd, 4096))
    except OSError:
        return None
    finally:
        os.close(fd)


# ------------------------------------------------------------------ filters


def _filter_overrides(cwd: str, hint: str) -> list[tuple[str, str]]:
    """``filter.NAME.{clean,smudge,process}`` empty and ``required`` false for each filter
    the repository's configuration (not the user's) defines."""
    done = spawn(cwd, argv(_FILTER_QUERY), environment(), hint=hint)
    if done.returncode == 1:  # no filter defined anywhere
        return []
    if done.returncode != 0:
        # Unknown filters cannot be emptied: nothing that could run one is started.
        raise GitError(
            f"cannot read the repository's git configuration: {_first_line(done.stderr)}",
            suggestion=hint or None,
        )
    # SCOPE\0NAME\0 pairs; the last NUL leaves one empty field over.
    fields = os.fsdecode(done.stdout).split("\0")
    names: dict[str, None] = {}
    for scope, key in zip(fields[0::2], fields[1::2], strict=False):
        head, dot, _ = key.rpartition(".")
        if scope in _USER_SCOPES or not dot or "." not in head:
            continue
        names[head.partition(".")[2]] = None
    if len(names) > _FILTERS_MAX:
        raise UnsafeRepositoryError(
            f"the repository's git configuration defines {len(names)} filters (more than "
            f"{_FILTERS_MAX}): prx does not run git on it",
            suggestion=hint or None,
        )
    overrides: list[tuple[str, str]] = []
    for name in names:
        overrides += [
            (f"filter.{name}.clean", ""),
            (f"filter.{name}.smudge", ""),
            (f"filter.{name}.process", ""),
            (f"filter.{name}.required", "false"),
        ]
    return overrides


# ------------------------------------------------------------------ running


def _options(args: Sequence[str]) -> list[str]:
    """The words of ``args`` before ``--`` (options and revisions, not paths)."""
    return list(args[: args.index("--")] if "--" in args else args)


def _refuse_executing_flags(args: Sequence[str]) -> None:
    for word in _options(args)[1:]:
        if word in _EXECUTING_FLAGS:
            raise GitError(f"git {args[0]} {word}: prx does not run configured programs")


def _first_line(raw: bytes) -> str:
    lines = [line.strip() for line in raw.decode("utf-8", "replace").splitlines() if line.strip()]
    return lines[0] if lines else "no message"


def _subcommand(words: Sequence[str]) -> str:
    """The subcommand of an argv :func:`argv` made (after its options and ``-c`` pairs)."""
    rest = iter(words[1:])
    for word in rest:
        if word == "-c":
            next(rest, None)
        elif not word.startswith("-"):
            return word
    return ""


def spawn(
    cwd: str,
    words: Sequence[str],
    env: Mapping[str, str],
    *,
    timeout: float = TIMEOUT,
    hint: str = "",
) -> subprocess.CompletedProcess[bytes]:
    """Run the argv and environment :func:`command` made (stdin empty, output captured as
    bytes); GitError when git is missing, cannot start or runs past ``timeout``."""
    import subprocess

    try:
        return subprocess.run(
            list(words),
            cwd=cwd,
            env=dict(env),
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=timeout,
            check=False,
        )
    except FileNotFoundError:
        raise GitError(
            "git is not installed (no `git` program on the PATH)",
            suggestion=f"Install git. {hint}".rstrip(),
        ) from None
    except subprocess.TimeoutExpired:
        raise GitError(f"git {_subcommand(words)} took more than {timeout:.0f} seconds") from None
    except OSError as exc:
        raise GitError(f"cannot run git: {exc.strerror or exc}") from None
