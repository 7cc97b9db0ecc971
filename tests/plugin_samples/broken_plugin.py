"""A plugin that cannot even be imported."""

raise ImportError("this plugin needs a package that is not installed")
