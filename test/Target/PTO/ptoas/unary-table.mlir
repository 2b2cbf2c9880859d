// REQUIRES: ptoas
// The unary elementwise ops of the emission table (PTOOps.td) through the
// real ptoas at both levels: each becomes its pto-isa instruction in the C++,
// tile.recip with distinct source and destination (ptoas rejects an A3
// trecip in place), tile.neg and tile.relu on i32 tiles too.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK-DAG: TEXP(
// CHECK-DAG: TLOG(
// CHECK-DAG: TSQRT(
// CHECK-DAG: TRSQRT(
// CHECK-DAG: TRECIP(
// CHECK-DAG: TABS(
// CHECK-DAG: TNEG(
// CHECK-DAG: TRELU(
func.func @unary(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>,
                 %I: !tile.tensor<16x16xi32>) -> (!tile.tensor<16x16xf32>, !tile.tensor<16x16xi32>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %a = tile.abs %x : !tile.tile<16x16xf32, vec>
  %e = tile.exp %a : !tile.tile<16x16xf32, vec>
  %l = tile.log %e : !tile.tile<16x16xf32, vec>
  %s = tile.sqrt %l : !tile.tile<16x16xf32, vec>
  %r = tile.rsqrt %e : !tile.tile<16x16xf32, vec>
  %i = tile.recip %r : !tile.tile<16x16xf32, vec>
  %n = tile.neg %i : !tile.tile<16x16xf32, vec>
  %u = tile.relu %n : !tile.tile<16x16xf32, vec>
  %y = tile.add %u, %s : !tile.tile<16x16xf32, vec>
  %O1 = tile.store %y, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %k = tile.load %I[%c0, %c0] : !tile.tensor<16x16xi32> -> !tile.tile<16x16xi32, vec>
  %kn = tile.neg %k : !tile.tile<16x16xi32, vec>
  %ku = tile.relu %kn : !tile.tile<16x16xi32, vec>
  %I1 = tile.store %ku, %I[%c0, %c0] : !tile.tile<16x16xi32, vec>, !tile.tensor<16x16xi32>
  return %O1, %I1 : !tile.tensor<16x16xf32>, !tile.tensor<16x16xi32>
}
