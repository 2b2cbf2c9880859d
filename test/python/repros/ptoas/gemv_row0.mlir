// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/gemv_row0.mlir --memory-planner all
// OBSERVED pypto/dsa-rp: columns 16..31 of the stored row 0 of a tile.gemv result are NaN (uninitialized 0xff fill; the 1x32 slice of the 16x32 acc box is emitted at the box address in a boxed layout); ptoas planner: refused at emit. EXPECTED: row 0 of x*W (the docs present gemv row 0 as the vector result). MISCOMPILE (same root cause as accslice.mlir).
!X = !tile.tensor<16x64xf16>
!W = !tile.tensor<64x32xf16>
!O = !tile.tensor<16x32xf32>
!O1 = !tile.tensor<1x32xf32>
module attributes {tile.target_arch = "a3"} {
  func.func @gemv(%X: !X, %Wg: !W, %O: !O1) -> !O1 {
    %c0 = arith.constant 0 : index
    %x = tile.load %X[%c0, %c0] : !X -> !tile.tile<16x64xf16, mat>
    %w = tile.load %Wg[%c0, %c0] : !W -> !tile.tile<64x32xf16, mat>
    %l = tile.move %x : !tile.tile<16x64xf16, mat> -> !tile.tile<16x64xf16, left>
    %r = tile.move %w : !tile.tile<64x32xf16, mat> -> !tile.tile<64x32xf16, right>
    %y = tile.gemv %l, %r : !tile.tile<16x64xf16, left>, !tile.tile<64x32xf16, right> -> !tile.tile<16x32xf32, acc>
    %y0 = tile.slice %y[0, 0] : !tile.tile<16x32xf32, acc> -> !tile.tile<1x32xf32, acc>
    %O2 = tile.store %y0, %O[%c0, %c0] : !tile.tile<1x32xf32, acc>, !O1
    return %O2 : !O1
  }
}
