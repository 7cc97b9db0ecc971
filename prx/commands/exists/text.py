"""The model-facing text of ``exists``: ``yes`` (a path), the first file holding a text,
or ``no`` with how many files were checked and what was passed over."""

from __future__ import annotations

from collections.abc import Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def render(data: Mapping[str, Any]) -> str:
    if data["exists"]:
        file = data.get("file")
        # A path found as given needs no repeating; a text's answer is the first file
        # holding it (as ``grep -l`` prints it).
        answer = "yes" if not file or file == data.get("pattern") else file
        if data.get("confidence") != "exact":
            answer += f" ({data['confidence']})"
        return answer
    answer = f"no ({data.get('files_checked', 0)} files checked"
    if data.get("confidence") != "exact":
        answer += f", {data['confidence']}"
    skipped = data.get("skipped") or {}
    if skipped:  # where it might be yet
        answer += "; skipped " + ", ".join(f"{n} {why}" for why, n in sorted(skipped.items()))
    return answer + ")"
