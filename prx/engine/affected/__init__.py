"""Affected tests: from a change to the tests that reach it (``prx impact --tests``)."""
