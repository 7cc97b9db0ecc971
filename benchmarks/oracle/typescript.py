"""TypeScript: tsc 5.6 (from the npm registry) is the oracle; two public repositories at
a pinned commit are the projects, their test runners from the npm registry.

- **superstruct** (github.com/ianstormtaylor/superstruct, MIT) at e414c8a: ``src/``
  (8 files), ``test/`` (240 files: the typings and validation cases tsc checks too) and
  ``examples/`` (JavaScript importing ``superstruct``, checked with ``checkJs`` against
  ``src``), vitest;
- **zod** 3.23.8 (github.com/colinhacks/zod, MIT) at ca42965: ``src/`` and
  ``src/__tests__`` (119 files), jest with swc. Its ``deno/`` copy of the sources is
  removed (the same definitions twice).

Held out (added 2026-12-01 before any trial ran on them, after every rule of the
TypeScript model was written):

- **neverthrow** (github.com/supermacro/neverthrow, MIT) at 5ef3a01: ``src/`` (5 files:
  ``Ok``/``Err`` and ``ResultAsync`` with the same method names) and ``tests/``, vitest
  (and testdouble);
- **ts-pattern** (github.com/gvergnaud/ts-pattern, MIT) at 2ece6ba: ``src/`` (18 files,
  most of them type-level code) and ``tests/`` (type tests tsc checks, run by jest with
  ts-jest).

Held out again (added 2026-12-02, twenty-second session, before any trial ran on them,
after the rules written from neverthrow and ts-pattern: members bound as the compiler
binds them, interfaces no value is typed with, unions that hold another type):

- **purify** (github.com/gigobyte/purify, ISC) at 3e3f052: ``src/`` (``Maybe``,
  ``Either`` and their async forms: interfaces implemented by ``Just``/``Nothing``,
  ``Left``/``Right`` with the same member names) and its ``*.test.ts`` beside them,
  vitest;
- **superjson** (github.com/blitz-js/superjson, MIT) at 0130a80: ``src/`` and its
  ``*.test.ts``/``*.spec.ts`` beside them, vitest (the tests use mongodb's ``ObjectID``
  and decimal.js).

tsc checks the sources and the tests together (an oracle ``tsconfig.prxoracle.json``:
the project's options less the lint-like ``noUnused*``, which would report the renamed
definition itself). tsc reports the import of a name a module no longer exports and
stops there, and a use through a receiver whose type it infers; a default export's
name is not what its importers write: renaming it is no error anywhere, so those are
not measured (``skip``). An overloaded function's signatures are renamed with its
implementation (``after_rename``): one binding.
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

from oracle.common import Diag, Symbol, run
from oracle.scripts import (  # noqa: F401 - the oracle calls unjudged
    jest_like,
    npm_install,
    snapshot,
    tsc_errors,
    unjudged,
)
from oracle.scripts_rename import after_rename, uses_at  # noqa: F401 - the oracle calls them

LANGUAGE = "typescript"
LANGUAGES = frozenset({"typescript", "tsx"})
PROJECTS = {
    "superstruct": snapshot(
        "ianstormtaylor", "superstruct", "e414c8afd3b69f6bc0173b8ee25f71d8e5694f01"
    ),
    "zod": snapshot("colinhacks", "zod", "ca42965df46b2f7e2747db29c40a26bcb32a51d5"),
    "neverthrow": snapshot("supermacro", "neverthrow", "5ef3a018bda74fb960e44b68fc3672635ee8037d"),
    "ts-pattern": snapshot("gvergnaud", "ts-pattern", "2ece6ba54edcbc0d4f4fce67becf89143f9d07bc"),
    "purify": snapshot("gigobyte", "purify", "3e3f05243ad2c38ab8c1dbf7ffb3a2508be3d4d8"),
    # Its test fixture src/non-deduped-cal.json is not in the mirror (a large file):
    # the one test reading it fails before and after every rename alike.
    "superjson": snapshot(
        "blitz-js",
        "superjson",
        "0130a809f87df142b5e190e1b519be0c0280fb16",
        (
            "src/accessDeep.test.ts",
            "src/accessDeep.ts",
            "src/class-registry.ts",
            "src/custom-transformer-registry.ts",
            "src/double-indexed-kv.ts",
            "src/index.test.ts",
            "src/index.ts",
            "src/is.test.ts",
            "src/is.ts",
            "src/pathstringifier.test.ts",
            "src/pathstringifier.ts",
            "src/plainer.spec.ts",
            "src/plainer.ts",
            "src/registry.test.ts",
            "src/registry.ts",
            "src/transformer.ts",
            "src/types.ts",
            "src/util.ts",
            "package.json",
            "tsconfig.json",
            "LICENSE",
        ),
    ),
}
KEEP = ("node_modules",)
CONFIG = "tsconfig.prxoracle.json"
#: What each project's build and tests need (pinned), by the project's folder name.
_PACKAGES = {
    "superstruct": [
        "vitest@1.6.0",
        "@types/node@18.19.50",
        "lodash@4.17.21",
        "@types/lodash@4.17.7",
    ],
    "zod": [
        "jest@29.7.0",
        "@jest/globals@29.7.0",
        "@swc/core@1.7.26",
        "@swc/jest@0.2.36",
        "@types/node@14.18.63",
        "@types/benchmark@2.1.5",
        "benchmark@2.1.4",
    ],
    "neverthrow": [
        "vitest@2.1.3",
        "@types/node@18.19.50",
        "testdouble@3.20.2",
        "ts-toolbelt@9.6.0",
    ],
    "ts-pattern": [
        "jest@29.7.0",
        "ts-jest@29.2.5",
        "@types/jest@29.5.13",
        "typescript@5.6.2",
    ],
    "purify": [
        "vitest@3.0.7",
        "ajv@8.17.1",
        "ajv-formats@3.0.1",
        "@types/json-schema@7.0.15",
    ],
    "superjson": [
        "vitest@0.34.6",
        "@types/node@18.19.50",
        "copy-anything@3.0.5",
        "decimal.js@10.4.3",
        "mongodb@3.6.12",
        "@types/mongodb@3.6.20",
    ],
}
_REMOVED_OPTIONS = (
    "suppressImplicitAnyIndexErrors",
    "noUnusedLocals",
    "noUnusedParameters",
    "importsNotUsedAsValues",
    "preserveValueImports",
    "outDir",
    "declaration",
    "declarationMap",
    "sourceMap",
    "composite",
)
_ROOT: list[Path] = []


def _kind(root: Path) -> str:
    """The project a root is (its pristine folder is ``name-commit``, its scratch copy
    ``name``)."""
    return next(name for name in PROJECTS if root.name == name or root.name.startswith(f"{name}-"))


def prepare(root: Path) -> None:
    _ROOT[:] = [root]
    kind = _kind(root)
    if kind == "zod":
        import shutil

        shutil.rmtree(root / "deno", ignore_errors=True)
        base = json.loads((root / "configs" / "tsconfig.base.json").read_text())
        options = base["compilerOptions"]
        include = ["src/**/*.ts"]
    elif kind in ("purify", "superjson"):
        base = json.loads((root / "tsconfig.json").read_text())
        options = base["compilerOptions"]
        options.pop("rootDir", None)
        # The tests sit beside the sources (``src/Maybe.test.ts``): checked with them.
        include = ["src/**/*.ts"]
    elif kind in ("neverthrow", "ts-pattern"):
        base = json.loads((root / "tsconfig.json").read_text())
        options = base["compilerOptions"]
        # The tests import the sources by path (``../src``): checked with them.
        include = ["src/**/*.ts", "tests/**/*.ts"]
    else:
        base = json.loads((root / "tsconfig.json").read_text())
        options = base["compilerOptions"]
        # The examples import the package by its name: checked against src too.
        include = ["src/**/*.ts", "test/**/*.ts", "examples/**/*.js"]
        options.update(
            {
                "allowJs": True,
                "checkJs": True,
                "baseUrl": ".",
                "paths": {"superstruct": ["./src/index.ts"]},
            }
        )
    for option in _REMOVED_OPTIONS:
        options.pop(option, None)
    options.update({"noEmit": True, "skipLibCheck": True})
    (root / CONFIG).write_text(json.dumps({"compilerOptions": options, "include": include}))
    npm_install(root, _PACKAGES[kind], kind)


def build(root: Path) -> list[Diag]:
    return tsc_errors(root, CONFIG)


def tests(root: Path) -> dict[str, str] | None:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        if _kind(root) == "zod":
            argv = [
                "node_modules/.bin/jest",
                "--config",
                "configs/swc-jest.config.json",
                "--json",
                f"--outputFile={report}",
                "--silent",
            ]
        elif _kind(root) == "ts-pattern":
            argv = ["node_modules/.bin/jest", "--json", f"--outputFile={report}", "--silent"]
        else:
            argv = ["node_modules/.bin/vitest", "run", "--reporter=json", f"--outputFile={report}"]
        run(argv, root, env={"CI": "1", "FORCE_COLOR": "0"})
        found = jest_like(report)
    if found is None:
        return None
    return {k.replace(str(root) + "/", ""): v for k, v in found.items()}


def skip(symbol: Symbol) -> str | None:
    """A default export is named by each importer: renaming it breaks nothing there; a
    file the oracle's tsc project leaves out (ts-pattern's benchmarks/ and examples/)
    has no compiler to tell its uses."""
    from oracle.scripts_skip import not_measured

    if _ROOT and not _checked(_ROOT[0], symbol.file):
        return "in a folder the oracle's tsc project does not check"
    return not_measured(_ROOT, symbol)


def _checked(root: Path, rel: str) -> bool:
    """Whether the oracle's tsc project (written by :func:`prepare`) includes ``rel``."""
    config = json.loads((root / CONFIG).read_text())
    return any(_glob(pattern).fullmatch(rel) for pattern in config["include"])


def _glob(pattern: str) -> re.Pattern[str]:
    """A tsconfig ``include`` glob (``src/**/*.ts``: ``**/`` any folders, none too)."""
    parts = re.split(r"(\*\*/|\*)", pattern)
    mapped = {"**/": "(?:.*/)?", "*": "[^/]*"}
    return re.compile("".join(mapped.get(part, re.escape(part)) for part in parts))
