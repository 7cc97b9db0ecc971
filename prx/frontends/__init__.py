"""prx.frontends."""
