"""prx.commands.search."""
