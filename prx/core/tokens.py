"""Token counting: a fast estimate by default, exact cl100k_base counts under a budget.

The fast estimate is ``utf-8 bytes // 4``. Exact counts use tiktoken with the cl100k_base
ranks shipped inside the package (``prx/data``), so nothing is downloaded; tiktoken is
imported only on the first exact count because it costs ~200 ms.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["TokenCounter", "count_dense", "count_exact", "count_fast", "counter_for"]

#: A function from text to a token count.
TokenCounter = Callable[[str], int]

_RANKS_SHA256 = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
# cl100k_base's pre-tokenisation pattern and special tokens (tiktoken_ext.openai_public).
_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
_SPECIAL = {
    "<|endoftext|>": 100257,
    "<|fim_prefix|>": 100258,
    "<|fim_middle|>": 100259,
    "<|fim_suffix|>": 100260,
    "<|endofprompt|>": 100276,
}


_DENSE_PIECES = None


def count_dense(text: str) -> int:
    """A cheap count of the pieces cl100k_base splits text into at least: runs of letters,
    groups of up to three digits, runs of punctuation, each non-ASCII character. Close to
    the exact count for code and prose, and far above bytes/4 for dense text (numbers,
    CJK, minified data), which is what it is for."""
    global _DENSE_PIECES
    if _DENSE_PIECES is None:
        import re

        _DENSE_PIECES = re.compile(r"[A-Za-z]+|\d{1,3}|[^\sA-Za-z\d\x80-\U0010ffff]+|[^\x00-\x7f]")
    return len(_DENSE_PIECES.findall(text))


def count_fast(text: str) -> int:
    """Estimate tokens as UTF-8 bytes divided by four."""
    return len(text.encode("utf-8", "surrogatepass")) // 4


@functools.lru_cache(maxsize=1)
def _encoding() -> Any:
    import base64
    import gzip
    import hashlib
    from importlib import resources

    import tiktoken

    raw = gzip.decompress(
        resources.files("prx.data").joinpath("cl100k_base.tiktoken.gz").read_bytes()
    )
    if hashlib.sha256(raw).hexdigest() != _RANKS_SHA256:
        raise RuntimeError("the bundled cl100k_base ranks file is damaged (sha256 mismatch)")
    ranks = {}
    for line in raw.splitlines():
        if line:
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return tiktoken.Encoding(
        name="cl100k_base", pat_str=_PATTERN, mergeable_ranks=ranks, special_tokens=_SPECIAL
    )


def count_exact(text: str) -> int:
    """Count cl100k_base tokens exactly (special-token text is counted as plain text)."""
    return len(_encoding().encode_ordinary(text))


def counter_for(exact: bool) -> TokenCounter:
    """Return the exact counter when ``exact`` is true, else the fast estimate."""
    return count_exact if exact else count_fast
