"""Record what a prx version answers from its own index, for tests/test_index_formats.py.

    PYTHONPATH=<a prx checkout> python tests/golden/search/record.py OUT.json

The tree is the language samples of tests/golden/lang (one file per language), copied
into a temporary directory, indexed with that prx (its own index format), then searched
from the index. ``answers.json`` was recorded with the prx of commit 1e1a9ff (index format
5, JSON and .npy artifacts); the test answers the same queries from a format-6 index.
Symbol queries are left out: this project changed their ranking on purpose (they no
longer run the embeddings) in the same change as the format. The word queries' answers
were recorded again (format 6) when their ranking changed on purpose (import-graph
centrality, other word forms, generated files by content), after checking that a
format-6 index and no index answer them alike; the literal and regex answers are still
those of format 5, unchanged.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SAMPLES = HERE.parent / "lang"
#: (query, search options)
QUERIES = [
    ("how are configuration files parsed", {}),
    ("parse the command line arguments", {}),
    ("render a greeting for a user", {}),
    ("database connection pool", {}),
    ("error handling when a file is missing", {}),
    ("return", {"mode": "literal"}),
    ("def ", {"mode": "literal"}),
    ("fn main(", {"mode": "literal"}),
    ("import", {"mode": "literal", "top_k": 30}),
    ("Greeter", {"mode": "literal", "ignore_case": True}),
    ("func \\w+\\(", {"mode": "regex"}),
    ("class", {"mode": "literal", "language": ["python", "java"]}),
]


#: The languages whose samples made the tree when answers.json was recorded: samples of
#: languages added since stay out, so the recorded answers keep their meaning.
RECORDED_LANGUAGES = frozenset(
    "bash c cpp csharp css dockerfile elixir go hcl html java javascript json kotlin lua "
    "makefile markdown php python ruby rust scala sql swift toml tsx typescript yaml".split()
)


def build_tree(target: Path) -> None:
    for sample in sorted(SAMPLES.glob("*/sample.*")):
        if sample.parent.name not in RECORDED_LANGUAGES:
            continue
        destination = target / sample.parent.name / sample.name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(sample, destination)


def answers(root: Path) -> list[dict[str, object]]:
    import prx

    ws = prx.Workspace(root)
    out = []
    for query, options in QUERIES:
        # The page and context of literal and regex answers when they were recorded (the
        # defaults then; a search now shows 50 lines and no context by default).
        recorded = {"top_k": 10, "context": 2} if options.get("mode") else {}
        result = ws.search(query, **{**recorded, **options})
        out.append(
            {
                "query": query,
                "options": options,
                "index": result.index if hasattr(result, "index") else None,
                "total_matches": result.total_matches,
                "matches": [
                    [f.file, m.line, round(m.relevance, 3), m.snippet]
                    for f in result.files
                    for m in f.matches
                ],
            }
        )
    return out


def main(argv: list[str]) -> int:
    out = Path(argv[0])
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "tree"
        build_tree(root)
        subprocess.run(["git", "init", "-q", str(root)], check=True)
        import prx

        prx.Workspace(root).index()
        recorded = answers(root)
    out.write_text(json.dumps(recorded, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out} ({len(recorded)} queries)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
