"""Sanity-check the labelled datasets in this folder against their unpacked corpora.

Usage: python benchmarks/datasets/check.py [CORPORA]   (CORPORA defaults to benchmarks/.corpora,
as filled by benchmarks/get_corpora.py)

Checks per dataset: at least 40 queries, the three categories present, unique query texts,
grades in {1, 2, 3}, at least one grade-3 file per query, no file listed twice in a query,
every labelled path exists in CORPORA/<name>/, and test files are labelled only for queries
that ask about tests. Also warns when a label would suffix-match a second file of the tree
(prx's bench-ndcg matches paths by suffix in both directions).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPORA = HERE.parent / ".corpora"
CATEGORIES = ("symbol", "semantic", "architecture")
MIN_QUERIES = 40


def is_test_path(path: str) -> bool:
    parts = path.split("/")
    return parts[0] in ("tests", "test") or parts[-1].startswith("test_")


def check(dataset: Path, corpora: Path) -> tuple[list[str], list[str], str]:
    errors: list[str] = []
    warnings: list[str] = []
    data = json.loads(dataset.read_text(encoding="utf-8"))
    name = dataset.stem
    tree = corpora / name
    if not tree.is_dir():
        return [f"corpus tree {tree} missing (run benchmarks/get_corpora.py)"], [], ""
    files = [p.relative_to(tree).as_posix() for p in tree.rglob("*") if p.is_file()]
    for key in ("repo", "corpus", "queries"):
        if key not in data:
            errors.append(f"missing key {key!r}")
    queries = data.get("queries", [])
    if len(queries) < MIN_QUERIES:
        errors.append(f"only {len(queries)} queries (< {MIN_QUERIES})")
    cats = Counter(q.get("category") for q in queries)
    for cat in cats:
        if cat not in CATEGORIES:
            errors.append(f"unknown category {cat!r}")
    for cat in CATEGORIES:
        if cats[cat] == 0:
            errors.append(f"no {cat} queries")
    texts = Counter(q.get("query") for q in queries)
    errors += [f"duplicate query {t!r}" for t, n in texts.items() if n > 1]
    labels = 0
    for q in queries:
        text = q.get("query", "")
        rel = q.get("relevant", [])
        if not rel:
            errors.append(f"{text!r}: no relevant files")
            continue
        paths = [r.get("file", "") for r in rel]
        if len(set(paths)) != len(paths):
            errors.append(f"{text!r}: a file is listed twice")
        if not any(r.get("relevance") == 3 for r in rel):
            errors.append(f"{text!r}: no grade-3 file")
        for r in rel:
            labels += 1
            path, grade = r.get("file", ""), r.get("relevance")
            if grade not in (1, 2, 3):
                errors.append(f"{text!r}: {path} has grade {grade!r}")
            if not (tree / path).is_file():
                errors.append(f"{text!r}: {path} not in corpus")
            if is_test_path(path) and "test" not in text.lower():
                errors.append(f"{text!r}: test file {path} labelled for a non-test query")
            others = [f for f in files if f != path and (f.endswith(path) or path.endswith(f))]
            if others:
                warnings.append(f"{text!r}: {path} also suffix-matches {others[:3]}")
    summary = (
        f"{name}: {len(queries)} queries "
        + ", ".join(f"{c}={cats[c]}" for c in CATEGORIES)
        + f"; {labels} labels, all paths checked against {len(files)} files in {tree}"
    )
    return errors, warnings, summary


def main(argv: list[str]) -> int:
    corpora = Path(argv[0]) if argv else DEFAULT_CORPORA
    failed = False
    for dataset in sorted(HERE.glob("*.json")):
        errors, warnings, summary = check(dataset, corpora)
        if summary:
            print(summary)
        for w in warnings:
            print(f"  warning: {w}")
        for e in errors:
            print(f"  ERROR: {e}")
        failed = failed or bool(errors)
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
