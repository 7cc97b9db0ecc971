"""The parts of ``benchmarks/affected.py``, the mutation oracle of ``prx impact --tests``.

- :mod:`affected_lib.projects`: the projects, their scratch repositories and test commands;
- :mod:`affected_lib.outcomes`: each runner's report read as canonical test ids;
- :mod:`affected_lib.execute`: running a command with a deadline, the machine-wide lock;
- :mod:`affected_lib.mutate`: the mutation sites of a source tree (tree-sitter), sampled;
- :mod:`affected_lib.truth`: the mutation loop and its cache (``<name>.truth.json``);
- :mod:`affected_lib.score`: prx's selection and the ecosystems' own tools against the truth.
"""
