"""prx.read: content, metadata, ranges, hashes, budgets, encodings."""

from __future__ import annotations

import prx
from prx.core.hashing import content_hash
from prx.core.tokens import count_exact

from envelopes import assert_ok


def test_whole_file_verbatim_with_meta(repo):
    res = prx.Workspace(repo).read("src/app.py")
    raw = (repo / "src/app.py").read_bytes()
    assert res.content is not None and res.content.text == raw.decode()
    assert res.meta.lines == 5 and res.meta.bytes == len(raw)
    assert res.meta.hash == content_hash(raw) and len(res.meta.hash) == 32
    assert res.meta.language == "python"
    assert res.meta.modified is not None and res.meta.modified > 0


def test_hash_test_vectors():
    assert content_hash(b"") == "99aa06d3014798d86001c324468d497f"
    assert content_hash(b"hello world") == "df8d09e93f874900a99b8775cc15b6c7"


def test_line_range_and_single_line(repo):
    ws = prx.Workspace(repo)
    res = ws.read("src/app.py", lines="4-5")
    assert res.content.text == "def main():\n    return os.getcwd()\n"
    assert (res.content.range.start, res.content.range.end) == (4, 5)
    one = ws.read("src/app.py", lines="4")
    assert one.content.text == "def main():\n" and one.content.range.end == 4
    tail = ws.read("src/app.py", lines="4-")
    assert tail.content.range.end == 5


def test_range_past_the_end_is_clamped(repo):
    res = prx.Workspace(repo).read("src/app.py", lines="4-400")
    assert res.content.range.end == 5


def test_if_changed_answers_a_stub_only_when_unchanged(repo):
    ws = prx.Workspace(repo)
    first = ws.read("README.md")
    stub = ws.read("README.md", if_changed=first.meta.hash.upper())
    assert stub.cached is True and stub.content is None and stub.outline is None
    (repo / "README.md").write_text("changed\n")
    fresh = ws.read("README.md", if_changed=first.meta.hash)
    assert fresh.cached is False and fresh.content.text == "changed\n"


def test_hash_only(repo):
    res = prx.Workspace(repo).read("README.md", hash_only=True)
    assert res.content is None and res.meta.hash


def test_non_utf8_is_read_with_replacement_and_flagged(make_repo):
    root = make_repo({"latin.txt": b"caf\xe9 ok\nsecond\n"})
    res = prx.Workspace(root).read("latin.txt")
    assert res.content.text == "caf\ufffd ok\nsecond\n"
    assert res.meta.decode_errors == 1 and "replaced" in res.meta.encoding


def test_crlf_lines_are_counted_once(make_repo):
    root = make_repo({"win.txt": b"a\r\nb\r\nc"})
    res = prx.Workspace(root).read("win.txt", lines="2")
    assert res.meta.lines == 3 and res.content.text == "b\r\n"


def test_budget_pages_cover_the_file_exactly_once(repo):
    ws = prx.Workspace(repo)
    full = (repo / "src/util/helpers.py").read_text()
    pieces, token, pages = [], None, 0
    while True:
        res = ws.read("src/util/helpers.py", budget=250, continue_token=token)
        pieces.append(res.content.text)
        pages += 1
        if not res.content.truncated:
            break
        assert (
            res.content.omitted.count
            == res.content.omitted.lines.end - res.content.omitted.lines.start + 1
        )
        assert res.content.next_lines == f"{res.content.range.end + 1}-{res.meta.lines}"
        token = res.continuation_token
    assert pages > 2
    assert "".join(pieces) == full


def test_budget_bounds_the_whole_cli_response(run_cli, repo):
    for budget in (250, 400, 1000):
        env = run_cli("read", "src/util/helpers.py", "--budget", str(budget), cwd=repo).envelope
        assert_ok(env, "read", exact=True)
        assert env["tokens"] <= budget
        assert env["data"]["content"]["tokens"] == count_exact(env["data"]["content"]["text"])


def test_continuation_refused_after_the_file_changed(repo):
    import pytest

    from prx.core.errors import InvalidArgumentError

    ws = prx.Workspace(repo)
    res = ws.read("src/util/helpers.py", budget=250)
    (repo / "src/util/helpers.py").write_text("new\n")
    with pytest.raises(InvalidArgumentError, match="changed"):
        ws.read("src/util/helpers.py", budget=250, continue_token=res.continuation_token)


def test_unknown_language_is_null(make_repo):
    root = make_repo({"notes.weird": "text\n"})
    assert prx.Workspace(root).read("notes.weird").meta.language is None


def test_module_level_read_uses_the_cwd(repo, monkeypatch):
    monkeypatch.chdir(repo)
    assert prx.read("README.md").meta.lines == 3
