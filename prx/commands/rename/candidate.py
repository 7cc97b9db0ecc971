"""A file a rename changes: its bytes, how it was scanned, and what the rename does."""

from __future__ import annotations

from prx.commands.rename.occurrences import FileScan, Occurrence
from prx.core.record import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from prx.engine.intel.models import Target
    from prx.engine.intel.project import ParsedFile
    from prx.plugin.interfaces import LanguageSpec

__all__ = ["Candidate", "language_of", "path_of"]


@record(kw_only=False, frozen=False)
class Candidate:
    """A code file containing OLD, with what the rename does to it."""

    path: str  # absolute
    shown: str
    spec: LanguageSpec
    data: bytes
    scan: FileScan
    engine: str = "syntactic"
    renamed: tuple[Occurrence, ...] = ()
    #: rope's engine: the identifiers it left alone (start -> external or unresolved).
    unbound: dict[int, str] = field(default_factory=dict)
    new_data: bytes = b""
    #: Starts of renamed shorthand fields (``S { x }``): written ``new: x``.
    shorthand: frozenset[int] = frozenset()
    #: Starts of shorthand properties naming the renamed binding (``{ x }``): written
    #: ``x: new``.
    keeps_key: frozenset[int] = frozenset()
    #: The file holds the definition renamed.
    defines: bool = False
    #: The file passes the definition on by a star import and lists it in ``__all__``
    #: (a package's ``from .core import *``): its ``__all__`` entry is renamed with it.
    star_exports: bool = False
    #: The file takes the definition's module by a star import: its doctests name it.
    star_imports: bool = False
    #: ``data`` as the reference models read it, parsed once (:meth:`parsed`).
    parsed_file: ParsedFile | None = field(default=None, compare=False)

    def parsed(self) -> ParsedFile:
        """``data`` as the reference models read it (its tree built once per rename)."""
        if self.parsed_file is None:
            from prx.engine.intel.project import ParsedFile

            self.parsed_file = ParsedFile(self.shown, self.spec, self.data)
        return self.parsed_file


def path_of(candidates: Sequence[Candidate], target: Target) -> str:
    return next(c.path for c in candidates if c.shown == target.file)


def language_of(candidates: Sequence[Candidate], target: Target) -> str:
    return next(c.spec.name for c in candidates if c.shown == target.file)
