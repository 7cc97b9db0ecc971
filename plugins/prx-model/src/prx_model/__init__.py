"""A prx retriever over a local Model2Vec model directory."""

__version__ = "0.1.0"
