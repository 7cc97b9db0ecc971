"""The exceptions prx raises, each carrying a stable machine code.

Every error a prx operation can answer with is a :class:`PrxError`. Front-ends turn it
into the error envelope ``{"code", "message", "suggestion"}`` and exit with its
``exit_code``; anything that is not a ``PrxError`` is an internal failure (``internal_error``)
and may trigger the Unix fallback.

Core code never spells a CLI flag or command: an error's texts are templates in which
``{param}`` stands for the parameter the error is about (``param=``), ``{param:top_k}`` for
another parameter and ``{cmd:find}`` for a command. Each front-end fills them in its own
:class:`Wording`: the library's (the default, ``top_k`` and ```prx.find()```), the command
line's (``--top-k`` and ```prx find```), batch's (``top_k`` and ```prx find```).

Hierarchy::

    PrxError                      internal_error   (exit 1)
    ├── NotFoundError             file_not_found   (also LookupError)
    │   └── CommandNotFoundError  file_not_found   (exit 127: `prx run` of a missing program)
    ├── PermissionDeniedError     permission_denied (also PermissionError)
    │   └── CommandNotExecutableError permission_denied (exit 126)
    ├── PrxIOError                io_error          (also OSError)
    ├── ParseError                parse_error
    ├── SyntaxCheckError          syntax_error
    ├── BudgetExceededError       budget_exceeded
    ├── InvalidRangeError         invalid_range     (also ValueError)
    ├── InvalidArgumentError      invalid_argument  (exit 2, also ValueError)
    │   └── InvalidCommandError   invalid_command
    ├── IndexMissingError         index_missing
    ├── IndexCorruptedError       index_corrupted
    ├── GitError                  git_error
    ├── ConflictError             conflict         (a file changed since it was read)
    ├── NoMatchError              no_match         (an edit's text or symbol is not there)
    ├── AmbiguousMatchError       ambiguous_match  (an edit's text matches several places)
    ├── InternalError             internal_error
    ├── InterruptError            interrupted      (exit 128 + the signal: 130 for SIGINT)
    └── PluginError               internal_error
        ├── PluginConflictError   two plugins registered the same name
        └── UnknownComponentError no component has the requested name (also LookupError)
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import ClassVar

__all__ = [
    "LIBRARY",
    "AmbiguousMatchError",
    "BudgetExceededError",
    "CancelledError",
    "CommandNotExecutableError",
    "CommandNotFoundError",
    "ConflictError",
    "GitError",
    "IndexCorruptedError",
    "IndexMissingError",
    "InternalError",
    "InterruptError",
    "InvalidArgumentError",
    "InvalidCommandError",
    "InvalidRangeError",
    "NoMatchError",
    "NotFoundError",
    "ParseError",
    "PermissionDeniedError",
    "PluginConflictError",
    "PluginError",
    "PrxError",
    "PrxIOError",
    "SyntaxCheckError",
    "UnknownComponentError",
    "Wording",
    "ERROR_CODES",
    "did_you_mean",
]


#: Command -> its function in the Python API (``bench-ndcg`` -> ``bench_ndcg``): filled
#: by the application (:mod:`prx.app.library`), which writes those functions; the errors
#: name them once it is loaded.
LIBRARY_FUNCTIONS: dict[str, str] = {}


class Wording:
    """How one front-end spells the parameters and commands an error's texts name.

    This base class is the Python library's wording: a parameter is its keyword argument
    (``top_k``), a command the function that runs it (```prx.find()```). Front-ends
    subclass it (``prx.frontends.cli.wording``).
    """

    def param(self, name: str) -> str:
        """The spelling of parameter ``name`` (its Python name, ``top_k``)."""
        return name

    def command(self, name: str) -> str:
        """The spelling of command ``name`` (``find``): its function in the Python API
        (``bench-ndcg`` is ``prx.bench_ndcg()``), when it has one."""
        function = LIBRARY_FUNCTIONS.get(name)
        if function is not None:
            return f"`prx.{function}()`"
        return f"the `{name}` operation"

    def fill(self, text: str, param: str | None = None) -> str:
        """``text`` with its ``{param}``, ``{param:NAME}`` and ``{cmd:NAME}`` spelled out;
        ``param`` is the error's own parameter. Other braces are left as they are."""
        if "{" not in text:
            return text
        import re

        def spell(match: re.Match[str]) -> str:
            kind, name = match.group(1), match.group(2)
            if kind == "cmd":
                return self.command(name) if name else match.group(0)
            target = name or param
            return self.param(target) if target else match.group(0)

        return re.sub(r"\{(param|cmd)(?::([A-Za-z0-9_-]+))?\}", spell, text)


#: The library's wording, used by ``str(err)``, ``err.message`` and ``err.suggestion``.
LIBRARY = Wording()


def did_you_mean(word: str, known: Iterable[str]) -> str | None:
    """``Did you mean 'search'?`` for the known name closest to ``word``, if any is close."""
    import difflib

    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return f"Did you mean {close[0]!r}?" if close else None


class PrxError(Exception):
    """Base class of every error prx answers with.

    :param message: what went wrong, for a person or an agent to read (a template: see
        the module's documentation).
    :param suggestion: the next step that would help; defaults to the class's suggestion.
    :param param: the parameter the error is about, by its Python name (``top_k``).
    """

    #: Stable machine-readable code, the ``error.code`` of the envelope.
    code: ClassVar[str] = "internal_error"
    #: Process exit code used by the CLI.
    exit_code: ClassVar[int] = 1
    #: Default recovery hint, used when none is given.
    default_suggestion: ClassVar[str | None] = None
    #: Whether the Unix fallback may answer in place of this error.
    falls_back: ClassVar[bool] = False

    def __init__(
        self, message: str, *, suggestion: str | None = None, param: str | None = None
    ) -> None:
        super().__init__(message)
        #: The parameter the error is about (``top_k``), or None.
        self.param = param
        #: The message as raised, placeholders unfilled.
        self.message_template = message
        #: The suggestion as raised (or the class's default), placeholders unfilled.
        self.suggestion_template = suggestion if suggestion is not None else self.default_suggestion

    @property
    def message(self) -> str:
        """What went wrong, in the library's wording."""
        return LIBRARY.fill(self.message_template, self.param)

    @property
    def suggestion(self) -> str | None:
        """The next step that would help, in the library's wording (None when none)."""
        template = self.suggestion_template
        return None if template is None else LIBRARY.fill(template, self.param)

    def worded(self, wording: Wording) -> tuple[str, str | None]:
        """The message and the suggestion in a front-end's wording."""
        template = self.suggestion_template
        return (
            wording.fill(self.message_template, self.param),
            None if template is None else wording.fill(template, self.param),
        )

    def __str__(self) -> str:
        return self.message


class NotFoundError(PrxError, LookupError):
    """A path does not exist."""

    code = "file_not_found"
    default_suggestion = "Check the path. Use {cmd:find} to discover files."


class CommandNotFoundError(NotFoundError):
    """``prx run``: the program does not exist. Exits 127, as a shell does."""

    exit_code = 127


class PermissionDeniedError(PrxError, PermissionError):
    """A path exists but cannot be read or written."""

    code = "permission_denied"
    default_suggestion = "Check the file's permissions, or run as a user who may read it."


class CommandNotExecutableError(PermissionDeniedError):
    """``prx run``: the program is not executable. Exits 126, as a shell does."""

    exit_code = 126


class PrxIOError(PrxError, OSError):
    """Reading or writing failed for another reason (binary file, directory, disk error)."""

    code = "io_error"


class ParseError(PrxError):
    """A file could not be parsed for its language."""

    code = "parse_error"
    falls_back = True
    default_suggestion = "Verify the file is valid source code for the detected language."


class SyntaxCheckError(PrxError):
    """An edit would leave the file syntactically invalid."""

    code = "syntax_error"


class BudgetExceededError(PrxError):
    """Even the smallest useful answer would exceed the token budget."""

    code = "budget_exceeded"
    default_suggestion = (
        "Raise {param:budget}, or narrow the request ({param:lines}, {param:pattern}, "
        "a subdirectory)."
    )


class InvalidRangeError(PrxError, ValueError):
    """A line range is malformed or lies outside the file."""

    code = "invalid_range"


class InvalidArgumentError(PrxError, ValueError):
    """An argument or flag is malformed; a usage error (exit code 2)."""

    code = "invalid_argument"
    exit_code = 2


class InvalidCommandError(InvalidArgumentError):
    """An unknown subcommand, e.g. in a batch request."""

    code = "invalid_command"


class IndexMissingError(PrxError):
    """No index exists where one is required."""

    code = "index_missing"
    default_suggestion = "Run {cmd:index} first."


class IndexCorruptedError(PrxError):
    """An index exists but cannot be trusted."""

    code = "index_corrupted"
    falls_back = True
    default_suggestion = "Run {cmd:index} with {param:rebuild} to regenerate the index."


class GitError(PrxError):
    """A git command failed."""

    code = "git_error"


class ConflictError(PrxError):
    """A file changed since the change to it was computed (or a file to create exists):
    nothing was written."""

    code = "conflict"
    default_suggestion = "Read the file again and recompute the change."


class NoMatchError(PrxError):
    """An edit's find text (or the symbol it names) is not in the file: nothing was changed.
    The suggestion shows the nearest near-miss."""

    code = "no_match"
    default_suggestion = "Read the file again and copy the text to change exactly."


class AmbiguousMatchError(PrxError):
    """An edit's find text matches several places and the edit did not say which: nothing
    was changed. The message lists each match's line and enclosing symbol."""

    code = "ambiguous_match"
    default_suggestion = (
        "Add surrounding lines to the find text to make it unique, or choose with "
        "{param:occurrence} N, {param:replace_all} or {param:within} SYMBOL."
    )


class CancelledError(PrxError):
    """The caller cancelled the call (:func:`prx.core.progress.reporting`'s ``cancel`` event):
    it stopped at the next check, leaving nothing half-written."""

    code = "cancelled"
    exit_code = 130  # as a shell reports an interrupted command


class InternalError(PrxError):
    """A bug in prx or one of its plugins."""

    code = "internal_error"
    falls_back = True


class InterruptError(PrxError):
    """prx was stopped by a signal (SIGINT, SIGTERM, SIGHUP) before it could answer.

    The command-line front-end exits with 128 + the signal number, as a shell reports it;
    ``exit_code`` is SIGINT's.
    """

    code = "interrupted"
    exit_code = 130
    default_suggestion = "Run the command again."


class PluginError(PrxError):
    """A plugin is broken or misconfigured."""

    code = "internal_error"


class PluginConflictError(PluginError):
    """Two plugins registered a component under the same name."""


class UnknownComponentError(PluginError, LookupError):
    """No registered component has the requested name."""


#: Every code an error envelope may carry.
ERROR_CODES: frozenset[str] = frozenset(
    {
        "file_not_found",
        "parse_error",
        "budget_exceeded",
        "invalid_range",
        "index_missing",
        "invalid_command",
        "syntax_error",
        "permission_denied",
        "invalid_argument",
        "io_error",
        "git_error",
        "conflict",
        "no_match",
        "ambiguous_match",
        "index_corrupted",
        "internal_error",
        "cancelled",
        "interrupted",
    }
)
