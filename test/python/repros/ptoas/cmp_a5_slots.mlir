// tile.cmp on a5 inside a loop, its mask in the slot of a double buffer the
// induction variable picks: the copy of the scratch tile's packed rows into
// the mask goes to the selected slot (at level2 an scf.if per slot).
module attributes {tile.target_arch = "a5"} {
func.func @cmp_slots(%X: !tile.tensor<64x64xf32>, %Y: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>, %n: index) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %mb = tile.alloc : !tile.buffer<vec, 512, slots = 2>
  %T = scf.for %i = %c0 to %n step %c1 iter_args(%t = %O) -> (!tile.tensor<64x64xf32>) {
    %s = arith.remui %i, %c2 : index
    %r = arith.muli %s, %c16 : index
    %x = tile.load %X[%r, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<16x64xf32, vec>
    %y = tile.load %Y[%r, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<16x64xf32, vec>
    %m = tile.cmp ge %x, %y into(%mb slot %s : !tile.buffer<vec, 512, slots = 2>) : !tile.tile<16x64xf32, vec> -> !tile.tile<16x32xi8, vec>
    %e = tile.exp %x : !tile.tile<16x64xf32, vec>
    %v = tile.sel %m, %e, %y : !tile.tile<16x32xi8, vec>, !tile.tile<16x64xf32, vec>
    %t2 = tile.store %v, %t[%r, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<64x64xf32>
    scf.yield %t2 : !tile.tensor<64x64xf32>
  }
  return %T : !tile.tensor<64x64xf32>
}
}
