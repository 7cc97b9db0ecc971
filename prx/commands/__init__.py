"""Operation descriptors: each built-in command as every front-end sees it."""
