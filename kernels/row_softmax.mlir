// Row softmax: Y[i, :] = exp(X[i, :] - max_j X[i, j]) / sum_j exp(X[i, j] - max_j X[i, j])
// over a 256x128 f32 matrix, in eight 32-row tiles. The loads alternate
// between the two slots of one buffer (double buffering: the load of tile
// i + 1 can overlap the vector work on tile i).
!X = !tile.tensor<256x128xf32>
!T = !tile.tile<32x128xf32, vec>
!C = !tile.tile<32x1xf32, vec>
!In = !tile.buffer<vec, 16384, slots = 2>
module attributes {tile.target_arch = "a3"} {
  func.func @row_softmax(%X: !X, %Y: !X) -> !X {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %in = tile.alloc : !In
    %out = scf.for %i = %c0 to %c8 step %c1 iter_args(%y = %Y) -> (!X) {
      %row = arith.muli %i, %c32 : index
      %slot = arith.remui %i, %c2 : index
      %x = tile.load %X[%row, %c0] into(%in slot %slot : !In) : !X -> !T
      %max = tile.row_max %x : !T -> !C
      %shifted = tile.row_expand_sub %x, %max : !T, !C
      %e = tile.exp %shifted : !T
      %sum = tile.row_sum %e : !T -> !C
      %p = tile.row_expand_div %e, %sum : !T, !C
      %y1 = tile.store %p, %y[%row, %c0] : !T, !X
      scf.yield %y1 : !X
    }
    return %out : !X
  }
}
