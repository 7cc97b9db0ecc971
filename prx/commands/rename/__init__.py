"""Refactorings: changes to code by meaning rather than by text (``prx rename``)."""
