"""The mutation oracle of ``prx impact --tests`` and ``prx run --affected`` (issue 31).

    python benchmarks/affected.py [--project NAME ...] [--limit N] [--tries N]
                                  [--seed N] [--refresh] [--truth-only]

**Truth.** Each project (see :mod:`affected_lib.projects`: toolz and boltons in Python,
go-cmp and toml in Go, regex-syntax in Rust, js-yaml and semver in JavaScript) is copied
into ``benchmarks/.corpora/affected/<name>/``, a fresh git repository with one baseline
commit. Seeded mutations (:mod:`affected_lib.mutate`: a flipped comparison, ``+``↔``-``,
a flipped boolean, an integer n→n+1, ``return X``→``return None/nil/null``,
``and``↔``or``) are made one at a time in a non-test source file, inside a function's
body or a module-level constant; the full suite runs each time, and a mutation is kept
when some test fails while the suite still builds and collects. The file is restored
byte for byte after each try. Kept: at most two per function, tried in turns over files
and functions. The failing tests of the full run are the truth, by canonical id:

- python: the pytest node id relative to the project's root, parameters stripped;
- go: ``<package dir relative to the module root, "." for it>::<TopLevelTest>``;
- rust: ``<target>::<libtest name>``, target ``lib``, ``test:<stem>`` or ``doc``;
- javascript: ``<test file relative to the root>::<full title>``: mocha's ``fullTitle``
  under the file whose ``it()`` defined the test (``mocha_reporter.js``; the spec file
  that loaded it, when another, is kept beside: selecting either runs it); tap's
  subtests joined with `` > `` under their file (``<file>::`` for a file's own
  assertions).

Cached in ``<name>.truth.json`` (``--refresh`` recomputes). Each project's loop holds the
machine-wide lock (``/tmp/prx-heavy.lock``), handed on every 12 minutes.

**Scoring** (:mod:`affected_lib.score`). Each kept mutation is applied again in the
scratch repository (the work tree against HEAD is the change); ``prx impact --tests``
names the tests it selects and ``prx run --affected -- <the project's command>`` runs
them. Per project: the recall of the failing tests (micro: failing tests selected /
failing tests; and the share of mutations whose every failing test was selected), the
share of the suite selected (median, mean), the time of the selected run against the
full one; beside it the ecosystem's own tool where one runs offline (Go: ``go test`` of
the changed package and its importers; Python: pytest-testmon after a full run). Prints
a markdown table and writes ``benchmarks/.corpora/affected/results.json``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from affected_lib import score, truth  # noqa: E402
from affected_lib.projects import PROJECTS, WORK  # noqa: E402


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def truth_line(data: dict[str, Any]) -> str:
    """One project's truth in a line of the markdown table."""
    muts = data["mutations"]
    files = len({m["file"] for m in muts})
    scopes = len({(m["file"], m["scope"]) for m in muts})
    failing = sorted(len(m["failing"]) for m in muts)
    median = failing[len(failing) // 2] if failing else 0
    counts = data.get("counts", {})
    return (
        f"| {data['project']} | {data['language']} | {len(muts)} | {len(data['tried'])} | "
        f"{counts.get('survived', 0)}/{counts.get('broken', 0)}/{counts.get('timeout', 0)} | "
        f"{files} | {scopes} | {data['baseline']['tests']} ({data['baseline']['items']}) | "
        f"{median} | {data['baseline']['seconds']} | {data['seconds']} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--project", action="append", choices=sorted(PROJECTS))
    parser.add_argument("--limit", type=int, default=45, help="mutations to keep per project")
    parser.add_argument("--tries", type=int, default=200, help="mutations to try per project")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--refresh", action="store_true", help="recompute the truth")
    parser.add_argument("--truth-only", action="store_true", help="build the truth, no scoring")
    args = parser.parse_args(argv)
    names = args.project or list(PROJECTS)
    truths: dict[str, dict[str, Any]] = {}
    for name in names:
        started = time.monotonic()
        try:
            truths[name] = truth.build(
                PROJECTS[name], args.seed, args.limit, args.tries, args.refresh, _log
            )
        except SystemExit as exc:
            _log(f"{name}: no truth: {exc}")
            continue
        _log(f"{name}: truth ready in {time.monotonic() - started:.0f} s")
    print(
        "| project | language | kept | tried | survived/broken/timeout | files | functions "
        "| suite: ids (runner's count) | median failing | full run s (baseline) | truth s |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for data in truths.values():
        print(truth_line(data))
    if args.truth_only:
        return 0
    problem = score.unavailable()
    if problem is not None:
        print(f"\nscoring cannot run: {problem}")
        return 2
    results = score.score_all([PROJECTS[n] for n in truths], truths, args.limit, _log)
    out = WORK / "results.json"
    if out.exists():  # a run of some projects keeps the others' last results
        earlier = json.loads(out.read_text())
        merged = {**earlier.get("projects", {}), **results["projects"]}
        results["projects"] = {n: merged[n] for n in PROJECTS if n in merged}
    print()
    print(score.table(results))
    out.write_text(json.dumps(results, indent=1))
    print(f"\nwritten: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
