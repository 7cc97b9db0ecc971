"""``docker build`` (the legacy builder's ``Step N/M`` and BuildKit's ``#N [i/n]`` plain output)
and container logs (``docker logs``, ``kubectl logs``, ``docker compose logs``).

A failed build is one failure named by the step that failed, with the Dockerfile line when
BuildKit prints it, the error as message and the step's last output lines as excerpt.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from prx.core.results.run import Failure
from prx.engine.runner.detect import unwrap
from prx.engine.runner.excerpt import split_lines
from prx.engine.runner.model import Parsed
from prx.engine.runner.parsers._base import ToolParser, first_word, output_lines
from prx.engine.runner.parsers.kubectl import client_error, command_name, command_words, is_klog
from prx.plugin.runner import RawRun

__all__ = ["DockerBuildParser", "LogsParser"]

_STEP = re.compile(r"^Step (?P<n>\d+)/(?P<of>\d+) : (?P<cmd>.+)$")
_LEGACY_FAIL = re.compile(r"^The command '.*' returned a non-zero code: \d+$")
_LEGACY_ERROR = re.compile(
    r"^(?:COPY failed|ADD failed|Dockerfile parse error|unable to prepare context|"
    r"Error response from daemon|error checking context|failed to)\b.*$"
)
_BUILT = re.compile(r"^Successfully built (?P<id>\S+)")
_TAGGED = re.compile(r"^Successfully tagged (?P<tag>\S+)")
_BK_STEP = re.compile(r"^#(?P<id>\d+) (?P<step>\[[^\]]+\] .+)$")
_BK_LINE = re.compile(r"^#(?P<id>\d+) (?:\d+\.\d+ )?(?P<text>.*)$")
_BK_ERROR = re.compile(r"^#(?P<id>\d+) ERROR: (?P<msg>.+)$")
_BK_FINAL = re.compile(r"^(?:ERROR|error): (?:failed to build: )?(?P<msg>failed to solve: .+)$")
_BK_WHERE = re.compile(r"^(?P<file>\S*Dockerfile\S*):(?P<line>\d+)$")
_BK_DONE = re.compile(r"^#\d+ naming to (?P<tag>\S+)")
_EXCERPT_LINES = 8


class DockerBuildParser(ToolParser):
    """``docker build``, ``docker buildx build``, ``docker image build``, ``podman build``."""

    NAME = "docker-build"
    PROGRAMS = frozenset({"docker", "podman"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        if not args or args[0] not in cls.PROGRAMS:
            return False
        words = [a for a in args[1:4] if not a.startswith("-")]
        return words[:1] == ["build"] or words[:2] in (["buildx", "build"], ["image", "build"])

    def parse(self, raw: RawRun) -> Parsed:
        lines = output_lines(raw)
        if any(_BK_STEP.match(line) or line.startswith("#0 building") for line in lines[:40]):
            return self._buildkit(lines)
        return self._legacy(lines)

    @staticmethod
    def _legacy(lines: Sequence[str]) -> Parsed:
        parsed = Parsed()
        step: str | None = None
        output: list[str] = []
        closed = False
        steps = 0
        built = tagged = None
        for line in lines:
            match = _STEP.match(line)
            if match:
                step, output, steps = line, [], int(match.group("of"))
                continue
            if _LEGACY_FAIL.match(line) or _LEGACY_ERROR.match(line):
                closed = True
                parsed.failures.append(
                    Failure(
                        name=step or "docker build",
                        file="Dockerfile" if step else None,
                        line=None,
                        message=line.strip(),
                        excerpt="\n".join(output[-_EXCERPT_LINES:]) or None,
                    )
                )
                continue
            built_match, tagged_match = _BUILT.match(line), _TAGGED.match(line)
            if built_match:
                built, closed = built_match.group("id"), True
            elif tagged_match:
                tagged = tagged_match.group("tag")
            elif step and not line.startswith((" ---> ", "Removing intermediate")):
                output.append(line)
        if closed:
            parsed.errors = len(parsed.failures)
            parts = [f"{steps} steps"] if steps else []
            if built:
                parts.append(f"built {built}")
            if tagged:
                parts.append(f"tagged {tagged}")
            parsed.headline = ", ".join(parts) or None
        return parsed

    @staticmethod
    def _buildkit(lines: Sequence[str]) -> Parsed:
        parsed = Parsed()
        steps: dict[str, str] = {}
        output: dict[str, list[str]] = {}
        errors: list[tuple[str, str]] = []
        final: str | None = None
        where: tuple[str, int] | None = None
        tag = None
        for line in lines:
            step = _BK_STEP.match(line)
            if step:
                steps.setdefault(step.group("id"), step.group("step"))
                continue
            error = _BK_ERROR.match(line)
            if error:
                errors.append((error.group("id"), error.group("msg")))
                continue
            done = _BK_DONE.match(line)
            if done:
                tag = done.group("tag")
            text = _BK_LINE.match(line)
            if text and text.group("id") in steps and not text.group("text").startswith("DONE"):
                output.setdefault(text.group("id"), []).append(text.group("text"))
                continue
            fin = _BK_FINAL.match(line)
            if fin:
                final = fin.group("msg")
                continue
            dockerfile = _BK_WHERE.match(line.strip())
            if dockerfile and where is None:
                where = (dockerfile.group("file"), int(dockerfile.group("line")))
        for step_id, message in errors:
            name = steps.get(step_id, f"#{step_id}")
            parsed.failures.append(
                Failure(
                    name=name,
                    file=where[0] if where else None,
                    line=where[1] if where else None,
                    message=message,
                    excerpt="\n".join(output.get(step_id, [])[-_EXCERPT_LINES:]) or None,
                )
            )
        if final and not parsed.failures:
            parsed.failures.append(
                Failure(
                    name="docker build",
                    file=where[0] if where else None,
                    line=where[1] if where else None,
                    message=final,
                    excerpt=None,
                )
            )
        if final or tag or errors:
            parsed.errors = len(parsed.failures)
            parsed.headline = f"{len(steps)} steps" + (f", tagged {tag}" if tag else "")
        return parsed


#: Programs whose ``logs`` keep the container's log on stdout and their own messages on stderr.
_KUBE = frozenset({"kubectl", "oc"})
_LEVEL = re.compile(
    r"\b(?P<level>FATAL|CRITICAL|PANIC|ERROR|ERR|WARN(?:ING)?)\b|level=(?P<kv>error|fatal|warn\w*)",
    re.IGNORECASE,
)


class LogsParser(ToolParser):
    """Container logs: ``kubectl logs``, ``docker logs``, ``docker compose logs``, ``podman logs``.

    The log lines at error or warning level are listed (runs of identical lines once, with a
    count); the others are only counted. No test counts: a log states none.

    ``kubectl logs`` writes the container's log to stdout and only its own messages to stderr:
    there the log is read from stdout alone, and kubectl's errors on stderr (a server it cannot
    reach, a pod that does not exist) are failures counted in ``errors``, never log lines;
    client-go's klog records, which repeat them, are skipped.
    """

    NAME = "logs"
    PRIORITY = 15
    PROGRAMS = frozenset({"kubectl", "docker", "podman", "oc"})

    @classmethod
    def matches(cls, argv: Sequence[str]) -> bool:
        args = unwrap(argv)
        if not args or args[0] not in cls.PROGRAMS:
            return False
        rest = list(args[1:])
        word = first_word(rest)
        if args[0] in _KUBE:
            words = command_words(rest)
            word = words[0] if words else None
        if word in ("compose", "container") and word in rest:
            word = first_word(rest[rest.index(word) + 1 :])
        return word == "logs"

    def parse(self, raw: RawRun) -> Parsed:
        args = unwrap(raw.argv)
        parsed = Parsed()
        if args and args[0] in _KUBE:
            lines = [line for line in split_lines(raw.stdout) if line.strip()]
            name = command_name(args)
            for line in split_lines(raw.stderr):
                if client_error(line) and not is_klog(line):
                    parsed.failures.append(
                        Failure(name=name, file=None, line=None, message=line.strip(), excerpt=None)
                    )
            if parsed.failures:
                parsed.errors = len(parsed.failures)
        else:
            lines = [line for line in output_lines(raw) if line.strip()]
        counts = {"error": 0, "warning": 0}
        previous: str | None = None
        repeats = 0

        def flush() -> None:
            if previous is not None:
                parsed.items.append(
                    previous + (f" [repeated {repeats} times]" if repeats > 1 else "")
                )

        for line in lines:
            match = _LEVEL.search(line)
            if not match:
                continue
            level = (match.group("level") or match.group("kv") or "").upper()
            counts["warning" if level.startswith("WARN") else "error"] += 1
            text = line.strip()
            if text == previous:
                repeats += 1
                continue
            flush()
            previous, repeats = text, 1
        flush()
        if lines:
            parsed.headline = (
                f"{counts['error']} error and {counts['warning']} warning lines "
                f"in {len(lines)} log lines"
            )
        return parsed
