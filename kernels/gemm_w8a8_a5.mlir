// W8A8 GEMM on A5: i8 activations and weights into the cube, i32
// accumulation over four 64-deep K steps, the product moved from acc to vec,
// converted to f32 and dequantized by a per-row (token) and a per-column
// (channel) scale.
!A = !tile.tensor<32x256xi8>
!B = !tile.tensor<256x64xi8>
!Y = !tile.tensor<32x64xf32>
!Ma = !tile.tile<32x64xi8, mat>
!Mb = !tile.tile<64x64xi8, mat>
!L = !tile.tile<32x64xi8, left>
!R = !tile.tile<64x64xi8, right>
!Acc = !tile.tile<32x64xi32, acc>
!Vi = !tile.tile<32x64xi32, vec>
!V = !tile.tile<32x64xf32, vec>
!RowS = !tile.tile<32x1xf32, vec>
!ColS = !tile.tile<1x64xf32, vec>
module attributes {tile.target_arch = "a5"} {
  func.func @gemm_w8a8_a5(%Ag: !A, %Bg: !B, %Sr: !tile.tensor<32x1xf32>, %Sc: !tile.tensor<1x64xf32>, %Y: !Y) -> !Y {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %init = tile.create : !Acc
    %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%a = %init) -> (!Acc) {
      %kk = arith.muli %k, %c64 : index
      %am = tile.load %Ag[%c0, %kk] : !A -> !Ma
      %al = tile.move %am : !Ma -> !L
      %bm = tile.load %Bg[%kk, %c0] : !B -> !Mb
      %br = tile.move %bm : !Mb -> !R
      %first = arith.cmpi eq, %k, %c0 : index
      %n = tile.matmul_acc %a, %al, %br init_cond %first : !Acc, !L, !R
      scf.yield %n : !Acc
    }
    %vi = tile.move %acc : !Acc -> !Vi
    %v = tile.cvt %vi : !Vi -> !V
    %sr = tile.load %Sr[%c0, %c0] : !tile.tensor<32x1xf32> -> !RowS
    %sc = tile.load %Sc[%c0, %c0] : !tile.tensor<1x64xf32> -> !ColS
    %rs = tile.row_expand_mul %v, %sr : !V, !RowS
    %cs = tile.col_expand_mul %rs, %sc : !V, !ColS
    %o = tile.store %cs, %Y[%c0, %c0] : !V, !Y
    return %o : !Y
  }
}
