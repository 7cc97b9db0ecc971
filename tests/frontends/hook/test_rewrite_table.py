"""The rewrite table: every rewritten form, run as the agent's shell would run it, beside
the prx command the hook puts in its place. prx's answer must hold every line the Unix
command prints (paths without ``./``, a line's outer blanks dropped: the documented
differences of form), on a fixture tree and on this repository."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from prx.frontends.hook.forms import Passed, Rewrite, rewrite

REPO = Path(__file__).resolve().parents[3]

pytestmark = pytest.mark.skipif(
    shutil.which("rg") is None or shutil.which("grep") is None, reason="needs grep and rg"
)


def _tree(root: Path) -> Path:
    src = root / "src"
    (src / "deep").mkdir(parents=True)
    (src / "a.py").write_text(
        "import os\n"
        "# TODO: first\n"
        "def foo(bar):\n"
        "    return bar  # todo lower\n"
        "    x = a.b + axb  # foo|bar\n"
        "\n"
        "  TODO   indented  \n"
        "foobar = 1\n"
    )
    (src / "deep" / "b.txt").write_text("TODO b\nnothing\nfoo bar\n")
    (src / "deep" / "no_newline.md").write_text("first\nTODO last line")
    (root / "notes.txt").write_text("a TODO at the root\nünïcode TODO\n")
    (root / ".hidden.py").write_text("TODO hidden\n")
    (root / ".gitignore").write_text("build/\n*.log\n")
    (root / "build").mkdir()
    (root / "build" / "out.py").write_text("TODO in an ignored folder\n")
    (root / "run.log").write_text("TODO in an ignored file\n")
    (root / ".git").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main TODO\n")
    (root / "image.bin").write_bytes(b"TODO\0\1\2")
    return root


#: (shell command, how the Unix tool prints a line). ``path:n:text``, ``path:text``,
#: ``n:text`` (one file), ``path`` (file names), ``file`` (exact text), ``paths``.
FIXTURE_FORMS = [
    ("grep -rn TODO .", "path:n:text"),
    ("grep -rn TODO src", "path:n:text"),
    ("grep -r TODO src", "path:text"),
    ("grep -rni todo .", "path:n:text"),
    ("grep -rnw foo .", "path:n:text"),
    ("grep -rnF 'a.b' src", "path:n:text"),
    ("grep -rn 'a.b' src", "path:n:text"),
    ("grep -rn 'foo|bar' src", "path:n:text"),
    ("grep -rnE 'foo|bar' src", "path:n:text"),
    ("grep -rn '^foo' src", "path:n:text"),
    ("grep -rnE 'x = [a-z]\\.b' src", "path:n:text"),
    ("grep -rlI TODO .", "path"),
    ("grep -rn --include='*.py' TODO .", "path:n:text"),
    ("grep -rn -e TODO src", "path:n:text"),
    ("grep -n TODO src/a.py", "n:text"),
    ("rg -n TODO", "path:n:text"),
    ("rg -n TODO src", "path:n:text"),
    ("rg TODO src", "path:text"),
    ("rg -n -i todo", "path:n:text"),
    ("rg -n -F 'a.b' src", "path:n:text"),
    ("rg -n 'fo+' src", "path:n:text"),
    ("rg -n -w foo", "path:n:text"),
    ("rg -l TODO", "path"),
    ("rg -n -g '*.md' TODO", "path:n:text"),
    ("rg -n -uu TODO", "path:n:text"),
    ("cat src/a.py", "file"),
    ("cat src/deep/no_newline.md", "file"),
    ("head -n 3 src/a.py", "file"),
    ("head -2 src/a.py", "file"),
    ("head src/a.py", "file"),
    ("head -n 50 src/deep/no_newline.md", "file"),
    ("tail -n 2 src/a.py", "file"),
    ("tail -3 src/a.py", "file"),
    ("tail src/deep/b.txt", "file"),
    ("tail -n +6 src/a.py", "file"),
    ("sed -n '2,4p' src/a.py", "file"),
    ("sed -n 3p src/a.py", "file"),
    ("sed -n '2,$p' src/a.py", "file"),
    ("sed -n '5,2p' src/a.py", "file"),
    ("sed -n '6,100p' src/a.py", "file"),
    ("find . -type f -name '*.py'", "paths"),
    ("find src -type f", "paths"),
    ("find . -maxdepth 1 -type f", "paths"),
    ("find . -type f", "paths"),
]

#: Forms on this repository (folders without generated data: quick, and the same in a
#: clean clone).
REPO_FORMS = [
    ("grep -rn 'def rewrite' prx", "path:n:text"),
    ("grep -rnE 'class [A-Z][a-zA-Z]+Error\\(' prx", "path:n:text"),
    ("grep -rnw append_item prx", "path:n:text"),
    ("grep -rlI 'skip_vcs' prx", "path"),
    ("grep -rn --include='*.md' 'prx hook' docs", "path:n:text"),
    ("rg -n 'def hook_config' prx", "path:n:text"),
    ("rg -n -F 'DECISION_SECONDS' prx", "path:n:text"),
    ("cat pyproject.toml", "file"),
    ("head -n 20 README.md", "file"),
    ("tail -5 CHANGELOG.md", "file"),
    ("sed -n 10,30p prx/frontends/cli/__init__.py", "file"),
    ("find prx -type f -name '*.py'", "paths"),
    ("find docs -type f", "paths"),
]


def _shell(command: str, cwd: Path) -> str:
    env = {k: v for k, v in os.environ.items() if k != "RIPGREP_CONFIG_PATH"}
    done = subprocess.run(
        ["bash", "-c", command], cwd=cwd, capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode in (0, 1), done.stderr
    return done.stdout


_PRX_LINE = re.compile(r"(\d+)(?: [^:]*)?:(.*)")


def _prx_lines(text: str, cwd: Path) -> set[tuple[str, int | None, str]]:
    """(path, line, text) of every match line of a prx search's text answer, and
    (path, None, "") for every file it names."""
    held: set[tuple[str, int | None, str]] = set()
    current = ""
    for line in text.splitlines():
        if line.startswith("[") or not line.strip():
            continue
        found = _PRX_LINE.fullmatch(line)
        if found and current:
            held.add((current, int(found.group(1)), found.group(2).strip()))
            continue
        single = re.fullmatch(r"(.+?):(\d+)(?: [^:]*)?:(.*)", line)
        if single and (cwd / single.group(1)).is_file():
            current = single.group(1)
            held.add((current, int(single.group(2)), single.group(3).strip()))
        elif (cwd / line).is_file():
            current = line
        else:
            continue
        held.add((current, None, ""))
    return held


def _norm(path: str) -> str:
    return os.path.normpath(path)


def _check(command: str, shape: str | None, cwd: Path) -> None:
    decided = rewrite(command, str(cwd), {})
    assert isinstance(decided, Rewrite), (command, getattr(decided, "reason", ""))
    unix = _shell(command, cwd)
    answer = _shell(decided.command(), cwd)
    assert "more" not in answer.splitlines()[-1:][0] if answer.strip() else True, answer
    if shape is None:
        return
    if shape == "file":
        shown = answer.rstrip("\n").split("\n")
        wanted = unix.rstrip("\n").split("\n")
        if len(shown) == len(wanted) + 1 and shown[0].startswith("in "):
            shown = shown[1:]  # a range inside a definition is headed by its name
        assert shown == wanted, (command, unix, answer)
        return
    if shape == "paths":
        listed = {_norm(line) for line in answer.splitlines() if (cwd / line).is_file()}
        names = {_norm(line) for line in unix.splitlines()}
        assert names and names <= listed, (command, names - listed)
        return
    held = _prx_lines(answer, cwd)
    single = decided.argv[-1]
    lines = unix.splitlines()
    assert lines, command
    for line in lines:
        if shape == "path":
            assert (_norm(line), None, "") in held, (command, line, answer)
            continue
        if shape == "n:text":
            number, _, text = line.partition(":")
            path = _norm(single)
        elif shape == "path:n:text":
            path, number, text = re.fullmatch(r"(.+?):(\d+):(.*)", line).groups()  # type: ignore[union-attr]
        else:  # path:text
            path, _, text = line.partition(":")
            number = ""
        path = _norm(path)
        if number:
            assert (path, int(number), text.strip()) in held, (command, line, answer)
        else:
            assert any(p == path and t == text.strip() for p, _, t in held), (command, line)


@pytest.mark.parametrize(("command", "shape"), FIXTURE_FORMS)
def test_every_line_of_the_unix_command_is_in_the_answer(
    tmp_path: Path, command: str, shape: str
) -> None:
    _check(command, shape, _tree(tmp_path))


@pytest.mark.parametrize(("command", "shape"), REPO_FORMS)
def test_every_line_on_this_repository(command: str, shape: str | None) -> None:
    _check(command, shape, REPO)


@pytest.mark.parametrize(
    "command",
    [
        "grep -rn TODO . | head",
        "grep -rn TODO > out.txt",
        "grep -rnc TODO .",
        "grep -rl TODO .",
        "grep -rnv TODO .",
        "grep -rn -A 2 TODO .",
        "grep -rnR TODO .",
        "grep -rn 'a\\(b\\)' src",
        "grep -rnE '\\d+' src",
        "grep -rn '[[:digit:]]' src",
        "grep TODO src",
        "grep -n TODO",
        "grep -rn TODO src other",
        "grep -rn TODO ../elsewhere",
        "grep -rn TODO missing",
        "rg -t py TODO",
        "rg --pcre2 'a(?=b)'",
        "rg -n 'a(?i)b'",
        "rg -g '!*.py' TODO",
        "cat src/a.py src/deep/b.txt",
        "cat -n src/a.py",
        "cat image.bin",
        "cat missing.txt",
        "cat $HOME/.bashrc",
        "cat ~/.bashrc",
        "cat *.py",
        "head -n -2 src/a.py",
        "head -c 10 src/a.py",
        "tail -f run.log",
        "sed -n 's/a/b/p' src/a.py",
        "sed -i '2d' src/a.py",
        "sed -n '2,4p' src/a.py src/deep/b.txt",
        "find . -name '*.py'",
        "find . -type d",
        "find . -type f -name '*.py' -delete",
        "find . -type f -exec rm {} \\;",
        "find . -type f -iname '*.PY'",
        "ls -R",
        "X=1 cat src/a.py",
        "cd src && cat a.py",
        "echo hi",
    ],
)
def test_what_could_mean_otherwise_runs_as_written(tmp_path: Path, command: str) -> None:
    decided = rewrite(command, str(_tree(tmp_path)), {})
    assert isinstance(decided, Passed), (command, getattr(decided, "argv", None))
    assert decided.reason


def test_a_ripgrep_configuration_keeps_rg_as_written(tmp_path: Path) -> None:
    root = _tree(tmp_path)
    assert isinstance(rewrite("rg TODO", str(root), {}), Rewrite)
    passed = rewrite("rg TODO", str(root), {"RIPGREP_CONFIG_PATH": "/x/rc"})
    assert isinstance(passed, Passed) and "RIPGREP_CONFIG_PATH" in passed.reason


def test_a_link_out_of_the_directory_runs_as_written(tmp_path: Path) -> None:
    root = _tree(tmp_path / "project")
    outside = tmp_path / "secret.txt"
    outside.write_text("secret\n")
    (root / "link.txt").symlink_to(outside)
    decided = rewrite("cat link.txt", str(root), {})
    assert isinstance(decided, Passed) and "outside" in decided.reason
