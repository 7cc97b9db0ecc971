"""The shard plan and the build of one shard, without Ray: packing, the completion
marker, a build cut short never taking the shard's name, resuming."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from prx.core.errors import InvalidArgumentError
from prx.frontends.cluster.builder import aside_prefix, build_shard
from prx.frontends.cluster.shards import (
    MARKER,
    is_complete,
    plan_shards,
    read_plan,
    repository_of,
    shard_dir,
    write_plan,
)


def test_small_repositories_are_packed_and_large_ones_stand_alone(tmp_path, make_repos):
    repos = make_repos(tmp_path / "src", {"alpha": 1, "beta": 1, "gamma": 30, "delta": 1})
    shards = plan_shards(repos, small_bytes=2_000, pack_bytes=700)
    layout = {shard.name: [repo.name for repo in shard.repos] for shard in shards}
    # gamma is large; the small ones pack in name order until a pack would pass 700 bytes.
    assert layout["gamma"] == ["gamma"]
    packed = [names for name, names in layout.items() if name.startswith("pack-")]
    assert sorted(sum(packed, [])) == ["alpha", "beta", "delta"]
    assert all(len(names) >= 1 for names in packed) and len(packed) < 3
    # The same repositories always make the same plan, and it reads back as written.
    assert plan_shards(repos, small_bytes=2_000, pack_bytes=700) == shards
    write_plan(str(tmp_path / "store"), shards)
    assert read_plan(str(tmp_path / "store")) == shards


def test_a_name_that_cannot_be_a_folder_is_refused(tmp_path, make_repos):
    repos = make_repos(tmp_path / "src", {"alpha": 1})
    with pytest.raises(InvalidArgumentError, match="cannot name a repository"):
        plan_shards({"../alpha": repos["alpha"]})


def test_repository_of_splits_a_cluster_path():
    assert repository_of("pack-0001//beta/pkg/mod0.py") == ("pack-0001", "beta", "pkg/mod0.py")
    assert repository_of("gamma//gamma/x.py") == ("gamma", "gamma", "x.py")


def test_a_shard_is_built_aside_and_published_whole(tmp_path, make_repos):
    repos = make_repos(tmp_path / "src", {"alpha": 2, "beta": 2})
    store = str(tmp_path / "store")
    (shard,) = plan_shards(repos, small_bytes=10**9)
    built = build_shard(store, shard)
    directory = shard_dir(store, shard)
    assert built.status == "built" and built.files == 4 and built.index_bytes > 0
    assert is_complete(directory, shard)
    assert sorted(os.listdir(directory)) == [".prx", "alpha", "beta"]
    assert not [n for n in os.listdir(store) if n.startswith(aside_prefix(shard))]
    # Built again: skipped, the published directory untouched.
    marker = os.stat(os.path.join(directory, MARKER)).st_mtime_ns
    assert build_shard(store, shard).status == "skipped"
    assert os.stat(os.path.join(directory, MARKER)).st_mtime_ns == marker


def test_a_builder_killed_half_way_leaves_no_shard_and_the_next_build_finishes(
    tmp_path, make_repos
):
    repos = make_repos(tmp_path / "src", {"alpha": 2})
    store = tmp_path / "store"
    (shard,) = plan_shards(repos)
    write_plan(str(store), [shard])
    # A builder process that dies (SIGKILL) just before it would publish: after the
    # index is built aside, at the rename that publishes it.
    code = textwrap.dedent(
        f"""
        import os, signal, sys
        def hook(event, args):
            if event == "os.rename" and ".building-" in str(args[0]) and not str(args[0]).endswith(".tmp"):
                os.kill(os.getpid(), signal.SIGKILL)
        sys.addaudithook(hook)
        from prx.frontends.cluster.builder import build_shard
        from prx.frontends.cluster.shards import read_plan
        build_shard({str(store)!r}, read_plan({str(store)!r})[0])
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == -9, done.stderr[-2000:]
    directory = shard_dir(str(store), shard)
    assert not os.path.exists(directory)  # nothing under the shard's name
    (aside,) = [n for n in os.listdir(store) if n.startswith(aside_prefix(shard))]
    assert os.path.exists(store / aside / MARKER)  # whole, but never published
    built = build_shard(str(store), shard)
    assert built.status == "built" and is_complete(directory, shard)
    # The dead builder's folder is gone.
    assert not [n for n in os.listdir(store) if n.startswith(aside_prefix(shard))]


def test_importing_the_facade_loads_no_ray():
    code = "import sys, prx, prx.cluster; print(sorted(m for m in sys.modules if m.split('.')[0] == 'ray'))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_without_ray_the_cluster_says_how_to_install_it(tmp_path, make_repos, monkeypatch):
    import prx.cluster

    store = str(tmp_path / "store")
    prx.cluster.plan(store, make_repos(tmp_path / "src", {"alpha": 1}))  # needs no Ray
    monkeypatch.setitem(sys.modules, "ray", None)  # as if not installed
    with pytest.raises(InvalidArgumentError) as caught:
        prx.cluster.build(store)
    assert "needs Ray" in caught.value.message
    assert "pip install 'prx[ray]'" in (caught.value.suggestion or "")
