"""The built-in parsers of ``prx run``, one module per tool (registered by
:class:`prx.app.hooks.RunnerParsers` from :data:`prx.app.builtins.BUILTIN_RUNNER_PARSERS`)."""
