// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/colmax_colblock.mlir --memory-planner all
// OBSERVED every planner: ptoas accepts, g++ fails "static assertion failed: Inconsistent number of cols" (tile.col_max of a column block; tile.col_sum the same at level3). EXPECTED: emitted correctly or refused by tilemem. G++ COMPILE FAILURE OF PTOAS OUTPUT.
!Q = !tile.tensor<16x128xf32>
!R = !tile.tensor<1x64xf32>
!T = !tile.tile<16x128xf32, vec>
!Hf = !tile.tile<16x64xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @colmax_colblock(%Qg: !Q, %O: !R) -> !R {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %x = tile.slice %q[0, 64] : !T -> !Hf
    %r = tile.col_max %x : !Hf -> !tile.tile<1x64xf32, vec>
    %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<1x64xf32, vec>, !R
    return %O1 : !R
  }
}
