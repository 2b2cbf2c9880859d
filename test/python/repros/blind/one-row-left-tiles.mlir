// Nine 1-row left tiles live together. Each is 1x32 f16; pto-isa lays its columns
// 16..31 in a second 16x16 box 512 bytes on, so it spans 1,024 bytes. pypto and
// dsa-rp placed them 64 bytes apart and ptoas (level2) sized each tile_buf at 64
// bytes: the ninth overwrote the first one's second box (rows of O wrong).
module attributes {tile.target_arch = "a3"} {
  func.func @k(%A: !tile.tensor<16x32xf16>, %B: !tile.tensor<32x16xf16>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
    %c0 = arith.constant 0 : index
    %bm = tile.load %B[%c0, %c0] : !tile.tensor<32x16xf16> -> !tile.tile<32x16xf16, mat>
    %r = tile.move %bm : !tile.tile<32x16xf16, mat> -> !tile.tile<32x16xf16, right>
    %i0 = arith.constant 0 : index
    %a0 = tile.load %A[%i0, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l0 = tile.move %a0 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i1 = arith.constant 1 : index
    %a1 = tile.load %A[%i1, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l1 = tile.move %a1 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i2 = arith.constant 2 : index
    %a2 = tile.load %A[%i2, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l2 = tile.move %a2 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i3 = arith.constant 3 : index
    %a3 = tile.load %A[%i3, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l3 = tile.move %a3 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i4 = arith.constant 4 : index
    %a4 = tile.load %A[%i4, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l4 = tile.move %a4 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i5 = arith.constant 5 : index
    %a5 = tile.load %A[%i5, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l5 = tile.move %a5 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i6 = arith.constant 6 : index
    %a6 = tile.load %A[%i6, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l6 = tile.move %a6 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i7 = arith.constant 7 : index
    %a7 = tile.load %A[%i7, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l7 = tile.move %a7 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %i8 = arith.constant 8 : index
    %a8 = tile.load %A[%i8, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
    %l8 = tile.move %a8 : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
    %c0v = tile.matmul %l0, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O0 = tile.store %c0v, %O[%i0, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c1v = tile.matmul %l1, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O1 = tile.store %c1v, %O0[%i1, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c2v = tile.matmul %l2, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O2 = tile.store %c2v, %O1[%i2, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c3v = tile.matmul %l3, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O3 = tile.store %c3v, %O2[%i3, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c4v = tile.matmul %l4, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O4 = tile.store %c4v, %O3[%i4, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c5v = tile.matmul %l5, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O5 = tile.store %c5v, %O4[%i5, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c6v = tile.matmul %l6, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O6 = tile.store %c6v, %O5[%i6, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c7v = tile.matmul %l7, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O7 = tile.store %c7v, %O6[%i7, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    %c8v = tile.matmul %l8, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
    %O8 = tile.store %c8v, %O7[%i8, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
    return %O8 : !tile.tensor<16x16xf32>
  }
}
