"""The import graph against two references: grimp (Python) and tsc (TypeScript).

    python benchmarks/graph.py python [--corpus DIR]     # default /work/corpora/django-5.2.8
    python benchmarks/graph.py typescript [--project DIR ... --tsc PATH] [--cache DIR]

Both need benchmark-only tools (``pip install grimp``; ``npm install typescript`` in a
temporary directory for ``tsc``), not prx's own dependencies; ``nox -s graph_bench``
installs grimp.

**python**: grimp's graph of the ``django`` package against prx's (``ImportGraph.build``
over the whole source tree, as an index would see it), edge by edge, at the file level
(module ``a.b`` is ``a/b.py`` or ``a/b/__init__.py``). grimp's semantics are the yardstick:
``import a.b.c`` imports ``a.b.c`` only, ``from a.b import c`` imports ``a.b.c`` when that
is a module and ``a.b`` otherwise. prx's implicit edges (the parent packages Python runs)
are left out, and so are its edges from ``importlib.import_module("...")`` calls, which
grimp does not read (counted and printed apart). Precision and recall over the
(importer, imported) pairs inside django, then every miss by cause.

**typescript**: by default three projects from the npm registry (:data:`NPM_PROJECTS`,
fetched with ``npm pack`` into ``--cache`` with ``tsc`` beside them); every relative or
aliased import of the project's ``.ts``/``.tsx`` files
(not the npm packages) resolved by prx, against the file ``tsc --traceResolution`` reports
for the same (importing file, specifier). Accuracy over the imports tsc resolves inside
the project (and any import tsc leaves to a package that prx resolves to a project file,
counted wrong), then misses by cause. A file tsc reaches that prx's walk skips (ignored
by ``.gitignore``, e.g. a generated route tree) is printed apart, not compared.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DJANGO = "/work/corpora/django-5.2.8"


def _build(root: str) -> object:
    import prx
    from prx.engine.graph.imports import ImportGraph

    started = time.perf_counter()
    graph = ImportGraph.build(prx.Workspace(root), root)
    print(f"prx ImportGraph.build: {time.perf_counter() - started:.1f} s, {graph!r}")
    return graph


# -- Python ----------------------------------------------------------------------------


def _module_file(root: str, module: str) -> str | None:
    base = module.replace(".", "/")
    for candidate in (base + ".py", base + "/__init__.py"):
        if os.path.exists(os.path.join(root, candidate)):
            return candidate
    return None


def python(root: str) -> dict[str, float]:
    import grimp

    sys.path.insert(0, root)
    started = time.perf_counter()
    reference = grimp.build_graph("django", cache_dir=None)
    print(f"grimp build_graph: {time.perf_counter() - started:.1f} s")
    theirs: set[tuple[str, str]] = set()
    lines: dict[tuple[str, str], list[int]] = {}
    for importer in reference.modules:
        source = _module_file(root, importer)
        if source is None:
            continue
        for imported in reference.find_modules_directly_imported_by(importer):
            target = _module_file(root, imported)
            if target is None or target == source:
                continue
            theirs.add((source, target))
            details = reference.get_import_details(importer=importer, imported=imported)
            lines[(source, target)] = [d["line_number"] for d in details]

    graph = _build(root)
    ours: set[tuple[str, str]] = set()
    dynamic: set[tuple[str, str]] = set()
    implicit: set[tuple[str, str]] = set()
    for source in graph.files:  # type: ignore[attr-defined]
        if not source.startswith("django/") or not source.endswith(".py"):
            continue
        for edge in graph.edges_from(source):  # type: ignore[attr-defined]
            target = edge.target
            if target is None or not target.startswith("django/"):
                continue
            if edge.implicit:
                implicit.add((source, target))
                continue
            if not edge.text.startswith(("import ", "from ")) and "import_module" in edge.text:
                dynamic.add((source, target))
                continue
            ours.add((source, target))
    dynamic -= ours
    implicit -= ours

    hits = ours & theirs
    precision = len(hits) / len(ours) if ours else 0.0
    recall = len(hits) / len(theirs) if theirs else 0.0
    print(f"edges: grimp {len(theirs)}, prx {len(ours)}, both {len(hits)}")
    print(f"precision {precision:.4f}  recall {recall:.4f}")
    print(
        f"(left out: {len(implicit)} implicit parent-package edges, {len(dynamic)} edges"
        " from importlib.import_module calls)"
    )

    causes: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    for source, target in sorted(theirs - ours):
        found = [
            e
            for e in graph.edges_from(source)  # type: ignore[attr-defined]
            if e.line in lines.get((source, target), ())
        ]
        if not found:
            cause = "import not extracted"
        elif any(e.target == target and e.implicit for e in found):
            cause = "reached only as an implicit parent package"
        elif all(e.target is None for e in found):
            cause = "left unresolved"
        else:
            cause = "resolved to another file"
        causes["missed: " + cause] += 1
        examples["missed: " + cause].append(f"{source} -> {target} {[e.text for e in found][:1]}")
    for source, target in sorted(ours - theirs):
        found = [
            e
            for e in graph.edges_from(source)  # type: ignore[attr-defined]
            if e.target == target and not e.implicit
        ]
        under_type_checking = any("TYPE_CHECKING" in e.text for e in found)
        cause = "extra: not in grimp" + (" (TYPE_CHECKING)" if under_type_checking else "")
        causes[cause] += 1
        examples[cause].append(f"{source} -> {target} {[e.text for e in found][:1]}")
    for cause, count in causes.most_common():
        print(f"  {count:5d}  {cause}")
        for example in examples[cause][:5]:
            print(f"           {example}")
    return {"precision": precision, "recall": recall}


# -- TypeScript ------------------------------------------------------------------------

_RESOLVED = re.compile(
    r"^======== Module name '(?P<spec>[^']+)' was successfully resolved to '(?P<path>[^']+)'"
)
_START = re.compile(r"^======== Resolving module '(?P<spec>[^']+)' from '(?P<file>[^']+)'")
_FAILED = re.compile(r"^======== Module name '(?P<spec>[^']+)' was not resolved")


def _trace(project: str, tsc: str) -> dict[tuple[str, str], str | None]:
    """(importing file, specifier) -> the file tsc resolves it to (None: not resolved)."""
    run = subprocess.run(
        [tsc, "-p", project, "--traceResolution", "--noEmit"],
        capture_output=True,
        text=True,
        check=False,
    )
    out: dict[tuple[str, str], str | None] = {}
    current: tuple[str, str] | None = None
    root = os.path.realpath(project)
    for line in run.stdout.splitlines():
        start = _START.match(line)
        if start:
            current = (os.path.relpath(os.path.realpath(start["file"]), root), start["spec"])
            continue
        done = _RESOLVED.match(line)
        if done and current is not None:
            out[current] = os.path.relpath(os.path.realpath(done["path"]), root)
            current = None
        elif _FAILED.match(line) and current is not None:
            out[current] = None
            current = None
    return out


#: npm tarballs with TypeScript sources, tsconfig ``paths`` aliases (``@/*``; ``@v1/*``,
#: ``@decorators/*`` ...) and ``index`` re-exports, and the directory of each that is a
#: project (the nest ones are templates their generators copy as they are).
NPM_PROJECTS = (
    ("dialog-webapp@2.3.0", "package"),
    ("generator-nest-js-boilerplate@4.0.1", "package/generators/casl/templates/mongodb/jwt"),
    ("@urbansolv/create-nestjs-app@1.2.10", "package/templates/nestjs-app"),
)
#: The version the three projects declare (TypeScript 7 no longer reads ``baseUrl``).
TYPESCRIPT = "typescript@5.9.3"


def fetch(dest: str) -> tuple[list[str], str]:
    """Unpack :data:`NPM_PROJECTS` under ``dest`` and install ``tsc`` there (npm)."""
    import tarfile

    os.makedirs(dest, exist_ok=True)
    projects = []
    for spec, inside in NPM_PROJECTS:
        name = spec.rsplit("@", 1)[0].strip("@").replace("/", "-")
        target = os.path.join(dest, name)
        if not os.path.isdir(target):
            packed = subprocess.run(
                ["npm", "pack", spec, "--silent"],
                cwd=dest,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.split()[-1]
            with tarfile.open(os.path.join(dest, packed)) as tar:
                tar.extractall(target, filter="data")
        projects.append(os.path.join(target, inside))
    tsc = os.path.join(dest, "tsc", "node_modules", ".bin", "tsc")
    if not os.path.exists(tsc):
        os.makedirs(os.path.dirname(os.path.dirname(os.path.dirname(tsc))), exist_ok=True)
        subprocess.run(
            ["npm", "install", "--silent", TYPESCRIPT],
            cwd=os.path.join(dest, "tsc"),
            check=True,
        )
    return projects, tsc


def typescript(projects: list[str], tsc: str) -> dict[str, float]:
    compared = 0
    right = 0
    causes: collections.Counter[str] = collections.Counter()
    examples: dict[str, list[str]] = collections.defaultdict(list)
    for project in projects:
        print(f"-- {project}")
        traced = _trace(project, tsc)
        print(f"tsc traced {len(traced)} (file, specifier) resolutions")
        graph = _build(project)
        c, r = _compare(graph, traced, causes, examples)
        print(f"imports compared {c}, same file {r}")
        compared += c
        right += r
    accuracy = right / compared if compared else 0.0
    print(f"all: imports compared {compared}, same file {right}: accuracy {accuracy:.4f}")
    for cause, count in causes.most_common():
        print(f"  {count:5d}  {cause}")
        for example in examples[cause][:5]:
            print(f"           {example}")
    return {"accuracy": accuracy, "compared": float(compared)}


_TS = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")


def _compare(
    graph: object,
    traced: dict[tuple[str, str], str | None],
    causes: collections.Counter[str],
    examples: dict[str, list[str]],
) -> tuple[int, int]:
    compared = right = 0
    files = set(graph.files)  # type: ignore[attr-defined]
    for (source, specifier), expected in sorted(traced.items()):
        if source.startswith("..") or "node_modules" in source:
            continue
        edges = [e for e in graph.edges_from(source) if e.module == specifier]  # type: ignore[attr-defined]
        if not edges:
            continue  # an import tsc sees that is not a statement prx reads (a triple-slash ...)
        if expected is None or expected.startswith("..") or "node_modules" in expected:
            # An npm package (or nothing): prx must not make it a project file.
            if edges[0].target is not None and not edges[0].target.endswith(_TS):
                cause = "not compared: an asset tsc does not resolve (no declaration)"
                causes[cause] += 1
                examples[cause].append(f"{source}: {specifier!r} -> prx {edges[0].target}")
            elif edges[0].target is not None:
                compared += 1
                cause = "a package (or nothing) for tsc, a project file for prx"
                causes[cause] += 1
                examples[cause].append(f"{source}: {specifier!r} -> prx {edges[0].target}")
            continue
        if expected not in files:
            cause = "not compared: tsc's file is not in the tree prx walks (.gitignore)"
            causes[cause] += 1
            examples[cause].append(f"{source}: {specifier!r} -> tsc {expected}")
            continue
        compared += 1
        got = edges[0].target
        if got == expected:
            right += 1
            continue
        if got is None:
            cause = "unresolved"
        elif expected.endswith(".d.ts") and got.rsplit(".", 1)[0] == expected[: -len(".d.ts")]:
            cause = "source instead of its declaration file"
        else:
            cause = "another file"
        causes[cause] += 1
        examples[cause].append(f"{source}: {specifier!r} -> prx {got}, tsc {expected}")
    return compared, right


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="which", required=True)
    py = sub.add_parser("python")
    py.add_argument("--corpus", default=DJANGO)
    ts = sub.add_parser("typescript")
    ts.add_argument("--project", action="append", help="repeatable; default: NPM_PROJECTS")
    ts.add_argument("--tsc", default="tsc")
    ts.add_argument("--cache", default=str(Path(__file__).parent / ".corpora" / "npm"))
    args = parser.parse_args()
    if args.which == "python":
        python(args.corpus)
    else:
        if args.project:
            typescript(args.project, args.tsc)
        else:
            typescript(*fetch(args.cache))


if __name__ == "__main__":
    main()
