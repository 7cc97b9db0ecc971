"""Search quality: NDCG@10 of prx, a plain BM25 and semble over the same labelled datasets.

    python benchmarks/quality.py [--datasets DIR_OR_FILES...] [--corpora DIR]
        [--scope sdist|package] [--systems prx,bm25,semble] [--k 10] [--json OUT]
        [--model-dir DIR] [--semble-isolation auto|unshare|none] [--worst N]

Defaults: the semble-py datasets in ../shared/bench/semble-py and their corpora in
../bench-corpora/<dataset name>/ (both relative to the repository root; see SOURCES.md there
and shared/bench/get-corpora.sh to rebuild the corpora).

Scope: ``sdist`` searches the whole unpacked tree (tests, docs, examples included);
``package`` searches ``<corpus>/<source.benchmark_root>``, the folder semble's own benchmark
indexes (e.g. ``src/flask``). In both scopes the searched folder's path inside the corpus is
prefixed to every result before scoring, so results and labels are compared as
repository-relative paths (exact matches; the suffix rule of prx.commands.bench_ndcg.ndcg is a fallback).

Systems, all run in this one process (semble in a child process it talks to over a pipe):

* ``prx``: ``prx.Workspace(root).search(query, top_k=k)``; the files of ``result.files``.
  Skipped with a message while the API does not exist.
* ``bm25``: Okapi BM25 (k1=1.2, b=0.75, Lucene idf) over whole files, as listed by
  ``prx.engine.files.walk.walk(root)``. Tokens: the ASCII letter/digit runs of the text, split at
  ``_`` and camelCase boundaries and lowercased (``getHTTPResponse_v2`` -> get http response
  v 2). Query terms count once each. Files with score 0 are not returned.
* ``semble``: the PyPI package in its own venv (benchmarks/.venvs/semble, created on first use)
  with the model from ``--model-dir``: ``SembleIndex.from_path(root)`` (semble's own walker
  and its default content type, code files only) then ``index.search(query, top_k=k)``; the
  files of the returned chunks. semble returns ``k`` *chunks*, which the metric deduplicates
  to files (as for prx). It runs with ``HF_HUB_OFFLINE=1``, a private throw-away
  ``SEMBLE_CACHE_LOCATION``, an audit hook that refuses every internet socket (and counts
  attempts), and, where available, in a network namespace with no interfaces
  (``unshare -rn``).

Setup time = building the system's index for the folder plus one warm-up query (the same fixed
text for all systems), so the per-query latencies are warm. semble's latency is measured
here, around the pipe round trip (about 0.1 ms more than in its process).

Output: a plain-ASCII table (dataset x system: NDCG@k overall with its bootstrap 95% interval,
per category, p50/p95 latency, setup seconds; and an ALL row per system over every query),
a table of the files each system saw, with ``--worst N`` the N lowest-scoring word queries
of each system (their labelled files, each with its rank in the system's first k, and the
files it ranked first: where to look when a change is wanted), and with ``--json`` the full
report including every query's top files.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import loro  # noqa: E402  (benchmarks/loro.py, beside this script)

from prx.commands.bench_ndcg.ndcg import (  # noqa: E402
    Dataset,
    QueryRow,
    Report,
    evaluate,
    format_table,
    load_dataset,
    pool_reports,
)

DEFAULT_DATASETS = REPO.parent / "shared" / "bench" / "semble-py"
DEFAULT_CORPORA = REPO.parent / "bench-corpora"
DEFAULT_MODEL_DIR = (
    HERE.parent / "prx" / "data" / "models" / "potion-base-8M"
)  # the model prx ships
SEMBLE_VENV = HERE / ".venvs" / "semble"
ALL_SYSTEMS = ("prx", "bm25", "semble")
WARMUP_QUERY = "warm up: open the index and load the model"


class SystemUnavailable(Exception):
    """The system cannot run here; the message says why."""


class System(Protocol):
    name: str

    def open(self, root: Path, k: int) -> dict[str, Any]:
        """Index ``root``; return facts about it (files, chunks ...) for the report."""
        ...

    def search(self, query: str) -> list[str]:
        """Ranked paths relative to ``root``, best first."""
        ...

    def close(self) -> None: ...


# --------------------------------------------------------------------------- prx


class PrxSystem:
    name = "prx"

    def __init__(self, index: bool = False) -> None:
        import prx

        workspace = getattr(prx, "Workspace", None)
        if workspace is None or not callable(getattr(workspace, "search", None)):
            raise SystemUnavailable(
                "prx.Workspace has no search() method yet; "
                "this benchmark calls prx.Workspace(root).search(query, top_k=k)"
            )
        self._workspace_cls = workspace
        self._index = index
        self._ws: Any = None
        self._k = 10

    def open(self, root: Path, k: int) -> dict[str, Any]:
        self._ws = self._workspace_cls(root)
        if self._index:  # as a project an agent works in: indexed (the same answers)
            self._ws.index()
        self._k = k
        return {}

    def search(self, query: str) -> list[str]:
        result = self._ws.search(query, top_k=self._k)
        return [f.file for f in result.files]

    def close(self) -> None:
        self._ws = None


# --------------------------------------------------------------------------- bm25

# The run of a camelCase word, an ALL-CAPS run before a capitalised word, or digits. findall
# over the raw text skips '_' and every other separator, so snake_case splits too.
_TOKEN_RE = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def bm25_tokens(text: str) -> list[str]:
    """Lowercase identifier words: ``parse_HTTPHeader2`` -> ``parse http header 2``."""
    return [t.lower() for t in _TOKEN_RE.findall(text)]


class Bm25System:
    """Okapi BM25 over whole files: score = sum idf(t) * tf (k1+1) / (tf + k1 (1-b+b dl/avgdl))."""

    name = "bm25"

    def __init__(self, k1: float = 1.2, b: float = 0.75) -> None:
        self.k1 = k1
        self.b = b
        self._paths: list[str] = []
        self._postings: dict[str, list[tuple[int, int]]] = {}
        self._norms: list[float] = []
        self._k = 10

    def open(self, root: Path, k: int) -> dict[str, Any]:
        from prx.engine.files.walk import walk

        self._k = k
        walked = walk(root)
        self._paths = []
        self._postings = {}
        lengths: list[int] = []
        for entry in walked.files:
            try:
                text = entry.path.read_bytes().decode("utf-8", errors="replace")
            except OSError:
                continue
            counts: dict[str, int] = {}
            for token in bm25_tokens(text):
                counts[token] = counts.get(token, 0) + 1
            doc = len(self._paths)
            self._paths.append(entry.rel)
            lengths.append(sum(counts.values()))
            for token, tf in counts.items():
                self._postings.setdefault(token, []).append((doc, tf))
        avgdl = (sum(lengths) / len(lengths)) if lengths else 0.0
        self._norms = [
            self.k1 * (1.0 - self.b + self.b * (n / avgdl if avgdl else 0.0)) for n in lengths
        ]
        return {"files": len(self._paths), "tokens": sum(lengths), "skipped": walked.skipped}

    def search(self, query: str) -> list[str]:
        n_docs = len(self._paths)
        scores: dict[int, float] = {}
        for term in dict.fromkeys(bm25_tokens(query)):
            postings = self._postings.get(term)
            if not postings:
                continue
            df = len(postings)
            idf = math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
            for doc, tf in postings:
                gain = idf * tf * (self.k1 + 1.0) / (tf + self._norms[doc])
                scores[doc] = scores.get(doc, 0.0) + gain
        ranked = sorted(scores.items(), key=lambda item: (-item[1], self._paths[item[0]]))
        return [self._paths[doc] for doc, score in ranked[: self._k] if score > 0.0]

    def close(self) -> None:
        self._paths, self._postings, self._norms = [], {}, []


# --------------------------------------------------------------------------- semble

# Runs inside semble's venv. Protocol: one JSON object per line each way. Library output is
# sent to stderr so that stdout carries only the protocol.
SEMBLE_RUNNER = r"""
import json, os, socket, sys, time

_INET = {socket.AF_INET, socket.AF_INET6}
_EVENTS = {"socket.connect", "socket.bind", "socket.getaddrinfo", "socket.gethostbyname",
           "socket.gethostbyname_ex", "socket.gethostbyaddr", "socket.sendto", "socket.__new__"}
attempts = []

def _guard(event, args):
    if event not in _EVENTS:
        return
    if event == "socket.__new__" and not (len(args) > 1 and args[1] in _INET):
        return
    if event in ("socket.connect", "socket.bind", "socket.sendto"):
        if getattr(args[0], "family", None) not in _INET:
            return
    attempts.append(event)
    raise OSError("network use is disabled in the semble benchmark runner: " + event)

sys.addaudithook(_guard)
out = sys.stdout
sys.stdout = sys.stderr

def send(obj):
    out.write(json.dumps(obj) + "\n")
    out.flush()

t0 = time.perf_counter()
import semble
from semble import SembleIndex
from semble.index.dense import load_model
send({"ready": True, "version": semble.__version__, "import_s": time.perf_counter() - t0})

model_dir = os.environ["SEMBLE_MODEL_NAME"]
index = None
k = 10
for line in sys.stdin:
    request = json.loads(line)
    try:
        op = request["op"]
        if op == "index":
            k = int(request["k"])
            index = None
            t = time.perf_counter()
            load_model(model_dir)  # cached after the first dataset
            model_s = time.perf_counter() - t
            t = time.perf_counter()
            index = SembleIndex.from_path(request["root"], model_path=model_dir)
            stats = index.stats
            send({"ok": True, "model_s": model_s, "index_s": time.perf_counter() - t,
                  "files": stats.indexed_files, "chunks": stats.total_chunks,
                  "network_attempts": len(attempts)})
        elif op == "search":
            t = time.perf_counter()
            results = index.search(request["query"], top_k=k)
            send({"ok": True, "ms": (time.perf_counter() - t) * 1000.0,
                  "files": [r.chunk.file_path.replace(os.sep, "/") for r in results]})
        elif op == "answer":  # the text semble's MCP search tool answers (benchmarks/tokens.py)
            from semble.utils import format_results
            results = index.search(request["query"], top_k=request["top_k"],
                                   max_snippet_lines=request["max_snippet_lines"])
            text = (json.dumps(format_results(request["query"], results,
                                              request["max_snippet_lines"], index.sources))
                    if results else json.dumps({"error": "No results found."}))
            send({"ok": True, "text": text})
        elif op == "quit":
            send({"ok": True, "network_attempts": attempts})
            break
        else:
            send({"ok": False, "error": "unknown op " + repr(op)})
    except Exception as exc:
        send({"ok": False, "error": type(exc).__name__ + ": " + str(exc)})
"""


def _venv_python(venv: Path) -> Path:
    return venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_semble_venv(venv: Path, spec: str) -> Path:
    """The venv's python, creating the venv and installing ``spec`` on first use."""
    python = _venv_python(venv)
    if python.exists():
        probe = subprocess.run(
            [str(python), "-c", "import semble"], capture_output=True, text=True, check=False
        )
        if probe.returncode == 0:
            return python
    print(f"semble: creating {venv} and installing {spec} (first use only)", file=sys.stderr)
    venv.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    # A '*' .gitignore keeps the venv out of git wherever it is created.
    (venv.parent / ".gitignore").write_text("*\n", encoding="utf-8")
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", spec], check=False, text=True
    )
    if done.returncode != 0:
        raise SystemUnavailable(f"pip install {spec} failed in {venv} (exit {done.returncode})")
    return python


def unshare_works() -> bool:
    """True if ``unshare -rn`` (a private network namespace) can be used here."""
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-rn", "true"], capture_output=True, check=False)
    return probe.returncode == 0


class SembleSystem:
    name = "semble"

    def __init__(
        self,
        venv: Path,
        spec: str,
        model_dir: Path,
        isolation: str,
        *,
        parallel_tokenizers: bool = False,
    ) -> None:
        if not (model_dir / "model.safetensors").is_file():
            # A path that does not exist is taken for a Hugging Face id and downloaded.
            raise SystemUnavailable(f"no model.safetensors in --model-dir {model_dir}")
        python = ensure_semble_venv(venv, spec)
        if isolation == "auto":
            isolation = "unshare" if unshare_works() else "none"
        elif isolation == "unshare" and not unshare_works():
            raise SystemUnavailable("--semble-isolation unshare: `unshare -rn` does not work here")
        self.isolation = isolation
        self._cache = tempfile.mkdtemp(prefix="semble-cache-")
        env = {
            key: value
            for key, value in os.environ.items()
            if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
        }
        env.update(
            HF_HUB_OFFLINE="1",
            TRANSFORMERS_OFFLINE="1",
            HF_HUB_DISABLE_TELEMETRY="1",
            TOKENIZERS_PARALLELISM="true" if parallel_tokenizers else "false",
            SEMBLE_MODEL_NAME=str(model_dir.resolve()),
            SEMBLE_CACHE_LOCATION=self._cache,
        )
        cmd = [str(python), "-c", SEMBLE_RUNNER]
        if isolation == "unshare":
            cmd = ["unshare", "-rn", *cmd]
        self._proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
            bufsize=1,
        )
        hello = self._read()
        if not hello.get("ready"):
            raise SystemUnavailable(f"the semble runner did not start: {hello}")
        self.version = str(hello["version"])
        self.import_s = float(hello["import_s"])
        self.model_dir = model_dir
        self.network_attempts: list[str] = []

    def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            code = self._proc.wait()
            raise SystemUnavailable(f"the semble runner exited (code {code}); see stderr above")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def _call(self, **request: Any) -> dict[str, Any]:
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps(request) + "\n")
        self._proc.stdin.flush()
        answer = self._read()
        if not answer.get("ok"):
            raise RuntimeError(f"semble: {answer.get('error')}")
        return answer

    def open(self, root: Path, k: int) -> dict[str, Any]:
        answer = self._call(op="index", root=str(root), k=k)
        return {
            "files": answer["files"],
            "chunks": answer["chunks"],
            "model_s": round(answer["model_s"], 3),
            "index_s": round(answer["index_s"], 3),
            "network_attempts": answer["network_attempts"],
        }

    def search(self, query: str) -> list[str]:
        files: list[str] = self._call(op="search", query=query)["files"]
        return files

    def close(self) -> None:
        pass  # the child keeps its model for the next dataset; see shutdown()

    def shutdown(self) -> None:
        if self._proc.poll() is None:
            try:
                self.network_attempts = list(self._call(op="quit")["network_attempts"])
            except (RuntimeError, SystemUnavailable, OSError, ValueError):
                pass
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
        shutil.rmtree(self._cache, ignore_errors=True)


# --------------------------------------------------------------------------- driver


def find_datasets(items: Sequence[str]) -> list[Path]:
    paths: list[Path] = []
    for item in items:
        p = Path(item)
        if p.is_dir():
            paths.extend(sorted(p.glob("*.json")))
        elif p.is_file():
            paths.append(p)
        else:
            raise SystemExit(f"quality.py: no such dataset file or directory: {p}")
    if not paths:
        raise SystemExit("quality.py: no dataset files found")
    return paths


def benchmark_root(path: Path) -> str | None:
    """``source.benchmark_root`` of a semble-py dataset (not part of prx.bench's model)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    source = data.get("source") if isinstance(data, dict) else None
    root = source.get("benchmark_root") if isinstance(source, dict) else None
    return root if isinstance(root, str) and root.strip("/") else None


def search_root(path: Path, ds: Dataset, corpora: Path, scope: str) -> tuple[Path, str]:
    """The folder to search and its '/'-terminated path inside the corpus ('' for the top)."""
    corpus = corpora / ds.name
    if not corpus.is_dir() and ds.root is not None:
        corpus = (path.parent / ds.root).resolve()
    if not corpus.is_dir():
        raise FileNotFoundError(f"no corpus for {ds.name} at {corpora / ds.name}")
    if scope == "sdist":
        return corpus, ""
    sub = benchmark_root(path)
    if sub is None:
        raise FileNotFoundError(f"{path.name} has no source.benchmark_root for --scope package")
    folder = corpus / sub
    if not folder.is_dir():
        raise FileNotFoundError(f"benchmark_root {sub} is not a folder of {corpus}")
    return folder, sub.strip("/") + "/"


def make_systems(
    names: Sequence[str], args: argparse.Namespace
) -> tuple[list[Any], dict[str, str]]:
    systems: list[Any] = []
    skipped: dict[str, str] = {}
    for name in names:
        try:
            if name == "prx":
                systems.append(PrxSystem(index=args.prx_index))
            elif name == "bm25":
                systems.append(Bm25System())
            else:
                systems.append(
                    SembleSystem(
                        args.semble_venv, args.semble_spec, args.model_dir, args.semble_isolation
                    )
                )
        except SystemUnavailable as exc:
            skipped[name] = str(exc)
            print(f"{name}: SKIPPED: {exc}", file=sys.stderr)
    return systems, skipped


def run_one(
    system: Any, ds: Dataset, root: Path, prefix: str, k: int
) -> tuple[Report, dict[str, Any]]:
    start = time.perf_counter()
    info = system.open(root, k)
    system.search(WARMUP_QUERY)
    setup_s = time.perf_counter() - start

    def search(query: str) -> list[str]:
        return [prefix + path for path in system.search(query)]

    failures: list[QueryRow] = []

    def on_row(row: QueryRow) -> None:
        if row.error is not None:
            failures.append(row)

    try:
        report = evaluate(ds, search, k, system=system.name, setup_s=setup_s, on_row=on_row)
    finally:
        system.close()
    for row in failures[:3]:
        print(
            f"  {ds.name}/{system.name}: query {row.query!r} failed: {row.error}", file=sys.stderr
        )
    return report, info


def files_table(
    infos: dict[tuple[str, str], dict[str, Any]], datasets: list[str], systems: list[str]
) -> str:
    header = ["dataset", *systems]
    lines = [header]
    for name in datasets:
        cells = [name]
        for system in systems:
            info = infos.get((name, system))
            if info is None or "files" not in info:
                cells.append("-")
            elif "chunks" in info:
                cells.append(f"{info['files']} files / {info['chunks']} chunks")
            else:
                cells.append(f"{info['files']} files")
        lines.append(cells)
    widths = [max(len(row[i]) for row in lines) for i in range(len(header))]
    out = [
        "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ).rstrip()
        for row in lines
    ]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out) + "\n"


def worst_queries(reports: Sequence[Report], datasets: dict[str, Dataset], count: int) -> str:
    """The ``count`` lowest-NDCG word (non-symbol) queries of each system: each labelled
    file with its grade and rank (``-`` beyond the first k), then the files ranked first."""
    from prx.commands.bench_ndcg.ndcg import paths_match

    out: list[str] = []
    for system in dict.fromkeys(r.system for r in reports):
        rows = [
            (row.ndcg, r.dataset, index, row)
            for r in reports
            if r.system == system
            for index, row in enumerate(r.rows)
            if row.category != "symbol" and not row.negative
        ]
        rows.sort(key=lambda item: (item[0], item[1], item[2]))
        out.append(f"worst {min(count, len(rows))} word queries of {system}:")
        for ndcg, dataset, index, row in rows[:count]:
            out.append(f"  {ndcg:.3f}  {dataset} [{row.category}] {row.query}")
            labels = datasets[dataset].queries[index].relevant
            for label, grade in sorted(labels.items(), key=lambda item: -item[1]):
                rank = next(
                    (str(i) for i, f in enumerate(row.top_files, 1) if paths_match(f, label)),
                    "-",
                )
                out.append(f"      grade {grade} rank {rank:>2}  {label}")
            for i, file in enumerate(row.top_files[:5], 1):
                out.append(f"      #{i} {file}")
    return "\n".join(out) + "\n"


def loro_report(
    knobs: Sequence[loro.Knob],
    dataset_paths: Sequence[Path],
    loaded: dict[str, Dataset],
    evaluated: Sequence[str],
    args: argparse.Namespace,
    reports: Sequence[Report],
) -> dict[str, Any]:
    """prx at every point of the knobs' grid, each dataset scored at the point chosen on
    the others; printed beside the other systems' figures of this run."""
    import prx
    from prx.commands.bench_ndcg.ndcg import ndcg_at_k

    prefixes: dict[Path, str] = {}
    rows = []
    for path in dataset_paths:
        ds = loaded.get(path.stem)
        if ds is None or ds.name not in evaluated:
            continue
        root, prefix = search_root(path, ds, args.corpora, args.scope)
        prefixes[root] = prefix
        queries = [q.query for q in ds.queries]
        labels = [{} if q.negative else dict(q.relevant) for q in ds.queries]
        rows.append((ds.name, root, queries, labels))

    def search_at(root: Path) -> Any:
        workspace = prx.Workspace(root)
        workspace.search(WARMUP_QUERY)

        def search(query: str) -> list[str]:
            result = workspace.search(query, top_k=args.k)
            return [prefixes[root] + f.file for f in result.files]

        return search

    outcome = loro.run(
        loro.grid(knobs),
        rows,
        search_at,
        lambda ranked, wanted: ndcg_at_k(ranked, wanted, args.k),
        progress=lambda line: print(f"loro {line}", file=sys.stderr),
    )
    report = loro.summary(outcome)
    by_system: dict[str, dict[str, float]] = {}
    for r in reports:
        if r.system != "prx":
            by_system.setdefault(r.system, {})[r.dataset] = r.mean
    print(loro.format_summary(report, by_system), end="")
    report["others"] = by_system
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--datasets", nargs="+", default=[str(DEFAULT_DATASETS)], metavar="DIR_OR_FILE"
    )
    parser.add_argument("--corpora", type=Path, default=DEFAULT_CORPORA, metavar="DIR")
    parser.add_argument("--scope", choices=("sdist", "package"), default="sdist")
    parser.add_argument(
        "--systems", default=",".join(ALL_SYSTEMS), help="comma-separated: prx,bm25,semble"
    )
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument(
        "--json", type=Path, default=None, metavar="PATH", help="also write a JSON report"
    )
    parser.add_argument(
        "--model-dir", type=Path, default=DEFAULT_MODEL_DIR, help="model2vec model for semble"
    )
    parser.add_argument("--semble-venv", type=Path, default=SEMBLE_VENV)
    parser.add_argument(
        "--semble-spec", default="semble", help="pip requirement for the semble venv"
    )
    parser.add_argument(
        "--semble-isolation",
        choices=("auto", "unshare", "none"),
        default="auto",
        help="run semble in a network namespace with `unshare -rn` (auto: when it works)",
    )
    parser.add_argument(
        "--worst",
        type=int,
        default=0,
        metavar="N",
        help="also print each system's N lowest-scoring word queries with their labels' ranks",
    )
    parser.add_argument(
        "--prx-index",
        action="store_true",
        help="build (or refresh) prx's on-disk index of each corpus before its queries",
    )
    parser.add_argument(
        "--knob",
        action="append",
        default=[],
        metavar="STAGE.ATTR=V1,V2",
        help="a rerank weight to choose by leave-one-repository-out (repeatable; see loro.py)",
    )
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.systems.split(",") if n.strip()]
    unknown = [n for n in names if n not in ALL_SYSTEMS]
    if unknown or not names:
        parser.error(
            f"--systems: unknown {unknown or 'empty list'}; choose from {','.join(ALL_SYSTEMS)}"
        )
    if args.k < 1:
        parser.error("--k must be at least 1")

    dataset_paths = find_datasets(args.datasets)
    knobs = [loro.parse_knob(text) for text in args.knob]
    systems, skipped = make_systems(names, args)
    reports: list[Report] = []
    infos: dict[tuple[str, str], dict[str, Any]] = {}
    missing: dict[str, str] = {}
    evaluated: list[str] = []
    loaded: dict[str, Dataset] = {}
    try:
        for path in dataset_paths:
            ds = load_dataset(path)
            loaded[ds.name] = ds
            try:
                root, prefix = search_root(path, ds, args.corpora, args.scope)
            except FileNotFoundError as exc:
                missing[ds.name] = str(exc)
                print(f"{ds.name}: SKIPPED: {exc}", file=sys.stderr)
                continue
            evaluated.append(ds.name)
            for system in systems:
                report, info = run_one(system, ds, root, prefix, args.k)
                reports.append(report)
                infos[(ds.name, system.name)] = info
                print(
                    f"{ds.name}/{system.name}: NDCG@{args.k} {report.mean:.3f} "
                    f"(setup {report.setup_s or 0:.2f} s, p50 {report.latency_p50_ms:.2f} ms)",
                    file=sys.stderr,
                )
    finally:
        for system in systems:
            if isinstance(system, SembleSystem):
                system.shutdown()

    ordered = sorted(reports, key=lambda r: (evaluated.index(r.dataset), names.index(r.system)))
    pooled = []
    if len(evaluated) > 1:
        for system in systems:
            mine = [r for r in reports if r.system == system.name]
            if mine:
                pooled.append(pool_reports(mine, dataset="ALL"))

    print(
        f"scope={args.scope}  k={args.k}  datasets={len(evaluated)}  systems={','.join(s.name for s in systems)}"
    )
    for system in systems:
        if isinstance(system, SembleSystem):
            print(
                f"semble {system.version}: model {system.model_dir}, isolation={system.isolation}, "
                f"network attempts={len(system.network_attempts)}"
            )
    for name, reason in skipped.items():
        print(f"skipped system {name}: {reason}")
    for name, reason in missing.items():
        print(f"skipped dataset {name}: {reason}")
    print()
    print(format_table([*ordered, *pooled]), end="")
    print()
    print(files_table(infos, evaluated, [s.name for s in systems]), end="")
    if args.worst > 0:
        print()
        print(worst_queries(ordered, loaded, args.worst), end="")
    chosen = None
    if knobs and any(s.name == "prx" for s in systems):
        chosen = loro_report(knobs, dataset_paths, loaded, evaluated, args, ordered)

    if args.json is not None:
        semble = next((s for s in systems if isinstance(s, SembleSystem)), None)
        payload = {
            "generated": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "scope": args.scope,
            "k": args.k,
            "python": platform.python_version(),
            "datasets": [str(p) for p in dataset_paths],
            "corpora": str(args.corpora),
            "systems": [s.name for s in systems],
            "skipped_systems": skipped,
            "skipped_datasets": missing,
            "semble": None
            if semble is None
            else {
                "version": semble.version,
                "model_dir": str(semble.model_dir),
                "isolation": semble.isolation,
                "import_s": round(semble.import_s, 3),
                "network_attempts": semble.network_attempts,
            },
            "bm25": {"k1": 1.2, "b": 0.75, "unit": "file"},
            "reports": [
                {**r.to_dict(), "info": infos.get((r.dataset, r.system), {})} for r in ordered
            ],
            "pooled": [r.to_dict() for r in pooled],
            "leave_one_repository_out": chosen,
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=1) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
