"""The read ledger (prx.Session): stubs for unchanged re-reads, diffs for changed files,
only the unsent lines of an overlapping range, fresh, and what never gets stubbed."""

from __future__ import annotations

import os
import re

import pytest

import prx
from prx.commands.read.ledger import Ledger, split_lines, unified_diff
from prx.commands.read.text import render
from prx.core.envelope import to_jsonable

#: 60 lines: ten functions of six lines each (a def, four body lines, a blank line).
BODY = "".join(
    f"def f{i}(a, b):\n    x = a + {i}\n    y = b * {i}\n    z = x - y\n    return x + y + z\n\n"
    for i in range(10)
)


@pytest.fixture
def root(make_repo):
    return make_repo({"mod.py": BODY, "other.py": "value = 1\n", "notes.txt": "one\ntwo\n"})


def apply_diff(sent: str, first: int, diff: str) -> str:
    """``sent`` (lines numbered from ``first``) patched by the unified ``diff``."""
    old = split_lines(sent)
    rows = split_lines(diff)
    out: list[str] = []
    at = 0
    index = 0
    while index < len(rows):
        head = re.fullmatch(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n", rows[index])
        assert head, rows[index]
        start, length = int(head[1]), int(head[2] or 1)
        begin = start - first + (0 if length else 1)
        out.extend(old[at:begin])
        at = begin
        index += 1
        while index < len(rows) and not rows[index].startswith("@@"):
            tag, body = rows[index][0], rows[index][1:]
            index += 1
            if index < len(rows) and rows[index].startswith("\\ No newline"):
                body = body[:-1]
                index += 1
            if tag in " -":
                assert old[at] == body, (old[at], body)
                at += 1
            if tag in " +":
                out.append(body)
    out.extend(old[at:])
    return "".join(out)


def lines_of(text: str, first: int, last: int) -> str:
    return "".join(split_lines(text)[first - 1 : last])


# ------------------------------------------------------------------ unchanged


def test_a_first_read_is_the_plain_answer_and_a_re_read_a_stub(root):
    with prx.Session(root) as s:
        first = s.read("mod.py")
        assert first == prx.Workspace(root).read("mod.py")  # ledger None: as without one
        again = s.read("mod.py")
    assert again.content is None and again.outline is None
    note = again.ledger
    assert note.status == "unchanged" and note.reads == (1,) and note.was is None
    assert (note.lines.start, note.lines.end) == (1, 60) and note.hash == first.meta.hash
    assert again.meta == first.meta  # the metadata is still answered in full
    data = to_jsonable(again)
    assert data["ledger"]["status"] == "unchanged" and data["content"] is None
    assert "ledger" not in to_jsonable(first)
    text = render(data)
    assert text.startswith("mod.py:1-60 unchanged since read #1")
    assert "fresh" in text and "def f0" not in text


def test_a_range_inside_what_was_sent_is_a_stub_naming_its_lines(root):
    with prx.Session(root) as s:
        s.read("mod.py", lines="1-30")
        s.read("mod.py", lines="31-60")
        inside = s.read("mod.py", lines="10-20")
        both = s.read("mod.py", lines="25-40")
    assert inside.ledger.status == "unchanged" and inside.ledger.reads == (1,)
    assert (inside.ledger.lines.start, inside.ledger.lines.end) == (10, 20)
    assert both.ledger.reads == (1, 2)  # the reads that sent those lines
    assert "since reads #1, #2" in render(to_jsonable(both))


def test_an_overlapping_range_sends_only_the_lines_not_sent(root):
    with prx.Session(root) as s:
        s.read("mod.py", lines="1-30")
        later = s.read("mod.py", lines="11-45")
        before = s.read("mod.py", lines="5-40")  # 1-30 and 31-45 were sent: all known
        earlier = s.read("other.py")
    assert later.ledger.status == "partial"
    assert (later.ledger.lines.start, later.ledger.lines.end) == (11, 30)
    assert (later.content.range.start, later.content.range.end) == (31, 45)
    assert later.content.text == lines_of(BODY, 31, 45)
    assert render(to_jsonable(later)).startswith(
        "mod.py:31-45 of 60 (lines 11-30 unchanged since read #1: not repeated"
    )
    assert before.ledger.status == "unchanged" and before.ledger.reads == (1, 2)
    assert earlier.ledger is None  # a file never read: its text


def test_a_hole_in_the_middle_sends_the_whole_range(root):
    with prx.Session(root) as s:
        s.read("mod.py", lines="20-30")
        around = s.read("mod.py", lines="1-60")
    assert around.ledger is None and around.content.text == BODY


def test_a_small_known_end_is_not_worth_a_note(root):
    with prx.Session(root) as s:
        s.read("mod.py", lines="1-2")
        res = s.read("mod.py", lines="1-30")
    assert res.ledger is None and res.content.text == lines_of(BODY, 1, 30)


def test_fresh_sends_the_text_and_the_ledger_learns_it(root):
    with prx.Session(root) as s:
        s.read("mod.py")
        fresh = s.read("mod.py", fresh=True)
        again = s.read("mod.py", lines="3-4")
    assert fresh.ledger is None and fresh.content.text == BODY
    assert again.ledger.reads == (2,)  # the fresh read sent them last


def test_every_read_counts_even_those_the_ledger_ignores(root):
    with prx.Session(root) as s:
        s.read("other.py", hash_only=True)
        s.read("mod.py", outline_only=True)
        s.read("mod.py", lines="1-6")
        with pytest.raises(prx.InvalidRangeError):
            s.read("mod.py", lines="90-95")  # an error is not an answer: not counted
        res = s.read("mod.py", lines="1-6")
        assert s.ledger.reads == 4
    assert res.ledger.reads == (3,)


def test_skeletons_outlines_hashes_and_modes_are_never_stubbed(root):
    with prx.Session(root) as s:
        s.read("mod.py")
        for kwargs in (
            {"skeleton": True},
            {"outline_only": True},
            {"hash_only": True},
            {"mode": "aggressive"},
            {"mode": "entropy"},
        ):
            res = s.read("mod.py", **kwargs)
            assert res.ledger is None, kwargs
            assert res == prx.Workspace(root).read("mod.py", **kwargs), kwargs


def test_if_changed_keeps_its_own_stub(root):
    with prx.Session(root) as s:
        first = s.read("mod.py")
        res = s.read("mod.py", if_changed=first.meta.hash)
    assert res.cached is True and res.ledger is None
    text = prx.Workspace(root).read("mod.py", if_changed=first.meta.hash, fresh=True)
    assert text.cached is False and text.content.text == BODY  # fresh: never a stub


# ------------------------------------------------------------------ changed


def test_an_edit_through_the_session_shows_in_the_next_read_as_a_diff(root):
    with prx.Session(root) as s:
        first = s.read("mod.py")
        s.edit("mod.py", find="    y = b * 4\n", replace="    y = b * 40\n    w = 0\n", apply=True)
        res = s.read("mod.py")
        now = (root / "mod.py").read_text()
        assert res.ledger.status == "changed" and res.ledger.reads == (1,)
        assert res.ledger.hash == first.meta.hash and res.meta.hash != first.meta.hash
        assert res.content.mode == "changes"
        diff = res.content.text
        assert "-    y = b * 4\n+    y = b * 40\n+    w = 0\n" in diff
        assert diff.startswith("@@ -25,5 +25,6 @@\n")  # exact numbers, then and now
        assert apply_diff(first.content.text, 1, diff) == now
        text = render(to_jsonable(res))
        assert text.startswith("mod.py:1-61 changed since read #1: a diff") and "fresh" in text
        # The diff brought the client up to date: the next read is a stub.
        assert s.read("mod.py").ledger.status == "unchanged"
        assert s.read("mod.py", fresh=True).content.text == now


def test_a_diff_of_a_range_uses_the_numbers_the_client_knows(root):
    with prx.Session(root) as s:
        sent = s.read("mod.py", lines="7-60")
        old = "z = x - y\n    return x + y + z\n\ndef f4"
        (root / "mod.py").write_text(BODY.replace(old, "return 0\n\ndef f4"))
        res = s.read("mod.py", lines="7-58")
    assert res.content.mode == "changes" and res.content.range.start == 7
    assert res.content.text.startswith("@@ -20,6 +20,5 @@\n")
    # New lines 7-58 took the place of old lines 7-59 (one line less above them).
    assert sent.content.text == lines_of(BODY, 7, 60)
    assert apply_diff(lines_of(BODY, 7, 59), 7, res.content.text) == lines_of(
        (root / "mod.py").read_text(), 7, 58
    )


def test_lines_moved_by_an_edit_above_them_are_a_stub_saying_where_they_were(root):
    with prx.Session(root) as s:
        s.read("mod.py")
        (root / "mod.py").write_text("import os\nimport re\n" + BODY)
        moved = s.read("mod.py", lines="33-38")
    assert moved.ledger.status == "unchanged" and moved.ledger.reads == (1,)
    assert (moved.ledger.was.start, moved.ledger.was.end) == (31, 36)
    assert "(then lines 31-36)" in render(to_jsonable(moved))


def test_lines_removed_inside_a_range_are_never_a_stub(root):
    with prx.Session(root) as s:
        s.read("mod.py", lines="1-12")
        lines = split_lines(BODY)
        del lines[3]  # "    z = x - y" of f0
        (root / "mod.py").write_text("".join(lines))
        res = s.read("mod.py", lines="1-11")
    assert res.content is not None and res.ledger.status == "changed"
    text = (
        res.content.text
        if res.content.mode is None
        else apply_diff(lines_of(BODY, 1, 12), 1, res.content.text)
    )
    assert text == "".join(lines[0:11])


def test_a_stub_may_cite_reads_of_two_versions_when_no_number_is_ambiguous(root):
    with prx.Session(root) as s:
        s.read("mod.py")
        (root / "mod.py").write_text(BODY.replace("x = a + 3", "x = a - 3"))  # f3, line 20
        s.read("mod.py", lines="19-24")  # the edit, with its numbers unchanged
        again = s.read("mod.py")
    assert again.ledger.status == "unchanged" and again.ledger.reads == (1, 2)


def test_a_number_a_later_read_showed_for_another_line_is_never_stubbed(root):
    with prx.Session(root) as s:
        s.read("mod.py", lines="1-30")
        (root / "mod.py").write_text("import os\nimport re\n" + BODY)
        s.read("mod.py", lines="1-6")  # shows lines 5-6 of the new text as 5-6
        res = s.read("mod.py", lines="7-32")  # read 1 showed these as 5-30
    # Lines 7-8 were 5-6 at read 1, numbers read 2 gave to other lines: sent again.
    assert (res.content.range.start, res.content.range.end) == (7, 8)
    assert res.ledger.status == "partial" and res.ledger.reads == (1,)
    assert (res.ledger.lines.start, res.ledger.lines.end) == (9, 32)
    assert (res.ledger.was.start, res.ledger.was.end) == (7, 30)


def test_a_large_change_sends_the_current_text_saying_it_changed(root):
    with prx.Session(root) as s:
        s.read("mod.py", lines="1-12")
        (root / "mod.py").write_text(BODY.replace("    ", "\t"))
        res = s.read("mod.py", lines="1-12")
    assert res.ledger.status == "changed" and res.content.mode is None
    assert res.content.text == lines_of(BODY.replace("    ", "\t"), 1, 12)
    assert "changed since read #1: the current text" in render(to_jsonable(res))


def test_a_change_that_keeps_size_and_mtime_is_still_seen(root):
    target = root / "mod.py"
    with prx.Session(root) as s:
        s.read("mod.py")
        stat = target.stat()
        target.write_text(BODY.replace("x = a + 3", "x = a - 3"))  # same size
        os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
        res = s.read("mod.py")
    assert res.ledger.status == "changed" and "+    x = a - 3\n" in res.content.text


def test_a_deleted_file_is_an_error_and_a_recreated_one_is_compared_by_content(root):
    with prx.Session(root) as s:
        s.read("other.py")
        (root / "other.py").unlink()
        with pytest.raises(prx.NotFoundError):
            s.read("other.py")
        (root / "other.py").write_text("value = 2\n")
        res = s.read("other.py")
        assert res.content.text == "value = 2\n" and res.ledger.status == "changed"
        (root / "moved.py").write_text("value = 2\n")  # a rename: another path, its text
        assert s.read("moved.py").ledger is None


def test_a_missing_final_newline_is_a_change(root):
    with prx.Session(root) as s:
        s.read("notes.txt")
        (root / "notes.txt").write_text("one\ntwo")
        res = s.read("notes.txt")
    assert res.ledger.status == "changed"
    text = (
        res.content.text
        if res.content.mode is None
        else apply_diff("one\ntwo\n", 1, res.content.text)
    )
    assert text == "one\ntwo"


# ------------------------------------------------------------------ budgets, sessions, memory


def test_a_budget_cut_read_sends_the_rest_when_read_again(root):
    with prx.Session(root) as s:
        first = s.read("mod.py", budget=400)
        assert first.content.truncated and first.ledger is None
        cut = first.content.range.end
        second = s.read("mod.py", budget=400)
    assert second.ledger.status == "partial"
    assert (second.ledger.lines.start, second.ledger.lines.end) == (1, cut)
    assert second.content.range.start == cut + 1
    assert second.content.text == lines_of(BODY, cut + 1, second.content.range.end)


def test_a_line_cut_inside_is_not_taken_as_sent(make_repo):
    long_line = "x = [" + ", ".join(str(i) for i in range(3000)) + "]\n"
    root = make_repo({"wide.py": long_line + "y = 1\n"})
    with prx.Session(root) as s:
        first = s.read("wide.py", lines="1", budget=300)
        assert first.content.truncated and first.content.text != long_line
        again = s.read("wide.py", lines="1", budget=0)
    assert again.ledger is None and again.content.text == long_line


def test_sessions_never_mix_and_plain_reads_never_stub(root):
    one, two = prx.Session(root), prx.Session(root)
    one.read("mod.py")
    assert two.read("mod.py").ledger is None
    assert one.read("mod.py").ledger.status == "unchanged"
    assert prx.read("mod.py", root=root).content.text == BODY
    assert prx.Workspace(root).read("mod.py").ledger is None


def test_leaving_the_block_forgets(root):
    with prx.Session(root) as s:
        s.read("mod.py")
    assert len(s.ledger) == 0 and s.read("mod.py").ledger is None


def test_the_ledger_forgets_the_files_read_longest_ago(make_repo):
    root = make_repo({f"m{i}.py": BODY for i in range(6)})
    probe = prx.Session(root)
    probe.read("m0.py")
    entry = probe.ledger.size  # what one file takes
    session = prx.Session(root, ledger_bytes=4 * entry + entry // 2)
    for i in range(6):
        session.read(f"m{i}.py")
    assert len(session.ledger) == 4 and session.ledger.size <= session.ledger.max_bytes
    assert session.read("m0.py").ledger is None  # forgotten: its text again
    assert session.read("m5.py").ledger.status == "unchanged"
    tiny = prx.Session(root, ledger_bytes=entry)  # a file over a quarter of it: never kept
    tiny.read("m0.py")
    assert tiny.read("m0.py").ledger is None and len(tiny.ledger) == 0


def test_an_answer_not_committed_leaves_no_trace(root):
    ledger = Ledger()
    ws = prx.Workspace(root)
    with ledger.serving():
        ws.read("mod.py")  # computed, never answered (no commit)
    with ledger.serving() as call:
        res = ws.read("mod.py")
    call.commit()
    assert res.ledger is None and ledger.reads == 1
    with ledger.serving():
        assert ws.read("mod.py").ledger.status == "unchanged"


def test_unified_diff_round_trips():
    import random

    rng = random.Random(7)
    words = ["a\n", "b\n", "c\n", "def f():\n", "    pass\n", "\n", "x = 1\n"]
    for _ in range(300):
        before = [rng.choice(words) for _ in range(rng.randint(0, 30))]
        now = list(before)
        for _ in range(rng.randint(1, 4)):
            at = rng.randint(0, len(now))
            if now and rng.random() < 0.5:
                del now[min(at, len(now) - 1)]
            else:
                now.insert(at, rng.choice(words))
        if rng.random() < 0.2 and now:
            now[-1] = now[-1].rstrip("\n")
        first = rng.randint(1, 50)
        diff = unified_diff(before, now, first, 1)
        assert apply_diff("".join(before), first, diff) == "".join(now)


def test_the_command_line_keeps_no_ledger_and_takes_fresh(root, prx_home):
    import subprocess
    import sys

    def cli(*argv: str) -> str:
        env = dict(os.environ, PRX_HOME=str(prx_home), PRX_NO_WARM="1")
        done = subprocess.run(
            [sys.executable, "-m", "prx", "read", "mod.py", "--text", *argv],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    assert cli() == cli() == cli("--fresh") == BODY[:-1] + "\n"


class _Client:
    """A model of the client: the lines each read showed (by their number then); every
    answer is rebuilt from them and compared with the file."""

    def __init__(self) -> None:
        self.seen: list[dict[int, str]] = []

    def latest(self, number: int, reads: tuple[int, ...]) -> str:
        for read in range(len(self.seen), 0, -1):
            if number in self.seen[read - 1]:
                assert read in reads, (number, read, reads)  # the copy the answer means
                return self.seen[read - 1][number]
        raise AssertionError(f"line {number} was never shown")

    def take(self, res) -> dict[int, str]:
        got: dict[int, str] = {}
        shown: dict[int, str] = {}
        note, content = res.ledger, res.content
        if note is not None and note.status in ("unchanged", "partial"):
            shift = note.lines.start - note.was.start if note.was else 0
            for number in range(note.lines.start, note.lines.end + 1):
                got[number] = self.latest(number - shift, note.reads)
        if content is not None and content.mode == "changes":
            shown = self.patched(content.text, content.range, note.reads)
        elif content is not None:
            for offset, line in enumerate(split_lines(content.text)):
                shown[content.range.start + offset] = line
        self.seen.append(shown)
        return {**got, **shown}

    def patched(self, diff: str, span, reads) -> dict[int, str]:
        out: dict[int, str] = {}
        rows = split_lines(diff)
        number, delta, index = span.start, None, 0
        while index < len(rows):
            head = re.fullmatch(r"@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@\n", rows[index])
            assert head, rows[index]
            old_len, new_len = int(head[2] or 1), int(head[4] or 1)
            old_first = int(head[1]) + (0 if old_len else 1)
            new_first = int(head[3]) + (0 if new_len else 1)
            delta = new_first - old_first if delta is None else delta
            while number < new_first:
                out[number] = self.latest(number - delta, reads)
                number += 1
            index += 1
            while index < len(rows) and not rows[index].startswith("@@"):
                tag, body = rows[index][0], rows[index][1:]
                index += 1
                if index < len(rows) and rows[index].startswith("\\ No newline"):
                    body, index = body[:-1], index + 1
                if tag in " +":
                    out[number] = body
                    number += 1
            delta = number - (old_first + old_len)
        while number <= span.end:
            out[number] = self.latest(number - (delta or 0), reads)
            number += 1
        return out


def test_random_sessions_never_answer_stale_text(make_repo):
    import random

    rng = random.Random(11)
    words = ["a = 1\n", "b = 2\n", "\n", "return x\n", "pass\n"]  # repeated lines
    kinds: dict[str, int] = {}
    for _ in range(40):  # enough sessions to meet numbers a later read gave another line
        lines = [rng.choice(words) if rng.random() < 0.4 else f"line {i}\n" for i in range(60)]
        root = make_repo({"f.py": "".join(lines)})
        session, client = prx.Session(root), _Client()
        for _ in range(40):
            if rng.random() < 0.3:
                for _ in range(rng.randint(1, 3)):
                    at = rng.randrange(len(lines))
                    change = rng.random()
                    if change < 0.4 and len(lines) > 5:
                        del lines[at]
                    elif change < 0.8:
                        lines.insert(at, rng.choice(words))
                    else:
                        lines[at] = f"changed {rng.random()}\n"
                (root / "f.py").write_text("".join(lines))
                continue
            first = rng.randint(1, len(lines))
            last = rng.randint(first, min(len(lines), first + 40))
            whole = rng.random() < 0.2
            res = session.read(
                "f.py", lines=None if whole else f"{first}-{last}", fresh=rng.random() < 0.05
            )
            if whole:
                first, last = 1, len(lines)
            got = client.take(res)
            assert got == {n: lines[n - 1] for n in range(first, last + 1)}
            kind = res.ledger.status if res.ledger else "text"
            kind += "/diff" if res.content is not None and res.content.mode == "changes" else ""
            kinds[kind] = kinds.get(kind, 0) + 1
    # Every kind of answer was put to the test.
    assert {"text", "unchanged", "partial", "changed", "changed/diff"} <= set(kinds), kinds
