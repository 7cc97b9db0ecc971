"""Time of ``context``, ``impact`` and ``explain`` on the django tree with an index.

    python benchmarks/intel.py [--corpus DIR]

The django 5.2.8 sdist (downloaded once, sha256-checked, as benchmarks/parse.py does) is
indexed first (an update when the index is current). Each command then runs once in
this process after a warm-up call (imports, grammars and the import graph loaded once, as
in a long-lived Workspace such as the MCP server), and once through the CLI in a new
process (start-up and the index's graph load included), with its default ceiling. Wall
and CPU time are printed with the answer's size and the machine's load: on a shared
machine the CPU time says more than the wall time.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from parse import DJANGO, fetch_corpus  # noqa: E402

CALLS = (
    ("context django/db/models", "context", ("django/db/models",), {}),
    ("context django/shortcuts.py", "context", ("django/shortcuts.py",), {}),
    ("impact django/db/models/query.py", "impact", ("django/db/models/query.py",), {}),
    (
        "impact django/db/models/query.py --symbol QuerySet",
        "impact",
        ("django/db/models/query.py",),
        {"symbol": "QuerySet"},
    ),
    (
        "impact django/utils/functional.py --symbol cached_property",
        "impact",
        ("django/utils/functional.py",),
        {"symbol": "cached_property"},
    ),
    ("explain get_object_or_404", "explain", ("get_object_or_404",), {}),
    ("explain QuerySet", "explain", ("QuerySet",), {}),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=None)
    args = parser.parse_args()

    import prx
    from prx.core.budget import data_tokens
    from prx.core.tokens import count_fast

    root = args.corpus or fetch_corpus(*DJANGO)
    ws = prx.Workspace(root)
    ws.index(".")
    ws.explain("setup", "django/__init__.py")  # warm-up: imports, grammars
    print(f"{root} (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"  {'':58} {'in-process (warm)':>24}  {'prx CLI (a new process)':>24}")
    for label, command, positional, options in CALLS:
        wall, cpu = time.perf_counter(), time.process_time()
        result = getattr(ws, command)(*positional, **options)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        tokens = data_tokens(result, count_fast)
        cli_wall, cli_cpu = _cli(root, label)
        print(
            f"  {label:58} {wall * 1000:6.0f} ms, cpu {cpu * 1000:5.0f} ms"
            f"  {cli_wall * 1000:6.0f} ms, cpu {cli_cpu * 1000:5.0f} ms  {tokens:5} tokens"
        )


def _cli(root: Path, label: str) -> tuple[float, float]:
    """Wall and CPU time of the same call through ``python -m prx`` (start-up included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "prx", *label.split()],
        cwd=root,
        check=True,
        stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


if __name__ == "__main__":
    main()
