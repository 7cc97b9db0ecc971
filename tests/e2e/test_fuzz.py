"""Fuzzing through the CLI and batch: exactly one valid UTF-8 envelope per request.

Arguments, file names and file contents come from hypothesis. Every call runs the real
command-line entry point in this process (``prx.frontends.cli.main``, with a strict UTF-8 stdout as
``PYTHONIOENCODING=utf-8`` gives), so a failure points at prx and each example is fast.
The properties: one line of output, valid UTF-8 and strict JSON (no NaN), an envelope
whose exit code agrees with its status, and an answer within a bounded time.

``PRX_FUZZ_EXAMPLES`` raises the number of examples per property (the ``soak`` nox session
sets it); by default each property tries a number that keeps CI short.
"""

from __future__ import annotations

import io
import json
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

EXAMPLES = int(os.environ.get("PRX_FUZZ_EXAMPLES", "60"))
#: Seconds one call may take before it counts as a hang.
CALL_LIMIT_S = 30
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=os.environ.get("PRX_FUZZ_RANDOM") is None,
)
#: Commands fuzzed through argv: every read-only one (run executes programs; index is
#: covered by the fault-injection tests).
COMMANDS = ("read", "find", "outline", "exists", "search", "stats")
USAGE_CODES = {"invalid_argument", "invalid_command"}


class _Hang(Exception):
    pass


@contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise _Hang(f"no answer within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _call(argv: list[str], stdin: bytes = b"") -> tuple[int, list[dict[str, object]]]:
    """Run the CLI in-process with strict UTF-8 streams; the parsed output lines."""
    from prx.frontends.cli import main

    out = io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True)
    stdin_stream = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict")
    saved = sys.stdout, sys.stdin
    sys.stdout, sys.stdin = stdout, stdin_stream
    try:
        with _time_limit(CALL_LIMIT_S):
            code = main(argv, program="prx")
    finally:
        sys.stdout, sys.stdin = saved
    text = out.getvalue().decode("utf-8")  # strict: raises on invalid UTF-8
    lines = [json.loads(line, parse_constant=_no_constant) for line in text.splitlines()]
    return code, lines


def _no_constant(name: str) -> object:
    raise AssertionError(f"{name} is not JSON")


def _check_envelope(envelope: dict[str, object], code: int | None) -> None:
    assert {"version", "command", "status", "tokens"} <= envelope.keys()
    status = envelope["status"]
    assert status in ("ok", "error")
    if status == "ok":
        assert "data" in envelope
        assert code in (None, 0)
    else:
        error = envelope["error"]
        assert isinstance(error, dict) and error["code"] and error["message"]
        if code is not None:
            assert code == (2 if error["code"] in USAGE_CODES else 1), (code, error)


# -- strategies ----------------------------------------------------------------------------

# Text as argv can carry it: any character but NUL, and the surrogate escapes Python gives
# to bytes that are not UTF-8.
_ARG_CHARS = st.characters(
    blacklist_categories=("Cs",), blacklist_characters="\x00"
) | st.sampled_from([chr(c) for c in (0xDC80, 0xDCE9, 0xDCFF)])
_WORDS = st.sampled_from(
    ["alpha", "def", ".", "..", "-", "--", "*", "**/*.py", "(", "!", "a.py", "sub", "[", "\\"]
)
_ARG = st.one_of(_WORDS, st.text(_ARG_CHARS, max_size=12), st.integers(-5, 10**6).map(str))


def _flags(command: str) -> list[str]:
    from prx.app.workspace import Workspace
    from prx.core.record import fields_of

    op = Workspace(".").registry.operation(command)
    flags = []
    for f in fields_of(op.params):
        info = f.metadata.get("prx")
        if info is None or info.positional or info.cli_only:
            continue
        flags.append(info.flag or "--" + f.name.replace("_", "-"))
    return flags


@st.composite
def _argv(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(COMMANDS))
    flags = _flags(command)
    argv = [command]
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.integers(0, 2))
        if kind == 0 and flags:
            argv.append(draw(st.sampled_from(flags)))
        elif kind == 1 and flags:
            argv += [draw(st.sampled_from(flags)), draw(_ARG)]
        else:
            argv.append(draw(_ARG))
    return argv


_NAME_BYTES = st.binary(min_size=1, max_size=12).filter(
    lambda b: b"/" not in b and b"\x00" not in b and b not in (b".", b"..")
)
_CONTENT = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [
            b"\xef\xbb\xbfdef alpha():\r\n    return 1\r\n",
            b"\xff\xfea\x00l\x00p\x00h\x00a\x00",
            b"class Alpha:\n    def beta(self):\n        pass\n",
            b"x" * 5000,
            b"",
        ]
    ),
)


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "tree"
    (root / "sub").mkdir(parents=True)
    (root / "a.py").write_text("def alpha():\n    return 1\n")
    (root / "sub" / "b.md").write_text("# Alpha\n\nwords about alpha\n")
    monkeypatch.chdir(root)
    monkeypatch.setenv("PRX_HOME", str(tmp_path / "home"))
    return root


# -- properties ----------------------------------------------------------------------------


@FUZZ
@given(argv=_argv())
def test_any_arguments_get_one_valid_envelope(tree: Path, argv: list[str]) -> None:
    code, lines = _call(argv)
    if any(a in ("-h", "--help") for a in argv):
        return  # help text, not an envelope
    assert len(lines) == 1, lines
    _check_envelope(lines[0], code)


@FUZZ
@given(files=st.dictionaries(_NAME_BYTES, _CONTENT, min_size=1, max_size=4))
def test_any_file_names_and_contents_are_answered_and_paths_read_back(
    tree: Path, files: dict[bytes, bytes]
) -> None:
    target = tree / "fz"
    target.mkdir(exist_ok=True)
    for name, content in files.items():
        with open(os.path.join(os.fsencode(target), name), "wb") as fh:
            fh.write(content)
    try:
        for argv in (
            ["find", "fz", "--flat"],
            ["outline", "fz"],
            ["search", "alpha", "fz"],
            ["search", "alpha", "fz", "--literal"],
            ["exists", "alpha", "fz"],
        ):
            code, lines = _call(argv)
            assert len(lines) == 1
            _check_envelope(lines[0], code)
        code, lines = _call(["find", "fz", "--flat"])
        flat = lines[0]["data"]["flat"]  # type: ignore[index]
        for entry in flat:  # type: ignore[attr-defined]
            # Every listed path is accepted back as it stands (surrogate escapes included).
            read_code, answer = _call(["read", entry["path"], "--hash"])
            _check_envelope(answer[0], read_code)
            assert answer[0]["status"] == "ok", answer[0]
    finally:
        for child in list(os.scandir(os.fsencode(target))):
            os.unlink(child.path)


_JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**6), 10**6)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(_ARG_CHARS, max_size=10)
    | _WORDS,
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=5,
)
_KEYS = st.sampled_from(["path", "query", "pattern", "lines", "budget", "top_k", "id", "x", "mode"])
_REQUEST = st.fixed_dictionaries(
    {"cmd": st.sampled_from([*COMMANDS, "batch", "nope"]) | _JSON_VALUES},
    optional={"id": _JSON_VALUES},
).flatmap(
    lambda base: st.dictionaries(_KEYS, _JSON_VALUES, max_size=3).map(lambda more: {**more, **base})
)
_LINE = st.one_of(
    _REQUEST.map(lambda r: json.dumps(r).encode()),
    st.sampled_from(
        [b'{"cmd": "read", "id": NaN}', b'{"id": 1e400}', b"[1]", b"{", b'"\\ud800"', b"\xff\xfe"]
    ),
    st.binary(max_size=20).filter(lambda b: b"\n" not in b and b"\r" not in b and b.strip()),
)


def _answered(line: bytes) -> bool:
    """Whether batch answers this line: blank lines are skipped, all others answered."""
    try:
        return bool(line.decode("utf-8").strip())
    except UnicodeDecodeError:
        return True


@FUZZ
@given(lines=st.lists(_LINE, min_size=1, max_size=6))
def test_any_batch_gets_exactly_one_valid_answer_per_line(tree: Path, lines: list[bytes]) -> None:
    from prx.app.workspace import Workspace
    from prx.frontends.cli.batch import run_batch
    from prx.frontends.cli.frontend import CliOptions

    stdin = io.TextIOWrapper(io.BytesIO(b"\n".join(lines) + b"\n"), encoding="utf-8")
    out = io.BytesIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True)
    with _time_limit(CALL_LIMIT_S):
        code = run_batch(Workspace("."), [], stdin, stdout, CliOptions())
    assert code == 0
    answers = out.getvalue().decode("utf-8").splitlines()
    assert len(answers) == sum(1 for line in lines if _answered(line))
    for answer in answers:
        _check_envelope(json.loads(answer, parse_constant=_no_constant), None)
