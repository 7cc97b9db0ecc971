"""prx.commands.bench."""
