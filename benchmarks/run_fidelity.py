"""Fidelity and compression of ``prx run`` on the golden corpus of real tool runs.

    python benchmarks/run_fidelity.py [--exact]

For every case of tests/golden/runs/<folder>/<case>/ (recorded by record.py, record_build.py
and record_wild.py from real tools) the stored output is read exactly as ``prx run`` would
(the tool recognised by its command line, through wrappers and the project's scripts, else by
the output's content) and compared with truth.json, which was derived from the tool's
machine-readable report. Prints per folder: the cases, the share of cases whose every checked
fact matches (counts, failure names and places, diagnostics file/line/severity/code,
listings, kept lines), the share with exact counts, the share with exact failure places, and
the median ratio of the answer's tokens (the whole JSON envelope) to the raw output's tokens.
A savings figure is only worth its fidelity figure: both are printed side by side.

Two ceilings are checked on every case: the whole answer (the envelope as printed) is at most
the raw output + 40 tokens, printed case by case with its ratio and its form (``full``, or
the compact ``verbatim`` or ``parsed`` form that keeps to the rule); and on suites of 300
tests or more the answer is at most max(150 tokens, 5 % of the raw output).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "golden" / "runs"
sys.path.insert(0, str(ROOT))

from prx.app.hooks import RunnerParsers  # noqa: E402
from prx.core.envelope import dumps, ok_envelope  # noqa: E402
from prx.core.tokens import count_exact, count_fast  # noqa: E402
from prx.engine.runner.model import CapturedRun  # noqa: E402
from prx.engine.runner.recognise import analyse  # noqa: E402
from prx.engine.runner.report import RAW_SLACK, RunOutput, build_report  # noqa: E402

COUNT_KEYS = ("passed", "failed", "skipped", "errors", "warnings", "xfailed", "xpassed")
#: The revised target on suites of 300 tests or more: the answer at most max(150, 5 % of raw).
LARGE_FLOOR, LARGE_SHARE = 150, 0.05


#: How record.py wrote the recording's temporary directory.
TMP = "<TMP>"


def check(parsed: Any, tool: str, truth: dict[str, Any], cwd: str) -> dict[str, list[bool]]:
    """Booleans per fact of truth.json (whose paths say ``<TMP>`` for ``cwd``), by kind:
    ``counts``, ``places`` (each failure's file and line) and ``other``."""

    def _rel(path: Any) -> Any:
        if not isinstance(path, str):
            return path
        for prefix in (TMP + "/", cwd + "/"):
            if path.startswith(prefix):
                return path[len(prefix) :]
        return path

    facts: dict[str, list[bool]] = {"counts": [], "places": [], "other": [tool == truth["tool"]]}
    counts = truth.get("counts", {})
    if counts is None:
        facts["counts"].append(all(getattr(parsed, k) is None for k in COUNT_KEYS))
    else:
        facts["counts"] += [getattr(parsed, k) == v for k, v in counts.items()]
    if "failures" in truth:
        # A name may hold a path (node names a broken file's test by it): as recorded.
        got = {f.name.replace(cwd, TMP): f for f in parsed.failures}
        facts["other"].append(
            Counter(got_name.replace(cwd, TMP) for got_name in (f.name for f in parsed.failures))
            == Counter(f["name"] for f in truth["failures"])
        )
        for want in truth["failures"]:
            failure = got.get(want["name"])
            facts["other"].append(failure is not None)
            if "file" in want:
                facts["places"].append(failure is not None and _rel(failure.file) == want["file"])
            if "line" in want:
                facts["places"].append(failure is not None and failure.line == want["line"])
    if "diagnostics" in truth:
        got_d = Counter((_rel(d.file), d.line, d.severity, d.code) for d in parsed.diagnostics)
        want_d = Counter(
            (d["file"], d["line"], d["severity"], d["code"]) for d in truth["diagnostics"]
        )
        facts["places"] += [got_d[key] == n for key, n in want_d.items()]
        facts["other"].append(sum(got_d.values()) == sum(want_d.values()))
    if "items" in truth:
        facts["other"].append(parsed.items == truth["items"])
    if "item_paths" in truth:
        paths = [x.split(" | ")[0].strip() for x in parsed.items]
        facts["other"].append(paths == truth["item_paths"])
    shown = [*(parsed.excerpt or ()), *parsed.items]
    facts["other"] += [line in shown for line in truth.get("kept_lines", ())]
    for line, times in truth.get("repeats", ()):
        at = shown.index(line) if line in shown else -1
        marker = f"[prx: {times - 1} repeated lines omitted]"
        facts["other"].append(at >= 0 and shown[at + 1 : at + 2] == [marker])
    if "coverage" in truth:
        want = truth["coverage"]
        cov = parsed.coverage
        slack = want["tolerance"]
        facts["other"].append(cov is not None and cov.total is not None)
        if cov is not None and cov.total is not None:
            facts["other"].append(abs(cov.total - want["total"]) <= slack)
        for name, pct in want.get("rows", {}).items():
            got = cov.rows.get(name) if cov is not None else None
            facts["other"].append(got is not None and abs(got - pct) <= slack)
    return facts


@dataclasses.dataclass
class Result:
    """One case: its facts, and the answer's size against the raw output's."""

    tool: str
    facts: dict[str, list[bool]]
    raw: int
    #: The whole answer: the envelope as ``prx run`` prints it.
    answer: int
    #: ``full``, or the compact form answered: ``verbatim``, ``parsed`` or ``parsed-cut``.
    form: str
    #: What a cut form shows of the parse.
    note: str
    tests: int

    @property
    def ratio(self) -> float:
        return self.answer / max(1, self.raw)

    @property
    def excess(self) -> int:
        """Tokens of the answer beyond the raw output + RAW_SLACK."""
        return self.answer - (self.raw + RAW_SLACK)


def run_case(case: Path, count: Any) -> Result:
    argv = tuple(json.loads((case / "argv.json").read_text()))
    truth = json.loads((case / "truth.json").read_text())
    exit_code = int((case / "exit_code").read_text())
    with tempfile.TemporaryDirectory() as home:
        # Replay as a real run would look: the recording's directory placeholder becomes a
        # real absolute directory, so paths inside it are shown relative, as they would be;
        # the project's scripts (package.json, Makefile) are there for the detection.
        cwd = Path(home) / "project"
        cwd.mkdir()
        project = case / "project.json"
        if project.is_file():
            for name, text in json.loads(project.read_text()).items():
                (cwd / name).write_text(text)
        stdout = (case / "stdout.txt").read_text().replace(TMP, str(cwd))
        stderr = (case / "stderr.txt").read_text().replace(TMP, str(cwd))
        raw = CapturedRun(
            argv=argv, exit_code=exit_code, stdout=stdout, stderr=stderr, duration_ms=1000
        )
        parsed, tool, detected = analyse(RunnerParsers.prx_register_runner_parsers(), raw, str(cwd))
        merged = stdout + stderr
        report = build_report(
            RunOutput(
                argv=argv,
                exit_code=exit_code,
                duration_ms=1000,
                merged=merged,
                raw_bytes=merged.encode(),
            ),
            parsed,
            tool=tool,
            home=home,
            cwd=str(cwd),
            detected=detected,
            count=count,
        )
        answer = count(dumps(ok_envelope("run", report, count=count)))
        form = "full" if not report.compact else "verbatim" if report.raw_path is None else "parsed"
        note = ""
        if form == "parsed" and report.failures_omitted + report.diagnostics_omitted:
            form = "parsed-cut"
            note = (
                f" ({len(report.failures)} of {len(parsed.failures)} failures, "
                f"{len(report.diagnostics)} of {len(parsed.diagnostics)} diagnostics shown)"
            )
        facts = check(parsed, tool, truth, str(cwd))
    counts = truth.get("counts") or {}
    tests = sum(counts.get(k) or 0 for k in ("passed", "failed", "skipped", "xfailed", "xpassed"))
    if case.name.startswith("large_300"):  # go test without -v counts only its failures
        tests = max(tests, 300)
    return Result(tool, facts, count(merged), answer, form, note, tests)


def _share(values: list[bool]) -> str:
    return f"{sum(values) / len(values):.0%}" if values else "-"


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument(
        "--exact", action="store_true", help="count cl100k_base tokens (default: bytes/4)"
    )
    args = options.parse_args()
    count = count_exact if args.exact else count_fast
    rows: dict[str, list[tuple[str, Result]]] = {}
    for truth_file in sorted(CORPUS.glob("*/*/truth.json")):
        case = truth_file.parent
        rows.setdefault(case.parent.name, []).append((case.name, run_case(case, count)))
    unit = "cl100k tokens" if args.exact else "bytes/4 tokens"
    total = sum(len(v) for v in rows.values())
    print(f"prx run fidelity on {total} recorded runs ({unit})\n")
    print(
        f"{'folder':<13} {'cases':>5} {'exact':>6} {'counts':>7} {'places':>7} "
        f"{'facts':>7} {'median out/raw':>15} {'max out/raw':>12}"
    )
    every: list[tuple[str, Result]] = []
    for folder, cases in sorted(rows.items()):
        results = [r for _, r in cases]
        every += [(f"{folder}/{name}", r) for name, r in cases]
        exact = [all(all(v) for v in r.facts.values()) for r in results]
        counts_ok = [all(r.facts["counts"]) for r in results if r.facts["counts"]]
        places_ok = [all(r.facts["places"]) for r in results if r.facts["places"]]
        facts = [x for r in results for v in r.facts.values() for x in v]
        ratios = [r.ratio for r in results]
        print(
            f"{folder:<13} {len(cases):>5} {_share(exact):>6} {_share(counts_ok):>7} "
            f"{_share(places_ok):>7} {_share(facts):>7} {statistics.median(ratios):>15.3f} "
            f"{max(ratios):>12.3f}"
        )
        for (name, _), ok in zip(cases, exact, strict=True):
            if not ok:
                print(f"    mismatch: {folder}/{name}")
    results = [r for _, r in every]
    exact_all = sum(all(all(v) for v in r.facts.values()) for r in results)
    print(f"{'all':<13} {len(results):>5} {exact_all / len(results):>6.0%}")
    print(f"\nthe whole answer against the raw output (rule: answer <= raw + {RAW_SLACK}):")
    print(f"  {'case':<48} {'raw':>6} {'answer':>6} {'out/raw':>8} {'margin':>6}  form")
    for name, r in every:
        flag = "  <- over" if r.excess > 0 else ""
        print(
            f"  {name:<48} {r.raw:>6} {r.answer:>6} {r.ratio:>8.3f} {r.excess:>+6d}  "
            f"{r.form}{r.note}{flag}"
        )
    over = [r for _, r in every if r.excess > 0]
    forms = Counter(r.form for r in results)
    print(
        f"answer > raw + {RAW_SLACK} tokens: {len(over)} of {len(results)} cases (largest "
        f"margin: {max(r.excess for r in results):+d} tokens); forms: "
        + ", ".join(f"{n} {form}" for form, n in sorted(forms.items()))
    )
    print(
        f"\nsuites of >= 300 tests (target: answer <= max({LARGE_FLOOR}, "
        f"{LARGE_SHARE:.0%} of raw)):"
    )
    print(f"  {'case':<44} {'tests':>5} {'raw':>6} {'answer':>6} {'out/raw':>8} {'target':>7}")
    misses = 0
    for name, r in every:
        if r.tests < 300:
            continue
        target = max(LARGE_FLOOR, int(LARGE_SHARE * r.raw))
        flag = "" if r.answer <= target else "  <- over"
        misses += bool(flag)
        print(
            f"  {name:<44} {r.tests:>5} {r.raw:>6} {r.answer:>6} {r.ratio:>8.3f} {target:>7}{flag}"
        )
    print(f"  {misses} over the target")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
