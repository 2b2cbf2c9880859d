#!/usr/bin/env bash
# Extracts the pto-isa headers (the C++ tile-instruction library that ptoas's
# C++ includes) once per machine into a cache outside the checkout, and prints
# the include directory (the one holding pto/pto-inst.hpp).
#
#   scripts/fetch-pto-isa.sh [TARBALL]
#
#   TARBALL  a pto-isa snapshot tarball whose top level is include/ (default:
#            $TILEMEM_PTO_ISA_KIT, else the one *.tar.gz in ../shared/pto-isa
#            beside the checkout).
#
# The cache is $TILEMEM_CACHE (default ${XDG_CACHE_HOME:-~/.cache}/tilemem);
# the headers land in $TILEMEM_CACHE/pto-isa-<hash of the tarball>/include, so
# a new snapshot extracts anew. Extraction goes to a temporary directory that
# is renamed into place, so a concurrent run never sees half a tree.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tarball="${1:-${TILEMEM_PTO_ISA_KIT:-}}"
if [ -z "$tarball" ]; then
  kit="$root/../shared/pto-isa"
  set -- "$kit"/*.tar.gz
  if [ "$#" -ne 1 ] || [ ! -f "$1" ]; then
    echo "fetch-pto-isa: expected exactly one pto-isa *.tar.gz in $kit (set TILEMEM_PTO_ISA_KIT)" >&2
    exit 2
  fi
  tarball="$1"
fi
if [ ! -f "$tarball" ]; then
  echo "fetch-pto-isa: no pto-isa tarball at $tarball" >&2
  exit 2
fi
cache="${TILEMEM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tilemem}"
key="$(sha256sum "$tarball" | cut -c1-16)"
dest="$cache/pto-isa-$key"
if [ -f "$dest/include/pto/pto-inst.hpp" ]; then
  echo "$dest/include"
  exit 0
fi
mkdir -p "$cache"
tmp="$(mktemp -d "$cache/.pto-isa-$key.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$tarball" -C "$tmp"
inc="$(dirname "$(find "$tmp" -path '*/pto/pto-inst.hpp' -print -quit)")"
if [ -z "$inc" ] || [ "$inc" = "." ]; then
  echo "fetch-pto-isa: $tarball has no pto/pto-inst.hpp" >&2
  exit 1
fi
inc="$(dirname "$inc")"
if [ "$inc" != "$tmp/include" ]; then
  mv "$inc" "$tmp/include.moved" && rm -rf "$tmp/include" && mv "$tmp/include.moved" "$tmp/include"
fi
# Another run may have won the race; keep its tree.
mv -T "$tmp" "$dest" 2>/dev/null || true
if [ ! -f "$dest/include/pto/pto-inst.hpp" ]; then
  echo "fetch-pto-isa: extraction into $dest failed" >&2
  exit 1
fi
echo "$dest/include"
