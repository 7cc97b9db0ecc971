"""Cost of prx's static embeddings: module import, model load, encode throughput.

    python benchmarks/embed.py [--runs 5] [--chunk-chars 1500] [--max-chunks 0]

Import and load are timed in fresh interpreters (medians of --runs). Throughput is measured in
this process, single process, on chunks of --chunk-chars characters cut from the prx source
tree itself (every UTF-8 text file of the repository, skipping dot-directories and the shipped model):
"cold" is a freshly loaded embedder (empty token caches), "warm" encodes the same chunks again.
Tokenisation alone (ids as Python lists) is also timed through prx's shortcuts and through the
tokenizer's own pipeline for every text.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: Besides every directory whose name starts with a dot (.git, .venv, benchmarks/.corpora, ...).
SKIP_DIRS = {"__pycache__", "build", "dist", "models"}

_CHILD = """\
import time
t0 = time.perf_counter()
import prx.engine.corpus.embed as m
t1 = time.perf_counter()
e = m.StaticEmbedder.load()
t2 = time.perf_counter()
e.encode(["def main(): return 0"])
t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2)
"""


def source_chunks(chunk_chars: int) -> list[str]:
    chunks: list[str] = []
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(
            d
            for d in dirs
            if d not in SKIP_DIRS and not d.startswith(".") and not d.endswith(".egg-info")
        )
        for name in sorted(files):
            path = Path(folder) / name
            try:
                if path.stat().st_size > 2_000_000:
                    continue
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if "\x00" in text:
                continue
            for start in range(0, len(text), chunk_chars):
                piece = text[start : start + chunk_chars]
                if len(piece) >= chunk_chars // 2:
                    chunks.append(piece)
    return chunks


def fresh_interpreter(runs: int) -> tuple[float, float, float]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    results = []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _CHILD], capture_output=True, text=True, env=env, check=True
        ).stdout.split()
        results.append(tuple(float(x) for x in out))
    imp, load, first = (statistics.median(r[i] for r in results) for i in range(3))
    return imp, load, first


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chunk-chars", type=int, default=1500)
    parser.add_argument("--max-chunks", type=int, default=0, help="0: all chunks of the tree")
    args = parser.parse_args()

    imp, load, first = fresh_interpreter(args.runs)
    print(f"fresh interpreter, median of {args.runs}:")
    print(f"  import prx.engine.corpus.embed (numpy)           {imp * 1e3:8.1f} ms")
    print(f"  StaticEmbedder.load() (tokenizers too)         {load * 1e3:8.1f} ms")
    print(f"  first encode (1 text)                          {first * 1e3:8.1f} ms")

    from prx.engine.corpus.embed import StaticEmbedder

    chunks = source_chunks(args.chunk_chars)
    if args.max_chunks:
        chunks = chunks[: args.max_chunks]
    total_bytes = sum(len(c.encode("utf-8")) for c in chunks)
    embedder = StaticEmbedder.load()
    limit = embedder._char_limit
    special = embedder._special
    full = sum(1 for c in chunks if special is not None and special.search(c[:limit]))
    ascii_only = sum(1 for c in chunks if c[:limit].isascii()) - full
    print(
        f"corpus: {len(chunks)} chunks of <= {args.chunk_chars} chars from {ROOT.name}/, "
        f"{total_bytes / 1e6:.2f} MB; routes: {ascii_only / len(chunks):.0%} vectorised ASCII, "
        f"{(len(chunks) - ascii_only - full) / len(chunks):.0%} cached pieces, "
        f"{full / len(chunks):.0%} tokenizer pipeline (special-token text)"
    )
    tokens = sum(len(ids) for ids in embedder.token_ids(chunks, fast=False))
    print(f"  {tokens / len(chunks):.0f} tokens per chunk on average (after truncation)")

    def rate(label: str, seconds: float) -> None:
        print(
            f"  {label:42} {len(chunks) / seconds:9.0f} chunks/s  "
            f"{total_bytes / seconds / 1e6:6.2f} MB/s  ({seconds:.2f} s)"
        )

    print("single process:")
    embedder = StaticEmbedder.load()
    t0 = time.perf_counter()
    vectors = embedder.encode(chunks)
    rate("encode, cold caches", time.perf_counter() - t0)
    t0 = time.perf_counter()
    again = embedder.encode(chunks)
    rate("encode, warm caches", time.perf_counter() - t0)
    assert (vectors == again).all()
    t0 = time.perf_counter()
    embedder.token_ids(chunks)
    rate("tokenise only (shortcuts, warm caches)", time.perf_counter() - t0)
    t0 = time.perf_counter()
    embedder.token_ids(chunks, fast=False)
    rate("tokenise only (tokenizers pipeline for all)", time.perf_counter() - t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
