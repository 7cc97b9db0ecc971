"""No default answer exceeds ANSWER_MAX exact tokens, even where the bytes/4 estimate the
ceilings are counted with undercounts (dense numbers, minified data)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from prx.core.budget import ANSWER_MAX
from prx.core.tokens import count_exact


def _dense_numbers(path: Path) -> None:
    rng = random.Random(7)
    rows = (" ".join(f"{rng.uniform(-1, 1):.6f}" for _ in range(40)) for _ in range(2000))
    path.write_text("\n".join(rows) + "\n")


@pytest.mark.parametrize("argv", [["read", "data.txt"], ["search", "0.5", ".", "--literal"]])
def test_dense_text_stays_under_the_answer_maximum(run_cli, tmp_path: Path, argv) -> None:
    _dense_numbers(tmp_path / "data.txt")
    run = run_cli(*argv, cwd=tmp_path)
    assert run.exit_code == 0
    assert count_exact(run.stdout.strip()) <= ANSWER_MAX
    envelope = json.loads(run.stdout)
    assert envelope["status"] == "ok"
    if argv[0] == "read":
        assert envelope["data"]["content"]["truncated"] is True
        assert any("undercounted" in w for w in envelope["warnings"])
        assert envelope["data"]["content"]["omitted"]["reason"] == "ceiling"
