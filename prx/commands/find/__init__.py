"""prx.commands.find."""
