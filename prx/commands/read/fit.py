"""Fitting a read into its budget or default ceiling.

The text keeps whole lines from the start of its range, as many as fit: the cut is moved
back to the end of a symbol only when that costs little (:data:`SNAP_KEEP`), so a budget is
spent on text, and the answer says truthfully where it cut (``omitted.boundary``). The
outline shrinks first: a cut read carries the symbols around the kept lines when they take
a small share of the limit (:data:`OUTLINE_SHARE`), else none, with a note.
"""

from __future__ import annotations

from prx.core import continuation
from prx.core.budget import ENVELOPE_RESERVE, Cap, data_tokens, fit_prefix, limit_for
from prx.core.envelope import dumps, to_jsonable
from prx.core.errors import BudgetExceededError
from prx.core.record import record, replace
from prx.core.results.read import LineRange, Omission, ReadResult, Symbol
from prx.core.tokens import count_fast
from prx.engine.lang.around import symbols_around, walk_symbols

__all__ = [
    "OUTLINE_OMITTED",
    "FULL_OUTLINE_SHARE",
    "OUTLINE_SHARE",
    "SNAP_KEEP",
    "ReadCut",
    "fit_outline_only",
    "fit_read",
]

#: Under a cut, the outline may take at most this fraction of the limit (else it is left out).
OUTLINE_SHARE = 1 / 20
#: The same with ``full_outline``: the whole outline was asked for, so it may take half.
FULL_OUTLINE_SHARE = 1 / 2
#: A cut moves back to a symbol's end only when the text keeps this fraction of its tokens.
SNAP_KEEP = 0.95

#: How the note on a read whose outline the budget left out starts.
OUTLINE_OMITTED = "outline omitted to fit"


@record
class ReadCut:
    """What :func:`fit_read` needs besides the uncut answer."""

    #: The budget or default ceiling.
    cap: Cap
    #: The file's whole outline (cut points and the outline around the kept lines).
    symbols: tuple[Symbol, ...] | None
    #: The whole outline was asked for rather than the part around the text.
    full_outline: bool
    #: Fingerprint of the request, for continuation tokens.
    request: str
    #: The read covers the whole file as is (no range, skeleton or mode).
    whole_file: bool
    #: Characters of the first line already sent by an earlier page cut inside it.
    column: int = 0


def _tokens_of(value: object, cap: Cap) -> int:
    return cap.count(dumps(to_jsonable(value)))


def fit_read(result: ReadResult, cut: ReadCut) -> ReadResult:
    """``result`` cut to fit ``cut.cap`` (unchanged when it fits)."""
    assert cut.cap.tokens is not None and result.content is not None
    limit = limit_for(cut.cap.tokens)
    # The text alone over the limit settles it without counting the whole answer again.
    if result.content.tokens <= limit and data_tokens(result, cut.cap.count) <= limit:
        return result
    return _Fitter(result, cut, limit).fit()


def fit_outline_only(result: ReadResult, cap: Cap) -> ReadResult:
    """A ``--outline`` answer cut to the top-level symbols that fit ``cap``."""
    assert cap.tokens is not None
    limit = limit_for(cap.tokens)
    symbols = result.outline
    if symbols is None or data_tokens(result, cap.count) <= limit:
        return result

    def build(keep: int) -> ReadResult:
        rest = symbols[keep:]
        note = (
            f"outline cut to fit {cap.describe()}: {len(rest)} more top-level symbols from "
            f"line {rest[0].lines.start}; `prx outline` pages through them all"
        )
        return replace(result, outline=symbols[:keep], notes=(*result.notes, note))

    keep = fit_prefix(len(symbols) - 1, lambda k: data_tokens(build(k), cap.count), limit)
    return build(keep)


class _Fitter:
    """One cut: the lines, the outline around them, and the report of what was left out."""

    def __init__(self, result: ReadResult, cut: ReadCut, limit: int) -> None:
        content = result.content
        assert content is not None
        self.result, self.cut, self.limit, self.content = result, cut, limit, content
        self.count = cut.cap.count
        parts = content.text.split("\n")
        if parts and parts[-1] == "":
            parts.pop()
        self.parts = parts
        self.plain = content.mode is None
        self.first = content.range.start if self.plain else 1
        self.last = content.range.end if self.plain else len(parts)
        # The omitted part's size is the fast estimate (its exact count, page after page of a
        # large file, took seconds); while searching it is an upper bound of it (a number at
        # least as long as the true one).
        self.bound = count_fast(content.text) + 1

    # ------------------------------------------------------------------ the outline

    def outline_for(self, keep: int) -> tuple[Symbol, ...] | None:
        symbols = self.cut.symbols
        if symbols is None:
            return None
        if self.cut.full_outline:
            return symbols
        if not self.plain:
            return self.result.outline
        return symbols_around(symbols, self.first, self.first + max(keep, 1) - 1)

    def outline_fits(self, outline: tuple[Symbol, ...] | None) -> bool:
        share = FULL_OUTLINE_SHARE if self.cut.full_outline else OUTLINE_SHARE
        return outline is not None and _tokens_of(outline, self.cut.cap) <= self.limit * share

    def without_outline(self) -> tuple[str, ...]:
        if self.cut.symbols is None or self.result.outline is None:
            return self.result.notes
        note = f"{OUTLINE_OMITTED} {self.cut.cap.describe()}"
        return (*self.result.notes, note)

    # ------------------------------------------------------------------ answers

    def whole_text(self, notes: tuple[str, ...]) -> ReadResult:
        return replace(self.result, outline=None, notes=notes)

    def build(
        self,
        keep: int,
        outline: tuple[Symbol, ...] | None,
        notes: tuple[str, ...],
        *,
        rest_tokens: int | None = None,
        boundary: str = "line",
        partial: str | None = None,
    ) -> ReadResult:
        """The answer keeping ``keep`` whole lines, or with ``partial`` the start of line one
        (the rest of that line is then still to come)."""
        content, parts, plain = self.content, self.parts, self.plain
        if partial is None:
            text, shown, rest_first = "\n".join(parts[:keep]) + "\n", keep, self.first + keep
        else:
            text, shown, rest_first = partial, 1, self.first
        if rest_tokens is None:
            rest = "\n".join(parts[shown:])
            if partial is not None:
                rest = parts[0][len(partial) :] + ("\n" + rest if rest else "")
            if rest and content.text.endswith("\n"):
                rest += "\n"
            rest_tokens = count_fast(rest)
        omitted = Omission(
            lines=LineRange(start=rest_first, end=self.last) if plain else None,
            count=self.last - rest_first + 1 if plain else len(parts) - shown,
            tokens=rest_tokens,
            reason=self.cut.cap.reason,
            boundary=boundary,
        )
        sliced = replace(
            content,
            range=LineRange(start=self.first, end=self.first + shown - 1)
            if plain
            else content.range,
            text=text,
            tokens=self.count(text),
            truncated=True,
            omitted=omitted,
            next_lines=f"{rest_first}-{self.last}" if plain else None,
        )
        if self.cut.whole_file:
            sliced = replace(
                sliced, snap="top_of_file", snap_reason=self.reason(keep, boundary, partial)
            )
        token = None
        if plain:
            resume = [rest_first, self.last]
            if partial is not None:
                resume.append(self.cut.column + len(partial))
            token = continuation.encode("read", self.cut.request, *resume)
        else:
            notes = (*notes, self.no_continuation())
        if partial is not None:
            notes = (*notes, self.partial_note(partial))
        return replace(
            self.result, content=sliced, outline=outline, continuation_token=token, notes=notes
        )

    def reason(self, keep: int, boundary: str, partial: str | None) -> str:
        head = f"the file ({self.content.tokens} tokens) exceeds {self.cut.cap.describe()}:"
        if partial is not None:
            return f"{head} kept the start of line {self.first}, which alone exceeds it"
        if boundary == "symbol_boundary":
            symbol = self.symbol_ending_at(self.last_text_line(keep))
            assert symbol is not None
            return f"{head} top kept, cut where `{symbol.name}` ends"
        return f"{head} top kept, cut between lines"

    def no_continuation(self) -> str:
        what = "--skeleton" if self.content.mode == "skeleton" else f"--mode {self.content.mode}"
        narrow = "" if self.content.mode == "skeleton" else ", or narrow it with --lines"
        return (
            f"{what} text cut to fit {self.cut.cap.describe()}; it has no continuation: "
            f"ask a larger --budget (0: no limit){narrow}"
        )

    def partial_note(self, partial: str) -> str:
        if not self.plain:
            return (
                f"the first line alone exceeds {self.cut.cap.describe()}: shown up to "
                f"character {len(partial)} of {len(self.parts[0])}"
            )
        start = self.cut.column
        width = start + len(self.parts[0])
        return (
            f"line {self.first} alone exceeds {self.cut.cap.describe()}: shown up to character "
            f"{start + len(partial)} of {width}; --continue resumes inside it"
        )

    # ------------------------------------------------------------------ the cut

    def fit(self) -> ReadResult:
        bare_notes = self.without_outline()
        whole = self.whole_text(bare_notes)
        if self.content.tokens <= self.limit and data_tokens(whole, self.count) <= self.limit:
            # The text fits once the outline is left out.
            return whole

        def cost(keep: int, outline: tuple[Symbol, ...] | None, notes: tuple[str, ...]) -> int:
            return data_tokens(self.build(keep, outline, notes, rest_tokens=self.bound), self.count)

        total = len(self.parts) - 1
        keep = fit_prefix(total, lambda k: cost(k, None, bare_notes), self.limit, gallop=True)
        outline: tuple[Symbol, ...] | None = None
        notes = bare_notes
        if keep and self.outline_fits(self.outline_for(keep)):
            with_outline = fit_prefix(
                total,
                lambda k: cost(k, self.outline_for(k), self.result.notes),
                self.limit,
                gallop=True,
            )
            if with_outline and self.outline_fits(self.outline_for(with_outline)):
                keep, outline, notes = (
                    with_outline,
                    self.outline_for(with_outline),
                    self.result.notes,
                )
        if keep == 0:
            return self.within_line(bare_notes)
        with_outline = outline is not None
        while True:
            keep, boundary = self.snap_back(keep)
            outline = self.outline_for(keep) if with_outline else None
            answer = self.build(keep, outline, notes, boundary=boundary)
            # The cut's reason names the symbol it ends at, longer than the reason counted
            # while searching: step back a line until the answer fits.
            fits = data_tokens(answer, self.count) <= self.limit
            if fits or keep <= 1:
                break
            keep -= 1
        return answer if fits else self.within_line(bare_notes)

    def within_line(self, notes: tuple[str, ...]) -> ReadResult:
        """Line one alone exceeds the room: keep the start of it (an empty file has no line:
        its metadata alone exceeds the room)."""
        line = self.parts[0] if self.parts else ""

        def cost(chars: int) -> int:
            answer = self.build(1, None, notes, rest_tokens=self.bound, partial=line[:chars])
            return data_tokens(answer, self.count)

        chars = fit_prefix(len(line), cost, self.limit, gallop=True)
        if chars == 0:
            # Name a budget that holds the fixed fields and some text, not a mere guess.
            empty = self.build(0, None, notes, rest_tokens=self.bound)
            fixed = data_tokens(empty, self.count) + ENVELOPE_RESERVE
            subject = f"line {self.first} of" if self.parts else "the metadata of"
            raise BudgetExceededError(
                f"budget {self.cut.cap.tokens} cannot hold {subject} {self.result.file}"
                + (" with its metadata" if self.parts else "")
                + f" (about {fixed} tokens without any text)",
                suggestion=f"Use {{param:budget}} {fixed + 100} or more, or "
                "{param:hash_only} for metadata only.",
            )
        return self.build(1, None, notes, boundary="within_line", partial=line[:chars])

    def last_text_line(self, keep: int) -> int:
        """The last kept line with something on it (a cut after blank lines is still at a
        symbol's end)."""
        index = keep
        while index > 1 and not self.parts[index - 1].strip():
            index -= 1
        return self.first + index - 1

    def symbol_ending_at(self, line: int) -> Symbol | None:
        if not self.plain or self.cut.symbols is None:
            return None
        found = [s for s in walk_symbols(self.cut.symbols) if s.lines.end == line]
        # The outermost symbol that ends here names the boundary best.
        return found[0] if found else None

    def snap_back(self, keep: int) -> tuple[int, str]:
        """Move the cut back to the nearest symbol end when the text keeps most of itself."""
        if not self.plain or not self.cut.symbols:
            return keep, "line"
        if self.symbol_ending_at(self.last_text_line(keep)) is not None:
            return keep, "symbol_boundary"
        last_kept = self.first + keep - 1
        ends = [
            s.lines.end
            for s in walk_symbols(self.cut.symbols)
            if self.first <= s.lines.end < last_kept
        ]
        if not ends:
            return keep, "line"
        shorter = max(ends) - self.first + 1
        kept_tokens = self.count("\n".join(self.parts[:keep]))
        if self.count("\n".join(self.parts[:shorter])) >= SNAP_KEEP * kept_tokens:
            return shorter, "symbol_boundary"
        return keep, "line"
