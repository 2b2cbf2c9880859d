// A mutant of kernels/layer_norm.mlir (tilemem.testing.mutate, seed 1424000501):
// rsqrt(mean + eps) where the kernel has rsqrt(var + eps). On the inputs of
// seed 1424000501 row 222's mean nearly cancels, and pto-isa's simulator,
// which adds the row in float32 in order, is 2.2e-5 off the float64 sum's
// result (max |err| 0.00154): toolchain.compare.ill_conditioned.
!X = !tile.tensor<256x128xf32>
!P = !tile.tensor<1x128xf32>
!T = !tile.tile<32x128xf32, vec>
!C = !tile.tile<32x1xf32, vec>
!R = !tile.tile<1x128xf32, vec>
!In = !tile.buffer<vec, 16384, slots = 2>
module attributes {tile.target_arch = "a3"} {
  func.func @layer_norm(%X: !X, %gamma: !P, %beta: !P, %Y: !X) -> !X {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %inv_n = arith.constant 7.8125e-03 : f32
    %eps = arith.constant 1.0e-05 : f32
    %in = tile.alloc : !In
    %g = tile.load %gamma[%c0, %c0] : !P -> !R
    %b = tile.load %beta[%c0, %c0] : !P -> !R
    %out = scf.for %i = %c0 to %c8 step %c1 iter_args(%y = %Y) -> (!X) {
      %row = arith.muli %i, %c32 : index
      %slot = arith.remui %i, %c2 : index
      %x = tile.load %X[%row, %c0] into(%in slot %slot : !In) : !X -> !T
      %sum = tile.row_sum %x : !T -> !C
      %mean = tile.muls %sum, %inv_n : !C, f32
      %xc = tile.row_expand_sub %x, %mean : !T, !C
      %sq = tile.mul %xc, %xc : !T
      %ssq = tile.row_sum %sq : !T -> !C
      %ve = tile.adds %mean, %eps : !C, f32
      %rstd = tile.rsqrt %ve : !C
      %mut0 = tile.rsqrt %ve : !C
      %xn = tile.row_expand_mul %xc, %mut0 : !T, !C
      %xg = tile.col_expand_mul %xn, %g : !T, !R
      %o = tile.col_expand_add %xg, %b : !T, !R
      %y1 = tile.store %o, %y[%row, %c0] : !T, !X
      scf.yield %y1 : !X
    }
    return %out : !X
  }
}
