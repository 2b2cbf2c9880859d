#!/usr/bin/env bash
# Builds the real ptoas (PTOAS 0.27 ported to the pinned MLIR 22.1.8 wheels)
# once per machine into a cache outside the checkout, and prints the path of
# the tool. Later runs reuse the cached build.
#
#   scripts/build-ptoas.sh [KIT_DIR]
#
#   KIT_DIR  a ptoas build kit: build.sh, the PTOAS snapshot and its patches
#            (default: $TILEMEM_PTOAS_KIT, else ../shared/ptoas beside the
#            checkout).
#
# The cache is $TILEMEM_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/tilemem);
# the build lands in $TILEMEM_CACHE/ptoas-<hash of the kit>/, so a changed
# kit or patch builds anew. About 9 minutes on 2 cores.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
kit="${1:-${TILEMEM_PTOAS_KIT:-$root/../shared/ptoas}}"
if [ ! -f "$kit/build.sh" ]; then
  echo "build-ptoas: no ptoas build kit at $kit (set TILEMEM_PTOAS_KIT)" >&2
  exit 2
fi
kit="$(cd "$kit" && pwd)"
cache="${TILEMEM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tilemem}"
# (A kit without patches is fine: cat's complaint about the unmatched glob
# must not end the script under pipefail.)
key="$({ cat "$kit"/build.sh "$kit"/*.patch "$kit"/*.tar.gz 2>/dev/null || true; } \
  | sha256sum | cut -c1-16)"
work="$cache/ptoas-$key"
tool="$work/build/tools/ptoas/ptoas"
if [ -x "$tool" ] && "$tool" --version >/dev/null 2>&1; then
  echo "$tool"
  exit 0
fi
if [ ! -x "$root/.venv/bin/python" ]; then
  echo "build-ptoas: run scripts/setup.sh first (needs the pinned wheels)" >&2
  exit 2
fi
sp="$("$root/.venv/bin/python" -c \
  'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
mkdir -p "$work"
# One build per cache directory: a second caller (another checkout's tests,
# CI and a developer at once) waits for the first and then reuses its tool.
# Without the lock, concurrent builds in one directory redo and overwrite
# each other's work for as long as they overlap.
exec 9>"$work.lock"  # beside the directory, which the kit may clean
if ! flock -n 9; then
  echo "build-ptoas: another build of $work is running; waiting for it" >&2
  flock 9
fi
if [ -x "$tool" ] && "$tool" --version >/dev/null 2>&1; then
  echo "$tool"
  exit 0
fi
echo "build-ptoas: building ptoas into $work (about 9 minutes)" >&2
PATH="$root/.venv/bin:$PATH" JOBS="${TILEMEM_JOBS:-$(nproc)}" \
  "$kit/build.sh" "$sp/mlir/lib/cmake/mlir" "$sp/llvm/lib/cmake/llvm" "$work" \
  > "$work/build.log" 2>&1 || { tail -40 "$work/build.log" >&2; exit 1; }
echo "$tool"
