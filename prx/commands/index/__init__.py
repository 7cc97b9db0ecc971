"""prx.commands.index."""
