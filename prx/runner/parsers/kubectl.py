"""``kubectl``: errors, ``get`` tables, ``describe`` events, ``apply``/``delete`` results and
``rollout status`` (``kubectl logs`` is read by :class:`~prx.runner.parsers.docker.LogsParser`).

- ``error: ...`` and ``Error from server (NotFound): ...`` are failures named by the command.
- A ``get`` table is kept whole as the tail (it is the answer); each row whose ``STATUS`` is not
  a healthy one (``Running``, ``Completed`` ...) or whose ``READY`` is short is a failure.
- ``describe``: each ``Warning`` event is a failure named by its reason.
- ``apply``/``create``/``delete``: ``kind/name created|configured|unchanged|deleted`` rows are the
  listing, counted in the headline.
"""

from __future__ import annotations

import re
from collections import Counter

from prx._types.run import Failure
from prx.plugin._runner import RawRun
from prx.runner.detect import unwrap
from prx.runner.model import Parsed
from prx.runner.parsers._base import ToolParser, first_word, output_lines

__all__ = ["KubectlParser"]

_ERROR = re.compile(r"^(?:error: |Error from server(?: \((?P<reason>\w+)\))?: )(?P<msg>.+)$")
_KLOG = re.compile(r"^[EWIF]\d{4} \d{2}:\d{2}:\d{2}\.\d+\s+\d+ \S+:\d+\] ")
_REFUSED = re.compile(r"^The connection to the server (?P<server>\S+) was refused")
_RESULT = re.compile(
    r"^(?P<obj>[\w.-]+/[\w.:-]+) (?P<what>created|configured|unchanged|deleted|patched|"
    r"serverside-applied|labeled|annotated|scaled|restarted|rolled back)(?: \((?P<note>[^)]+)\))?$"
)
_ROLLED = re.compile(
    r"^(?:deployment|daemon set|statefulset|\w+) \"[^\"]+\" successfully rolled out"
)
_EVENT = re.compile(
    r"^\s+Warning\s+(?P<reason>\S+)\s+(?P<age>\S+(?: \(x\d+ over \S+\))?)\s+(?P<source>\S+)"
    r"\s+(?P<msg>.+?)\s*$"
)
_STATUS_LINE = re.compile(r"^Status:\s+(?P<status>\S+)")
_HEALTHY = frozenset(
    {"Running", "Completed", "Succeeded", "Active", "Bound", "Ready", "True", "Available"}
)


def _columns(header: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in re.finditer(r"\S+(?: \S+)*", header)]


def _cell(row: str, columns: list[tuple[str, int]], name: str) -> str | None:
    for index, (title, start) in enumerate(columns):
        if title == name:
            end = columns[index + 1][1] if index + 1 < len(columns) else len(row)
            return row[start:end].strip() or None
    return None


class KubectlParser(ToolParser):
    """``kubectl`` (and ``oc``) commands other than ``logs``."""

    NAME = "kubectl"
    PROGRAMS = frozenset({"kubectl", "oc"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        args = unwrap(raw.argv)
        verb = first_word(list(args[1:])) or "kubectl"
        parsed = Parsed()
        command = " ".join(args[:3])
        results: Counter[str] = Counter()
        table: list[str] = []
        header: list[tuple[str, int]] | None = None
        recognised = False
        command_errors = 0
        for line in lines:
            if _KLOG.match(line):
                continue  # client-go's own log lines repeat the error printed after them
            error = _ERROR.match(line)
            refused = _REFUSED.match(line)
            if error or refused:
                message = line.strip()
                parsed.failures.append(
                    Failure(name=command, file=None, line=None, message=message, excerpt=None)
                )
                recognised, command_errors = True, command_errors + 1
                continue
            if line.startswith("No resources found"):
                parsed.headline, recognised = line.strip(), True
                continue
            result = _RESULT.match(line)
            if result:
                results[result.group("what")] += 1
                parsed.items.append(line.strip())
                recognised = True
                continue
            if _ROLLED.match(line):
                parsed.headline, recognised = line.strip(), True
                continue
            event = _EVENT.match(line)
            if event and verb == "describe":
                message = f"{event.group('msg')} ({event.group('age')})"
                parsed.failures.append(
                    Failure(
                        name=f"Warning {event.group('reason')}",
                        file=None,
                        line=None,
                        message=message,
                        excerpt=None,
                    )
                )
                recognised = True
                continue
            status = _STATUS_LINE.match(line)
            if status and verb == "describe" and parsed.headline is None:
                parsed.headline = f"status {status.group('status')}"
            if verb == "get" and line.startswith("NAME ") and header is None:
                header = _columns(line)
                table.append(line)
                continue
            if header is not None and line.strip():
                table.append(line)
                self._row(parsed, line, header)
        if table:
            parsed.excerpt, parsed.excerpt_source_lines = table, len(table)
            rows = len(table) - 1
            bad = len(parsed.failures)
            parsed.headline = f"{rows} row{'' if rows == 1 else 's'}, {bad} not healthy"
        elif results:
            parsed.headline = ", ".join(f"{n} {what}" for what, n in results.items())
        if recognised or table:
            parsed.errors = command_errors
        return parsed

    @staticmethod
    def _row(parsed: Parsed, row: str, header: list[tuple[str, int]]) -> None:
        name = _cell(row, header, "NAME") or row.split()[0]
        status = _cell(row, header, "STATUS")
        ready = _cell(row, header, "READY")
        problem = None
        if status is not None and status not in _HEALTHY:
            problem = status
        elif ready and "/" in ready and status != "Completed":
            have, _, want = ready.partition("/")
            if have.isdigit() and want.isdigit() and int(have) < int(want):
                problem = f"{ready} ready"
        if problem is None:
            return
        restarts = _cell(row, header, "RESTARTS")
        message = problem + (f", {restarts} restarts" if restarts and restarts != "0" else "")
        parsed.failures.append(
            Failure(name=name, file=None, line=None, message=message, excerpt=None)
        )
