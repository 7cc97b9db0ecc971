"""What the shell hook's rewrites cost against the commands they replace, on real trees.

    python benchmarks/hook_rewrites.py [TREE ...] [--seed 7] [--per-kind 6] [--json OUT]

For each tree (default: the corpora of benchmarks/.corpora that exist: django, rich, bat,
caddy, hono), commands of each rewritten form are drawn with a seeded generator: names
defined in the tree for ``grep -rn``/``rg -n``, files for ``cat``/``head``/``tail``/
``sed -n``, extensions for ``find -type f -name``. Each command runs in the tree as the
agent's shell runs it, and so does the prx command ``prx hook`` puts in its place (the
rewrite table, :mod:`prx.frontends.hook.forms`). Printed per form: commands, exact tokens
(cl100k_base) of the Unix output and of prx's answer, their ratio, and how many answers
were cut by prx's size ceiling (those say what they left out; the Unix output was whole).
A command the table passes through is counted apart.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from prx.core.tokens import count_exact  # noqa: E402
from prx.frontends.hook.forms import Rewrite, rewrite  # noqa: E402

DEFAULT_TREES = ["django-5.2.8", "rich", "bat", "caddy", "hono"]
_DEFINITION = re.compile(rb"(?:def|class|func|fn|function|struct|interface)\s+([A-Za-z_]\w{4,})")
_SOURCE = {".py", ".rs", ".go", ".ts", ".js", ".java"}


def _files(tree: Path) -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=tree, capture_output=True, text=True, check=False
    ).stdout.split()
    if not listed:
        listed = [
            str(p.relative_to(tree))
            for p in tree.rglob("*")
            if p.is_file() and ".git" not in p.parts
        ]
    return sorted(tree / f for f in listed if Path(f).suffix in _SOURCE)


def _commands(tree: Path, rng: random.Random, per_kind: int) -> list[tuple[str, str]]:
    files = _files(tree)
    if not files:
        return []
    chosen = rng.sample(files, min(per_kind, len(files)))
    names: set[str] = set()
    for path in rng.sample(files, min(40, len(files))):
        names.update(m.decode() for m in _DEFINITION.findall(path.read_bytes()[:200_000]))
    words = rng.sample(sorted(names), min(per_kind, len(names)))
    extensions = sorted({p.suffix for p in files})
    out: list[tuple[str, str]] = []
    for word in words:
        out += [("grep -rn", f"grep -rn {word} ."), ("rg -n", f"rg -n {word}")]
    for path in chosen:
        rel = path.relative_to(tree).as_posix()
        total = path.read_bytes().count(b"\n")
        start = rng.randint(1, max(1, total - 40))
        out += [
            ("cat", f"cat {rel}"),
            ("head", f"head -n 40 {rel}"),
            ("tail", f"tail -n 30 {rel}"),
            ("sed -n", f"sed -n '{start},{start + 40}p' {rel}"),
        ]
    for ext in extensions:
        out.append(("find", f"find . -type f -name '*{ext}'"))
    return out


def _run(command: str, tree: Path) -> str:
    done = subprocess.run(
        ["bash", "-c", command], cwd=tree, capture_output=True, text=True, timeout=300
    )
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("trees", nargs="*")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--per-kind", type=int, default=6)
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    trees = [Path(t) for t in args.trees] or [
        HERE / ".corpora" / name for name in DEFAULT_TREES if (HERE / ".corpora" / name).is_dir()
    ]
    env_ok = {k: v for k, v in os.environ.items() if k != "RIPGREP_CONFIG_PATH"}
    rows: dict[str, list[tuple[int, int, bool]]] = defaultdict(list)
    passed: dict[str, int] = defaultdict(int)
    for tree in trees:
        rng = random.Random(f"{args.seed}:{tree.name}")
        for form, command in _commands(tree.resolve(), rng, args.per_kind):
            decided = rewrite(command, str(tree.resolve()), env_ok)
            if not isinstance(decided, Rewrite):
                passed[form] += 1
                continue
            unix = _run(command, tree)
            answer = _run(decided.command(), tree)
            last = (answer.strip().splitlines() or [""])[-1]
            cut = last.startswith("[") and (" more" in last or "left out" in last)
            rows[form].append((count_exact(unix), count_exact(answer), cut))
    print(
        f"{'form':10} {'cmds':>5} {'unix tok':>10} {'prx tok':>10} {'prx/unix':>9} {'cut':>4} {'passed':>7}"
    )
    total_u = total_p = 0
    summary = {}
    for form in sorted(set(rows) | set(passed)):
        got = rows.get(form, [])
        unix = sum(r[0] for r in got)
        prx = sum(r[1] for r in got)
        cut = sum(r[2] for r in got)
        total_u, total_p = total_u + unix, total_p + prx
        ratio = prx / unix if unix else float("nan")
        print(
            f"{form:10} {len(got):5d} {unix:10d} {prx:10d} {ratio:9.3f} {cut:4d} {passed[form]:7d}"
        )
        summary[form] = {
            "commands": len(got),
            "unix": unix,
            "prx": prx,
            "cut": cut,
            "passed": passed[form],
        }
    print(
        f"{'all':10} {sum(len(v) for v in rows.values()):5d} {total_u:10d} {total_p:10d} {total_p / max(total_u, 1):9.3f}"
    )
    if args.json:
        Path(args.json).write_text(
            json.dumps({"trees": [t.name for t in trees], "forms": summary}, indent=2)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
