"""prx.commands.edit."""
