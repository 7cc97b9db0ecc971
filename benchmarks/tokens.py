"""Tokens to the answer: how much of a search's output an agent reads before code from the
answer file is on screen, for prx, semble and ``rg`` + reading files.

    python benchmarks/tokens.py [--datasets DIR_OR_FILE ...] [--corpora DIR ...]
        [--budgets 500,1000,2000] [--systems prx,prx-text,semble,rg] [--json OUT]

For each labelled query of the datasets (default: benchmarks/datasets and the semble-py dev
set in ../shared/bench/semble-py; corpora found as quality.py finds them, in each ``--corpora``
directory in turn, a dataset without one is skipped), the answer files are its highest-graded
files (grade 3 in prx's own sets; the ``primary`` tier in semble-py's, whose grades are all
1). Each system's output is the exact text an agent would read, counted in cl100k_base
tokens from its start to the end of the first code shown from an answer file:

* ``prx@N``: the JSON envelope of ``prx search QUERY --budget N`` (the CLI's text, made
  in-process with one warm workspace per corpus), up to the end of the first snippet of an
  answer file.
* ``prx-text@N``: the model-facing text of the same search (``prx --text search QUERY
  --budget N``, the MCP text content; the budget counts the text), up to the end of the
  first snippet of an answer file, or of its first line among a symbol search's lines
  holding the identifier.
* ``semble@MCP`` and ``semble@10``: the JSON text semble's MCP ``search`` tool answers
  (``format_results``) with its defaults (5 results, 10 snippet lines) and with 10 results,
  up to the end of the first ``content`` of an answer file; semble runs in its own venv with
  prx's packaged model, offline (as in quality.py).
* ``rg+read``: ``rg -l -i`` for the query's words (an identifier case-sensitively), files
  ordered by how many of the words they hold (the file an agent would open first), then
  each file read whole in that order: the listing plus every file read before the first
  answer file (whose first line is then on screen). rg's matching is done in Python with
  the same semantics when the ``rg`` binary is missing (it is, on this machine).

A query whose output never shows an answer file's code is not answered (infinite tokens).
Prints, per dataset and pooled, the share of queries answered within 1,000 tokens and the
median tokens to the answer, for each system.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from quality import (  # noqa: E402
    DEFAULT_CORPORA,
    SEMBLE_VENV,
    SembleSystem,
    SystemUnavailable,
    find_datasets,
    search_root,
)

from prx.commands.bench_ndcg.ndcg import Dataset, load_dataset  # noqa: E402
from prx.core.tokens import count_exact  # noqa: E402

DEFAULT_DATASETS = [str(HERE / "datasets"), str(HERE.parent.parent / "shared/bench/semble-py")]
OWN_CORPORA = HERE / ".corpora"
WITHIN = 1000
INF = float("inf")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_STOP = frozenset(
    "the and for are how what where which with from that this into when does its not all can "
    "use used using via per get set has have their them they then than out".split()
)


def answer_files(path: Path) -> dict[str, frozenset[str]]:
    """Per query text: its highest-graded files (semble-py's ``primary`` tier when tiered)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, frozenset[str]] = {}
    for q in raw["queries"]:
        labels = q.get("relevant") or []
        tiered = [r["file"] for r in labels if r.get("tier") == "primary"]
        if tiered:
            out[q["query"]] = frozenset(tiered)
            continue
        top = max((int(r.get("relevance", 1)) for r in labels), default=0)
        out[q["query"]] = frozenset(r["file"] for r in labels if int(r.get("relevance", 1)) == top)
    return out


def tokens_to(text: str, end: int) -> int:
    return count_exact(text[:end])


# ------------------------------------------------------------------------------- prx


class Prx:
    def __init__(self, root: Path) -> None:
        import prx
        from prx.commands.search.operation import SEARCH, SearchParams

        self.ws = prx.Workspace(root)
        self.op, self.params = SEARCH, SearchParams
        self.ws.search("warm up: open the index and load the model")

    def text(self, query: str, budget: int) -> str:
        from prx.app.dispatch import invoke
        from prx.core.envelope import dumps

        params = self.params(query=query, budget=budget)
        outcome = invoke(self.ws, self.op, params, record=False, allow_fallback=False)
        return dumps(outcome.envelope)

    def data(self, query: str, budget: int) -> dict[str, Any]:
        """The answer's data as the model-facing text was fitted (the budget counts the
        text: ``prx --text search`` and the MCP text content)."""
        from prx.app.dispatch import invoke
        from prx.core.budget import measured_as
        from prx.core.envelope import to_jsonable

        params = self.params(query=query, budget=budget)
        with measured_as(self.op.text):
            outcome = invoke(self.ws, self.op, params, record=False, allow_fallback=False)
        data: dict[str, Any] = to_jsonable(outcome.envelope).get("data") or {}
        return data


def prx_text_tokens(data: dict[str, Any], answers: frozenset[str]) -> float:
    """Tokens of the text form up to the end of the first code it shows from an answer
    file: that file's first snippet, else its first line among a symbol search's
    occurrences (the text rendered up to there: its prefix)."""
    from prx.commands.search.text import render

    if "files" not in data:
        return INF
    head = {**data, "occurrences": [], "truncated": False, "warning": None, "suggestion": None}
    for index, group in enumerate(data["files"]):
        if group["file"] not in answers:
            continue
        shown = [m for m in group["matches"] if m.get("snippet") is not None]
        if shown:
            files = [*data["files"][:index], {**group, "matches": [shown[0]]}]
            return count_exact(render({**head, "files": files}))
    occurrences = data.get("occurrences") or []
    for index, hit in enumerate(occurrences):
        if hit["file"] in answers:
            return count_exact(render({**head, "occurrences": occurrences[: index + 1]}))
    return INF


def prx_tokens(text: str, answers: frozenset[str]) -> float:
    from prx.core.envelope import dumps

    data = json.loads(text).get("data") or {}
    for group in data.get("files", ()):
        if group["file"] not in answers:
            continue
        shown = [m for m in group["matches"] if "snippet" in m]
        if not shown:
            continue
        at = text.index(dumps({"file": group["file"]})[1:-1])
        fragment = dumps({"snippet": shown[0]["snippet"]})[1:-1]
        return tokens_to(text, text.index(fragment, at) + len(fragment))
    return INF


# ---------------------------------------------------------------------------- semble


def semble_tokens(text: str, answers: frozenset[str], root: Path) -> float:
    data = json.loads(text)
    for result in data.get("results", ()):
        path = result["file_path"].replace("\\", "/")
        if path.startswith(str(root) + "/"):
            path = path[len(str(root)) + 1 :]
        if path not in answers or "content" not in result:
            continue
        at = text.index(json.dumps({"file_path": result["file_path"]})[1:-1])
        fragment = json.dumps({"content": result["content"]})[1:-1]
        return tokens_to(text, text.index(fragment, at) + len(fragment))
    return INF


# -------------------------------------------------------------------------------- rg


class RgRead:
    """``rg -l`` for the query's words, then whole files read in order of words held."""

    def __init__(self, root: Path) -> None:
        from prx.engine.files.walk import walk

        self.root = root
        self.files: list[tuple[str, str]] = []
        for found in walk(str(root), skip_binary=True).files:
            try:
                self.files.append((found.rel, found.path.read_text(encoding="utf-8")))
            except (OSError, UnicodeDecodeError):
                continue
        self.files.sort()

    def tokens(self, query: str, answers: frozenset[str]) -> float:
        words = _WORD.findall(query)
        identifier = len(words) == 1 and query.strip() == words[0]
        if not identifier:
            words = [w.lower() for w in words if len(w) > 2 and w.lower() not in _STOP]
        if not words:
            return INF
        held: list[tuple[int, str, str]] = []
        for rel, text in self.files:
            hay = text if identifier else text.lower()
            count = sum(1 for w in set(words) if w in hay)
            if count:
                held.append((-count, rel, text))
        held.sort()
        listing = "".join(rel + "\n" for _, rel, _ in held)
        total = count_exact(listing)
        for _, rel, text in held:
            if rel in answers:
                return total
            total += count_exact(text)
        return INF


# ---------------------------------------------------------------------------- driver


def summary(values: Sequence[float]) -> str:
    if not values:
        return "-"
    share = sum(v <= WITHIN for v in values) / len(values)
    median = statistics.median(values)
    shown = f"{median:.0f}" if median != INF else "inf"
    return f"{share:.2f} / {shown}"


def table(rows: dict[str, dict[str, list[float]]], systems: Sequence[str]) -> str:
    header = ["dataset", "queries", *systems]
    lines = [header]
    for name, by_system in rows.items():
        count = max((len(v) for v in by_system.values()), default=0)
        lines.append([name, str(count), *(summary(by_system.get(s, [])) for s in systems)])
    widths = [max(len(r[i]) for r in lines) for i in range(len(header))]
    out = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in lines]
    out.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(out) + "\n"


def corpus_for(path: Path, ds: Dataset, corpora: Iterable[Path]) -> Path | None:
    for base in corpora:
        try:
            return search_root(path, ds, base, "sdist")[0]
        except FileNotFoundError:
            continue
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--datasets", nargs="+", default=DEFAULT_DATASETS)
    parser.add_argument(
        "--corpora",
        nargs="+",
        type=Path,
        default=[OWN_CORPORA, DEFAULT_CORPORA],
        help="directories holding the corpora, tried in turn",
    )
    parser.add_argument("--budgets", default="500,1000,2000")
    parser.add_argument("--systems", default="prx,prx-text,semble,rg")
    parser.add_argument("--semble-venv", type=Path, default=SEMBLE_VENV)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    budgets = [int(b) for b in args.budgets.split(",")]
    wanted = set(args.systems.split(","))
    systems = [f"prx@{b}" for b in budgets] if "prx" in wanted else []
    if "prx-text" in wanted:
        systems += [f"prx-text@{b}" for b in budgets]
    semble: SembleSystem | None = None
    if "semble" in wanted:
        import prx.engine.corpus.embed as embed

        try:
            semble = SembleSystem(
                args.semble_venv, "semble", Path(embed.default_model_dir()), "auto"
            )
            systems += ["semble@MCP", "semble@10"]
        except SystemUnavailable as exc:
            print(f"semble: SKIPPED: {exc}", file=sys.stderr)
    if "rg" in wanted:
        systems.append("rg+read")

    rows: dict[str, dict[str, list[float]]] = {}
    started = time.perf_counter()
    try:
        for path in find_datasets(args.datasets):
            ds = load_dataset(path)
            root = corpus_for(path, ds, args.corpora)
            if root is None:
                print(f"{ds.name}: SKIPPED: no corpus", file=sys.stderr)
                continue
            answers = answer_files(path)
            mine: dict[str, list[float]] = {s: [] for s in systems}
            prx_system = Prx(root) if wanted & {"prx", "prx-text"} else None
            rg = RgRead(root) if "rg" in wanted else None
            if semble is not None:
                semble.open(root, 10)
            for query in ds.queries:
                want = answers.get(query.query, frozenset())
                if prx_system is not None and "prx" in wanted:
                    for budget in budgets:
                        text = prx_system.text(query.query, budget)
                        mine[f"prx@{budget}"].append(prx_tokens(text, want))
                if prx_system is not None and "prx-text" in wanted:
                    for budget in budgets:
                        data = prx_system.data(query.query, budget)
                        mine[f"prx-text@{budget}"].append(prx_text_tokens(data, want))
                if semble is not None:
                    for name, top_k in (("semble@MCP", 5), ("semble@10", 10)):
                        answer = semble._call(
                            op="answer", query=query.query, top_k=top_k, max_snippet_lines=10
                        )
                        mine[name].append(semble_tokens(answer["text"], want, root))
                if rg is not None:
                    mine["rg+read"].append(rg.tokens(query.query, want))
            rows[ds.name] = mine
            print(f"{ds.name}: {len(ds.queries)} queries", file=sys.stderr)
    finally:
        if semble is not None:
            semble.shutdown()
    pooled = {s: [v for r in rows.values() for v in r.get(s, [])] for s in systems}
    rows["ALL"] = pooled
    print(
        f"share of queries answered within {WITHIN} tokens / median tokens to the answer "
        f"(cl100k_base), {time.perf_counter() - started:.0f} s"
    )
    print(table(rows, systems), end="")
    if args.json is not None:
        payload = {
            name: {s: [None if v == INF else v for v in vals] for s, vals in r.items()}
            for name, r in rows.items()
        }
        args.json.write_text(json.dumps(payload) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
