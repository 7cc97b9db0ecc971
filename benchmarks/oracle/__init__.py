"""Compiler oracles for ``context``/``impact``/``explain``/``rename`` (see ../intel_oracle.py).

One module per language (``python.py``, ``rust.py`` ...) names its projects and how to build
and test them; :mod:`oracle.common` does the rest the same way for every language.
"""
