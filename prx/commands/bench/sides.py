"""Running one task's two sides: prx's commands and the Unix commands, as an agent runs them.

Every command is a fresh process in the benchmarked tree. prx's calls run twice: in the
model-facing text form (``prx --text``, the headline figures: timed and counted) and in the
JSON envelope (counted, and parsed to see which lines the answer holds).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

from prx.core.record import record

__all__ = ["Output", "PrxOutput", "run_prx", "run_unix", "shell"]

#: ``prx`` in a child process run in the benchmarked tree, without that directory on the
#: module path (``python -m prx`` there would import a ``prx/`` or ``json.py`` of the tree).
_PRX = "import sys; del sys.path[0]; from prx.frontends.cli import run; sys.argv[0] = 'prx'; run()"


@record(kw_only=False)
class Output:
    """What one side printed on stdout, its exact cl100k_base tokens and its wall time."""

    text: str
    tokens: int
    ms: float
    #: prx's JSON form: each answer's ``data`` (None for an error or a fallback).
    data: tuple[Any, ...] = ()


@record(kw_only=False)
class PrxOutput:
    """prx's answers to a task's calls, in both forms."""

    #: ``prx --text ...``: the headline tokens and time.
    text: Output
    #: ``prx ...`` (the JSON envelope): its tokens, and its ``data`` for the fidelity check.
    json: Output


def _child(root: str, args: Sequence[str]) -> tuple[str, float]:
    import subprocess

    # The bench's own calls must not count in `prx stats`; without `--text` they answer
    # the JSON envelope whatever form the agent's setup asks for.
    env = {**os.environ, "PRX_STATS_FILE": os.devnull, "PRX_FORMAT": "json"}
    started = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", _PRX, *args], cwd=root, capture_output=True, env=env
    )
    ms = (time.perf_counter() - started) * 1000
    return proc.stdout.decode("utf-8", "replace"), ms


def run_prx(root: str, *calls: Sequence[str]) -> PrxOutput:
    """prx's answers to ``calls`` (each one CLI call without the ``prx``), in both forms."""
    from prx.core.tokens import count_exact

    texts, jsons, data, text_ms, json_ms = [], [], [], 0.0, 0.0
    for args in calls:
        text, ms = _child(root, ["--text", *args])
        texts.append(text)
        text_ms += ms
        raw, ms = _child(root, list(args))
        jsons.append(raw)
        json_ms += ms
        try:
            envelope = json.loads(raw)
        except ValueError:
            envelope = {}
        ok = envelope.get("status") == "ok" and not envelope.get("fallback")
        data.append(envelope.get("data") if ok else None)
    text, raw = "".join(texts), "".join(jsons)
    return PrxOutput(
        Output(text, count_exact(text), round(text_ms, 1)),
        Output(raw, count_exact(raw), round(json_ms, 1), tuple(data)),
    )


def run_unix(root: str, *calls: Sequence[str]) -> Output:
    """What the Unix ``calls`` print on stdout, run without a shell."""
    import subprocess

    from prx.core.tokens import count_exact

    texts, ms = [], 0.0
    for argv in calls:
        words, env = list(argv), None
        if words[:1] == ["git"]:
            # The plain git an agent types, run as prx runs git: nothing the repository's
            # configuration names executes.
            from prx.core import safegit

            words, env = safegit.from_argv(root, words)
        started = time.perf_counter()
        proc = subprocess.run(words, cwd=root, env=env, capture_output=True)
        ms += (time.perf_counter() - started) * 1000
        texts.append(proc.stdout.decode("utf-8", "replace"))
    joined = "".join(texts)
    return Output(joined, count_exact(joined), round(ms, 1))


def shell(*calls: Sequence[str], prefix: str = "") -> str:
    """``calls`` as typed on a command line, ``; `` between them."""
    from prx.engine.usage.baseline import command_line

    return "; ".join(prefix + command_line(argv) for argv in calls)
