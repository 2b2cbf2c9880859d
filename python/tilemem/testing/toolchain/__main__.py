"""``python -m tilemem.testing.toolchain KERNEL.mlir ...``: see ``cli.main``."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
