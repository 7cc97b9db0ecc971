"""prx.commands.bench_ndcg."""
