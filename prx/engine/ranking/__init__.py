"""Rerank stages of the search pipeline (each a Reranker plugin)."""
