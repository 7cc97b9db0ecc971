"""prx.commands.context."""
