"""The warm path: a fresh ``prx`` process hands a read-only command to a server that
already holds the root's search engine in memory, and prints its answer.

``prx index --watch`` and ``prx mcp`` serve their root on a Unix socket only the user can
reach (:mod:`prx.frontends.warm.address`). The CLI tries it before importing anything heavy
(:mod:`prx.frontends.warm.client`) and falls back to answering itself whenever the server is
missing, stale, slow to accept, someone else's, or declines. The server runs the CLI's own code for
the arguments (:mod:`prx.frontends.warm.answer`), so both paths give the same answer.

Nothing is imported here: the client's start-up pays for the modules it uses only.
"""
