"""``prx diff``: changes between two versions, explained by the definitions they touch.

* :mod:`prx.commands.diff.model` -- one changed file and its hunks, as read from git or from
  two files;
* :mod:`prx.commands.diff.git` -- the git commands (argv lists, bounded output) and their parsing;
* :mod:`prx.commands.diff.noindex` -- two files compared without git;
* :mod:`prx.commands.diff.sides` -- what a request compares, its paths as answers show them, and
  both versions of each file;
* :mod:`prx.commands.diff.semantic` -- both versions' parse trees: enclosing definitions, notes;
* :mod:`prx.commands.diff.fit` -- the answer fitted into its budget or ceiling;
* :mod:`prx.commands.diff.answer` -- ranking, summary and the answer itself.
"""
