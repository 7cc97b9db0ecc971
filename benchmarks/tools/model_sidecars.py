"""Write the two files the query embedder reads beside the packaged model.

    python benchmarks/tools/model_sidecars.py [MODEL_DIR]

MODEL_DIR defaults to ``prx/data/models/potion-base-8M``. Writes:

* ``vocab.txt``: the WordPiece vocabulary of ``tokenizer.json``, one token per line in id
  order (no token holds a newline: checked), so a query needs no JSON parse of 680 kB;
* ``model.sums.json``: the size of ``model.safetensors`` and the xxh3-64 of each of its
  256 KiB blocks, so a query verifies just the rows it reads.

tests/engine/corpus/test_query_embed.py checks both against the model files. Standard library and
xxhash only.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import xxhash

BLOCK = 1 << 18
DEFAULT = Path(__file__).resolve().parents[2] / "prx" / "data" / "models" / "potion-base-8M"


def main(argv: list[str]) -> int:
    directory = Path(argv[0]) if argv else DEFAULT
    vocab = json.loads((directory / "tokenizer.json").read_text(encoding="utf-8"))["model"]["vocab"]
    tokens = sorted(vocab, key=vocab.__getitem__)
    if [vocab[t] for t in tokens] != list(range(len(tokens))) or any("\n" in t for t in tokens):
        print("the vocabulary is not ids 0..n-1 of newline-free tokens", file=sys.stderr)
        return 1
    (directory / "vocab.txt").write_text("\n".join(tokens), encoding="utf-8")
    data = (directory / "model.safetensors").read_bytes()
    sums = "".join(
        xxhash.xxh3_64_hexdigest(data[i : i + BLOCK]) for i in range(0, len(data), BLOCK)
    )
    record = {"block": BLOCK, "size": len(data), "xxh3_64": sums}
    (directory / "model.sums.json").write_text(json.dumps(record) + "\n", encoding="utf-8")
    print(f"wrote {directory / 'vocab.txt'} ({len(tokens)} tokens) and model.sums.json")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
