"""prx.engine.intel."""
