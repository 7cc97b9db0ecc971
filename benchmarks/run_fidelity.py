"""Fidelity and compression of ``prx run`` on the golden corpus of real tool runs.

    python benchmarks/run_fidelity.py [--exact]

For every case of tests/golden/runs/<tool>/<case>/ (recorded by record.py from real tools)
the stored output is parsed exactly as ``prx run`` would and compared with truth.json, which
was derived from the tool's machine-readable report. Prints per tool: the cases, the share
of cases whose every checked fact matches (counts, failure names and locations, diagnostics
file/line/severity/code, listings), the share of individual facts that match, and the
median ratio of the answer's tokens (the whole JSON envelope) to the raw output's tokens.
A savings figure is only worth its fidelity figure: both are printed side by side.
"""

from __future__ import annotations

import argparse
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

from prx.envelope import dumps, ok_envelope  # noqa: E402
from prx.runner.detect import select_parser  # noqa: E402
from prx.runner.hooks import prx_register_runner_parsers  # noqa: E402
from prx.runner.model import CapturedRun  # noqa: E402
from prx.runner.report import RunOutput, build_report  # noqa: E402
from prx.runner.service import parse_output  # noqa: E402
from prx.tokens import count_exact, count_fast  # noqa: E402

COUNT_KEYS = ("passed", "failed", "skipped", "errors", "xfailed", "xpassed")
#: Cases that stand for "a passing or mostly-passing large suite" (the < 0.05 target): every
#: runner's 300-test suite, all passing and with 2 failures (``<tool>/large_300_*``).
LARGE = tuple(sorted(f"{p.parent.name}/{p.name}" for p in CORPUS.glob("*/large_*") if p.is_dir()))


#: How record.py wrote the recording's temporary directory.
TMP = "<TMP>"


def check(parsed: Any, tool: str, truth: dict[str, Any], cwd: str) -> list[bool]:
    """One boolean per fact of truth.json (whose paths say ``<TMP>`` for ``cwd``)."""

    def _rel(path: Any) -> Any:
        if not isinstance(path, str):
            return path
        for prefix in (TMP + "/", cwd + "/"):
            if path.startswith(prefix):
                return path[len(prefix) :]
        return path

    facts = [tool == truth["tool"]]
    counts = truth.get("counts", {})
    if counts is None:
        facts.append(all(getattr(parsed, k) is None for k in COUNT_KEYS))
    else:
        facts += [getattr(parsed, k) == v for k, v in counts.items()]
    if "failures" in truth:
        # A name may hold a path (node names a broken file's test by it): as recorded.
        got = {f.name.replace(cwd, TMP): f for f in parsed.failures}
        facts.append(
            Counter(got_name.replace(cwd, TMP) for got_name in (f.name for f in parsed.failures))
            == Counter(f["name"] for f in truth["failures"])
        )
        for want in truth["failures"]:
            failure = got.get(want["name"])
            facts.append(failure is not None)
            if failure is not None and "file" in want:
                facts.append(_rel(failure.file) == want["file"])
            if failure is not None and "line" in want:
                facts.append(failure.line == want["line"])
    if "diagnostics" in truth:
        got_d = Counter((_rel(d.file), d.line, d.severity, d.code) for d in parsed.diagnostics)
        want_d = Counter(
            (d["file"], d["line"], d["severity"], d["code"]) for d in truth["diagnostics"]
        )
        facts += [got_d[key] == n for key, n in want_d.items()]
        facts.append(sum(got_d.values()) == sum(want_d.values()))
    if "items" in truth:
        facts.append(parsed.items == truth["items"])
    if "coverage" in truth:
        want = truth["coverage"]
        cov = parsed.coverage
        slack = want["tolerance"]
        facts.append(cov is not None and cov.total is not None)
        if cov is not None and cov.total is not None:
            facts.append(abs(cov.total - want["total"]) <= slack)
        for name, pct in want.get("rows", {}).items():
            got = cov.rows.get(name) if cov is not None else None
            facts.append(got is not None and abs(got - pct) <= slack)
    return facts


def run_case(case: Path, count: Any) -> tuple[str, list[bool], float, int, int]:
    argv = tuple(json.loads((case / "argv.json").read_text()))
    truth = json.loads((case / "truth.json").read_text())
    exit_code = int((case / "exit_code").read_text())
    with tempfile.TemporaryDirectory() as home:
        # Replay as a real run would look: the recording's directory placeholder becomes a
        # real absolute directory, so paths inside it are shown relative, as they would be.
        cwd = str(Path(home) / "project")
        stdout = (case / "stdout.txt").read_text().replace(TMP, cwd)
        stderr = (case / "stderr.txt").read_text().replace(TMP, cwd)
        raw = CapturedRun(
            argv=argv, exit_code=exit_code, stdout=stdout, stderr=stderr, duration_ms=1000
        )
        parser = select_parser(prx_register_runner_parsers(), argv)
        assert parser is not None
        parsed, tool = parse_output(parser, raw)
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
            cwd=cwd,
            count=count,
        )
        answer = count(dumps(ok_envelope("run", report, count=count)))
        facts = check(parsed, tool, truth, cwd)
    raw_tokens = count(merged)
    ratio = answer / max(1, raw_tokens)
    return tool, facts, ratio, raw_tokens, answer


def main() -> int:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument(
        "--exact", action="store_true", help="count cl100k_base tokens (default: bytes/4)"
    )
    args = options.parse_args()
    count = count_exact if args.exact else count_fast
    rows: dict[str, list[tuple[str, list[bool], float]]] = {}
    large: list[tuple[str, float, int, int]] = []
    for truth_file in sorted(CORPUS.glob("*/*/truth.json")):
        case = truth_file.parent
        folder = case.parent.name
        tool, facts, ratio, raw_tokens, answer = run_case(case, count)
        rows.setdefault(folder, []).append((case.name, facts, ratio))
        if f"{folder}/{case.name}" in LARGE:
            large.append((f"{folder}/{case.name}", ratio, raw_tokens, answer))
    unit = "cl100k tokens" if args.exact else "bytes/4 tokens"
    print(f"prx run fidelity on {sum(len(v) for v in rows.values())} recorded runs ({unit})\n")
    print(
        f"{'tool':<12} {'cases':>5} {'cases exact':>12} {'facts exact':>12} {'median out/raw':>15}"
    )
    all_cases = all_facts = ok_cases = ok_facts = 0
    for tool, cases in sorted(rows.items()):
        exact_cases = sum(all(f) for _, f, _ in cases)
        facts = [x for _, f, _ in cases for x in f]
        median = statistics.median(r for _, _, r in cases)
        print(
            f"{tool:<12} {len(cases):>5} {exact_cases / len(cases):>12.0%} "
            f"{sum(facts) / len(facts):>12.1%} {median:>15.3f}"
        )
        all_cases += len(cases)
        ok_cases += exact_cases
        all_facts += len(facts)
        ok_facts += sum(facts)
        for name, f, _ in cases:
            if not all(f):
                print(f"    mismatch: {tool}/{name}")
    print(f"{'all':<12} {all_cases:>5} {ok_cases / all_cases:>12.0%} {ok_facts / all_facts:>12.1%}")
    print("\nlarge suites (target out/raw < 0.05; 'raw for 0.05' = the raw size the answer needs):")
    print(f"  {'case':<40} {'raw':>6} {'answer':>6} {'out/raw':>8} {'raw for 0.05':>13}")
    for name, ratio, raw_tokens, answer in large:
        print(f"  {name:<40} {raw_tokens:>6} {answer:>6} {ratio:>8.3f} {20 * answer:>13}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
