"""Edit requests made from real changes, sent to ``prx edit`` and to a plain exact replace.

The corpus: the differences between consecutive releases of two Python packages (their
sdists, from PyPI). Each difflib hunk of each changed ``.py`` file becomes a request
``(old snippet, new snippet)`` on the old file, with context lines added until the old
snippet is unique (as a careful agent would), and the expected result is the old file with
that hunk applied. Each request is then sent as agents send it:

- ``exact``: as taken from the file;
- ``trimmed_indent``: both snippets with their common indentation removed;
- ``crlf``: the file has CRLF line endings, the snippets LF (what an agent sees);
- ``smart_quote``: the first quote of both snippets typed as a typographic quote;
- ``non_unique``: only one changed line, which the file holds several times: the right
  answer is a refusal naming the places (an edit that picks one is a guess).

Outcomes: ``right`` (the file is byte for byte the expected one), ``refused_useful`` (an
error whose message or suggestion names the target line), ``refused`` (another error),
``wrong`` (the file changed, but not into the expected bytes; for ``non_unique``, any
change, right or not, is a guess and counted ``wrong`` unless it happens to be right:
``lucky``). The baseline is ``text.replace(find, replace, 1)`` when ``find`` occurs,
else a "not found" refusal, as a plain exact-match edit tool does.

Reproduce (downloads two sdists per package into /work/corpora/edit-bench)::

    python benchmarks/edit.py --download
    python benchmarks/edit.py [--json]
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import textwrap
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(os.environ.get("PRX_EDIT_CORPUS", "/work/corpora/edit-bench"))
#: (package, old version, new version, [(old dir, new dir)] inside the unpacked sdists).
RELEASES = [
    (
        "requests",
        "2.31.0",
        "2.32.0",
        [("requests", "src/requests"), ("tests", "tests")],
    ),
    ("click", "8.1.3", "8.1.4", [("src/click", "src/click"), ("tests", "tests")]),
]
VARIANTS = ("exact", "trimmed_indent", "crlf", "smart_quote", "non_unique")


@dataclass
class Request:
    file: str
    line: int  # first line of the hunk in the old file
    variant: str
    old: bytes
    find: str
    replace: str
    expected: bytes | None  # None: ambiguous on purpose


def download() -> None:
    CORPUS.mkdir(parents=True, exist_ok=True)
    for package, *versions, _dirs in RELEASES:
        for version in versions:
            subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--no-deps",
                    "--no-binary",
                    ":all:",
                    f"{package}=={version}",
                    "-d",
                    str(CORPUS),
                ],
                check=True,
            )
            with tarfile.open(CORPUS / f"{package}-{version}.tar.gz") as archive:
                archive.extractall(CORPUS, filter="data")


def _hunks(old: list[str], new: list[str]) -> Iterator[tuple[int, int, int, int]]:
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "equal":
            yield i1, i2, j1, j2


def _unique_snippet(
    old: list[str], new: list[str], hunk: tuple[int, int, int, int]
) -> tuple[str, str] | None:
    i1, i2, j1, j2 = hunk
    text = "".join(old)
    before = after = 0 if i2 > i1 else 1
    for _ in range(6):
        a, b = max(0, i1 - before), min(len(old), i2 + after)
        find = "".join(old[a:b])
        if find.strip() and text.count(find) == 1:
            replace = "".join(old[a:i1]) + "".join(new[j1:j2]) + "".join(old[i2:b])
            return find, replace
        before, after = before + 1, after + (1 if before % 2 else 0)
    return None


def _smart(text: str, quote: str) -> str:
    return text.replace(quote, "\u2019" if quote == "'" else "\u201d", 1)


def requests_for(name: str, old_bytes: bytes, new_bytes: bytes) -> Iterator[Request]:
    old = old_bytes.decode("utf-8").splitlines(keepends=True)
    new = new_bytes.decode("utf-8").splitlines(keepends=True)
    text = "".join(old)
    for hunk in _hunks(old, new):
        i1, i2, j1, j2 = hunk
        expected = "".join(old[:i1] + new[j1:j2] + old[i2:]).encode("utf-8")
        snippet = _unique_snippet(old, new, hunk)
        if snippet is None:
            continue
        find, replace = snippet
        line = i1 + 1
        yield Request(name, line, "exact", old_bytes, find, replace, expected)
        indent = _common_indent(find + replace)
        if indent:
            yield Request(
                name,
                line,
                "trimmed_indent",
                old_bytes,
                _dedent(find, indent),
                _dedent(replace, indent),
                expected,
            )
        crlf = old_bytes.replace(b"\n", b"\r\n")
        yield Request(name, line, "crlf", crlf, find, replace, expected.replace(b"\n", b"\r\n"))
        quote = next((q for q in ("'", '"') if q in find), None)
        if quote is not None and quote in replace:
            smart_find = _smart(find, quote)
            if smart_find.count(quote) < find.count(quote):
                yield Request(
                    name,
                    line,
                    "smart_quote",
                    old_bytes,
                    smart_find,
                    _smart(replace, quote),
                    expected,
                )
        for k in range(i1, i2):
            if old[k].strip() and text.count(old[k]) > 1 and j2 > j1:
                yield Request(name, k + 1, "non_unique", old_bytes, old[k], new[j1], None)
                break


def _common_indent(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return ""
    prefix = os.path.commonprefix([line[: len(line) - len(line.lstrip())] for line in lines])
    return prefix


def _dedent(text: str, indent: str) -> str:
    return "".join(
        line[len(indent) :] if line.startswith(indent) else line.lstrip(" \t")
        for line in text.splitlines(keepends=True)
    )


def corpus() -> list[Request]:
    out: list[Request] = []
    for package, old_version, new_version, dirs in RELEASES:
        old_root = CORPUS / f"{package}-{old_version}"
        new_root = CORPUS / f"{package}-{new_version}"
        for old_dir, new_dir in dirs:
            for old_file in sorted((old_root / old_dir).rglob("*.py")):
                rel = old_file.relative_to(old_root / old_dir)
                new_file = new_root / new_dir / rel
                if not new_file.exists():
                    continue
                old_bytes, new_bytes = old_file.read_bytes(), new_file.read_bytes()
                if old_bytes != new_bytes:
                    name = f"{package}/{old_dir}/{rel}"
                    out.extend(requests_for(name, old_bytes, new_bytes))
    return out


def _useful(message: str, line: int) -> bool:
    return f"line {line}" in message


def run_prx(requests: list[Request]) -> list[str]:
    from prx.app.workspace import Workspace
    from prx.core.errors import PrxError

    outcomes = []
    with tempfile.TemporaryDirectory() as tmp:
        ws = Workspace(tmp)
        for request in requests:
            target = Path(tmp) / "target.py"
            target.write_bytes(request.old)
            try:
                ws.edit("target.py", find=request.find, replace=request.replace, apply=True)
            except PrxError as err:
                said = f"{err.message}\n{err.suggestion or ''}"
                outcomes.append("refused_useful" if _useful(said, request.line) else "refused")
                continue
            outcomes.append(_judge(request, target.read_bytes()))
    return outcomes


def run_plain(requests: list[Request]) -> list[str]:
    outcomes = []
    for request in requests:
        text = request.old.decode("utf-8")
        if request.find not in text:
            outcomes.append("refused")  # "not found": no place named
            continue
        result = text.replace(request.find, request.replace, 1).encode("utf-8")
        outcomes.append(_judge(request, result))
    return outcomes


def _judge(request: Request, result: bytes) -> str:
    if request.expected is None:
        # An ambiguous request: the hunk's own place is the right one, any choice a guess.
        return "lucky" if result == _expected_at_line(request) else "wrong"
    return "right" if result == request.expected else "wrong"


def _expected_at_line(request: Request) -> bytes:
    lines = request.old.decode("utf-8").splitlines(keepends=True)
    lines[request.line - 1] = request.replace
    return "".join(lines).encode("utf-8")


OUTCOMES = ("right", "refused_useful", "refused", "wrong", "lucky")


def table(requests: list[Request], results: dict[str, list[str]]) -> str:
    rows = [
        "| variant | requests | tool | right | refused, useful | refused | wrong | lucky |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for variant in (*VARIANTS, "all"):
        picked = [i for i, r in enumerate(requests) if variant in ("all", r.variant)]
        for tool, outcomes in results.items():
            counts = Counter(outcomes[i] for i in picked)
            cells = [f"{counts[o]} ({100 * counts[o] / len(picked):.0f}%)" for o in OUTCOMES]
            rows.append(f"| {variant} | {len(picked)} | {tool} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--download", action="store_true", help="fetch the sdists first")
    parser.add_argument("--json", action="store_true", help="print the counts as JSON")
    args = parser.parse_args()
    if args.download:
        download()
    requests = corpus()
    results = {"prx edit": run_prx(requests), "exact replace": run_plain(requests)}
    if args.json:
        summary = {
            tool: {
                v: dict(
                    Counter(
                        o
                        for o, r in zip(outcomes, requests, strict=True)
                        if v in ("all", r.variant)
                    )
                )
                for v in (*VARIANTS, "all")
            }
            for tool, outcomes in results.items()
        }
        print(json.dumps(summary, indent=2))
    else:
        print(
            textwrap.dedent(f"""\
            {len(requests)} requests from {len({r.file for r in requests})} changed files
            """)
        )
        print(table(requests, results))
        wrong = [r for r, o in zip(requests, results["prx edit"], strict=True) if o == "wrong"]
        for request in wrong[:10]:
            print(f"prx wrong: {request.file}:{request.line} {request.variant}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
