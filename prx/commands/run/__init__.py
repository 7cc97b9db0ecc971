"""prx.commands.run."""
