"""Rust: ``cargo check`` is the oracle; crates as Debian packages them are the projects.

Projects (the sources Debian ships in ``librust-<crate>-dev``, a pinned version of the
Debian archive, fetched with ``apt-get download`` and unpacked with ``dpkg-deb``; the
crates' own tests are in their sources):

- ``regex-syntax`` 0.6.27 (``librust-regex-syntax-dev`` 0.6.27-1; MIT OR Apache-2.0):
  31 files, no dependencies;
- ``aho-corasick`` 0.7.19 (``librust-aho-corasick-dev`` 0.7.19-1; Unlicense OR MIT):
  21 files, depends on ``memchr`` (``librust-memchr-dev``, the same way).

``prepare`` points cargo at Debian's registry directory (``.cargo/config.toml``: a
directory source replacing crates.io, offline). ``build`` is ``cargo check
--all-targets --keep-going`` (the library and its ``#[cfg(test)]`` code, each target even
when another fails), errors by the file and line of their primary span; ``tests`` runs
``cargo test --lib --bins --tests`` (doc tests are examples in comments, which a rename
leaves alone by design: it lists them) and reads each test's outcome.

Skipped symbols: a method of an ``impl Trait for Type`` (renaming it alone breaks the
impl, the compiler names no use), a ``#[test]`` function (its name is its test id), an
inherent method of a type that also has a trait's method of that name (without it, the
calls resolve to the trait's method: the compiler reports none of them).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from oracle.common import Diag, Symbol, run

LANGUAGE = "rust"
#: crate -> (Debian package, version in the archive, the crate's directory in the package).
_CRATES = {
    "regex-syntax": ("librust-regex-syntax-dev", "0.6.27-1", "regex-syntax-0.6.27"),
    "aho-corasick": ("librust-aho-corasick-dev", "0.7.19-1", "aho-corasick-0.7.19"),
}
#: Debian packages the projects' builds need (their dependencies' sources).
_NEEDED = ("librust-memchr-dev",)
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
        if not any(REGISTRY.glob(p.removeprefix("librust-").removesuffix("-dev") + "-*"))
    ]
    if missing:
        subprocess.run(
            ["apt-get", "install", "-y", "-q", *missing], check=True, capture_output=True
        )
    (root / ".cargo").mkdir(exist_ok=True)
    (root / ".cargo" / "config.toml").write_text(_CONFIG)
    run(["cargo", "generate-lockfile", "--offline"], root)


def build(root: Path) -> list[Diag]:
    done = run(
        [
            "cargo",
            "check",
            "--offline",
            "--all-targets",
            "--keep-going",
            "--message-format",
            "json",
            "-q",
        ],
        root,
        env={"CARGO_TERM_COLOR": "never"},
    )
    seen: set[tuple[str, int, str]] = set()
    out: list[Diag] = []
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
                out.append(Diag(file, int(span["line_start"]), text))
    return out


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
    done = run(
        [
            "cargo",
            "test",
            "--offline",
            "--lib",
            "--bins",
            "--tests",
            "-q",
            "--no-fail-fast",
            "--",
            "--format",
            "terse",
            "-Z",
            "unstable-options",
        ],
        root,
        env={"CARGO_TERM_COLOR": "never", "RUSTC_BOOTSTRAP": "1"},
    )
    outcomes: dict[str, str] = {}
    for line in done.stdout.splitlines():
        if line.startswith("test ") and " ... " in line:
            name, _, result = line[5:].rpartition(" ... ")
            result = result.strip()
            outcomes[name.strip()] = (
                "passed" if result == "ok" else "skipped" if result == "ignored" else "failed"
            )
    return outcomes or None


def skip(symbol: Symbol) -> str | None:
    """A method of a trait impl, a test function, an inherent method a trait's method of
    the same name stands in for (see the module's docstring)."""
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
