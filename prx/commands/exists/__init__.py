"""prx.commands.exists."""
