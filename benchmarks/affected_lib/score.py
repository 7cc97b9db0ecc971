"""Scoring prx's selection against the truth, beside the ecosystems' own tools.

For each kept mutation, applied again in the scratch repository (the work tree against
HEAD is the change):

1. ``prx impact --tests --budget 0`` (JSON): ``data.selection`` lists the tests it
   selects; a failing test of the truth counts as selected when an entry covers it
   (:mod:`affected_lib.cover`) or the selection is the whole suite;
2. ``prx run --affected --budget 0 -- <the project's command>`` (JSON): the RunReport's
   counts are the selected run's tests (its share of the suite: against the same
   counts of ``prx run`` of the whole command on the baseline), its wall time the
   selected run's time (prx's own selection included).

prx runs with ``PRX_HOME`` in ``benchmarks/.corpora/affected/<name>.prx-home`` (outside
the project: its work tree stays the change) and without an index.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from affected_lib import baselines, cover, outcomes
from affected_lib.execute import Done, HeavyLock, run
from affected_lib.mutate import Site, apply
from affected_lib.projects import WORK, Project, go_dirs
from affected_lib.truth import clean, sha

PRX = "/work/venv/bin/prx"
COUNTS = ("passed", "failed", "skipped", "errors", "xfailed", "xpassed")


def _prx(
    project: Project, *args: str, timeout: float | None = None
) -> tuple[dict[str, Any], float]:
    """A prx call in the project's directory: its JSON envelope and wall time."""
    home = WORK / f"{project.name}.prx-home"
    home.mkdir(parents=True, exist_ok=True)
    env = {**project.env, "PRX_HOME": str(home)}
    done = run([PRX, *args], project.root, env, timeout)
    try:
        envelope: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        envelope = {"status": "error", "error": {"message": (done.stdout + done.stderr)[-800:]}}
    return envelope, done.seconds


def _prx_state() -> str:
    """The prx the scores are of: its checkout's HEAD, and whether its tree had changes."""
    root = Path(__file__).resolve().parents[2]
    head = run(["git", "rev-parse", "--short", "HEAD"], root).stdout.strip()
    dirty = run(["git", "status", "--porcelain", "--", "prx"], root).stdout.strip()
    return head + (" + uncommitted changes under prx/" if dirty else "")


def unavailable(project: Project | None = None) -> str | None:
    """Why prx's feature cannot be scored (its commands do not exist yet), or None."""
    help_run = run([PRX, "run", "--help"], Path.cwd())
    if "--affected" not in help_run.stdout:
        return "`prx run --affected` does not exist yet (no --affected in `prx run --help`)"
    help_impact = run([PRX, "impact", "--help"], Path.cwd())
    if "--tests" not in help_impact.stdout:
        return "`prx impact --tests` does not exist yet (no --tests in `prx impact --help`)"
    if project is not None:
        envelope, _ = _prx(project, "impact", "--tests", "--budget", "0")
        if envelope.get("status") != "ok" or "selection" not in (envelope.get("data") or {}):
            return f"`prx impact --tests` answered: {json.dumps(envelope)[:600]}"
    return None


def _count(project: Project, data: dict[str, Any]) -> tuple[int, int, str]:
    """The tests a ``prx run`` ran and those that failed, by its counts; where it counted
    none (tap: prx reads its stream as node --test's and finds no summary), by the
    oracle's own parser of the run's raw log (its ``raw_path``)."""
    counted = sum(int(data.get(k) or 0) for k in COUNTS)
    failed = int(data.get("failed") or 0) + int(data.get("errors") or 0)
    raw = data.get("raw_path")
    if counted or not raw or not Path(raw).exists():
        return counted, failed, "prx"
    text = Path(raw).read_text(encoding="utf-8", errors="replace")
    done = Done(0, text, "", 0.0, False)
    found: outcomes.Outcome | None = None
    if project.language == "javascript" and not project.mocha:
        found, by = outcomes.tap(done), "oracle (tap stream of the raw log)"
    elif project.language == "go":
        found, by = outcomes.go(done, {}), "oracle (go test -json of the raw log)"
    if found is None:
        return counted, failed, "prx"
    return found.items, len(found.failing()), by


def _site(m: dict[str, Any]) -> Site:
    return Site(
        m["file"],
        m["line"],
        m["start"],
        m["end"],
        m["kind"],
        m["token_before"],
        m["token_after"],
        m["scope"],
    )


def score_project(
    project: Project, truth: dict[str, Any], limit: int, log: Callable[[str], None]
) -> dict[str, Any]:
    """Every kept mutation of one project, scored."""
    clean(project)
    mutations = truth["mutations"][:limit]
    why_none = baselines.none_for(project)
    rows: list[dict[str, Any]] = []
    with HeavyLock() as lock:
        full, full_seconds = _prx(project, "run", "--budget", "0", "--", *project.command)
        full_data = full.get("data") or {}
        suite, _, suite_count_by = _count(project, full_data)
        dirs = go_dirs(project)
        go = baselines.GoReverse(project, dirs) if project.language == "go" else None
        testmon = (
            baselines.Testmon(project)
            if project.language == "python" and why_none is None
            else None
        )
        if testmon is not None:
            try:
                testmon.record()
            except RuntimeError as exc:
                why_none, testmon = str(exc), None
        try:
            for m in mutations:
                rows.append(_one(project, m, suite, truth["baseline"]["items"], go, testmon))
                r = rows[-1]
                log(
                    f"{project.name} {m['id']}: {len(r['selected_failing'])}/{len(m['failing'])} "
                    f"failing selected, share {r['share']}, {r['seconds']} s"
                    + (f" [{r['error']}]" if r.get("error") else "")
                )
                lock.breathe()
        finally:
            if testmon is not None:
                testmon.close()
        clean(project)
    return {
        "project": project.name,
        "language": project.language,
        "scored_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
        "prx": _prx_state(),
        "command": list(project.command),
        "suite_count": suite,
        "suite_count_by": suite_count_by,
        "suite_prx_seconds": round(full_seconds, 2),
        "suite_prx_status": full.get("status"),
        "baseline_tool": why_none is None and (go is not None or testmon is not None),
        "baseline_none": why_none,
        "mutations": rows,
        "summary": summarise(project, rows, truth),
    }


def _one(
    project: Project,
    m: dict[str, Any],
    suite: int,
    full_items: int,
    go: baselines.GoReverse | None,
    testmon: baselines.Testmon | None,
) -> dict[str, Any]:
    """One mutation: applied, selected, run, baselines, restored."""
    path = project.root / m["file"]
    original = path.read_bytes()
    if sha(original) != m["sha_before"]:
        raise SystemExit(f"{m['file']}: the scratch file differs from the truth's baseline")
    row: dict[str, Any] = {
        "id": m["id"],
        "file": m["file"],
        "line": m["line"],
        "failing": m["failing"],
    }
    try:
        path.write_bytes(apply(original, _site(m)))
        envelope, impact_seconds = _prx(project, "impact", "--tests", "--budget", "0")
        selection = (envelope.get("data") or {}).get("selection")
        row["impact_seconds"] = round(impact_seconds, 2)
        if envelope.get("status") != "ok" or selection is None:
            row["error"] = "impact: " + json.dumps(envelope.get("error") or envelope)[:300]
            selection = {}
        row["whole_suite"] = bool(selection.get("whole_suite"))
        row["reasons"] = list(selection.get("reasons") or ())
        row["selected_entries"] = len(selection.get("tests") or ())
        row["selected_files"] = selection.get("selected_files")
        row["suite_files"] = selection.get("suite_files")
        row["selected_failing"] = cover.selected(
            project.language, selection, m["failing"], m.get("spec")
        )
        ran, seconds = _prx(
            project,
            "run",
            "--affected",
            "--budget",
            "0",
            "--",
            *project.command,
            timeout=max(600.0, 4 * m["seconds"]),
        )
        data = ran.get("data") or {}
        affected = data.get("affected") or {}
        row["seconds"] = round(seconds, 2)
        row["full_seconds"] = m["seconds"]
        row["run_status"] = ran.get("status")
        row["run_count"], row["run_failed"], row["count_by"] = _count(project, data)
        row["run_exit"] = data.get("exit_code")
        row["run_whole_suite"] = bool(affected.get("whole_suite"))
        row["run_arguments"] = list(affected.get("arguments") or ())[:40]
        if ran.get("status") != "ok" or not data:
            row.setdefault("error", "run: " + json.dumps(ran.get("error") or ran)[:300])
        row["share"] = (
            1.0 if row["run_whole_suite"] else round(row["run_count"] / suite, 4) if suite else None
        )
        if go is not None:
            picked = go.pick(m["file"])
            hit = [t for t in m["failing"] if t.partition("::")[0] in picked.dirs]
            row["baseline"] = _baseline_row(picked, hit, full_items)
        elif testmon is not None:
            picked = testmon.pick()
            hit = [t for t in m["failing"] if t in picked.ran]
            row["baseline"] = _baseline_row(picked, hit, full_items)
    finally:
        path.write_bytes(original)
        if path.read_bytes() != original:
            raise SystemExit(f"{m['file']}: could not restore the baseline bytes")
    return row


def _baseline_row(picked: baselines.Picked, hit: list[str], full_items: int) -> dict[str, Any]:
    """A baseline tool's figures for one mutation; its share is of the unmutated suite's
    tests as the oracle counts them (a mutated run may stop a package at a panic)."""
    return {
        "selected_failing": hit,
        "items": picked.items,
        "share": round(picked.items / full_items, 4) if full_items else None,
        "seconds": round(picked.seconds, 2),
        "note": picked.note,
    }


def _median(values: Sequence[float]) -> float | None:
    return round(statistics.median(values), 4) if values else None


def _mean(values: Sequence[float]) -> float | None:
    return round(statistics.fmean(values), 4) if values else None


def summarise(
    project: Project, rows: list[dict[str, Any]], truth: dict[str, Any]
) -> dict[str, Any]:
    """One project's figures."""
    failing = sum(len(r["failing"]) for r in rows)
    hit = sum(len(r["selected_failing"]) for r in rows)
    shares = [r["share"] for r in rows if r.get("share") is not None]
    out: dict[str, Any] = {
        "mutations": len(rows),
        "failing_tests": failing,
        "recall": round(hit / failing, 4) if failing else None,
        "all_selected": round(
            sum(len(r["selected_failing"]) == len(r["failing"]) for r in rows) / len(rows), 4
        )
        if rows
        else None,
        "whole_suite": sum(r.get("whole_suite", False) for r in rows),
        "run_whole_suite": sum(r.get("run_whole_suite", False) for r in rows),
        "errors": sum(bool(r.get("error")) for r in rows),
        "missed_by_run": sum(bool(r["failing"]) and r.get("run_failed", 0) == 0 for r in rows),
        "share_median": _median(shares),
        "share_mean": _mean(shares),
        "seconds_median": _median([r["seconds"] for r in rows if "seconds" in r]),
        "full_seconds_median": _median([r["full_seconds"] for r in rows if "full_seconds" in r]),
        "impact_seconds_median": _median([r["impact_seconds"] for r in rows]),
        "truth_seconds": truth.get("seconds"),
    }
    with_base = [r for r in rows if "baseline" in r]
    base = [r["baseline"] for r in with_base]
    if base:
        b_hit = sum(len(b["selected_failing"]) for b in base)
        out["baseline"] = {
            "recall": round(b_hit / failing, 4) if failing else None,
            "all_selected": round(
                sum(len(r["baseline"]["selected_failing"]) == len(r["failing"]) for r in with_base)
                / len(base),
                4,
            ),
            "share_median": _median([b["share"] for b in base if b["share"] is not None]),
            "share_mean": _mean([b["share"] for b in base if b["share"] is not None]),
            "seconds_median": _median([b["seconds"] for b in base]),
        }
    return out


def score_all(
    projects: Sequence[Project],
    truths: dict[str, dict[str, Any]],
    limit: int,
    log: Callable[[str], None],
) -> dict[str, Any]:
    """Every project scored; the results as written to ``results.json``."""
    started = time.monotonic()
    out: dict[str, Any] = {"projects": {}}
    for project in projects:
        problem = unavailable(project)
        if problem is not None:
            out["projects"][project.name] = {"error": problem}
            log(f"{project.name}: {problem}")
            continue
        out["projects"][project.name] = score_project(project, truths[project.name], limit, log)
    out["seconds"] = round(time.monotonic() - started, 1)
    return out


def _pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def table(results: dict[str, Any]) -> str:
    """The markdown table of the results."""
    lines = [
        "| project | lang | mutations | failing tests | recall | all failing selected "
        "| whole suite | selected run failed | share median | share mean "
        "| time selected (median s) | full (median s) "
        "| own tool: recall / share median / time median s |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, res in results["projects"].items():
        if "error" in res:
            lines.append(f"| {name} |{' – |' * 11} {res['error'][:80]} |")
            continue
        s = res["summary"]
        b = s.get("baseline")
        own = (
            f"{_pct(b['recall'])} / {_pct(b['share_median'])} / {b['seconds_median']}"
            if b
            else str(res.get("baseline_none") or "none")
        )
        lines.append(
            f"| {name} | {res['language']} | {s['mutations']} | {s['failing_tests']} | "
            f"{_pct(s['recall'])} | {_pct(s['all_selected'])} | {s['whole_suite']} | "
            f"{s['mutations'] - s['missed_by_run']}/{s['mutations']} | "
            f"{_pct(s['share_median'])} | {_pct(s['share_mean'])} | {s['seconds_median']} | "
            f"{s['full_seconds_median']} | {own} |"
        )
    by_raw = [n for n, r in results["projects"].items() if "oracle" in str(r.get("suite_count_by"))]
    if by_raw:
        lines.append("")
        lines.append(
            f"Counts of {', '.join(by_raw)}: prx run counted no tests (tap), so the oracle's "
            "parser read prx's raw log of each run."
        )
    return "\n".join(lines)
