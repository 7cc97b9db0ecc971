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
    "src/pkg/engine.py": ENGINE,
    "src/pkg/helpers.py": "".join(
        f"def helper_{i}(x):\n    return x * {i}\n\n\n" for i in range(12)
    ),
    "src/pkg/models.py": "class Model:\n    pass\n\n\nclass Other:\n    pass\n",
    # Many lines name the module: more than a search page shows.
    **{
        f"src/pkg/use_{i}.py": "from pkg import engine\n\n\ndef run():\n    return engine.start()\n"
        for i in range(8)
    },
    # The largest file is a test: never picked.
    "tests/test_engine.py": "".join(f"def test_{i}():\n    assert {i}\n\n\n" for i in range(200)),
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


def test_the_tasks_their_targets_and_their_figures(project):
    from prx.core.tokens import count_exact

    result = _workspace(project).bench(".")
    assert [t.task for t in result.tasks][-5:] == [
        "module-cat",
        "module-grep",
        "function",
        "diff",
        "impact",
    ]
    assert result.picked_from[0] == "src/pkg/engine.py"
    assert not any(p.startswith("tests/") for p in result.picked_from)
    definition = _by_task(result, "definition")[0]
    assert definition.question == "where is Engine defined? (src/pkg/engine.py:4)"
    assert definition.unix_command == "grep -rn -- Engine ."
    assert definition.prx_command == "prx search Engine"
    printed = subprocess.run(
        ["grep", "-rn", "--", "Engine", "."], cwd=project, capture_output=True, text=True
    ).stdout
    assert definition.unix_tokens == count_exact(printed)
    assert definition.needed_lines == 1
    assert (definition.prx_fidelity, definition.unix_fidelity) == (1.0, 1.0)
    assert definition.prx_tokens > 0 and definition.prx_ms > 0 and definition.unix_ms > 0
    saved = (definition.unix_tokens - definition.prx_tokens) / definition.unix_tokens * 100
    assert definition.saved_percent == round(saved, 1)
    keyword = _by_task(result, "definition-grep")[0]
    assert keyword.question == definition.question and keyword.prx_tokens == definition.prx_tokens
    assert keyword.unix_command.startswith("grep -rn -- '^\\s*\\(def\\|class")
    assert keyword.unix_command.endswith(" Engine\\b' .")
    assert keyword.unix_fidelity == 1.0 and 0 < keyword.unix_tokens < definition.unix_tokens

    function = _by_task(result, "function")[0]
    start = ENGINE.split("\n").index("    def long_step(self, items):") + 1
    end = start + 41
    assert function.question == f"read long_step (src/pkg/engine.py:{start}-{end})"
    assert function.needed_lines == 42  # the def, 40 sums and the return
    assert function.prx_command == (
        f"prx outline src/pkg/engine.py; prx read src/pkg/engine.py --lines {start}-{end}"
    )
    assert (function.prx_fidelity, function.unix_fidelity) == (1.0, 1.0)
    assert function.unix_tokens == count_exact(ENGINE)  # cat prints the whole file
    # A small file: prx's outline and read together cost more than cat (and say so).
    assert function.prx_tokens > function.unix_tokens and function.saved_percent < 0

    cat, grep = _by_task(result, "module-cat")[0], _by_task(result, "module-grep")[0]
    assert "src/pkg/" in cat.question and "11 python files" in cat.question
    assert cat.needed_lines == grep.needed_lines > 0
    assert cat.unix_fidelity == 1.0 and grep.unix_fidelity == 1.0
    assert cat.unix_tokens > grep.unix_tokens  # grep prints only the definition lines

    # Not a git repository (or no git at all): the diff task says so.
    assert _by_task(result, "diff")[0].skipped == (
        "git is not installed, or refuses the repository"
        if missing("git")
        else "not a git repository with a commit"
    )
    assert result.prx_tokens == sum(t.prx_tokens for t in result.tasks if t.skipped is None)
    assert result.unix_tokens == sum(t.unix_tokens for t in result.tasks if t.skipped is None)


def test_fidelity_is_computed_where_prx_shows_a_page(project):
    """The impact task: grep prints every line naming the module, a search page does not."""
    result = _workspace(project).bench(".")
    impact = _by_task(result, "impact")[0]
    assert impact.question.endswith("(every line naming engine)")
    assert impact.needed_lines >= 17  # 2 lines in each of the 8 users, and more
    assert impact.unix_fidelity == 1.0
    assert impact.prx_fidelity is not None and impact.prx_fidelity < 1.0


@needs_git
def test_the_diff_task_on_a_repository_with_changes(project):
    _git(project, "init", "-q")
    _git(project, "add", "-A")
    _git(project, "commit", "-q", "-m", "init")
    ws = _workspace(project)
    assert _by_task(ws.bench("."), "diff")[0].skipped == "no file changed since HEAD"
    models = project / "src/pkg/models.py"
    models.write_text(models.read_text().replace("class Other:", "class Renamed:") + "X = 1\n")
    diff = _by_task(ws.bench("."), "diff")[0]
    assert diff.skipped is None and diff.question.endswith("(1 files)")
    assert diff.prx_command == "prx read src/pkg/models.py --mode diff"
    assert diff.needed_lines == 3  # class Other: removed, class Renamed: and X = 1 added
    assert diff.unix_fidelity == 1.0 and diff.prx_fidelity == 1.0
    assert diff.unix_tokens > 0 and diff.prx_tokens > 0


def test_a_repository_without_code_skips_every_task_with_a_reason(make_repo):
    root = make_repo({"README.md": "# only docs\n", "notes.txt": "nothing\n"})
    result = _workspace(root).bench(".")
    assert result.picked_from == () and result.prx_tokens == result.unix_tokens == 0
    reasons = {t.task: t.skipped for t in result.tasks}
    assert reasons["module"] == reasons["function"] == "no source file with symbols"
    assert reasons["impact"] == "no source file with symbols"
    assert all(t.skipped for t in result.tasks)


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
    assert code == 0 and "module-grep" in out.getvalue() and "skipped" in out.getvalue()
    assert len(result.tasks) == 11  # 3 sources x 2 definition rows, then 5 tasks
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
