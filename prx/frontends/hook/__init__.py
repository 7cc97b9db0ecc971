"""``prx hook CLIENT``: the command an agent client's pre-shell hook runs.

The client hands the hook the shell command its agent is about to run; when prx answers
that command with the same meaning (:mod:`prx.frontends.hook.forms`), the hook answers
with the prx command to run instead, in the client's own words
(:mod:`prx.frontends.hook.clients`); otherwise it answers nothing and the command runs as
written. It fails open: any error, unknown input or a slow decision lets the original
command run (:mod:`prx.frontends.hook.entry`).
"""

from __future__ import annotations

__all__: list[str] = []
