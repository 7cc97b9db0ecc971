"""Contract tests a component must pass; subclass them in a test module.

::

    from prx.testing.contracts import RunnerParserContract

    class TestMyParser(RunnerParserContract):
        parser = MyParser
        argv = ("mytool", "check")

The contract of a runner parser: it matches the argv it is written for; it does not crash on
empty or unrelated output; it leaves counts None when the tool did not state them; and the
report built from its answer never reads as a success when the exit code is not zero.
"""

from __future__ import annotations

from typing import ClassVar

import pytest

from prx.plugin._runner import RunnerParser
from prx.runner.model import CapturedRun, Parsed
from prx.runner.report import RunOutput, build_report
from prx.runner.service import parse_output

__all__ = ["RunnerParserContract"]

_COUNTS = ("passed", "failed", "skipped", "errors", "warnings", "xfailed", "xpassed")
#: Closing lines of tools that read as a pass; a non-zero exit must still win.
_GREEN_LOOKING = (
    "",
    "3 passed in 0.10s",
    "============================== 3 passed in 0.10s ===============================",
    "All checks passed!",
    "Success: no issues found in 1 source file",
    "Ran 3 tests in 0.001s\n\nOK",
    "# tests 3\n# pass 3\n# fail 0",
    "test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
    "nothing to commit, working tree clean",
)
_UNRELATED = "hello\nthis is not the output of any tool\n\x1b[31mcolour\x1b[0m\n"


class RunnerParserContract:
    """Pytest test class checking a :class:`~prx.plugin.interfaces.RunnerParser`."""

    #: The parser class under test.
    parser: ClassVar[type[RunnerParser]]
    #: A command line it is meant to read.
    argv: ClassVar[tuple[str, ...]]

    def _raw(self, stdout: str = "", stderr: str = "", exit_code: int = 0) -> CapturedRun:
        return CapturedRun(
            argv=self.argv,
            exit_code=exit_code,
            stdout=stdout,
            stderr=stderr,
            duration_ms=10,
        )

    def _parse(self, raw: CapturedRun) -> tuple[Parsed, str]:
        parsed, tool = parse_output(self.parser, raw)
        assert tool == self.parser.NAME, f"{self.parser.NAME} raised on {raw.stdout!r}"
        return parsed, tool

    def test_matches_its_command(self) -> None:
        assert self.parser.matches(self.argv)

    def test_has_a_name_and_a_priority(self) -> None:
        assert isinstance(self.parser.NAME, str) and self.parser.NAME
        assert isinstance(self.parser.PRIORITY, int)

    @pytest.mark.parametrize("exit_code", [0, 1, 2, -9])
    def test_empty_output_does_not_crash(self, exit_code: int) -> None:
        parsed, _ = self._parse(self._raw(exit_code=exit_code))
        assert isinstance(parsed, Parsed)

    @pytest.mark.parametrize("exit_code", [0, 1])
    def test_counts_are_none_when_the_tool_does_not_say(self, exit_code: int) -> None:
        # A build or lint tool that exits 0 having printed no diagnostic states that it found
        # no error and no warning (``COUNTS_DIAGNOSTICS``); nothing else is stated.
        stated = ("errors", "warnings") if exit_code == 0 and self._counts_diagnostics() else ()
        for raw in (self._raw(exit_code=exit_code), self._raw(_UNRELATED, _UNRELATED, exit_code)):
            parsed, _ = self._parse(raw)
            for key in _COUNTS:
                want = 0 if key in stated else None
                assert getattr(parsed, key) == want, (key, parsed)

    def _counts_diagnostics(self) -> bool:
        return bool(getattr(self.parser, "COUNTS_DIAGNOSTICS", False))

    @pytest.mark.parametrize("text", _GREEN_LOOKING)
    @pytest.mark.parametrize("exit_code", [1, 2, 101, -15])
    def test_never_claims_success_on_a_non_zero_exit(self, text: str, exit_code: int) -> None:
        raw = self._raw(text, "", exit_code)
        parsed, tool = self._parse(raw)
        output = RunOutput(
            argv=self.argv,
            exit_code=exit_code,
            duration_ms=10,
            merged=text,
            raw_bytes=text.encode(),
        )
        summary = build_report(output, parsed, tool=tool, home=None).summary
        assert f"exit {exit_code}" in summary, summary
        assert "no failures parsed" in summary or any(
            word in summary for word in ("failed", "error", "xpassed", "collection")
        ), summary
