"""Search: retrievers, fusion and the search pipeline."""
