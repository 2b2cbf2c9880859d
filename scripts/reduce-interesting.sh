#!/usr/bin/env bash
# Interestingness test for tile-reduce (mlir-reduce's convention: exit 1 when
# the candidate is still interesting, 0 otherwise):
#
#   scripts/reduce-interesting.sh PATTERN [TILE-OPT ARGS...] FILE
#
# The candidate is interesting when `tile-opt FILE ARGS` (default: the
# compiler's memory pipeline) prints a diagnostic matching the extended
# regular expression PATTERN. For example:
#
#   build/bin/tile-reduce fuzz-failures/seed-7.mlir \
#     --test=scripts/reduce-interesting.sh --test-arg='partially overlap' \
#     '--reduction-tree=traversal-mode=0 test=scripts/reduce-interesting.sh test-arg=partially\ overlap' \
#     -o reduced.mlir
set -u
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pattern=$1; shift
file="${@: -1}"
args=("${@:1:$#-1}")
[ ${#args[@]} -eq 0 ] && args=(--tile-memory-pipeline)
out=$("$root/build/bin/tile-opt" "$file" "${args[@]}" -o /dev/null 2>&1)
# A candidate that no longer parses or verifies is not interesting.
if grep -qE "$pattern" <<<"$out" && ! grep -qE "(custom op|expected|does not dominate|failed to verify|use of undeclared)" <<<"$out"; then
  exit 1
fi
exit 0
