"""The search corpus and the text structures both the index and search build on: the
corpus of a directory (``corpus``), tokens (``tokenize``), BM25 (``bm25``), the static
embedder (``embed``), a query's vector read from the model in place (``query_embed``) and
which model ships (``packaged_model``). Below the index and retrieval, above the files."""
