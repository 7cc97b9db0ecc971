"""The query embedder (rows of the model read in place, WordPiece in Python) gives exactly
the token ids of the tokenizer's pipeline and the vectors of the full embedder; the files it
reads beside the model match the model."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import numpy as np
import pytest
import xxhash

from prx.engine.corpus.embed import default_embedder, default_model_dir
from prx.engine.corpus.query_embed import QueryEmbedder, query_embedder

MODEL = Path(default_model_dir())


def _queries(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    words = MODEL.joinpath("vocab.txt").read_text(encoding="utf-8").split("\n")
    words = [w for w in words if w.isascii() and not w.startswith("[")]
    alphabet = string.ascii_letters + string.digits + string.punctuation + " \t\n_"
    out = [
        "how are database migrations applied",
        "QuerySet",
        "parse_args() -> Namespace",
        "getHTTPResponse v2.0 [beta]",
        "x" * 101,  # longer than WordPiece's word limit: the unknown token
        "",
        "   ",
        "\x00\x07 control\x1f chars",
        "[CLS] is special",
        "naïve café",  # not ASCII: the full embedder
    ]
    for _ in range(count):
        parts = []
        for _ in range(rng.randint(1, 8)):
            if rng.random() < 0.6:
                word = rng.choice(words).removeprefix("##")
                parts.append(word.upper() if rng.random() < 0.2 else word)
            else:
                parts.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))))
        out.append(rng.choice([" ", "", "_", ".", "\n"]).join(parts))
    return out


def test_token_ids_are_the_pipelines():
    light = query_embedder()
    full = default_embedder()
    for text in _queries(3000, 1):
        if light.covers(text):
            assert light.token_ids(text) == full.token_ids([text], fast=False)[0], text


def test_vectors_are_the_full_embedders_bit_for_bit():
    light = query_embedder()
    full = default_embedder()
    texts = _queries(1000, 2)
    got = light.encode(texts)
    expected = full.encode(texts)
    for text, a, b in zip(texts, got, expected, strict=True):
        assert np.array_equal(a, b), text
    assert sum(light.covers(t) for t in texts) > 900


def test_long_texts_are_cut_as_the_full_embedder_cuts_them():
    light = query_embedder()
    full = default_embedder()
    rng = random.Random(3)
    words = [w for w in _queries(200, 4) if w.isascii() and "[" not in w]
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(50, 600))) for _ in range(60)]
    texts += ["a " * 700, "ab" * 3000, "x " * 511 + "y", "supercalifragilistic " * 300]
    covered = [t for t in texts if light.covers(t)]
    assert len(covered) > 40
    for text in covered:
        assert light.token_ids(text) == full.token_ids([text], fast=False)[0]
        assert np.array_equal(light.encode([text])[0], full.encode([text])[0]), text[:80]


def test_special_and_non_ascii_texts_go_to_the_full_embedder():
    light = query_embedder()
    assert not light.covers("what does [SEP] mean") and not light.covers("café")


def test_the_files_beside_the_model_match_it():
    vocab = json.loads(MODEL.joinpath("tokenizer.json").read_text(encoding="utf-8"))
    tokens = sorted(vocab["model"]["vocab"], key=vocab["model"]["vocab"].__getitem__)
    assert MODEL.joinpath("vocab.txt").read_text(encoding="utf-8").split("\n") == tokens
    sums = json.loads(MODEL.joinpath("model.sums.json").read_text(encoding="utf-8"))
    data = MODEL.joinpath("model.safetensors").read_bytes()
    block = sums["block"]
    assert sums["size"] == len(data)
    assert sums["xxh3_64"] == "".join(
        xxhash.xxh3_64_hexdigest(data[i : i + block]) for i in range(0, len(data), block)
    )


def test_a_damaged_model_block_is_refused(tmp_path):
    import shutil

    for name in ("vocab.txt", "model.sums.json", "config.json", "model.safetensors"):
        shutil.copy(MODEL / name, tmp_path / name)
    data = bytearray((tmp_path / "model.safetensors").read_bytes())
    light = QueryEmbedder(str(tmp_path))
    token = light.token_ids("database")[0]
    at = light._base + token * 2 * light.dim
    data[at] ^= 0xFF
    (tmp_path / "model.safetensors").write_bytes(bytes(data))
    with pytest.raises(ValueError, match="damaged"):
        QueryEmbedder(str(tmp_path)).encode_one("database")
