"""prx.commands.read."""
