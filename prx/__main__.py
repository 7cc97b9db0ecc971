"""``python -m prx``."""

import sys

from prx.frontends.cli import main

sys.exit(main(program="prx"))
