"""prx.commands.config."""
