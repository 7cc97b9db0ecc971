"""The model-facing text of ``prx bench``: one header line, then each task in three or four
lines (the question; the figures; both commands; why prx lost, when it did)."""

from __future__ import annotations

from collections.abc import Mapping

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["render"]


def _percent(share: Any) -> str:
    return "n/a" if share is None else f"{share * 100:.0f}%"


def _task(number: int, task: Mapping[str, Any]) -> list[str]:
    head = f"{number}. {task['task']}: {task['question']}"
    if task.get("skipped"):
        return [f"{head}: skipped, {task['skipped']}"]
    saved = task.get("saved_percent")
    figures = (
        f"   prx {task['prx_tokens']:,} tokens (JSON {task.get('prx_json_tokens', 0):,}) vs "
        f"{task['unix_tokens']:,}"
        + ("" if saved is None else f", saved {saved:.1f}%")
        + f"; fidelity {_percent(task.get('prx_fidelity'))}"
    )
    if task.get("prx_json_fidelity") != task.get("prx_fidelity"):
        figures += f" (JSON {_percent(task.get('prx_json_fidelity'))})"
    figures += (
        f" vs {_percent(task.get('unix_fidelity'))} of {task.get('needed_lines', 0):,} lines"
        f"; {task.get('prx_ms', 0):.0f} vs {task.get('unix_ms', 0):.0f} ms"
    )
    lines = [head, figures, f"   $ {task['prx_command']}", f"   $ {task['unix_command']}"]
    if task.get("explanation"):
        lines.append(f"   lost: {task['explanation']}")
    return lines


def render(data: Mapping[str, Any]) -> str:
    """``prx bench``'s answer as text: the totals, then every task (figures: prx's text
    form against the Unix commands, its JSON form in parentheses)."""
    lines = [
        f"prx bench {data['root']}: prx {data.get('prx_tokens', 0):,} tokens "
        f"(JSON {data.get('prx_json_tokens', 0):,}), Unix tools "
        f"{data.get('unix_tokens', 0):,}, over the tasks run"
    ]
    if data.get("picked_from"):
        lines.append(f"picked from: {', '.join(data['picked_from'])}")
    for number, task in enumerate(data.get("tasks") or (), 1):
        lines.extend(_task(number, task))
    return "\n".join(lines)
