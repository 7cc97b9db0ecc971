"""The rewrite table: the shell commands prx answers with the same meaning, and the prx
command each becomes.

=====================================  =============================================
the agent runs                         prx runs (``--text``)
=====================================  =============================================
``grep -r[n] [-i -F -E -w -I -s -H] PAT [DIR]``, ``-lI``, ``--include=GLOB``
                                       ``search --literal|--regex --no-ignore PAT DIR``
``grep [-n ...] PAT FILE``             ``search --literal|--regex PAT FILE``
``rg [-n -i -F -w -l -u -g GLOB] PAT [PATH]``
                                       ``search --literal|--regex PAT PATH``
``cat FILE``                           ``read FILE``
``head [-n N|-N] FILE``                ``read FILE --lines 1-N``
``tail [-n N|-N] FILE``                ``read FILE --lines A-``
``sed -n 'Ap' FILE``, ``'A,Bp'``, ``'A,$p'``
                                       ``read FILE --lines A-B``
``find [DIR] -type f [-name GLOB] [-maxdepth N]``
                                       ``find DIR --flat --no-ignore [--pattern GLOB]``
=====================================  =============================================

Everything else runs as written, and so do these forms whenever a detail could change
what is printed: a flag not in the table, a path outside the directory the command runs
in (prx stays inside it), a path that does not exist (the tool's own error message is
the answer), a file that is not UTF-8 text, a pattern whose dialect Python reads
differently (:mod:`prx.frontends.hook.patterns`), a pipe or any other shell syntax
(:mod:`prx.frontends.hook.shell`), or ``RIPGREP_CONFIG_PATH`` set for ``rg``.

prx's answers hold every line the command would print, with two differences of form:
paths are relative to the directory (no ``./``) and a line's leading and trailing
blanks are dropped; past the answer's size ceiling they say what is left and how to get
it (``--continue``).
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Callable, Mapping, Sequence

from prx.frontends.hook.patterns import translate
from prx.frontends.hook.shell import words

__all__ = ["Passed", "Rewrite", "rewrite"]

#: Exact lines per page of a rewritten search: the size ceiling, not a count, cuts it.
_ALL_LINES = "100000"
#: Largest file a rewrite reads (to check it is text and count its lines).
_MAX_FILE_BYTES = 1 << 20


class Rewrite:
    """The prx command (words) that answers the shell command, and its form's name."""

    __slots__ = ("argv", "form")

    def __init__(self, argv: Sequence[str], form: str) -> None:
        self.argv, self.form = tuple(argv), form

    def command(self, program: str = "prx") -> str:
        """The command line, quoted for the shell."""
        return shlex.join([program, *self.argv])


class Passed:
    """The command runs as written: why (and which form it was, when known)."""

    __slots__ = ("form", "reason")

    def __init__(self, reason: str, form: str = "") -> None:
        self.reason, self.form = reason, form


class _Refuse(Exception):
    """This command is left alone: the message says why."""


class _Place:
    """The directory the command runs in, and checks of the paths it names."""

    def __init__(self, cwd: str) -> None:
        self.cwd = os.path.realpath(cwd)

    def inside(self, path: str) -> str:
        """The real path of ``path`` (relative to the directory), which must exist
        beneath the directory."""
        full = os.path.realpath(os.path.join(self.cwd, path))
        if full != self.cwd and not full.startswith(self.cwd.rstrip(os.sep) + os.sep):
            raise _Refuse("a path outside the directory the command runs in")
        if not os.path.exists(full):
            raise _Refuse("a path that does not exist (the tool's own message is the answer)")
        return full

    def text_file(self, path: str) -> str:
        """The file's text: a regular, UTF-8 file of at most a megabyte."""
        full = self.inside(path)
        if not os.path.isfile(full):
            raise _Refuse("a path that is not a regular file")
        if os.path.getsize(full) > _MAX_FILE_BYTES:
            raise _Refuse("a file larger than a megabyte")
        with open(full, "rb") as handle:
            data = handle.read(_MAX_FILE_BYTES + 1)
        if b"\0" in data:
            raise _Refuse("a binary file")
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise _Refuse("a file that is not UTF-8 text") from None

    def directory(self, path: str) -> None:
        if not os.path.isdir(self.inside(path)):
            raise _Refuse("a path that is not a directory")


def _count_lines(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def _number(value: str, what: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise _Refuse(f"{what} is not a positive number")
    return int(value)


# -- grep and ripgrep ------------------------------------------------------------------


class _Search:
    """What a grep or rg command line asks, as its flags are read."""

    def __init__(self) -> None:
        self.pattern: str | None = None
        self.dialect = "basic"
        self.recursive = False
        self.ignore_case = False
        self.word = False
        self.files_only = False
        self.every_file = False
        #: Binary files are passed over (grep -I; prx always does).
        self.text_only = False
        self.globs: list[str] = []
        self.paths: list[str] = []


#: grep's flags that change nothing prx prints differently (-n and -H: prx always says
#: where; -s: prx reports no per-file errors).
_GREP_NEUTRAL = frozenset("nHs")
_GREP_LONG = {
    "--recursive": "r",
    "--line-number": "n",
    "--with-filename": "H",
    "--ignore-case": "i",
    "--fixed-strings": "F",
    "--extended-regexp": "E",
    "--basic-regexp": "G",
    "--word-regexp": "w",
    "--files-with-matches": "l",
    "--no-messages": "s",
    "--binary-files=without-match": "I",
    "--color=never": "n",
    "--colour=never": "n",
}


def _operands(search: _Search, loose: list[str], tool: str) -> _Search:
    """The pattern (unless ``-e`` gave it) and the paths, from the words left over."""
    if search.pattern is None:
        if not loose:
            raise _Refuse(f"{tool} without a pattern")
        search.pattern = loose.pop(0)
    search.paths = loose
    return search


def _grep_flag(search: _Search, letter: str) -> None:
    if letter in _GREP_NEUTRAL:
        return
    if letter == "r":
        search.recursive = True
    elif letter == "I":
        search.text_only = True
    elif letter == "i":
        search.ignore_case = True
    elif letter in "FEG":
        search.dialect = {"F": "fixed", "E": "extended", "G": "basic"}[letter]
    elif letter == "w":
        search.word = True
    elif letter == "l":
        search.files_only = True
    else:
        raise _Refuse(f"grep's -{letter} changes what is printed")


def _read_grep(args: Sequence[str]) -> _Search:
    search = _Search()
    rest = list(args)
    loose: list[str] = []
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            loose.extend(rest)
            break
        if arg.startswith("--"):
            name, equals, value = arg.partition("=")
            if name == "--include" and equals:
                search.globs.append(value)
            elif name == "--include" and rest:
                search.globs.append(rest.pop(0))
            elif name == "--regexp" and (equals or rest):
                search.pattern = value if equals else rest.pop(0)
            elif arg in _GREP_LONG:
                _grep_flag(search, _GREP_LONG[arg])
            else:
                raise _Refuse(f"grep's {name} is not in the rewrite table")
        elif arg.startswith("-") and len(arg) > 1:
            letters = arg[1:]
            for position, letter in enumerate(letters):
                if letter == "e":
                    value = letters[position + 1 :] or (rest.pop(0) if rest else "")
                    if not value:
                        raise _Refuse("grep's -e without a pattern")
                    search.pattern = value
                    break
                _grep_flag(search, letter)
        else:
            loose.append(arg)
    return _operands(search, loose, "grep")


_RG_FLAGS = {
    "-n": "",
    "--line-number": "",
    "-H": "",
    "--with-filename": "",
    "--no-heading": "",
    "--heading": "",
    "-i": "i",
    "--ignore-case": "i",
    "-F": "F",
    "--fixed-strings": "F",
    "-w": "w",
    "--word-regexp": "w",
    "-l": "l",
    "--files-with-matches": "l",
    "--hidden": "",
    "-.": "",
    "-u": "u",
    "-uu": "u",
    "-uuu": "u",
    "--no-ignore": "u",
    "--color=never": "",
}


def _read_rg(args: Sequence[str], environ: Mapping[str, str]) -> _Search:
    if environ.get("RIPGREP_CONFIG_PATH"):
        raise _Refuse("RIPGREP_CONFIG_PATH may change any of rg's defaults")
    search = _Search()
    search.dialect, search.recursive = "rust", True
    rest = list(args)
    loose: list[str] = []
    while rest:
        arg = rest.pop(0)
        if arg == "--":
            loose.extend(rest)
            break
        if arg in ("-g", "--glob", "-e", "--regexp"):
            if not rest:
                raise _Refuse(f"rg's {arg} without a value")
            value = rest.pop(0)
            if arg in ("-g", "--glob"):
                if value.startswith("!"):
                    raise _Refuse("rg's negated glob is not in the rewrite table")
                search.globs.append(value)
            else:
                search.pattern = value
        elif arg.startswith("--glob="):
            search.globs.append(arg.partition("=")[2])
        elif arg in _RG_FLAGS:
            effect = _RG_FLAGS[arg]
            if effect == "i":
                search.ignore_case = True
            elif effect == "F":
                search.dialect = "fixed"
            elif effect == "w":
                search.word = True
            elif effect == "l":
                search.files_only = True
            elif effect == "u":
                search.every_file = True
        elif arg.startswith("-") and len(arg) > 1:
            raise _Refuse(f"rg's {arg} is not in the rewrite table")
        else:
            loose.append(arg)
    return _operands(search, loose, "rg")


def _search_argv(search: _Search, place: _Place, *, grep: bool) -> list[str]:
    assert search.pattern is not None
    if len(search.paths) > 1:
        raise _Refuse("more than one path")
    path = search.paths[0] if search.paths else "."
    if grep and not search.paths and not search.recursive:
        raise _Refuse("grep without a file reads its standard input")
    full = place.inside(path)
    if os.path.isdir(full):
        if grep and not search.recursive:
            raise _Refuse("grep without -r on a directory prints an error")
    elif not os.path.isfile(full):
        raise _Refuse("a path that is not a regular file or a directory")
    translated = translate(search.pattern, search.dialect, word=search.word)
    if translated is None:
        raise _Refuse("the pattern's dialect may match otherwise in Python")
    argv = ["search", "--regex" if translated.regex else "--literal"]
    if search.ignore_case:
        argv.append("-i")
    # grep -r reads every file; rg only what the ignore rules keep (as prx does) unless -u.
    if (grep and os.path.isdir(full)) or search.every_file:
        argv.append("--no-ignore")
    for glob in search.globs:
        if "/" in glob:
            raise _Refuse("a glob with a '/' matches otherwise")
        argv += ["--include", glob]
    argv += ["-k", _ALL_LINES]
    if search.files_only:
        argv += ["--snippet-lines", "0"]
    return [*argv, "--text", "--", translated.text, path]


def _grep(args: Sequence[str], place: _Place, environ: Mapping[str, str]) -> list[str]:
    search = _read_grep(args)
    if search.files_only and not search.text_only:
        raise _Refuse("grep -l names matching binary files too (add -I)")
    return _search_argv(search, place, grep=True)


def _rg(args: Sequence[str], place: _Place, environ: Mapping[str, str]) -> list[str]:
    return _search_argv(_read_rg(args, environ), place, grep=False)


# -- reading a file --------------------------------------------------------------------


def _one_file(args: Sequence[str], tool: str) -> str:
    loose = [a for a in args if a != "--"]
    if len(loose) != 1 or (loose[0].startswith("-") and "--" not in args):
        raise _Refuse(f"{tool} of other than one file")
    return loose[0]


def _read_argv(path: str, lines: str | None) -> list[str]:
    # --fresh: the text, even in a session whose read ledger would answer a stub.
    return ["read", *(["--lines", lines] if lines else []), "--fresh", "--text", "--", path]


def _cat(args: Sequence[str], place: _Place, environ: Mapping[str, str]) -> list[str]:
    if any(a.startswith("-") and a != "--" for a in args):
        raise _Refuse("cat's flags change what is printed")
    path = _one_file(args, "cat")
    place.text_file(path)
    return _read_argv(path, None)


def _line_count_option(args: Sequence[str], tool: str) -> tuple[str, list[str]]:
    """(the -n value, the other words) of head and tail: ``-n N``, ``-nN``, ``-N``,
    ``--lines=N``; ``10`` when absent."""
    count, rest = "10", []
    queue = list(args)
    while queue:
        arg = queue.pop(0)
        if arg in ("-n", "--lines") and queue:
            count = queue.pop(0)
        elif arg.startswith("--lines="):
            count = arg.partition("=")[2]
        elif arg.startswith("-n") and len(arg) > 2:
            count = arg[2:]
        elif len(arg) > 1 and arg[0] == "-" and arg[1:].isdigit():
            count = arg[1:]
        elif arg.startswith("-") and arg != "--":
            raise _Refuse(f"{tool}'s {arg} is not in the rewrite table")
        else:
            rest.append(arg)
    return count, rest


def _head(args: Sequence[str], place: _Place, environ: Mapping[str, str]) -> list[str]:
    count, rest = _line_count_option(args, "head")
    number = _number(count, "head's line count")
    path = _one_file(rest, "head")
    if not place.text_file(path):
        raise _Refuse("an empty file")
    return _read_argv(path, f"1-{number}")


def _tail(args: Sequence[str], place: _Place, environ: Mapping[str, str]) -> list[str]:
    count, rest = _line_count_option(args, "tail")
    path = _one_file(rest, "tail")
    text = place.text_file(path)
    total = _count_lines(text)
    if count.startswith("+"):
        first = _number(count[1:], "tail's first line")
    else:
        first = max(1, total - _number(count, "tail's line count") + 1)
    if first > total:
        raise _Refuse("tail prints nothing here")
    return _read_argv(path, f"{first}-")


_SED_PRINT = re.compile(r"(\d+)(?:,(\d+|\$))?p")


def _sed(args: Sequence[str], place: _Place, environ: Mapping[str, str]) -> list[str]:
    rest = list(args)
    if "-n" not in rest and "--quiet" not in rest and "--silent" not in rest:
        raise _Refuse("sed without -n prints every line")
    rest = [a for a in rest if a not in ("-n", "--quiet", "--silent")]
    if rest[:1] == ["-e"]:
        rest.pop(0)
    if len(rest) != 2 or rest[0].startswith("-") or rest[1].startswith("-"):
        raise _Refuse("sed other than -n 'A,Bp' FILE")
    script, path = rest
    found = _SED_PRINT.fullmatch(script)
    if found is None:
        raise _Refuse("sed script other than 'Ap', 'A,Bp' or 'A,$p'")
    first = int(found.group(1))
    total = _count_lines(place.text_file(path))
    if first < 1 or first > total:
        raise _Refuse("sed prints nothing here")
    last = found.group(2)
    if last is None:
        return _read_argv(path, str(first))
    if last == "$":
        return _read_argv(path, f"{first}-")
    # sed prints line A alone when B is before it.
    return _read_argv(path, f"{first}-{max(first, min(int(last), total))}")


# -- listing ---------------------------------------------------------------------------


_NAME_GLOB = re.compile(r"[^/\[\]\\{}]+")


def _find(args: Sequence[str], place: _Place, environ: Mapping[str, str]) -> list[str]:
    rest = list(args)
    directory = "."
    if rest and not rest[0].startswith("-"):
        directory = rest.pop(0)
    typed = False
    argv = ["find", "--flat", "--no-ignore"]
    while rest:
        arg = rest.pop(0)
        if arg in ("-type", "-name", "-maxdepth") and rest:
            value = rest.pop(0)
            if arg == "-type":
                if value != "f":
                    raise _Refuse("find -type other than f")
                typed = True
            elif arg == "-name":
                if not _NAME_GLOB.fullmatch(value):
                    raise _Refuse("a -name glob with brackets, braces or backslashes")
                argv += ["--pattern", value]
            else:
                argv += ["--max-depth", str(_number(value, "find's -maxdepth"))]
        else:
            raise _Refuse(f"find's {arg} is not in the rewrite table")
    if not typed:
        raise _Refuse("find without -type f lists directories too")
    place.directory(directory)
    return [*argv, "--text", "--", directory]


#: The table: the program's name -> its form.
_FORMS: dict[str, Callable[[Sequence[str], _Place, Mapping[str, str]], list[str]]] = {
    "grep": _grep,
    "rg": _rg,
    "cat": _cat,
    "head": _head,
    "tail": _tail,
    "sed": _sed,
    "find": _find,
}


def rewrite(command: str, cwd: str, environ: Mapping[str, str]) -> Rewrite | Passed:
    """The prx command that answers ``command`` run in ``cwd``, or why it runs as written."""
    split = words(command)
    if isinstance(split, str):
        return Passed(split)
    program, args = split[0], split[1:]
    form = _FORMS.get(program)
    if form is None:
        return Passed("not a command prx answers", os.path.basename(program))
    try:
        return Rewrite(form(args, _Place(cwd), environ), program)
    except _Refuse as why:
        return Passed(str(why), program)
    except OSError as exc:
        return Passed(f"could not check a path ({exc.strerror or exc})", program)
