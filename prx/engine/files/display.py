"""How answers show paths: so that an agent can pass them back as they stand.

Every path in an answer is relative to the Workspace root (the working directory of the
CLI and of ``prx batch``) when it lies inside it -- '/'-separated, without a leading
``./`` -- and absolute otherwise; each answer that carries paths names that root in its
``root`` field. A walk (find, search, outline, exists) gives paths relative to the walked
directory: :func:`walk_base` turns that directory into the prefix, once per answer, and
:func:`under` puts a walked path behind it.
"""

from __future__ import annotations

import os

from prx.core.confined import byte_escapes_undone

__all__ = ["byte_escapes_undone", "shown_path", "under", "walk_base"]


def shown_path(root_dir: str, path: str, label: str | None = None) -> str:
    """``path`` (absolute, or relative to ``root_dir``) as answers show it: relative to
    ``root_dir`` when inside it (``.`` for the root itself), else absolute; qualified by
    ``label`` (``LABEL//PATH``) when ``root_dir`` is not the working root."""
    if label:
        from prx.core.roots import qualified

        inner = shown_path(root_dir, path)
        return inner if os.path.isabs(inner) else qualified(label, inner)
    full = os.path.normpath(os.path.join(root_dir, path))
    root = os.path.normpath(root_dir)
    if os.path.normcase(full) == os.path.normcase(root):
        return "."
    prefix = root if root.endswith(os.sep) else root + os.sep
    if os.path.normcase(full).startswith(os.path.normcase(prefix)):
        full = full[len(prefix) :]
    return full.replace(os.sep, "/") if os.sep != "/" else full


def walk_base(root_dir: str, target: str, label: str | None = None) -> str:
    """The shown form of the directory a walk of ``target`` gives paths relative to: the
    directory itself, or a file's parent (a walked file's path is its base name)."""
    full = os.path.join(root_dir, target)
    return shown_path(root_dir, full if os.path.isdir(full) else os.path.dirname(full), label)


def under(base: str, rel: str) -> str:
    """A walked path (relative to the directory shown as ``base``) as answers show it."""
    if base == ".":
        return rel
    return base + rel if base.endswith("/") else f"{base}/{rel}"
