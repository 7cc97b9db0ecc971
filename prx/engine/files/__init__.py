"""File operations on the fast path: walking, reading, finding (stdlib only)."""
