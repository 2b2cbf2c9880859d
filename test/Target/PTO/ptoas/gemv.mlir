// REQUIRES: ptoas
// Tests that tile.gemv goes through the real ptoas at both levels: pto-isa's
// TGEMV on 16-row left and acc boxes whose valid rows are 1.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK: TGEMV(
module attributes {tile.target_arch = "a3"} {
func.func @gemv(%A: !tile.tensor<16x32xf16>, %B: !tile.tensor<32x64xf16>, %O: !tile.tensor<16x64xf32>) -> !tile.tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<16x32xf16> -> !tile.tile<16x32xf16, mat>
  %b = tile.load %B[%c0, %c0] : !tile.tensor<32x64xf16> -> !tile.tile<32x64xf16, mat>
  %l = tile.extract %a[0, 0] : !tile.tile<16x32xf16, mat> -> !tile.tile<16x32xf16, left>
  %r = tile.move %b : !tile.tile<32x64xf16, mat> -> !tile.tile<32x64xf16, right>
  %c = tile.gemv %l, %r : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
  %O1 = tile.store %c, %O[%c0, %c0] : !tile.tile<16x64xf32, acc>, !tile.tensor<16x64xf32>
  return %O1 : !tile.tensor<16x64xf32>
}
}
