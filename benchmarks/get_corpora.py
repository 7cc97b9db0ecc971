"""Download and unpack the corpora named by the labelled datasets in benchmarks/datasets/.

Usage: python benchmarks/get_corpora.py [DEST]   (DEST defaults to benchmarks/.corpora)

Each dataset JSON has a "corpus" entry such as
    {"pypi": "rich==15.0.0", "sha256": "...", "kind": "sdist"}
    {"npm": "axios@1.21.1", "sha256": "...", "kind": "npm-tarball"}
or, for a repository at a commit,
    {"github": "owner/name", "commit": "<40 hex digits>", "kind": "git-archive"}
The archive is fetched with the ordinary client (``pip download`` / ``npm pack``), its sha256
is checked; a repository's tree is every file of the commit (``export-ignore`` ignored, blobs absent
from a partial clone left out and named), read from a local clone found
in ``--git-mirrors DIR`` (``DIR/owner+name`` or ``DIR/owner+name/repo``, bare or not) or cloned
from ``--git-url TEMPLATE`` (``{repo}`` is replaced by ``owner/name``). Either way it is and it is unpacked with its top-level folder (``NAME-VER/`` or ``package/``) stripped
into DEST/<dataset name>/. A stamp file DEST/<dataset name>.sha256 beside the tree records the
archive that was unpacked; a tree whose stamp matches is left alone, so reruns are cheap.
Downloaded archives are kept in DEST/.archives/.

Standard library only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

HERE = Path(__file__).resolve().parent
DATASETS = HERE / "datasets"
DEFAULT_DEST = HERE / ".corpora"
ARCHIVE_SUFFIXES = (".tar.gz", ".tgz")


@dataclass(frozen=True)
class Corpus:
    """One archive to fetch, as described by a dataset file."""

    name: str
    registry: str  # "pypi", "npm" or "github"
    spec: str  # "name==ver" (pypi), "name@ver" (npm) or "owner/name" (github)
    sha256: str  # of the archive; for "github", the commit


class CorpusError(Exception):
    """A corpus could not be fetched, verified or unpacked."""


def load_corpora(datasets: Path) -> list[Corpus]:
    """Read every dataset JSON in ``datasets`` and return the corpora they name."""
    corpora: list[Corpus] = []
    for path in sorted(datasets.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        corpus = data.get("corpus")
        if not isinstance(corpus, dict):
            print(f"skip {path.name}: no corpus entry", file=sys.stderr)
            continue
        registry = next((r for r in ("pypi", "npm", "github") if r in corpus), None)
        sha = corpus.get("commit" if registry == "github" else "sha256")
        if registry is None or not isinstance(sha, str):
            print(
                f"skip {path.name}: corpus needs pypi|npm and sha256, or github and commit",
                file=sys.stderr,
            )
            continue
        corpora.append(Corpus(path.stem, registry, str(corpus[registry]), sha.lower()))
    return corpora


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def download(corpus: Corpus, into: Path) -> Path:
    """Fetch the archive with pip or npm into an empty temporary folder and return its path."""
    if corpus.registry == "pypi":
        cmd = [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--no-binary",
            ":all:",
            "--disable-pip-version-check",
            corpus.spec,
            "-d",
            str(into),
        ]
    else:
        cmd = ["npm", "pack", corpus.spec, "--pack-destination", str(into)]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise CorpusError(f"{' '.join(cmd)} failed:\n{result.stderr.strip()}")
    archives = [p for p in into.iterdir() if p.name.endswith(ARCHIVE_SUFFIXES)]
    if len(archives) != 1:
        raise CorpusError(f"expected one archive for {corpus.spec}, got {archives}")
    return archives[0]


def fetch_archive(corpus: Corpus, cache: Path) -> Path:
    """Return a cached archive whose sha256 matches, downloading it if needed."""
    cache.mkdir(parents=True, exist_ok=True)
    for cached in cache.iterdir():
        if cached.name.endswith(ARCHIVE_SUFFIXES) and cached.name.startswith(f"{corpus.name}--"):
            if sha256_of(cached) == corpus.sha256:
                return cached
            cached.unlink()
    with tempfile.TemporaryDirectory(dir=cache) as tmp:
        archive = download(corpus, Path(tmp))
        actual = sha256_of(archive)
        if actual != corpus.sha256:
            raise CorpusError(
                f"sha256 mismatch for {corpus.spec}: expected {corpus.sha256}, got {actual}"
            )
        target = cache / f"{corpus.name}--{archive.name}"
        archive.replace(target)
    return target


def stripped_members(tar: tarfile.TarFile) -> list[tarfile.TarInfo]:
    """Members with the top-level folder removed; refuses unsafe paths, drops links."""
    members: list[tarfile.TarInfo] = []
    for member in tar.getmembers():
        parts = PurePosixPath(member.name).parts
        if len(parts) < 2:
            continue  # the top folder itself, or a stray top-level file
        rel = PurePosixPath(*parts[1:])
        if rel.is_absolute() or ".." in rel.parts:
            raise CorpusError(f"unsafe path in archive: {member.name}")
        if not (member.isfile() or member.isdir()):
            continue  # links and special files are not part of any corpus
        member.name = str(rel)
        members.append(member)
    return members


def unpack(archive: Path, tree: Path) -> None:
    """Unpack ``archive`` into ``tree`` (replacing it), stripping the top-level folder."""
    staging = tree.with_name(f".{tree.name}.unpacking")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir(parents=True)
    with tarfile.open(archive, "r:*") as tar:
        members = stripped_members(tar)
        if hasattr(tarfile, "data_filter"):
            tar.extractall(staging, members=members, filter="data")
        else:  # pragma: no cover - Python without extraction filters
            tar.extractall(staging, members=members)  # noqa: S202 - members checked above
    if tree.exists():
        shutil.rmtree(tree)
    staging.rename(tree)


@dataclass(frozen=True)
class GitSources:
    """Where repositories come from: local clones, or a URL template to clone from."""

    mirrors: Path | None = None
    url: str | None = None


def git_archive(corpus: Corpus, sources: GitSources, cache: Path) -> Path:
    """A tar of the commit's tree under one top-level folder (as registry archives are)."""
    candidates = []
    if sources.mirrors is not None:
        folder = sources.mirrors / corpus.spec.replace("/", "+")
        candidates = [folder / "repo", folder]
    repo = next((c for c in candidates if (c / "HEAD").is_file() or (c / ".git").exists()), None)
    if repo is None:
        if sources.url is None:
            raise CorpusError(
                f"no clone of {corpus.spec}: give --git-mirrors DIR holding "
                f"{corpus.spec.replace('/', '+')}, or --git-url TEMPLATE to clone it"
            )
        repo = cache / f"{corpus.name}.git"
        if not repo.exists():
            url = sources.url.replace("{repo}", corpus.spec)
            run = subprocess.run(
                ["git", "clone", "--bare", "--quiet", url, str(repo)],
                capture_output=True,
                text=True,
                check=False,
            )
            if run.returncode != 0:
                raise CorpusError(f"git clone {url} failed:\n{run.stderr.strip()}")
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / f"{corpus.name}--{corpus.sha256[:12]}.tar"
    try:
        missing = tree_tar(repo, corpus.sha256, corpus.name, target)
    except (OSError, subprocess.CalledProcessError) as exc:
        target.unlink(missing_ok=True)
        raise CorpusError(f"reading {corpus.sha256} of {corpus.spec} failed: {exc}") from exc
    if missing:
        print(
            f"{corpus.name}: {len(missing)} blob(s) absent from the clone, left out: "
            + ", ".join(missing[:5])
            + (" ..." if len(missing) > 5 else ""),
            file=sys.stderr,
        )
    return target


def tree_tar(repo: Path, commit: str, prefix: str, target: Path) -> list[str]:
    """Write every file of ``commit``'s tree into a tar under ``prefix/``; return the paths
    whose blobs the clone lacks (a partial mirror keeps no large files), which are left out.
    Unlike ``git archive``, the tree's ``export-ignore`` attributes leave nothing out: the
    corpus is the repository as an agent sees it, tests included. Links are skipped."""
    import io

    listing = subprocess.run(
        ["git", "-C", str(repo), "ls-tree", "-r", "-z", commit],
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    entries = []
    for line in listing:
        if not line:
            continue
        meta, path = line.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000":
            entries.append((sha, path.decode("utf-8", "surrogateescape")))
    missing: list[str] = []
    batch = subprocess.Popen(
        ["git", "-C", str(repo), "cat-file", "--batch"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert batch.stdin is not None and batch.stdout is not None
    with tarfile.open(target, "w") as tar:
        for sha, path in entries:
            batch.stdin.write(sha + b"\n")
            batch.stdin.flush()
            header = batch.stdout.readline().split()
            if len(header) < 3 or header[1] == b"missing":
                missing.append(path)
                continue
            data = batch.stdout.read(int(header[2]))
            batch.stdout.read(1)  # the newline after the content
            info = tarfile.TarInfo(f"{prefix}/{path}")
            info.size = len(data)
            info.mode = 0o644
            tar.addfile(info, io.BytesIO(data))
    batch.stdin.close()
    batch.wait()
    return missing


def ensure(corpus: Corpus, dest: Path, sources: GitSources | None = None) -> str:
    """Make DEST/<name> hold the verified archive's tree; return what was done."""
    tree = dest / corpus.name
    stamp = dest / f"{corpus.name}.sha256"
    wanted = f"{corpus.sha256}  {corpus.registry}:{corpus.spec}\n"
    if tree.is_dir() and stamp.is_file() and stamp.read_text(encoding="utf-8") == wanted:
        return "up to date"
    if corpus.registry == "github":
        archive = git_archive(corpus, sources or GitSources(), dest / ".archives")
    else:
        archive = fetch_archive(corpus, dest / ".archives")
    stamp.unlink(missing_ok=True)
    unpack(archive, tree)
    stamp.write_text(wanted, encoding="utf-8")
    return f"unpacked {archive.name.split('--', 1)[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "dest",
        nargs="?",
        type=Path,
        default=DEFAULT_DEST,
        help="where to unpack the corpora (default: benchmarks/.corpora)",
    )
    parser.add_argument(
        "--datasets",
        type=Path,
        default=DATASETS,
        help="folder of dataset JSON files (default: benchmarks/datasets)",
    )
    parser.add_argument(
        "--git-mirrors",
        type=Path,
        default=None,
        help="folder of local clones named owner+name (for github corpora)",
    )
    parser.add_argument(
        "--git-url",
        default=None,
        help="URL template to clone github corpora from, {repo} = owner/name",
    )
    args = parser.parse_args(argv)
    sources = GitSources(args.git_mirrors, args.git_url)
    dest: Path = args.dest.resolve()
    dest.mkdir(parents=True, exist_ok=True)
    corpora = load_corpora(args.datasets)
    if not corpora:
        print(f"no datasets with a corpus in {args.datasets}", file=sys.stderr)
        return 1
    failed = 0
    for corpus in corpora:
        try:
            status = ensure(corpus, dest, sources)
        except (CorpusError, OSError, tarfile.TarError) as exc:
            failed += 1
            print(f"{corpus.name}: ERROR {exc}", file=sys.stderr)
            continue
        print(f"{corpus.name}: {status} -> {dest / corpus.name}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
