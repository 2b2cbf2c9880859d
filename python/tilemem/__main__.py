"""`python -m tilemem`: the command line (see tilemem.cli)."""

import sys

from .cli import main

sys.exit(main())
