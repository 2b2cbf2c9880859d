#!/usr/bin/env bash
# Sets up everything tilemem needs inside the checkout, then builds it:
#   .venv/  the pinned wheel toolchain (requirements.txt)
#   build/  tile-opt, tile-translate, the mlir-opt plugin and the tilemem Python package
# and makes .venv's Python import the built package (a .pth file naming
# build/python_packages), so `.venv/bin/python -c "import tilemem"` needs no
# PYTHONPATH. Safe to re-run: each step is skipped or incremental when
# already done. (`pip install .` builds and installs the same package as a
# wheel instead: pyproject.toml.)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$python" -m venv .venv
fi
stamp=.venv/.tilemem-requirements
if [ ! -f "$stamp" ] || ! cmp -s requirements.txt "$stamp"; then
  echo "== installing the pinned toolchain"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.txt
  cp requirements.txt "$stamp"
fi

sp="$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
# ccache, when the machine has it, makes rebuilds in other checkouts cheap
# (set CCACHE_BASEDIR to their common parent to share across paths).
launcher=()
if command -v ccache >/dev/null 2>&1 && [ "${TILEMEM_CCACHE:-1}" = 1 ]; then
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f build/build.ninja ]; then
  echo "== configuring build/"
  cmake -S . -B build -G Ninja \
    -DCMAKE_MAKE_PROGRAM="$root/.venv/bin/ninja" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="${CC:-gcc}" -DCMAKE_CXX_COMPILER="${CXX:-g++}" \
    "${launcher[@]}" \
    -DMLIR_DIR="$sp/mlir/lib/cmake/mlir" \
    -DLLVM_DIR="$sp/llvm/lib/cmake/llvm" \
    -DPython3_EXECUTABLE="$root/.venv/bin/python" \
    -DLLVM_EXTERNAL_LIT="$root/.venv/bin/lit" \
    > build-configure.log 2>&1 || { cat build-configure.log; exit 1; }
  rm -f build-configure.log
fi
echo "== building"
"$root/.venv/bin/ninja" -C build -j "${TILEMEM_JOBS:-$(nproc)}" \
  tile-opt tile-translate tile-reduce TilememPlugin TilememPythonModules
# Only a venv of this checkout's own: a .venv linked from elsewhere is shared
# with other checkouts, whose builds it must not shadow.
if [ ! -L .venv ]; then
  echo "$root/build/python_packages" > "$sp/tilemem-build.pth"
fi
