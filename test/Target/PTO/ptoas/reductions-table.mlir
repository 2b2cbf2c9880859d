// REQUIRES: ptoas
// The reductions of the emission table (PTOOps.td) through the real ptoas at
// both levels: each becomes its pto-isa instruction in the C++ (tile.col_sum
// is pto.tcolsum at level3 only: col-sum.mlir).
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK-DAG: TROWMAX(
// CHECK-DAG: TROWMIN(
// CHECK-DAG: TCOLMAX(
func.func @reductions(%X: !tile.tensor<16x16xf32>, %R: !tile.tensor<16x1xf32>,
                      %C: !tile.tensor<1x16xf32>) -> (!tile.tensor<16x1xf32>, !tile.tensor<1x16xf32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %mx = tile.row_max %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  %mn = tile.row_min %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  %d = tile.sub %mx, %mn : !tile.tile<16x1xf32, vec>
  %R1 = tile.store %d, %R[%c0, %c0] : !tile.tile<16x1xf32, vec>, !tile.tensor<16x1xf32>
  %cm = tile.col_max %x : !tile.tile<16x16xf32, vec> -> !tile.tile<1x16xf32, vec>
  %C1 = tile.store %cm, %C[%c0, %c0] : !tile.tile<1x16xf32, vec>, !tile.tensor<1x16xf32>
  return %R1, %C1 : !tile.tensor<16x1xf32>, !tile.tensor<1x16xf32>
}
