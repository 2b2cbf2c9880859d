// REQUIRES: ptoas
// tile.col_sum through the real ptoas at level3 (at level2 tilemem refuses
// it: ptoas 0.27 crashes on pto.tcolsum there, tile-to-pto-invalid.mlir).
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK: TCOLSUM(
func.func @col_sum(%X: !tile.tensor<16x16xf32>, %C: !tile.tensor<1x16xf32>) -> !tile.tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %cs = tile.col_sum %x : !tile.tile<16x16xf32, vec> -> !tile.tile<1x16xf32, vec>
  %C1 = tile.store %cs, %C[%c0, %c0] : !tile.tile<1x16xf32, vec>, !tile.tensor<1x16xf32>
  return %C1 : !tile.tensor<1x16xf32>
}
