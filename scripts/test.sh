#!/usr/bin/env bash
# Sets everything up if needed, then runs every test: lit (tile-opt, the
# mlir-opt plugin) and pytest (bindings, passes, interpreter, fuzzer).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh"
cd "$root"
# TILEMEM_WITH_TOOLCHAIN=1: also run the simulator chain tests
# (test/python/test_toolchain.py) with ptoas and pto-isa from ../shared,
# built/extracted into the cache on first use (ptoas: about 9 minutes).
if [ "${TILEMEM_WITH_TOOLCHAIN:-0}" = 1 ]; then
  eval "$(scripts/toolchain-env.sh)"
fi
echo "== lit"
.venv/bin/lit -sv build/test
echo "== pytest"
.venv/bin/python -m pytest -q
