"""The Bloom filters' parameters (no numpy here: the up-to-date check reads them)."""

from __future__ import annotations

import math

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["BITS_PER_KEY", "FALSE_POSITIVE_RATE", "HASHES", "MIN_PATTERN", "check_parameters"]

#: Bits per distinct trigram.
BITS_PER_KEY = 10
#: Hash functions. 10 ln 2 ≈ 6.9 is optimal, but the rate is flat near it: 5 gives 0.94 %
#: against 0.82 % for 7, with 5/7 of the hashing work.
HASHES = 5
#: Chance that one trigram absent from a file passes its filter.
FALSE_POSITIVE_RATE = (1 - math.exp(-HASHES / BITS_PER_KEY)) ** HASHES
#: Shorter patterns have no trigram.
MIN_PATTERN = 3


def check_parameters(manifest: dict[str, Any], directory: str) -> None:
    """Refuse filters built with other parameters (probing them would miss)."""
    stored = manifest.get("bloom", {})
    if stored.get("hashes") != HASHES or stored.get("bits_per_key") != BITS_PER_KEY:
        from prx.errors import IndexCorruptedError

        raise IndexCorruptedError(
            f"index at {directory} has Bloom filters built with other parameters"
        )
