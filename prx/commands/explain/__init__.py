"""prx.commands.explain."""
