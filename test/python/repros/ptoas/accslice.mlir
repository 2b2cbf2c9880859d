// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/accslice.mlir --memory-planner all
// OBSERVED pypto/dsa-rp (level3): PASS through ptoas+g++, then 256 of 512 elements of %Dg wrong (the 16x32 acc slice is emitted as a 16x32 acc alloc_tile at the acc tile's address, but the acc layout is 16x16 col-major fractal boxes, so it does not hold rows 0-15); ptoas planner: refused at emit. EXPECTED: correct values or a located refusal (as level2 does). SILENT MISCOMPILE.
// store the top 16 rows of a 32x32 acc matmul result via tile.slice
!A = !tile.tensor<32x32xf32>
!H = !tile.tensor<16x32xf32>
!M = !tile.tile<32x32xf32, mat>
!L = !tile.tile<32x32xf32, left>
!R = !tile.tile<32x32xf32, right>
!Acc = !tile.tile<32x32xf32, acc>
module attributes {tile.target_arch = "a3"} {
  func.func @accslice(%Ag: !A, %Bg: !A, %Dg: !H) -> !H {
    %c0 = arith.constant 0 : index
    %a = tile.load %Ag[%c0, %c0] : !A -> !M
    %b = tile.load %Bg[%c0, %c0] : !A -> !M
    %l = tile.move %a : !M -> !L
    %r = tile.move %b : !M -> !R
    %p = tile.matmul %l, %r : !L, !R -> !Acc
    %top = tile.slice %p[0, 0] : !Acc -> !tile.tile<16x32xf32, acc>
    %D1 = tile.store %top, %Dg[%c0, %c0] : !tile.tile<16x32xf32, acc>, !H
    return %D1 : !H
  }
}
