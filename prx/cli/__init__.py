"""The ``prx`` command (and its busybox-style aliases ``prx-read``, ``prx-find`` ...)."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

__all__ = ["main"]


def _command_from_program(program: str) -> str | None:
    name = os.path.basename(program)
    for suffix in (".exe", ".py"):
        name = name.removesuffix(suffix)
    return name[4:] if name.startswith("prx-") and len(name) > 4 else None


def main(argv: Sequence[str] | None = None, *, program: str | None = None) -> int:
    """Run the CLI and return its exit code (the console script exits with it)."""
    args = list(sys.argv[1:] if argv is None else argv)
    implied = _command_from_program(program if program is not None else sys.argv[0])
    if implied:
        args.insert(0, implied)
    if args in (["--version"], ["-V"]):
        from prx._version import __version__

        sys.stdout.write(f"prx {__version__}\n")
        return 0
    from prx.cli.wording import CliWording
    from prx.envelope import dumps, error_envelope
    from prx.errors import InternalError, PrxError
    from prx.workspace import Workspace

    try:
        workspace = Workspace(".")
        frontend = workspace.registry.frontend("cli")(workspace)
        return frontend.main(args)
    except PrxError as err:
        sys.stdout.write(dumps(error_envelope("prx", err, wording=CliWording())) + "\n")
        return err.exit_code
    except Exception as exc:  # never a traceback on stdout: an internal_error envelope
        if os.environ.get("PRX_DEBUG"):
            import traceback

            traceback.print_exc()
        internal = InternalError(
            f"internal error: {type(exc).__name__}: {exc}",
            suggestion="Set PRX_DEBUG=1 to print the traceback on stderr.",
        )
        sys.stdout.write(dumps(error_envelope(args[0] if args else "prx", internal)) + "\n")
        return 1


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
