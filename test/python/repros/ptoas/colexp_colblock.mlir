// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/colexp_colblock.mlir --memory-planner all
// OBSERVED every planner: ptoas rejects "pto.tcolexpandsub op expects src0/dst to have same shape" (tile.col_expand_sub with a column-block source; col_expand_add/mul the same). EXPECTED: emitted correctly or refused by tilemem. PTOAS REJECTS EMITTED PTO.
!Q = !tile.tensor<16x128xf32>
!R = !tile.tensor<1x64xf32>
!O = !tile.tensor<16x64xf32>
!T = !tile.tile<16x128xf32, vec>
!Hf = !tile.tile<16x64xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @colexp_colblock(%Qg: !Q, %Rg: !R, %O: !O) -> !O {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %r = tile.load %Rg[%c0, %c0] : !R -> !tile.tile<1x64xf32, vec>
    %x = tile.slice %q[0, 64] : !T -> !Hf
    %e = tile.col_expand_sub %x, %r : !Hf, !tile.tile<1x64xf32, vec>
    %O1 = tile.store %e, %O[%c0, %c0] : !Hf, !O
    return %O1 : !O
  }
}
