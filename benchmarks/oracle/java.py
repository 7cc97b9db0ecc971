"""Java: ``javac`` is the oracle, JUnit (Debian's ``junit4``/``junit5`` jars) runs the tests.

Projects are public repository snapshots at a pinned commit (``git archive`` of a local
mirror when one is at ``$PRX_ORACLE_MIRRORS/<owner>+<name>/repo`` or
``/work/.mirror/...``, else a clone from GitHub), pure-Java libraries whose sources
compile with ``javac`` alone and whose tests need only JUnit and hamcrest:

- ``commons-cli``: apache/commons-cli (Apache-2.0), JUnit 5;
- ``jopt-simple``: jopt-simple/jopt-simple (MIT), JUnit 4;
- ``java-diff-utils``: java-diff-utils/java-diff-utils (Apache-2.0), JUnit 5 (its
  ``java-diff-utils-jgit`` module, which needs JGit, is left out).

Held out (added 2026-12-01 before any trial ran on them, after every rule of the Java
model was written):

- ``commons-csv``: apache/commons-csv (Apache-2.0) at release 1.10.0, JUnit 5 (its
  later sources need commons-io 2.15: Debian ships 2.11, against which they do not
  compile, and no test would run);
- ``commons-codec``: apache/commons-codec (Apache-2.0), JUnit 5.

Held out again (added 2026-12-01, nineteenth session, before any trial ran on them, after
the rules written from commons-csv and commons-codec: boxing, arrays of primitives,
varargs, the bytecode oracle):

- ``java-classmate``: FasterXML/java-classmate (Apache-2.0), JUnit 4;
- ``json-java``: stleary/JSON-java (public domain), JUnit 4 (its tests that need
  json-path or Mockito are dropped by ``prepare``).

``prepare`` removes ``module-info.java`` (the jars are on the class path, not the module
path) and the test files that need a library Debian does not ship (Mockito, AssertJ,
junit-pioneer, commons-text, the infinitest toolkit ...): the test files that do not
compile against the jars are dropped until the project builds clean, so the baseline has
no error. javac reports every use of a missing name (``-Xmaxerrs``), import lines and
uses alike.

Since 2026-12-01 (nineteenth session) the truth also holds the calls javac binds to the
method that a rename leaves compiling (see :mod:`oracle.java_bytecode`): a call another
overload takes by boxing (its bytecode changes), and a call of an override through its
own class (``format.hashCode()``: the same instruction binds ``Object.hashCode`` once it
is renamed). Before, both were counted as prx's false positives.

Needs: ``apt-get install -y junit4 junit5 libhamcrest-java`` (and ``libcommons-lang3-java``,
``libcommons-io-java``, which commons-cli's tests import, and ``libcommons-codec-java``).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

from oracle.common import Diag, Symbol, run, spelling
from oracle.java_bytecode import bound_calls, keep_baseline, rebound

LANGUAGE = "java"
LANGUAGES = frozenset({"java"})
#: name -> (owner/name, commit, folders dropped).
_SNAPSHOTS = {
    "commons-cli": ("apache/commons-cli", "0a68ae0e826bb08eb59bda9bae7ec5d84008b62a", ()),
    "jopt-simple": ("jopt-simple/jopt-simple", "bcac08c12a5fcde88d22b17e4bdb966d3b6383ac", ()),
    "java-diff-utils": (
        "java-diff-utils/java-diff-utils",
        "696edc4c1a26d3021082cf643842d534aa8e07d7",
        ("java-diff-utils-jgit",),
    ),
    "commons-csv": ("apache/commons-csv", "5b99c860986a87f9da664bf47a3a7c0026673123", ()),
    "commons-codec": ("apache/commons-codec", "8dcd16b7d13ef1a78e325d458830ead890fe82ac", ()),
    "java-classmate": ("FasterXML/java-classmate", "741f63d36dad585901f58835186f633b848ca8c7", ()),
    "json-java": ("stleary/JSON-java", "1795e8cf26229229e7ab6fe4aeab0f51ffecda5a", ()),
}
_JARS_DIR = Path("/usr/share/java")
#: The jars on the class path (those present).
_JARS = (
    "junit-jupiter-api",
    "junit-jupiter-params",
    "junit4",
    "hamcrest",
    "hamcrest-library",
    "opentest4j",
    "apiguardian-api",
    "junit-platform-commons",
    "commons-lang3",
    "commons-io",
    "commons-codec",
)
_LAUNCHER = "junit-platform-console-standalone"
_ERROR = re.compile(r"^(?P<file>\S.*?\.java):(?P<line>\d+): error: (?P<message>.*)$")
_TEST_DIR = re.compile(r"(^|/)src/test/")


def _mirrors(repo: str) -> list[Path]:
    name = repo.replace("/", "+")
    roots = [os.environ.get("PRX_ORACLE_MIRRORS", ""), "/work/.mirror"]
    return [Path(r) / name / "repo" for r in roots if r]


def _snapshot(
    name: str, repo: str, commit: str, dropped: tuple[str, ...]
) -> Callable[[Path], Path]:
    def fetch(cache: Path) -> Path:
        root = cache / f"{name}-{commit[:10]}"
        if root.is_dir():
            return root
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            git_dir = next((m for m in _mirrors(repo) if m.is_dir()), None)
            if git_dir is None:
                clone = Path(tmp) / "clone"
                subprocess.run(
                    [
                        "git",
                        "clone",
                        "-q",
                        "--filter=blob:none",
                        "--no-checkout",
                        f"https://github.com/{repo}.git",
                        str(clone),
                    ],
                    check=True,
                )
                git_dir = clone / ".git"
            staging = Path(tmp) / "tree"
            staging.mkdir()
            archive = subprocess.run(
                [
                    "git",
                    f"--git-dir={git_dir}",
                    "archive",
                    "--format=tar",
                    commit,
                    "--",
                    ".",
                    *(f":(exclude){path}" for path in _absent(git_dir, commit)),
                ],
                check=True,
                capture_output=True,
            ).stdout
            subprocess.run(["tar", "-x", "-C", str(staging)], input=archive, check=True)
            for folder in dropped:
                shutil.rmtree(staging / folder, ignore_errors=True)
            shutil.move(str(staging), str(root))
        return root

    return fetch


def _absent(git_dir: Path, commit: str) -> list[str]:
    """The files of ``commit`` whose contents a mirror lacks (it may leave out a
    repository's largest files: commons-csv's test data)."""
    tree = subprocess.run(
        ["git", f"--git-dir={git_dir}", "ls-tree", "-r", commit],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    blobs = [line.split(None, 3) for line in tree if line.split(None, 2)[1:2] == ["blob"]]
    checked = subprocess.run(
        ["git", f"--git-dir={git_dir}", "cat-file", "--batch-check"],
        input="".join(f"{fields[2]}\n" for fields in blobs),
        check=True,
        capture_output=True,
        text=True,
    ).stdout.splitlines()
    return [
        fields[3] for fields, line in zip(blobs, checked, strict=True) if line.endswith(" missing")
    ]


PROJECTS = {name: _snapshot(name, *spec) for name, spec in _SNAPSHOTS.items()}


def _artifact(root: Path) -> str:
    """The project's own Maven artifact id ("" without a readable ``pom.xml``)."""
    try:
        project = ET.parse(root / "pom.xml").getroot()
    except (OSError, ET.ParseError):
        return ""
    for child in project:
        if child.tag.rsplit("}", 1)[-1] == "artifactId":
            return (child.text or "").strip()
    return ""


def _classpath(root: Path) -> str:
    # A jar of the project itself (Debian's commons-codec while commons-codec is measured)
    # would answer for a renamed class: javac would report no error.
    own = _artifact(root)
    return os.pathsep.join(
        str(_JARS_DIR / f"{jar}.jar")
        for jar in _JARS
        if jar != own and (_JARS_DIR / f"{jar}.jar").exists()
    )


def _sources(root: Path) -> list[str]:
    out = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "target")
        for name in sorted(files):
            if name.endswith(".java") and name != "module-info.java":
                out.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return out


def _javac(root: Path, out: Path) -> list[Diag]:
    sources = _sources(root)
    listing = out / "sources.txt"
    listing.write_text("\n".join(f'"{s}"' for s in sources) + "\n")
    done = run(
        [
            "javac",
            "-proc:none",
            "-implicit:none",
            "-nowarn",
            "-encoding",
            "UTF-8",
            "-Xmaxerrs",
            "100000",
            "-d",
            str(out / "classes"),
            "-cp",
            _classpath(root),
            f"@{listing}",
        ],
        root,
    )
    diags = []
    for line in (done.stdout + done.stderr).splitlines():
        found = _ERROR.match(line)
        if found:
            file = found.group("file").removeprefix("./")
            message = re.sub(r"\w+_prxoracle", "X", found.group("message"))
            diags.append(Diag(file, int(found.group("line")), message))
    return diags


def prepare(root: Path) -> None:
    for path in list(root.rglob("module-info.java")):
        path.unlink()
    for _ in range(6):
        with tempfile.TemporaryDirectory() as tmp:
            errors = _javac(root, Path(tmp))
        broken = {d.file for d in errors if _TEST_DIR.search(d.file)}
        if not broken:
            return
        for rel in broken:
            (root / rel).unlink()


#: Errors at a declaration that changes with the renamed one, not at a use of it: a
#: constructor of a renamed class, a public class no longer named like its file, an
#: override of a renamed method (the ``@Override`` line, or the class that no longer
#: implements an abstract method). ``PRX_ORACLE_JAVA_ALL_ERRORS=1`` keeps them.
_DECLARATIONS = re.compile(
    r"^(invalid method declaration; return type required"
    r"|class \S+ is public, should be declared in a file named"
    r"|method does not override or implement a method from a supertype"
    r"|\S+ is not abstract and does not override abstract method"
    r"|<anonymous \S+> is not abstract and does not override abstract method)"
)
_IMPORT_LINE = re.compile(r"^\s*import\b")
#: The oracle trial's renamed definition.
_RENAMED = re.compile(r"\b\w+_prxoracle\b")


def build(root: Path) -> list[Diag]:
    """javac's errors; in an oracle trial, those at declarations that change with the
    renamed one left out (see :data:`_DECLARATIONS`), and a file's errors at its import lines when it has
    errors elsewhere (javac reports an import of a missing name and every use after it;
    ``explain`` lists the uses, and a file whose only errors are imports stays one item)."""
    sources = _sources(root)
    renamed, at, is_method = None, ("", 0), False
    for rel in sources:
        text = (root / rel).read_text(errors="replace")
        spelled = _RENAMED.search(text)
        if spelled is not None:
            renamed = spelled.group(0)
            at = (rel, text.count("\n", 0, spelled.start()) + 1)
            is_method = re.match(r"\s*\(", text[spelled.end() :]) is not None
            break
    with tempfile.TemporaryDirectory() as tmp:
        found = _javac(root, Path(tmp))
        classes = Path(tmp) / "classes"
        if renamed is None and not found:
            keep_baseline(root, classes)
        elif renamed is not None and not found:
            # Clean: the calls javac now binds to another overload (by boxing) were
            # the renamed one's (see oracle.java_bytecode).
            found = rebound(root, classes, sources, renamed)
    if renamed is not None and is_method:
        # The calls that still compile, to the same instruction, once another
        # declaration takes the method's place (an override of Object.hashCode).
        found += bound_calls(root, sources, at, renamed.removesuffix("_prxoracle"))
    # Only the oracle's own trial (a definition renamed to ``*_prxoracle``) is filtered:
    # a rename's build check counts every error.
    if os.environ.get("PRX_ORACLE_JAVA_ALL_ERRORS") or renamed is None:
        return found
    found = [d for d in found if not _DECLARATIONS.match(d.message)]
    by_file: dict[str, list[Diag]] = {}
    for d in found:
        by_file.setdefault(d.file, []).append(d)
    out = []
    for file, diags in by_file.items():
        try:
            lines = (root / file).read_text(errors="replace").split("\n")
        except OSError:
            out += diags
            continue
        imports = {n for n, text in enumerate(lines, start=1) if _IMPORT_LINE.match(text)}
        uses = [d for d in diags if d.line not in imports]
        out += uses if uses else diags
    return out


def tests(root: Path) -> dict[str, str] | None:
    launcher = _JARS_DIR / f"{_LAUNCHER}.jar"
    if not launcher.exists():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        if _javac(root, out):
            return {}
        classes = out / "classes"
        # Resources the tests read (src/test/resources ...) beside the classes.
        resources = [str(p) for p in root.rglob("resources") if p.is_dir() and "src" in p.parts]
        reports = out / "reports"
        run(
            [
                "java",
                # commons-codec's suite ran out of the default heap (a quarter of the
                # memory) in one run of three: its tests' outcomes were lost
                "-Xmx12g",
                "-jar",
                str(launcher),
                "-cp",
                os.pathsep.join([str(classes), *resources, _classpath(root)]),
                "--scan-classpath",
                str(classes),
                "--disable-banner",
                "--details=none",
                f"--reports-dir={reports}",
            ],
            root,
            timeout=1200,
        )
        outcomes: dict[str, str] = {}
        for report in reports.glob("*.xml"):
            for case in ET.parse(report).iter("testcase"):
                name = f"{case.get('classname')}::{case.get('name')}"
                kinds = {child.tag for child in case}
                outcomes[name] = (
                    "failed"
                    if kinds & {"failure", "error"}
                    else "skipped"
                    if "skipped" in kinds
                    else "passed"
                )
        return outcomes or None


def skip(symbol: Symbol) -> str | None:
    return None


#: Declarations of a type whose body holds its constructors.
_TYPE_DECLS = frozenset({"class_declaration", "enum_declaration", "record_declaration"})
_CONSTRUCTORS = frozenset({"constructor_declaration", "compact_constructor_declaration"})


#: The scratch copy of the trial under way (``uses`` reads its lines).
_TRIAL: list[Path] = []


def after_rename(root: Path, symbol: Symbol, new: str) -> None:
    """A renamed class's constructors are renamed with it: a constructor that keeps the
    old name is a syntax error (``return type required``), and javac stops at syntax
    errors before it reports a single use."""
    import prx
    from prx.engine.intel.project import ParsedFile

    _TRIAL[:] = [root]
    path = root / symbol.file
    data = path.read_bytes()
    parsed = ParsedFile(symbol.file, prx.Workspace(root).language_for(str(path)), data)
    tree = parsed.tree
    if tree is None:
        return
    decl = tree.root_node.named_descendant_for_byte_range(symbol.start, symbol.start)
    while decl is not None and decl.type not in _TYPE_DECLS:
        decl = decl.parent
    name = decl.child_by_field_name("name") if decl is not None else None
    if decl is None or name is None or int(name.start_byte) != symbol.start:
        return
    body = decl.child_by_field_name("body")
    members = list(body.named_children) if body is not None else []
    members += [m for c in members if c.type == "enum_body_declarations" for m in c.named_children]
    spans = []
    for member in members:
        ctor_name = member.child_by_field_name("name") if member.type in _CONSTRUCTORS else None
        if ctor_name is not None and ctor_name.text == symbol.name.encode():
            spans.append((int(ctor_name.start_byte), int(ctor_name.end_byte)))
    for start, end in sorted(spans, reverse=True):
        data = data[:start] + new.encode() + data[end:]
    path.write_bytes(data)


def uses(symbol: Symbol, errors: list[Diag]) -> list[Diag]:
    """The errors at lines that spell the name: the others are consequences, not uses
    (with ``Parser`` renamed, ``parser = new BasicParser()`` fails because BasicParser,
    which extends it, is no longer a CommandLineParser; the line never names Parser)."""
    if not _TRIAL:
        return errors
    word = re.compile(r"(?<![\w$])" + re.escape(symbol.name) + r"(?:_prxoracle)?(?![\w$])")
    return spelling(_TRIAL[0], errors, word)
