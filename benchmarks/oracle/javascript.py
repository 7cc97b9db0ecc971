"""JavaScript: tsc 5.6 (from the npm registry) with ``--allowJs --checkJs`` is the
oracle; CommonJS projects, public repositories at a pinned commit, are the projects,
their test runners from the npm registry.

- **node-semver** 7.8.5 (github.com/npm/node-semver, ISC) at 6e05b76: ``classes/``,
  ``functions/``, ``ranges/``, ``internal/`` (46 files, one function or class each,
  ``module.exports = X``; ``index.js`` gathers them), ``test/`` (66 files, tap) and
  ``benchmarks/`` (checked like the rest: the oracle samples symbols from every file);
- **js-yaml** 4.1.1+ (github.com/nodeca/js-yaml, MIT) at 74a0199: ``lib/`` (24 files)
  and ``test/``, mocha.

Held out (added 2026-12-01 before any trial ran on them, after every rule of the
JavaScript model was written):

- **commander** 12.1.0 (github.com/tj/commander.js, MIT) at 970ecae: ``lib/`` (7 files,
  the ``Command``/``Option``/``Help`` classes), ``index.js``, ``tests/``, ``examples/``
  and ``typings/`` (its ``.d.ts`` and type tests, checked with the rest), jest;
- **pako** 2.1.0 (github.com/nodeca/pako, MIT AND Zlib) at 3c06216: ``lib/`` (16 files,
  zlib ported function by function) and ``test/``, mocha (its built ``dist/``, the same
  code bundled, its benchmarks and examples are left out).

Held out (added 2026-12-03 before any trial ran on it, after every rule above):

- **markdown-it** 12.3.2 (github.com/markdown-it/markdown-it, MIT) at d72c68b, the last
  CommonJS release: ``lib/`` (65 files; classes written as constructor functions with
  ``X.prototype.m = function``), ``index.js``, ``bin/`` and six files of ``test/`` with
  their fixtures, mocha (the pathological-input test, which needs worker threads, and
  the babelmark responder, a web app of ``support/``, are left out).

Held out (added 2026-12-03, twenty-eighth session, before any trial ran on it, after
the rules written from markdown-it's misses):

- **graphlib** 2.1.8 (github.com/dagrejs/graphlib, MIT) at 64375bb, the last CommonJS
  release: ``lib/`` (19 files: the ``Graph`` and ``PriorityQueue`` constructor
  functions, graph algorithms as functions, a ``lodash`` object of lodash's functions,
  some named as ``PriorityQueue``'s methods: ``has``, ``keys``, ``size``), ``index.js``
  and ``test/`` (mocha, recursive; the browser bundle's tests and the karma entry are
  left out, as its Makefile leaves them).

Held out (added 2026-12-03, twenty-eighth session, before any trial ran on it, after
the rules written from graphlib's misses):

- **argparse** 1.0.10 (github.com/nodeca/argparse, MIT) at ea45e14, its last CommonJS
  release: ``lib/`` (28 files: a port of Python's argparse, classes written as
  constructor functions extended with ``util.inherits``: ``Action`` and its eleven
  kinds, ``ActionContainer`` below ``ArgumentParser``, the help formatters),
  ``index.js`` and ``test/`` (mocha).

The oracle's ``tsconfig.prxoracle.json`` checks every ``.js`` file with ``noImplicitAny``
off, so only names and members tsc can resolve are errors: a module-level name, an
import, a ``require``d file's export, a member reached through a receiver whose type tsc
infers (``new SemVer(...)``, ``this``). A member used through an untyped parameter is
invisible to it (the blind spot of checking JavaScript): prx's candidates there count
against its precision, and a rename that misses one can pass the build yet fail the
tests, which the rename trials run. A default export's name (``module.exports = X``)
is not what its importers write: renaming it is no error anywhere, so those are not
measured (``skip``). A name exported as a property of its own name (``module.exports =
{f}``, ``exports.f = f``) is measured with that property renamed along
(``after_rename``, see :mod:`oracle.scripts_rename`): else tsc types the export ``any``
and reports no importer.

The tsc oracle is blind where JavaScript is untyped; ``runtime_uses`` adds the lines that
call a sampled function while the project's tests run (oracle/scripts_trace.py), and the
figures are reported both ways.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from oracle.common import Diag, Symbol, run
from oracle.scripts import (
    jest_like,
    mocha_report,
    npm_install,
    snapshot,
    tap_report,
    tsc_errors,
    unjudged,  # noqa: F401 - the oracle calls it
)
from oracle.scripts_rename import after_rename, uses_at  # noqa: F401 - the oracle calls them

LANGUAGE = "javascript"
PROJECTS = {
    "semver": snapshot("npm", "node-semver", "6e05b7637396ac66522cff8731f07cfe0ef49a29"),
    "js-yaml": snapshot(
        "nodeca",
        "js-yaml",
        "74a01992953302040be3277c08ba214a06f00b87",
        ("lib", "bin", "test", "index.js", "package.json", "LICENSE"),
    ),
    "commander": snapshot("tj", "commander.js", "970ecae402b253de691e6a9066fea22f38fe7431"),
    "pako": snapshot(
        "nodeca",
        "pako",
        "3c06216518c259b569a5168dee867e6dabbe5160",
        ("lib", "test", "index.js", "package.json", "LICENSE"),
    ),
    "markdown-it": snapshot(
        "markdown-it",
        "markdown-it",
        "d72c68b520cedacae7878caa92bf7fe32e3e0e6f",
        (
            *("lib", "bin", "index.js", "package.json", "LICENSE", "test/fixtures"),
            *(f"test/{name}.js" for name in ("commonmark", "markdown-it", "misc")),
            *(f"test/{name}.js" for name in ("ruler", "token", "utils")),
            "test/.eslintrc.yml",
        ),
    ),
    "graphlib": snapshot(
        "dagrejs",
        "graphlib",
        "64375bb8d96bce0d906d238853c2b5afa2f2c231",
        (
            *("lib", "index.js", "package.json", "LICENSE", "test/alg", "test/data"),
            *(f"test/{name}.js" for name in ("chai", "graph-test", "json-test", "version-test")),
        ),
    ),
    "argparse": snapshot(
        "nodeca",
        "argparse",
        "ea45e14bad13b9e4a10af28f11fb7e731079ab72",
        ("lib", "index.js", "test", "package.json", "LICENSE"),
    ),
}
KEEP = ("node_modules",)
CONFIG = "tsconfig.prxoracle.json"
_PACKAGES = {
    "semver": ["tap@16.3.10", "@types/node@20.16.5"],
    "js-yaml": ["mocha@8.4.0", "fast-check@2.25.0", "argparse@2.0.1", "@types/node@20.16.5"],
    "commander": [
        "jest@29.7.0",
        "ts-jest@29.2.5",
        "typescript@5.6.2",
        "@types/jest@29.5.13",
        "@types/node@20.16.5",
    ],
    "pako": ["mocha@8.4.0", "@types/node@20.16.5"],
    "markdown-it": [
        *("mocha@9.2.2", "chai@4.3.6", "markdown-it-testgen@0.1.6"),
        *("markdown-it-for-inline@0.1.1", "argparse@2.0.1", "entities@2.1.0"),
        *("linkify-it@3.0.3", "mdurl@1.0.1", "uc.micro@1.0.6", "@types/node@20.16.5"),
    ],
    "graphlib": ["mocha@6.2.3", "chai@4.3.10", "lodash@4.17.21", "@types/node@20.16.5"],
    "argparse": ["mocha@8.4.0", "sprintf-js@1.0.3", "@types/node@20.16.5"],
}
#: Projects whose folders hold TypeScript and ES modules too (commander's ``.ts`` and
#: ``.mjs`` tests, ``typings/``): checked with the JavaScript.
_ALSO_TYPESCRIPT = {"commander": (".ts", ".mjs")}
#: The files tsc checks, by project.
_INCLUDE = {
    "semver": [
        *("classes", "functions", "internal", "ranges", "index.js", "preload.js", "map.js"),
        *("test", "bin", "benchmarks"),
    ],
    "js-yaml": ["lib", "index.js", "test", "bin"],
    # the examples and the type tests too: the oracle samples symbols from every file
    "commander": ["lib", "index.js", "tests", "examples", "typings"],
    "pako": ["lib", "index.js", "test"],
    "markdown-it": ["lib", "index.js", "test", "bin"],
    "graphlib": ["lib", "index.js", "test"],
    "argparse": ["lib", "index.js", "test"],
}
#: Projects whose mocha runs its ``test`` folder recursively (its Makefile lists them).
_RECURSIVE = ("graphlib",)
_OPTIONS = {
    "allowJs": True,
    "checkJs": True,
    "noEmit": True,
    "noImplicitAny": False,
    "strict": False,
    "module": "commonjs",
    "moduleResolution": "node",
    "target": "es2020",
    "skipLibCheck": True,
    "resolveJsonModule": True,
    "types": ["node"],
    "maxNodeModuleJsDepth": 0,
}
_ROOT: list[Path] = []


def _kind(root: Path) -> str:
    """The project a root is (its pristine folder is ``name-commit``, its scratch copy
    ``name``)."""
    return next(name for name in PROJECTS if root.name == name or root.name.startswith(f"{name}-"))


def _self_reference(root: Path) -> dict[str, object]:
    """The options that resolve the package's own name to its entry point, as Node does
    (a package's ``exports`` make ``require('<its name>')`` load its own ``main`` from
    inside it): else tsc, resolving ``node10``, finds no module of that name and types
    everything an example takes from it ``any``, and prx's right answers there count
    as false positives."""
    try:
        manifest = json.loads((root / "package.json").read_text())
    except (OSError, ValueError):
        return {}
    name, main = manifest.get("name"), manifest.get("main")
    if not isinstance(name, str) or not isinstance(main, str) or "exports" not in manifest:
        return {}
    return {"baseUrl": ".", "paths": {name: [main]}}


def prepare(root: Path) -> None:
    _ROOT[:] = [root]
    kind = _kind(root)
    include = _INCLUDE[kind]
    config = {
        "compilerOptions": {**_OPTIONS, **_self_reference(root)},
        "include": [
            p if p.endswith(".js") else f"{p}/**/*{ext}"
            for p in include
            for ext in (".js", *_ALSO_TYPESCRIPT.get(kind, ()))
        ],
        "exclude": ["node_modules", "dist", "**/fixtures/**", "test/samples-*/**"],
    }
    (root / CONFIG).write_text(json.dumps(config))
    if kind in _RECURSIVE:
        (root / ".mocharc.json").write_text(json.dumps({"recursive": True, "spec": ["test"]}))
    _ignore_dependencies(root)
    npm_install(root, _PACKAGES[kind], kind)


def _ignore_dependencies(root: Path) -> None:
    """``node_modules/`` in the project's ``.gitignore``, as each project's own says (a
    snapshot of selected paths leaves that file out): else prx walks the installed
    packages as the project's code, which no checkout of it does (mocha brings its own
    copy of js-yaml, whose ``Schema.extend`` is another definition)."""
    ignore = root / ".gitignore"
    lines = ignore.read_text().splitlines() if ignore.is_file() else []
    if not any(line.strip().strip("/") == "node_modules" for line in lines):
        ignore.write_text("\n".join([*lines, "node_modules/"]) + "\n")


def build(root: Path) -> list[Diag]:
    return tsc_errors(root, CONFIG)


def tests(root: Path) -> dict[str, str] | None:
    if _kind(root) == "semver":
        done = run(
            ["node_modules/.bin/tap", "--no-coverage", "--reporter=tap", "-j1", "test"],
            root,
            env={"CI": "1", "TAP_COLORS": "0"},
        )
        found = tap_report(done.stdout)
        return found or None
    if _kind(root) == "commander":
        with tempfile.TemporaryDirectory() as tmp:
            report = Path(tmp) / "report.json"
            argv = ["node_modules/.bin/jest", "--coverage=false", "--json"]
            run([*argv, f"--outputFile={report}", "--silent"], root, env={"CI": "1"})
            found = jest_like(report)
        return {k.replace(str(root) + "/", ""): v for k, v in (found or {}).items()} or None
    with tempfile.TemporaryDirectory():
        done = run(["node_modules/.bin/mocha", "--reporter", "json"], root, env={"CI": "1"})
    return mocha_report(done.stdout)


def runtime_uses(root: Path, symbol: Symbol) -> set[tuple[str, int]] | None:
    """The lines that call the symbol while the tests run (the uses tsc cannot see)."""
    from oracle.scripts_trace import traced_callers

    return traced_callers(root, symbol, tests)


def skip(symbol: Symbol) -> str | None:
    """A default export, or one exported as a property (see the module's docstring); a
    dotfile's."""
    from oracle.scripts_skip import not_measured

    if any(part.startswith(".") for part in Path(symbol.file).parts):
        return "a dotfile (.eslintrc.js ...): configuration tsc's project leaves out"
    return not_measured(_ROOT, symbol)
