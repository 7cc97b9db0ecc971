"""prx.commands.stats."""
