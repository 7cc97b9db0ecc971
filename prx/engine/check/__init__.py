"""The post-change check: the language's own checker run before and after a write
(``rename --apply``, ``edit --apply``), or on a scratch copy for a dry run, and the errors
the change added.

- :mod:`~prx.engine.check.write`: the flow (before, write, after, rollback) and the note
  that leads the answer;
- :mod:`~prx.engine.check.checkers`: which checker each language gets, planned on the
  project; one module per checker (``python``, ``typescript``, ``golang``, ``rust``,
  ``java``) on the shared :mod:`~prx.engine.check.base`;
- :mod:`~prx.engine.check.programs` and :mod:`~prx.engine.check.environ`: a program found
  on PATH outside the project, run in an environment without what makes tools run other
  programs; :mod:`~prx.engine.check.process`: one command run, its output read whole;
- :mod:`~prx.engine.check.compare`: the new errors, after minus before;
- :mod:`~prx.engine.check.scratch`: the copy a dry run is checked on.
"""
