"""Progress goes to the caller's callback (never to stderr by itself); a cancel event stops
a long call with ``cancelled`` and leaves the published index as it was."""

from __future__ import annotations

import os
import threading

import pytest

import prx
from prx.app.workspace import Workspace
from prx.core.progress import Progress, check_cancelled, report, reporting
from prx.engine.index.store import current_dir, index_root


@pytest.fixture
def tree(make_repo):
    return make_repo(
        {f"src/mod_{i}.py": f"def function_{i}(x):\n    return x + {i}\n" for i in range(12)}
    )


def test_index_reports_increasing_files_and_writes_nothing_to_stderr(tree, capfd):
    seen: list[Progress] = []
    result = Workspace(tree).index(progress=seen.append)
    assert result.status == "built"
    files = [p for p in seen if p.stage == "files"]
    assert [p.done for p in files] == list(range(1, 13))
    assert {p.total for p in files} == {12}
    out, err = capfd.readouterr()
    assert (out, err) == ("", "")


def test_prx_index_stays_the_function_after_the_index_engine_is_imported():
    import prx.engine.index.build  # noqa: F401  (no subpackage of prx is named index)

    assert callable(prx.index) and prx.index.__module__ == "prx.app.api"


def test_module_function_takes_a_callback_too(tree):
    seen: list[Progress] = []
    prx.index(progress=seen.append, root=tree)
    assert seen and seen[-1].done == 12


def test_cold_search_reports_corpus_progress(tree):
    seen: list[Progress] = []
    with reporting(seen.append):
        Workspace(tree).search("function_3", mode="symbol")
    assert [p.done for p in seen if p.stage == "corpus"] == list(range(1, 13))


def test_cancel_from_the_callback_stops_the_build_and_publishes_nothing(tree):
    cancel = threading.Event()
    seen: list[Progress] = []

    def on_progress(progress: Progress) -> None:
        seen.append(progress)
        cancel.set()

    with reporting(on_progress, cancel=cancel), pytest.raises(prx.CancelledError) as caught:
        Workspace(tree).index()
    assert caught.value.code == "cancelled" and caught.value.exit_code == 130
    assert len(seen) == 1  # stopped at the first check after the event was set
    assert current_dir(str(tree)) is None
    # No build directory is left behind, and a later build works.
    leftovers = [n for n in os.listdir(index_root(str(tree))) if not n.startswith(".")]
    assert [n for n in leftovers if n not in ("lock", "CURRENT")] == []
    assert Workspace(tree).index().status == "built"


def test_cancel_keeps_the_published_index(tree):
    ws = Workspace(tree)
    ws.index()
    published = current_dir(str(tree))
    (tree / "src" / "mod_0.py").write_text("def changed():\n    return 0\n")
    cancel = threading.Event()
    cancel.set()
    with reporting(None, cancel=cancel), pytest.raises(prx.CancelledError):
        Workspace(tree).index()
    assert current_dir(str(tree)) == published
    assert Workspace(tree).index(stats=True).status == "present"


def test_nothing_installed_is_a_no_op():
    report("files", 1, 2)
    check_cancelled()


def test_each_thread_sees_its_own_callback():
    seen: dict[str, list[int]] = {"a": [], "b": []}
    barrier = threading.Barrier(2)

    def work(name: str) -> None:
        with reporting(lambda p: seen[name].append(p.done)):
            barrier.wait()
            report("x", 1 if name == "a" else 2)

    threads = [threading.Thread(target=work, args=(n,)) for n in ("a", "b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert seen == {"a": [1], "b": [2]}


def test_cli_writes_no_progress_to_a_pipe(tree, run_cli):
    result = run_cli("index", cwd=tree)
    assert result.exit_code == 0
    assert "prx index:" not in result.stderr
