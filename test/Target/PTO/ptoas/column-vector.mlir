// REQUIRES: ptoas
// A 16x1 column vector (a col_major DN tile_buf, so its 16 elements are
// contiguous) filled and added: ptoas's verifiers want row-major vec
// operands ("expects vec dst to use row-major layout on A2/A3", "expects
// src0, src1, and dst to use row-major layout"), so the elementwise ops read
// and write the 1x16 row over the same bytes (a pto.treshape at level2, an
// alloc_tile at the same address at level3).
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK: TROWSUM(
// CHECK: TEXPANDS(
// CHECK: TADD(
func.func @column(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x1xf32>) -> !tile.tensor<16x1xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.row_sum %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  %one = tile.full 1.0 : !tile.tile<16x1xf32, vec>
  %r = tile.add %s, %one : !tile.tile<16x1xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x1xf32, vec>, !tile.tensor<16x1xf32>
  return %O1 : !tile.tensor<16x1xf32>
}
