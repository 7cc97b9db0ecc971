"""A one-shot search answers from its index while a forked child checks freshness; the
answer printed is always the one the in-line check gives (prx.engine.index.speculation)."""

from __future__ import annotations

import os

import pytest

import prx
from prx.commands.search.engine import run_search
from prx.engine.index import speculation
from prx.engine.index.freshness import Changes

from envelopes import hits

FILES = {
    "billing/invoice.py": "def render_invoice(invoice):\n    return f'invoice {invoice}'\n",
    "auth/login.py": "class SessionStore:\n    def get(self, key):\n        return key\n",
    "README.md": "# Shop\n\nInvoices and logins.\n",
}
QUERIES = ["SessionStore", "how are invoices rendered", "refund_everything"]


def _answers(ws, **options):
    out = []
    for query in QUERIES:
        result = run_search(ws, query, top_k=20, **options)
        out.append([(m.file, m.line, m.relevance, m.snippet) for m in hits(result)])
    return out


def _edit(root):
    path = root / "billing" / "invoice.py"
    path.write_text(path.read_text() + "\ndef refund_everything():\n    return 'refunded'\n")


def _add(root):
    (root / "billing" / "refund.py").write_text("def refund_everything():\n    pass\n")


@pytest.fixture
def forks(monkeypatch):
    """Every forked check started, and what it found."""
    started: list[object] = []
    found: list[Changes | None] = []
    start = speculation._ForkedCheck.start.__func__
    finding = speculation._ForkedCheck.finding

    def counting_start(cls, *args):
        check = start(cls, *args)
        started.append(check)
        return check

    def recording_finding(self):
        result = finding(self)
        found.append(result)
        return result

    monkeypatch.setattr(speculation._ForkedCheck, "start", classmethod(counting_start))
    monkeypatch.setattr(speculation._ForkedCheck, "finding", recording_finding)
    return started, found


def test_a_fresh_index_is_answered_with_the_check_forked_and_confirmed(make_repo, forks):
    repo = make_repo(FILES)
    prx.Workspace(repo).index()
    inline = _answers(prx.Workspace(repo))
    ws = prx.Workspace(repo)
    speculation.allow(ws.cache)
    assert _answers(ws) == inline
    started, found = forks
    assert started and all(check is not None for check in started)
    assert found == [Changes([], False)] * len(started)
    assert speculation.speculation_of(ws.cache).enabled


@pytest.mark.parametrize("change", [_edit, _add])
def test_a_changed_tree_is_answered_as_the_inline_check_answers(make_repo, forks, change):
    repo = make_repo(FILES)
    prx.Workspace(repo).index()
    change(repo)
    inline = _answers(prx.Workspace(repo))
    assert any(m[0].startswith("billing/") for m in inline[2])  # the change is seen
    ws = prx.Workspace(repo)
    speculation.allow(ws.cache)
    assert _answers(ws) == inline
    started, found = forks
    assert len(started) == 1  # the failed guess turned speculation off
    assert found[0] is not None and (found[0].changed or found[0].relist)
    assert not speculation.speculation_of(ws.cache).enabled


def test_a_child_that_cannot_tell_means_answering_again_in_line(make_repo, monkeypatch):
    repo = make_repo(FILES)
    prx.Workspace(repo).index()
    _edit(repo)  # the guess (nothing changed) is wrong
    inline = _answers(prx.Workspace(repo))
    finding = speculation._ForkedCheck.finding

    def lost(self):
        finding(self)  # reap the child, then forget what it said
        return None

    monkeypatch.setattr(speculation._ForkedCheck, "finding", lost)
    ws = prx.Workspace(repo)
    speculation.allow(ws.cache)
    assert _answers(ws) == inline
    assert not speculation.speculation_of(ws.cache).enabled


def test_a_literal_search_of_a_changed_file_finds_the_new_text(make_repo, forks):
    repo = make_repo(FILES)
    prx.Workspace(repo).index()
    _edit(repo)
    ws = prx.Workspace(repo)
    speculation.allow(ws.cache)
    result = run_search(ws, "refund_everything(", mode="literal")
    assert [m.file for m in hits(result)] == ["billing/invoice.py"]
    assert forks[0]


def test_a_workspace_that_did_not_allow_it_never_forks(make_repo, monkeypatch):
    repo = make_repo(FILES)
    prx.Workspace(repo).index()

    def no_fork():
        raise AssertionError("forked")

    monkeypatch.setattr(os, "fork", no_fork)
    assert _answers(prx.Workspace(repo))[0]


def test_no_fork_while_another_thread_runs(make_repo, forks):
    import threading

    repo = make_repo(FILES)
    prx.Workspace(repo).index()
    release = threading.Event()
    thread = threading.Thread(target=release.wait)
    thread.start()
    try:
        ws = prx.Workspace(repo)
        speculation.allow(ws.cache)
        assert _answers(ws) == _answers(prx.Workspace(repo))
    finally:
        release.set()
        thread.join()
    assert forks[0] and all(check is None for check in forks[0])


def test_the_cli_answers_a_changed_tree_from_a_fresh_process(make_repo, run_cli):
    repo = make_repo(FILES)
    prx.Workspace(repo).index()
    _add(repo)
    run = run_cli("search", "refund_everything", cwd=repo)
    files = [group["file"] for group in run.envelope["data"]["files"]]
    assert files[0] == "billing/refund.py"
    assert run.envelope["data"]["index"].startswith("index (stale: ")


def _cli_exists(repo, home, text, monkeypatch):
    """``prx exists TEXT`` through the command line's front-end, in this process (its
    one-shot workspace speculates), as its envelope's data."""
    import io
    import json

    from prx.core.config import Config
    from prx.frontends.cli.frontend import CliFrontend

    monkeypatch.chdir(repo)
    monkeypatch.setenv("PRX_NO_WARM", "1")
    config = Config.from_env({"PRX_HOME": str(home)})
    stdout = io.StringIO()
    code = CliFrontend(prx.Workspace(repo, config=config), stdout=stdout).main(["exists", text])
    assert code == 0
    return json.loads(stdout.getvalue())["data"]


def test_exists_answers_a_changed_file_as_the_inline_check_does(
    make_repo, forks, monkeypatch, tmp_path
):
    """``prx exists`` guesses the tree is as indexed (every file covered by its filter): a
    text written since into an indexed file is absent from the filters; the forked check
    finds the change, and the answer is computed again."""
    repo = make_repo(FILES)
    prx.Workspace(repo).index()
    fresh = _cli_exists(repo, tmp_path, "render_invoice", monkeypatch)
    assert (fresh["file"], fresh["index"]) == ("billing/invoice.py", "index")
    started, found = forks
    assert len(started) == 1 and started[0] is not None and found == [Changes([], False)]
    _edit(repo)
    changed = _cli_exists(repo, tmp_path, "refund_everything", monkeypatch)
    assert (changed["exists"], changed["file"]) == (True, "billing/invoice.py")
    assert changed["index"] == "index (stale: 1 changed files read now)"
    inline = prx.Workspace(repo).exists("refund_everything")
    assert (changed["file"], changed["files_checked"]) == (inline.file, inline.files_checked)
    assert len(started) == 2 and found[1] is not None and found[1].changed
