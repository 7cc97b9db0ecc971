"""The read ledger on a replayed agent session: what the model reads, with and without it.

    python benchmarks/ledger.py [--corpus DIR] [--json OUT] [-v]

A scripted session of an agent working on a real project (default: the jinja2 3.1.6 sdist
``get_corpora.py`` unpacks into ``benchmarks/.corpora/jinja2``; ``--corpus`` another copy)
runs twice through the MCP server's ``McpService`` (the code answering each ``tools/call``;
its ``Answer.text`` is the result's text content, what the model reads): once with the
read ledger (the default of ``prx mcp``), once without (``prx mcp --no-ledger``). Each run
works in its own scratch copy of the project (the corpus itself is never written).

The script is six tasks written the way agents work, not for the ledger: a first look at a
file (its first page under the default budget, or all of it with a large budget), a
function read by its line range (found in the file's outline as it is at that moment, as
an agent finds it in a search answer), windows paged through a long file with some
overlap, an edit, then a re-read of the edited function to check it, the same function
read again after other reads, a whole file read again late in the task, test files read
and edited, and files read once and never again (those cost the same either way).

Every answer of the ledger run is checked: a client model rebuilds, from the stubs, diffs
and partial texts it gets and the answers before them, the text of every line an answer
speaks for, and it must equal the file as it is on disk then; every re-read after an edit
that covers edited lines must show them (never a stub). A failure stops the run (exit 1).

Tokens are exact (``prx.core.tokens.count_exact``, cl100k_base) over the text contents of
every answer; edits answer the same in both runs and are counted in the totals too (they
are written with ``check: never``: the checker's verdict would be the same in both runs,
and takes seconds per edit).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TARGET_SAVING = 0.30
CORPORA = Path(__file__).parent / ".corpora"

# ----------------------------------------------------------------------------- the script
#
# ("read", PATH, EXTRA)      read the file (EXTRA: more arguments, such as a budget)
# ("fn", PATH, SYMBOL, PAD)  read a symbol's lines (from the current outline), PAD around
# ("lines", PATH, "A-B")     read a range
# ("continue", PATH)         read the rest of the last cut answer for PATH
# ("outline", PATH)          the file's outline
# ("edit", PATH, FIND, REPLACE)

J = "src/jinja2/"
T = "tests/"
#: One step of the script (see above).
Step = tuple[Any, ...]

TRUNCATE: list[Step] = [
    ("read", J + "filters.py", {}),
    ("continue", J + "filters.py"),
    ("fn", J + "filters.py", "do_truncate", 2),
    ("read", J + "defaults.py", {}),
    ("fn", T + "test_filters.py", "TestFilter.test_truncate", 0),
    ("lines", T + "test_filters.py", "325-360"),
    (
        "edit",
        J + "filters.py",
        '    if leeway is None:\n        leeway = env.policies["truncate.leeway"]\n',
        '    if leeway is None:\n        leeway = env.policies["truncate.leeway"]\n\n'
        "    if length < 0:\n"
        '        raise FilterArgumentError("truncate: length must not be negative")\n',
    ),
    ("fn", J + "filters.py", "do_truncate", 2),
    (
        "edit",
        T + "test_filters.py",
        '        assert out == "Joel..."\n',
        '        assert out == "Joel..."\n\n'
        "    def test_truncate_negative_length(self, env):\n"
        '        tmpl = env.from_string("{{ \\"foo\\"|truncate(-1) }}")\n'
        "        with pytest.raises(FilterArgumentError):\n"
        "            tmpl.render()\n",
    ),
    ("fn", T + "test_filters.py", "TestFilter.test_truncate_end_length", 8),
    ("lines", T + "test_filters.py", "1-30"),
    (
        "edit",
        T + "test_filters.py",
        "from jinja2 import Environment\n",
        "from jinja2 import Environment\nfrom jinja2.exceptions import FilterArgumentError\n",
    ),
    ("lines", T + "test_filters.py", "1-30"),
    ("read", J + "defaults.py", {}),
    (
        "edit",
        J + "defaults.py",
        '    "truncate.leeway": 5,\n',
        '    "truncate.leeway": 5,\n    "truncate.killwords": False,\n',
    ),
    ("read", J + "defaults.py", {}),
    ("fn", J + "filters.py", "do_truncate", 0),
    (
        "edit",
        J + "filters.py",
        '    killwords: bool = False,\n    end: str = "...",\n    leeway',
        '    killwords: t.Optional[bool] = None,\n    end: str = "...",\n    leeway',
    ),
    (
        "edit",
        J + "filters.py",
        '        leeway = env.policies["truncate.leeway"]\n',
        '        leeway = env.policies["truncate.leeway"]\n'
        "    if killwords is None:\n"
        '        killwords = env.policies["truncate.killwords"]\n',
    ),
    ("fn", J + "filters.py", "do_truncate", 2),
    ("fn", J + "filters.py", "do_wordwrap", 0),
    ("fn", J + "filters.py", "do_truncate", 0),
    ("fn", T + "test_filters.py", "TestFilter.test_truncate_negative_length", 0),
    ("read", J + "filters.py", {}),
]

LRU: list[Step] = [
    ("read", J + "utils.py", {}),
    ("fn", J + "utils.py", "LRUCache", 0),
    ("fn", J + "utils.py", "LRUCache.__getitem__", 2),
    ("read", T + "test_utils.py", {}),
    ("fn", T + "test_utils.py", "TestLRUCache", 0),
    (
        "edit",
        J + "utils.py",
        "            if self._queue[-1] != key:\n",
        "            if self._queue and self._queue[-1] != key:\n",
    ),
    ("fn", J + "utils.py", "LRUCache.__getitem__", 2),
    (
        "edit",
        T + "test_utils.py",
        "    def test_values_empty(self):\n",
        "    def test_getitem_after_clear(self):\n"
        "        cache = LRUCache(2)\n"
        '        cache["a"] = 1\n'
        "        cache.clear()\n"
        '        cache["a"] = 2\n'
        '        assert cache["a"] == 2\n\n'
        "    def test_values_empty(self):\n",
    ),
    ("fn", T + "test_utils.py", "TestLRUCache", 0),
    ("fn", J + "utils.py", "LRUCache.__setitem__", 0),
    ("fn", J + "utils.py", "LRUCache", 0),
    (
        "edit",
        J + "utils.py",
        "            elif len(self._mapping) == self.capacity:\n",
        "            elif len(self._mapping) >= self.capacity:\n",
    ),
    ("fn", J + "utils.py", "LRUCache.__setitem__", 3),
    ("fn", J + "utils.py", "LRUCache.__delitem__", 0),
    ("fn", T + "test_utils.py", "TestLRUCache.test_getitem_after_clear", 2),
    ("read", J + "utils.py", {}),
]

LEXER: list[Step] = [
    ("outline", J + "lexer.py"),
    ("lines", J + "lexer.py", "1-150"),
    ("lines", J + "lexer.py", "140-300"),
    ("lines", J + "lexer.py", "290-450"),
    ("fn", J + "lexer.py", "Lexer.__init__", 0),
    ("fn", J + "lexer.py", "Lexer.tokeniter", 0),
    ("fn", J + "lexer.py", "Lexer.wrap", 0),
    ("fn", J + "lexer.py", "Lexer.tokeniter", 0),
    ("lines", J + "lexer.py", "700-760"),
    (
        "edit",
        J + "lexer.py",
        "        balancing_stack: t.List[str] = []\n",
        "        # Open brackets, innermost last: a closing one must match the last.\n"
        "        balancing_stack: t.List[str] = []\n",
    ),
    ("lines", J + "lexer.py", "690-712"),
    ("fn", J + "lexer.py", "Lexer.tokeniter", 0),
    (
        "edit",
        J + "lexer.py",
        "            if token in ignored_tokens:\n                continue\n\n"
        "            value: t.Any = value_str\n",
        "            if token in ignored_tokens:\n                continue\n\n"
        "            # The value as the parser wants it (a str, int, float ...).\n"
        "            value: t.Any = value_str\n",
    ),
    ("fn", J + "lexer.py", "Lexer.wrap", 2),
    ("read", J + "lexer.py", {"budget": 20000}),
    ("fn", J + "lexer.py", "TokenStream.expect", 0),
    ("fn", J + "lexer.py", "Token.test", 0),
    ("fn", J + "lexer.py", "Lexer.tokeniter", 0),
]

ENVIRONMENT: list[Step] = [
    ("fn", J + "environment.py", "Environment.__init__", 0),
    ("fn", J + "environment.py", "_environment_config_check", 2),
    ("fn", J + "environment.py", "Environment.overlay", 0),
    ("read", J + "defaults.py", {}),
    (
        "edit",
        J + "environment.py",
        "        self.is_async = enable_async\n        _environment_config_check(self)\n",
        "        self.is_async = enable_async\n"
        '        self.policies.setdefault("truncate.killwords", False)\n'
        "        _environment_config_check(self)\n",
    ),
    ("fn", J + "environment.py", "Environment.__init__", 0),
    ("fn", J + "environment.py", "Environment.overlay", 0),
    (
        "edit",
        J + "environment.py",
        "    def overlay(\n        self,\n",
        "    def overlay(  # noqa: C901\n        self,\n",
    ),
    ("fn", J + "environment.py", "Environment.overlay", 0),
    ("lines", J + "environment.py", "1-70"),
    (
        "edit",
        J + "environment.py",
        "from functools import reduce\n",
        "from functools import reduce  # folds the filters of a pipeline\n",
    ),
    ("lines", J + "environment.py", "1-70"),
    ("fn", J + "environment.py", "Environment.__init__", 0),
    ("fn", J + "environment.py", "Environment.get_template", 0),
    ("fn", J + "environment.py", "Environment._load_template", 0),
    ("fn", J + "environment.py", "Environment.get_template", 0),
]

LOADERS: list[Step] = [
    ("read", J + "loaders.py", {"budget": 20000}),
    ("fn", J + "loaders.py", "FileSystemLoader.get_source", 0),
    ("fn", J + "loaders.py", "PackageLoader.get_source", 0),
    (
        "edit",
        J + "loaders.py",
        "        mtime = os.path.getmtime(filename)\n\n        def uptodate() -> bool:\n",
        "        mtime = os.stat(filename).st_mtime_ns\n\n        def uptodate() -> bool:\n",
    ),
    (
        "edit",
        J + "loaders.py",
        "                return os.path.getmtime(filename) == mtime\n"
        "            except OSError:\n                return False\n\n"
        "        # Use normpath",
        "                return os.stat(filename).st_mtime_ns == mtime\n"
        "            except OSError:\n                return False\n\n"
        "        # Use normpath",
    ),
    ("fn", J + "loaders.py", "FileSystemLoader.get_source", 0),
    ("read", J + "loaders.py", {"budget": 20000}),
    ("fn", J + "loaders.py", "ChoiceLoader", 0),
    ("read", T + "test_loader.py", {}),
    ("fn", T + "test_loader.py", "TestFileSystemLoader.test_caches_template_based_on_mtime", 0),
    (
        "edit",
        T + "test_loader.py",
        "    def test_searchpath_as_str(self):\n",
        "    def test_uptodate_after_touch(self, tmp_path):\n"
        '        (tmp_path / "a.html").write_text("a")\n'
        "        env = Environment(loader=loaders.FileSystemLoader(tmp_path))\n"
        '        _, _, uptodate = env.loader.get_source(env, "a.html")\n'
        "        assert uptodate()\n\n"
        "    def test_searchpath_as_str(self):\n",
    ),
    ("fn", T + "test_loader.py", "TestFileSystemLoader", 0),
    ("fn", J + "loaders.py", "FileSystemLoader.get_source", 4),
    ("read", J + "loaders.py", {"budget": 20000}),
]

EXPLORE: list[Step] = [
    ("read", J + "exceptions.py", {}),
    ("read", J + "runtime.py", {}),
    ("lines", J + "runtime.py", "300-420"),
    ("outline", J + "nodes.py"),
    ("fn", J + "nodes.py", "Node", 0),
    ("fn", J + "nodes.py", "Node.iter_fields", 0),
    ("read", J + "sandbox.py", {}),
    ("fn", J + "sandbox.py", "SandboxedEnvironment.call", 0),
    ("read", J + "meta.py", {}),
    ("read", T + "test_api.py", {}),
    ("lines", J + "compiler.py", "1-120"),
    ("lines", J + "compiler.py", "100-220"),
    ("fn", J + "compiler.py", "CodeGenerator.visit_Template", 0),
    ("fn", J + "compiler.py", "CodeGenerator.visit_Block", 0),
    ("fn", J + "compiler.py", "CodeGenerator.visit_Template", 0),
    ("read", J + "exceptions.py", {}),
    ("fn", J + "runtime.py", "Context.resolve_or_missing", 2),
    ("lines", J + "runtime.py", "300-420"),
    ("read", J + "bccache.py", {}),
    ("fn", J + "sandbox.py", "SandboxedEnvironment.call", 0),
    ("fn", J + "exceptions.py", "TemplateSyntaxError", 0),
    ("read", J + "nodes.py", {}),
    ("fn", J + "nodes.py", "Node.iter_fields", 0),
]

SCRIPT: list[tuple[str, list[Step]]] = [
    ("truncate policy", TRUNCATE),
    ("LRU cache", LRU),
    ("lexer", LEXER),
    ("environment", ENVIRONMENT),
    ("loaders", LOADERS),
    ("exploring", EXPLORE),
]


# ----------------------------------------------------------------------------- running


def _split(text: str) -> list[str]:
    from prx.commands.read.ledger import split_lines

    return split_lines(text)


class Failure(Exception):
    """A check of the ledger run failed."""


class ClientModel:
    """What the model knows: for each read (numbered as the server numbers them), the
    lines of each file it was given, by their number at that read. Rebuilds the text an
    answer stands for and checks it against the file."""

    def __init__(self) -> None:
        self.reads = 0
        self.seen: dict[tuple[str, int], dict[int, str]] = {}
        #: Lines changed by edits and not yet shown, per file (current numbers).
        self.edited: dict[str, dict[int, str]] = {}
        #: Answers that showed edited lines (each checked), and the lines.
        self.showed_edits = 0
        self.edited_lines = 0

    def lookup(self, path: str, reads: list[int], number: int) -> str:
        """The model's latest copy of line ``number`` of ``path``: from the last read that
        showed that number (a model remembers the latest); it must be one of ``reads``."""
        latest = self.latest(path, number, self.reads - 1)
        if latest is None:
            raise Failure(f"{path}: line {number} was never shown (cited: reads {reads})")
        read, line = latest
        if read not in reads:
            raise Failure(f"{path}: line {number} was last shown by read #{read}, "
                          f"the answer cites reads {reads}")  # fmt: skip
        return line

    def latest(self, path: str, number: int, before: int) -> tuple[int, str] | None:
        """The last read up to ``before`` that showed line ``number``, and that line."""
        for read in range(before, 0, -1):
            shown = self.seen.get((path, read), {})
            if number in shown:
                return read, shown[number]
        return None

    def answer(self, path: str, data: dict[str, Any], text: str, disk: list[str]) -> None:
        self.reads += 1
        got: dict[int, str] = {}  # what the answer stands for
        shown: dict[int, str] = {}  # what it shows (text, or a diff's result)
        content, note = data.get("content"), data.get("ledger")
        if note is not None and note["status"] in ("unchanged", "partial"):
            span = note["lines"]
            was = note.get("was")
            shift = span["start"] - was["start"] if was else 0
            for number in range(span["start"], span["end"] + 1):
                got[number] = self.lookup(path, note["reads"], number - shift)
        if content is not None and content.get("mode") == "changes":
            shown = self.patched(path, note, content)
        elif content is not None and content.get("mode") is None:
            start = content["range"]["start"]
            for offset, line in enumerate(_split(content["text"])):
                number = start + offset
                if line.endswith("\n") or number == len(disk):
                    shown[number] = line  # (a line cut inside is not a whole line)
        got.update(shown)
        for number, line in got.items():
            if number > len(disk) or disk[number - 1] != line:
                raise Failure(f"{path}:{number}: the answer stands for {line!r}, the file has "
                              f"{disk[number - 1] if number <= len(disk) else None!r}")  # fmt: skip
        self.seen[(path, self.reads)] = shown
        self._shown(path, got, note, content, text)

    def _shown(self, path: str, got: dict[int, str], note: Any, content: Any, text: str) -> None:
        """Edited lines this answer speaks for must be in its own text, not in a stub."""
        pending = self.edited.get(path, {})
        covered = [number for number in pending if number in got]
        if not covered:
            return
        if note is not None and note["status"] in ("unchanged", "partial"):
            stubbed = [n for n in covered if note["lines"]["start"] <= n <= note["lines"]["end"]]
            if stubbed:
                raise Failure(f"{path}: a re-read after an edit left out edited lines {stubbed}")
        shown = set(text.split("\n"))
        for number in covered:
            line = pending.pop(number).rstrip("\n")
            if line.strip() and line not in shown and "+" + line not in shown:
                raise Failure(f"{path}:{number}: the edited line {line!r} is not shown")
        self.showed_edits += 1
        self.edited_lines += len(covered)

    def patched(self, path: str, note: Any, content: Any) -> dict[int, str]:
        """The lines a diff answer stands for: the model's earlier text, patched."""
        rows = _split(content["text"])
        new_start, new_end = content["range"]["start"], content["range"]["end"]
        out: dict[int, str] = {}
        number = new_start  # next current line
        delta: int | None = None  # current number - known number, outside hunks
        index = 0
        while index < len(rows):
            head = rows[index].split(" ")
            old_first = int(head[1][1:].split(",")[0])
            new_first = int(head[2][1:].split(",")[0])
            old_len = int(head[1].split(",")[1]) if "," in head[1] else 1
            new_len = int(head[2].split(",")[1]) if "," in head[2] else 1
            old_first += 0 if old_len else 1
            new_first += 0 if new_len else 1
            if delta is None:
                delta = new_first - old_first
            while number < new_first:  # unchanged lines before the hunk
                out[number] = self.lookup(path, note["reads"], number - delta)
                number += 1
            index += 1
            while index < len(rows) and not rows[index].startswith("@@"):
                tag, body = rows[index][0], rows[index][1:]
                index += 1
                if index < len(rows) and rows[index].startswith("\\ No newline"):
                    body, index = body[:-1], index + 1
                if tag in " +":
                    out[number] = body
                    number += 1
            delta = number - (old_first + old_len)
        if delta is None:
            delta = 0
        while number <= new_end:
            out[number] = self.lookup(path, note["reads"], number - delta)
            number += 1
        return out

    def edit(self, path: str, before: str, after: str) -> None:
        """Remember the lines an edit changed (by their numbers in the new text)."""
        old, new = _split(before), _split(after)
        pending = self.edited.setdefault(path, {})
        moved: dict[int, str] = {}
        matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
        for tag, a1, a2, b1, b2 in matcher.get_opcodes():
            if tag == "equal":
                moved.update(
                    {b1 + k + 1: pending[a1 + k + 1] for k in range(a2 - a1) if a1 + k + 1 in pending}
                )  # fmt: skip
            else:
                moved.update({n + 1: new[n] for n in range(b1, b2)})
        # A line the model already has under that number (a blank line difflib counts as
        # inserted, where the server's alignment kept it) has nothing to show.
        self.edited[path] = {
            number: line
            for number, line in moved.items()
            if (self.latest(path, number, self.reads) or (0, None))[1] != line
        }


class Run:
    """One replay of the script in a scratch copy of the corpus."""

    def __init__(self, corpus: Path, ledger: bool, verbose: bool) -> None:
        from prx.app.workspace import Workspace
        from prx.core.config import Config
        from prx.frontends.mcp.service import McpService, select_operations

        self.scratch = Path(tempfile.mkdtemp(prefix=f"prx-ledger-{'on' if ledger else 'off'}-"))
        self.root = self.scratch / corpus.name
        shutil.copytree(corpus, self.root, ignore=shutil.ignore_patterns(".prx"))
        home = self.scratch / "home"
        self.workspace = Workspace(self.root, config=Config.from_env({"PRX_HOME": str(home)}))
        ops = select_operations(self.workspace.registry.operations(), allow_write=True)
        self.ops = {op.name: op for op in ops}
        self.service = McpService(self.workspace, ledger=ledger)
        self.ledger, self.verbose = ledger, verbose
        self.model = ClientModel()
        self.tokens = {"read": 0, "edit": 0}
        self.calls = {"read": 0, "edit": 0}
        self.steps: list[dict[str, Any]] = []
        self.kinds: dict[str, int] = {}
        self.last_token: dict[str, str] = {}

    def close(self) -> None:
        shutil.rmtree(self.scratch, ignore_errors=True)

    def lines_of(self, path: str, symbol: str, pad: int) -> str:
        """A symbol's lines in the file as it is now (``pad`` more on each side)."""
        from prx.commands.read.ledger import split_lines

        outline = self.workspace.read(path, outline_only=True, budget=0).outline or ()
        todo = [(s, s.name) for s in outline]
        while todo:
            found, name = todo.pop(0)
            if name == symbol:
                total = len(split_lines((self.root / path).read_text()))
                return f"{max(1, found.lines.start - pad)}-{min(total, found.lines.end + pad)}"
            todo.extend((child, f"{name}.{child.name}") for child in found.children)
        raise Failure(f"{path}: no symbol {symbol} in its outline")

    def arguments(self, step: tuple[Any, ...]) -> tuple[str, dict[str, Any]]:
        kind, path = step[0], step[1]
        if kind == "read":
            return "read", {"path": path, **step[2]}
        if kind == "fn":
            return "read", {"path": path, "lines": self.lines_of(path, step[2], step[3])}
        if kind == "lines":
            return "read", {"path": path, "lines": step[2]}
        if kind == "continue":
            token = self.last_token.get(path)
            if token is None:
                raise Failure(f"{path}: nothing to continue")
            return "read", {"path": path, "continue_token": token}
        if kind == "outline":
            return "read", {"path": path, "outline_only": True}
        if kind == "edit":
            return "edit", {
                "path": path,
                "find": step[2],
                "replace": step[3],
                "apply": True,
                "check": "never",
            }
        raise Failure(f"unknown step {kind}")

    def step(self, task: str, step: tuple[Any, ...]) -> None:
        from prx.core.tokens import count_exact

        tool, arguments = self.arguments(step)
        path = step[1]
        before = (self.root / path).read_text() if tool == "edit" else ""
        answer = self.service.answer(self.ops[tool], arguments)
        if answer.is_error:
            raise Failure(f"{tool} {arguments}: {answer.text}")
        tokens = count_exact(answer.text)
        self.tokens[tool] += tokens
        self.calls[tool] += 1
        data = answer.envelope["data"]
        kind = "edit"
        if tool == "edit":
            self.model.edit(path, before, (self.root / path).read_text())
        else:
            disk = _split((self.root / path).read_text())
            self.model.answer(path, data, answer.text, disk)
            if data.get("continuation_token"):
                self.last_token[path] = data["continuation_token"]
            note = data.get("ledger")
            kind = note["status"] if note else "text"
            if data.get("content") is None and note is None:
                kind = "outline/hash"
            elif (data.get("content") or {}).get("mode") == "changes":
                kind = "diff"
        self.kinds[kind] = self.kinds.get(kind, 0) + 1
        shown = {k: v for k, v in arguments.items() if k not in ("find", "replace")}
        self.steps.append({"task": task, "tool": tool, "arguments": shown, "tokens": tokens,
                           "answer": kind})  # fmt: skip
        if self.verbose:
            print(f"  {'on ' if self.ledger else 'off'} {tokens:6d}  {kind:12s} {tool} {shown}")

    def replay(self) -> None:
        for task, steps in SCRIPT:
            for step in steps:
                self.step(task, step)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", type=Path, default=CORPORA / "jinja2")
    parser.add_argument("--json", dest="json_out", help="write the results to this file")
    parser.add_argument("-v", "--verbose", action="store_true", help="every call's tokens")
    args = parser.parse_args(argv)
    corpus = args.corpus.resolve()
    if not (corpus / "src" / "jinja2" / "lexer.py").is_file():
        print(f"{corpus}: not the jinja2 3.1.6 sources; fetch them with "
              "python benchmarks/get_corpora.py", file=sys.stderr)  # fmt: skip
        return 2
    runs = {}
    started = time.perf_counter()
    for ledger in (False, True):
        run = Run(corpus, ledger, args.verbose)
        try:
            run.replay()
        except Failure as failure:
            print(f"FAILED ({'with' if ledger else 'without'} the ledger): {failure}")
            return 1
        finally:
            run.close()
        runs[ledger] = run
    off, on = runs[False], runs[True]
    for a, b in zip(off.steps, on.steps, strict=True):
        same = {k: v for k, v in a["arguments"].items() if k != "continue_token"}
        if same != {k: v for k, v in b["arguments"].items() if k != "continue_token"}:
            print(f"FAILED: the two runs made different calls: {a} / {b}")
            return 1
    total_off = off.tokens["read"] + off.tokens["edit"]
    total_on = on.tokens["read"] + on.tokens["edit"]
    saving = 1 - total_on / total_off
    read_saving = 1 - on.tokens["read"] / off.tokens["read"]
    rereads = sum(1 for s in on.steps if s["tool"] == "read" and s["answer"] != "text")
    print(f"corpus: {corpus} ({len(off.steps)} calls: {off.calls['read']} reads, "
          f"{off.calls['edit']} edits; every answer of the ledger run checked)")  # fmt: skip
    print(f"answers with the ledger: {dict(sorted(on.kinds.items()))}")
    print(f"re-reads after an edit: {on.model.showed_edits} answers covered edited lines "
          f"({on.model.edited_lines} lines), each showed them in its own text")  # fmt: skip
    print(f"{'':26s}{'without':>10s}{'with':>10s}{'saving':>9s}")
    print(f"{'read answers (tokens)':26s}{off.tokens['read']:10d}{on.tokens['read']:10d}"
          f"{read_saving:9.1%}")  # fmt: skip
    print(f"{'edit answers (tokens)':26s}{off.tokens['edit']:10d}{on.tokens['edit']:10d}")
    print(f"{'all answers (tokens)':26s}{total_off:10d}{total_on:10d}{saving:9.1%}")
    verdict = "met" if saving >= TARGET_SAVING else "NOT met"
    print(f"target: at least {TARGET_SAVING:.0%} fewer tokens: {verdict} "
          f"({rereads} answers other than the plain text; "
          f"{time.perf_counter() - started:.1f} s)")  # fmt: skip
    if args.json_out:
        document = {
            "corpus": str(corpus),
            "calls": len(off.steps),
            "reads": off.calls["read"],
            "edits": off.calls["edit"],
            "tokens": {"without": off.tokens, "with": on.tokens},
            "saving": round(saving, 4),
            "read_saving": round(read_saving, 4),
            "answers_with_ledger": on.kinds,
            "rereads_showing_edits": on.model.showed_edits,
            "steps": [
                {**s, "tokens_without": o["tokens"], "answer_without": o["answer"]}
                for s, o in zip(on.steps, off.steps, strict=True)
            ],
        }
        Path(args.json_out).write_text(json.dumps(document, indent=1) + "\n")
    return 0 if saving >= TARGET_SAVING else 1


if __name__ == "__main__":
    os.environ.setdefault("PRX_DISABLE_PLUGIN_AUTOLOAD", "1")
    sys.exit(main())
