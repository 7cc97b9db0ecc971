"""Start-up cost of the CLI's fast paths against the bare interpreter, in the same loop.

    python benchmarks/startup.py [--runs 40] [--target-ms 60]

The package's bytecode is compiled first (a pip install does that too).
Each round runs every command once, in a shuffled order, so machine noise hits all of them
alike; the report gives medians and each command's median minus the bare interpreter's.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _commands(small_file: Path, tree: Path) -> dict[str, list[str]]:
    prx = [
        sys.executable,
        "-c",
        "import sys; from prx.frontends.cli import main; sys.exit(main(program='prx'))",
    ]
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "prx --version": [*prx, "--version"],
        "prx read <small .txt>": [*prx, "read", str(small_file.with_suffix(".txt"))],
        "prx read <small .py>": [*prx, "read", str(small_file)],
        "prx find .": [*prx, "find", str(tree)],
    }


def _project(root: Path) -> tuple[Path, Path]:
    for i in range(40):
        sub = root / f"pkg{i % 5}"
        sub.mkdir(exist_ok=True)
        (sub / f"mod{i}.py").write_text(
            "".join(f"def f{j}():\n    return {j}\n" for j in range(30))
        )
    small = root / "pkg0" / "mod0.py"
    small.with_suffix(".txt").write_text(small.read_text())
    return small, root


def prx_package() -> str:
    import prx

    return str(Path(prx.__file__).parent)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--target-ms", type=float, default=60.0, help="read's allowed overhead")
    args = parser.parse_args()
    env = dict(
        os.environ, PRX_HOME=tempfile.mkdtemp(prefix="prx-bench-"), PRX_DISABLE_PLUGIN_AUTOLOAD="1"
    )
    with tempfile.TemporaryDirectory() as tmp:
        small, tree = _project(Path(tmp))
        commands = _commands(small, tree)
        times: dict[str, list[float]] = {name: [] for name in commands}
        for argv in commands.values():  # warm the page cache and .pyc files
            # In the tree: every path prx is given stays inside its root (the cwd).
            subprocess.run(argv, stdout=subprocess.DEVNULL, env=env, check=True, cwd=tree)
        for _ in range(args.runs):
            order = list(commands)
            random.shuffle(order)
            for name in order:
                started = time.perf_counter()
                subprocess.run(
                    commands[name], stdout=subprocess.DEVNULL, env=env, check=True, cwd=tree
                )
                times[name].append((time.perf_counter() - started) * 1000)
    bare = statistics.median(times["python -c pass"])
    print(f"{'command':<24} {'median ms':>10} {'p90 ms':>8} {'over bare':>10} {'ratio':>6}")
    for name, samples in times.items():
        median = statistics.median(samples)
        p90 = statistics.quantiles(samples, n=10)[-1]
        ratio = median / bare
        print(f"{name:<24} {median:>10.1f} {p90:>8.1f} {median - bare:>+10.1f} {ratio:>6.2f}")
    read_over = statistics.median(times["prx read <small .txt>"]) - bare
    verdict = "within" if read_over <= args.target_ms else "OVER"
    print(f"\nprx read (plain text) is {read_over:.1f} ms over the bare interpreter:", end=" ")
    print(f"{verdict} the {args.target_ms:.0f} ms target")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
