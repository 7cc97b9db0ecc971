"""Implementation modules of :mod:`prx.types`, split so each command creates only its classes."""
