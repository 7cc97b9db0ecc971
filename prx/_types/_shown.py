"""How result types show themselves: one mixin for every result, in a terminal, a REPL and
a notebook. The rendering itself lives in :mod:`prx._display`, imported on first use."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Shown"]


class Shown:
    """A concise ``repr``, a ``__rich__`` renderable and ``_repr_html_`` for notebooks."""

    __slots__ = ()

    def __repr__(self) -> str:
        from prx._display import concise_repr

        return concise_repr(self)

    def __rich__(self) -> Any:
        from prx._display import to_rich

        return to_rich(self)

    def _repr_html_(self) -> str:
        from prx._display import to_html

        return to_html(self)
