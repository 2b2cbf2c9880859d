// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/cvt_colblock.mlir --memory-planner all
// OBSERVED every planner: ptoas rejects the emitted PTO ("pto.tcvt op expects src and dst to have compatible shapes"): tile.cvt of a column block (tile.slice %q[0, 64] of a 16x128 tile). EXPECTED: emitted correctly or refused by tilemem with a located diagnostic. PTOAS REJECTS EMITTED PTO.
!Q = !tile.tensor<16x128xf32>
!H = !tile.tensor<16x64xf16>
!T = !tile.tile<16x128xf32, vec>
!Hf = !tile.tile<16x64xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @cvt_colblock(%Qg: !Q, %O: !H) -> !H {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %x = tile.slice %q[0, 64] : !T -> !Hf
    %t = tile.cvt %x : !Hf -> !tile.tile<16x64xf16, vec>
    %O1 = tile.store %t, %O[%c0, %c0] : !tile.tile<16x64xf16, vec>, !H
    return %O1 : !H
  }
}
