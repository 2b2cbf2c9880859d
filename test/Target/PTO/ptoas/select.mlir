// REQUIRES: ptoas
// tile.cmp, tile.cmps and tile.sel through the real ptoas at both levels:
// pto-isa's TCMP and TCMPS with the comparison and TSEL with its tmp tile,
// the mask a uint8_t Tile.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// CHECK-DAG: Tile<TileType::Vec, uint8_t, 16, 32
// CHECK-DAG: CmpMode {{v[0-9]+}} = CmpMode::LT;
// CHECK-DAG: TCMP(
// CHECK-DAG: CmpMode {{v[0-9]+}} = CmpMode::GE;
// CHECK-DAG: TCMPS(
// CHECK-DAG: CmpMode {{v[0-9]+}} = CmpMode::NE;
// CHECK-DAG: TSEL(
module attributes {tile.target_arch = "a3"} {
func.func @select(%X: !tile.tensor<16x16xf32>, %Y: !tile.tensor<16x16xf16>, %O: !tile.tensor<16x16xf32>, %s: f32)
    -> (!tile.tensor<16x16xf32>, !tile.tensor<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.exp %x : !tile.tile<16x16xf32, vec>
  %m = tile.cmp lt %x, %y : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %z = tile.sel %m, %x, %y : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
  %n = tile.cmps ge %z, %s : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x32xi8, vec>
  %w = tile.sel %n, %y, %z : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
  %O1 = tile.store %w, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %h = tile.load %Y[%c0, %c0] : !tile.tensor<16x16xf16> -> !tile.tile<16x16xf16, vec>
  %k = tile.cmps ne %h, %s : !tile.tile<16x16xf16, vec>, f32 -> !tile.tile<16x32xi8, vec>
  %g = tile.neg %h : !tile.tile<16x16xf16, vec>
  %j = tile.sel %k, %g, %h : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf16, vec>
  %Y1 = tile.store %j, %Y[%c0, %c0] : !tile.tile<16x16xf16, vec>, !tile.tensor<16x16xf16>
  return %O1, %Y1 : !tile.tensor<16x16xf32>, !tile.tensor<16x16xf16>
}
}
