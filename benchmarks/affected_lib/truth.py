"""The truth: seeded mutations of a project, each run against its full suite; those that
fail some test (and still build and collect) are kept with the tests that failed.

Cached in ``benchmarks/.corpora/affected/<name>.truth.json``; a run in progress is saved
after every try in ``<name>.truth.partial.json`` and resumed from it (same seed).
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from affected_lib.execute import HeavyLock
from affected_lib.mutate import Site, all_sites, apply, line_of, order
from affected_lib.outcomes import OK, Outcome
from affected_lib.projects import WORK, Project, go_dirs, make_scratch, run_truth

#: At most this many kept mutations, and this many tries, per function or constant.
KEEP_PER_SCOPE = 2
TRIES_PER_SCOPE = 4


def truth_path(project: Project) -> Path:
    """Where the project's truth is cached."""
    return WORK / f"{project.name}.truth.json"


def sha(data: bytes) -> str:
    """The hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def source_files(project: Project) -> list[str]:
    """The project's tracked non-test source files."""
    listed = subprocess.run(
        ["git", "ls-files"], cwd=project.root, check=True, capture_output=True, text=True
    ).stdout.splitlines()
    return [f for f in listed if project.is_source(f)]


def clean(project: Project) -> None:
    """Refuse a scratch repository whose work tree differs from its baseline."""
    status = subprocess.run(
        ["git", "status", "--porcelain"],
        cwd=project.root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    if status.strip():
        raise SystemExit(f"{project.name}: the scratch repository is not clean:\n{status}")


def _key(site: Site) -> str:
    return f"{site.file}:{site.start}:{site.end}:{site.after}"


def try_site(project: Project, site: Site, dirs: dict[str, str], timeout: float) -> Outcome:
    """Apply one mutation, run the full suite, restore the file byte for byte."""
    path = project.root / site.file
    original = path.read_bytes()
    try:
        path.write_bytes(apply(original, site))
        return run_truth(project, dirs, timeout)
    finally:
        path.write_bytes(original)
        if path.read_bytes() != original:
            raise SystemExit(f"{site.file}: could not restore the baseline bytes")


def build(
    project: Project,
    seed: int,
    keep: int,
    max_tries: int,
    refresh: bool,
    log: Callable[[str], None],
) -> dict[str, Any]:
    """The project's truth: from the cache unless ``refresh``, else computed."""
    final = truth_path(project)
    partial = final.with_suffix(".partial.json")
    if final.exists() and not refresh:
        cached: dict[str, Any] = json.loads(final.read_text())
        same = cached.get("seed") == seed and cached.get("command") == list(project.command)
        if same and len(cached["mutations"]) >= min(keep, 1):
            return cached
    if refresh and partial.exists():
        partial.unlink()
    make_scratch(project, log)
    clean(project)
    state: dict[str, Any] = {}
    if partial.exists():
        state = json.loads(partial.read_text())
        if state.get("seed") != seed:
            state = {}
    start = time.monotonic()
    with HeavyLock() as lock:
        dirs = go_dirs(project)
        base_started = time.monotonic()
        baseline = run_truth(project, dirs, None)
        base_time = time.monotonic() - base_started
        if baseline.state != OK:
            raise SystemExit(f"{project.name}: the baseline run failed:\n{baseline.detail}")
        if not state:
            state = {
                "project": project.name,
                "language": project.language,
                "seed": seed,
                "command": list(project.command),
                "baseline": {
                    "tests": len(baseline.tests),
                    "items": baseline.items,
                    "seconds": round(base_time, 2),
                    "failing": baseline.failing(),
                },
                "tried": [],
                "mutations": [],
                "seconds": 0.0,
            }
        known_failing = set(baseline.failing())
        timeout = max(project.min_timeout, 4 * base_time)
        sites = order(all_sites(project.root, source_files(project), project.language), seed)
        tried = {t["key"] for t in state["tried"]}
        kept_in: Counter[str] = Counter()
        tried_in: Counter[str] = Counter()
        for t in state["tried"]:
            tried_in[t["scope"]] += 1
            kept_in[t["scope"]] += t["result"] == "kept"
        for site in sites:
            if len(state["mutations"]) >= keep or len(state["tried"]) >= max_tries:
                break
            scope = f"{site.file}:{site.scope}"
            if _key(site) in tried or kept_in[scope] >= KEEP_PER_SCOPE:
                continue
            if tried_in[scope] >= TRIES_PER_SCOPE:
                continue
            original = (project.root / site.file).read_bytes()
            began = time.monotonic()
            found = try_site(project, site, dirs, timeout)
            state["seconds"] = round(state["seconds"] + time.monotonic() - began, 1)
            seconds = round(found.seconds, 2)
            failing = [t for t in found.failing() if t not in known_failing]
            result = found.state if found.state != OK else "kept" if failing else "survived"
            tried_in[scope] += 1
            state["tried"].append({"key": _key(site), "scope": scope, "result": result})
            if result == "kept":
                kept_in[scope] += 1
                mutated = apply(original, site)
                state["mutations"].append(
                    {
                        "id": f"{project.name}-{len(state['mutations']) + 1:03d}",
                        "file": site.file,
                        "line": site.line,
                        "kind": site.kind,
                        "scope": site.scope,
                        "start": site.start,
                        "end": site.end,
                        "token_before": site.before,
                        "token_after": site.after,
                        "before": line_of(original, site.line),
                        "after": line_of(mutated, site.line),
                        "sha_before": sha(original),
                        "failing": failing,
                        "spec": {t: found.spec[t] for t in failing if t in found.spec},
                        "seconds": seconds,
                        "tests": len(found.tests),
                        "items": found.items,
                    }
                )
            log(
                f"{project.name} try {len(state['tried'])}: {site.file}:{site.line} "
                f"{site.kind} {site.before[:30]!r}->{site.after!r}: {result}"
                + (f" ({len(failing)} failing)" if failing else "")
                + f" [{len(state['mutations'])} kept]"
            )
            partial.write_text(json.dumps(state, indent=1))
            lock.breathe()
        clean(project)
    state["wall_seconds"] = round(time.monotonic() - start, 1)
    state["lock_wait"] = round(lock.waited, 1)
    state["counts"] = dict(Counter(t["result"] for t in state["tried"]))
    final.write_text(json.dumps(state, indent=1))
    if partial.exists():
        partial.unlink()
    return state
