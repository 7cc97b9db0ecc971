"""``impact``, ``explain`` and ``rename`` checked by compilers, per language.

    python benchmarks/intel_oracle.py LANGUAGE [--project NAME ...] [--symbols 30]
        [--renames 50] [--rename-slice K/N] [--parts impact,explain,rename,cost]
        [--rollback] [--json FILE]

For each project of ``benchmarks/oracle/<language>.py`` (fetched once into
``benchmarks/.corpora/oracle/``), in a scratch copy:

- **impact / explain**: for each sampled symbol, only its definition's name is changed
  and the project built; the files and lines of the errors the build did not report
  before are the symbol's uses. ``impact FILE --symbol S`` (``S:LINE``, the one
  definition, when its file defines the name again: overloads, a TypeScript type and a
  value of one name; with ``--by-definition`` always; hops 1, tests included) is
  compared by file with the erroring files other than the defining one; ``explain S``'s
  references to that definition by line with the erroring lines (a file whose only
  errors are on its import lines, where the compiler stops, is compared as one item:
  prx listed a reference in it or not).
  Code the language's check leaves out (Rust under a ``#[cfg]`` it does not enable) has
  no truth: a place prx lists there is left out of the comparison.
- **rename**: ``prx rename S S_renamed --apply`` through the CLI (the qualified name;
  a place ``FILE:LINE`` when the name is refused as ambiguous); then the build and the
  test suite against the baseline. Outcomes: ``ok`` (builds, same tests pass),
  ``refused`` (an error answer: nothing written), ``broke_build``/``broke_tests``
  (status ok but the project broke; ``flagged`` when the answer's check said so).

- **cost**: ``explain S`` of each sampled symbol and ``context`` of the project and of
  each of its top directories, at their default ceilings: the answer's tokens against
  the ceiling, and any reference listed twice.

Symbols are sampled the same way on every run (half among names that several
definitions share). Prints precision and recall per project and per language, also
counting only the references prx is sure of (``resolved``/``by_type``: its ``by_name``
candidates left out), and the rename outcomes; ``--json`` writes every trial.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from oracle.common import (  # noqa: E402
    CACHE,
    Diag,
    Scratch,
    Symbol,
    Tally,
    new_errors,
    project_symbols,
    sample_symbols,
)

#: Lines where a compiler reports a missing name and stops (the uses after are not
#: reported): imports of every language measured.
IMPORT_LINE = re.compile(
    r"^\s*(?:import\b|from\s+\S+\s+import\b|(?:pub(?:\([^)]*\))?\s+)?use\b|#\s*include\b|"
    r"using\b|export\s+(?:\*|\{[^}]*\})\s+from\b|export\s+\{[^}]*$)|\brequire\("
)
SUFFIX = "_prxoracle"


def _prx(root: Path, *args: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "prx", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
        timeout=1800,
    )
    try:
        envelope: dict[str, Any] = json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"status": "crash", "error": {"code": "crash", "message": done.stderr[-2000:]}}
    return envelope


def _asked(symbol: Symbol) -> str:
    """How an agent names the symbol: its container and name (``AppContext.pop``)."""
    return ".".join(symbol.qualified.split(".")[-2:])


#: ``--by-definition``: impact is asked for the one definition (``NAME:LINE``).
BY_DEFINITION = False


def _impact_files(root: Path, symbol: Symbol) -> tuple[set[str], dict[str, Any]]:
    # NAME:LINE, the one definition the oracle changes, when its file defines the name
    # again (overloads, a TypeScript type beside a value of its name: asked by name,
    # prx lists the users of all, and says so); --by-definition: always. Else the name,
    # as an agent asks by name.
    by_line = BY_DEFINITION or symbol.in_file > 1
    asked = f"{_asked(symbol)}:{symbol.line}" if by_line else _asked(symbol)
    envelope = _prx(root, "impact", symbol.file, "--symbol", asked, "--budget", "0")
    if envelope.get("status") != "ok":
        return set(), envelope
    data = envelope["data"]
    found = [d for d in [*data["dependents"], *data["tests"]] if d["hops"] == 1]
    # Files that import it without using it break too (unused imports, re-exports that
    # name it; a star re-export, whose text does not hold the name, does not break).
    importing = {*data.get("unused_imports", ())} | {
        f for f in data.get("reexports", ()) if _names(root / f, symbol.name)
    }
    envelope["sure"] = {d["file"] for d in found if d.get("certainty") != "by_name"} | importing
    return ({d["file"] for d in found} | importing) - {symbol.file}, envelope


def _names(path: Path, name: str) -> bool:
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return False
    # A module path that spells the name (`export * from './NonEmptyList.js'`) names
    # a file, not the definition.
    text = re.sub(r"""(\bfrom|\brequire\(|\bimport)\s*(['"])[^'"\n]*\2""", r"\1 ''", text)
    return re.search(r"(?<![\w$])" + re.escape(name) + r"(?![\w$])", text) is not None


def _explain_lines(
    root: Path, symbol: Symbol, along: frozenset[tuple[str, int]] = frozenset()
) -> tuple[set[tuple[str, int]], dict[str, Any]]:
    """The lines of ``explain``'s references to ``symbol`` (``along``: the places of
    other declarations the oracle renames with it, one entity: a C prototype and its
    function)."""
    envelope = _prx(root, "explain", _asked(symbol), "--budget", "0")
    if envelope.get("status") != "ok":
        return set(), envelope
    data = envelope["data"]
    labels = set()
    twin = _stub_twin(root, symbol.file)
    container = symbol.qualified.rpartition(".")[0].rsplit(".", 1)[-1]
    for d in data["definitions"]:
        if d["file"] == symbol.file and d["line"] <= symbol.line <= d["end_line"]:
            labels.add(f"{d['file']}:{d['line']}")
        elif (
            not data.get("ambiguous")
            and d["file"] == symbol.file
            and (d.get("container") or "").rsplit(".", 1)[-1] == container
        ):
            # Several definitions prx calls one binding (not ambiguous: a Rust item's
            # `#[cfg]` variants): a use filed under another variant is this one's.
            labels.add(f"{d['file']}:{d['line']}")
        elif any(f == d["file"] and d["line"] <= n <= d["end_line"] for f, n in along):
            # The oracle renames it with the symbol (a C prototype and its function)
            labels.add(f"{d['file']}:{d['line']}")
        elif d["file"] == twin and (d.get("container") or "").rsplit(".", 1)[-1] == container:
            # A Python module and its stub declare one interface (the oracle renames
            # both): a use prx files under the twin's definition is this one's.
            labels.add(f"{d['file']}:{d['line']}")
    refs = [r for r in [*data["references"], *data["tests"]] if r["definition"] in labels]
    # A file that only imports it: line 0 stands for "the file, through its import".
    importing = {(f, 0) for f in data.get("imported_by", ())}
    sure = {(r["file"], r["line"]) for r in refs if r.get("certainty") != "by_name"}
    envelope["sure"] = sure | importing
    return {(r["file"], r["line"]) for r in refs} | importing, envelope


def _seen(checked: Callable[[str, int], bool], listed: dict[str, Any], file: str) -> bool:
    """Whether the check reads ``file`` and one of the lines impact listed in it."""
    return checked(file, 0) and (
        not listed.get(file) or any(checked(file, n) for n in listed[file])
    )


def _checked_by(
    module: Any, root: Path, symbol: Symbol | None = None, baseline: Sequence[Diag] = ()
) -> Callable[[str, int], bool]:
    """Whether the language's check reads line ``n`` of a file (0: the file at all):
    always, unless the oracle says it leaves code out (Rust's disabled ``#[cfg]``s) or,
    for ``symbol``, cannot judge a line (an error the project already had there names
    the symbol's member: renaming it changes nothing the check reports)."""
    unchecked = getattr(module, "unchecked", None)
    unjudged = getattr(module, "unjudged", None)
    blind = unjudged(symbol, baseline) if unjudged is not None and symbol is not None else set()

    def checked(file: str, line: int) -> bool:
        if line and (file, line) in blind:
            return False
        return unchecked is None or not unchecked(root, file, line)

    return checked


def _stub_twin(root: Path, rel: str) -> str | None:
    """A Python module's stub, or a stub's module (``more.py`` / ``more.pyi``); a
    JavaScript package's declaration file (``typings/index.d.ts``: the oracle renames
    the declarations there with the source's, see ``oracle.scripts_rename``)."""
    stem, dot, suffix = rel.rpartition(".")
    if dot and suffix in ("py", "pyi"):
        return f"{stem}.{'pyi' if suffix == 'py' else 'py'}"
    from oracle.scripts_rename import declaration_twin

    return declaration_twin(root, rel)


def import_lines(lines: list[str]) -> set[int]:
    """The (1-based) lines of import statements, a statement's bracketed continuation
    lines included (``from m import (\n a,\n b)``, ``use a::{\n b\n};``)."""
    out: set[int] = set()
    depth = 0
    for number, text in enumerate(lines, start=1):
        if depth > 0 or IMPORT_LINE.search(text):
            out.add(number)
            depth += sum(text.count(c) for c in "([{") - sum(text.count(c) for c in ")]}")
            depth = max(depth, 0)
    # ``const {\n a,\n b,\n} = require('..')``: the destructuring's lines too
    for number, text in enumerate(lines, start=1):
        if not _DESTRUCTURING_OPENS.match(text):
            continue
        for end in range(number, min(len(lines), number + _LONGEST_DESTRUCTURING) + 1):
            if "}" in lines[end - 1]:
                if _REQUIRED_CLOSE.search(lines[end - 1]):
                    out.update(range(number, end + 1))
                break
    return out


#: A destructuring declaration left open on its line (``const {``).
_DESTRUCTURING_OPENS = re.compile(r"^\s*(?:const|let|var)\s*\{[^}]*$")
#: The line that closes it by requiring a module (``} = require('../index.js');``).
_REQUIRED_CLOSE = re.compile(r"\}\s*=\s*require\(")
#: The most lines such a statement is read over.
_LONGEST_DESTRUCTURING = 200


def _collapsed(
    root: Path, truth: set[tuple[str, int]], predicted: set[tuple[str, int]]
) -> tuple[set[str], set[str]]:
    """Both sets as items ``file:line``, a file whose errors are all on import lines as
    the one item ``file:*`` (the compiler reported the import and stopped); in a file
    with errors beyond its imports, the import lines are left out of both (the uses
    are compared: rustc reports ``use crate::{Version}`` and every use, as javac does,
    whose oracle leaves such import lines out too)."""
    stopped = _stopped(root, truth)
    imports = _import_lines_of(root, {f for f, _ in truth} - stopped)

    def items(pairs: set[tuple[str, int]]) -> set[str]:
        # Line 0 (a file prx says only imports it) counts only where the compiler
        # stopped at the import too.
        return {
            f"{f}:*" if f in stopped else f"{f}:{n}"
            for f, n in pairs
            if (n or f in stopped) and n not in imports.get(f, ())
        }

    return items(truth), items(predicted)


def _import_lines_of(root: Path, files: set[str]) -> dict[str, set[int]]:
    out = {}
    for file in files:
        try:
            out[file] = import_lines((root / file).read_text(errors="replace").split("\n"))
        except OSError:
            continue
    return out


def _stopped(root: Path, truth: set[tuple[str, int]]) -> set[str]:
    """The files of ``truth`` whose every line is an import line: the compiler reported
    the import and stopped there."""
    by_file: dict[str, set[int]] = {}
    for file, line in truth:
        by_file.setdefault(file, set()).add(line)
    stopped = set()
    for file, lines in by_file.items():
        try:
            text = (root / file).read_text(errors="replace").split("\n")
        except OSError:
            continue
        if lines <= import_lines(text):
            stopped.add(file)
    return stopped


def _with_calls(
    root: Path, truth: set[tuple[str, int]], called: set[tuple[str, int]]
) -> set[tuple[str, int]]:
    """The compiler's uses and the traced calls together, except in a file where the
    compiler stopped at the import: that file stays the one item it is (see
    :func:`_collapsed`), whatever the calls add."""
    stopped = _stopped(root, truth)
    return truth | {(file, line) for file, line in called if file not in stopped}


def _stable_passes(module: Any, root: Path) -> set[str] | None:
    """The tests that pass in two runs of the pristine project (a flaky one is not
    counted against a rename)."""
    first = module.tests(root)
    if first is None:
        return None
    second = module.tests(root) or {}
    passing = {t for t, o in first.items() if o == "passed" and second.get(t) == "passed"}
    if not passing:
        # A runner that collects nothing (a project's warning filter stopped pytest) would
        # judge every rename by the build alone: said, not hidden.
        print(f"  WARNING: no test of {root.name} passes: renames checked by the build only")
    return passing


def _named_back(outcomes: dict[str, str], old: str, new: str) -> dict[str, str]:
    """The tests' outcomes after a rename, each under its id before it: an id made from
    the renamed definition (a parameter that is the class: ``test_x[InvalidNumberError]``)
    changes with it, and is still the same test."""
    word = re.compile(r"(?<![\w$])" + re.escape(new) + r"(?![\w$])")
    return {word.sub(old, test): outcome for test, outcome in outcomes.items()}


def _rename(root: Path, symbol: Symbol, rollback: bool) -> tuple[str, dict[str, Any]]:
    # A constant keeps its case: pyright types an upper-case name by its literal
    # (``Literal[10000]``), a lower-case one by its class, and reports another message.
    new = symbol.name + ("_RENAMED" if symbol.name.isupper() else "_renamed")
    extra = ["--check", "rollback"] if rollback else []
    envelope = _prx(root, "rename", _asked(symbol), new, ".", "--apply", *extra)
    asked = "qualified"
    error = envelope.get("error") or {}
    if (
        envelope.get("status") == "error"
        and error.get("code") == "ambiguous_match"
        and error.get("param", "old") in ("old", "OLD")
    ):
        if "names" in error.get("message", "") and "definitions" in error.get("message", ""):
            place = f"{symbol.file}:{symbol.line}"
            envelope = _prx(root, "rename", place, new, ".", "--apply", *extra)
            asked = "place"
    envelope["asked"] = asked
    return new, envelope


def measure(language: str, args: argparse.Namespace) -> dict[str, Any]:
    module = importlib.import_module(f"oracle.{language}")
    languages = frozenset(getattr(module, "LANGUAGES", {module.LANGUAGE}))
    projects = args.project or list(module.PROJECTS)
    per_project_symbols = -(-args.symbols // len(projects))
    per_project_renames = -(-args.renames // len(projects))
    impact, explain = Tally(), Tally()
    # The same, counting only what prx is sure of (its by_name candidates left out).
    impact_sure, explain_sure = Tally(), Tally()
    # The same against the compiler's uses and the calls the tests make (a module with
    # ``runtime_uses``: see oracle/scripts_trace.py).
    impact_run, explain_run = Tally(), Tally()
    renames: list[dict[str, Any]] = []
    costs: list[dict[str, Any]] = []
    report: dict[str, Any] = {"language": language, "projects": {}}
    for name in projects:
        started = time.time()
        pristine = module.PROJECTS[name](CACHE / language)
        scratch = Scratch(
            pristine, CACHE / "scratch" / language / name, getattr(module, "KEEP", ())
        )
        root = scratch.root
        if hasattr(module, "prepare"):
            module.prepare(root)
            scratch.commit("prepared")
        baseline = module.build(root)
        symbols = [
            s
            for s in project_symbols(root, languages)
            if not hasattr(module, "skip") or module.skip(s) is None
        ]
        p_impact, p_explain = Tally(), Tally()
        p_impact_sure, p_explain_sure = Tally(), Tally()
        p_impact_run, p_explain_run = Tally(), Tally()
        traced = hasattr(module, "runtime_uses")
        parts = set(args.parts.split(","))
        if parts & {"impact", "explain"}:
            for symbol in sample_symbols(symbols, per_project_symbols, f"uses:{name}"):
                scratch.reset()
                scratch.rename_definition(symbol, symbol.name + SUFFIX)
                renamed_imports = []
                if hasattr(module, "after_rename"):
                    renamed_imports = module.after_rename(root, symbol, symbol.name + SUFFIX)
                errors = new_errors(
                    baseline, module.build(root), (symbol.name, symbol.name + SUFFIX)
                )
                if hasattr(module, "uses_at"):  # the errors that are the symbol's uses
                    errors = module.uses_at(root, symbol, errors)
                elif hasattr(module, "uses"):
                    errors = module.uses(symbol, errors)
                # An import the oracle renamed with the definition is the use of a file
                # that reports nothing else (it would have broken there).
                erring = {d.file for d in errors}
                errors += [d for d in renamed_imports or () if d.file not in erring]
                scratch.reset()
                called: set[tuple[str, int]] = set()
                if traced:
                    called = module.runtime_uses(root, symbol) or set()
                    scratch.reset()
                label = f"{name}:{symbol.file}:{symbol.qualified}"
                # Code the check leaves out (a disabled #[cfg]): no truth there, left
                # out of the answers too.
                checked = _checked_by(module, root, symbol, baseline)
                # nor truth: an import the oracle renamed in a folder the check leaves
                # out (h11's docs/) is no error the check reports
                errors = [d for d in errors if checked(d.file, 0)]
                truth_files = {d.file for d in errors} - {symbol.file}
                if "impact" in parts:
                    files, answer = _impact_files(root, symbol)
                    # a file whose listed uses all lie where the check does not read
                    # (a C branch no #if takes) has no truth either
                    listed = {
                        d["file"]: d.get("lines") or ()
                        for d in [
                            *(answer.get("data") or {}).get("dependents", ()),
                            *(answer.get("data") or {}).get("tests", ()),
                        ]
                    }

                    every_file = files
                    files = {f for f in files if _seen(checked, listed, f)}
                    answer["sure"] = {
                        f for f in answer.get("sure", set()) if _seen(checked, listed, f)
                    }
                    for tally in (impact, p_impact):
                        tally.add(label, files, truth_files)
                    sure_files = answer.get("sure", set()) - {symbol.file}
                    for tally in (impact_sure, p_impact_sure):
                        tally.add(label, sure_files, truth_files)
                    if traced:
                        called_files = {f for f, _ in called}
                        run_files = (truth_files | called_files) - {symbol.file}
                        # a file tsc cannot judge (its uses repeat an error it already
                        # had) is judged by the calls when the tests make some there
                        judged = files | (every_file & called_files)
                        for tally in (impact_run, p_impact_run):
                            tally.add(label, judged, run_files)
                if "explain" in parts:
                    along = (
                        module.renamed_along(root, symbol)
                        if hasattr(module, "renamed_along")
                        else frozenset()
                    )
                    every_line, answer = _explain_lines(root, symbol, along)
                    lines = {(f, n) for f, n in every_line if checked(f, n)}
                    answer["sure"] = {(f, n) for f, n in answer.get("sure", set()) if checked(f, n)}
                    truth = {(d.file, d.line) for d in errors}
                    t_items, p_items = _collapsed(root, truth, lines)
                    for tally in (explain, p_explain):
                        tally.add(label, p_items, t_items)
                    _, sure_items = _collapsed(root, truth, answer.get("sure", set()))
                    for tally in (explain_sure, p_explain_sure):
                        tally.add(label, sure_items, t_items)
                    if traced:
                        # a line tsc cannot judge is judged by the calls made there
                        judged_lines = lines | (every_line & set(called))
                        r_items, rp_items = _collapsed(
                            root, _with_calls(root, truth, called), judged_lines
                        )
                        for tally in (explain_run, p_explain_run):
                            tally.add(label, rp_items, r_items)
        if "cost" in parts:
            cost = _cost(root, sample_symbols(symbols, per_project_symbols, f"uses:{name}"))
            costs.append(cost)
            print(f"  cost {name}: {cost['summary']}", flush=True)
        p_renames: list[dict[str, Any]] = []
        passing: set[str] | None = None
        if "rename" in parts:
            passing = _stable_passes(module, root)
            sampled = sample_symbols(symbols, per_project_renames, f"rename:{name}")
            part, parts_count = (int(n) for n in args.rename_slice.split("/"))
            for symbol in sampled[part::parts_count]:
                scratch.reset()
                new, envelope = _rename(root, symbol, args.rollback)
                row: dict[str, Any] = {
                    "project": name,
                    "symbol": f"{symbol.file}:{symbol.line} {symbol.qualified}",
                    "kind": symbol.kind,
                    "namesakes": symbol.namesakes,
                    "asked": envelope.get("asked"),
                }
                if envelope.get("status") != "ok":
                    row["outcome"] = "refused"
                    row["error"] = (envelope.get("error") or {}).get("code")
                    row["message"] = (envelope.get("error") or {}).get("message", "")[:300]
                    if scratch.changed():
                        row["outcome"] = "refused_but_wrote"
                else:
                    data = envelope["data"]
                    check = data.get("check") or {}
                    flagged = bool(check.get("new_error_count"))
                    row["replacements"] = data.get("total_replacements")
                    row["rolled_back"] = bool(check.get("rolled_back"))
                    broken = new_errors(baseline, module.build(root), (symbol.name, new))
                    if broken:
                        row["outcome"] = "broke_build"
                        row["errors"] = [f"{d.file}:{d.line} {d.message[:120]}" for d in broken[:5]]
                    elif passing is not None:
                        now = _named_back(module.tests(root) or {}, symbol.name, new)
                        lost = sorted(t for t in passing if now.get(t) != "passed")
                        row["outcome"] = "broke_tests" if lost else "ok"
                        if lost:
                            row["tests_lost"] = lost[:10]
                    else:
                        row["outcome"] = "ok"
                    if row["outcome"] != "ok":
                        row["flagged"] = flagged
                    if row["rolled_back"] and row["outcome"] == "ok":
                        row["outcome"] = "refused"
                p_renames.append(row)
                print(f"  rename {row['symbol']}: {row['outcome']}", flush=True)
            scratch.reset()
        renames += p_renames
        report["projects"][name] = {
            "symbols": len(symbols),
            "impact": _figures(p_impact),
            "explain": _figures(p_explain),
            "impact_sure": _figures(p_impact_sure),
            "explain_sure": _figures(p_explain_sure),
            **(
                {
                    "impact_run": _figures(p_impact_run),
                    "explain_run": _figures(p_explain_run),
                    "impact_run_rows": p_impact_run.rows,
                    "explain_run_rows": p_explain_run.rows,
                }
                if p_impact_run.rows or p_explain_run.rows
                else {}
            ),
            "rename": _outcomes(p_renames),
            "tests_passing": None if passing is None else len(passing),
            "seconds": round(time.time() - started),
            "impact_rows": p_impact.rows,
            "explain_rows": p_explain.rows,
            "rename_rows": p_renames,
        }
        print(_line(name, report["projects"][name]), flush=True)
    report["impact"] = _figures(impact)
    report["explain"] = _figures(explain)
    report["impact_sure"] = _figures(impact_sure)
    report["explain_sure"] = _figures(explain_sure)
    if impact_run.rows or explain_run.rows:
        report["impact_run"] = _figures(impact_run)
        report["explain_run"] = _figures(explain_run)
    report["rename"] = _outcomes(renames)
    if costs:
        report["cost"] = costs
    print(_line(f"{language} (all)", report), flush=True)
    return report


def _cost(root: Path, symbols: list[Symbol]) -> dict[str, Any]:
    """Tokens and repeated references of ``explain`` and ``context`` at their default
    ceilings."""
    from prx.core.budget import CONTEXT_CEILING, EXPLAIN_CEILING

    rows: list[dict[str, Any]] = []
    for symbol in symbols:
        envelope = _prx(root, "explain", _asked(symbol))
        data = envelope.get("data") or {}
        places = [
            (r["file"], r["line"], r.get("definition"))
            for r in [*data.get("references", ()), *data.get("tests", ())]
        ]
        rows.append(
            {
                "command": f"explain {_asked(symbol)}",
                "status": envelope.get("status"),
                "tokens": envelope.get("tokens", 0),
                "ceiling": EXPLAIN_CEILING,
                "repeated": len(places) - len(set(places)),
            }
        )
    tops = sorted(p.name for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    for where in [".", *tops]:
        envelope = _prx(root, "context", where)
        data = envelope.get("data") or {}
        # A symbol listed twice in a file's outline (a type and its impl blocks).
        listed = [
            f"{f['path']}:{sym.get('name')}"
            for f in data.get("files", ())
            for sym in f.get("symbols", ())
        ]
        rows.append(
            {
                "command": f"context {where}",
                "status": envelope.get("status"),
                "tokens": envelope.get("tokens", 0),
                "ceiling": CONTEXT_CEILING,
                "repeated": len(listed) - len(set(listed)),
            }
        )
    ok = [r for r in rows if r["status"] == "ok"]
    over = [r["command"] for r in ok if r["tokens"] > r["ceiling"]]
    repeated = [r["command"] for r in ok if r["repeated"]]
    summary = (
        f"{len(ok)}/{len(rows)} answers ok, max tokens "
        f"{max((r['tokens'] for r in ok), default=0)}, over the ceiling: {over or 'none'}, "
        f"repeating a reference: {repeated or 'none'}"
    )
    return {"summary": summary, "over": over, "repeated": repeated, "rows": rows}


def _figures(tally: Tally) -> dict[str, Any]:
    return {
        "symbols": len(tally.rows),
        "precision": round(tally.precision, 3),
        "recall": round(tally.recall, 3),
        "tp": tally.tp,
        "fp": tally.fp,
        "fn": tally.fn,
    }


def _outcomes(rows: list[dict[str, Any]]) -> dict[str, Any]:
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["outcome"]] = counts.get(row["outcome"], 0) + 1
    silent = sum(
        1 for r in rows if r["outcome"] in ("broke_build", "broke_tests") and not r.get("flagged")
    )
    applied = counts.get("ok", 0)
    return {
        "trials": len(rows),
        **counts,
        "broke_silently": silent,
        "applied_share": round(applied / len(rows), 3) if rows else None,
    }


def _line(name: str, figures: dict[str, Any]) -> str:
    i, e, r = figures["impact"], figures["explain"], figures["rename"]
    i_sure, e_sure = figures["impact_sure"], figures["explain_sure"]
    return (
        f"{name:28} impact P {i['precision']:.3f} R {i['recall']:.3f} ({i['symbols']} symbols;"
        f" sure only: P {i_sure['precision']:.3f} R {i_sure['recall']:.3f})"
        f" | explain P {e['precision']:.3f} R {e['recall']:.3f}"
        f" (sure only: P {e_sure['precision']:.3f} R {e_sure['recall']:.3f})"
        f" | rename {r}"
        + (
            f" | with the tests' calls: impact P {figures['impact_run']['precision']:.3f}"
            f" R {figures['impact_run']['recall']:.3f},"
            f" explain P {figures['explain_run']['precision']:.3f}"
            f" R {figures['explain_run']['recall']:.3f}"
            if "impact_run" in figures
            else ""
        )
    )


def main() -> None:
    # prx's own state (usage records, warm servers) in a scratch home, never the caller's
    # ~/.prx, unless the caller names one.
    os.environ.setdefault("PRX_HOME", tempfile.mkdtemp(prefix="prx-oracle-"))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("language", nargs="+")
    parser.add_argument("--project", action="append", default=None)
    parser.add_argument("--symbols", type=int, default=30)
    parser.add_argument("--renames", type=int, default=50)
    parser.add_argument("--parts", default="impact,explain,rename")
    parser.add_argument("--rollback", action="store_true", help="rename with --rollback")
    parser.add_argument(
        "--rename-slice",
        default="0/1",
        help="K/N: only every N-th sampled rename from the K-th (the same sample cut into "
        "runs short enough to share the machine)",
    )
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--by-definition", action="store_true", help="impact --symbol NAME:LINE, not NAME"
    )
    args = parser.parse_args()
    global BY_DEFINITION
    BY_DEFINITION = args.by_definition
    reports = [measure(language, args) for language in args.language]
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(reports, indent=1) + "\n")


if __name__ == "__main__":
    main()
