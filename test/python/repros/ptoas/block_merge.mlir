// cf_merge with its tails kept distinct only by the tile they read: a while
// inside a for makes ptoas 0.27 lower the whole kernel to a CFG, and the two
// arms of the if (exp of x, exp of y into one tile) then differ only in
// that tile, so its block merging makes the tile a block argument, which
// its C++ casts to a pointer. Refused before emission until stop 52; now a
// full barrier in one arm keeps the two apart.
func.func @block_merge(%X: !tile.tensor<16x16xf32>, %Y: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %Y[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %F = scf.for %k = %c0 to %n step %c1 iter_args(%T = %O) -> (!tile.tensor<16x16xf32>) {
    %w:2 = scf.while (%i = %c0, %U = %T) : (index, !tile.tensor<16x16xf32>) -> (index, !tile.tensor<16x16xf32>) {
      %p = arith.cmpi slt, %i, %k : index
      scf.condition(%p) %i, %U : index, !tile.tensor<16x16xf32>
    } do {
    ^bb0(%i1: index, %U1: !tile.tensor<16x16xf32>):
      %U2 = tile.store %x, %U1[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2, %U2 : index, !tile.tensor<16x16xf32>
    }
    scf.yield %w#1 : !tile.tensor<16x16xf32>
  }
  %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %x : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  } else {
    %e = tile.exp %y : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  %O1 = tile.store %r, %F[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
