"""``python -m tilemem.fuzz``: the differential fuzzer's command line.

The fuzzer is part of the test oracle, ``tilemem.testing.fuzz``; this module
keeps the command name that hooks and records run (``python -m
tilemem.fuzz --count N --seed S ...``, options in ``--help``).
"""

import sys

from .testing.fuzz import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
