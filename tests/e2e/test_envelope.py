"""Every command answers the seed's envelope through the real CLI."""

from __future__ import annotations

import json

import pytest

from envelopes import assert_error, assert_ok


def test_read_envelope(run_cli, repo):
    run = run_cli("read", "src/app.py", cwd=repo)
    assert run.exit_code == 0 and run.stderr == ""
    data = assert_ok(run.envelope, "read")
    assert set(data) >= {"file", "meta", "content", "outline"}
    assert set(data["meta"]) >= {"language", "lines", "bytes", "modified", "hash"}
    # Empty fields (snap, snap_reason, omitted ... of a read that was not widened or cut)
    # are left out.
    assert set(data["content"]) == {"range", "text", "tokens"}
    assert data["content"]["range"] == {"start": 1, "end": 5}


def test_find_envelope(run_cli, repo):
    run = run_cli("find", ".", "--tree", "--flat", cwd=repo)
    assert run.exit_code == 0
    data = assert_ok(run.envelope, "find")
    assert set(data) >= {"tree", "flat", "stats"}
    assert set(data["stats"]) >= {"total_files", "returned", "budget_used"}
    for entry in data["flat"]:
        # language is left out when unknown; symbols and relevance when not computed.
        assert {"path", "lines", "bytes"} <= set(entry) <= {"path", "lines", "bytes", "language"}


def test_exists_envelope(run_cli, repo):
    data = assert_ok(run_cli("exists", "src/app.py", cwd=repo).envelope, "exists")
    assert data["exists"] is True and data["confidence"] == "exact"
    assert data["pattern"] == "src/app.py"


def test_stats_envelope(run_cli, repo):
    run_cli("read", "README.md", cwd=repo)
    data = assert_ok(run_cli("stats", cwd=repo).envelope, "stats")
    assert [p["label"] for p in data["periods"]] == ["last_hour", "last_24h", "all_time"]
    for period in data["periods"]:
        assert set(period) >= {"label", "calls", "tokens_saved", "savings_percent"}


def test_batch_answers_one_envelope_per_line_with_ids(run_cli, repo):
    requests = [
        {"cmd": "read", "id": "q1", "path": "README.md"},
        {"cmd": "exists", "id": "q2", "pattern": "nope.txt", "mode": "path"},
        {"cmd": "read", "id": "q3", "file": "missing.py"},
    ]
    run = run_cli("batch", cwd=repo, input="\n".join(json.dumps(r) for r in requests) + "\n")
    assert run.exit_code == 0
    lines = run.lines
    assert [line["id"] for line in lines] == ["q1", "q2", "q3"]
    assert_ok(lines[0], "read")
    assert assert_ok(lines[1], "exists")["exists"] is False
    assert_error(lines[2], "read", "file_not_found")


@pytest.mark.parametrize(
    "argv", [("read", "README.md", "--budget", "200"), ("find", ".", "--budget", "300")]
)
def test_tokens_are_exact_under_a_budget(run_cli, repo, argv):
    run = run_cli(*argv, cwd=repo)
    env = run.envelope
    assert_ok(env, argv[0], exact=True)
    assert env["tokens"] <= int(argv[-1])


def test_plain_output_is_for_people(run_cli, repo):
    run = run_cli("read", "src/app.py", "--plain", cwd=repo)
    assert run.exit_code == 0
    assert not run.stdout.lstrip().startswith("{")
    assert "def main():" in run.stdout
    err = run_cli("read", "nope.py", "--plain", cwd=repo)
    assert err.exit_code == 1 and "file_not_found" in err.stdout


def test_fields_marked_omit_when_are_left_out_only_at_that_value():
    from prx.core.envelope import to_jsonable
    from prx.core.record import OMIT_WHEN, field, record

    @record
    class Answer:
        count: int | None
        note: str | None = field(default=None, metadata={OMIT_WHEN: None})
        cut: int = field(default=0, metadata={OMIT_WHEN: 0})
        late: bool = field(default=False, metadata={OMIT_WHEN: False})

    assert to_jsonable(Answer(count=None)) == {"count": None}
    # Equal-looking values of another type are kept: False is not the 0 of an int field.
    full = Answer(count=0, note="", cut=3, late=True)
    assert to_jsonable(full) == {"count": 0, "note": "", "cut": 3, "late": True}
    assert to_jsonable(Answer(count=1, cut=False)) == {"count": 1, "cut": False}


def test_internal_fields_are_never_serialised():
    from prx.core.envelope import to_jsonable
    from prx.core.record import INTERNAL, OMIT_WHEN, field, record

    @record
    class Answer:
        count: int
        kept: int | None = field(default=None, metadata={INTERNAL: True}, compare=False)
        note: str | None = field(default=None, metadata={OMIT_WHEN: None})

    answer = Answer(count=2, kept=41)
    assert answer.kept == 41 and answer == Answer(count=2)
    assert to_jsonable(answer) == {"count": 2}
    assert to_jsonable(Answer(count=2, kept=1, note="n")) == {"count": 2, "note": "n"}


def test_a_plugin_dataclass_result_may_omit_fields_too():
    import dataclasses

    from prx.core.envelope import to_jsonable

    @dataclasses.dataclass(frozen=True)
    class WcResult:
        lines: int
        note: str | None = dataclasses.field(default=None, metadata={"prx_omit_when": None})

    assert to_jsonable(WcResult(lines=3)) == {"lines": 3}
    assert to_jsonable(WcResult(lines=3, note="big")) == {"lines": 3, "note": "big"}
