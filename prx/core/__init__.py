"""prx.core."""
