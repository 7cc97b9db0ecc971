"""The persistent search index under <root>/.prx/ (see store.py for the layout)."""
