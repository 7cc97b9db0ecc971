"""Go: go/types (Go's own type checker, standard library) is the oracle; Debian's packaged
Go modules are the projects.

The projects are the sources Debian ships in ``golang-<x>-dev`` packages, pinned by
version and fetched with ``apt-get download`` from the Debian archive (bookworm):

- ``go-cmp``: ``golang-github-google-go-cmp-dev`` 0.5.9-1, github.com/google/go-cmp
  (BSD-3-Clause): ``cmp``, ``cmp/cmpopts`` and six internal packages, 44 files;
- ``goldmark``: ``golang-github-yuin-goldmark-dev`` 1.5.4-1, github.com/yuin/goldmark
  (MIT): a Markdown parser in 11 packages, 62 files, built on interfaces (``ast.Node``
  and its dozens of implementations through an embedded ``BaseNode``).

Held out (added 2026-12-01 before any trial ran on them, after every rule of the Go
model was written):

- ``pflag``: ``golang-github-spf13-pflag-dev`` 1.0.6~git20210604-d5e0c0615ace-1,
  github.com/spf13/pflag (BSD-3-Clause): POSIX command-line flags, one package of 38
  files, a ``Value`` interface and a type per flag kind with the same methods;
- ``mux``: ``golang-github-gorilla-mux-dev`` 1.8.0-1, github.com/gorilla/mux
  (BSD-3-Clause): an HTTP router, one package of 16 files.

Both need nothing but the standard library (their tests too), so no module proxy.

Held out (added 2026-12-04, thirtieth session, before any trial ran on them, after every
rule of the Go model was written):

- ``go-toml``: ``golang-github-pelletier-go-toml-dev`` 1.9.4-1, github.com/pelletier/go-toml
  (MIT): a TOML parser, encoder and ``Tree`` in 5 packages (``query``, three commands),
  43 files; its ``benchmark`` package needs BurntSushi/toml and yaml.v2, which the
  machine lacks: it fails to build before any change (the same before and after);
- ``mapstructure``: ``golang-github-mitchellh-mapstructure-dev`` 1.5.0-2,
  github.com/mitchellh/mapstructure (MIT): decoding maps into structs, one package of 8
  files, a ``Decoder`` with a method per kind.

The checker (``gocheck/main.go``, built once with the installed ``go``) type-checks every
package of the module, tests included, as ``go vet`` would, but goes on past a package
with errors: ``go build`` and ``go vet`` stop at the first package that does not compile,
and the packages importing it, where most uses of an exported name are, would report
nothing. The tests run with ``go test -json``.

A method that satisfies an interface is used implicitly wherever its type is converted
to that interface: with its name changed, the compiler reports each conversion ("X does
not implement I (missing method M)"), on lines that do not name it. :func:`uses` leaves
those out of the truth of ``impact`` and ``explain`` (they list the places that name a
definition); a rename is checked against every error.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from oracle.common import CACHE, Diag, Symbol, run

LANGUAGE = "go"
#: name -> (Debian package, version, the module's folder in the package).
_DEBIAN = {
    "go-cmp": (
        "golang-github-google-go-cmp-dev",
        "0.5.9-1",
        "usr/share/gocode/src/github.com/google/go-cmp",
    ),
    "goldmark": (
        "golang-github-yuin-goldmark-dev",
        "1.5.4-1",
        "usr/share/gocode/src/github.com/yuin/goldmark",
    ),
    "pflag": (
        "golang-github-spf13-pflag-dev",
        "1.0.6~git20210604-d5e0c0615ace-1",
        "usr/share/gocode/src/github.com/spf13/pflag",
    ),
    "mux": (
        "golang-github-gorilla-mux-dev",
        "1.8.0-1",
        "usr/share/gocode/src/github.com/gorilla/mux",
    ),
    # held out, added 2026-12-04 before any trial
    "go-toml": (
        "golang-github-pelletier-go-toml-dev",
        "1.9.4-1",
        "usr/share/gocode/src/github.com/pelletier/go-toml",
    ),
    "mapstructure": (
        "golang-github-mitchellh-mapstructure-dev",
        "1.5.0-2",
        "usr/share/gocode/src/github.com/mitchellh/mapstructure",
    ),
}
TOOLS = CACHE / "tools"
#: The go command as the oracle runs it: offline, this machine's toolchain, no cgo.
GO_ENV = {
    "GOFLAGS": "-mod=mod -buildvcs=false",
    "GOPROXY": "off",
    "GOTOOLCHAIN": "local",
    "CGO_ENABLED": "0",
    "GO111MODULE": "on",
    "GOCACHE": str(TOOLS / "gocache"),
    "GOPATH": str(TOOLS / "gopath"),
}
_ERROR = re.compile(r"^(?P<file>[^\s:][^:]*\.go):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$")
_RENAMED = re.compile(r"\b\w+_(?:prxoracle|renamed)\b")


def _debian(package: str, version: str, inside: str) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        root = cache / f"{package}-{version}"
        if root.is_dir():
            return root
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(
                ["apt-get", "download", "-q", f"{package}={version}"], cwd=tmp, check=True
            )
            deb = next(Path(tmp).glob("*.deb"))
            subprocess.run(["dpkg-deb", "-x", str(deb), str(Path(tmp) / "x")], check=True)
            shutil.copytree(Path(tmp) / "x" / inside, root, symlinks=False)
        return root

    return fetch


PROJECTS = {name: _debian(*spec) for name, spec in _DEBIAN.items()}


def _gocheck() -> str:
    binary = TOOLS / "gocheck"
    source = Path(__file__).parent / "gocheck" / "main.go"
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        TOOLS.mkdir(parents=True, exist_ok=True)
        done = run(["go", "build", "-o", str(binary), str(source)], source.parent, env=GO_ENV)
        if done.returncode != 0:
            raise RuntimeError(f"building gocheck: {done.stderr}")
    return str(binary)


def build(root: Path) -> list[Diag]:
    done = run([_gocheck(), str(root)], root, env=GO_ENV)
    out: list[Diag] = []
    for line in done.stdout.splitlines():
        found = _ERROR.match(line)
        if found is None:
            if out and line.startswith("\t"):  # a message's continuation
                last = out[-1]
                out[-1] = Diag(last.file, last.line, f"{last.message} | {line.strip()}")
            continue
        message = _RENAMED.sub("X", found.group("message"))
        out.append(Diag(found.group("file"), int(found.group("line")), message))
    if done.returncode != 0 and not out:
        raise RuntimeError(f"gocheck failed: {done.stderr[-2000:]}")
    return out


#: An error of an implicit interface conversion (a value used as an interface, compared
#: with one, a type switch case, a type assertion): the method is missing, but not named
#: on that line.
_IMPLICIT = re.compile(
    r"does not implement|missing method|wrong type for method|cannot have dynamic type"
    r"|impossible type|mismatched types"
)


def uses(symbol: Symbol, errors: list[Diag]) -> list[Diag]:
    """The errors that name the symbol (an implicit interface conversion does not)."""
    return [d for d in errors if not _IMPLICIT.search(d.message)]


def tests(root: Path) -> dict[str, str] | None:
    # -vet=off: the vet checks `go test` runs first are lint (pflag's test file fails one
    # on this Go, "Println arg list ends with redundant newline", and no test ran)
    done = run(
        ["go", "test", "-vet=off", "-json", "-count=1", "./..."], root, env=GO_ENV, timeout=1800
    )
    outcomes: dict[str, str] = {}
    for line in done.stdout.splitlines():
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        test = event.get("Test")
        action = event.get("Action")
        if test and action in ("pass", "fail", "skip"):
            outcome = {"pass": "passed", "fail": "failed", "skip": "skipped"}[action]
            outcomes[f"{event.get('Package')}::{test}"] = outcome
    return outcomes or None


#: Build constraints the default build leaves out (the checker does not see those files).
_EXCLUDED = re.compile(r"^//go:build\s+(?:ignore|purego|cmp_debug|appengine)\b", re.M)
#: Project path -> whether the default build leaves it out (filled by :func:`prepare`).
_LEFT_OUT: dict[str, bool] = {}


#: (file, qualified name) of each member that hides a promoted one of its name.
_HIDING: set[tuple[str, str]] = set()


def prepare(root: Path) -> None:
    """Note the files the default build leaves out (they stay on disk), and the members
    that hide a promoted one."""
    for path in root.rglob("*.go"):
        head = path.read_text(errors="replace")[:2000]
        _LEFT_OUT[path.relative_to(root).as_posix()] = bool(_EXCLUDED.search(head))
    _HIDING.update(_hiding(root))


def _hiding(root: Path) -> set[tuple[str, str]]:
    """The fields and methods of a type that one of its embedded types has too (``MapIndex
    .Values`` over the embedded ``pathStep``'s): with the name changed, every use compiles
    against the promoted member, so the compiler names none of them."""
    import prx
    from prx.engine.intel.models.go_index import go_index
    from prx.engine.intel.project import Project

    index = go_index(Project(prx.Workspace(root), str(root)))
    out: set[tuple[str, str]] = set()
    for key, info in index.all_types():
        for name in {*info.fields, *info.methods}:
            for _, type_node in info.embeds:
                inner = index.resolve_type(type_node, info.file)
                if index.member(inner, name)[0] is not None:
                    out.add(
                        (info.method_files.get(name, info.file).rel, f"{key[1]}.{info.name}.{name}")
                    )
    return out


def skip(symbol: Symbol) -> str | None:
    """A name the compiler never looks up (``init``, ``main``, ``_``), one in a file the
    default build leaves out, a member hiding a promoted one: no error can name its
    uses."""
    if symbol.name in ("init", "main", "_"):
        return "called by the runtime"
    if _LEFT_OUT.get(symbol.file, False):
        return "in a file the default build leaves out"
    if (symbol.file, symbol.qualified) in _HIDING:
        return "hides a promoted member of its name: the uses would compile against that one"
    return None
