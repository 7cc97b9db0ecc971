"""One BLAS thread for the MCP server's searches.

A ranked search's one large product (the query against every chunk's vector: 28,722
chunks for django) runs in BLAS, whose threads spin while they wait for work. On a
machine whose cores are busy with other work, those threads fight the server's own: the
product that takes 0.7 ms on a quiet machine took 14 ms (p50 over 300 runs, load 2.3),
where one thread takes 1.1 ms either way. A server answers one call at a time, so it
loads numpy with one BLAS thread: a steady p50 rather than a fast one that collapses
under load (docs/benchmarks.md, "MCP server").
"""

from __future__ import annotations

import os
import sys

__all__ = ["one_blas_thread"]

#: What OpenBLAS (numpy's wheels) and MKL read when they load.
_VARIABLES = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def one_blas_thread() -> bool:
    """Load numpy with a single BLAS thread, unless the environment names a number;
    False when numpy was loaded already (its BLAS has its threads).

    numpy is loaded now (~0.13 s the first ranked search would pay anyway), so that the
    environment is put back at once: the commands the server runs (``run``, the background
    indexer) see the caller's."""
    if "numpy" in sys.modules:
        return False
    added = [name for name in _VARIABLES if name not in os.environ]
    for name in added:
        os.environ[name] = "1"
    try:
        import numpy  # noqa: F401
    finally:
        for name in added:
            os.environ.pop(name, None)
    return True
