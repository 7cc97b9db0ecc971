"""prx.commands.impact."""
