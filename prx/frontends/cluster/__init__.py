"""prx on a Ray cluster: the indexes of many repositories built and searched as one.

The public entry point is the facade :mod:`prx.cluster` (docs/scale.md). Modules:

- :mod:`.shards`: the plan (which repositories go into which shard, where each shard's
  directory is), the completion marker, a result's repository;
- :mod:`.runtime`: joining a Ray cluster by address, or starting a local one;
- :mod:`.build`: building shards (one directory each, published by a rename when whole);
- :mod:`.builder`: the Ray actor that builds shards, its model loaded once;
- :mod:`.serve`: the actors that hold shards warm, and the search fanned out over them
  with a deadline, merged as a search over several roots is.

Nothing here imports Ray at module level: ``import prx`` never loads it.
"""
