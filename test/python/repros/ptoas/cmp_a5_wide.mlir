// tile.cmp on a5 of 64-column tiles: ptoas's A5 pto.tcmp writes the packed
// mask into a scratch tile of the sources' shape (rows of 64 bytes), and a
// pto.tmov copies the 8 bytes of each row into the 16x32 mask the tile.sel
// reads (cmp_a5_mask_shape is the 16-column case pto-isa has no tile for).
module attributes {tile.target_arch = "a5"} {
func.func @cmpsel_lt_f32_16x64_a5(%X: !tile.tensor<16x64xf32>, %Y: !tile.tensor<16x64xf32>, %O: !tile.tensor<16x64xf32>, %M: !tile.tensor<16x32xi8>) -> (!tile.tensor<16x64xf32>, !tile.tensor<16x32xi8>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %y = tile.load %Y[%c0, %c0] : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %m = tile.cmp lt %x, %y : !tile.tile<16x64xf32, vec> -> !tile.tile<16x32xi8, vec>
  %r = tile.sel %m, %x, %y : !tile.tile<16x32xi8, vec>, !tile.tile<16x64xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<16x64xf32>
  %M1 = tile.store %m, %M[%c0, %c0] : !tile.tile<16x32xi8, vec>, !tile.tensor<16x32xi8>
  return %O1, %M1 : !tile.tensor<16x64xf32>, !tile.tensor<16x32xi8>
}
}
