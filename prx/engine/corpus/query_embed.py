"""Embedding a query without loading the model: a few rows of it, read in place.

:class:`~prx.engine.corpus.embed.StaticEmbedder` loads the whole model (the ``tokenizers``
pipeline, 15 MB of float16 rows turned into float32, a sha256 of the file) to embed
thousands of chunks. A query is a handful of words: this embedder tokenises it in plain
Python (BERT normalisation, pre-tokenisation and WordPiece over the vocabulary, for ASCII
text) and reads only its tokens' rows from the memory-mapped model file, each block
verified against the checksums shipped with the model. The arithmetic is the
embedder's own, on the same rows (float16 widened to float32 exactly), so the vector is
bit for bit what ``StaticEmbedder.encode`` gives; the test suite checks both the token ids
(against the tokenizer's pipeline) and the vectors.

It embeds any ASCII text this way (an index update embeds its few changed chunks with it
too); a text it does not cover (non-ASCII, or holding a special token's text) goes to the
full embedder.
"""

from __future__ import annotations

import json
import mmap
import os
import re
import struct
import threading
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["MAX_LENGTH", "QueryEmbedder", "query_embedder"]

#: model2vec's token limit (the packaged model's config sets none).
MAX_LENGTH = 512
_ASCII_WORDS = re.compile(r"[a-z0-9]+|[!-/:-@\[-`{-~]")
#: Control characters BERT normalisation deletes (tab, newline and return become spaces).
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class QueryEmbedder:
    """Embeds short ASCII queries from the packaged model's vocabulary and rows."""

    def __init__(self, directory: str) -> None:
        self.directory = directory
        with open(os.path.join(directory, "vocab.txt"), encoding="utf-8") as fh:
            tokens = fh.read().split("\n")
        self._vocab = {token: i for i, token in enumerate(tokens)}
        with open(os.path.join(directory, "model.sums.json"), encoding="utf-8") as fh:
            sums = json.load(fh)
        self._block: int = int(sums["block"])
        self._sums: str = sums["xxh3_64"]
        path = os.path.join(directory, "model.safetensors")
        with open(path, "rb") as fh:
            self._map = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        if len(self._map) != sums["size"]:
            raise ValueError(f"{path}: not the size its checksums were made for")
        self._checked = bytearray(-(-len(self._map) // self._block))
        self._ensure(0, 8)
        (length,) = struct.unpack_from("<Q", self._map, 0)
        self._ensure(8, 8 + length)
        header = json.loads(self._map[8 : 8 + length])
        tensor = header["embeddings"]
        if tensor["dtype"] != "F16" or set(header) - {"embeddings", "__metadata__"}:
            raise ValueError(f"{path}: not a float16 table without weights or mapping")
        self.rows, self.dim = (int(x) for x in tensor["shape"])
        self._base = 8 + length + int(tensor["data_offsets"][0])
        with open(os.path.join(directory, "config.json"), encoding="utf-8") as fh:
            config = json.load(fh)
        self.normalize = bool(config.get("normalize", False))
        self._unk = self._vocab.get("[UNK]")
        self._specials = ("[pad]", "[unk]", "[cls]", "[sep]", "[mask]")
        self._char_limit: int | None = None

    def _ensure(self, start: int, end: int) -> None:
        import xxhash

        block = self._block
        for index in range(start // block, (max(end, start + 1) - 1) // block + 1):
            if self._checked[index]:
                continue
            data = memoryview(self._map)[index * block : (index + 1) * block]
            if xxhash.xxh3_64_hexdigest(data) != self._sums[16 * index : 16 * index + 16]:
                raise ValueError(f"{self.directory}: model.safetensors is damaged")
            self._checked[index] = 1

    def covers(self, text: str) -> bool:
        """Whether ``text`` is embedded here (else by the full embedder)."""
        if not text.isascii():
            return False
        lowered = text.lower()
        return not any(special in lowered for special in self._specials)

    @property
    def char_limit(self) -> int:
        """model2vec cuts a text to the token limit times the median token length."""
        if self._char_limit is None:
            lengths = sorted(len(token) for token in self._vocab)
            middle = len(lengths) // 2
            median = (
                lengths[middle] if len(lengths) % 2 else (lengths[middle - 1] + lengths[middle]) / 2
            )
            self._char_limit = MAX_LENGTH * int(median)
        return self._char_limit

    def token_ids(self, text: str) -> list[int]:
        """The model's token ids for ``text`` (ASCII), unknown tokens included, cut to the
        model's character and token limits as model2vec cuts them."""
        if len(text) > MAX_LENGTH:  # only then can a limit apply
            text = text[: self.char_limit]
        words = _ASCII_WORDS.findall(_CONTROL.sub("", text).lower())
        ids: list[int] = []
        for word in words:
            ids.extend(self._wordpiece(word))
            if len(ids) >= MAX_LENGTH:
                return ids[:MAX_LENGTH]
        return ids

    def _wordpiece(self, word: str) -> list[int]:
        vocab = self._vocab
        found = vocab.get(word)
        if found is not None:
            return [found]
        unknown = [] if self._unk is None else [self._unk]
        if len(word) > 100:
            return unknown
        pieces: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            piece = None
            while start < end:
                sub = word[start:end] if start == 0 else "##" + word[start:end]
                piece = vocab.get(sub)
                if piece is not None:
                    break
                end -= 1
            if piece is None:
                return unknown
            pieces.append(piece)
            start = end
        return pieces

    def encode_one(self, text: str) -> NDArray[np.float32]:
        """The embedding of one covered text, as ``StaticEmbedder.encode([text])[0]``."""
        import numpy as np

        ids = [i for i in self.token_ids(text) if i != self._unk]
        out = np.zeros(self.dim, dtype=np.float32)
        if not ids:
            return out
        counts = Counter(ids)
        tokens = sorted(counts)  # as np.unique orders them
        coefficients = np.array([counts[t] for t in tokens], dtype=np.float32)
        stride = 2 * self.dim
        rows = np.empty((len(tokens), self.dim), dtype=np.float32)
        for row, token in enumerate(tokens):
            start = self._base + token * stride
            self._ensure(start, start + stride)
            rows[row] = np.frombuffer(self._map, dtype="<f2", count=self.dim, offset=start)
        out[:] = coefficients @ rows
        out /= np.float32(len(ids))
        if self.normalize:
            norm = np.linalg.norm(out[None, :], axis=1, keepdims=True)[0]
            out /= norm + np.float32(1e-32)
        return out

    def encode(self, texts: list[str]) -> NDArray[np.float32]:
        """Embed texts (float32 rows), each through the shortcut when it covers it."""
        import numpy as np

        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        others = []  # the texts the shortcut does not cover: the model embeds them
        for i, text in enumerate(texts):
            if self.covers(text):
                out[i] = self.encode_one(text)
            else:
                others.append(i)
        if others:
            from prx.engine.corpus.embed import default_embedder

            out[others] = default_embedder().encode([texts[i] for i in others])
        return out

    @property
    def model_hash(self) -> str:
        from prx.engine.corpus.packaged_model import PACKAGED_MODEL_SHA256

        return PACKAGED_MODEL_SHA256


_default: Any = None
_lock = threading.Lock()


def query_embedder() -> Any:
    """The query embedder of the packaged model (loaded once per process)."""
    global _default
    if _default is None:
        with _lock:
            if _default is None:
                from prx.engine.corpus.packaged_model import default_model_dir

                _default = QueryEmbedder(default_model_dir())
    return _default
