// REQUIRES: ptoas
// tile.fillpad through the real ptoas at both levels: pto-isa's
// TFILLPAD_INPLACE from the valid block to the whole tile, with the pad
// value in the destination's Tile type.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK-DAG: PadValue::Max
// CHECK-DAG: PadValue::Min
// CHECK-DAG: PadValue::Zero
// CHECK-DAG: TFILLPAD_INPLACE(
module attributes {tile.target_arch = "a3"} {
func.func @fillpad(%X: !tile.tensor<16x16xf32>, %I: !tile.tensor<16x16xi32>) -> (!tile.tensor<16x16xf32>, !tile.tensor<16x16xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.fillpad %x valid [8, 12] pad max : !tile.tile<16x16xf32, vec>
  %z = tile.fillpad %y valid [4, 16] pad zero : !tile.tile<16x16xf32, vec>
  %X1 = tile.store %z, %X[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %i = tile.load %I[%c0, %c0] : !tile.tensor<16x16xi32> -> !tile.tile<16x16xi32, vec>
  %j = tile.fillpad %i valid [3, 5] pad min : !tile.tile<16x16xi32, vec>
  %I1 = tile.store %j, %I[%c0, %c0] : !tile.tile<16x16xi32, vec>, !tile.tensor<16x16xi32>
  return %X1, %I1 : !tile.tensor<16x16xf32>, !tile.tensor<16x16xi32>
}
}
