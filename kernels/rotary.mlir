// Rotary position embedding (rotate-half form, as Qwen3's decode kernel
// applies it): for each of the four 128-wide heads of Q (32 tokens x 512),
// with lo, hi its two 64-column halves and cos, sin the 32x64 tables of the
// tokens' positions:
//   lo' = lo * cos - hi * sin,   hi' = hi * cos + lo * sin.
// The halves are loaded separately (as the Qwen3 sample does) into
// double-buffered slots; cos and sin are loaded once.
!Q = !tile.tensor<32x512xf32>
!F = !tile.tensor<32x64xf32>
!H = !tile.tile<32x64xf32, vec>
!In = !tile.buffer<vec, 8192, slots = 2>
module attributes {tile.target_arch = "a3"} {
  func.func @rotary(%Qin: !Q, %cos: !F, %sin: !F, %Qout: !Q) -> !Q {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %lo_buf = tile.alloc : !In
    %hi_buf = tile.alloc : !In
    %co = tile.load %cos[%c0, %c0] : !F -> !H
    %si = tile.load %sin[%c0, %c0] : !F -> !H
    %out = scf.for %h = %c0 to %c4 step %c1 iter_args(%q = %Qout) -> (!Q) {
      %col_lo = arith.muli %h, %c128 : index
      %col_hi = arith.addi %col_lo, %c64 : index
      %slot = arith.remui %h, %c2 : index
      %lo = tile.load %Qin[%c0, %col_lo] into(%lo_buf slot %slot : !In) : !Q -> !H
      %hi = tile.load %Qin[%c0, %col_hi] into(%hi_buf slot %slot : !In) : !Q -> !H
      %a = tile.mul %lo, %co : !H
      %b = tile.mul %hi, %si : !H
      %rlo = tile.sub %a, %b : !H
      %c = tile.mul %hi, %co : !H
      %d = tile.mul %lo, %si : !H
      %rhi = tile.add %c, %d : !H
      %q1 = tile.store %rlo, %q[%c0, %col_lo] : !H, !Q
      %q2 = tile.store %rhi, %q1[%c0, %col_hi] : !H, !Q
      scf.yield %q2 : !Q
    }
    return %out : !Q
  }
}
