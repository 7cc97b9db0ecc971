"""The model-facing text of a run: what a compiler or a test runner would print, made lean.

One header line (the tool, its counts, the exit code: the report's true summary line), then
each failure and each diagnostic as one ``file:line  message`` line, grep and compiler style
(a failure's excerpt indented under it; its name without what the header already says: the
file of a pytest node id, go's package when every failure is in the one the header names),
then the output the answer kept verbatim (``tail``), and last what the answer left out and
where the whole output is (the raw log's path is also given when this text leaves out more
than half of the output's tokens).

It never costs more than the raw output + :data:`RAW_SLACK` tokens (cl100k_base, the count
the answer's ``tokens_raw`` gives): when the whole text would, the failures' excerpts go
first; then, when the kept output is the whole output verbatim, the failure and diagnostic
lines read from it; then the kept output's lines after its first one (a heading, the error
that stopped the tool), each cut said where it is made. The header stays (for an output kept
whole, down to the tool, the counts and the exit code), and so do the failures and
diagnostics of an output not kept whole (each is shorter than the lines it
was read from).

A run that passed (exit 0, neither timed out nor interrupted) costs no more than its raw
output wherever that leaves out no fact: its header leaves out ``(exit 0)`` when the summary
says anything else (the exit code is said whenever it is not 0), the raw log's path is said
only within the raw output's size, and when the text still costs more than the raw output
its header leaves out the time: the tool and what it stated (``pytest: 5 passed``,
``go-test: ok example.com/m (cached)``). That header is the least the text says, even of an
output shorter than it (``All checks passed!``); the lines under it are cut only past the
slack, as any run's are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from prx.engine.runner.fit import largest

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["RAW_SLACK", "render"]

#: Tokens the rendering may cost beyond the raw output.
RAW_SLACK = 40


def render(data: Mapping[str, Any]) -> str:
    """The text of a run's answer (the envelope's ``data``); with ``--affected``, first
    what the change selected (said beyond the raw output's size: no runner prints it)."""
    affected = data.get("affected")
    text = _render(data)
    return f"{_affected_line(affected)}\n{text}" if isinstance(affected, Mapping) else text


def _affected_line(affected: Mapping[str, Any]) -> str:
    files = f"{affected.get('selected_files', 0)} of {affected.get('suite_files', 0)} test files"
    reasons = "; ".join(str(r) for r in affected.get("reasons") or ())
    if affected.get("whole_suite"):
        return f"affected: the whole suite ran ({reasons or 'not narrowed'})"
    line = f"affected: {affected.get('selected', 0)} selected in {files}"
    return f"{line} ({reasons})" if reasons else line


def _render(data: Mapping[str, Any]) -> str:
    failures = _unrepeated(data.get("failures") or (), data.get("diagnostics") or ())
    diagnostics = data.get("diagnostics") or ()
    tail = str(data["tail"]).split("\n") if data.get("tail") else []
    head = [_header(data)]
    said = _said_by(failures, head[0])
    body = [*_failure_lines(failures, said, excerpts=True), *_diagnostic_lines(diagnostics)]
    raw = data.get("tokens_raw")
    if not isinstance(raw, int) or raw < 0:
        return _join(head, body, tail, _closing(data, cut=""))
    count = _counter()
    passed = _passed(data)
    text = _join(head, body, tail, _closing(data, cut="", path=False))
    if 2 * count(text) < raw:
        # The text leaves out more than half of the output: say where all of it is.
        located = _join(head, body, tail, _closing(data, cut=""))
        if not passed or count(located) <= raw:
            text = located
    if passed and count(text) > raw:
        # A passing run says no more than its raw output where that costs no fact: the
        # raw log's path (said only beside a cut of this text's own) and the time go.
        head = [_header(data, timing=False)]
        text = _join(head, body, tail, _closing(data, cut="", path=False))
    ceiling = raw + RAW_SLACK
    if count(text) <= ceiling:
        return text
    # Over the raw output: the excerpts first (each failure's message line stays), then
    # the lines read from an output kept whole, then the kept output's lines after its
    # first; each cut is said where it is made.
    body = [*_failure_lines(failures, said, excerpts=False), *_diagnostic_lines(diagnostics)]
    cut = "excerpts" if any(f.get("excerpt") for f in failures) else ""
    # (A passing run's path only beside a cut: its text left out nothing else yet.)
    text = _join(head, body, tail, _closing(data, cut=cut, path=not passed))
    if count(text) <= ceiling or not tail:
        return text
    if data.get("omitted_lines") == 0:
        # The kept output is all of it, verbatim: the lines read from it say it again, and
        # so does the summary beyond the counts and the exit code.
        body = []
        for head in ([_header(data, timing=not passed)], [_short_header(data)]):
            text = _join(head, body, tail, _closing(data, cut=cut))
            if count(text) <= ceiling:
                return text
    kept = largest(len(tail), lambda k: count(_trimmed(head, body, tail, k, data, cut)) <= ceiling)
    trimmed = _trimmed(head, body, tail, kept, data, cut)
    if count(trimmed) <= ceiling:
        return trimmed
    # Not even the first line fits beside the rest: the output's last lines only.
    kept = largest(len(tail), lambda k: count(_last(head, body, tail, k, data, cut)) <= ceiling)
    return _last(head, body, tail, kept, data, cut)


def _last(
    head: list[str], body: list[str], tail: list[str], kept: int, data: Mapping[str, Any], cut: str
) -> str:
    """The text with only the kept output's last ``kept`` lines."""
    dropped = len(tail) - kept
    shown = [f"[prx: {dropped} output lines not shown]"] if dropped else []
    return _join(head, body, [*shown, *tail[dropped:]], _closing(data, cut=cut))


def _unrepeated(
    failures: Sequence[Mapping[str, Any]], diagnostics: Sequence[Mapping[str, Any]]
) -> list[Mapping[str, Any]]:
    """The failures but those that only repeat a diagnostic (a package that did not build,
    at its first compile error): the header names them, the diagnostic line places them."""
    said = {(d.get("file"), d.get("line"), d.get("message")) for d in diagnostics}
    return [
        f
        for f in failures
        if f.get("excerpt") or (f.get("file"), f.get("line"), f.get("message")) not in said
    ]


def _passed(data: Mapping[str, Any]) -> bool:
    """Whether the run passed: exit 0, neither timed out nor interrupted."""
    return data.get("exit_code") == 0 and not data.get("timed_out") and not data.get("interrupted")


#: The end of a passing run's summary (see :func:`prx.engine.runner.summary.compose_summary`):
#: its time (`` in 0.44s``, or ``ran 0.10s`` when it says nothing else), a missing closing
#: summary, and the exit code.
_PASSED_END = re.compile(
    r"(?P<time>(?:^ran | in )(?:\d+m\d\ds|\d+(?:\.\d+)?s))"
    r"(?P<missing>, closing summary missing)? \(exit 0\)"
)


def _header(data: Mapping[str, Any], *, timing: bool = True) -> str:
    """The tool and its summary; of a passing run, without ``(exit 0)`` when the summary
    says anything else (and without the time when ``timing`` is false)."""
    tool = data.get("tool") or "run"
    summary = str(data.get("summary") or f"exit {data.get('exit_code')}")
    end = _PASSED_END.search(summary) if _passed(data) else None
    if end is not None:
        said = summary[: end.start()]
        rest = (end.group("missing") or "") + summary[end.end() :]
        if said:
            summary = said + (end.group("time") if timing else "") + rest
        elif not timing:
            summary = "exit 0" + rest
    return f"{tool}: {summary}"


#: The counts a short header names when the tool stated them (and they are not zero).
_COUNT_WORDS = (
    ("failed", "failed"),
    ("errors", "errors"),
    ("passed", "passed"),
    ("skipped", "skipped"),
    ("filtered", "filtered out"),
    ("warnings", "warnings"),
)


def _short_header(data: Mapping[str, Any]) -> str:
    """The tool, the counts it stated and the exit code (a timeout or a signal first; of a
    passing run, only when no count is stated)."""
    words = []
    if data.get("timed_out"):
        words.append("timed out")
    if data.get("interrupted"):
        words.append(f"interrupted by {data['interrupted']}")
    words += [f"{data[k]} {word}" for k, word in _COUNT_WORDS if data.get(k)]
    if not (words and _passed(data)):
        words.append(f"exit {data.get('exit_code')}")
    return f"{data.get('tool') or 'run'}: {', '.join(words)}"


def _place(item: Mapping[str, Any]) -> str:
    """``file:line:column`` from the parts the tool gave."""
    parts = [item.get("file"), item.get("line"), item.get("column")]
    shown = []
    for part in parts:
        if part is None or part == "":
            break
        shown.append(str(part))
    return ":".join(shown)


def _indented(text: str, first: str) -> list[str]:
    """``text``'s first line after ``first``, the others indented under it."""
    lines = text.split("\n")
    return [first + lines[0], *("  " + x if x else x for x in lines[1:])]


def _said_by(failures: Sequence[Mapping[str, Any]], header: str) -> str:
    """The first word of every failure's name when the header names it too (go's package,
    ``FAIL example.com/m``, before each ``example.com/m TestX``): the lines leave it out."""
    firsts = {str(f.get("name", "")).partition(" ")[0] for f in failures}
    if len(firsts) != 1 or not all(" " in str(f.get("name", "")) for f in failures):
        return ""
    word = firsts.pop()
    return word if re.search(rf"(?<![\w./-]){re.escape(word)}(?![\w./-])", header) else ""


def _failure_lines(
    failures: Sequence[Mapping[str, Any]], said: str, *, excerpts: bool
) -> list[str]:
    out: list[str] = []
    for failure in failures:
        place = _place(failure)
        name = str(failure.get("name", ""))
        if said:
            name = name.removeprefix(f"{said} ")
        file = failure.get("file")
        if file and name.startswith(f"{file}::"):
            name = name[len(file) + 2 :]  # a pytest node id: its file is the place
        elif file and name == file:
            name = ""  # a test file that did not load: the place names it
        message = str(failure.get("message", ""))
        label = f"{name}: " if name else ""
        lead = f"{place}  {label}" if place else label
        out += _indented(message, lead)
        if excerpts and failure.get("excerpt"):
            out += ["  " + x if x else x for x in str(failure["excerpt"]).split("\n")]
    return out


def _diagnostic_lines(diagnostics: Sequence[Mapping[str, Any]]) -> list[str]:
    # Every one an error: the header counts them, the word would repeat on each line.
    named = any(d.get("severity") != "error" for d in diagnostics)
    out: list[str] = []
    for diagnostic in diagnostics:
        words = [str(diagnostic["severity"])] if named else []
        if diagnostic.get("code"):
            words.append(str(diagnostic["code"]))
        kind = " ".join(words)
        lead = f"{_place(diagnostic)}  " + (f"{kind}: " if kind else "")
        out += _indented(str(diagnostic.get("message", "")), lead)
    return out


def _closing(data: Mapping[str, Any], *, cut: str, path: bool = True) -> str:
    """What this text or the answer left out, and where the whole output is (with nothing
    left out, only when ``path``)."""
    left: list[str] = []
    for key, what in (("failures_omitted", "failures"), ("diagnostics_omitted", "diagnostics")):
        if data.get(key):
            left.append(f"{data[key]} {what}")
    if cut:
        left.append(cut)
    where = data.get("raw_path")
    if not left:
        return f"full output: {where}" if where and path else ""
    return f"[prx: {', '.join(left)} not shown" + (f"; full output: {where}]" if where else "]")


def _join(head: list[str], body: list[str], tail: list[str], closing: str) -> str:
    return "\n".join([*head, *body, *tail, *([closing] if closing else [])])


def _trimmed(
    head: list[str], body: list[str], tail: list[str], kept: int, data: Mapping[str, Any], cut: str
) -> str:
    """The text with the kept output's first line (a table's heading, the error that
    stopped the tool) and its last ``kept`` lines: the lines between are left out."""
    first = next((i for i, line in enumerate(tail) if line.strip()), len(tail))
    lead = tail[: first + 1]
    rest = tail[first + 1 :]
    kept = min(kept, len(rest))
    dropped = len(rest) - kept
    if not dropped:
        return _join(head, body, tail, _closing(data, cut=cut))
    shown = [*lead, f"[prx: {dropped} output lines not shown]", *rest[dropped:]]
    return _join(head, body, shown, _closing(data, cut=cut))


def _counter() -> Callable[[str], int]:
    from prx.core.tokens import count_exact

    return count_exact
