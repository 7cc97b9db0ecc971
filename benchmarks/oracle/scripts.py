"""What the TypeScript and JavaScript oracles share: public repository snapshots, tsc
(from the npm registry) and the test runners' reports read per test.

- ``snapshot(owner, name, commit)``: a fetch function that makes the project's tree at
  that commit: from a local mirror of the repository when there is one
  (``/work/.mirror/<owner>+<name>/repo``), else from GitHub's archive of the commit;
- ``tsc_errors(root, config)``: ``tsc --noEmit -p CONFIG``'s errors;
- ``npm_install(root, packages, name)``: the packages the build and the tests need, pinned,
  from the npm registry (``--no-save``: the project's files stay as they are);
- the outcome of each test from vitest's or jest's JSON report, mocha's JSON reporter
  or tap's TAP stream.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path

from oracle.common import CACHE, Diag, Symbol, run

TOOLS = CACHE / "tools"
#: The TypeScript the oracles check with.
TYPESCRIPT = "typescript@5.6.3"
SUFFIX = "_prxoracle"
MIRRORS = Path(os.environ.get("PRX_ORACLE_MIRRORS", "/work/.mirror"))
_ERROR = re.compile(
    r"^(?P<file>[^\s(][^(]*)\((?P<line>\d+),(?P<col>\d+)\): error (?P<code>TS\d+): (?P<message>.*)$"
)


def snapshot(
    owner: str, name: str, commit: str, paths: Sequence[str] = ()
) -> Callable[[Path], Path]:
    """A fetch function for ``owner/name`` at ``commit`` (only ``paths`` when given:
    a mirror may lack the repository's largest files, benchmarks' samples ...)."""

    def fetch(cache: Path) -> Path:
        root = cache / f"{name}-{commit[:12]}"
        if root.is_dir():
            return root
        cache.mkdir(parents=True, exist_ok=True)
        partial = cache / f".{name}-{commit[:12]}.part"
        if partial.exists():
            shutil.rmtree(partial)
        partial.mkdir()
        mirror = MIRRORS / f"{owner}+{name}" / "repo"
        if mirror.is_dir():
            archive = subprocess.run(
                ["git", "-C", str(mirror), "archive", "--format=tar", commit, *paths],
                check=True,
                capture_output=True,
            ).stdout
            with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
                tar.extractall(partial, filter="data")
        else:
            url = f"https://codeload.github.com/{owner}/{name}/tar.gz/{commit}"
            with urllib.request.urlopen(url) as response:  # noqa: S310 - a fixed https URL
                data = response.read()
            with (
                tempfile.TemporaryDirectory() as tmp,
                tarfile.open(fileobj=io.BytesIO(data)) as tar,
            ):
                tar.extractall(tmp, filter="data")
                top = next(Path(tmp).iterdir())
                for entry in top.iterdir():
                    if not paths or entry.name in {p.split("/")[0] for p in paths}:
                        shutil.move(str(entry), partial / entry.name)
        partial.rename(root)
        return root

    return fetch


def tsc() -> str:
    """The tsc the oracles run (installed once into the tools folder)."""
    found = TOOLS / "node_modules" / ".bin" / "tsc"
    if not found.exists():
        TOOLS.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["npm", "install", "--silent", "--prefix", str(TOOLS), TYPESCRIPT], check=True
        )
    return str(found)


def npm_install(root: Path, packages: Sequence[str], name: str) -> None:
    """``packages`` (pinned specs) from the npm registry, installed once into the
    oracle's cache under ``name`` and put in the project as its own ``node_modules``: a
    copy whose files are hard links to the cache's (a folder of the project, as an
    installed one is, so prx reads it beneath the root; the scratch copy's git leaves it
    out, see :class:`oracle.common.Scratch`)."""
    shared = CACHE / "npm" / name
    modules = shared / "node_modules"
    if not modules.is_dir():
        shared.mkdir(parents=True, exist_ok=True)
        (shared / "package.json").write_text('{"private": true}\n')
        done = run(
            [
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                "--legacy-peer-deps",
                *packages,
            ],
            shared,
            timeout=1800,
        )
        if done.returncode != 0:
            raise RuntimeError(f"npm install failed in {shared}: {done.stderr[-2000:]}")
    link = root / "node_modules"
    if link.is_symlink() or link.exists():
        if link.is_symlink():
            link.unlink()
        else:
            shutil.rmtree(link)
    shutil.copytree(modules, link, symlinks=True, copy_function=os.link)


def _oracle_names(root: Path) -> set[str]:
    """The name the oracle gave a definition in this tree (``X_prxoracle``), and ``X``."""
    done = run(["git", "grep", "-h", "-o", "-I", "-E", "[A-Za-z_$][A-Za-z0-9_$]*" + SUFFIX], root)
    names = set(done.stdout.split())
    return names | {n[: -len(SUFFIX)] for n in names}


def tsc_errors(root: Path, config: str) -> list[Diag]:
    """``tsc --noEmit -p config``'s errors, by file (relative to ``root``) and line.

    While the oracle has renamed a definition, only the errors that name it (the old
    name or the new) are kept: a missing import makes its uses of type ``any``, and the
    type errors that follow elsewhere (a callback's parameter no longer inferred) are
    consequences, not uses."""
    names = _oracle_names(root)
    done = run([tsc(), "--noEmit", "--pretty", "false", "-p", config], root)
    out = []
    for text in done.stdout.splitlines():
        found = _ERROR.match(text.strip())
        if found is None:
            continue
        file = found.group("file")
        if os.path.isabs(file):
            file = os.path.relpath(file, root)
        if file.startswith("node_modules/") or "/node_modules/" in file:
            continue
        message = found.group("message")
        if names and not any(_names(n, message) for n in names):
            continue
        out.append(Diag(file.replace(os.sep, "/"), int(found.group("line")), message))
    return out


def _names(name: str, message: str) -> bool:
    """Whether a quoted part of the message (tsc quotes names and types: ``'is'``,
    ``'typeof is'``) names ``name``: an English word of the message (``is``, ``type``)
    is not a use of a definition spelled so."""
    word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
    return any(word.search(quoted) for quoted in re.findall(r"'([^']*)'", message))


def jest_like(report: Path) -> dict[str, str] | None:
    """Outcomes from a jest or vitest ``--json`` report."""
    if not report.exists():
        return None
    data = json.loads(report.read_text() or "{}")
    outcomes: dict[str, str] = {}
    for suite in data.get("testResults", []):
        file = suite.get("name", "")
        for case in suite.get("assertionResults", []):
            status = case.get("status", "")
            outcomes[f"{file}::{case.get('fullName') or case.get('title')}"] = (
                "passed"
                if status == "passed"
                else "skipped"
                if status in ("pending", "skipped", "todo")
                else "failed"
            )
        if suite.get("status") == "failed" and not suite.get("assertionResults"):
            outcomes[f"{file}::<suite>"] = "failed"
    return outcomes


def mocha_report(text: str) -> dict[str, str] | None:
    """Outcomes from mocha's ``--reporter json`` output."""
    start = text.find("{")
    if start < 0:
        return None
    try:
        data = json.loads(text[start:])
    except json.JSONDecodeError:
        return None
    outcomes: dict[str, str] = {}
    for kind, outcome in (("passes", "passed"), ("failures", "failed"), ("pending", "skipped")):
        for case in data.get(kind, []):
            outcomes[f"{case.get('file', '')}::{case.get('fullTitle')}"] = outcome
    return outcomes


_TAP = re.compile(
    r"^(?P<indent>\s*)(?P<ok>not ok|ok) \d+(?: - (?P<name>.*?))?(?:\s+#\s*(?P<directive>\w+).*)?$"
)
_SUBTEST = re.compile(r"^(?P<indent>\s*)# Subtest: (?P<name>.*)$")


def tap_report(text: str) -> dict[str, str]:
    """Outcomes from a TAP stream (nested subtests named by their path)."""
    outcomes: dict[str, str] = {}
    stack: list[tuple[int, str]] = []
    for line in text.splitlines():
        sub = _SUBTEST.match(line)
        if sub is not None:
            depth = len(sub.group("indent"))
            while stack and stack[-1][0] >= depth:
                stack.pop()
            stack.append((depth, sub.group("name")))
            continue
        found = _TAP.match(line)
        if found is None:
            continue
        depth = len(found.group("indent"))
        while stack and stack[-1][0] > depth:
            stack.pop()
        path = " > ".join(name for d, name in stack if d < depth)
        name = f"{path} > {found.group('name') or ''}" if path else found.group("name") or ""
        directive = (found.group("directive") or "").lower()
        outcomes[name] = (
            "skipped"
            if directive in ("skip", "todo")
            else "passed"
            if found.group("ok") == "ok"
            else "failed"
        )
    return outcomes


def unjudged(symbol: Symbol, baseline: Sequence[Diag]) -> set[tuple[str, int]]:
    """The lines where tsc already reported, before any change, that the symbol's name
    is no property of a receiver (``program.version('1').option(..)``: ``version``
    states ``this | string``, so ``option`` is missing on ``string``): renaming the
    member repeats that error word for word, so tsc can neither confirm nor deny a use
    there and the line is left out of both sides."""
    missing = f"Property '{symbol.name}' does not exist on type"
    return {(d.file, d.line) for d in baseline if d.message.startswith(missing)}
