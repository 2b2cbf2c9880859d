// REQUIRES: ptoas
// The tile-scalar ops of the emission table (PTOOps.td) through the real
// ptoas at both levels: each becomes its pto-isa instruction in the C++,
// tile.maxs/mins on an i16 tile with their scalar as an f32.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK-DAG: TSUBS(
// CHECK-DAG: TDIVS(
// CHECK-DAG: TMAXS(
// CHECK-DAG: TMINS(
func.func @scalar_forms(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>,
                        %I: !tile.tensor<16x16xi16>, %s: f32, %n: i32) -> (!tile.tensor<16x16xf32>, !tile.tensor<16x16xi16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %a = tile.subs %x, %s : !tile.tile<16x16xf32, vec>, f32
  %b = tile.divs %a, %n : !tile.tile<16x16xf32, vec>, i32
  %c = tile.maxs %b, %s : !tile.tile<16x16xf32, vec>, f32
  %d = tile.mins %c, %s : !tile.tile<16x16xf32, vec>, f32
  %O1 = tile.store %d, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %h = tile.load %I[%c0, %c0] : !tile.tensor<16x16xi16> -> !tile.tile<16x16xi16, vec>
  %m = tile.maxs %h, %n : !tile.tile<16x16xi16, vec>, i32
  %k = tile.mins %m, %s : !tile.tile<16x16xi16, vec>, f32
  %I1 = tile.store %k, %I[%c0, %c0] : !tile.tile<16x16xi16, vec>, !tile.tensor<16x16xi16>
  return %O1, %I1 : !tile.tensor<16x16xf32>, !tile.tensor<16x16xi16>
}
