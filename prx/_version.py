"""The prx version, kept in one file so no run-time metadata lookup is needed."""

__version__ = "0.1.0"
