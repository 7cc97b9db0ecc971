"""``impact --symbol`` against jedi's references, on two real PyPI packages.

    python benchmarks/impact.py [--corpora DIR] [--per-package N]

For each package (jinja2 3.1.4, a ``src/`` layout with ``__init__`` re-exports, and rich
13.9.4, a flat package; sdists from PyPI, sha256-checked, unpacked once into ``--corpora``)
the public top-level functions and classes of the package's modules are taken in name
order, and for each one:

- the truth: the files other than the defining one where jedi
  (``Script.get_references``, a benchmark dependency only: ``pip install jedi``) finds a
  reference outside an import statement;
- prx: the files at hops 1 of ``impact FILE --symbol NAME --depth 1`` (dependents and
  tests), with the package indexed first.

Symbols jedi finds no use of outside their own file are skipped (both sides would be
empty), until ``--per-package`` symbols per package are scored. Precision and recall are
micro-averaged over (symbol, file) pairs; every miss is printed with its file.
"""

from __future__ import annotations

import argparse
import ast
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from parse import fetch_corpus  # noqa: E402

PACKAGES = (
    (
        "jinja2",
        "3.1.4",
        "4a3aee7acbbe7303aede8e9648d13b8bf88a429282aa6122a993f0ac800cb369",
        "src/jinja2",
    ),
    ("rich", "13.9.4", "439594978a49a09530cff7ebc4b5c7103ef57baf48d5ea3184f21d9a2befa098", "rich"),
)


def _import_lines(path: Path) -> set[int]:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return set()
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            lines.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return lines


def _symbols(package_dir: Path) -> list[tuple[Path, str, int, int]]:
    """(file, name, line, column of the name) of public top-level defs, in name order."""
    found = []
    for path in sorted(package_dir.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        source = path.read_text(encoding="utf-8").split("\n")
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                if node.name.startswith("_"):
                    continue
                line = node.lineno
                column = source[line - 1].find(node.name)
                found.append((path, node.name, line, column))
    return sorted(found, key=lambda item: (item[1], str(item[0])))


def _confirmed_by_ast(path: Path, symbol: str, module: str) -> bool:
    """An independent check of a file prx lists and jedi does not: Python's own ``ast``
    finds an import of ``symbol`` from its module or its package (``from .m import X``,
    ``from pkg import X``) or of its module (``from . import m``, ``import pkg.m``) and a
    use of the bound name (``X``, ``m.X``) outside the import."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    stem = module.rsplit(".", 1)[-1]
    package = module.split(".", 1)[0]
    bare: set[str] = set()
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            source = node.module or ""
            for alias in node.names:
                if alias.name == symbol and source.rsplit(".", 1)[-1] in (stem, package, ""):
                    bare.add(alias.asname or alias.name)
                elif alias.name == stem:
                    modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.endswith(module) or alias.name.rsplit(".", 1)[-1] == stem:
                    modules.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in bare:
            return True
        if isinstance(node, ast.Attribute) and node.attr == symbol:
            if ast.unparse(node.value) in modules:
                return True
    return False


def _truth(root: Path, project: object, path: Path, line: int, column: int) -> set[str]:
    import jedi

    script = jedi.Script(path=str(path), project=project)
    files: set[str] = set()
    cache: dict[Path, set[int]] = {}
    for ref in script.get_references(line, column, scope="project"):
        if ref.module_path is None:
            continue
        ref_path = Path(ref.module_path)
        if ref_path == path or root not in ref_path.parents:
            continue
        if ref_path not in cache:
            cache[ref_path] = _import_lines(ref_path)
        if ref.line in cache[ref_path]:
            continue
        files.add(ref_path.relative_to(root).as_posix())
    return files


def _sys_path(root: Path) -> list[str]:
    """The package's own root first, then the standard library only: an installed copy
    of the same package (site-packages) must not answer for the repository's."""
    import sysconfig

    own = root / "src" if (root / "src").is_dir() else root
    library = sysconfig.get_paths()
    dynload = Path(library["stdlib"]) / "lib-dynload"
    return [str(own), library["stdlib"], library["platstdlib"], str(dynload)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpora", type=Path, default=None)
    parser.add_argument("--per-package", type=int, default=30)
    args = parser.parse_args()

    import jedi

    import prx

    pairs_true = pairs_found = pairs_hit = pairs_confirmed = 0
    scored_total = 0
    for name, version, sha256, package in PACKAGES:
        root = fetch_corpus(name, version, sha256, args.corpora)
        ws = prx.Workspace(root)
        ws.index(".")
        project = jedi.Project(root, sys_path=_sys_path(root), smart_sys_path=False)
        tp = fp = fn = confirmed = 0
        scored = 0
        started = time.perf_counter()
        misses: list[str] = []
        for path, symbol, line, column in _symbols(root / package):
            if scored >= args.per_package:
                break
            truth = _truth(root, project, path, line, column)
            if not truth:
                continue
            scored += 1
            rel = path.relative_to(root).as_posix()
            answer = ws.impact(rel, symbol=symbol, depth=1, budget=0)
            found = {d.file for d in answer.dependents + answer.tests}
            tp += len(found & truth)
            fp += len(found - truth)
            fn += len(truth - found)
            module = ".".join(path.relative_to(root / Path(package).parent).with_suffix("").parts)
            for extra in sorted(found - truth):
                ok = _confirmed_by_ast(root / extra, symbol, module.removesuffix(".__init__"))
                confirmed += ok
                label = "extra, confirmed by ast" if ok else "extra"
                misses.append(f"  {label:24} {symbol:24} {extra}")
            for missed in sorted(truth - found):
                misses.append(f"  {'missed':24} {symbol:24} {missed}")
        precision = tp / (tp + fp) if tp + fp else 1.0
        recall = tp / (tp + fn) if tp + fn else 1.0
        adjusted = (tp + confirmed) / (tp + fp) if tp + fp else 1.0
        print(
            f"{name} {version}: {scored} symbols, {tp + fn} (symbol, file) pairs in jedi's "
            f"truth: precision {precision:.3f}, recall {recall:.3f}; counting the extras "
            f"ast confirms: precision {adjusted:.3f} ({time.perf_counter() - started:.0f} s)"
        )
        print("\n".join(misses) if misses else "  no misses")
        pairs_true += tp + fn
        pairs_found += tp + fp
        pairs_hit += tp
        pairs_confirmed += confirmed
        scored_total += scored
    precision = pairs_hit / pairs_found if pairs_found else 1.0
    recall = pairs_hit / pairs_true if pairs_true else 1.0
    adjusted = (pairs_hit + pairs_confirmed) / pairs_found if pairs_found else 1.0
    print(
        f"all: {scored_total} symbols, precision {precision:.3f}, recall {recall:.3f} against "
        f"jedi; precision {adjusted:.3f} counting the extras ast confirms"
    )


if __name__ == "__main__":
    main()
