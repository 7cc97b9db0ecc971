"""The packaged Model2Vec model and prx's own loader (prx.engine.corpus.embed).

The reference vectors come from the real model2vec 0.10 on the original float32 model
(benchmarks/tools/make_embed_reference.py); prx ships a float16 copy and reimplements the
encoder, so vectors must agree to float16 precision and token ids must agree exactly.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import struct
import subprocess
import sys
from pathlib import Path

import locations
import numpy as np
import pytest

from prx.engine.corpus import embed
from prx.engine.corpus.embed import StaticEmbedder

ROOT = locations.ROOT
REFERENCE = locations.GOLDEN / "embed" / "reference.json"


@pytest.fixture(scope="module")
def embedder() -> StaticEmbedder:
    return StaticEmbedder.load()


@pytest.fixture(scope="module")
def reference() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


def _source_chunks(limit: int = 400, size: int = 1500) -> list[str]:
    """Chunks of real files: prx's own code and the multi-language golden samples."""
    chunks: list[str] = []
    files = sorted((ROOT / "prx").rglob("*.py")) + sorted((ROOT / "tests" / "golden").rglob("*"))
    for path in files:
        if not path.is_file() or path.suffix == ".json":
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        chunks.extend(text[i : i + size] for i in range(0, len(text), size))
    step = max(1, len(chunks) // limit)
    return chunks[::step][:limit]


def _fuzz_texts(seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    ascii_chars = [chr(c) for c in range(128)]
    printable = [chr(c) for c in range(32, 127)] + ["\t", "\n", "\r"]
    unicode_bits = [
        *"éèÉ—–…“”‘’«»東京タワー한국어Ελληνικάςσ Σ İıß ﬁ ǅ",
        *["\u0301", "\u0308", "\u200b", "\u200d", "\ufeff", "\ufffd", "\u00a0", "\u2028"],
        *["\u2029", "\u3000", "\u202f", "\u1680", "\x85", "\x9f", "\u180e", "🙂", "👍🏽"],
        *["ℌ", "Ⅻ", "①", "٣", "\u0600", "\u061c", "ＡＢＣ", "naïve"],
    ]
    specials = ["[UNK]", "[MASK]", "[cls]", "[SEP]", "[PAD]", "##", "[unk"]
    words = ["getHTTPResponse", "parse_json", "x" * 101, "ab" * 9, "q" * 16, "q" * 17, "a1b2"]
    words += ["internationalization", "Z" * 40, "0" * 20, "self", "token", "ing", "##ing"]
    texts: list[str] = []
    for i in range(count):
        n = rng.randint(0, 120)
        if i % 3 == 0:
            pool = printable + words
        elif i % 3 == 1:
            pool = ascii_chars + words
        else:
            pool = printable + unicode_bits + specials + words
        texts.append("".join(rng.choice(pool) for _ in range(n)))
    return texts


# -- the shipped files ----------------------------------------------------------------------


def test_shipped_model_hash_is_what_load_reports(embedder):
    shipped = Path(embed.default_model_dir()) / "model.safetensors"
    digest = hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert embedder.model_hash == digest == embed.PACKAGED_MODEL_SHA256
    assert embedder.model_id == "minishlab/potion-base-8M" == embed.MODEL_ID


def test_shipped_directory_has_licence_and_attribution():
    folder = Path(embed.default_model_dir())
    names = {p.name for p in folder.iterdir()}
    assert {"model.safetensors", "tokenizer.json", "config.json", "LICENSE"} <= names
    assert "MIT License" in (folder / "LICENSE").read_text(encoding="utf-8")
    attribution = (folder / "ATTRIBUTION.txt").read_text(encoding="utf-8")
    assert "f65d0f325faadc1e121c319e2faa41170d3fa07d8c89abd48ca5358d9a223de2" in attribution
    assert "float16" in attribution


def test_shipped_tensors_are_float16(embedder):
    path = Path(embed.default_model_dir()) / "model.safetensors"
    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + length])
    assert header["embeddings"]["dtype"] == "F16"
    assert header["embeddings"]["shape"] == [29528, 256]
    assert embedder.dim == 256
    assert embedder.max_length == 512 and embedder.median_token_length == 6
    assert embedder.normalize is True


# -- agreement with model2vec -----------------------------------------------------------------


def test_reference_was_made_by_model2vec(reference):
    produced = reference["produced_by"]
    assert produced["model2vec"].startswith("0.10")
    assert (
        produced["model_sha256"]
        == "f65d0f325faadc1e121c319e2faa41170d3fa07d8c89abd48ca5358d9a223de2"
    )
    assert len(reference["texts"]) >= 12


def test_vectors_match_model2vec_reference(embedder, reference):
    texts = [item["text"] for item in reference["texts"]]
    expected = np.array([item["vector"] for item in reference["texts"]], dtype=np.float32)
    got = embedder.encode(texts)
    assert got.shape == expected.shape
    for item, row, want in zip(reference["texts"], got, expected, strict=True):
        assert np.abs(row - want).max() < 2e-3, item["name"]
        if np.any(want):
            cosine = float(row @ want / (np.linalg.norm(row) * np.linalg.norm(want)))
            assert cosine > 0.999, item["name"]
        else:
            assert not np.any(row), item["name"]


def test_each_reference_text_alone_gives_the_same_vector(embedder, reference):
    texts = [item["text"] for item in reference["texts"]]
    together = embedder.encode(texts)
    for i, text in enumerate(texts):
        assert np.array_equal(embedder.encode([text])[0], together[i])


# -- token ids: every shortcut equals the tokenizer's own pipeline ------------------------------


def test_token_ids_match_the_tokenizer_on_reference_texts(embedder, reference):
    texts = [item["text"] for item in reference["texts"]]
    assert embedder.token_ids(texts) == embedder.token_ids(texts, fast=False)


def test_token_ids_match_the_tokenizer_on_source_files(embedder):
    chunks = _source_chunks()
    assert len(chunks) > 100
    assert embedder.token_ids(chunks) == embedder.token_ids(chunks, fast=False)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_token_ids_match_the_tokenizer_on_fuzzed_text(seed):
    fresh = StaticEmbedder.load()  # empty caches
    texts = _fuzz_texts(seed, 1500)
    fast = fresh.token_ids(texts)
    full = fresh.token_ids(texts, fast=False)
    mismatches = [repr(t) for t, a, b in zip(texts, fast, full, strict=True) if a != b]
    assert not mismatches, mismatches[:3]
    # ASCII-only batches take the vectorised route alone.
    ascii_texts = [t for t in texts if t.isascii() and "[" not in t]
    assert fresh.token_ids(ascii_texts) == fresh.token_ids(ascii_texts, fast=False)


def test_non_ascii_pieces_are_spliced_into_the_vectorised_route_exactly():
    # Texts with non-ASCII pieces go through numpy too, each such piece a hole filled with
    # the tokenizer's own ids: pieces that vanish (U+FFFD, a lone combining mark), long
    # ones (over 100 characters: [UNK]), CJK, Greek capitals, accents glued to ASCII and
    # punctuation, Unicode spaces, and enough of them to be cut at the token limit.
    fresh = StaticEmbedder.load()
    texts = [
        'msgid "Welcome"\nmsgstr "Добро пожаловать"',
        "caf\u00e9, na\u00efve\u00a0r\u00e9sum\u00e9 (\u00fcber) x=\u00e9t\u00e9;",
        "\ufffd \u0301 abc\u0301 \u4e2d\u6587\u5b57 ok",
        "\u039f\u0394\u039f\u03a3 \u03c3\u03bf\u03c6\u03af\u03b1\u03c2",
        "\u00e9" * 120 + " plain words",
        "start \u2003 em\u3000space end",
        " ".join(["\u00e9t\u00e9 summer"] * 400),
        "pure ascii text between them",
    ]
    assert fresh.token_ids(texts) == fresh.token_ids(texts, fast=False)
    assert fresh.token_ids(texts[::-1]) == fresh.token_ids(texts[::-1], fast=False)
    vectors = fresh.encode(texts)
    alone = np.stack([fresh.encode([t])[0] for t in texts])
    np.testing.assert_allclose(vectors, alone, rtol=1e-5, atol=1e-6)


def test_token_ids_of_edge_cases(embedder):
    texts = ["", " ", "a", "A", "q" * 16, "q" * 17, "x" * 100, "x" * 101, "[UNK]", "a\x0bb", "é"]
    assert embedder.token_ids(texts) == embedder.token_ids(texts, fast=False)
    assert embedder.token_ids([]) == []


# -- model2vec's encode semantics --------------------------------------------------------------


def test_shape_dtype_and_norms(embedder):
    texts = ["def f(x): return x", "hello world", "", "getHTTPResponse"]
    vectors = embedder.encode(texts)
    assert vectors.shape == (4, 256)
    assert vectors.dtype == np.float32
    norms = np.linalg.norm(vectors, axis=1)
    assert np.allclose(norms[[0, 1, 3]], 1.0, atol=1e-5)
    assert norms[2] == 0.0


def test_text_without_known_tokens_gives_a_zero_row(embedder):
    vectors = embedder.encode(["", "   \n\t", "🙂🙃", "[UNK]", "\x00\x01"])
    assert not np.any(vectors)


def test_empty_input(embedder):
    assert embedder.encode([]).shape == (0, 256)
    with pytest.raises(TypeError):
        embedder.encode("not a list")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        embedder.encode(["x"], batch_size=0)


def test_characters_are_cut_before_tokens(embedder):
    """model2vec cuts a text to 512 * 6 characters, then to 512 tokens."""
    limit = embedder.max_length * embedder.median_token_length
    words = "internationalization characterization " * 200  # few tokens per character
    text = words[: limit - 5] + " astronomy telescope galaxy" * 300
    assert np.array_equal(embedder.encode([text]), embedder.encode([text[:limit]]))
    dense = "a b " * 5000  # many tokens per character
    assert len(embedder.token_ids([dense])[0]) == 512
    assert np.array_equal(embedder.encode([dense]), embedder.encode([dense[:limit]]))


def test_unknown_tokens_are_dropped_after_truncation(embedder):
    text = "alpha 🙂 " * 200 + "omega 🙂 " * 2000
    ids = embedder.token_ids([text])[0]
    assert len(ids) == 512 and ids.count(1) == 256  # [UNK] counts towards the 512 tokens
    ((alpha,), (omega,)) = embedder.token_ids(["alpha", "omega"])
    table = embedder._table
    mean = (200 * table[alpha] + 56 * table[omega]) / 256
    expected = mean / np.linalg.norm(mean)
    assert np.abs(embedder.encode([text])[0] - expected).max() < 1e-5


def test_determinism_across_batches_and_instances(embedder):
    texts = _source_chunks(limit=60) + ["", "naïve café", "[MASK] token"]
    first = embedder.encode(texts)
    assert np.array_equal(first, embedder.encode(texts))
    assert np.array_equal(first, embedder.encode(texts, batch_size=7))
    assert np.array_equal(first, StaticEmbedder.load().encode(texts))


def test_default_embedder_is_loaded_once():
    assert embed.default_embedder() is embed.default_embedder()


# -- loading -----------------------------------------------------------------------------------


def test_loading_never_touches_the_network(tmp_path):
    """Load and encode in a fresh interpreter under the socket guard, without HF_HUB_OFFLINE."""
    log = tmp_path / "violations.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("HF_")}
    env["PRX_NETGUARD_LOG"] = str(log)
    code = (
        "import sys\n"
        "from prx.engine.corpus.embed import StaticEmbedder\n"
        "e = StaticEmbedder.load()\n"
        "assert e.encode(['hello world']).shape == (1, 256)\n"
        "net = {'huggingface_hub', 'requests', 'httpx', 'urllib3', 'model2vec', 'safetensors'}\n"
        "print(sorted(net & set(sys.modules)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
    assert not log.exists() or not log.read_text().strip()


def _write_safetensors(path: Path, tensors: dict[str, np.ndarray]) -> None:
    header: dict[str, object] = {}
    blobs: list[bytes] = []
    offset = 0
    names = {"float32": "F32", "float16": "F16", "int64": "I64", "int32": "I32"}
    for name, array in tensors.items():
        raw = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tobytes()
        header[name] = {
            "dtype": names[array.dtype.name],
            "shape": list(array.shape),
            "data_offsets": [offset, offset + len(raw)],
        }
        blobs.append(raw)
        offset += len(raw)
    encoded = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(encoded)) + encoded + b"".join(blobs))


def test_weights_and_mapping_tensors_are_applied(tmp_path, embedder):
    """A vocabulary-quantised model: rows through ``mapping``, scaled by ``weights``."""
    source = Path(embed.default_model_dir())
    vocab_size = 29528
    rng = np.random.default_rng(0)
    rows = rng.standard_normal((50, 8)).astype(np.float32)
    mapping = rng.integers(0, 50, vocab_size).astype(np.int64)
    weights = rng.uniform(0.5, 2.0, vocab_size).astype(np.float32)
    _write_safetensors(
        tmp_path / "model.safetensors", {"embeddings": rows, "weights": weights, "mapping": mapping}
    )
    (tmp_path / "tokenizer.json").write_bytes((source / "tokenizer.json").read_bytes())
    (tmp_path / "config.json").write_text(json.dumps({"normalize": False, "max_length": 64}))
    model = StaticEmbedder.load(str(tmp_path))
    assert model.dim == 8 and model.max_length == 64 and model.normalize is False
    assert model.model_id == tmp_path.name
    texts = ["def parse_json(path): return load(path)", "", "x " * 100]
    got = model.encode(texts)
    for text, row in zip(texts, got, strict=True):
        ids = [i for i in model.token_ids([text])[0] if i != 1]
        if not ids:
            assert not np.any(row)
            continue
        want = (rows[mapping[ids]] * weights[ids][:, None]).mean(axis=0)
        assert np.allclose(row, want, atol=1e-5)
    assert len(model.token_ids([texts[2]])[0]) == 64


def test_a_malformed_model_file_is_refused(tmp_path):
    source = Path(embed.default_model_dir())
    (tmp_path / "tokenizer.json").write_bytes((source / "tokenizer.json").read_bytes())
    (tmp_path / "config.json").write_text("{}")
    (tmp_path / "model.safetensors").write_bytes(b"\xff" * 4)
    with pytest.raises(ValueError):
        StaticEmbedder.load(str(tmp_path))
    _write_safetensors(tmp_path / "model.safetensors", {"other": np.zeros(3, np.float32)})
    with pytest.raises(ValueError, match="embeddings"):
        StaticEmbedder.load(str(tmp_path))
