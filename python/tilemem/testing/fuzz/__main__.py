"""``python -m tilemem.testing.fuzz``, the same command as ``python -m
tilemem.fuzz``."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
