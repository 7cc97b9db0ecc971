"""prx.commands.outline."""
