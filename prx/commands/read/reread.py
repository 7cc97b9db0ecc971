"""A read in a session with a ledger (:mod:`prx.commands.read.ledger`): the stub, diff or
narrowed text it answers instead of the text, and what it tells the ledger it sent.

Only a plain read of a file's lines takes part (no skeleton, no ``mode``, no read resumed
inside a line): the other answers are not the file's lines, and are sent as without a
ledger. ``fresh`` answers the text as without a ledger, and the ledger learns it was sent.
"""

from __future__ import annotations

from prx.commands.read.ledger import Decision, LedgerCall, View
from prx.core.record import replace
from prx.core.results.read import ContentSlice, FileMeta, LedgerNote, LineRange, ReadResult

TYPE_CHECKING = False
if TYPE_CHECKING:
    from prx.core.budget import Cap

__all__ = ["Reread"]


class Reread:
    """One read's dealings with its session's ledger."""

    def __init__(
        self, call: LedgerCall, path: str, meta: FileMeta, text: str, content: ContentSlice
    ) -> None:
        self.call = call
        self.view: View = call.view(path, meta.hash, text)
        self.content = content
        self.decision: Decision | None = None

    @staticmethod
    def takes_part(content: ContentSlice, column: int) -> bool:
        """Whether a read showing ``content`` (resumed at ``column``) deals with the ledger."""
        return content.mode is None and column == 0 and content.range.end >= content.range.start

    @property
    def note(self) -> LedgerNote | None:
        """What the answer's ``ledger`` field says (None: nothing)."""
        return self.decision.note if self.decision is not None else None

    def answer(
        self, file: str, meta: FileMeta, notes: tuple[str, ...], cap: Cap
    ) -> ReadResult | None:
        """The answer instead of the text (a stub, or a diff that fits the budget), or None
        to send text: :attr:`content`, narrowed to the lines not sent before when only
        those are to go."""
        span = self.content.range
        decision = self.view.decide(span.start, span.end, cap.count)
        self.decision = decision
        if decision.kind == "unchanged":
            return ReadResult(
                file=file, meta=meta, content=None, outline=None, notes=notes, ledger=decision.note
            )
        if decision.kind == "changes":
            assert decision.diff is not None
            shown = replace(
                self.content,
                text=decision.diff,
                tokens=cap.count(decision.diff),
                mode="changes",
            )
            result = ReadResult(
                file=file, meta=meta, content=shown, outline=None, notes=notes, ledger=decision.note
            )
            if cap.tokens is None or _fits(result, cap):
                return result
            # Over the budget: the text instead, cut as any read is.
            self.decision = replace(decision, kind="text", diff=None)
            return None
        if decision.kind == "partial":
            self.content = self._narrowed(decision.start, decision.end, cap)
        return None

    def _narrowed(self, start: int, end: int, cap: Cap) -> ContentSlice:
        text = "".join(self.view.lines[start - 1 : end])
        return replace(
            self.content,
            range=LineRange(start=start, end=end),
            text=text,
            tokens=cap.count(text),
        )

    def sent(self, result: ReadResult) -> None:
        """Tell the ledger what ``result`` sends (recorded once the answer is given)."""
        content = result.content
        if content is None:
            self.call.sent(self.view, ())  # a stub: nothing new, the file as it is now
        elif content.mode == "changes":
            self.call.sent(self.view, [(content.range.start, content.range.end)])
        else:
            self.call.sent(self.view, self.view.matching(content.range.start, content.text))


def _fits(result: ReadResult, cap: Cap) -> bool:
    from prx.core.budget import data_tokens, limit_for

    assert cap.tokens is not None
    return data_tokens(result, cap.count) <= limit_for(cap.tokens)
