"""The narrow contexts (prx/plugin/context.py) at run time: building and updating an index and
the literal scan run with an object that has only the parts their context lists (no plugin
registry beyond the list of languages, no caches, no other workspace method) and answer
as they do with a Workspace. mypy checks the same from the other side
(tests/typing/check_contexts.py)."""

from __future__ import annotations

import os

import prx
from prx.engine.index.build import build_index, load_current, verify_index
from prx.engine.index.store import current_dir
from prx.engine.retrieval.literal import compile_pattern, plan_for, scan


class _Languages:
    """A plugin registry reduced to the languages files can be in (LanguageCatalogue)."""

    __slots__ = ("_registry",)

    def __init__(self, registry):
        self._registry = registry

    def file_languages(self):
        return self._registry.file_languages()


class _IndexParts:
    """What IndexContext lists of a workspace, and nothing else."""

    __slots__ = ("_ws",)

    def __init__(self, ws):
        self._ws = ws

    @property
    def config(self):
        return self._ws.config

    @property
    def registry(self):
        return _Languages(self._ws.registry)

    def resolve(self, path):
        return self._ws.resolve(path)

    def language_for(self, path):
        return self._ws.language_for(path)


class _LiteralParts:
    """What LiteralContext lists of a workspace, and nothing else."""

    __slots__ = ("_ws",)

    def __init__(self, ws):
        self._ws = ws

    @property
    def config(self):
        return self._ws.config

    @property
    def cache(self):
        return self._ws.cache

    def language_for(self, path):
        return self._ws.language_for(path)


def _files(count):
    return {
        f"pkg/mod{i}.py": f"def handler_{i}(request):\n    return request.path + '{i}'\n"
        for i in range(count)
    }


def test_an_index_is_built_updated_and_checked_with_only_its_context(make_repo):
    repo = make_repo({**_files(70), "README.md": "# demo\n"})
    parts = _IndexParts(prx.Workspace(repo))
    assert build_index(parts).status == "built"
    assert build_index(parts).status == "up_to_date"
    (repo / "pkg" / "mod1.py").write_text("def renamed_handler(request):\n    return 1\n")
    delta = build_index(parts)
    assert (delta.status, delta.files_changed) == ("updated", 1)
    assert "delta.tab" in os.listdir(current_dir(str(repo)))
    for i in range(70):  # more files than a delta holds: the tables are written anew
        (repo / "pkg" / f"mod{i}.py").write_text(f"def changed_{i}():\n    return {i}\n")
    rewrite = build_index(parts)
    assert (rewrite.status, rewrite.files_changed) == ("updated", 70)
    assert "delta.tab" not in os.listdir(current_dir(str(repo)))
    assert build_index(parts, stats_only=True).status == "present"
    assert verify_index(parts).status == "verified"
    data, problem = load_current(parts, str(repo))
    assert problem is None and data is not None and len(data.corpus.files) == 71
    # What was built that way is what a workspace searches.
    found = prx.Workspace(repo).search("changed_42")
    assert found.index == "index" and found.files[0].file == "pkg/mod42.py"


def test_the_literal_scan_plans_and_reads_with_only_its_context(make_repo):
    repo = make_repo({**_files(8), "notes.txt": "handler_3 is documented here\n"})
    ws = prx.Workspace(repo)
    ws.index()
    parts = _LiteralParts(ws)
    root = str(repo)
    pattern = compile_pattern("handler_3", regex=False)
    plan = plan_for(parts, root, pattern)
    assert plan is not None  # the index's filters chose the files to read
    hits, _, searched = scan(parts, root, pattern, plan=plan)
    found = [(h.file, h.line) for h in hits]
    assert found == [("notes.txt", 1), ("pkg/mod3.py", 1)]
    walked, _, _ = scan(ws, root, pattern, accept=lambda rel, language: language == "python")
    assert [(h.file, h.line) for h in walked] == [("pkg/mod3.py", 1)]
    assert searched[0] >= 1
