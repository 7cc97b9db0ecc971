"""``prx run``: real exit codes, timeouts, pass-through, raw logs, budgets, plugin parsers."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from programs import needs

from prx import Workspace
from prx.app.hooks import RunnerParsers
from prx.commands.run.operation import RUN
from prx.commands.run.text import RAW_SLACK
from prx.core.tokens import count_exact
from prx.engine.runner.detect import is_passthrough, select_parser, unwrap
from prx.frontends.cli.parser import parse_params

from envelopes import assert_error, assert_ok

PY = sys.executable

FAILING_SUITE = {
    "tests/test_calc.py": (
        "import pytest\n\n"
        "def test_ok():\n    assert 1\n\n"
        "def test_dict():\n    assert {'a': 1, 'b': 2} == {'a': 1, 'b': 3}\n\n"
        "@pytest.mark.parametrize('n', range(40))\n"
        "def test_many(n):\n    assert n != 7\n"
    )
}


def shell_status(data: dict) -> int:
    """The exit status prx gives a completed run: the command's, as a shell reports it."""
    if data.get("timed_out"):
        return 124
    return 128 - data["exit_code"] if data["exit_code"] < 0 else data["exit_code"]


#: Python code printing this many lines first, so that the output is larger than its answer
#: and the raw log holds what the answer leaves out.
LINES = "print('\\n'.join(f'line {i}' for i in range(300)), flush=True); "


def data_of(run, *, exact: bool = False) -> dict:
    data = assert_ok(run.envelope, "run", exact=exact)
    assert run.exit_code == shell_status(data), (run.stdout, run.stderr)
    return data


# ------------------------------------------------------------------ argv parsing


def test_everything_after_the_command_belongs_to_it():
    p = parse_params(RUN, ["--timeout", "5", "pytest", "-q", "--timeout", "3", "--raw", "--help"])
    assert p.command == ("pytest", "-q", "--timeout", "3", "--raw", "--help")
    assert p.timeout == 5.0 and p.raw is False


def test_double_dash_and_defaults():
    p = parse_params(RUN, ["--", "-weird", "x"])
    assert p.command == ("-weird", "x") and p.timeout == 300.0 and p.budget is None
    assert parse_params(RUN, ["--raw", "--budget=50", "ls"]).budget == 50


def test_missing_command_is_a_usage_error(run_cli, tmp_path):
    run = run_cli("run", "--raw", cwd=tmp_path)
    assert run.exit_code == 2
    assert_error(run.envelope, "run", "invalid_argument")


def test_help_of_run_itself(run_cli, tmp_path):
    run = run_cli("run", "--help", cwd=tmp_path)
    assert run.exit_code == 0 and "CMD" in run.stdout and "--timeout" in run.stdout


# ------------------------------------------------------------------ detection


@pytest.mark.parametrize(
    ("argv", "tool"),
    [
        (["pytest", "-q"], "pytest"),
        ([PY, "-m", "pytest", "-x"], "pytest"),
        (["python3", "-W", "error", "-m", "pytest"], "pytest"),
        (["uv", "run", "--with", "x", "pytest"], "pytest"),
        (["poetry", "run", "mypy", "."], "mypy"),
        (["npx", "-y", "ruff", "check"], "ruff"),
        (["sh", "-c", "pytest -q tests"], "pytest"),
        (["sh", "-c", "pytest -q && ruff check"], "fallback"),
        (["env", "A=1", "cargo", "test"], "cargo-test"),
        (["npm", "test"], "fallback"),
        (["npm", "run", "lint"], "fallback"),
        (["git", "status", "-s"], "git-status"),
        (["git", "-C", "x", "push"], "fallback"),
        (["node", "--test"], "node-test"),
        (["node", "script.js"], "fallback"),
        (["make", "all"], "make"),
        (["/usr/bin/gcc", "-c", "a.c"], "cc"),
        (["kubectl", "-n", "kube-system", "logs", "web-0"], "logs"),
        (["kubectl", "-n", "kube-system", "get", "pods"], "kubectl"),
        (["dotnet", "test", "--no-build"], "dotnet"),
    ],
)
def test_parser_selection_looks_through_wrappers(argv, tool):
    assert select_parser(RunnerParsers.prx_register_runner_parsers(), argv).NAME == tool


def _parse(argv, stdout, stderr="", exit_code=0):
    from prx.engine.runner.model import CapturedRun
    from prx.engine.runner.parse import parse_output

    parser = select_parser(RunnerParsers.prx_register_runner_parsers(), argv)
    raw = CapturedRun(argv=argv, exit_code=exit_code, stdout=stdout, stderr=stderr, duration_ms=1)
    return parse_output(parser, raw)[0]


def test_kubectl_options_with_values_do_not_hide_the_verb():
    out = "Events:\n  Type     Reason   Age   From     Message\n  ----     ------   ----  ----     -------\n"
    out += "  Warning  BackOff  2m    kubelet  Back-off restarting failed container\n"
    parsed = _parse(("kubectl", "-n", "prod", "describe", "pod", "web-0"), out)
    assert [f.name for f in parsed.failures] == ["Warning BackOff"]
    assert parsed.errors == 0


def test_kubectl_logs_lists_the_log_and_counts_kubectl_errors_apart():
    log = "2026-01-02 ERROR upstream timeout\nall good\n"
    err = 'Defaulted container "app" out of: app, sidecar\n'
    parsed = _parse(("kubectl", "logs", "web-0"), log, err)
    assert parsed.items == ["2026-01-02 ERROR upstream timeout"] and parsed.errors is None
    err = 'Error from server (NotFound): pods "web-0" not found\n'
    parsed = _parse(("kubectl", "logs", "web-0"), "", err, 1)
    assert [f.name for f in parsed.failures] == ["kubectl logs web-0"] and parsed.errors == 1


def test_dotnet_one_line_and_block_summaries_are_not_counted_twice():
    out = "Passed!  - Failed:     0, Passed:     3, Skipped:     0, Total:     3\n"
    out += "Test Run Successful.\nTotal tests: 3\n     Passed: 3\n"
    parsed = _parse(("dotnet", "test"), out)
    assert (parsed.passed, parsed.failed, parsed.skipped) == (3, 0, 0)


def test_unwrap_normalises_the_program():
    assert unwrap(["/usr/bin/python3.11", "-m", "pytest", "-q"]) == ("pytest", "-q")
    assert unwrap(["py.test"]) == ("pytest",)
    assert unwrap(["npm", "test"]) == ("npm", "test")


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["pytest", "--help"], True),
        (["ruff", "--version"], True),
        (["python", "-V"], True),
        (["make", "-h"], True),
        (["du", "-h", "."], False),
        (["pytest", "-q"], False),
        (["cargo", "test", "--", "--help"], False),
    ],
)
def test_passthrough_detection(argv, expected):
    assert is_passthrough(argv) is expected


# ------------------------------------------------------------------ end to end


def test_real_exit_code_is_kept(run_cli, tmp_path):
    code = LINES + "import sys; print('oops'); sys.exit(3)"
    data = data_of(run_cli("run", PY, "-c", code, cwd=tmp_path))
    assert data["exit_code"] == 3
    assert data["summary"].startswith("exit 3, no failures parsed: see raw output")
    assert "timed_out" not in data and "oops" in data["tail"]  # said only when it happened


def test_a_tiny_output_keeps_every_key_and_a_text_near_its_size(run_cli, tmp_path):
    """The JSON answer of a one-line output keeps every key (the tool, the counts, the
    summary, the command: never a compact subset); its text, what a model reads with
    ``--text``, costs at most the output + RAW_SLACK tokens and shows the line."""
    argv = (PY, "-c", "import sys; print('oops'); sys.exit(3)")
    data = data_of(run_cli("run", *argv, cwd=tmp_path))
    assert data["exit_code"] == 3 and data["tail"] == "oops"
    assert {"command", "tool", "summary", "failed", "exit_code"} <= data.keys()
    assert "passed" not in data and "errors" not in data  # counts the tool did not state
    text = run_cli("--text", "run", *argv, cwd=tmp_path)
    assert text.exit_code == 3
    lines = text.stdout.splitlines()
    assert lines[0].startswith("fallback: exit 3") and lines[1:] == ["oops"]
    assert count_exact(text.stdout) <= count_exact("oops\n") + RAW_SLACK


def test_busybox_name_prx_run(run_cli, tmp_path):
    data = data_of(run_cli(PY, "-c", "print('hi')", cwd=tmp_path, program="prx-run"))
    assert (
        data["tail"] == "hi"
        and data["summary"] == f"1 line of output in {data['summary'].split(' in ')[1]}"
    )


def test_command_not_found_is_an_error(run_cli, tmp_path):
    run = run_cli("run", "no-such-program-xyz", cwd=tmp_path)
    assert run.exit_code == 127  # as a shell has it
    assert "command not found" in assert_error(run.envelope, "run", "file_not_found")["message"]


def test_timeout_kills_the_process_group(run_cli, tmp_path):
    pidfile = tmp_path / "pid"
    script = f"sleep 60 & echo $! > {pidfile}; wait"
    started = time.monotonic()
    script = f'{PY} -c "{LINES}"; {script}'
    data = data_of(run_cli("run", "--timeout", "1", "sh", "-c", script, cwd=tmp_path))
    assert time.monotonic() - started < 30
    assert data["timed_out"] is True and data["exit_code"] < 0
    assert data["summary"].startswith("timed out after 1.0s: process group killed")
    grandchild = int(pidfile.read_text())
    for _ in range(50):
        try:
            os.kill(grandchild, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the background child of the timed-out command survived")


def test_help_is_passed_through_verbatim(run_cli, tmp_path):
    data = data_of(run_cli("run", PY, "-m", "pytest", "--help", cwd=tmp_path))
    # Asked for verbatim: the whole help, nothing cut, so no raw log; no counts parsed.
    assert data["tail"].startswith("usage:") and "--junit-xml" in data["tail"]
    assert data["omitted_lines"] == 0 and "raw_path" not in data and "passed" not in data
    report = Workspace(tmp_path).run([PY, "-m", "pytest", "--help"])
    assert report.tool == "passthrough" and report.tail == data["tail"]


def test_raw_returns_the_output_verbatim(run_cli, tmp_path):
    code = "import sys; print('out'); print('err', file=sys.stderr); sys.exit(1)"
    data = data_of(run_cli("run", "--raw", PY, "-c", code, cwd=tmp_path))
    assert data["tool"] == "raw" and data["exit_code"] == 1
    assert sorted(data["tail"].splitlines()) == ["err", "out"]
    assert data["summary"].endswith("(exit 1)")


def test_raw_log_is_saved_with_its_path_when_output_is_cut(run_cli, make_repo, prx_home):
    repo = make_repo(FAILING_SUITE)
    run = run_cli("run", PY, "-m", "pytest", "-p", "no:cacheprovider", cwd=repo)
    data = data_of(run)
    assert data["tool"] == "pytest"
    assert (data["passed"], data["failed"]) == (40, 2)
    assert data["summary"].startswith("2 failed, 40 passed in ") and data["summary"].endswith(
        "(exit 1)"
    )
    path = Path(data["raw_path"])
    assert path.parent == prx_home / "runs" and path.name.endswith(".log")
    assert count_exact(path.read_text()) == data["tokens_raw"]  # cl100k: the whole output
    assert "short test summary info" in path.read_text()
    assert data["omitted_lines"] > 0 and run.envelope["tokens"] < data["tokens_raw"]
    names = [f["name"] for f in data["failures"]]
    assert names == ["tests/test_calc.py::test_dict", "tests/test_calc.py::test_many[7]"]
    first = data["failures"][0]
    assert (first["file"], first["line"]) == ("tests/test_calc.py", 7)
    assert "Differing items" in first["excerpt"]


def test_dash_dash_keeps_flags_meant_for_the_command(run_cli, make_repo):
    repo = make_repo(FAILING_SUITE)
    data = data_of(
        run_cli("run", "--", PY, "-m", "pytest", "-q", "-p", "no:cacheprovider", cwd=repo)
    )
    assert "-q" in data["command"] and data["failed"] == 2


def test_collection_error_is_reported_as_an_error(run_cli, make_repo):
    repo = make_repo({"tests/test_x.py": "import missing_module_abc\n\ndef test_a():\n    pass\n"})
    data = data_of(run_cli("run", PY, "-m", "pytest", "-p", "no:cacheprovider", cwd=repo))
    assert data["exit_code"] == 2 and data["errors"] == 1
    assert data["summary"].startswith("collection error: ModuleNotFoundError in tests/test_x.py")
    assert "no tests" not in data["summary"] and "passed" not in data["summary"]


def test_conftest_import_error_is_reported_as_an_error(run_cli, make_repo):
    repo = make_repo(
        {
            "tests/conftest.py": "import missing_module_abc\n",
            "tests/test_x.py": "def test_a():\n    pass\n",
        }
    )
    data = data_of(run_cli("run", PY, "-m", "pytest", "-p", "no:cacheprovider", cwd=repo))
    # The summary reads it as an error, naming the conftest.
    assert data["exit_code"] == 4 and data["tool"] == "pytest"
    assert data["summary"].startswith("collection error: ModuleNotFoundError in ")
    assert "conftest.py" in data["summary"]


def test_budget_cuts_are_counted(run_cli, make_repo):
    files = {
        "tests/test_many.py": "import pytest\n\n@pytest.mark.parametrize('n', range(60))\n"
        "def test_n(n):\n    assert [n, 1, 2] == [n, 1, 3]\n"
    }
    repo = make_repo(files)
    run = run_cli("run", "--budget", "400", PY, "-m", "pytest", "-p", "no:cacheprovider", cwd=repo)
    data = data_of(run, exact=True)
    assert data["failed"] == 60 and run.envelope["tokens"] <= 400
    assert len(data["failures"]) + data["failures_omitted"] == 60
    assert data["failures_omitted"] > 0 and data["raw_path"]


def test_unknown_tool_keeps_error_lines_and_the_tail(run_cli, tmp_path):
    code = (
        "for i in range(100):\n    print('line', i)\n    if i == 10: print('ERROR: disk on fire')"
    )
    data = data_of(run_cli("run", PY, "-c", code, cwd=tmp_path))
    assert data["tool"] == "fallback"
    tail = data["tail"].splitlines()
    assert "ERROR: disk on fire" in tail and tail[-1] == "line 99"
    # The first 10 lines, the error line with one line either side, the last 20.
    assert tail[:12] == [*(f"line {i}" for i in range(11)), "ERROR: disk on fire"]
    assert tail[12:14] == ["line 11", "[prx: 68 lines omitted]"]
    assert data["summary"].startswith(
        "101 lines of output, 1 looks like error or warning, 68 not shown"
    )


@needs("ruff")
def test_auto_json_adds_the_flag_and_parses_json(run_cli, make_repo):
    repo = make_repo({"a.py": "import os\n"})
    data = data_of(run_cli("run", "--auto-json", "ruff", "check", "--isolated", "a.py", cwd=repo))
    assert "--output-format=json" in data["command"]
    assert [(d["file"], d["line"], d["code"]) for d in data["diagnostics"]] == [("a.py", 1, "F401")]


def test_stats_baseline_is_the_raw_output(run_cli, tmp_path, prx_home):
    data_of(run_cli("run", PY, "-c", "print('x' * 400)", cwd=tmp_path))
    records = (prx_home / "stats.jsonl").read_text().splitlines()
    assert any('"run"' in r for r in records)


# ------------------------------------------------------------------ plugins

PLUGIN = """
from prx.plugin import hookimpl
from prx.plugin.interfaces import RunnerParser


class Greeter(RunnerParser):
    NAME = "greeter"
    PRIORITY = 50

    @classmethod
    def matches(cls, argv):
        return any("greet-me" in a for a in argv)

    def parse(self, raw):
        return {"passed": raw.stdout.count("ok"), "failed": 0, "headline": "greeted"}


@hookimpl
def prx_register_runner_parsers():
    return Greeter
"""


def test_a_plugin_parser_is_picked_up_from_the_entry_point(
    run_cli, plugin_dist, monkeypatch, tmp_path
):
    monkeypatch.setenv("PRX_DISABLE_PLUGIN_AUTOLOAD", "0")
    plugin_dist("greeter", "greeter_parser", modules={"greeter_parser": PLUGIN})
    code = "print('ok ok', 'x' * 400); 'greet-me'"
    data = data_of(run_cli("run", PY, "-c", code, cwd=tmp_path))
    assert data["tool"] == "greeter" and data["passed"] == 2
    assert data["summary"].startswith("2 passed; greeted")


def test_a_broken_plugin_parser_falls_back_to_the_excerpt(register_plugin, tmp_path):
    from prx.plugin import hookimpl
    from prx.plugin.interfaces import RunnerParser

    class Broken(RunnerParser):
        NAME = "broken"
        PRIORITY = 99

        @classmethod
        def matches(cls, argv):
            return True

        def parse(self, raw):
            raise ValueError("nope")

    class Plugin:
        @staticmethod
        @hookimpl
        def prx_register_runner_parsers():
            return Broken

    ws = register_plugin(Plugin, root=tmp_path)
    report = RUN.func(ws, parse_params(RUN, [PY, "-c", "print('hello')"]))
    assert report.tool == "fallback" and "broken parser failed (ValueError)" in report.summary
    assert report.exit_code == 0 and report.tail == "hello"


def test_json_leaves_out_fields_that_say_nothing(run_cli, tmp_path):
    # A passing unittest run of 40 tests (-v: a line each): no timeout, nothing capped, no
    # tail, no failure; an answer much smaller than the output, so the full form.
    tests = "".join(f"    def test_{i}(self):\n        pass\n" for i in range(40))
    (tmp_path / "test_ok.py").write_text(f"import unittest\n\nclass T(unittest.TestCase):\n{tests}")
    data = data_of(run_cli("run", PY, "-m", "unittest", "-v", cwd=tmp_path))
    assert data["passed"] == 40 and data["failed"] == 0
    # The main counts are always present, null when the tool does not say.
    assert {"passed", "failed", "skipped", "errors", "command", "summary"} <= data.keys()
    for quiet in ("timed_out", "tail", "failures_omitted", "diagnostics_omitted"):
        assert quiet not in data, quiet
    # Empty lists, and the figures another key gives, are left out too.
    for quiet in ("failures", "diagnostics", "duration_ms", "raw_bytes", "tokens_out"):
        assert quiet not in data, quiet
    assert data["omitted_lines"] > 0 and data["raw_path"] and data["tokens_raw"]


# ------------------------------------------------------------------ recognising the tool


@needs("make")
def test_make_test_is_read_as_the_tool_its_recipe_runs(run_cli, make_repo):
    recipe = f"test:\n\t@{PY} -m pytest -q -p no:cacheprovider tests\n"
    repo = make_repo({**FAILING_SUITE, "Makefile": recipe})
    data = data_of(run_cli("run", "make", "test", cwd=repo))
    assert data["tool"] == "pytest" and data["failed"] == 2 and data["passed"] == 40
    assert data["detected"] == {"by": "wrapper", "via": ["make test", "python -m"]}


def test_a_script_is_read_by_what_it_printed(run_cli, make_repo):
    script = f"echo 'checking'\n{PY} -m pytest -p no:cacheprovider tests\n"
    repo = make_repo({**FAILING_SUITE, "ci.sh": script})
    data = data_of(run_cli("run", "sh", "ci.sh", cwd=repo))
    assert data["tool"] == "pytest" and data["failed"] == 2
    assert data["detected"]["by"] == "content" and data["detected"]["confidence"] >= 0.9
    assert {f["name"] for f in data["failures"]} == {
        "tests/test_calc.py::test_dict",
        "tests/test_calc.py::test_many[7]",
    }
