"""The command-line front-end: argv in, one envelope (or a JSONL stream) out."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from prx._version import __version__
from prx.core.envelope import Envelope, error_envelope
from prx.core.errors import InvalidArgumentError, InvalidCommandError, PrxError, did_you_mean
from prx.core.record import record, replace
from prx.frontends.builtins import frontend_workspace, with_frontends
from prx.frontends.cli.wording import CliWording
from prx.plugin.context import Context
from prx.plugin.frontends import Frontend

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from contextlib import AbstractContextManager
    from typing import Any, TextIO

    from prx.plugin.operation import Operation

__all__ = ["CliFrontend", "CliOptions", "split_global_flags", "unknown_command"]

_GLOBAL = {
    "--plain": "plain",
    "--text": "text",
    "--no-fallback": "no_fallback",
    "--no-plugins": "no_plugins",
    "--quiet": "quiet",
    "-q": "quiet",
}
#: Commands the CLI itself provides (not operations).
CLI_COMMANDS = {
    "batch": "Run many commands: JSON Lines requests on stdin, one envelope per line out.",
    "mcp": "Serve the commands as MCP tools over stdio (extra prx[mcp]; see docs/mcp.md).",
}


@record
class CliOptions:
    """Global flags."""

    plain: bool = False
    text: bool = False
    no_fallback: bool = False
    no_plugins: bool = False
    quiet: bool = False


#: The forms an answer is printed in, for ``PRX_FORMAT``.
FORMS = ("json", "text", "plain")


def output_form(options: CliOptions, environ: Mapping[str, str]) -> str:
    """How the answer is printed: ``--plain``, ``--text``, else ``PRX_FORMAT`` (an agent's
    setup may ask for the text form once), else the JSON envelope."""
    if options.plain and options.text:
        raise InvalidArgumentError(
            "invalid argument: the plain and text forms exclude each other",
            suggestion="Give one of them.",
        )
    if options.plain:
        return "plain"
    if options.text:
        return "text"
    form = environ.get("PRX_FORMAT", "").strip().lower()
    if form and form not in FORMS:
        raise InvalidArgumentError(
            f"invalid argument: PRX_FORMAT={form!r} is not a form",
            suggestion=f"Set PRX_FORMAT to one of: {', '.join(FORMS)}.",
        )
    return form or "json"


#: Commands whose trailing arguments are another program's: global flags stop there.
PASSTHROUGH = frozenset({"run"})


def split_global_flags(argv: Sequence[str]) -> tuple[CliOptions, list[str]]:
    """Take the global flags out of ``argv`` (anywhere before ``--``, and for ``run``
    only before the command it runs: ``prx run pytest -q`` keeps ``-q`` for pytest)."""
    flags: dict[str, bool] = {}
    rest: list[str] = []
    command: str | None = None
    for index, arg in enumerate(argv):
        if arg == "--":
            rest.extend(argv[index:])
            break
        if command in PASSTHROUGH and not arg.startswith("-"):
            rest.extend(argv[index:])  # the program being run and all its arguments
            break
        if command is None and not arg.startswith("-"):
            command = arg
        if arg in _GLOBAL:
            flags[_GLOBAL[arg]] = True
        else:
            rest.append(arg)
    return CliOptions(**flags), rest


def unknown_command(command: str, known: list[str]) -> InvalidCommandError:
    """The error for a command that is not among ``known``, with the closest one."""
    hints = [did_you_mean(command, known), f"Known commands: {', '.join(sorted(known))}."]
    return InvalidCommandError(
        f"unknown command {command!r}", suggestion=" ".join(h for h in hints if h)
    )


class CliFrontend(Frontend):
    """``prx <command> [args]``: JSON envelope on stdout, exit 0 / 1 / 2."""

    NAME = "cli"

    def __init__(
        self,
        workspace: Context,
        *,
        stdout: TextIO | None = None,
        stdin: TextIO | None = None,
        stderr: TextIO | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        # A Workspace made for Python has no front-ends in its registry: the command line
        # needs its renderers (and `prx mcp` its server).
        super().__init__(with_frontends(workspace))
        self.stdout = stdout if stdout is not None else sys.stdout
        self.stdin = stdin if stdin is not None else sys.stdin
        #: Where progress goes (the process's stderr when None, looked up when used).
        self.stderr = stderr
        #: The environment that decides colour in ``--plain`` output.
        self.environ = environ if environ is not None else os.environ

    def main(self, argv: Sequence[str]) -> int:
        options, args = split_global_flags(argv)
        if options.no_plugins:
            old = self.workspace.config
            origins = {**old.origins, "autoload_plugins": "flag --no-plugins"}
            config = replace(old, autoload_plugins=False, origins=origins)
            self.workspace = frontend_workspace(self.workspace.root_dir, config=config)
        command = args[0] if args else None
        try:
            output_form(options, self.environ)  # a bad form is the answer, before any work
            if command in (None, "-h", "--help", "help"):
                self._write(self._help())
                return 0 if command else 2
            if command in ("-V", "--version"):
                self._write(f"prx {__version__}")
                return 0
            if command.startswith("-"):
                known = [*_GLOBAL, "--help", "--version"]
                hints = [did_you_mean(command, known), "Run `prx --help` for usage."]
                raise InvalidArgumentError(
                    f"invalid argument: unknown option {command!r}",
                    suggestion=" ".join(h for h in hints if h),
                )
            if command == "mcp":
                # The MCP front-end owns stdout from here: nothing but JSON-RPC.
                frontend = self.workspace.registry.frontend("mcp")(self.workspace)
                return frontend.main(args[1:])
            if command in CLI_COMMANDS:
                from prx.frontends.cli.batch import run_batch

                return run_batch(self.workspace, args[1:], self.stdin, self.stdout, options)
            return self._run(command, args[1:], options, argv)
        except PrxError as err:
            warnings = self.workspace.registry.warnings if self.workspace.has_registry else []
            envelope = error_envelope(
                command or "prx", err, warnings=warnings, wording=CliWording()
            )
            self._emit(envelope, options)
            return err.exit_code

    def _run(self, command: str, args: list[str], options: CliOptions, argv: Sequence[str]) -> int:
        from prx.app.dispatch import invoke
        from prx.frontends.cli.parser import parse_params

        try:
            op = self.workspace.registry.operation(command)
        except InvalidCommandError:
            raise unknown_command(command, self._commands()) from None
        if "cli" not in op.frontends:
            raise InvalidArgumentError(
                f"invalid argument: {command} is not available on the command line"
            )
        try:
            params = parse_params(op, args)
        except SystemExit as stop:  # --help printed by argparse
            return int(stop.code or 0)
        params = self._stdin_arguments(op, params)
        if op.read_only and command not in _RUNS_COMMANDS and self.environ is os.environ:
            # Only as the process's own command line: a host answering for another
            # process (the warm path) must not change the environment its commands inherit.
            _one_blas_thread()
            # One query, then exit: a search may check the index's freshness in a forked
            # child while it answers (prx.engine.index.speculation).
            from prx.engine.index.speculation import allow

            allow(self.workspace.cache)
        from prx.core.progress import reporting
        from prx.frontends.cli.progress import StderrProgress

        progress = StderrProgress(command, quiet=options.quiet, stream=self.stderr)
        from prx.core.budget import measured_as
        from prx.core.textform import rendering

        # The text form is what the reader gets: its budget counts the text, not the JSON.
        measure = rendering(op.text) if output_form(options, self.environ) == "text" else None
        try:
            with (
                reporting(progress),
                _beside(self.workspace, op.name, params),
                measured_as(measure),
            ):
                outcome = invoke(
                    self.workspace,
                    op,
                    params,
                    allow_fallback=not options.no_fallback,
                    args=list(argv),
                    wording=CliWording(op),
                    frontend="cli",
                    defer_record=True,
                )
        finally:
            progress.close()
        envelope = outcome.envelope
        self._emit(envelope, options)
        outcome.finish()  # the usage record, once the answer is out
        return outcome.exit_code

    def _stdin_arguments(self, op: Operation, params: Any) -> Any:
        """``prx edit --edits -`` and ``--patch -`` read their value from stdin (only the
        command line may: MCP's stdin is its protocol)."""
        if op.name != "edit":
            return params
        for name in ("edits", "patch"):
            if getattr(params, name, None) == "-":
                params = replace(params, **{name: self.stdin.read()})
        return params

    def _emit(self, envelope: Envelope, options: CliOptions) -> None:
        from prx.frontends.cli.render import renderer_for

        try:
            form = output_form(options, self.environ)
        except InvalidArgumentError:  # reported as the answer itself, in JSON
            form = "json"
        self._write(
            renderer_for(self.workspace.registry, form, self.stdout, environ=self.environ).render(
                envelope
            )
        )

    def _commands(self) -> list[str]:
        """Every command ``prx --help`` lists."""
        ops = self.workspace.registry.operations()
        return sorted([op.name for op in ops if "cli" in op.frontends] + list(CLI_COMMANDS))

    def _write(self, text: str) -> None:
        from prx.core.envelope import escape_surrogates

        # A name that is not UTF-8 must not crash a strict UTF-8 stdout (--plain, --help).
        self.stdout.write((text if text.isascii() else escape_surrogates(text)) + "\n")
        self.stdout.flush()

    def _help(self) -> str:
        ops = self.workspace.registry.operations()
        rows = [(op.name, op.summary) for op in ops if "cli" in op.frontends]
        rows += sorted(CLI_COMMANDS.items())
        width = max(len(name) for name, _ in rows)
        lines = [
            f"prx {__version__}: structured, token-budgeted code tools for AI agents.",
            "",
            "usage: prx [--root DIR] [--text | --plain] [--no-fallback] [--no-plugins]",
            "           <command> [args]",
            "       prx <command> --help",
            "",
            "commands:",
        ]
        lines += [f"  {name.ljust(width)}  {summary}" for name, summary in sorted(rows)]
        lines += [
            "",
            "Answers are one JSON envelope on stdout: exit 0 ok, 1 error, 2 usage error",
            "(`prx run` exits with its command's code).",
            "Every path stays inside the root: the current directory, or --root DIR.",
            f"State (usage records, error log): {os.fspath(self.workspace.config.home)}",
        ]
        return "\n".join(lines)


def _beside(ws: Context, command: str, params: Any) -> AbstractContextManager[None]:
    """What runs beside a command: the warm server beside ``prx index --watch``."""
    if command == "index":
        from prx.frontends.warm.spawn import beside_watch

        return beside_watch(ws, command, params)
    from contextlib import nullcontext

    return nullcontext()


#: Read-only commands that start other programs: they pass the environment on unchanged.
_RUNS_COMMANDS = frozenset({"bench", "diff"})


def _one_blas_thread() -> None:
    """Ask BLAS for one thread, should this process load numpy: a search's one product is
    small, and BLAS's spinning threads slowed it several times over on a busy machine
    (docs/benchmarks.md). Set in this process's environment before numpy loads (OpenBLAS
    and MKL read it then), unless the caller chose a number; a read-only command starts no
    program that would inherit it."""
    import os

    for name in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(name, "1")
