#!/usr/bin/env bash
# Sets everything up if needed, then runs the storage pipeline on a bundled
# example and prints the transformed IR.
#   scripts/run-example.sh [example.mlir] [pipeline]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/setup.sh" >&2
example="${1:-$root/examples/accumulate.mlir}"
pipeline="${2:-builtin.module(func.func(tile-init-memref))}"
if "$root/build/bin/tile-opt" --help | grep -q -- '--tile-materialize-semantic-aliases'; then
  pipeline="${2:-builtin.module(func.func(tile-init-memref,tile-materialize-semantic-aliases,tile-verify-storage))}"
fi
echo "== $pipeline on $example" >&2
"$root/build/bin/tile-opt" "$example" --mlir-print-op-on-diagnostic=false --pass-pipeline="$pipeline"
