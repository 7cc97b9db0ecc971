"""The built-in parsers of ``prx run``, one module per tool.

They are registered by :mod:`prx.runner.hooks` from the one table of built-in runner
parsers, :data:`prx.plugin.builtins.BUILTIN_RUNNER_PARSERS` (``module:Class`` names, so the
hook imports them only when ``prx run`` needs them).
"""

from __future__ import annotations

from prx.plugin.builtins import BUILTIN_RUNNER_PARSERS as BUILTIN_PARSERS

__all__ = ["BUILTIN_PARSERS"]
