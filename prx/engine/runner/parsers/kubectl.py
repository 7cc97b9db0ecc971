"""``kubectl``: errors, ``get`` tables, ``describe`` events, ``apply``/``delete`` results and
``rollout status`` (``kubectl logs`` is read by
:class:`~prx.engine.runner.parsers.docker.LogsParser`).

- The client's errors (``error: ...``, ``Error from server (NotFound): ...``, ``Error in
  configuration: ...``, ``unable to recognize "x.yaml": ...``, ``The connection to the server
  ... was refused``) are failures named by the command (``kubectl get pods``); client-go's own
  klog records (``E0102 03:04:05.678901 123 file.go:45] ...``), which repeat them, are skipped.
- A ``get`` table is kept whole as the tail (it is the answer); each row whose ``STATUS`` is not
  a healthy one (``Running``, ``Completed`` ...) or whose ``READY`` is short is a failure.
- ``describe``: each ``Warning`` event is a failure named by its reason. The events table is
  read by its header's columns (``Type Reason Age From Message``), so an ``Age`` such as
  ``10s (x3 over 20s)`` or a ``From`` such as ``kubelet, node01`` stays whole; the older
  ``FirstSeen LastSeen Count From SubobjectPath Type Reason Message`` table is read too.
- ``apply``/``create``/``delete``: ``kind/name created|configured|unchanged|deleted`` rows are the
  listing, counted in the headline.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from prx.core.results.run import Failure
from prx.engine.runner.detect import unwrap
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, output_lines
from prx.plugin.runner import RawRun

__all__ = ["KubectlParser", "client_error", "command_name", "command_words", "is_klog"]

_ERROR = re.compile(
    r"^(?:error: |Error from server(?: \((?P<reason>\w+)\))?: |Error in configuration: |"
    r"unable to recognize |Unable to connect to the server: )(?P<msg>.+)$"
)
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
    r"^\s*Warning\s+(?P<reason>\S+)\s+(?P<age>\S+(?: \(x\d+ over \S+\))?)\s+(?P<source>\S+)"
    r"\s+(?P<msg>.+?)\s*$"
)
_EVENTS_HEADER = re.compile(r"^\s*Type\s+Reason\s+Age\s+From\s+Message\s*$")
_LEGACY_EVENTS_HEADER = re.compile(r"^\s*FirstSeen\s+LastSeen\s+Count\s+From\s")
_LEGACY_EVENT = re.compile(
    r"^\s*(?P<first>\S+)\s+(?P<last>\S+)\s+(?P<count>\d+)\s+(?P<source>\{[^}]*\}|\S+)\s+"
    r"(?:\S+\s+)?(?P<type>Normal|Warning)\s+(?P<reason>\S+)\s+(?P<msg>.+?)\s*$"
)
_STATUS_LINE = re.compile(r"^\s*Status:\s+(?P<status>\S+)")
_DESCRIBED = re.compile(r"^\s*Name:\s+\S")
_HEALTHY = frozenset(
    {"Running", "Completed", "Succeeded", "Active", "Bound", "Ready", "True", "Available"}
)
#: kubectl options whose value may follow as the next argument (``-n kube-system``).
_VALUED = frozenset(
    {
        "-n", "--namespace", "-f", "--filename", "-o", "--output", "-l", "--selector", "-c",
        "--container", "--context", "--cluster", "--user", "--kubeconfig", "-s", "--server",
        "--field-selector", "--sort-by", "--image", "-p", "--patch", "-k", "--kustomize",
        "--since", "--tail", "--request-timeout", "--as", "--type", "--template", "-L",
        "--label-columns",
    }
)  # fmt: skip


def is_klog(line: str) -> bool:
    """A client-go log record (``E0102 03:04:05.678901 123 file.go:45] ...``)."""
    return bool(_KLOG.match(line))


def client_error(line: str) -> bool:
    """A line in which kubectl itself reports a failure."""
    return bool(_ERROR.match(line) or _REFUSED.match(line))


def command_words(args: Sequence[str]) -> list[str]:
    """The arguments that are neither options nor the values of options."""
    words: list[str] = []
    skip = False
    for arg in args:
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in _VALUED
        else:
            words.append(arg)
    return words


def command_name(args: Sequence[str]) -> str:
    """``kubectl get pods``, ``kubectl apply``: the program and its first two words."""
    return " ".join([args[0], *command_words(args[1:])[:2]]) if args else "kubectl"


def _columns(header: str) -> list[tuple[str, int]]:
    return [(m.group(0), m.start()) for m in re.finditer(r"\S+(?: \S+)*", header)]


def _cell(row: str, columns: list[tuple[str, int]], name: str) -> str | None:
    for index, (title, start) in enumerate(columns):
        if title == name:
            end = columns[index + 1][1] if index + 1 < len(columns) else len(row)
            return row[start:end].strip() or None
    return None


def _warning(reason: str, message: str, seen: str) -> Failure:
    return Failure(
        name=f"Warning {reason}", file=None, line=None, message=f"{message} ({seen})", excerpt=None
    )


class KubectlParser(ToolParser):
    """``kubectl`` (and ``oc``) commands other than ``logs``."""

    NAME = "kubectl"
    PROGRAMS = frozenset({"kubectl", "oc"})

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        args = unwrap(raw.argv)
        words = command_words(args[1:])
        verb = words[0] if words else "kubectl"
        parsed = Parsed()
        command = command_name(args)
        results: Counter[str] = Counter()
        table: list[str] = []
        header: list[tuple[str, int]] | None = None
        events: list[tuple[str, int]] | None = None
        legacy_events = False
        recognised = False
        command_errors = 0
        for line in lines:
            if _KLOG.match(line):
                continue  # client-go's own log lines repeat the error printed after them
            if client_error(line):
                parsed.failures.append(
                    Failure(name=command, file=None, line=None, message=line.strip(), excerpt=None)
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
            if verb == "describe":
                if not line.strip():
                    events, legacy_events = None, False  # a table ends at a blank line
                    continue
                recognised = self._describe_line(parsed, line, events, legacy_events) or recognised
                if _EVENTS_HEADER.match(line):
                    events, legacy_events, recognised = _columns(line), False, True
                elif _LEGACY_EVENTS_HEADER.match(line):
                    events, legacy_events, recognised = None, True, True
                continue
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
        warnings = sum(1 for f in parsed.failures if f.name.startswith("Warning "))
        if verb == "describe" and warnings:
            counted = f"{warnings} warning event{'' if warnings == 1 else 's'}"
            parsed.headline = f"{parsed.headline}, {counted}" if parsed.headline else counted
        if recognised or table:
            parsed.errors = command_errors
        return parsed

    @staticmethod
    def _describe_line(
        parsed: Parsed, line: str, events: list[tuple[str, int]] | None, legacy: bool
    ) -> bool:
        """Read one line of ``kubectl describe``; whether it was describe output."""
        if events is not None and not line.strip().startswith("----"):
            if _cell(line, events, "Type") == "Warning":
                parsed.failures.append(
                    _warning(
                        _cell(line, events, "Reason") or "",
                        _cell(line, events, "Message") or "",
                        _cell(line, events, "Age") or "",
                    )
                )
            return True
        if legacy:
            old = _LEGACY_EVENT.match(line)
            if old and old.group("type") == "Warning":
                seen = f"x{old.group('count')} over {old.group('first')}"
                parsed.failures.append(_warning(old.group("reason"), old.group("msg"), seen))
            return bool(old)
        event = _EVENT.match(line)
        if event:
            reason, age = event.group("reason"), event.group("age")
            parsed.failures.append(_warning(reason, event.group("msg"), age))
            return True
        status = _STATUS_LINE.match(line)
        if status and parsed.headline is None:
            parsed.headline = f"status {status.group('status')}"
            return True
        return bool(_DESCRIBED.match(line))

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
