"""Scale-out on Ray: build the indexes of 200+ repositories with 1 and 2 workers, serve
200+ queries fanned out over them, and check every answer against the single-process
search over several roots on the same shards.

    python benchmarks/scale.py [--fetch-only] [--packages N] [--queries N] [--address ADDR]

Needs the extra: ``pip install 'prx[ray]'``. Steps:

1. fetch (once): the sources of the packages listed in benchmarks/scale_packages.txt,
   ``pip download --no-deps --no-binary :all:`` each, unpacked into
   benchmarks/.corpora/scale/src/<name>/ (what was fetched: src/FETCHED.json);
2. plan: one shard per package of 2 MB of source or more, the smaller ones packed into
   compound shards of up to 8 MB (prx.cluster.plan);
3. build the store twice from scratch, with 1 builder and with 2 (each one Ray CPU):
   wall time and speed-up; per shard: build time, source and index bytes;
4. serve: the 2-worker store, one actor per shard group (``--servers``, default 2), warm;
   resident memory of each actor and of an actor holding nothing, so memory per shard;
5. queries (a fixed rule, so the same corpus gives the same queries): for each package in
   name order, the name of its first public top-level function or class (a symbol
   search) and the first sentence of its first module docstring of 4 to 12 words (a
   phrase), until ``--queries``; each searched on the cluster (latency p50/p95) and
   with ``prx.search(q, SHARD1, roots=[...], root=STORE, fusion="evidence")`` in this
   process (each shard ranked alone, merged as the cluster merges), and the two
   JSON answers compared.

Holds ``flock /tmp/prx-heavy.lock`` while building and serving. Prints a JSON summary and
writes it to benchmarks/.corpora/scale/results.json.
"""

from __future__ import annotations

import argparse
import ast
import fcntl
import json
import shutil
import statistics
import subprocess
import sys
import tarfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGES = HERE / "scale_packages.txt"
WORK = HERE / ".corpora" / "scale"
SOURCES = WORK / "src"
DOWNLOADS = WORK / "downloads"
RESULTS = WORK / "results.json"
LOCK = "/tmp/prx-heavy.lock"
#: The search datasets' repositories: never part of this corpus.
DATASET_REPOS = frozenset(
    "axios bat caddy gson hono jinja2 jq rich aiohttp click fastapi flask httpx model2vec "
    "pydantic requests starlette dart_http".split()
)


def package_names() -> list[str]:
    names = [
        line.strip()
        for line in PACKAGES.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    clash = sorted(set(names) & DATASET_REPOS)
    if clash:
        sys.exit(f"{PACKAGES} lists dataset repositories: {clash}")
    return names


def _unpack(archive: Path, target: Path) -> None:
    """The archive's single top folder's contents into ``target`` (members that would
    land outside it skipped)."""
    scratch = target.with_name(target.name + ".unpacking")
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    if archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            for member in zf.namelist():
                if member.startswith("/") or ".." in Path(member).parts:
                    continue
                zf.extract(member, scratch)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(scratch, filter="data")
    tops = list(scratch.iterdir())
    inner = tops[0] if len(tops) == 1 and tops[0].is_dir() else scratch
    shutil.rmtree(target, ignore_errors=True)
    inner.rename(target)
    shutil.rmtree(scratch, ignore_errors=True)


def fetch(names: list[str]) -> dict[str, str]:
    """Each package's sdist downloaded and unpacked once; name -> archive file name."""
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    SOURCES.mkdir(parents=True, exist_ok=True)
    record = SOURCES / "FETCHED.json"
    fetched: dict[str, str] = json.loads(record.read_text()) if record.exists() else {}
    for name in names:
        if name in fetched and (SOURCES / name).is_dir():
            continue
        folder = DOWNLOADS / name
        folder.mkdir(exist_ok=True)
        if not any(folder.iterdir()):
            done = subprocess.run(
                # --no-binary NAME, not :all: (that would build the build tools too).
                [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                 "--no-binary", name, "--dest", str(folder), name],
                capture_output=True, text=True,
            )  # fmt: skip
            if done.returncode != 0:
                print(f"fetch: {name}: no sdist ({done.stderr.strip()[-200:]})", file=sys.stderr)
                continue
        archives = [p for p in folder.iterdir() if p.suffix in (".gz", ".zip", ".bz2")]
        if not archives:
            continue
        _unpack(archives[0], SOURCES / name)
        fetched[name] = archives[0].name
        record.write_text(json.dumps(fetched, indent=1, sort_keys=True) + "\n")
    return fetched


def _first_sentence(doc: str) -> str | None:
    text = " ".join(doc.split())
    sentence = text.split(". ")[0].rstrip(".")
    words = sentence.split()
    if 4 <= len(words) <= 12 and all(w.isascii() for w in words):
        return sentence
    return None


def queries_for(name: str, source: Path) -> tuple[str | None, str | None]:
    """(symbol, phrase) of one package by the fixed rule of the module docstring."""
    symbol = phrase = None
    files = sorted(
        p
        for p in source.rglob("*.py")
        if not any(part.startswith(("test", ".", "doc", "example", "bench")) for part in
                   p.relative_to(source).parts)
    )  # fmt: skip
    for path in files:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        if phrase is None:
            doc = ast.get_docstring(tree)
            phrase = _first_sentence(doc) if doc else None
        if symbol is None:
            for node in tree.body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
                    if not node.name.startswith("_") and len(node.name) >= 6:
                        symbol = node.name
                        break
        if symbol and phrase:
            break
    return symbol, phrase


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


class heavy_lock:
    """``flock /tmp/prx-heavy.lock`` for the block (the machine is shared)."""

    def __enter__(self) -> None:
        self.fh = open(LOCK, "a")  # noqa: SIM115
        started = time.perf_counter()
        fcntl.flock(self.fh, fcntl.LOCK_EX)
        waited = time.perf_counter() - started
        if waited > 1:
            print(f"waited {waited:.0f} s for {LOCK}", file=sys.stderr)

    def __exit__(self, *exc: object) -> None:
        fcntl.flock(self.fh, fcntl.LOCK_UN)
        self.fh.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fetch-only", action="store_true")
    parser.add_argument("--no-fetch", action="store_true", help="use only what is fetched")
    parser.add_argument("--packages", type=int, default=0, help="use the first N (0: all)")
    parser.add_argument("--queries", type=int, default=240)
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--deadline", type=float, default=60.0)
    parser.add_argument("--address", default=None, help="a Ray cluster (default: local)")
    args = parser.parse_args()

    names = package_names()
    record = SOURCES / "FETCHED.json"
    if args.no_fetch:
        fetched = json.loads(record.read_text()) if record.exists() else {}
    else:
        fetched = fetch(names)
    if args.fetch_only:
        print(json.dumps({"fetched": len(fetched), "listed": len(names)}))
        return 0
    repos = {name: str(SOURCES / name) for name in names if name in fetched}
    if args.packages:
        repos = dict(list(repos.items())[: args.packages])

    import prx
    import prx.cluster as cluster
    from prx.core.envelope import to_jsonable
    from prx.frontends.cluster.shards import write_plan

    summary: dict[str, object] = {"packages": len(repos)}
    stores = {workers: WORK / f"store-{workers}w" for workers in (1, 2)}
    cluster.connect(args.address, num_cpus=2)
    builds: dict[int, object] = {}
    for workers, store in stores.items():
        shutil.rmtree(store, ignore_errors=True)
        shards = cluster.plan(str(store), repos)
        with heavy_lock():  # one hold per build: each stays under ~15 minutes
            report = cluster.build(str(store), workers=workers)
        if report.failed:
            print(f"build failed: {report.failed}", file=sys.stderr)
        builds[workers] = report
        print(
            f"built {len(report.built)} shards with {workers} worker(s) in {report.seconds:.1f} s",
            file=sys.stderr,
        )
    one, two = builds[1], builds[2]
    per_shard = two.built  # type: ignore[attr-defined]
    compound = [s for s in shards if len(s.repos) > 1]
    summary["shards"] = {
        "total": len(shards),
        "compound": len(compound),
        "repos_in_compound": sum(len(s.repos) for s in compound),
        "single": len(shards) - len(compound),
    }
    summary["build"] = {
        "workers_1_s": round(one.seconds, 1),  # type: ignore[attr-defined]
        "workers_2_s": round(two.seconds, 1),  # type: ignore[attr-defined]
        "speedup": round(one.seconds / two.seconds, 2),  # type: ignore[attr-defined]
        "failed": [list(f) for f in two.failed],  # type: ignore[attr-defined]
    }
    source_total = sum(b.source_bytes for b in per_shard)
    index_total = sum(b.index_bytes for b in per_shard)
    files_total = sum(b.files for b in per_shard)
    build_total = sum(b.seconds for b in per_shard)
    summary["per_shard"] = {
        "shards": len(per_shard),
        "source_bytes_mean": round(source_total / len(per_shard)),
        "index_bytes_mean": round(index_total / len(per_shard)),
        "index_to_source": round(index_total / source_total, 2),
        "build_s_mean": round(build_total / len(per_shard), 2),
        "build_s_max": round(max(b.seconds for b in per_shard), 2),
        "files_mean": round(files_total / len(per_shard)),
        "source_mb_per_worker_s": round(source_total / 1e6 / build_total, 2),
    }

    store = stores[2]
    # Served: the shards that built (one that failed is reported above, not served).
    failed = {name for name, _ in two.failed}  # type: ignore[attr-defined]
    plan = [shard for shard in shards if shard.name not in failed]
    write_plan(str(store), plan)
    summary["served_packages"] = sum(len(shard.repos) for shard in plan)
    summary["unbuilt"] = {
        shard.name: [r.name for r in shard.repos] for shard in shards if shard.name in failed
    }
    labels = [shard.directory for shard in plan]
    queries: list[tuple[str, str]] = []
    for name in sorted(r.name for shard in plan for r in shard.repos):
        symbol, phrase = queries_for(name, Path(repos[name]))
        queries += [(kind, q) for kind, q in (("symbol", symbol), ("phrase", phrase)) if q]
        if len(queries) >= args.queries:
            break
    queries = queries[: args.queries]

    with (
        heavy_lock(),
        cluster.serve(str(store), servers=args.servers, deadline=args.deadline) as served,
    ):
        status = served.status()
        bad = {name: code for name, code in status.items() if code != "ok"}
        latencies: list[float] = []
        identical = 0
        different: list[str] = []
        late = 0
        for kind, query in queries:
            started = time.perf_counter()
            answer = served.search(query)
            latencies.append(time.perf_counter() - started)
            late += sum(1 for r in getattr(answer, "roots", ()) if r.status != "ok")
            local = prx.search(
                query, labels[0], roots=labels[1:], root=str(store), fusion="evidence"
            )
            if to_jsonable(answer) == to_jsonable(local):
                identical += 1
            else:
                different.append(f"{kind}: {query}")
        infos = served.servers()
    baseline = _idle_rss()
    alone = _one_shard_rss(str(store), plan)
    rss = [info["rss"] for info in infos]
    held = sum(len(info["shards"]) for info in infos)
    summary["serve"] = {
        "servers": len(infos),
        "shards_refused": bad,
        "queries": len(queries),
        "symbol_queries": sum(1 for kind, _ in queries if kind == "symbol"),
        "p50_ms": round(statistics.median(latencies) * 1000, 1),
        "p95_ms": round(percentile(latencies, 0.95) * 1000, 1),
        "mean_ms": round(statistics.fmean(latencies) * 1000, 1),
        "shard_errors_in_answers": late,
        "identical": identical,
        "different": different[:20],
        "rss_per_server_mb": [round(r / 2**20) for r in rss],
        "rss_idle_actor_mb": round(baseline / 2**20),
        "rss_per_shard_mb": round((sum(rss) - baseline * len(rss)) / held / 2**20, 1),
        "one_shard_actor": alone,
    }
    summary["fetched"] = {name: fetched[name] for name in sorted(repos)}
    text = json.dumps(summary, indent=1)
    print(text)
    RESULTS.write_text(text + "\n")
    return 0


def _one_shard_rss(store: str, plan: list) -> list[dict[str, object]]:
    """Up to 8 shards (spread over the sizes), each alone in an actor: its RSS."""
    import ray

    from prx.frontends.cluster.serve import ShardServer

    ordered = sorted(plan, key=lambda shard: shard.size)
    step = max(1, len(ordered) // 8)
    sample = ordered[::step][:8]
    remote = ray.remote(num_cpus=0)(ShardServer)
    rows = []
    for shard in sample:
        actor = remote.remote(store, [shard], None)
        try:
            info = ray.get(actor.info.remote())
        finally:
            ray.kill(actor)
        rows.append(
            {"shard": shard.name, "source_mb": round(shard.size / 1e6, 2),
             "rss_mb": round(info["rss"] / 2**20)}
        )  # fmt: skip
    return rows


def _idle_rss() -> int:
    """Resident memory of a server actor holding no shard (its process, prx, Ray)."""
    import ray

    from prx.frontends.cluster.serve import ShardServer

    remote = ray.remote(num_cpus=0)(ShardServer)
    actor = remote.remote(str(WORK), [], None)
    try:
        return int(ray.get(actor.info.remote())["rss"])
    finally:
        ray.kill(actor)


if __name__ == "__main__":
    raise SystemExit(main())
