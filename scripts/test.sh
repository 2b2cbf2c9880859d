#!/usr/bin/env bash
# Sets everything up if needed, then runs every test: lit (tile-opt, the
# mlir-opt plugin) and pytest (bindings, passes, interpreter, fuzzer).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root"
echo "== lit"
.venv/bin/lit -sv build/test
echo "== pytest"
.venv/bin/python -m pytest -q
