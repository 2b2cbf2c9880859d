// REQUIRES: ptoas
// The elementwise ops of the emission table (PTOOps.td) through the real
// ptoas at both levels: each becomes its pto-isa instruction in the C++.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK-DAG: TADD(
// CHECK-DAG: TSUB(
// CHECK-DAG: TMUL(
// CHECK-DAG: TMAX(
// CHECK-DAG: TDIV(
// CHECK-DAG: TMIN(
func.func @elementwise(%X: !tile.tensor<32x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<32x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %X[%c16, %c0] : !tile.tensor<32x16xf32> -> !tile.tile<16x16xf32, vec>
  %a = tile.add %x, %y : !tile.tile<16x16xf32, vec>
  %s = tile.sub %a, %y : !tile.tile<16x16xf32, vec>
  %m = tile.mul %s, %x : !tile.tile<16x16xf32, vec>
  %M = tile.maximum %m, %a : !tile.tile<16x16xf32, vec>
  %d = tile.div %M, %y : !tile.tile<16x16xf32, vec>
  %n = tile.minimum %d, %x : !tile.tile<16x16xf32, vec>
  %O1 = tile.store %n, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
