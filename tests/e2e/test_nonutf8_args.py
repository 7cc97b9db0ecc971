"""Command-line patterns with bytes that are not UTF-8 (Python's argv holds them as
surrogate escapes): `exists` and `search --literal` find them as grep does, and answers
and the error log show each such byte as ``\\xNN``."""

from __future__ import annotations

import json
import subprocess

import pytest

from prx.core.config import Config
from prx.core.fallback import log_failure

from envelopes import data_hits

PATTERN = "caf\udce9"  # b"caf\xe9" on the command line: Latin-1, not UTF-8
SHOWN = "caf\\xe9"  # how answers show it
# UTF-8 mode decodes argv with surrogateescape whatever the locale; a strict stdout fails
# on any lone surrogate written as is.
ENV = {"PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8:strict"}


@pytest.fixture
def latin1(make_repo):
    return make_repo({"menu.txt": b"un caf\xe9 noir\nthe\n", "other.txt": "caf\u00e9 in UTF-8\n"})


def test_exists_finds_non_utf8_bytes(run_cli, latin1, prx_home):
    run = run_cli("exists", PATTERN, env=ENV, cwd=latin1)
    envelope = run.envelope
    assert run.exit_code == 0 and envelope["status"] == "ok" and "fallback" not in envelope
    data = envelope["data"]
    assert (data["exists"], data["confidence"], data["file"]) == (True, "exact", "menu.txt")
    assert data["pattern"] == SHOWN
    assert not (prx_home / "errors.jsonl").exists()


def test_search_literal_finds_what_grep_finds(run_cli, latin1):
    grep = subprocess.run(
        ["grep", "-rnF", "--", b"caf\xe9", "."],
        cwd=latin1,
        capture_output=True,
        env={"LC_ALL": "C"},
        check=True,
    )
    assert grep.stdout == b"./menu.txt:1:un caf\xe9 noir\n"
    run = run_cli("search", "--literal", PATTERN, env=ENV, cwd=latin1)
    data = run.envelope["data"]
    assert run.exit_code == 0 and data["total_matches"] == 1
    (match,) = data_hits(data)
    # The matched text is the query, which the answer does not repeat.
    assert (match["file"], match["line"], match["column"], "match" in match) == (
        "menu.txt",
        1,
        4,
        False,
    )
    assert json.loads(run.stdout)["data"]["query"] == SHOWN


def test_the_error_log_keeps_a_non_utf8_argument(tmp_path):
    config = Config.from_env({"PRX_HOME": str(tmp_path)})
    log_failure(config, "exists", ["exists", PATTERN], "boom", None)
    record = json.loads((tmp_path / "errors.jsonl").read_text())
    assert record["args"] == ["exists", SHOWN]
