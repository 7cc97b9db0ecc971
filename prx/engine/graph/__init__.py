"""Project structure: the file-level import graph (see :mod:`prx.engine.graph.imports`)."""
