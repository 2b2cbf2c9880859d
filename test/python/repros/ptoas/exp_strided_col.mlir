// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/exp_strided_col.mlir --memory-planner all
// OBSERVED every planner: refused at emit "'tile.exp' op ... its operand is a col_major tile_buf (a column vector), and ptoas's pto.texp requires a row-major operand (tile-materialize-transposed-views turns a transposed view into a transpose)" -- the kernel has no transposed view: the operand is a strided 16x1 column slice; same for add/mul/muls/move. EXPECTED: a diagnostic saying a strided column slice is unsupported (or support). DIAGNOSTIC QUALITY / REJECTION.
!Q = !tile.tensor<16x64xf32>
!O = !tile.tensor<16x1xf32>
!Or = !tile.tensor<1x16xf32>
!T = !tile.tile<16x64xf32, vec>
!C = !tile.tile<16x1xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @exp_strided_col(%Qg: !Q, %O: !O) -> !O {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %col = tile.slice %q[0, 3] : !T -> !C
    %r = tile.exp %col : !C
    %O1 = tile.store %r, %O[%c0, %c0] : !C, !O
    return %O1 : !O
  }
}
