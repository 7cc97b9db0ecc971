"""Languages: how files are recognised, and (with grammars) parsed."""
