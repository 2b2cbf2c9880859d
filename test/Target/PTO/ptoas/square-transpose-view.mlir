// REQUIRES: ptoas
// x + transpose_view(x) of a square tile, through the whole pipeline at both
// levels: the transposed view is a transpose (tile-materialize-transposed-
// views), so ptoas reads two different tiles, and its verifiers see
// row-major operands. (With the layout-blind handle map the level3 PTO was
// tadd(%2, %2); with a col_major handle ptoas rejected it: "expects src0,
// src1, and dst to use row-major layout".)
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// CHECK: TLOAD([[X:v[0-9]+]],
// CHECK: TTRANS([[T:v[0-9]+]], [[X]], {{v[0-9]+}});
// CHECK: TADD({{v[0-9]+}}, [[X]], [[T]]);
func.func @square_add(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %v = tile.transpose_view %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %r = tile.add %x, %v : !tile.tile<16x16xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
