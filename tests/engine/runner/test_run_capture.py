"""The bounded capture of a run's output: what it holds is exact, what it drops is counted.

Small windows stand in for the real ones (256 KiB / 1 MiB), so every edge is crossed.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import locations
import pytest

from prx.engine.runner.capture import EDGE_LINE_BYTES, BoundedStream, Capture
from prx.engine.runner.excerpt import ERROR_LINE, excerpt, split_lines
from prx.engine.runner.model import CapturedRun
from prx.engine.runner.parsers.fallback import FallbackParser

GOLDEN = locations.GOLDEN / "runs"
_BYTES_MARKER = re.compile(r"\[prx: (\d+) bytes omitted\]")


def _feed(stream: BoundedStream, data: bytes, rng: random.Random) -> None:
    at = 0
    while at < len(data):
        size = rng.choice((1, 7, 50, 300, 4096))
        stream.feed(data[at : at + size])
        at += size


def _fill(stream: BoundedStream, data: bytes, piece: int = 16) -> None:
    """Feed ``data`` as a pipe would: in chunks (the tail keeps whole chunks)."""
    for at in range(0, len(data), piece):
        stream.feed(data[at : at + piece])


def _output(rng: random.Random) -> bytes:
    lines = []
    for _ in range(rng.randint(50, 400)):
        kind = rng.random()
        if kind < 0.1:
            lines.append(f"ERROR: thing {rng.randint(0, 999)} failed")
        elif kind < 0.15:
            lines.append("z" * rng.randint(100, 3000))  # longer than a window
        elif kind < 0.2:
            lines.append("")
        else:
            lines.append(f"line {rng.randint(0, 10**6)}")
    text = "\n".join(lines) + ("\n" if rng.random() < 0.8 else "")
    return text.encode()


@pytest.mark.parametrize("seed", range(40))
def test_a_cut_stream_keeps_exact_lines_and_counts_the_rest(seed):
    rng = random.Random(seed)
    data = _output(rng)
    truth = data.split(b"\n")
    if truth[-1] == b"":
        truth.pop()
    stream = BoundedStream(head=rng.choice((64, 200, 1000)), tail=rng.choice((128, 500)), keep=6)
    _feed(stream, data, rng)
    assert stream.size == len(data)
    if not stream.cut:
        assert stream.whole() == data
        return
    view = stream.view()
    assert view.total == len(truth) and view.size == len(data)
    assert view.numbers == sorted(set(view.numbers))
    for index, (number, line) in enumerate(zip(view.numbers, view.lines, strict=True)):
        real = truth[number].decode()
        if index in view.partial:  # cut at a window's edge: a part of it, and the rest counted
            hidden = int(_BYTES_MARKER.search(line).group(1))
            shown = _BYTES_MARKER.sub("", line).strip()
            assert shown in real and len(shown) + hidden == len(real)
            assert len(shown) <= EDGE_LINE_BYTES and view.hidden[index] == hidden
        else:
            assert line == real
    # The text for parsers: the lines held, each gap a marker counting exactly its lines.
    shown_lines = view.text().splitlines()
    gaps = [
        int(m.group(1))
        for x in shown_lines
        if (m := re.fullmatch(r"\[prx: (\d+) lines omitted\]", x))
    ]
    assert len(shown_lines) - len(gaps) + sum(gaps) == len(truth)
    # Error lines: all counted; those between the windows kept up to `keep`.
    errors = [n for n, x in enumerate(truth) if ERROR_LINE.search(x.decode())]
    held = {n for n, x in zip(view.numbers, view.lines, strict=True) if x.startswith("ERROR")}
    assert view.errors == len(errors)
    missing = [n for n in errors if n not in held]
    assert len(missing) <= max(0, len(errors) - len(held)) and len(held) >= min(len(errors), 6)


def test_one_line_longer_than_both_windows():
    stream = BoundedStream(head=100, tail=100, keep=4)
    _fill(stream, b"a" * 50 + b"b" * 10_000 + b"c" * 50 + b"\n", 10)
    view = stream.view()
    assert view.total == 1 and view.partial == {0}
    assert view.lines[0] == "a" * 50 + "b" * 50 + " [prx: 10000 bytes omitted]"


def test_the_fallback_excerpt_of_a_view_counts_real_lines():
    stream = BoundedStream(head=100, tail=200, keep=10)
    data = "".join(f"line {i}\n" if i != 500 else "Traceback: boom\n" for i in range(1000))
    _fill(stream, data.encode())
    view = stream.view()
    parsed = FallbackParser().parse(
        CapturedRun(argv=("x",), exit_code=1, stdout="", stderr="", duration_ms=1, view=view)
    )
    assert parsed.headline == "1000 lines of output, 1 looks like error or warning, 969 not shown"
    lines = parsed.excerpt
    assert lines[:10] == [f"line {i}" for i in range(10)]  # the head
    assert lines[10] == "[prx: 490 lines omitted]" and lines[11] == "Traceback: boom"
    assert lines[12] == "[prx: 479 lines omitted]" and lines[-1] == "line 999"
    assert parsed.excerpt_source_lines == 31


def test_excerpt_of_numbered_lines_marks_a_missing_end():
    cut = excerpt(["a", "b"], keep=[True, False], last=1, numbers=[3, 5], total=9)
    assert cut.lines == ["[prx: 3 lines omitted]", "a", "[prx: 5 lines omitted]"]
    assert (cut.shown, cut.dropped) == (1, 8)


def test_the_raw_log_starts_before_anything_is_dropped(tmp_path):
    path = tmp_path / "raw.log"

    def open_log():
        return str(path), path.open("wb")

    capture = Capture(open_log)
    rng = random.Random(7)
    data = [bytes([65 + i % 26]) * rng.randint(1, 70_000) for i in range(80)]
    for i, chunk in enumerate(data):
        capture.feed("stdout" if i % 3 else "stderr", chunk)
    capture.close()
    assert capture.merged.cut and capture.log_path == str(path)
    assert path.read_bytes() == b"".join(data)


def _golden_cases() -> list[Path]:
    return sorted(p.parent for p in GOLDEN.glob("*/*/truth.json"))


def test_every_golden_output_is_held_whole():
    """The 168 recorded runs parse exactly as before: each fits in the windows untouched."""
    rng = random.Random(0)
    cases = _golden_cases()
    assert len(cases) >= 100
    for case in cases:
        out, err = (case / "stdout.txt").read_bytes(), (case / "stderr.txt").read_bytes()
        capture = Capture()
        for stream, data in (("stdout", out), ("stderr", err)):
            at = 0
            while at < len(data):
                size = rng.choice((13, 512, 65536))
                capture.feed(stream, data[at : at + size])
                at += size
        assert not capture.merged.cut, case
        assert capture.stdout.text() == out.decode("utf-8", "replace"), case
        assert capture.stderr.text() == err.decode("utf-8", "replace"), case
        assert capture.merged.whole() == out + err, case


def test_clean_lines_match_split_lines_on_newline_separated_text():
    stream = BoundedStream(head=10, tail=10, keep=0)
    _fill(stream, b"\x1b[31mred\x1b[0m\n" + b"x" * 100 + b"\nprogress 1%\rprogress 100%\nlast\n", 4)
    view = stream.view()
    assert view.lines[0] == split_lines("\x1b[31mred\x1b[0m")[0] == "red"
    assert view.lines[-1] == "last"
