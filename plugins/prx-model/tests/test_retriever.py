"""prx-model against the retriever contract, offline: the model directory is the one that
ships inside prx (any Model2Vec directory works the same)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import prx
from prx.plugin import PluginError
from prx.testing import RetrieverContract
from prx_model.retriever import ModelRetriever, model_path

MODEL = str(Path(prx.__file__).parent / "data" / "models" / "potion-base-8M")


class TestModelRetriever(RetrieverContract):
    retriever = ModelRetriever
    settings = {"path": MODEL}
    queries = ("parse the configuration file", "start the server", "Server")


def test_model2vec_is_imported_only_by_the_retriever(tmp_path):
    import subprocess

    code = (
        "import sys, prx_model.hooks\n"
        "prx_model.hooks.prx_register_retrievers()\n"
        "print('model2vec' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_model_directory_comes_from_the_settings_or_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("PRX_MODEL_PATH", raising=False)
    with pytest.raises(PluginError, match="no model directory"):
        model_path({})
    assert model_path({"path": MODEL}) == MODEL
    monkeypatch.setenv("PRX_MODEL_PATH", MODEL)
    assert model_path({}) == MODEL
    with pytest.raises(PluginError, match="not a Model2Vec model directory"):
        model_path({"path": str(tmp_path)})


def test_a_search_uses_it_when_configured(run_cli, make_repo):
    repo = make_repo(
        {
            "pyproject.toml": f'[tool.prx.settings.model]\npath = "{MODEL}"\n',
            "src/config.py": "def load_config(path):\n    return open(path).read()\n",
            "src/server.py": "class Server:\n    def start(self):\n        return 'listening'\n",
        }
    )
    env = {"PRX_PLUGINS": "model"}
    listing = run_cli("plugins", cwd=repo, env=env).envelope["data"]
    (entry,) = [p for p in listing["plugins"] if p["name"] == "model"]
    assert entry["registers"] == {"retriever": ["model"]} and entry["version"] == "0.1.0"
    run = run_cli("search", "read the configuration", cwd=repo, env=env)
    assert run.envelope["status"] == "ok", run.stdout
    assert not [w for w in run.envelope.get("warnings", []) if "model" in w], run.stdout
    assert run.envelope["data"]["matches"][0]["file"] == "src/config.py"
