"""The set of languages an index was built with.

Which language a file has decides its chunks, definitions and imports. The manifest
records the set (names and a fingerprint of each language's name, extensions, file names
and whether it has a grammar) and the rules that parse them (the queries and code prx
ships, a plugin language's queries), so an index built with another set (a language
plugin installed or removed, or a registry that was not whole when it was built) or
other rules (a version of prx that outlines a language differently) is not trusted, and
an index is never written from a registry with no language at all.
"""

from __future__ import annotations

import functools
import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from prx.plugin.language import LanguageSpec
    from prx.plugin.protocols import IndexContext

__all__ = ["check_language_set", "language_set", "parsing_rules", "require_languages"]


def language_set(ws: IndexContext) -> dict[str, Any]:
    """``{"fingerprint": ..., "names": [...], "rules": ...}`` of the languages files are
    matched to; ``rules`` fingerprints how they are parsed (see :func:`parsing_rules`)."""
    import xxhash

    specs = ws.registry.file_languages()
    rows = [
        (
            spec.name,
            sorted(ext.lower() for ext in spec.extensions),
            sorted(spec.filenames),
            spec.grammar is not None,
        )
        for spec in specs
    ]
    return {
        "fingerprint": xxhash.xxh3_64_hexdigest(repr(sorted(rows)).encode()),
        "names": sorted(spec.name for spec in specs),
        "rules": parsing_rules(specs),
    }


def parsing_rules(specs: Sequence[LanguageSpec]) -> str:
    """A fingerprint of the rules that turn files into chunks, definitions and imports:
    the queries and code prx ships for its languages (a new version of prx that outlines
    a language differently changes it) and the queries of plugins' languages."""
    import xxhash

    digest = xxhash.xxh3_64(_shipped_rules().encode())
    for spec in sorted(specs, key=lambda spec: spec.name):
        if type(spec.queries).__module__.startswith(_SHIPPED_PACKAGE):
            continue  # prx's own: in the shipped rules
        for name in sorted(spec.queries):
            digest.update(f"{spec.name}.{name}\0{spec.queries[name]}\0".encode())
    return digest.hexdigest()


#: The package of prx's language rules (its queries and the code that applies them).
_SHIPPED_PACKAGE = "prx.engine.lang"


@functools.lru_cache(maxsize=1)
def _shipped_rules() -> str:
    """The fingerprint of every query file and module of :data:`_SHIPPED_PACKAGE`
    (read once per process)."""
    import xxhash

    from prx.engine import lang

    digest = xxhash.xxh3_64()
    top = os.path.dirname(lang.__file__)
    for folder, dirs, files in os.walk(top):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".scm")):
                path = os.path.join(folder, name)
                with open(path, "rb") as fh:
                    digest.update(os.path.relpath(path, top).encode() + b"\0" + fh.read())
    return digest.hexdigest()


def check_language_set(manifest: dict[str, Any], expected: dict[str, Any], directory: str) -> None:
    """:class:`IndexCorruptedError` when the index in ``directory`` was built with another
    set of languages than ``expected``."""
    from prx.core.errors import IndexCorruptedError

    recorded = manifest.get("language_set")
    if not isinstance(recorded, dict):
        raise IndexCorruptedError(f"index at {directory} records no language set")
    if recorded.get("fingerprint") == expected["fingerprint"]:
        if recorded.get("rules") == expected["rules"]:
            return
        raise IndexCorruptedError(
            f"index at {directory} was built with other rules for parsing its languages "
            "(another version of prx, or of a language plugin): its definitions and chunks "
            "may differ from what this prx finds"
        )
    before, now = set(recorded.get("names") or ()), set(expected["names"])
    change = [f"+{n}" for n in sorted(now - before)] + [f"-{n}" for n in sorted(before - now)]
    raise IndexCorruptedError(
        f"index at {directory} was built with another set of languages"
        + (f" ({' '.join(change)})" if change else " (their extensions or grammars differ)")
    )


def require_languages(expected: dict[str, Any], root: str) -> None:
    """Refuse to write an index of ``root`` when no language is registered: every file
    would be recorded without one (a registry that failed to build)."""
    if not expected["names"]:
        from prx.core.errors import InternalError

        raise InternalError(
            f"refusing to write the index of {root}: the plugin registry has no language",
            suggestion="Retry; if it persists, run {cmd:index} without third-party plugins to rule "
            "out a plugin.",
        )
