"""prx.cluster on a local Ray (``nox -s ray``): the same answers as one process, and the
faults: a builder killed mid-build, a shard that does not answer in time, a corrupted
shard."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import tempfile
import threading
import time
from pathlib import Path

import pytest

if importlib.util.find_spec("ray") is None:  # found, not imported: importing it opens sockets
    pytest.skip(
        "the ray extra is not installed (pip install 'prx[ray]'; nox -s ray)",
        allow_module_level=True,
    )
if os.environ.get("PRX_NETGUARD_LOOPBACK") != "1":
    pytest.skip(
        "a local Ray talks to itself over loopback TCP, which the network guard allows only "
        "with PRX_NETGUARD_LOOPBACK=1 (nox -s ray)",
        allow_module_level=True,
    )

import ray  # noqa: E402

import prx  # noqa: E402
import prx.cluster as cluster  # noqa: E402
from prx.core.envelope import to_jsonable  # noqa: E402
from prx.frontends.cluster.builder import aside_prefix  # noqa: E402
from prx.frontends.cluster.shards import is_complete, read_plan, shard_dir  # noqa: E402

SIZES = {"alpha": 2, "beta": 2, "gamma": 12, "delta": 12}


@pytest.fixture(scope="module", autouse=True)
def local_ray():
    # No ~/ray_bootstrap_config.yaml: the network guard (loopback only) sees any request
    # Ray's processes would send to the cloud metadata address.
    temp = tempfile.mkdtemp(prefix="prx-ray-")
    cluster.connect(num_cpus=2, _temp_dir=temp)
    yield
    ray.shutdown()
    shutil.rmtree(temp, ignore_errors=True)


def _store(tmp_path, make_repos, sizes=SIZES, **plan):
    repos = make_repos(tmp_path / "src", sizes)
    store = str(tmp_path / "store")
    cluster.plan(store, repos, small_bytes=plan.get("small_bytes", 1_500), pack_bytes=4_000)
    return store


def _local(store, query, **options):
    labels = [shard.directory for shard in read_plan(store)]
    # A cluster merges its shards' answers as the evidence fusion does in one process.
    return prx.search(query, labels[0], roots=labels[1:], root=store, fusion="evidence", **options)


def _roots(result):
    return {r.root: (r.status, r.error) for r in result.roots}


def test_answers_are_those_of_one_process_over_the_same_shards(tmp_path, make_repos):
    store = _store(tmp_path, make_repos)
    plan = read_plan(store)
    assert any(len(shard.repos) > 1 for shard in plan)  # a compound shard
    report = cluster.build(store, workers=2)
    assert not report.failed and len(report.built) == len(plan)
    assert cluster.build(store, workers=2).skipped == tuple(s.name for s in plan)  # resume
    asked = [
        ("retry backoff", {}),
        ("cache_evict_3", {}),
        ("header", {"mode": "literal"}),
        ("def (render|parse)_", {"mode": "regex"}),
        ("Render the value with template", {"mode": "hybrid", "top_k": 3}),
    ]
    with cluster.serve(store, servers=2, server_cpus=0.5) as served:
        assert set(served.status().values()) == {"ok"}
        for query, options in asked:
            answer = served.search(query, **options)
            assert to_jsonable(answer) == to_jsonable(_local(store, query, **options)), query
            assert answer.files, query
        # A second page continues the same request in both.
        first = served.search("value", mode="literal", top_k=2)
        assert first.continuation_token
        later = served.search(
            "value", mode="literal", top_k=2, continue_token=first.continuation_token
        )
        local = _local(
            store, "value", mode="literal", top_k=2, continue_token=first.continuation_token
        )
        assert to_jsonable(later) == to_jsonable(local)
        # A compound shard's file names its repository first.
        hit = served.search("parse header", top_k=1).files[0].file
        assert cluster.repository_of(hit)[1] == "beta"


def _wait_for(predicate, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = predicate()
        if found:
            return found
        time.sleep(0.005)
    raise AssertionError("timed out")


def _kill_mid_build(store, shard, retries):
    """Build ``store`` in a thread; SIGKILL the builder of ``shard`` while its index is
    being written aside; the build's report."""
    parent = os.path.dirname(shard_dir(store, shard))
    prefix = aside_prefix(shard)
    outcome = {}
    thread = threading.Thread(
        target=lambda: outcome.update(report=cluster.build(store, workers=2, retries=retries))
    )
    thread.start()

    def building():
        for name in os.listdir(parent):
            if name.startswith(prefix) and os.path.isdir(os.path.join(parent, name, ".prx")):
                return name
        return None

    aside = _wait_for(building)
    os.kill(int(aside.rsplit("-", 1)[1]), signal.SIGKILL)
    thread.join(180)
    return outcome["report"], aside


def test_a_builder_killed_mid_build(tmp_path, make_repos):
    store = _store(tmp_path, make_repos, {"alpha": 2, "beta": 2, "big": 1500})
    big = next(shard for shard in read_plan(store) if shard.name == "big")
    directory = shard_dir(store, big)

    # Ray restarts the builder and the shard is built again from scratch.
    report, aside = _kill_mid_build(store, big, retries=1)
    assert not report.failed
    assert is_complete(directory, big)
    assert not os.path.exists(os.path.join(os.path.dirname(directory), aside))

    # Without a retry: the shard is reported, never published half-written, never served.
    shutil.rmtree(directory)
    report, aside = _kill_mid_build(store, big, retries=0)
    assert [name for name, _ in report.failed] == ["big"]
    assert "died" in report.failed[0][1]
    assert not os.path.exists(directory)
    with cluster.serve(store, server_cpus=0.5) as served:
        assert served.status()["big"] == "file_not_found"
        answer = served.search("retry backoff")
        assert _roots(answer)["big"] == ("error", "file_not_found")
        assert {f.file.split("//")[0] for f in answer.files} == {"pack-0001"}

    # Run again: it resumes (the other shards skipped), and the whole store is served.
    report = cluster.build(store, workers=2)
    assert [b.shard for b in report.built] == ["big"] and "pack-0001" in report.skipped
    assert not [n for n in os.listdir(store) if n.startswith(aside_prefix(big))]
    with cluster.serve(store, server_cpus=0.5) as served:
        assert set(served.status().values()) == {"ok"}
        assert to_jsonable(served.search("cache")) == to_jsonable(_local(store, "cache"))


def test_a_shard_that_does_not_answer_in_time(tmp_path, make_repos):
    store = _store(tmp_path, make_repos)
    assert not cluster.build(store, workers=2).failed
    plan = read_plan(store)
    with cluster.serve(store, servers=len(plan), server_cpus=0.25) as served:
        stuck = served.pids()["gamma"]
        os.kill(stuck, signal.SIGSTOP)  # a server that hangs
        try:
            answer = served.search("retry backoff", deadline=3.0)
        finally:
            os.kill(stuck, signal.SIGCONT)
        roots = {r.root: r for r in answer.roots}
        assert roots["gamma"].status == "error" and roots["gamma"].error == "io_error"
        assert "did not answer within 3 s" in roots["gamma"].message
        assert all(r.status == "ok" for name, r in roots.items() if name != "gamma")
        assert answer.files and all(not f.file.startswith("gamma//") for f in answer.files)
        # Running again, it answers.
        assert _roots(served.search("cache evict", deadline=30))["gamma"] == ("ok", None)


def test_a_corrupted_shard_is_refused_and_reported(tmp_path, make_repos):
    store = _store(tmp_path, make_repos)
    assert not cluster.build(store, workers=2).failed
    gamma = next(shard for shard in read_plan(store) if shard.name == "gamma")
    index = Path(shard_dir(store, gamma), ".prx")
    (current,) = [p for p in index.iterdir() if p.name.startswith("index-")]
    table = max(current.glob("*.tab"), key=lambda p: p.stat().st_size)
    data = bytearray(table.read_bytes())
    data[len(data) // 2] ^= 0xFF
    table.write_bytes(bytes(data))
    with cluster.serve(store, server_cpus=0.5) as served:
        assert served.status()["gamma"] == "index_corrupted"
        answer = served.search("cache evict")
        roots = {r.root: r for r in answer.roots}
        assert roots["gamma"].error == "index_corrupted" and "corrupt" in roots["gamma"].message
        assert roots["delta"].status == "ok" and answer.files
    assert table.read_bytes() == bytes(data)  # refused, not rebuilt behind the caller's back
