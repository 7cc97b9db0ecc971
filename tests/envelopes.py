"""Checks of the envelope contract shared by the tests."""

from __future__ import annotations

import json
from typing import Any

import prx
from prx.core.errors import ERROR_CODES
from prx.core.tokens import count_exact, count_fast

OK_KEYS = {"version", "command", "status", "tokens", "data"}
ERROR_KEYS = {"version", "command", "status", "tokens", "error"}


def _serialised(env: dict[str, Any]) -> str:
    return json.dumps(env, separators=(",", ":"), ensure_ascii=False)


def assert_ok(env: dict[str, Any], command: str, *, exact: bool = False) -> dict[str, Any]:
    assert env["status"] == "ok", env
    assert OK_KEYS <= set(env) <= OK_KEYS | {"warnings", "fallback", "id"}, set(env)
    assert env["version"] == prx.__version__
    assert env["command"] == command
    assert isinstance(env["data"], dict)
    count = count_exact if exact else count_fast
    assert env["tokens"] == count(_serialised(env)), "tokens must count the whole response"
    return env["data"]


def assert_error(env: dict[str, Any], command: str, code: str) -> dict[str, Any]:
    assert env["status"] == "error", env
    assert ERROR_KEYS <= set(env) <= ERROR_KEYS | {"warnings", "id"}, set(env)
    assert "data" not in env
    assert env["command"] == command
    error = env["error"]
    assert error["code"] == code, error
    assert code in ERROR_CODES
    assert set(error) <= {"code", "message", "suggestion"}
    assert isinstance(error["message"], str) and error["message"]
    assert env["tokens"] == count_fast(_serialised(env))
    return error


def prx_process(args: list[str], cwd: Any, home: Any, *, timeout: float = 180) -> dict[str, Any]:
    """Run ``python -m prx ARGS`` as a fresh process (a private PRX_HOME, no plugins) and
    parse its one envelope; the timeout only detects a hang."""
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "prx", *args],
        cwd=cwd,
        env={**os.environ, "PRX_HOME": str(home), "PRX_DISABLE_PLUGIN_AUTOLOAD": "1"},
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    assert done.stdout.count("\n") == 1, (args, done.stdout, done.stderr[-2000:])
    envelope: dict[str, Any] = json.loads(done.stdout)
    return envelope


def hits(result: Any) -> list[Any]:
    """A search result's matches, flat in the answer's order, each with its file's header
    (``file``, ``language``, ``hash``) beside the match's own fields."""
    from types import SimpleNamespace

    from prx.core.record import fields_of

    return [
        SimpleNamespace(
            file=group.file,
            language=group.language,
            hash=group.hash,
            **{f.name: getattr(match, f.name) for f in fields_of(match)},
        )
        for group in result.files
        for match in group.matches
    ]


def data_hits(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The same for a search answer's JSON ``data``."""
    return [
        {"file": group["file"], **match} for group in data["files"] for match in group["matches"]
    ]


def index_manifest(repo: Any) -> dict[str, Any]:
    """The current index's manifest with what its file table holds of each file: notes,
    stamps (as lists) and records (language, hash)."""
    from prx.engine.index.reader import IndexReader
    from prx.engine.index.store import current_dir, read_manifest

    directory = current_dir(str(repo))
    manifest = read_manifest(directory)
    files = IndexReader(directory, manifest).files
    return {
        **manifest,
        "notes": files.notes(),
        "stamps": {rel: list(stamp) for rel, stamp in files.stamps().items()},
        "files": {
            rel: {"language": r.language, "hash": r.hash} for rel, r in files.records().items()
        },
    }
