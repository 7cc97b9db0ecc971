"""What every language's oracle shares: scratch copies, symbol sampling, the comparisons.

A language module (``oracle/<language>.py``) provides:

- ``LANGUAGE``: the prx language name of its sources (``rust``); ``LANGUAGES``: every prx
  language name its projects' sources have (default ``{LANGUAGE}``);
- ``PROJECTS``: ``{name: fetch}``, where ``fetch(cache: Path) -> Path`` makes the project's
  pristine tree under ``cache`` (once; later calls return it) from a package registry, the
  Debian archive or a public repository snapshot, and returns its root;
- ``build(root: Path) -> list[Diag]``: the compiler's or type checker's errors over the
  whole project (files relative to ``root``), as few false errors as the tool allows;
- ``tests(root: Path) -> dict[str, str] | None``: each test's outcome (``passed``,
  ``failed`` ...) by test id, or None when the project has no test suite that runs here;
- optionally ``prepare(root: Path) -> None`` (run once on a scratch copy before the
  baseline: a lock file, a dependency link), ``skip(symbol: Symbol) -> str | None``
  (why a symbol cannot be measured: a name the compiler cannot see missing, a macro ...)
  and ``after_rename(root: Path, symbol: Symbol, new: str) -> list[Diag] | None`` (what
  belongs to the definition besides its name and must change with it for the compiler to
  see the uses: Python's ``__all__`` entry, the imports that name it; the places it
  changed that count as uses of a file reporting no error) and ``uses(symbol: Symbol, errors: list[Diag]) ->
  list[Diag]`` (the errors of the renamed definition that are uses of it, for impact and
  explain: Go's implicit interface conversions name no method; a rename is still checked
  against every error), or ``uses_at(root: Path, symbol: Symbol, errors: list[Diag]) ->
  list[Diag]`` (the same, reading the scratch copy's lines: Python's).

The oracle for a symbol: in a scratch copy, only the definition's name is changed; the
errors the build reports then and did not report before are the places that use it.
"""

from __future__ import annotations

import hashlib
import os
import random
import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

__all__ = [
    "Diag",
    "Scratch",
    "Symbol",
    "new_errors",
    "run",
    "sample_symbols",
]

#: Where projects and scratch copies live.
HERE = Path(__file__).resolve().parent.parent
CACHE = HERE / ".corpora" / "oracle"


@dataclass(frozen=True)
class Diag:
    """One error a compiler reported."""

    file: str
    line: int
    message: str = ""


@dataclass(frozen=True)
class Symbol:
    """One definition to measure."""

    file: str
    name: str
    qualified: str
    kind: str
    line: int
    #: Byte offsets of the name in the file.
    start: int
    end: int
    #: How many definitions of the project share the name.
    namesakes: int = 1
    #: How many definitions of its file have its qualified name (a name defined twice,
    #: ``if X: def f(): ... else: def f(): ...``, hides the uses of one from the compiler).
    in_file: int = 1


def run(
    argv: Sequence[str],
    cwd: Path,
    *,
    env: dict[str, str] | None = None,
    timeout: float = 900,
) -> subprocess.CompletedProcess[str]:
    """Run a tool, its output as text (never raises on a non-zero exit)."""
    merged = {**os.environ, **(env or {})}
    return subprocess.run(
        list(argv),
        cwd=cwd,
        env=merged,
        capture_output=True,
        text=True,
        errors="replace",
        timeout=timeout,
        check=False,
    )


class Scratch:
    """A copy of a pristine project that trials change and :meth:`reset` puts back (a git
    repository of its own, no hooks; build outputs ignored so builds stay incremental)."""

    GIT = (
        "git",
        "-c",
        "core.hooksPath=/dev/null",
        "-c",
        "user.name=oracle",
        "-c",
        "user.email=oracle@localhost",
        "-c",
        "commit.gpgsign=false",
    )

    def __init__(self, pristine: Path, where: Path, keep: Iterable[str] = ()) -> None:
        self.root = where
        if where.exists():
            shutil.rmtree(where)
        shutil.copytree(pristine, where, symlinks=True)
        git_dir = where / ".git"
        if git_dir.exists():
            shutil.rmtree(git_dir)
        self._keep = tuple(keep)
        self._git("init", "-q")
        self._add()
        self._git("commit", "-q", "-m", "pristine", "--no-verify")

    def _add(self) -> None:
        """Stage every file but the kept folders (build outputs, installed dependencies)."""
        self._git("add", "-A", "-f", "--", ".", *(f":!{path}" for path in self._keep))

    def _git(self, *args: str) -> str:
        done = subprocess.run(
            [*self.GIT, *args], cwd=self.root, capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def commit(self, message: str) -> None:
        """Make the current tree the one :meth:`reset` returns to (after ``prepare``)."""
        self._add()
        self._git("commit", "-q", "--allow-empty", "-m", message, "--no-verify")

    def reset(self) -> None:
        """Every file as committed; files a trial added removed (build outputs kept)."""
        self._git("checkout", "-q", "--", ".")
        excludes = [arg for path in self._keep for arg in ("-e", path)]
        self._git("clean", "-q", "-f", "-d", *excludes)

    def changed(self) -> list[str]:
        """Files a trial changed, added or removed."""
        out = self._git("status", "--porcelain", "--untracked-files=all")
        # Build outputs (a kept directory and everything under it) are not the trial's.
        return [
            line[3:]
            for line in out.splitlines()
            if not any(line[3:] == k or line[3:].startswith(k + "/") for k in self._keep)
        ]

    def rename_definition(self, symbol: Symbol, new: str) -> None:
        """Change only the definition's name (the oracle's one edit)."""
        path = self.root / symbol.file
        data = path.read_bytes()
        assert data[symbol.start : symbol.end] == symbol.name.encode(), symbol
        path.write_bytes(data[: symbol.start] + new.encode() + data[symbol.end :])


def new_errors(
    before: Sequence[Diag], after: Sequence[Diag], renamed: tuple[str, str] | None = None
) -> list[Diag]:
    """The errors of ``after`` that ``before`` did not have (by file, line, message);
    ``renamed`` (old, new): the new name in a message after is read as the old one (an
    error the project had that names the renamed type is not new)."""
    seen: dict[tuple[str, int, str], int] = {}
    for d in before:
        seen[(d.file, d.line, d.message)] = seen.get((d.file, d.line, d.message), 0) + 1
    out = []
    for d in after:
        message = d.message
        if renamed is not None:
            word = r"(?<![\w$])" + re.escape(renamed[1]) + r"(?![\w$])"
            message = re.sub(word, renamed[0], message)
        key = (d.file, d.line, message)
        if seen.get(key, 0) > 0:
            seen[key] -= 1
        else:
            out.append(d)
    return out


def spelling(root: Path, errors: list[Diag], word: re.Pattern[str]) -> list[Diag]:
    """The errors at lines that spell ``word``: the others are consequences of the
    change, not uses (a file that cannot be read keeps its errors)."""
    out = []
    texts: dict[str, list[str]] = {}
    for diag in errors:
        if diag.file not in texts:
            try:
                texts[diag.file] = (root / diag.file).read_text(errors="replace").split("\n")
            except OSError:
                texts[diag.file] = []
        lines = texts[diag.file]
        if not lines or (0 < diag.line <= len(lines) and word.search(lines[diag.line - 1])):
            out.append(diag)
    return out


def project_symbols(root: Path, languages: frozenset[str]) -> list[Symbol]:
    """Every definition of the project's non-test source files, as prx's language models
    read them (a symbol the model does not see cannot be asked for by name anyway)."""
    import prx
    from prx.engine.intel.models import model_for
    from prx.engine.intel.project import ParsedFile, is_test_file

    ws = prx.Workspace(root)
    out: list[Symbol] = []
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if (
            not path.is_file()
            or is_test_file(rel)
            or any(
                part.startswith(".")
                or part in ("node_modules", "target", "vendor", "build", "dist")
                for part in rel.split("/")[:-1]
            )
        ):
            continue
        spec = ws.language_for(str(path))
        if spec is None or spec.name not in languages:
            continue
        parsed = ParsedFile(rel, spec, path.read_bytes())
        for target in model_for(spec.name).definitions(None, parsed):
            if target.end > target.start:
                out.append(
                    Symbol(
                        rel,
                        target.name,
                        target.qualified,
                        target.kind,
                        target.line,
                        target.start,
                        target.end,
                    )
                )
    counts: dict[str, int] = {}
    per_file: dict[tuple[str, str], int] = {}
    for s in out:
        counts[s.name] = counts.get(s.name, 0) + 1
        per_file[(s.file, s.qualified)] = per_file.get((s.file, s.qualified), 0) + 1
    return [
        Symbol(
            **{
                **s.__dict__,
                "namesakes": counts[s.name],
                "in_file": per_file[(s.file, s.qualified)],
            }
        )
        for s in out
    ]


def sample_symbols(symbols: Sequence[Symbol], count: int, seed: str) -> list[Symbol]:
    """``count`` symbols, the same ones on every run: half (when there are enough) among
    names several definitions share, the rest among the others; spread over kinds."""

    def key(s: Symbol) -> str:
        return hashlib.sha256(f"{seed}:{s.file}:{s.qualified}:{s.line}".encode()).hexdigest()

    shared = sorted((s for s in symbols if s.namesakes > 1), key=key)
    single = sorted((s for s in symbols if s.namesakes == 1), key=key)
    half = min(len(shared), count // 2)
    picked = shared[:half] + single[: count - half]
    if len(picked) < count:
        picked += shared[half : half + count - len(picked)]
    random.Random(seed).shuffle(picked)
    return picked


@dataclass
class Tally:
    """Precision and recall over many symbols (micro-averaged) and per symbol."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    rows: list[dict[str, object]] = field(default_factory=list)

    def add(self, name: str, predicted: set[str], truth: set[str]) -> None:
        tp, fp, fn = len(predicted & truth), len(predicted - truth), len(truth - predicted)
        self.tp, self.fp, self.fn = self.tp + tp, self.fp + fp, self.fn + fn
        self.rows.append(
            {
                "symbol": name,
                "tp": tp,
                "false_positives": sorted(predicted - truth)[:10],
                "missed": sorted(truth - predicted)[:10],
            }
        )

    @property
    def precision(self) -> float:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0

    @property
    def recall(self) -> float:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
