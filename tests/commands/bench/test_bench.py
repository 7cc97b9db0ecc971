"""``prx bench``: prx against grep, cat and git on a small generated repository."""

from __future__ import annotations

import io
import json
import subprocess

import pytest
from programs import missing, needs

from prx.app.workspace import Workspace
from prx.core.config import Config

ENGINE = (
    '"""The engine."""\n\n\n'
    "class Engine:\n"
    '    """Runs things."""\n\n'
    + "".join(f"    def step_{i}(self, x):\n        return x + {i}\n\n" for i in range(30))
    + "    def long_step(self, items):\n"
    + "".join(f"        total_{i} = sum(items) * {i}\n" for i in range(40))
    + "        return total_0\n\n\n"
    "def start():\n    return Engine()\n\n\n"
    "def stop(engine):\n    return None\n"
)
FILES = {
    "src/pkg/__init__.py": "",
    "src/pkg/engine.py": ENGINE,
    "src/pkg/helpers.py": "".join(
        f"def helper_{i}(x):\n    return x * {i}\n\n\n" for i in range(12)
    ),
    "src/pkg/models.py": "class Model:\n    pass\n\n\nclass Other:\n    pass\n",
    # Eight modules import the engine.
    **{
        f"src/pkg/use_{i}.py": "from pkg import engine\n\n\ndef run():\n    return engine.start()\n"
        for i in range(8)
    },
    # The largest file is a test: never picked (it imports the engine too).
    "tests/test_engine.py": "from pkg import engine\n\n\n"
    + "".join(f"def test_{i}():\n    assert {i}\n\n\n" for i in range(200)),
    "README.md": "# demo\n\n## Usage\n\nRun it.\n",
}


def _workspace(root):
    return Workspace(root, config=Config.from_env({"PRX_HOME": str(root / ".home")}))


def _git(root, *args):
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
        cwd=root,
        check=True,
        capture_output=True,
    )


needs_git = needs("git")


@pytest.fixture
def project(make_repo):
    return make_repo(FILES)


def _by_task(result, name):
    return [t for t in result.tasks if t.task == name]


def _range(text, start, end):
    return "".join(line + "\n" for line in text.split("\n")[start - 1 : end])


def test_each_task_runs_the_command_made_for_its_question(project):
    from prx.core.tokens import count_exact

    result = _workspace(project).bench(".")
    assert [t.task for t in result.tasks][-6:] == [
        "module-cat",
        "module-grep",
        "files",
        "function",
        "diff",
        "impact",
    ]
    assert result.picked_from[0] == "src/pkg/engine.py"
    assert not any(p.startswith("tests/") for p in result.picked_from)

    # Where is X defined: the symbol search, in the model-facing text form.
    definition = _by_task(result, "definition")[0]
    assert definition.question == "where is Engine defined? (src/pkg/engine.py:4)"
    assert definition.prx_command == "prx --text search Engine --symbol"
    assert definition.unix_command == "grep -rn -- Engine ."
    printed = subprocess.run(
        ["grep", "-rn", "--", "Engine", "."], cwd=project, capture_output=True, text=True
    ).stdout
    assert definition.unix_tokens == count_exact(printed)
    assert definition.needed_lines == 1
    assert definition.prx_fidelity == definition.prx_json_fidelity == 1.0
    assert definition.unix_fidelity == 1.0
    assert 0 < definition.prx_tokens and 0 < definition.prx_json_tokens
    assert definition.prx_ms > 0 and definition.unix_ms > 0
    saved = (definition.unix_tokens - definition.prx_tokens) / definition.unix_tokens * 100
    assert definition.saved_percent == round(saved, 1)  # the text form is the headline
    # The grep an agent who knows Python types.
    keyword = _by_task(result, "definition-grep")[0]
    assert keyword.question == definition.question and keyword.prx_tokens == definition.prx_tokens
    assert keyword.unix_command == "grep -rn -- 'def Engine\\b\\|class Engine\\b' ."
    assert keyword.unix_fidelity == 1.0 and 0 < keyword.unix_tokens < definition.unix_tokens

    # What a directory holds: its outline.
    cat, grep = _by_task(result, "module-cat")[0], _by_task(result, "module-grep")[0]
    assert cat.prx_command == grep.prx_command == "prx --text outline src/pkg --max-depth 1"
    assert cat.unix_command.startswith("cat -- src/pkg/__init__.py src/pkg/engine.py")
    assert "src/pkg/" in cat.question and "12 python files" in cat.question
    assert cat.needed_lines == grep.needed_lines > 0
    assert cat.unix_fidelity == 1.0 and grep.unix_fidelity == 1.0
    assert cat.unix_tokens > grep.unix_tokens  # grep prints only the definition lines

    # The files: find.
    files = _by_task(result, "files")[0]
    assert files.prx_command == "prx --text find"
    assert files.unix_command == "find . -type f -not -path './.git/*'"
    assert files.needed_lines == len(FILES)
    assert files.prx_fidelity == files.prx_json_fidelity == files.unix_fidelity == 1.0

    # A function, its place known: a ranged read against sed of the same range.
    function = _by_task(result, "function")[0]
    start = ENGINE.split("\n").index("    def long_step(self, items):") + 1
    end = start + 41
    assert function.question == f"read long_step (src/pkg/engine.py:{start}-{end})"
    assert function.needed_lines == 42  # the def, 40 sums and the return
    assert function.prx_command == f"prx --text read src/pkg/engine.py --lines {start}-{end}"
    assert function.unix_command == f"sed -n {start},{end}p -- src/pkg/engine.py"
    assert function.unix_tokens == count_exact(_range(ENGINE, start, end))
    assert function.prx_fidelity == function.prx_json_fidelity == function.unix_fidelity == 1.0

    # What imports the engine: impact, against a grep for the module's name.
    impact = _by_task(result, "impact")[0]
    assert impact.prx_command == "prx --text impact src/pkg/engine.py"
    assert impact.unix_command == "grep -rn -- engine ."
    # The import line of the 8 users and of the test.
    assert impact.needed_lines == 9 and "the 9 files that import it" in impact.question
    assert impact.prx_json_fidelity == impact.unix_fidelity == 1.0

    # Not a git repository (or no git at all): the diff task says so.
    assert _by_task(result, "diff")[0].skipped == (
        "git is not installed, or refuses the repository"
        if missing("git")
        else "not a git repository with a commit"
    )
    ran = [t for t in result.tasks if t.skipped is None]
    assert result.prx_tokens == sum(t.prx_tokens for t in ran)
    assert result.prx_json_tokens == sum(t.prx_json_tokens for t in ran)
    assert result.unix_tokens == sum(t.unix_tokens for t in ran)


def test_a_task_prx_loses_says_why(project):
    """The explanation is computed from both outputs: a row prx loses carries it, with the
    row's own figures; a row it wins has none (tests/commands/bench/test_explain.py)."""
    result = _workspace(project).bench(".")
    ran = [t for t in result.tasks if t.skipped is None]
    for task in ran:
        lost = task.prx_tokens > task.unix_tokens or (task.prx_fidelity or 1.0) < 1.0
        assert (task.explanation is not None) == lost, task
    # The one-line keyword grep costs less than any search answer.
    keyword = _by_task(result, "definition-grep")[0]
    assert keyword.explanation.startswith(
        f"prx {keyword.prx_tokens:,} tokens (JSON {keyword.prx_json_tokens:,}) vs grep "
        f"{keyword.unix_tokens:,}: prx shows 1 match in 1 file"
    )
    assert "grep prints 1 line. The needed line is " in keyword.explanation


@needs_git
def test_the_diff_task_runs_diff(project):
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "init")
    ws = _workspace(project)
    assert _by_task(ws.bench("."), "diff")[0].skipped == "no file changed since HEAD"
    models = project / "src/pkg/models.py"
    models.write_text(models.read_text().replace("class Other:", "class Renamed:") + "X = 1\n")
    diff = _by_task(ws.bench("."), "diff")[0]
    assert diff.skipped is None and diff.question.endswith("(1 files)")
    assert diff.prx_command == "prx --text diff"
    assert diff.unix_command == "git diff HEAD"
    assert diff.needed_lines == 3  # class Other: removed, class Renamed: and X = 1 added
    assert diff.unix_fidelity == 1.0 and diff.prx_fidelity == diff.prx_json_fidelity == 1.0
    assert diff.unix_tokens > 0 and diff.prx_tokens > 0


GO_FILES = {
    "go.mod": "module example.com/demo\n\ngo 1.21\n",
    "util/util.go": "package util\n\n"
    + "type Table struct {\n\tRows []string\n}\n\n"
    + "func (t *Table) Render(width int) string {\n"
    + "".join(f"\tx{i} := width * {i}\n\t_ = x{i}\n" for i in range(30))
    + '\treturn ""\n}\n\n'
    + "func New() *Table {\n\treturn &Table{}\n}\n",
    "main.go": 'package main\n\nimport (\n\t"example.com/demo/util"\n)\n\n'
    "func main() {\n\t_ = util.New()\n}\n",
    "cmd/tool/tool.go": 'package tool\n\nimport "example.com/demo/util"\n\n'
    "func Run() string {\n\treturn util.New().Render(3)\n}\n",
}


def test_the_unix_side_is_what_an_agent_types_in_the_language(make_repo):
    """Go: a method is found by its receiver form, a file's users by its package's path."""
    root = make_repo(GO_FILES)
    result = _workspace(root).bench(".")
    assert result.picked_from[0] == "util/util.go"
    keyword = next(t for t in _by_task(result, "definition-grep") if "Render" in t.question)
    assert keyword.prx_command == "prx --text search Render --symbol"
    assert keyword.unix_command == (
        "grep -rn -- 'func Render\\b\\|func ([^)]*) Render\\b\\|type Render\\b' ."
    )
    assert keyword.unix_fidelity == 1.0 and keyword.unix_tokens > 0
    impact = _by_task(result, "impact")[0]
    assert impact.prx_command == "prx --text impact util/util.go"
    assert impact.unix_command == "grep -rn -- '\"example.com/demo/util\"' ."
    assert impact.needed_lines == 2 and impact.unix_fidelity == 1.0


def test_a_repository_without_code_skips_every_task_with_a_reason(make_repo):
    root = make_repo({"README.md": "# only docs\n", "notes.txt": "nothing\n"})
    result = _workspace(root).bench(".")
    files = _by_task(result, "files")[0]
    assert result.picked_from == ()
    assert (result.prx_tokens, result.unix_tokens) == (files.prx_tokens, files.unix_tokens)
    reasons = {t.task: t.skipped for t in result.tasks}
    assert reasons["module"] == reasons["function"] == "no source file with symbols"
    assert reasons["files"] is None  # the two files are listed all the same
    assert reasons["impact"] == "no source file with symbols"
    assert all(t.skipped for t in result.tasks if t.task != "files")


def test_progress_and_the_cli(project):
    from prx.core.progress import reporting
    from prx.frontends.cli.frontend import CliFrontend

    seen = []
    with reporting(seen.append):
        result = _workspace(project).bench(".")
    tasks = [p for p in seen if p.stage == "tasks"]
    assert tasks[-1].done == tasks[-1].total and len(tasks) == tasks[-1].total + 1
    out = io.StringIO()
    code = CliFrontend(_workspace(project), stdout=out).main(["--plain", "bench", "."])
    plain = out.getvalue()
    assert code == 0 and "module-grep" in plain and "skipped" in plain
    # A lost task is marked in the table and explained under its commands.
    assert "lost" in plain and "   lost: prx " in plain
    assert len(result.tasks) == 12  # 3 sources x 2 definition rows, then 6 tasks
    out = io.StringIO()
    code = CliFrontend(_workspace(project), stdout=out).main(["--text", "bench", "."])
    text = out.getvalue()
    assert code == 0 and text.startswith("prx bench .: prx ")
    assert "   $ prx --text search Engine --symbol" in text and "   lost: prx " in text
    out = io.StringIO()
    code = CliFrontend(_workspace(project), stdout=out).main(["bench", "missing-dir"])
    assert code == 1 and json.loads(out.getvalue())["error"]["code"] == "file_not_found"


def test_the_bench_never_imports_from_the_benchmarked_tree(project):
    # prx's own calls run in the tree: a hostile repository's `prx/` or `json.py` must not
    # be imported in prx's place.
    (project / "prx").mkdir()
    (project / "prx" / "__init__.py").write_text(
        "import pathlib; pathlib.Path(__file__).with_name('IMPORTED').write_text('x')\n"
    )
    (project / "json.py").write_text(
        "import pathlib; pathlib.Path(__file__).with_name('IMPORTED_JSON').write_text('x')\n"
    )
    result = _workspace(project).bench(".")
    assert any(t.prx_tokens for t in result.tasks)
    assert not (project / "prx" / "IMPORTED").exists()
    assert not (project / "IMPORTED_JSON").exists()
