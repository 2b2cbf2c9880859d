// REQUIRES: ptoas
// tile.cvt through the real ptoas at both levels: pto.tcvt becomes pto-isa's
// TCVT with the rounding mode (CAST_RINT by default) and no tmp tile, for
// every element type tile.cvt converts from f32 (bf16 included: it is only
// not run on the simulator) and back.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK-DAG: TCVT(
// CHECK-DAG: RoundMode {{v[0-9]+}} = RoundMode::CAST_RINT;
// CHECK-DAG: RoundMode {{v[0-9]+}} = RoundMode::CAST_ROUND;
// CHECK-DAG: RoundMode {{v[0-9]+}} = RoundMode::CAST_FLOOR;
// CHECK-DAG: RoundMode {{v[0-9]+}} = RoundMode::CAST_CEIL;
// CHECK-DAG: RoundMode {{v[0-9]+}} = RoundMode::CAST_TRUNC;
module attributes {tile.target_arch = "a3"} {
func.func @cvt(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %h = tile.cvt %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf16, vec>
  %b = tile.cvt %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xbf16, vec>
  %i = tile.cvt %x rmode round : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xi32, vec>
  %s = tile.cvt %x rmode floor : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xi16, vec>
  %hi = tile.cvt %h rmode ceil : !tile.tile<16x16xf16, vec> -> !tile.tile<16x16xi32, vec>
  %bi = tile.cvt %b rmode trunc : !tile.tile<16x16xbf16, vec> -> !tile.tile<16x16xi32, vec>
  %x1 = tile.cvt %h : !tile.tile<16x16xf16, vec> -> !tile.tile<16x16xf32, vec>
  %x2 = tile.cvt %b : !tile.tile<16x16xbf16, vec> -> !tile.tile<16x16xf32, vec>
  %x3 = tile.cvt %i : !tile.tile<16x16xi32, vec> -> !tile.tile<16x16xf32, vec>
  %x4 = tile.cvt %s : !tile.tile<16x16xi16, vec> -> !tile.tile<16x16xf32, vec>
  %x5 = tile.cvt %hi : !tile.tile<16x16xi32, vec> -> !tile.tile<16x16xf32, vec>
  %x6 = tile.cvt %bi : !tile.tile<16x16xi32, vec> -> !tile.tile<16x16xf32, vec>
  %y1 = tile.add %x1, %x2 : !tile.tile<16x16xf32, vec>
  %y2 = tile.add %x3, %x4 : !tile.tile<16x16xf32, vec>
  %y3 = tile.add %x5, %x6 : !tile.tile<16x16xf32, vec>
  %y4 = tile.add %y1, %y2 : !tile.tile<16x16xf32, vec>
  %y5 = tile.add %y4, %y3 : !tile.tile<16x16xf32, vec>
  %O1 = tile.store %y5, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
}
