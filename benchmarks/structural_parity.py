"""Structural search against the ast-grep CLI: the same matches, pattern for pattern.

    python benchmarks/structural_parity.py --capture [--ast-grep PATH]
        rewrites tests/golden/structural/ast_grep_cli.json: the CLI's matches on the
        fixture files of tests/engine/retrieval/test_structural.py, each case asked the
        way a person would ask the CLI (a context + selector written by hand where the
        pattern is a fragment);
    python benchmarks/structural_parity.py --corpora [--ast-grep PATH]
        compares prx's matches (file:line:column) with the CLI's on the corpora under
        benchmarks/.corpora (benchmarks/get_corpora.py), for a few patterns per language;
        a fragment prx reads in context is asked of the CLI with the same context and
        selector. A file the CLI cannot read as UTF-8 it skips (prx decodes it with
        replacement characters): bat's tests/snapshots/sample.modified.rs is one.

The CLI is `npm install @ast-grep/cli@<the version of ast-grep-py>` (no network at run time
here: it reads only local files). Paths in the golden are relative to the fixture root.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "structural" / "ast_grep_cli.json"
TESTS = ROOT / "tests" / "engine" / "retrieval" / "test_structural.py"
CORPORA = ROOT / "benchmarks" / ".corpora"

# How the CLI is asked for each case of the tests: one run per (language, arguments).
CAPTURE: dict[str, list[list[str]]] = {
    "$X.is_quit()": [["-l", "rust", "-p", "$X.is_quit()"]],
    "BinaryDetection::Quit($B)": [["-l", "rust", "-p", "BinaryDetection::Quit($B)"]],
    "BinaryDetection::Quit($B) => $E": [
        [
            "-l",
            "rust",
            "-p",
            "fn f() { match x { BinaryDetection::Quit($B) => $E } }",
            "--selector",
            "match_arm",
        ]
    ],
    "$X.Close()": [["-l", "go", "-p", "$X.Close()"]],
    "$X.close()": [
        ["-l", language, "-p", "$X.close()"] for language in ("java", "typescript", "python")
    ],
    "$X.close();": [
        *(["-l", language, "-p", "$X.close();"] for language in ("java", "typescript")),
        # ast-grep reads Python's `x;` as two nodes: the call, in a function's context.
        ["-l", "python", "-p", "def f():\n    $X.close();", "--selector", "call"],
    ],
    "private readonly $F: $T": [
        [
            "-l",
            "typescript",
            "-p",
            "class A { private readonly $F: $T }",
            "--selector",
            "public_field_definition",
        ]
    ],
    "$C.request($$$A)": [
        ["-l", language, "-p", "$C.request($$$A)"] for language in ("java", "typescript")
    ],
    "BinaryDetection::Quit($B) --selector tuple_struct_pattern": [
        [
            "-l",
            "rust",
            "-p",
            "fn f() { match x { BinaryDetection::Quit($B) => {} } }",
            "--selector",
            "tuple_struct_pattern",
        ]
    ],
}

# Patterns per language for the corpora: calls, statements, declarations, fragments.
PATTERNS: dict[str, list[str]] = {
    "rust": [
        "$X.is_empty()",
        "Some($X)",
        "$X.unwrap()",
        "Ok($X) => $Y",
        "let $X = $Y;",
        "impl $T for $U { $$$ }",
        "pub $F: $T,",
        "$X?",
    ],
    "go": ["$X.Close()", "defer $X.Close()", "if err != nil { return $$$R }", "$X := $Y"],
    "java": ["$X.close()", "new $T($$$A)", "return $X;", "public void $M($$$P) { $$$ }"],
    "typescript": ["$X.then($$$A)", "await $X", "private $F: $T", "this.$F = $V"],
    "javascript": ["$X.then($$$A)", "await $X", "require($M)", "module.exports = $X"],
    "python": ["$X.append($Y)", "return $X", "self.$A = $B", "def $F($$$A): $$$B"],
    "c": ["$X->$F", "free($X)", "return $X;", "if ($C) { $$$ }"],
}


def _cli(ast_grep: str, root: Path, args: list[str]) -> list[str]:
    out = subprocess.run(
        [ast_grep, "run", "--json=compact", *args, "."],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode not in (0, 1):
        raise SystemExit(f"ast-grep {args}: {out.stderr}")
    found = json.loads(out.stdout or "[]")
    return sorted(
        f"{m['file']}:{m['range']['start']['line'] + 1}:{m['range']['start']['column'] + 1}"
        for m in found
    )


def _asked(pattern: str, language: str) -> list[str]:
    """The CLI's arguments for what prx searches: the pattern, or the context + selector
    prx reads a fragment in (the plain pattern finds nothing there: ast-grep parses the
    fragment alone into an error)."""
    from prx.engine.retrieval.structural_pattern import ParsedPattern, parse_pattern

    parsed = parse_pattern(pattern, language)
    if isinstance(parsed, ParsedPattern) and isinstance(parsed.rule, dict):
        return ["-p", parsed.rule["context"], "--selector", parsed.rule["selector"]]
    return ["-p", pattern]


def _fixtures() -> dict[str, str]:
    sys.path.insert(0, str(ROOT / "tests"))
    spec = importlib.util.spec_from_file_location("test_structural", TESTS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    files: dict[str, str] = module.FILES
    return files


def capture(ast_grep: str) -> None:
    """Rewrite the golden from the CLI's answers on the fixture files."""
    version = subprocess.run([ast_grep, "--version"], capture_output=True, text=True).stdout
    cases: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for rel, text in _fixtures().items():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        for name, runs in CAPTURE.items():
            matches = sorted({m for args in runs for m in _cli(ast_grep, root, args)})
            cases[name] = {"cli": runs, "matches": matches}
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    golden = {"ast_grep": version.strip(), "cases": cases}
    GOLDEN.write_text(json.dumps(golden, indent=2) + "\n")
    print(f"wrote {GOLDEN.relative_to(ROOT)}: {len(cases)} cases")


def corpora(ast_grep: str) -> int:
    """Compare prx with the CLI on every corpus and pattern; 1 when any differs."""
    import prx

    differ = 0
    # The corpora get_corpora.py fetched (each with its .sha256), not other folders there.
    fetched = [p for p in CORPORA.iterdir() if p.is_dir() and p.with_suffix(".sha256").exists()]
    for corpus in sorted(fetched):
        ws = prx.Workspace(corpus)
        for language, patterns in PATTERNS.items():
            for pattern in patterns:
                cli = _cli(ast_grep, corpus, ["-l", language, *_asked(pattern, language)])
                try:
                    result = ws.search(
                        pattern,
                        mode="structural",
                        language=language,
                        top_k=1000,
                        snippet_lines=0,
                        budget=0,
                    )
                except prx.PrxError:
                    if cli:
                        print(f"{corpus.name:8} {language:10} {pattern!r}: refused, CLI {len(cli)}")
                        differ += 1
                    continue
                if result.files_searched == 0:
                    continue
                mine = sorted(
                    f"{f.file}:{m.line}:{m.column}" for f in result.files for m in f.matches
                )
                same = (
                    mine == cli
                    if result.total_matches <= 1000
                    else result.total_matches == len(cli)
                )
                differ += not same
                note = "" if same else f"  <-- differs: {sorted(set(mine) ^ set(cli))[:3]}"
                print(
                    f"{corpus.name:8} {language:10} {pattern!r}: prx {result.total_matches}, CLI {len(cli)}{note}"
                )
                if result.warning and not mine:
                    print(f"{'':20} {result.warning}")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ast-grep", default=shutil.which("ast-grep") or "ast-grep")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--capture", action="store_true")
    group.add_argument("--corpora", action="store_true")
    args = parser.parse_args()
    if args.capture:
        capture(args.ast_grep)
        return 0
    return corpora(args.ast_grep)


if __name__ == "__main__":
    sys.exit(main())
