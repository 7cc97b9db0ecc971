"""A 2 MB pattern or query (issue #11, item 14): the answer and the usage log stay small."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prx.core.budget import ANSWER_MAX, ECHO_CHARS

HUGE = 2_000_000


@pytest.mark.parametrize(
    "request_",
    [
        {"cmd": "exists", "pattern": "x" * HUGE},
        {"cmd": "search", "query": "y" * HUGE, "literal": True},
        {"cmd": "search", "query": "z" * HUGE, "regex": True},
    ],
    ids=["exists", "literal", "regex"],
)
def test_a_huge_argument_is_echoed_short_and_logged_short(
    run_cli, prx_home: Path, tmp_path: Path, request_: dict[str, object]
) -> None:
    (tmp_path / "a.py").write_text("def alpha():\n    return 1\n")
    run = run_cli("batch", cwd=tmp_path, input=json.dumps(request_) + "\n")
    envelope = json.loads(run.stdout)
    assert envelope["status"] == "ok", envelope
    assert envelope["tokens"] < ANSWER_MAX
    echoed = envelope["data"].get("pattern") or envelope["data"].get("query")
    assert echoed.startswith("x" * 10) or echoed.startswith(("y" * 10, "z" * 10))
    assert f"[{HUGE - ECHO_CHARS} more characters]" in echoed
    log = (prx_home / "stats.jsonl").read_text()
    assert len(log) < 2_000  # one short record, not a 2 MB line
    assert json.loads(log.splitlines()[-1])["command"] == request_["cmd"]
