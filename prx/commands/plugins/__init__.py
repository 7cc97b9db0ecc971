"""prx.commands.plugins."""
