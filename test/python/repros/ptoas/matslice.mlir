// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/matslice.mlir --memory-planner all
// OBSERVED pypto/dsa-rp (level3): 512 of 512 elements of %Dg wrong (row slice [16,0] of a boxed mat tile emitted as an alloc_tile at row-major byte offset 2048); ptoas planner refuses at emit. EXPECTED: correct values or a refusal. SILENT MISCOMPILE.
// bottom 16 rows of a 32x32 mat tile (tile.slice) moved into left, times a right tile
!A = !tile.tensor<32x32xf32>
!O = !tile.tensor<16x32xf32>
!M = !tile.tile<32x32xf32, mat>
!Mh = !tile.tile<16x32xf32, mat>
!L = !tile.tile<16x32xf32, left>
!R = !tile.tile<32x32xf32, right>
!Acc = !tile.tile<16x32xf32, acc>
module attributes {tile.target_arch = "a3"} {
  func.func @matslice(%Ag: !A, %Bg: !A, %Dg: !O) -> !O {
    %c0 = arith.constant 0 : index
    %a = tile.load %Ag[%c0, %c0] : !A -> !M
    %b = tile.load %Bg[%c0, %c0] : !A -> !M
    %ah = tile.slice %a[16, 0] : !M -> !Mh
    %l = tile.move %ah : !Mh -> !L
    %r = tile.move %b : !M -> !R
    %p = tile.matmul %l, %r : !L, !R -> !Acc
    %D1 = tile.store %p, %Dg[%c0, %c0] : !Acc, !O
    return %D1 : !O
  }
}
