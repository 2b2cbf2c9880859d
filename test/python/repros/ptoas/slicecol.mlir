// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/slicecol.mlir --memory-planner all
// OBSERVED every planner: ptoas accepts, g++ compiles, simulator aborts (SIGABRT, TRowExpandOp.hpp:81 "TROWEXPAND: invalid src1 shape"): a strided 16x1 column sliced at column 3 of a 16x64 tile is emitted as a row-major 16x64 tile_buf with v_col=1 as the row_expand_mul factors. EXPECTED: correct result or a located refusal at emission. CRASH at run.
// a 16x1 column sliced out of a 16x64 tile (strided column) used as row_expand factors
!Q = !tile.tensor<16x64xf32>
!T = !tile.tile<16x64xf32, vec>
!C = !tile.tile<16x1xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @slicecol(%Qg: !Q, %O: !Q) -> !Q {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %col = tile.slice %q[0, 3] : !T -> !C
    %e = tile.row_expand_mul %q, %col : !T, !C
    %O1 = tile.store %e, %O[%c0, %c0] : !T, !Q
    return %O1 : !Q
  }
}
