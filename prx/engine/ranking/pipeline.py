"""Which rerank stages a search runs: the pipeline, changed by ``+name`` / ``-name`` lists.

The base is ``Config.settings["search"]["pipeline"]`` (default :data:`DEFAULT_PIPELINE`).
Changes apply in this order, each on top of the one before: ``[tool.prx] rerank`` in
``pyproject.toml``, then in ``.prx/config.toml``, then ``PRX_RERANK``, then the call's own
``rerank`` (``prx search --rerank``). ``+name`` (or a bare ``name``) appends a stage that
is not running yet; ``-name`` removes it. A name no registered stage has is an
``invalid_argument`` that lists the known stages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from prx.core.errors import InvalidArgumentError, did_you_mean

if TYPE_CHECKING:
    from prx.plugin.context import Context

__all__ = ["parse_changes", "resolve_pipeline"]


def parse_changes(spec: str | Sequence[str]) -> list[tuple[str, bool]]:
    """``"+a,-b"`` (or ``["+a", "-b"]``) as ``[("a", True), ("b", False)]``; raises
    ``ValueError`` naming a malformed item."""
    items = spec.split(",") if isinstance(spec, str) else list(spec)
    changes = []
    for item in items:
        if not isinstance(item, str):
            raise ValueError(f"expected stage names, got {item!r}")
        text = item.strip()
        if not text:
            continue
        enable = not text.startswith("-")
        name = text.lstrip("+-").strip()
        if not name or text[:2] in ("+-", "-+", "++", "--"):
            raise ValueError(f"expected +NAME or -NAME, got {text!r}")
        changes.append((name, enable))
    return changes


def _apply(
    pipeline: list[str],
    spec: str | Sequence[str],
    known: Sequence[str],
    *,
    source: str,
    param: str | None,
) -> None:
    """Apply one source's changes to ``pipeline``; ``source`` leads its error messages
    (``{param}`` for the call's own parameter)."""
    where = "invalid argument {param}" if param else source
    try:
        changes = parse_changes(spec)
    except ValueError as exc:
        raise InvalidArgumentError(
            f"{where}: {exc}",
            param=param,
            suggestion="Name rerank stages as +NAME (enable) or -NAME (disable), separated "
            f"by commas. Known stages: {', '.join(known)}.",
        ) from None
    for name, enable in changes:
        if name not in known:
            hints = [did_you_mean(name, known), f"Known stages: {', '.join(known)}."]
            raise InvalidArgumentError(
                f"{where}: unknown rerank stage {name!r}",
                param=param,
                suggestion=" ".join(h for h in hints if h),
            )
        if enable and name not in pipeline:
            pipeline.append(name)
        elif not enable and name in pipeline:
            pipeline.remove(name)


def resolve_pipeline(
    ws: Context, rerank: str | Sequence[str] | None = None
) -> tuple[tuple[str, ...], list[str]]:
    """The stage names a search of ``ws`` runs, in order, and warnings about configuration
    files that could not be read. ``rerank`` is the call's own change list."""
    from prx.core.config import project_config
    from prx.engine.ranking.stages import DEFAULT_PIPELINE

    config = ws.config
    pipeline = list(config.settings.get("search", {}).get("pipeline", DEFAULT_PIPELINE))
    project = ws.cache.get("project-config")
    if project is None:
        project = ws.cache["project-config"] = project_config(ws.root_dir)
    sources: list[tuple[str, str | Sequence[str], str | None]] = [
        (f"{path}: [tool.prx] rerank", table["rerank"], None)
        for path, table in project.tables
        if "rerank" in table
    ]
    if config.rerank:
        sources.append(("PRX_RERANK", config.rerank, None))
    if rerank:
        sources.append(("", rerank, "rerank"))
    if sources:
        known = sorted(cls.NAME for cls in ws.registry.rerankers())
        for source, spec, param in sources:
            if not isinstance(spec, (str, list, tuple)):
                raise InvalidArgumentError(
                    f"{source}: expected a list of stage names, got {type(spec).__name__}",
                    suggestion='For example rerank = ["+my-stage", "-saturation"].',
                )
            _apply(pipeline, spec, known, source=source, param=param)
    return tuple(pipeline), list(project.warnings)
