"""``python -m prx``."""

import sys

from prx.cli import main

sys.exit(main(program="prx"))
