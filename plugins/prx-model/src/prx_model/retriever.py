"""The ``model`` retriever: cosine similarity of a local Model2Vec model's embeddings."""

from __future__ import annotations

import os
from typing import Any

from prx.plugin import Candidate, CorpusView, PluginError, Query, Retriever

#: The environment variable naming the model directory (the setting ``path`` wins).
ENV = "PRX_MODEL_PATH"


def model_path(settings: Any) -> str:
    """The model directory: ``[tool.prx.settings.model] path``, else ``$PRX_MODEL_PATH``."""
    path = settings.get("path") or os.environ.get(ENV)
    if not path:
        raise PluginError(f"no model directory: set [tool.prx.settings.model] path = ... or {ENV}")
    path = os.path.expanduser(str(path))
    if not os.path.isfile(os.path.join(path, "model.safetensors")):
        raise PluginError(f"{path} is not a Model2Vec model directory (no model.safetensors)")
    return path


class ModelRetriever(Retriever):
    """Chunks ranked by cosine similarity to the query, with the user's own model."""

    NAME = "model"
    SUMMARY = "cosine similarity with a local Model2Vec model ([tool.prx.settings.model] path)"

    def build(self, corpus: CorpusView) -> None:
        import numpy as np
        from model2vec import StaticModel  # only here: never on prx's start-up path

        self.model = StaticModel.from_pretrained(model_path(self.ctx.settings))
        self.chunks = corpus.chunks
        texts = [f"{chunk.file}\n{chunk.text}" for chunk in corpus.chunks]
        vectors = self.model.encode(texts) if texts else np.zeros((0, 1), np.float32)
        self.matrix = _normalised(np.asarray(vectors, dtype=np.float32))

    def search(self, query: Query, k: int) -> list[Candidate]:
        import numpy as np

        if k <= 0 or not query.text.strip() or len(self.chunks) == 0:
            return []
        vector = _normalised(np.asarray(self.model.encode([query.text]), dtype=np.float32))[0]
        if not vector.any():
            return []  # no known token: no signal
        scores = self.matrix @ vector
        order = [int(i) for i in np.argsort(-scores, kind="stable")[:k] if scores[i] > 0]
        return [
            Candidate(
                file=self.chunks[i].file,
                start_line=self.chunks[i].start_line,
                end_line=self.chunks[i].end_line,
                score=float(scores[i]),
                source=self.NAME,
                chunk=i,
            )
            for i in order
        ]


def _normalised(rows: Any) -> Any:
    import numpy as np

    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.where(norms == 0, 1, norms)
