"""The set of languages an index was built with.

Which language a file has decides its chunks, definitions and imports. The manifest
records the set (names and a fingerprint of each language's name, extensions, file names
and whether it has a grammar), so an index built with another set (a language plugin
installed or removed, or a registry that was not whole when it was built) is not trusted,
and an index is never written from a registry with no language at all.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from prx.plugin.protocols import IndexContext

__all__ = ["check_language_set", "language_set", "require_languages"]


def language_set(ws: IndexContext) -> dict[str, Any]:
    """``{"fingerprint": ..., "names": [...]}`` of the languages files are matched to."""
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
    }


def check_language_set(manifest: dict[str, Any], expected: dict[str, Any], directory: str) -> None:
    """:class:`IndexCorruptedError` when the index in ``directory`` was built with another
    set of languages than ``expected``."""
    from prx.core.errors import IndexCorruptedError

    recorded = manifest.get("language_set")
    if not isinstance(recorded, dict):
        raise IndexCorruptedError(f"index at {directory} records no language set")
    if recorded.get("fingerprint") == expected["fingerprint"]:
        return
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
