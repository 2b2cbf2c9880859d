// Online softmax (Milakov and Gimelshein): row softmax of a 64x1024 f32
// matrix whose rows are too long for one tile. Pass 1 walks the eight
// 64x128 column blocks once, carrying the running row maximum %m and the
// running sum %l of exp(x - m), rescaled whenever the maximum grows:
//   m' = max(m, rowmax(x)),  l' = l * exp(m - m') + rowsum(exp(x - m')).
// Pass 2 walks them again and writes exp(x - m) / l. Loads are double
// buffered in both passes.
!X = !tile.tensor<64x1024xf32>
!T = !tile.tile<64x128xf32, vec>
!C = !tile.tile<64x1xf32, vec>
!In = !tile.buffer<vec, 32768, slots = 2>
module attributes {tile.target_arch = "a3"} {
  func.func @online_softmax(%X: !X, %Y: !X) -> !X {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c128 = arith.constant 128 : index
    %in = tile.alloc : !In
    %m0 = tile.full -1.0e30 : !C
    %l0 = tile.full 0.0 : !C
    %stats:2 = scf.for %j = %c0 to %c8 step %c1 iter_args(%m = %m0, %l = %l0) -> (!C, !C) {
      %col = arith.muli %j, %c128 : index
      %slot = arith.remui %j, %c2 : index
      %x = tile.load %X[%c0, %col] into(%in slot %slot : !In) : !X -> !T
      %bm = tile.row_max %x : !T -> !C
      %mn = tile.maximum %m, %bm : !C
      %dm = tile.sub %m, %mn : !C
      %alpha = tile.exp %dm : !C
      %xs = tile.row_expand_sub %x, %mn : !T, !C
      %e = tile.exp %xs : !T
      %bs = tile.row_sum %e : !T -> !C
      %la = tile.mul %l, %alpha : !C
      %ln = tile.add %la, %bs : !C
      scf.yield %mn, %ln : !C, !C
    }
    %out = scf.for %j = %c0 to %c8 step %c1 iter_args(%y = %Y) -> (!X) {
      %col = arith.muli %j, %c128 : index
      %slot = arith.remui %j, %c2 : index
      %x = tile.load %X[%c0, %col] into(%in slot %slot : !In) : !X -> !T
      %xs = tile.row_expand_sub %x, %stats#0 : !T, !C
      %e = tile.exp %xs : !T
      %p = tile.row_expand_div %e, %stats#1 : !T, !C
      %y1 = tile.store %p, %y[%c0, %col] : !T, !X
      scf.yield %y1 : !X
    }
    return %out : !X
  }
}
