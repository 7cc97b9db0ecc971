"""An example prx plugin: a runner parser, a language and a rerank stage."""

__version__ = "0.1.0"
