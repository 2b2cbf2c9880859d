#!/usr/bin/env bash
# Prints the environment tilemem.testing.toolchain needs to run kernels through
# the real ptoas and pto-isa's CPU simulator:
#
#   eval "$(scripts/toolchain-env.sh)"
#   # -> export TILEMEM_PTOAS=<ptoas binary> TILEMEM_PTO_ISA=<pto-isa include dir>
#
# ptoas is built (or reused from the cache) by scripts/build-ptoas.sh from the
# kit in ../shared/ptoas, and pto-isa is extracted (once) by
# scripts/fetch-pto-isa.sh from ../shared/pto-isa. Variables already set in the
# environment are kept. When a kit is missing, that variable is left out; when
# neither can be provided, nothing is printed and the exit status is 0, so CI
# without the kits runs the toolchain tests as skips. A kit that is present
# but fails to build or extract is an error (exit status 1).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
shared="$root/../shared"
ptoas="${TILEMEM_PTOAS:-}"
isa="${TILEMEM_PTO_ISA:-}"
if [ -z "$ptoas" ] && [ -f "${TILEMEM_PTOAS_KIT:-$shared/ptoas}/build.sh" ]; then
  ptoas="$("$root/scripts/build-ptoas.sh")"
fi
if [ -z "$isa" ]; then
  if [ -n "${TILEMEM_PTO_ISA_KIT:-}" ] || compgen -G "$shared/pto-isa/*.tar.gz" >/dev/null; then
    isa="$("$root/scripts/fetch-pto-isa.sh")"
  fi
fi
line=""
[ -n "$ptoas" ] && line="TILEMEM_PTOAS=$(printf '%q' "$ptoas")"
[ -n "$isa" ] && line="$line${line:+ }TILEMEM_PTO_ISA=$(printf '%q' "$isa")"
[ -n "$line" ] && echo "export $line"
exit 0
