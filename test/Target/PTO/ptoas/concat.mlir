// REQUIRES: ptoas
// tile.concat through the real ptoas at both levels: pto-isa's TCONCAT.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK: TCONCAT(
module attributes {tile.target_arch = "a3"} {
func.func @concat(%A: !tile.tensor<16x8xf32>, %B: !tile.tensor<16x24xf32>, %O: !tile.tensor<16x32xf32>) -> !tile.tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<16x8xf32> -> !tile.tile<16x8xf32, vec>
  %b = tile.load %B[%c0, %c0] : !tile.tensor<16x24xf32> -> !tile.tile<16x24xf32, vec>
  %c = tile.concat %a, %b : !tile.tile<16x8xf32, vec>, !tile.tile<16x24xf32, vec> -> !tile.tile<16x32xf32, vec>
  %O1 = tile.store %c, %O[%c0, %c0] : !tile.tile<16x32xf32, vec>, !tile.tensor<16x32xf32>
  return %O1 : !tile.tensor<16x32xf32>
}
}
