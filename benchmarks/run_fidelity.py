"""Fidelity and compression of ``prx run`` on the golden corpus of real tool runs.

    python benchmarks/run_fidelity.py [--exact] [FOLDER ...]

For every case of tests/golden/runs/<folder>/<case>/ (recorded by record.py, record_build.py,
record_wild.py and record_lean.py from real tools; ``heldout/`` holds cases recorded after
the parsers were last changed and not used to change them) the stored output is read
exactly as ``prx run`` would (the tool recognised by its command line, through wrappers and
the project's scripts, else by the output's content) and compared with truth.json, which
was derived from the tool's machine-readable report. Prints per folder: the cases, the share
of cases whose every checked fact matches (counts, failure names and places, diagnostics
file/line/severity/code, listings, kept lines), the share with exact counts, the share with
exact failure places, and the median ratios of the JSON envelope's and the text's tokens to
the raw output's.
A savings figure is only worth its fidelity figure: both are printed side by side.

Both forms of the answer are checked on every case. The structured form (the envelope's
``data``, what ``prx.run(...)`` and an MCP client's ``structuredContent`` get) must carry
every fact of truth.json: the tool, each count, every failure with its name, file, line
(and message when truth.json has one), every diagnostic with its file, line, severity and
code (column ``struct``). The model-facing text (``prx --text run``, the MCP text content,
``prx.commands.run.text``) must cost at most the raw output + 40 tokens, counted exactly
(cl100k_base) whatever ``--exact`` says; it is printed case by case beside the JSON
envelope's size. On suites of 300 tests or more the text is also held to
max(150 tokens, 5 % of the raw output).
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
from prx.commands.run.text import RAW_SLACK, render  # noqa: E402
from prx.core.envelope import dumps, ok_envelope, to_jsonable  # noqa: E402
from prx.core.tokens import count_exact, count_fast  # noqa: E402
from prx.engine.runner.model import CapturedRun  # noqa: E402
from prx.engine.runner.recognise import analyse  # noqa: E402
from prx.engine.runner.report import RunOutput, build_report  # noqa: E402

COUNT_KEYS = ("passed", "failed", "skipped", "errors", "warnings", "xfailed", "xpassed")
#: The target on suites of 300 tests or more: the text at most max(150, 5 % of raw).
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
            row = cov.rows.get(name) if cov is not None else None
            facts["other"].append(row is not None and abs(row - pct) <= slack)
    return facts


def check_structured(data: dict[str, Any], truth: dict[str, Any], cwd: str) -> list[str]:
    """What the structured form (the envelope's ``data``) lacks of truth.json's facts: the
    tool, each count, every failure (name, file, line, message) and every diagnostic
    (file, line, severity, code); empty when it carries them all."""

    def _rel(path: Any) -> Any:
        if isinstance(path, str) and path.startswith(TMP + "/"):
            return path[len(TMP) + 1 :]
        return path

    missing: list[str] = []
    if data.get("tool") != truth["tool"]:
        missing.append(f"tool {data.get('tool')!r}")
    for key, value in (truth.get("counts") or {}).items():
        if data.get(key, 0 if key in ("warnings", "xfailed", "xpassed") else None) != value:
            missing.append(f"{key}={data.get(key)!r} (want {value})")
    failures = [{**f, "name": str(f["name"]).replace(cwd, TMP)} for f in data.get("failures") or ()]
    for want in truth.get("failures", ()):
        match = next((f for f in failures if f["name"] == want["name"]), None)
        if match is None:
            missing.append(f"failure {want['name']!r}")
            continue
        for key in ("file", "line"):
            if (
                key in want
                and (_rel(match.get(key)) if key == "file" else match.get(key)) != want[key]
            ):
                missing.append(f"failure {want['name']!r} {key}={match.get(key)!r}")
        # Compared up to the exception class pytest's native style adds.
        message = str(want.get("message", "")).replace(TMP, cwd).strip()
        if "message" in want and not str(match.get("message", "")).removeprefix(
            "AssertionError: "
        ).startswith(message.removeprefix("AssertionError: ")):
            missing.append(f"failure {want['name']!r} message")
    # A failure the tool printed twice word for word is one fact.
    distinct = {f["name"] for f in truth.get("failures", ())}
    if "failures" in truth and len(failures) != len(distinct):
        missing.append(f"{len(failures)} failures (want {len(distinct)})")
    if "diagnostics" in truth:
        got = Counter(
            (_rel(d["file"]), d.get("line"), d["severity"], d.get("code"))
            for d in data.get("diagnostics") or ()
        )
        want_d = Counter(
            (d["file"], d["line"], d["severity"], d["code"]) for d in truth["diagnostics"]
        )
        missing += [f"diagnostic {key}" for key, n in want_d.items() if got[key] < n]
        if sum(got.values()) != sum(want_d.values()):
            missing.append(f"{sum(got.values())} diagnostics (want {sum(want_d.values())})")
    return missing


@dataclasses.dataclass
class Result:
    """One case: its facts, and the answer's size against the raw output's."""

    tool: str
    facts: dict[str, list[bool]]
    raw: int
    #: The structured form: the JSON envelope as ``prx run`` prints it.
    answer: int
    #: What the structured form lacks of truth.json's facts (empty: nothing).
    missing: list[str]
    #: The raw output and the model-facing text, in cl100k_base tokens.
    raw_exact: int
    text: int
    #: What the answer's JSON cut (failures, diagnostics left out by the ceiling).
    note: str
    tests: int

    @property
    def ratio(self) -> float:
        return self.answer / max(1, self.raw)

    @property
    def text_ratio(self) -> float:
        return self.text / max(1, self.raw_exact)

    @property
    def excess(self) -> int:
        """Tokens of the text beyond the raw output + RAW_SLACK (cl100k_base)."""
        return self.text - (self.raw_exact + RAW_SLACK)


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
        data = to_jsonable(report)
        text = count_exact(render(data))
        note = ""
        if report.failures_omitted + report.diagnostics_omitted:
            note = (
                f" ({len(report.failures)} of {len(parsed.failures)} failures, "
                f"{len(report.diagnostics)} of {len(parsed.diagnostics)} diagnostics in the JSON)"
            )
        facts = check(parsed, tool, truth, str(cwd))
        missing = check_structured(data, truth, str(cwd))
    counts = truth.get("counts") or {}
    tests = sum(counts.get(k) or 0 for k in ("passed", "failed", "skipped", "xfailed", "xpassed"))
    if case.name.startswith("large_300"):  # go test without -v counts only its failures
        tests = max(tests, 300)
    return Result(
        tool, facts, count(merged), answer, missing, count_exact(merged), text, note, tests
    )


def _share(values: list[bool]) -> str:
    return f"{sum(values) / len(values):.0%}" if values else "-"


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument(
        "--exact", action="store_true", help="count cl100k_base tokens (default: bytes/4)"
    )
    options.add_argument("folders", nargs="*", help="only these folders of the corpus")
    args = options.parse_args()
    count = count_exact if args.exact else count_fast
    rows: dict[str, list[tuple[str, Result]]] = {}
    for truth_file in sorted(CORPUS.glob("*/*/truth.json")):
        case = truth_file.parent
        if args.folders and case.parent.name not in args.folders:
            continue
        rows.setdefault(case.parent.name, []).append((case.name, run_case(case, count)))
    unit = "cl100k tokens" if args.exact else "bytes/4 tokens"
    total = sum(len(v) for v in rows.values())
    print(f"prx run fidelity on {total} recorded runs (JSON in {unit}, text in cl100k)\n")
    print(
        f"{'folder':<13} {'cases':>5} {'exact':>6} {'counts':>7} {'places':>7} "
        f"{'facts':>7} {'struct':>7} {'json/raw':>9} {'text/raw':>9} {'max text/raw':>13}"
    )
    every: list[tuple[str, Result]] = []
    for folder, cases in sorted(rows.items()):
        results = [r for _, r in cases]
        every += [(f"{folder}/{name}", r) for name, r in cases]
        exact = [all(all(v) for v in r.facts.values()) for r in results]
        counts_ok = [all(r.facts["counts"]) for r in results if r.facts["counts"]]
        places_ok = [all(r.facts["places"]) for r in results if r.facts["places"]]
        facts = [x for r in results for v in r.facts.values() for x in v]
        whole = [not r.missing for r in results]
        print(
            f"{folder:<13} {len(cases):>5} {_share(exact):>6} {_share(counts_ok):>7} "
            f"{_share(places_ok):>7} {_share(facts):>7} {_share(whole):>7} "
            f"{statistics.median(r.ratio for r in results):>9.3f} "
            f"{statistics.median(r.text_ratio for r in results):>9.3f} "
            f"{max(r.text_ratio for r in results):>13.3f}"
        )
        for (name, result), ok in zip(cases, exact, strict=True):
            if not ok:
                print(f"    mismatch: {folder}/{name}")
            if result.missing:
                print(f"    structured form lacks: {folder}/{name}: {'; '.join(result.missing)}")
    results = [r for _, r in every]
    exact_all = sum(all(all(v) for v in r.facts.values()) for r in results)
    counts_all = [all(r.facts["counts"]) for r in results if r.facts["counts"]]
    places_all = [all(r.facts["places"]) for r in results if r.facts["places"]]
    whole_all = sum(not r.missing for r in results)
    print(
        f"{'all':<13} {len(results):>5} {exact_all / len(results):>6.0%} "
        f"{_share(counts_all):>7} {_share(places_all):>7} {'':>7} "
        f"{whole_all / len(results):>7.0%}"
    )
    print(
        f"\ncases exact {exact_all}/{len(results)}, counts exact {sum(counts_all)}/"
        f"{len(counts_all)}, places exact {sum(places_all)}/{len(places_all)}, structured "
        f"form complete {whole_all}/{len(results)}"
    )
    print(
        f"\nthe model-facing text against the raw output (rule: text <= raw + {RAW_SLACK}, cl100k):"
    )
    print(
        f"  {'case':<48} {'raw':>6} {'text':>6} {'text/raw':>8} {'margin':>6} {'json':>6} "
        f"{'json/raw':>8}"
    )
    for name, r in every:
        flag = "  <- over" if r.excess > 0 else ""
        print(
            f"  {name:<48} {r.raw_exact:>6} {r.text:>6} {r.text_ratio:>8.3f} {r.excess:>+6d} "
            f"{r.answer:>6} {r.ratio:>8.3f}{r.note}{flag}"
        )
    over = [r for _, r in every if r.excess > 0]
    print(
        f"text > raw + {RAW_SLACK} tokens: {len(over)} of {len(results)} cases (largest "
        f"margin: {max(r.excess for r in results):+d} tokens); in total text "
        f"{sum(r.text for r in results)} / raw {sum(r.raw_exact for r in results)} cl100k, "
        f"JSON {sum(r.answer for r in results)} / raw {sum(r.raw for r in results)} ({unit})"
    )
    print(
        f"\nsuites of >= 300 tests (target: the text <= max({LARGE_FLOOR}, "
        f"{LARGE_SHARE:.0%} of raw); the JSON, which carries every field, for reference):"
    )
    print(f"  {'case':<44} {'tests':>5} {'raw':>6} {'json':>6} {'text':>6} {'target':>7}")
    misses = 0
    for name, r in every:
        if r.tests < 300:
            continue
        target = max(LARGE_FLOOR, int(LARGE_SHARE * r.raw))
        misses += r.text > target
        flag = "  <- over" if r.text > target else ""
        print(f"  {name:<44} {r.tests:>5} {r.raw:>6} {r.answer:>6} {r.text:>6} {target:>7}{flag}")
    print(f"  {misses} over the target")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
