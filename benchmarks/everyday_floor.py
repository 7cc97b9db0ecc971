"""How far the JSON envelope could shrink and keep named keys: everyday.py's JSON answers
with every field a program could do without left out, in exact cl100k tokens.

    python benchmarks/everyday.py --json OUT.json --outputs
    python benchmarks/everyday_floor.py OUT.json

Left out (each a fact a program can recompute, repeat or do without): a match's
``end_line``, ``snippet_start`` and ``snippet_end`` equal to its line; ``relevance``,
``context_type`` and ``context_signature`` in exact modes; a signature repeated within a
file; the files' hashes in a search; every read's outline and ``meta`` but its hash, the
content's own token count; ``bytes`` and ``language`` of ``find`` entries; the answer's
root and the envelope's version; a column; an outline's line ranges written as two
fields; a diff hunk's old function when it is the new one. What is left is the floor of a
JSON form with one named key per fact.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from prx.core.tokens import count_exact

EXACT = ("literal", "regex")


def _search(data: dict[str, Any]) -> None:
    for group in data.get("files", []):
        group.pop("hash", None)
        seen = set()
        for match in group["matches"]:
            if match.get("end_line") == match["line"]:
                match.pop("end_line")
            if match.get("snippet_start") == match["line"]:
                match.pop("snippet_start")
            if match.get("snippet_end") == match.get("end_line", match["line"]):
                match.pop("snippet_end")
            if data["mode"] in EXACT:
                for key in ("relevance", "context_type", "context_signature"):
                    match.pop(key, None)
            if match.get("context_name") in seen:
                match.pop("context_signature", None)
            seen.add(match.get("context_name"))
            match.pop("column", None)


def _find(tree: dict[str, Any]) -> None:
    for value in tree.values():
        if isinstance(value, dict) and ("lines" in value or "bytes" in value or not value):
            value.pop("bytes", None)
            value.pop("language", None)
        elif isinstance(value, dict):
            _find(value)


def _outline(symbols: list[dict[str, Any]]) -> None:
    for symbol in symbols:
        lines = symbol.pop("lines")
        symbol["line"] = lines["start"]
        if lines["end"] != lines["start"]:
            symbol["end"] = lines["end"]
        _outline(symbol.get("children", []))


def floor(envelope: dict[str, Any]) -> dict[str, Any]:
    data = envelope.get("data", {})
    envelope.pop("version", None)
    data.pop("root", None)
    command = envelope["command"]
    if command == "read":
        data.pop("outline", None)
        data["meta"] = {"hash": data["meta"]["hash"]}
        data.get("content", {}).pop("tokens", None)
    elif command == "search":
        _search(data)
    elif command == "find":
        _find(data.get("tree", {}))
    elif command == "outline":
        _outline(data.get("symbols", []))
    elif command == "diff":
        for hunk in data.get("hunks", []):
            if hunk.get("old_function") == hunk.get("function"):
                hunk.pop("old_function", None)
    return envelope


def main() -> int:
    report = json.loads(open(sys.argv[1], encoding="utf-8").read())
    before = after = unix = 0
    for call in report["calls"]:
        text = call["outputs"]["json"]
        before += count_exact(text)
        lean = floor(json.loads(text))
        after += count_exact(json.dumps(lean, separators=(",", ":"), ensure_ascii=False))
        unix += call["unix_tokens"]
    print(f"JSON {before:,} tokens ({before / unix:.2f}x the Unix commands')")
    print(f"floor {after:,} tokens ({after / unix:.2f}x), Unix {unix:,}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
