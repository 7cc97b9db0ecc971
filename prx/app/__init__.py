"""prx.app."""
