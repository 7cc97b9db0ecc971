"""The shard plan of a store: which repositories each shard holds, and where it lives.

A *store* is a directory (on a filesystem every node of the cluster mounts at the same
path) holding ``shards.json``, the plan, and the shards. A *shard* is one directory
holding one or more repositories as subfolders (``<shard>/<repo>/...``) and one prx index
over them (``<shard>/.prx``): a large repository is a shard of its own; small ones are
packed into *compound* shards, so a thousand tiny repositories are not a thousand indexes
to open (zoekt packs small repositories the same way). Every file of a shard is therefore
``REPO/PATH``, and a result's repository is the first component of its path
(:func:`repository_of`).

A shard directory exists under its name only once whole: it is built aside and renamed
into place with its completion marker, ``.prx/shard.json`` (:mod:`prx.frontends.cluster.build`).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence

from prx.core.errors import InvalidArgumentError, NotFoundError
from prx.core.record import record

__all__ = [
    "MARKER",
    "PACK_BYTES",
    "PLAN",
    "SMALL_BYTES",
    "Repository",
    "Shard",
    "is_complete",
    "plan_shards",
    "read_marker",
    "read_plan",
    "repository_of",
    "shard_dir",
    "source_bytes",
    "write_plan",
]

#: The plan's file in the store.
PLAN = "shards.json"
#: The completion marker, inside the shard's ``.prx`` (which no walk of the shard reads).
MARKER = os.path.join(".prx", "shard.json")
#: A repository with less source than this is packed with others into a compound shard ...
SMALL_BYTES = 2_000_000
#: ... of about this much source at most.
PACK_BYTES = 8_000_000
#: Folders of a source tree a shard does not copy: version control and prx's own state.
SKIPPED_DIRS = frozenset({".git", ".hg", ".svn", ".prx"})
_FORMAT = 1


@record
class Repository:
    """One repository of the plan."""

    #: Its name: the subfolder it gets in its shard, and what results name it by.
    name: str
    #: Its source directory (absolute), as the builders see it.
    source: str
    #: Bytes of source when planned (version control folders left out).
    size: int = 0


@record
class Shard:
    """One shard of the plan."""

    #: Its name (unique in the store).
    name: str
    #: Its directory, relative to the store (or absolute: anywhere on the shared
    #: filesystem). Search answers name its files ``DIRECTORY//REPO/PATH``.
    directory: str
    #: The repositories it holds, each a subfolder.
    repos: tuple[Repository, ...]

    @property
    def size(self) -> int:
        """Bytes of source of its repositories."""
        return sum(repo.size for repo in self.repos)


def source_bytes(source: str) -> int:
    """Bytes of the regular files under ``source`` (version control folders left out)."""
    total = 0
    for folder, dirs, files in os.walk(source):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_size
            except OSError:
                continue
    return total


def _checked_name(name: str) -> str:
    if not name or name.startswith(".") or "/" in name or "\\" in name or name != name.strip():
        raise InvalidArgumentError(
            f"invalid argument {{param}}: {name!r} cannot name a repository's folder "
            "(no slash, no leading dot)",
            param="repos",
        )
    return name


def plan_shards(
    repos: Mapping[str, str] | Iterable[tuple[str, str]],
    *,
    small_bytes: int = SMALL_BYTES,
    pack_bytes: int = PACK_BYTES,
) -> list[Shard]:
    """Shards for ``repos`` (name -> source directory): a repository of at least
    ``small_bytes`` of source is a shard of its own, named after it; the smaller ones, in
    name order, are packed into compound shards ``pack-0001`` ... of at most
    ``pack_bytes`` each. The same repositories always give the same plan."""
    pairs = list(repos.items()) if isinstance(repos, Mapping) else list(repos)
    seen: set[str] = set()
    found: list[Repository] = []
    for name, source in sorted(pairs):
        if _checked_name(name) in seen:
            raise InvalidArgumentError(
                f"invalid argument {{param}}: the repository name {name!r} is given twice",
                param="repos",
            )
        seen.add(name)
        full = os.path.abspath(source)
        if not os.path.isdir(full):
            raise NotFoundError(f"directory not found: {source} (repository {name})")
        found.append(Repository(name=name, source=full, size=source_bytes(full)))
    shards = [
        Shard(name=repo.name, directory=repo.name, repos=(repo,))
        for repo in found
        if repo.size >= small_bytes
    ]
    taken = {shard.name for shard in shards}
    packed: list[list[Repository]] = []
    for repo in (r for r in found if r.size < small_bytes):
        if not packed or sum(r.size for r in packed[-1]) + repo.size > pack_bytes:
            packed.append([])
        packed[-1].append(repo)
    for number, group in enumerate(packed, 1):
        name = f"pack-{number:04d}"
        while name in taken:  # a repository of that name: the pack takes another
            name = "_" + name
        shards.append(Shard(name=name, directory=name, repos=tuple(group)))
    return sorted(shards, key=lambda shard: shard.name)


def write_plan(store: str, shards: Sequence[Shard]) -> str:
    """Write the plan into ``store`` (created when missing); its path."""
    os.makedirs(store, exist_ok=True)
    data = {
        "format": _FORMAT,
        "shards": [
            {
                "name": shard.name,
                "directory": shard.directory,
                "repos": [
                    {"name": r.name, "source": r.source, "size": r.size} for r in shard.repos
                ],
            }
            for shard in shards
        ],
    }
    path = os.path.join(store, PLAN)
    temporary = f"{path}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=1)
        fh.write("\n")
    os.replace(temporary, path)
    return path


def read_plan(store: str) -> list[Shard]:
    """The plan of ``store``."""
    path = os.path.join(store, PLAN)
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise NotFoundError(
            f"no shard plan at {path}",
            suggestion="Write one first (prx.cluster.plan).",
        ) from None
    except (OSError, ValueError) as err:
        raise InvalidArgumentError(
            f"invalid argument: unreadable shard plan {path}: {err}"
        ) from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise InvalidArgumentError(f"invalid argument: {path} is not a shard plan prx can read")
    return [
        Shard(
            name=item["name"],
            directory=item["directory"],
            repos=tuple(
                Repository(name=r["name"], source=r["source"], size=int(r.get("size", 0)))
                for r in item["repos"]
            ),
        )
        for item in data["shards"]
    ]


def shard_dir(store: str, shard: Shard) -> str:
    """The shard's directory (absolute)."""
    return os.path.abspath(os.path.join(store, shard.directory))


def read_marker(directory: str) -> dict[str, object] | None:
    """The completion marker of the shard at ``directory``; None when it has none."""
    try:
        with open(os.path.join(directory, MARKER), encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def is_complete(directory: str, shard: Shard) -> bool:
    """Whether a whole build of ``shard`` is at ``directory``."""
    marker = read_marker(directory)
    return marker is not None and marker.get("shard") == shard.name


def repository_of(file: str) -> tuple[str, str, str]:
    """``(shard, repository, path in it)`` of a file as a cluster search names it
    (``SHARD//REPO/PATH``)."""
    shard, separator, rest = file.partition("//")
    if not separator:
        shard, rest = "", file
    repo, _, inside = rest.partition("/")
    return shard, repo, inside
