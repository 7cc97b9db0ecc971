"""A long-lived Workspace: it sees new files anywhere below a searched root, and its
plugin registry survives first calls from many threads at once."""

from __future__ import annotations

import sys
import threading

import pytest

import prx
from prx.core.config import Config
from prx.core.record import replace
from prx.plugin import LanguageSpec, hookimpl

from envelopes import index_manifest

FILES = {
    "README.md": "# demo\n",
    "src/app.py": "def main():\n    return 1\n",
    "src/deep/util.py": "def helper():\n    return 2\n",
}
NEW = "def zanzibar_quokka_ledger():\n    return 'zanzibar quokka ledger'\n"


def _found(result, rel):
    return any(f.file == rel for f in result.files)


def test_a_long_lived_workspace_sees_a_new_file_in_a_subdirectory(make_repo):
    repo = make_repo(FILES)
    ws = prx.Workspace(repo, config=replace(Config.from_env(), freshness_seconds=0))
    assert not _found(ws.search("zanzibar quokka ledger"), "src/deep/fresh.py")
    (repo / "src" / "deep" / "fresh.py").write_text(NEW)
    assert _found(ws.search("zanzibar quokka ledger"), "src/deep/fresh.py")


def test_the_module_level_search_sees_a_new_file_in_a_subdirectory(make_repo, monkeypatch):
    monkeypatch.setenv("PRX_FRESHNESS_SECONDS", "0")
    repo = make_repo(FILES)
    assert not _found(prx.search("zanzibar quokka ledger", root=repo), "src/fresh.py")
    (repo / "src" / "fresh.py").write_text(NEW)
    assert _found(prx.search("zanzibar quokka ledger", root=repo), "src/fresh.py")


def test_equivalent_spellings_of_a_root_share_one_engine(make_repo):
    repo = make_repo(FILES)
    ws = prx.Workspace(repo)
    ws.search("helper", ".")
    ws.search("helper", "src/..")
    ws.search("helper", str(repo))
    assert len(ws.cache["engines"]) == 1


ROUNDS, THREADS = 30, 6


def test_first_calls_from_many_threads_build_one_whole_registry(tmp_path):
    full = len(prx.Workspace(tmp_path).registry.languages())
    assert full > 0
    failures: list[str] = []
    counts: list[int] = []
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible: races show up
    try:
        for _ in range(ROUNDS):
            ws = prx.Workspace(tmp_path)
            barrier = threading.Barrier(THREADS)

            def first_call(n: int, ws: prx.Workspace = ws, barrier=barrier) -> None:
                try:
                    barrier.wait()
                    if n % 3 == 0:
                        ws.registry.retrievers()
                    elif n % 3 == 1:
                        ws.registry.operations()
                    else:
                        ws.language_for("x.py")
                    counts.append(len(ws.registry.languages()))
                except Exception as exc:
                    failures.append(f"{type(exc).__name__}: {exc}")

            threads = [threading.Thread(target=first_call, args=(n,)) for n in range(THREADS)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert failures == []
    assert counts == [full] * (ROUNDS * THREADS)


class _ZedPlugin:
    """Adds a language: an index built without it describes ``.zed`` files wrongly."""

    @staticmethod
    @hookimpl
    def prx_register_languages():
        return LanguageSpec(name="zedlang", extensions=(".zed",))


def _manifest(repo):
    return index_manifest(repo)


def test_the_manifest_records_the_language_set(make_repo):
    repo = make_repo(FILES)
    ws = prx.Workspace(repo)
    ws.index()
    recorded = _manifest(repo)["language_set"]
    assert recorded["names"] == sorted(spec.name for spec in ws.registry.languages())
    assert recorded["fingerprint"]


def test_an_index_built_with_other_languages_is_not_trusted(make_repo):
    repo = make_repo({**FILES, "model.zed": "zanzibar quokka ledger\n"})
    prx.Workspace(repo).index()
    assert _manifest(repo)["files"]["model.zed"]["language"] is None
    ws = prx.Workspace(repo, plugins=[_ZedPlugin])
    result = ws.search("zanzibar quokka ledger")
    assert result.index == "built" and "another set of languages (+zedlang)" in result.warning
    rebuilt = ws.index()
    assert rebuilt.status == "built" and rebuilt.files_changed == rebuilt.files_indexed
    assert _manifest(repo)["files"]["model.zed"]["language"] == "zedlang"
    assert ws.index().status == "up_to_date"


def test_an_index_built_with_other_parsing_rules_is_not_trusted(make_repo, monkeypatch):
    """Another version of prx (its queries or the code that applies them) may outline a
    file differently: an index it built is rebuilt, not answered from."""
    from prx.engine.index import languages

    repo = make_repo(FILES)
    first = prx.Workspace(repo)
    first.index()
    recorded = _manifest(repo)["language_set"]["rules"]
    assert recorded == languages.parsing_rules(first.registry.file_languages())
    monkeypatch.setattr(languages, "_shipped_rules", lambda: "rules of another prx")
    ws = prx.Workspace(repo)
    result = ws.search("hello")
    assert result.index == "built" and "other rules for parsing" in result.warning
    rebuilt = ws.index()
    assert rebuilt.status == "built" and rebuilt.files_changed == rebuilt.files_indexed
    assert ws.index().status == "up_to_date"


def test_a_plugin_languages_queries_are_part_of_the_rules():
    from prx.engine.index.languages import parsing_rules

    def spec(query: str) -> LanguageSpec:
        return LanguageSpec(name="zedlang", extensions=(".zed",), queries={"outline": query})

    assert parsing_rules([spec("(a) @definition.function")]) != parsing_rules(
        [spec("(b) @definition.function")]
    )
    assert parsing_rules([spec("(a) @x")]) == parsing_rules([spec("(a) @x")])


def test_an_index_is_never_written_from_a_registry_without_languages(make_repo, monkeypatch):
    from prx.core.errors import InternalError
    from prx.engine.index.store import current_dir
    from prx.plugin.registry import Registry

    repo = make_repo(FILES)
    monkeypatch.setattr(Registry, "file_languages", lambda self: [])
    monkeypatch.setattr(Registry, "language_for", lambda self, path: None)
    with pytest.raises(InternalError, match="no language"):
        prx.Workspace(repo).index()
    assert current_dir(str(repo)) is None
