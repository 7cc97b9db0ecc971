"""Rust: ``cargo check`` is the oracle; crates as Debian packages them are the projects.

Projects (the sources Debian ships in ``librust-<crate>-dev``, a pinned version of the
Debian archive, fetched with ``apt-get download`` and unpacked with ``dpkg-deb``; the
crates' own tests are in their sources):

- ``regex-syntax`` 0.6.27 (``librust-regex-syntax-dev`` 0.6.27-1; MIT OR Apache-2.0):
  31 files, no dependencies;
- ``aho-corasick`` 0.7.19 (``librust-aho-corasick-dev`` 0.7.19-1; Unlicense OR MIT):
  21 files, depends on ``memchr`` (``librust-memchr-dev``, the same way).

Held out (added 2026-12-01 before any trial ran on them, after every rule of the Rust
model was written):

- ``semver`` 1.0.14 (``librust-semver-dev`` 1.0.14-1; MIT OR Apache-2.0): 17 files,
  ``Version``, ``VersionReq`` and ``Comparator`` with their parsers;
- ``smallvec`` 1.9.0 (``librust-smallvec-dev`` 1.9.0-1; MIT OR Apache-2.0): a vector
  whose methods share ``Vec``'s names (``push``, ``insert``, ``len``), its tests need
  ``bincode`` (``librust-bincode-dev``), its optional ``arbitrary`` feature
  ``librust-arbitrary-dev``.

Held out (added 2026-12-04, thirtieth session, before any trial ran on them, after every
rule of the Rust model was written):

- ``indexmap`` 1.9.2 (``librust-indexmap-dev`` 1.9.2-1; Apache-2.0 OR MIT): 23 files,
  ``IndexMap`` and ``IndexSet`` whose methods share ``HashMap``'s and each other's names
  (``insert``, ``get``, ``len``, ``iter``), on ``hashbrown``; its tests need ``fnv``,
  ``fxhash``, ``itertools``, ``lazy_static``, ``quickcheck``, ``rand`` and
  ``serde_derive`` (its benches need a nightly compiler: the baseline's errors);
- ``either`` 1.6.1 (``librust-either-dev`` 1.6.1-1; MIT OR Apache-2.0): one enum whose
  methods share ``Option``'s and ``Result``'s names (``map``, ``as_ref``, ``unwrap_left``).

``prepare`` points cargo at Debian's registry directory (``.cargo/config.toml``: a
directory source replacing crates.io, offline). ``build`` is ``cargo check
--all-targets --keep-going``, with the optional features that add code (see
``_OPTIONAL_FEATURES``; since 2026-12-01, nineteenth session) (the library and its ``#[cfg(test)]`` code, each target even
when another fails), errors by the file and line of their primary span. While the
library does not compile, the targets that depend on it (``tests/``, ``benches/``,
``examples/``) are not checked, and rustc reports a method's uses only once names
resolve: ``uses_at`` mends each error whose span spells the old name and checks again,
until nothing is left to mend; every round's new errors at lines that spell the name
are the truth (since 2026-12-01, nineteenth session: the others are consequences). ``tests`` runs
``cargo test --lib --bins --tests`` (doc tests are examples in comments, which a rename
leaves alone by design: it lists them) and reads each test's outcome (before 2026-12-01 it
asked for the terse format, which names no test: every Rust rename was checked by the
build alone).

An item written twice under exclusive ``#[cfg]``s (semver's ``Prerelease::EMPTY``) has
its variants renamed with it (``after_rename``): one of them is compiled.

Skipped symbols: a method of an ``impl Trait for Type`` (renaming it alone breaks the
impl, the compiler names no use), a ``#[test]`` function (its name is its test id), an
inherent method of a type that also has a trait's method of that name (without it, the
calls resolve to the trait's method: the compiler reports none of them), an item only a
``#[cfg]`` other than ``test`` compiles (a feature, ``doc``: the check leaves it out, so
no error can name its uses) unless a variant of it is compiled.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle.common import Diag, Symbol, new_errors, run, spelling

LANGUAGE = "rust"
#: crate -> (Debian package, version in the archive, the crate's directory in the package).
_CRATES = {
    "regex-syntax": ("librust-regex-syntax-dev", "0.6.27-1", "regex-syntax-0.6.27"),
    "aho-corasick": ("librust-aho-corasick-dev", "0.7.19-1", "aho-corasick-0.7.19"),
    "semver": ("librust-semver-dev", "1.0.14-1", "semver-1.0.14"),
    "smallvec": ("librust-smallvec-dev", "1.9.0-1", "smallvec-1.9.0"),
    # held out, added 2026-12-04 before any trial
    "indexmap": ("librust-indexmap-dev", "1.9.2-1", "indexmap-1.9.2"),
    "either": ("librust-either-dev", "1.6.1-1", "either-1.6.1"),
}
#: Debian packages the projects' builds need (their dependencies' sources).
_NEEDED = (
    "librust-memchr-dev",
    "librust-bincode-dev",
    "librust-arbitrary-dev",
    "librust-hashbrown-dev",
    "librust-rayon-dev",
    "librust-serde-derive-dev",
    "librust-serde-json-dev",
    "librust-fnv-dev",
    "librust-fxhash-dev",
    "librust-itertools-dev",
    "librust-lazy-static-dev",
    "librust-quickcheck-dev",
    "librust-rand-dev",
    "librust-autocfg-dev",
)
REGISTRY = Path("/usr/share/cargo/registry")
KEEP = ("target",)


def _debian(package: str, version: str, directory: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        root = cache / directory
        if root.is_dir():
            return root
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                ["apt-get", "download", f"{package}={version}"],
                cwd=tmp,
                check=True,
                capture_output=True,
            )
            deb = next(Path(tmp).glob("*.deb"))
            unpacked = Path(tmp) / "x"
            subprocess.run(["dpkg-deb", "-x", str(deb), str(unpacked)], check=True)
            source = unpacked / "usr/share/cargo/registry" / directory
            shutil.copytree(source, root, symlinks=False)
        for name in (".cargo-checksum.json", "debian"):
            path = root / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
        return root

    return fetch


PROJECTS = {name: _debian(*spec) for name, spec in _CRATES.items()}

_CONFIG = f"""[source.crates-io]
replace-with = "debian"

[source.debian]
directory = "{REGISTRY}"

[net]
offline = true
"""


def prepare(root: Path) -> None:
    _CURRENT.append(root)
    missing = [
        p
        for p in _NEEDED
        # the registry's folders spell a crate's name with ``_`` where Debian's has ``-``
        if not any(
            REGISTRY.glob(
                p.removeprefix("librust-").removesuffix("-dev").replace("-", "[-_]") + "-*"
            )
        )
    ]
    if missing:
        subprocess.run(
            ["apt-get", "install", "-y", "-q", *missing], check=True, capture_output=True
        )
    (root / ".cargo").mkdir(exist_ok=True)
    (root / ".cargo" / "config.toml").write_text(_CONFIG)
    run(["cargo", "generate-lockfile", "--offline"], root)
    _BASELINES[root] = build(root)


#: root -> the errors of the prepared project (its benches may need a nightly compiler).
_BASELINES: dict[Path, list[Diag]] = {}


#: A primary span of an error: (file, line, first column, end column), 1-based columns
#: in characters, and the text it highlights.
_Span = tuple[str, int, int, int, str]


def build(root: Path) -> list[Diag]:
    checked = _LAST_CHECK[root] = _check(root)
    return [diag for diag, _ in checked]


#: root -> its last check, with each error's span (``uses_at`` mends from it).
_LAST_CHECK: dict[Path, list[tuple[Diag, _Span | None]]] = {}


#: The optional features checked with the defaults: those that add code (no variant
#: that replaces another, as smallvec's ``union``), build on stable Rust (not
#: ``specialization``/``may_dangle``) and whose dependencies Debian ships. Without them
#: the code they gate is never checked (semver's ``src/serde.rs``), and no error can
#: name the uses there.
_OPTIONAL_FEATURES = {
    "semver": ("serde",),
    "smallvec": ("write", "const_generics", "const_new", "arbitrary"),
    "indexmap": ("serde", "rayon", "arbitrary", "quickcheck"),
    "either": ("serde",),
}


def _features(root: Path) -> list[str]:
    # the pristine folder is ``name-version``, its scratch copy ``name``
    name = next(
        (n for n in _OPTIONAL_FEATURES if root.name == n or root.name.startswith(f"{n}-")), ""
    )
    features = _OPTIONAL_FEATURES.get(name, ())
    return ["--features", ",".join(features)] if features else []


def _check(root: Path) -> list[tuple[Diag, _Span | None]]:
    done = run(
        [
            "cargo",
            "check",
            "--offline",
            "--all-targets",
            "--keep-going",
            *_features(root),
            "--message-format",
            "json",
            "-q",
        ],
        root,
        env={"CARGO_TERM_COLOR": "never"},
    )
    seen: set[tuple[str, int, str]] = set()
    out: list[tuple[Diag, _Span | None]] = []
    for line in done.stdout.splitlines():
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            continue
        if message.get("reason") != "compiler-message":
            continue
        diagnostic = message.get("message") or {}
        if diagnostic.get("level") != "error":
            continue
        code = (diagnostic.get("code") or {}).get("code")
        if code == "E0046":
            # "not all trait items implemented", at an impl's header: the impl's method
            # (E0407) is the use; this is its echo.
            continue
        spans = [s for s in diagnostic.get("spans", []) if s.get("is_primary")]
        for span in spans[:1]:
            file = _local(root, span.get("file_name", ""))
            if file is None:
                continue
            text = diagnostic.get("message", "").replace("_prxoracle", "")
            key = (file, int(span["line_start"]), text)
            if key not in seen:
                seen.add(key)
                out.append((Diag(file, int(span["line_start"]), text), _span(file, span)))
    if done.returncode != 0 and not out:
        # Cargo stopped before compiling (a dependency it cannot resolve ...): no truth.
        raise RuntimeError(f"cargo check failed: {done.stderr[-2000:]}")
    return out


def _span(file: str, span: dict[str, Any]) -> _Span | None:
    if span.get("line_start") != span.get("line_end"):
        return None
    lines = span.get("text") or []
    if not lines:
        return None
    first = lines[0]
    start, end = int(first["highlight_start"]), int(first["highlight_end"])
    highlighted = str(first.get("text", ""))[start - 1 : end - 1]
    return (file, int(span["line_start"]), start, end, highlighted)


def uses_at(root: Path, symbol: Symbol, errors: list[Diag]) -> list[Diag]:
    """The errors of the renamed definition, and those the compiler reaches once they are
    mended: each error whose span spells the old name is renamed there and the crate
    checked again, until nothing is left to mend.

    Without it, a public item's uses outside the library (``tests/``, ``benches/``,
    ``examples/``) go unreported: those targets are not compiled while the library
    fails; and rustc reports a method's or field's uses only after the names resolve."""
    baseline = _BASELINES.get(root, [])
    new = symbol.name + "_prxoracle"
    found = list(errors)
    known = {(d.file, d.line, d.message) for d in found}
    checked = _LAST_CHECK.get(root) or _check(root)
    for _ in range(_ROUNDS):
        shorthand = {span for diag, span in checked if span and _NO_FIELD in diag.message}
        spans = [span for _, span in checked if span]
        mended = _mend(root, spans, symbol.name, new, shorthand)
        if not mended:
            break
        checked = _check(root)
        fresh = new_errors(baseline, [d for d, _ in checked], (symbol.name, new))
        for diag in fresh:
            if (diag.file, diag.line, diag.message) not in known:
                known.add((diag.file, diag.line, diag.message))
                found.append(diag)
    return _spelling(root, found, symbol.name, new)


def _spelling(root: Path, errors: list[Diag], old: str, new: str) -> list[Diag]:
    """The errors at lines that spell the name (old, or mended to the new one): the
    others are consequences, not uses (with ``SmallVecData`` renamed, ``let len =
    self.len();`` fails in every method whose type no longer checks), as the Java
    oracle keeps only those."""
    word = re.compile(r"(?<![\w])(?:" + re.escape(old) + "|" + re.escape(new) + r")(?![\w])")
    return spelling(root, errors, word)


#: How many times the crate is mended and checked again for one symbol.
_ROUNDS = 6


#: rustc's error at a struct literal's field it does not know.
_NO_FIELD = "has no field named"


def _mend(
    root: Path, spans: list[_Span], old: str, new: str, fields: set[_Span] | None = None
) -> int:
    """Rename each span that spells ``old``; a span of ``fields`` (a field rustc does not
    know) written in shorthand (``Version { major, pre, build }``, where ``pre`` is also
    the local it takes) becomes ``new: old``."""
    by_file: dict[str, list[_Span]] = {}
    for span in spans:
        if span[4] == old:
            by_file.setdefault(span[0], []).append(span)
    mended = 0
    for file, found in by_file.items():
        path = root / file
        lines = path.read_text(encoding="utf-8").split("\n")
        for span in sorted(set(found), key=lambda s: (s[1], -s[2])):
            _, line, start, end, _ = span
            text = lines[line - 1]
            after = text[end - 1 : end]
            if text[start - 1 : end - 1] == old and not (after.isalnum() or after == "_"):
                shorthand = span in (fields or ()) and text[end - 1 :].lstrip()[:1] in (
                    "",
                    ",",
                    "}",
                )
                written = f"{new}: {old}" if shorthand else new
                lines[line - 1] = text[: start - 1] + written + text[end - 1 :]
                mended += 1
        path.write_text("\n".join(lines), encoding="utf-8")
    return mended


def _local(root: Path, name: str) -> str | None:
    path = Path(name)
    if path.is_absolute():
        try:
            path = path.resolve().relative_to(root.resolve())
        except ValueError:
            return None
    if path.parts and path.parts[0] == "target":
        return None
    return path.as_posix()


def tests(root: Path) -> dict[str, str] | None:
    """Each test's outcome, by its name (a name two test binaries share is told apart by
    its place in the run: ``name#2``). The harness's default format names each test;
    ``-q`` (or ``--format terse``) would print a dot for each, and no test would count."""
    done = run(
        [
            "cargo",
            "test",
            "--offline",
            "--lib",
            "--bins",
            "--tests",
            "--no-fail-fast",
            *_features(root),
        ],
        root,
        env={"CARGO_TERM_COLOR": "never"},
    )
    outcomes: dict[str, str] = {}
    for line in done.stdout.splitlines():
        if line.startswith("test ") and " ... " in line:
            name, _, result = line[5:].rpartition(" ... ")
            name = name.strip()
            result = result.strip()
            key, seen = name, 1
            while key in outcomes:
                seen += 1
                key = f"{name}#{seen}"
            outcomes[key] = (
                "passed" if result == "ok" else "skipped" if result == "ignored" else "failed"
            )
    return outcomes or None


def _variants(root: Path, symbol: Symbol, data: bytes | None = None) -> list[Any]:
    """The other ``#[cfg]`` variants of the symbol's item, as prx's Rust model finds them
    (``#[cfg(doc)] const EMPTY`` beside ``#[cfg(not(doc))] const EMPTY``), in the file's
    bytes ``data`` (as it is on disk by default)."""
    from prx.engine.intel.models.rust import RustModel, _twins
    from prx.engine.intel.project import ParsedFile

    if data is None:
        data = (root / symbol.file).read_bytes()
    parsed = ParsedFile(symbol.file, _rust_spec(root), data)
    targets = RustModel().definitions(None, parsed)
    own = next((t for t in targets if t.start == symbol.start), None)
    return [t for t in targets if own is not None and _twins(own, t)]


def after_rename(root: Path, symbol: Symbol, new: str) -> list[Diag]:
    """The item's other ``#[cfg]`` variants renamed with it: one of them is compiled, and
    the uses are the item's whichever it is."""
    path = root / symbol.file
    data = path.read_bytes()
    old = symbol.name.encode()
    shift = len(new) - len(symbol.name)
    # read as it was before the definition's own name changed
    before = data[: symbol.start] + old + data[symbol.start + len(new) :]
    for twin in sorted(_variants(root, symbol, before), key=lambda t: -t.start):
        at = twin.start + (shift if twin.start > symbol.start else 0)
        if data[at : at + len(old)] == old:
            data = data[:at] + new.encode() + data[at + len(old) :]
    path.write_bytes(data)
    return []


def _gated_off(node: Any) -> bool:
    """Whether an item, or one around it, is compiled only under a ``#[cfg]`` other than
    ``test`` (a feature, ``doc``, a platform): ``cargo check`` leaves it out by default."""
    from prx.engine.intel.models.rust import attributes_of

    while node is not None:
        if any(t.startswith("#[cfg(") and t != "#[cfg(test)]" for t in attributes_of(node)):
            return True
        node = node.parent
    return False


#: root -> file -> the line ranges the check leaves out (see :mod:`oracle.rust_cfg`).
_UNCHECKED: dict[Path, dict[str, list[tuple[int, int]]]] = {}


def unchecked(root: Path, file: str, line: int) -> bool:
    """Whether ``cargo check`` leaves line ``line`` of ``file`` out (line 0: the whole
    file), under a ``#[cfg]`` it does not enable: no error can name a use there."""
    ranges = _unchecked_ranges(root).get(file, [])
    last = max((end for _, end in ranges), default=0)
    if line == 0:
        return (
            bool(ranges) and ranges[0][0] <= 1 and len(ranges) == 1 and last >= _lines(root, file)
        )
    return any(first <= line <= end for first, end in ranges)


def _lines(root: Path, file: str) -> int:
    try:
        return (root / file).read_bytes().count(b"\n") + 1
    except OSError:
        return 0


def _unchecked_ranges(root: Path) -> dict[str, list[tuple[int, int]]]:
    if root in _UNCHECKED:
        return _UNCHECKED[root]
    import prx
    from oracle.rust_cfg import enabled_features, off_modules, unchecked_lines
    from prx.engine.intel.project import ParsedFile

    name = next(
        (n for n in _OPTIONAL_FEATURES if root.name == n or root.name.startswith(f"{n}-")), ""
    )
    features = enabled_features(root, _OPTIONAL_FEATURES.get(name, ()))
    workspace = prx.Workspace(root)
    out: dict[str, list[tuple[int, int]]] = {}
    files = sorted(
        p.relative_to(root).as_posix() for p in root.rglob("*.rs") if "target" not in p.parts
    )
    for rel in files:
        parsed = ParsedFile(rel, workspace.language_for(str(root / rel)), (root / rel).read_bytes())
        if parsed.tree is None:
            continue
        ranges = unchecked_lines(parsed.tree, features)
        if ranges:
            out.setdefault(rel, []).extend(ranges)
        for module in off_modules(parsed.tree, rel, features):
            if module in files:
                out[module] = [(1, _lines(root, module))]
    _UNCHECKED[root] = out
    return out


def skip(symbol: Symbol) -> str | None:
    """A method of a trait impl, a test function, an inherent method a trait's method of
    the same name stands in for (see the module's docstring); an item only a disabled
    ``#[cfg]`` compiles (no error can name its uses) unless a variant of it is compiled."""
    from prx.engine.intel.models import model_for
    from prx.engine.intel.project import ParsedFile

    if not _CURRENT:
        return None
    root = _CURRENT[-1]
    parsed = ParsedFile(symbol.file, _rust_spec(root), (root / symbol.file).read_bytes())
    for target in model_for("rust").definitions(None, parsed):
        if target.start != symbol.start:
            continue
        node = target.defn.node
        holder = node.parent.parent if node.parent is not None else None
        if (
            holder is not None
            and holder.type == "impl_item"
            and holder.child_by_field_name("trait")
        ):
            return "a method of a trait impl"
        if holder is not None and holder.type == "impl_item" and _shadows(root, symbol, holder):
            return "an inherent method a trait's method of the same name stands in for"
        previous = node.prev_named_sibling
        while previous is not None and previous.type == "attribute_item":
            if b"test" in bytes(previous.text or b""):
                return "a test function"
            previous = previous.prev_named_sibling
        if _gated_off(node) and not _variants(root, symbol):
            return "compiled only under a #[cfg] cargo check does not enable"
    return None


def _shadows(root: Path, symbol: Symbol, impl: Any) -> bool:
    """Whether the type of ``impl`` implements a project trait that has a method named
    like ``symbol`` (declared or provided)."""
    import prx
    from prx.engine.intel.models.rust import _state
    from prx.engine.intel.project import Project

    project = _PROJECTS.get(root)
    if project is None:
        project = _PROJECTS[root] = Project(prx.Workspace(root), str(root))
    state = _state(project)
    type_node = impl.child_by_field_name("type")
    owner = state.resolver.type_entity(symbol.file, type_node) if type_node else None
    if owner is None:
        return False
    for trait in state.types.impls.traits_of(owner):
        found = state.types.item_node(trait)
        body = found[1].child_by_field_name("body") if found is not None else None
        for item in body.named_children if body is not None else ():
            name = item.child_by_field_name("name")
            if (
                item.type in ("function_item", "function_signature_item")
                and name is not None
                and bytes(name.text or b"").decode() == symbol.name
            ):
                return True
    return False


_PROJECTS: dict[Path, Any] = {}

#: The project being measured (``prepare`` sets it: ``skip`` reads its files).
_CURRENT: list[Path] = []


def _rust_spec(root: Path) -> Any:
    import prx

    return prx.Workspace(root).language_for(str(root / "x.rs"))
