// A mutant of kernels/qwen3_decode_attention.mlir (tilemem.testing.mutate,
// seed 322530353): the softmax denominator sums the raw scores %s, which
// cancel, where the kernel sums exp(%sh). pto-isa's simulator, whose matmul
// and row sums add in their own order, put 3 elements of %Out out of
// tolerance (max |err| 0.00113): toolchain.compare.ill_conditioned.
!Qt = !tile.tensor<16x128xf32>
!K = !tile.tensor<128x256xf32>
!Vt = !tile.tensor<256x128xf32>
!St = !tile.tensor<16x64xf32>
!Ot = !tile.tensor<16x128xf32>
!Qm = !tile.tile<16x128xf32, mat>
!Ql = !tile.tile<16x128xf32, left>
!Km = !tile.tile<128x64xf32, mat>
!Kr = !tile.tile<128x64xf32, right>
!Sa = !tile.tile<16x64xf32, acc>
!Sv = !tile.tile<16x64xf32, vec>
!Pm = !tile.tile<16x64xf32, mat>
!Pl = !tile.tile<16x64xf32, left>
!Vm = !tile.tile<64x128xf32, mat>
!Vr = !tile.tile<64x128xf32, right>
!Oa = !tile.tile<16x128xf32, acc>
!Ov = !tile.tile<16x128xf32, vec>
!C = !tile.tile<16x1xf32, vec>
!Mat2 = !tile.buffer<mat, 32768, slots = 2>
module attributes {tile.target_arch = "a3"} {
  func.func @qwen3_decode_attention(%Q: !Qt, %Kt: !K, %V: !Vt, %Ss: !St, %Ps: !St, %Os: !Ot, %Out: !Ot) -> !Ot {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %scale = arith.constant 0.0883883461 : f32
    %k_l1 = tile.alloc : !Mat2
    %v_l1 = tile.alloc : !Mat2
    %qm = tile.load %Q[%c0, %c0] : !Qt -> !Qm
    %ql = tile.move %qm : !Qm -> !Ql
    %m0 = tile.full -1.0e30 : !C
    %l0 = tile.full 0.0 : !C
    %o0 = tile.full 0.0 : !Ov
    %r:6 = scf.for %b = %c0 to %c4 step %c1
        iter_args(%m = %m0, %l = %l0, %o = %o0, %st = %Ss, %pt = %Ps, %ot = %Os)
        -> (!C, !C, !Ov, !St, !St, !Ot) {
      %pos = arith.muli %b, %c64 : index
      %slot = arith.remui %b, %c2 : index
      %km = tile.load %Kt[%c0, %pos] into(%k_l1 slot %slot : !Mat2) : !K -> !Km
      %kr = tile.move %km : !Km -> !Kr
      %sa = tile.matmul %ql, %kr : !Ql, !Kr -> !Sa
      %st1 = tile.store %sa, %st[%c0, %c0] : !Sa, !St
      %s = tile.load %st1[%c0, %c0] : !St -> !Sv
      %ss = tile.muls %s, %scale : !Sv, f32
      %mi = tile.row_max %ss : !Sv -> !C
      %sh = tile.row_expand_sub %ss, %mi : !Sv, !C
      %li = tile.row_sum %s : !Sv -> !C
      %pt1 = tile.store %s, %pt[%c0, %c0] : !Sv, !St
      %pm = tile.load %pt1[%c0, %c0] : !St -> !Pm
      %pl = tile.move %pm : !Pm -> !Pl
      %vm = tile.load %V[%pos, %c0] into(%v_l1 slot %slot : !Mat2) : !Vt -> !Vm
      %vr = tile.move %vm : !Vm -> !Vr
      %oa = tile.matmul %pl, %vr : !Pl, !Vr -> !Oa
      %ot1 = tile.store %oa, %ot[%c0, %c0] : !Oa, !Ot
      %oi = tile.load %ot1[%c0, %c0] : !Ot -> !Ov
      %mn = tile.maximum %m, %mi : !C
      %dm = tile.sub %m, %mn : !C
      %alpha = tile.exp %dm : !C
      %di = tile.sub %mi, %mn : !C
      %beta = tile.exp %di : !C
      %la = tile.mul %l, %alpha : !C
      %lb = tile.mul %li, %beta : !C
      %ln = tile.add %la, %lb : !C
      %oa2 = tile.row_expand_mul %o, %alpha : !Ov, !C
      %ob = tile.row_expand_mul %oi, %beta : !Ov, !C
      %on = tile.add %oa2, %ob : !Ov
      scf.yield %mn, %ln, %on, %st1, %pt1, %ot1 : !C, !C, !Ov, !St, !St, !Ot
    }
    %ctx = tile.row_expand_div %r#2, %r#1 : !Ov, !C
    %Out1 = tile.store %ctx, %Out[%c0, %c0] : !Ov, !Ot
    return %Out1 : !Ot
  }
}
