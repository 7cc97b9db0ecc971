"""Answer sizes: the tokens each prx command returns for typical calls, beside the plain
Unix command's output in the same run.

    python benchmarks/sizes.py [--corpus DIR ...] [--json FILE]

Without --corpus it measures the django 5.2.8 source tree (downloaded once with pip,
sha256-checked, into benchmarks/.corpora/) and this repository. Every call runs as a
fresh ``python -m prx`` process from the corpus root, exactly as an agent would call it,
with default settings (no --budget). Tokens are exact cl100k_base counts of what each
command printed on stdout. The calls per corpus:

- ``find .`` beside ``find . -type f``;
- ``read`` of the three largest files prx lists, beside ``cat``;
- a 40-line ranged read in the middle of the largest source file, beside ``sed -n A,Bp``;
- ``search`` of an identifier (a name defined in the tree), of words, and ``--literal``,
  beside ``grep -rn`` of the same identifier or text (for words: of the first word);
- ``outline`` of the directory holding the most source files, beside ``grep -rnE`` of
  its definition lines;
- ``exists`` of the identifier, beside ``grep -rlF``.

A row is flagged ``OVER`` when a default answer exceeds 12,000 tokens; the rows where prx
costs more than the Unix command are listed at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from parse import DJANGO, fetch_corpus  # noqa: E402

CEILING = 12_000
SOURCE_SUFFIXES = (".py", ".js", ".ts", ".go", ".rs", ".java", ".c", ".h", ".rb")


@dataclass
class Row:
    corpus: str
    call: str
    prx_tokens: int
    unix_call: str
    unix_tokens: int
    status: str


def _tokens(text: str) -> int:
    from prx.core.tokens import count_exact

    return count_exact(text)


_HOME = tempfile.mkdtemp(prefix="prx-sizes-")


def _prx(root: Path, *args: str) -> tuple[str, dict[str, object]]:
    # A home of its own: usage records of this run stay out of the user's and the corpus.
    env = {**os.environ, "PRX_DISABLE_PLUGIN_AUTOLOAD": "1", "PRX_HOME": _HOME}
    done = subprocess.run(
        [sys.executable, "-m", "prx", *args],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    envelope = json.loads(done.stdout.splitlines()[0]) if done.stdout.strip() else {}
    return done.stdout, envelope


def _unix(root: Path, argv: list[str]) -> str:
    done = subprocess.run(argv, cwd=root, capture_output=True, check=False)
    return done.stdout.decode("utf-8", "replace")


def _listed_files(root: Path) -> list[str]:
    """Every file prx lists (its own walk, so ignored files are left out as prx does)."""
    from prx.engine.files.walk import walk

    return [found.rel for found in walk(root).files]


def _largest(root: Path, files: list[str], count: int) -> list[str]:
    return sorted(files, key=lambda rel: (root / rel).stat().st_size, reverse=True)[:count]


def _identifier(root: Path, source: str) -> str:
    """A class name defined in ``source`` (the first of a readable length)."""
    text = (root / source).read_text(errors="replace")
    for name in re.findall(r"^\s*(?:class|def|func|fn|function)\s+([A-Za-z_]\w{5,})", text, re.M):
        return name
    return "main"


def _busiest_directory(files: list[str]) -> str:
    dirs = Counter(os.path.dirname(rel) for rel in files if rel.endswith(SOURCE_SUFFIXES))
    return dirs.most_common(1)[0][0] or "."


def measure(root: Path, label: str) -> list[Row]:
    files = _listed_files(root)
    sources = [rel for rel in files if rel.endswith(SOURCE_SUFFIXES)]
    biggest_source = _largest(root, sources, 1)[0]
    lines = (root / biggest_source).read_text(errors="replace").count("\n")
    start = max(1, lines // 2)
    ident = _identifier(root, biggest_source)
    directory = _busiest_directory(files)
    calls: list[tuple[list[str], list[str]]] = [(["find", "."], ["find", ".", "-type", "f"])]
    for rel in _largest(root, files, 3):
        calls.append((["read", rel], ["cat", "--", rel]))
    calls.append(
        (
            ["read", biggest_source, "--lines", f"{start}-{start + 39}"],
            ["sed", "-n", f"{start},{start + 39}p", "--", biggest_source],
        )
    )
    calls += [
        (["search", ident, "."], ["grep", "-rn", "--", ident, "."]),
        (["search", "how are errors reported to the user", "."], ["grep", "-rn", "errors", "."]),
        (["search", "return None", ".", "--literal"], ["grep", "-rnF", "return None", "."]),
        (
            ["outline", directory],
            ["grep", "-rnE", r"^\s*(class|def|func|fn|function)\s", directory],
        ),
        (["exists", ident], ["grep", "-rlF", "--", ident, "."]),
    ]
    rows = []
    for prx_args, unix_argv in calls:
        out, envelope = _prx(root, *prx_args)
        prx_tokens = _tokens(out)
        unix_tokens = _tokens(_unix(root, unix_argv))
        status = "OVER" if prx_tokens > CEILING else str(envelope.get("status", "?"))
        row = Row(
            label,
            "prx " + " ".join(prx_args),
            prx_tokens,
            " ".join(unix_argv),
            unix_tokens,
            status,
        )
        rows.append(row)
        print(
            f"{label:<8} {row.call[:58]:<58} {prx_tokens:>8,} {unix_tokens:>9,}  "
            f"{row.unix_call[:40]:<40} {status}",
            flush=True,
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, action="append", help="a source tree")
    parser.add_argument("--json", type=Path, help="also write the rows to this file")
    args = parser.parse_args()
    corpora = args.corpus or [fetch_corpus(*DJANGO), HERE.parent]
    print(f"{'corpus':<8} {'call':<58} {'prx':>8} {'unix':>9}  {'unix command':<40} status")
    rows: list[Row] = []
    for corpus in corpora:
        root = corpus.resolve()
        rows += measure(root, "prx" if root == HERE.parent else root.name.split("-")[0][:8])
    over = [r for r in rows if r.prx_tokens > CEILING]
    print(f"\ndefault answers above {CEILING:,} tokens: {len(over)}")
    for r in over:
        print(f"  {r.corpus} {r.call}: {r.prx_tokens:,}")
    costlier = [r for r in rows if r.prx_tokens > r.unix_tokens]
    print(f"prx costs more than the Unix command: {len(costlier)} of {len(rows)}")
    for r in costlier:
        print(f"  {r.corpus} {r.call}: {r.prx_tokens:,} vs {r.unix_tokens:,} ({r.unix_call})")
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1))


if __name__ == "__main__":
    main()
