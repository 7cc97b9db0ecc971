"""Search-quality evaluation: labelled datasets, NDCG@k, bootstrap intervals (see ``ndcg``)."""
