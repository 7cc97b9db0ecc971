"""prx.engine."""
