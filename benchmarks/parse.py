"""Outline and chunking throughput on a real corpus (default: the django sdist from PyPI).

    python benchmarks/parse.py [--corpus DIR] [--workers N]

Without --corpus the django 5.2.8 source distribution is downloaded once with pip
(sha256-checked) into benchmarks/.corpora/ (not part of the repository), which is the
only network use, at set-up time. Prints: the import cost of the first outline call (in a
fresh process), the outline time of a 5,000-line Python file (in-process, warm), and
outline and chunking throughput (MB/s, files/s) over every file prx has a grammar for,
on one process and on all cores.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

HERE = Path(__file__).parent
DJANGO = ("django", "5.2.8", "23254866a5bb9a2cfa6004e8b809ec6246eba4b58a7589bc2772f1bcc8456c7f")


def fetch_corpus(name: str, version: str, sha256: str, base: Path | None = None) -> Path:
    """Download and unpack an sdist once (into ``base``, default ``.corpora``); reuse it."""
    base = base or HERE / ".corpora"
    tree = base / f"{name}-{version}"
    if tree.is_dir():
        return tree
    if (HERE / ".corpora" / tree.name).is_dir():
        return HERE / ".corpora" / tree.name
    base.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--no-binary",
                ":all:",
                f"{name}=={version}",
                "-d",
                tmp,
            ],
            check=True,
        )
        (archive,) = Path(tmp).iterdir()
        digest = hashlib.sha256(archive.read_bytes()).hexdigest()
        if digest != sha256:
            raise SystemExit(f"sha256 of {archive.name} is {digest}, expected {sha256}")
        with tarfile.open(archive) as tar:
            tar.extractall(base, filter="data")
    return tree


def corpus_files(root: Path) -> list[tuple[str, bytes]]:
    from prx.app.workspace import Workspace
    from prx.engine.files.walk import walk

    ws = Workspace(root)
    out = []
    for found in walk(root).files:
        spec = ws.language_for(found.rel)
        if spec is not None and spec.grammar is not None:
            out.append((spec.name, found.path.read_bytes()))
    return out


def _specs() -> dict[str, object]:
    from prx.engine.lang.catalog import BUILTIN_LANGUAGES

    return {spec.name: spec for spec in BUILTIN_LANGUAGES}


def _outline_all(batch: list[tuple[str, bytes]]) -> int:
    from prx.engine.lang.outline import outline

    specs = _specs()
    return sum(len(outline(specs[name], data)) for name, data in batch)  # type: ignore[arg-type]


def _chunk_all(batch: list[tuple[str, bytes]]) -> int:
    from prx.engine.lang.chunk import chunk_source

    specs = _specs()
    return sum(len(chunk_source(specs[name], data)) for name, data in batch)  # type: ignore[arg-type]


def timed(
    function: Callable[[list[tuple[str, bytes]]], int], files: list[tuple[str, bytes]], workers: int
) -> tuple[float, int]:
    started = time.perf_counter()
    if workers == 1:
        produced = function(files)
    else:
        batches = [files[i :: workers * 4] for i in range(workers * 4)]
        with ProcessPoolExecutor(workers) as pool:
            produced = sum(pool.map(function, batches))
    return time.perf_counter() - started, produced


def first_call_cost() -> float:
    code = (
        "import time; t=time.perf_counter();"
        "from prx.engine.lang.catalog import BUILTIN_LANGUAGES as B; from prx.engine.lang.outline import outline;"
        "s={x.name:x for x in B}['python']; outline(s, b'def f():\\n    pass\\n');"
        "print((time.perf_counter()-t)*1000)"
    )
    samples = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(5)
    ]
    return statistics.median(samples)


def big_python_file() -> bytes:
    parts = []
    for i in range(334):  # 15 lines each: 5,010 lines
        parts.append(f'class Service{i}(Base):\n    """Service {i}."""\n\n')
        for j in range(3):
            parts.append(
                f"    def handle_{j}(self, request, *args):\n        value = request.get('{j}')\n        return self.process(value, {i})\n\n"
            )
    text = "".join(parts)
    return text.encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, help="a source tree (default: the django sdist)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    root = args.corpus or fetch_corpus(*DJANGO)
    from prx.engine.lang.outline import outline

    print(
        f"first outline call in a fresh process (imports + grammar + query): {first_call_cost():.1f} ms"
    )
    spec = _specs()["python"]
    big = big_python_file()
    lines = big.count(b"\n")
    outline(spec, big)  # type: ignore[arg-type]
    runs = []
    for _ in range(10):
        started = time.perf_counter()
        outline(spec, big)  # type: ignore[arg-type]
        runs.append((time.perf_counter() - started) * 1000)
    print(
        f"outline of a {lines}-line Python file, in-process warm: median {statistics.median(runs):.1f} ms (target 60 ms)"
    )

    files = corpus_files(root)
    size_mb = sum(len(data) for _, data in files) / 1e6
    print(f"\ncorpus {root.name}: {len(files)} files with a grammar, {size_mb:.1f} MB")
    print(f"{'stage':<10} {'workers':>7} {'seconds':>8} {'MB/s':>7} {'files/s':>8} {'produced':>9}")
    for name, function in (("outline", _outline_all), ("chunk", _chunk_all)):
        for workers in sorted({1, args.workers}):
            seconds, produced = timed(function, files, workers)
            print(
                f"{name:<10} {workers:>7} {seconds:>8.2f} {size_mb / seconds:>7.2f} {len(files) / seconds:>8.0f} {produced:>9}"
            )
    print("\n(target: chunking at least 5 MB/s on 2 cores)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
