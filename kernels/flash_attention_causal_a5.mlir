// Causal-masked flash attention on A5: flash_attention_a5.mlir with a mask
// computed on the vector unit, as a causal or padding mask is: each score
// whose key position (%KP) exceeds its query position (%QP) is replaced by
// -1e30 before the softmax (tile.cmp le into a predicate mask, tile.sel),
// so it gets no weight. The positions are f32 tensors laid out like the
// scores (row i of %QP holds query i's position, column j of %KP key j's).
// Otherwise as flash_attention_a5.mlir:
//
// Flash-attention forward on A5, in f16 as inference runs it:
// flash_attention_f16.mlir with the cube and vector units exchanging tiles
// directly, as A5 lets them (tile.move acc -> vec, vec -> mat), where A3
// goes through global memory. Q 32x128, K^T 128x128, V 128x32 in f16,
// O = softmax(Q K^T / sqrt(128)) V in f32. The scores of each 32-key block
// are accumulated over four 32-deep steps of the head dimension (the first
// a peeled branch, as in ptoas's FlashAttention sample) and moved from acc
// to vec; the probabilities are converted to f16 (tile.cvt) and moved from
// vec to mat for the P V product, which is moved back to vec.
!Q = !tile.tensor<32x128xf16>
!K = !tile.tensor<128x128xf16>
!Vt = !tile.tensor<128x32xf16>
!S = !tile.tensor<32x32xf32>
!M = !tile.tile<32x32xf16, mat>
!L = !tile.tile<32x32xf16, left>
!R = !tile.tile<32x32xf16, right>
!Acc = !tile.tile<32x32xf32, acc>
!V = !tile.tile<32x32xf32, vec>
!Vh = !tile.tile<32x32xf16, vec>
!C = !tile.tile<32x1xf32, vec>
!P = !tile.tensor<32x32xf32>
!KPt = !tile.tensor<32x128xf32>
!Mask = !tile.tile<32x32xi8, vec>
module attributes {tile.target_arch = "a5"} {
  func.func @flash_attention_causal_a5(%Qg: !Q, %Kt: !K, %Vg: !Vt, %QP: !P, %KP: !KPt, %O: !S) -> !S {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %scale = arith.constant 0.0883883461 : f32
    %m0 = tile.full -1.0e30 : !C
    %l0 = tile.full 0.0 : !C
    %o0 = tile.full 0.0 : !V
    %qpos = tile.load %QP[%c0, %c0] : !P -> !V
    %masked = tile.full -1.0e30 : !V
    %r:3 = scf.for %j = %c0 to %c4 step %c1
        iter_args(%m = %m0, %l = %l0, %o = %o0) -> (!C, !C, !V) {
      %key = arith.muli %j, %c32 : index
      // S_j = Q K_j^T, split over the head dimension.
      %init = tile.create : !Acc
      %sc = scf.for %d = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (!Acc) {
        %dd = arith.muli %d, %c32 : index
        %qm = tile.load %Qg[%c0, %dd] : !Q -> !M
        %ql = tile.move %qm : !M -> !L
        %km = tile.load %Kt[%dd, %key] : !K -> !M
        %kr = tile.move %km : !M -> !R
        %first = arith.cmpi eq, %d, %c0 : index
        %next = scf.if %first -> (!Acc) {
          %p0 = tile.matmul %ql, %kr : !L, !R -> !Acc
          scf.yield %p0 : !Acc
        } else {
          %p1 = tile.matmul_acc %acc, %ql, %kr : !Acc, !L, !R
          scf.yield %p1 : !Acc
        }
        scf.yield %next : !Acc
      }
      // Online softmax on the vector unit.
      %s = tile.move %sc : !Acc -> !V
      %sc1 = tile.muls %s, %scale : !V, f32
      // Keys after the query get no weight.
      %kpos = tile.load %KP[%c0, %key] : !KPt -> !V
      %allowed = tile.cmp le %kpos, %qpos : !V -> !Mask
      %ss = tile.sel %allowed, %sc1, %masked : !Mask, !V
      %bm = tile.row_max %ss : !V -> !C
      %mn = tile.maximum %m, %bm : !C
      %dm = tile.sub %m, %mn : !C
      %alpha = tile.exp %dm : !C
      %sh = tile.row_expand_sub %ss, %mn : !V, !C
      %p = tile.exp %sh : !V
      %bs = tile.row_sum %p : !V -> !C
      %la = tile.mul %l, %alpha : !C
      %ln = tile.add %la, %bs : !C
      // P_j V_j on the cube unit.
      %ph = tile.cvt %p : !V -> !Vh
      %pm = tile.move %ph : !Vh -> !M
      %pl = tile.move %pm : !M -> !L
      %vm = tile.load %Vg[%key, %c0] : !Vt -> !M
      %vr = tile.move %vm : !M -> !R
      %pv = tile.matmul %pl, %vr : !L, !R -> !Acc
      // o = o * alpha + P_j V_j.
      %pvv = tile.move %pv : !Acc -> !V
      %os = tile.row_expand_mul %o, %alpha : !V, !C
      %on = tile.add %os, %pvv : !V
      scf.yield %mn, %ln, %on : !C, !C, !V
    }
    %out = tile.row_expand_div %r#2, %r#1 : !V, !C
    %O1 = tile.store %out, %O[%c0, %c0] : !V, !S
    return %O1 : !S
  }
}
