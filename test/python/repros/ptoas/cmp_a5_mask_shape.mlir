// .venv/bin/python -m tilemem.testing.toolchain /tmp/hunt32a/repros/cmp_a5_mask_shape.mlir --memory-planner all -> FAIL at ptoas (every planner, level2 and level3): error: 'pto.tcmp' op expects src0, src1, and dst to have the same shape. ptoas's A5 TCmpOp verifier (PTO.cpp:3182) wants the i8 mask tile_buf to have src's rows x cols; tilemem emits the A2/A3 packed mask (16x32 ui8, v_col=C/8) on a5 too. (tile.cmps on a5 is accepted and matches.)
module attributes {tile.target_arch = "a5"} {
func.func @cmpsel_lt_f32_16x16_a5(%X: !tile.tensor<16x16xf32>, %Y: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> (!tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %Y[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %m = tile.cmp lt %x, %y : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %r = tile.sel %m, %x, %y : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
}
