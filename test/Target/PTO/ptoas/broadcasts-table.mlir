// REQUIRES: ptoas
// The broadcasts of the emission table (PTOOps.td) through the real ptoas at
// both levels: each becomes its pto-isa instruction in the C++, the column
// of a row reduction broadcast over rows, the row of a column reduction over
// columns. At level2 (a3) the row broadcasts take a tmp, and a row_expand_add
// is a TROWEXPANDSUB of the column negated by a TMULS (docs/pto-emission.md,
// "UB's fixed scratch at level2").
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp --check-prefixes=CHECK,L2
// RUN: not grep TROWEXPANDADD %t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp --check-prefixes=CHECK,L3
// L2-DAG: TMULS(
// L2-DAG: TROWEXPANDSUB(v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}});
// L3-DAG: TROWEXPANDADD(
// CHECK-DAG: TROWEXPANDSUB(
// CHECK-DAG: TROWEXPANDDIV(
// CHECK-DAG: TROWEXPANDMAX(
// CHECK-DAG: TROWEXPANDMIN(
// CHECK-DAG: TROWEXPAND(
// CHECK-DAG: TCOLEXPANDADD(
// CHECK-DAG: TCOLEXPANDSUB(
// CHECK-DAG: TCOLEXPANDMUL(
// CHECK-DAG: TCOLEXPANDDIV(
// CHECK-DAG: TCOLEXPANDMAX(
// CHECK-DAG: TCOLEXPANDMIN(
// CHECK-DAG: TCOLEXPAND(
func.func @broadcasts(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %c = tile.row_max %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  %r = tile.col_max %x : !tile.tile<16x16xf32, vec> -> !tile.tile<1x16xf32, vec>
  %0 = tile.row_expand_sub %x, %c : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %1 = tile.row_expand_add %0, %c : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %2 = tile.row_expand_div %1, %c : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %3 = tile.row_expand_max %2, %c : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %4 = tile.col_expand_sub %3, %r : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %5 = tile.col_expand_add %4, %r : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %6 = tile.col_expand_mul %5, %r : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %7 = tile.col_expand_div %6, %r : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %8 = tile.col_expand_max %7, %r : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %9 = tile.row_expand %c : !tile.tile<16x1xf32, vec> -> !tile.tile<16x16xf32, vec>
  %10 = tile.col_expand %r : !tile.tile<1x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %11 = tile.add %8, %9 : !tile.tile<16x16xf32, vec>
  %12 = tile.add %11, %10 : !tile.tile<16x16xf32, vec>
  %13 = tile.row_expand_min %12, %c : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %14 = tile.col_expand_min %13, %r : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %O1 = tile.store %14, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
