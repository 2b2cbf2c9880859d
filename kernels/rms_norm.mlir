// RMS norm of 16 rows of 8192 f32 (a Qwen3 decode batch tile), the
// structure of ptoas's Qwen3DecodeA3 sample incore_11:
//   Y = X * rsqrt(mean(X^2) + eps) * gamma.
// The rows are too long for one tile, so pass 1 walks the 64 column chunks
// of 16x128 carrying the running sum of squares (a 16x1 column), and pass
// 2 walks them again to scale each chunk by the row's factor and by its
// chunk of gamma. Loads are double buffered.
!X = !tile.tensor<16x8192xf32>
!P = !tile.tensor<1x8192xf32>
!T = !tile.tile<16x128xf32, vec>
!C = !tile.tile<16x1xf32, vec>
!R = !tile.tile<1x128xf32, vec>
!In = !tile.buffer<vec, 8192, slots = 2>
module attributes {tile.target_arch = "a3"} {
  func.func @rms_norm(%X: !X, %gamma: !P, %Y: !X) -> !X {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %inv_n = arith.constant 1.22070313e-04 : f32
    %eps = arith.constant 1.0e-06 : f32
    %in = tile.alloc : !In
    %zero = tile.full 0.0 : !C
    %ssq = scf.for %k = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (!C) {
      %col = arith.muli %k, %c128 : index
      %slot = arith.remui %k, %c2 : index
      %x = tile.load %X[%c0, %col] into(%in slot %slot : !In) : !X -> !T
      %sq = tile.mul %x, %x : !T
      %rs = tile.row_sum %sq : !T -> !C
      %next = tile.add %acc, %rs : !C
      scf.yield %next : !C
    }
    %ms = tile.muls %ssq, %inv_n : !C, f32
    %mse = tile.adds %ms, %eps : !C, f32
    %r = tile.rsqrt %mse : !C
    %out = scf.for %k = %c0 to %c64 step %c1 iter_args(%y = %Y) -> (!X) {
      %col = arith.muli %k, %c128 : index
      %slot = arith.remui %k, %c2 : index
      %x = tile.load %X[%c0, %col] into(%in slot %slot : !In) : !X -> !T
      %g = tile.load %gamma[%c0, %col] : !P -> !R
      %xn = tile.row_expand_mul %x, %r : !T, !C
      %o = tile.col_expand_mul %xn, %g : !T, !R
      %y1 = tile.store %o, %y[%c0, %col] : !T, !X
      scf.yield %y1 : !X
    }
    return %out : !X
  }
}
