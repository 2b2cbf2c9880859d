// FFN block with a SwiGLU activation on A5, in f16 as inference runs it:
// ffn_f16.mlir with the cube and vector units exchanging tiles directly, as
// A5 lets them (tile.move acc -> vec, vec -> mat), where A3 goes through
// global memory:
//   H1 = X W1, H3 = X W3 (X 32x128, W1 and W3 128x32), A = silu(H1) * H3,
//   Y = A W2 (W2 32x32), silu(h) = h / (1 + exp(-h)).
// fc1's first K step is peeled off the loop, as in ffn.mlir; H1 and H3 are
// moved from acc to vec, the activation is converted to f16 (tile.cvt) and
// moved from vec to mat for fc2.
!X = !tile.tensor<32x128xf16>
!W = !tile.tensor<128x32xf16>
!W2 = !tile.tensor<32x32xf16>
!S = !tile.tensor<32x32xf32>
!M = !tile.tile<32x32xf16, mat>
!L = !tile.tile<32x32xf16, left>
!R = !tile.tile<32x32xf16, right>
!Acc = !tile.tile<32x32xf32, acc>
!V = !tile.tile<32x32xf32, vec>
!Vh = !tile.tile<32x32xf16, vec>
module attributes {tile.target_arch = "a5"} {
  func.func @ffn_a5(%Xg: !X, %W1: !W, %W3: !W, %W2: !W2, %Y: !S) -> !S {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %one = arith.constant 1.0 : f32
    // fc1, K step 0 (peeled).
    %x0 = tile.load %Xg[%c0, %c0] : !X -> !M
    %xl0 = tile.move %x0 : !M -> !L
    %w10 = tile.load %W1[%c0, %c0] : !W -> !M
    %w1r0 = tile.move %w10 : !M -> !R
    %h1_0 = tile.matmul %xl0, %w1r0 : !L, !R -> !Acc
    %w30 = tile.load %W3[%c0, %c0] : !W -> !M
    %w3r0 = tile.move %w30 : !M -> !R
    %h3_0 = tile.matmul %xl0, %w3r0 : !L, !R -> !Acc
    // fc1, K steps 1..3.
    %h:2 = scf.for %k = %c1 to %c4 step %c1 iter_args(%a1 = %h1_0, %a3 = %h3_0) -> (!Acc, !Acc) {
      %kk = arith.muli %k, %c32 : index
      %x = tile.load %Xg[%c0, %kk] : !X -> !M
      %xl = tile.move %x : !M -> !L
      %w1 = tile.load %W1[%kk, %c0] : !W -> !M
      %w1r = tile.move %w1 : !M -> !R
      %a1n = tile.matmul_acc %a1, %xl, %w1r : !Acc, !L, !R
      %w3 = tile.load %W3[%kk, %c0] : !W -> !M
      %w3r = tile.move %w3 : !M -> !R
      %a3n = tile.matmul_acc %a3, %xl, %w3r : !Acc, !L, !R
      scf.yield %a1n, %a3n : !Acc, !Acc
    }
    // Activation: silu(h1) * h3.
    %g = tile.move %h#0 : !Acc -> !V
    %u = tile.move %h#1 : !Acc -> !V
    %ng = tile.neg %g : !V
    %en = tile.exp %ng : !V
    %den = tile.adds %en, %one : !V, f32
    %silu = tile.div %g, %den : !V
    %act = tile.mul %silu, %u : !V
    %acth = tile.cvt %act : !V -> !Vh
    // fc2.
    %am = tile.move %acth : !Vh -> !M
    %al = tile.move %am : !M -> !L
    %w2 = tile.load %W2[%c0, %c0] : !W2 -> !M
    %w2r = tile.move %w2 : !M -> !R
    %y = tile.matmul %al, %w2r : !L, !R -> !Acc
    %Y1 = tile.store %y, %Y[%c0, %c0] : !Acc, !S
    return %Y1 : !S
  }
}
