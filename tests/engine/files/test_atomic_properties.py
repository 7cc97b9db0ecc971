"""prx.engine.files.atomic on random files (hypothesis): a file's text form is kept byte for
byte, and re-encoding an edit keeps the raw bytes of every line it did not change."""

from __future__ import annotations

import pytest

pytest.importorskip("hypothesis", reason="property tests need hypothesis (prx[dev])")

from hypothesis import assume, given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from prx.engine.files.atomic import decode_text, encode_text, reencode  # noqa: E402

_LINE = st.text(
    alphabet=st.characters(blacklist_characters="\r\n", blacklist_categories=["Cs"]), max_size=12
)


@st.composite
def _uniform_files(draw: st.DrawFn) -> bytes:
    lines = draw(st.lists(_LINE, max_size=6))
    ending = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    text = ending.join(lines)
    final_newline = draw(st.booleans())
    if lines and final_newline:
        text += ending
    data = text.encode("utf-8")
    if draw(st.booleans()):
        data += draw(st.sampled_from([b"", b"\xff", b"\xc3("]))  # not UTF-8
    return (b"\xef\xbb\xbf" if draw(st.booleans()) else b"") + data


@given(_uniform_files())
def test_round_trip_of_uniform_files(data: bytes) -> None:
    text, form = decode_text(data)
    assert "\r" not in text
    assert encode_text(text, form) == data
    assert reencode(data, text) == data


# A line's text may hold a lone "\r" (a CSV field): in a file with "\n" it is no line ending.
_CR_LINE = st.lists(st.sampled_from(["a", "b", "\r", " "]), max_size=4).map("".join)


@given(
    st.lists(
        st.tuples(st.one_of(_LINE, _CR_LINE), st.sampled_from(["\n", "\r\n"])),
        min_size=1,
        max_size=8,
    ),
    st.data(),
)
def test_reencode_keeps_the_raw_bytes_of_unchanged_lines(
    rows: list[tuple[str, str]], data: st.DataObject
) -> None:
    old = "".join(text + ending for text, ending in rows).encode("utf-8")
    # A text ending in "\r" before a "\n" ending is a "\r\n" ending: another file.
    assume(not any(text.endswith("\r") and ending == "\n" for text, ending in rows))
    index = data.draw(st.integers(0, len(rows) - 1))
    changed = [text for text, _ in rows]
    changed[index] = changed[index] + "CHANGED"
    new = reencode(old, "\n".join(changed) + "\n")
    _, form = decode_text(old)
    expected = b"".join(
        (text + (form.newline if i == index else ending)).encode("utf-8")
        for i, (text, ending) in enumerate(rows)
        for text in [changed[i]]
    )
    assert new == expected
