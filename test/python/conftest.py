"""pytest setup: import the built `tilemem` package from build/.

A missing or broken build fails the tests; it is never skipped.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE_DIR = os.environ.get(
    "TILEMEM_PYTHON_PACKAGES", os.path.join(ROOT, "build", "python_packages")
)
if not os.path.isdir(os.path.join(PACKAGE_DIR, "tilemem")):
    raise RuntimeError(
        f"tilemem is not built in {PACKAGE_DIR}: run scripts/setup.sh first"
    )
sys.path.insert(0, PACKAGE_DIR)

TILE_OPT = os.path.join(ROOT, "build", "bin", "tile-opt")
EXAMPLES = os.path.join(ROOT, "examples")
