// REQUIRES: ptoas
// A column block (the right half of a 16x16 tile) read by tile.exp, at both
// levels. ptoas translates a pto.subset narrower than its source as a
// compact tile (Tile<16, 8>: the row stride 16 is lost, a silent
// miscompile), and rejects a full-width one at a column offset ("slice
// along dimension 1 runs out-of-bounds"); tilemem emits the tile_buf as
// wide as the row stride with v_col = 8 (level3: an alloc_tile at byte 32;
// level2: a view of the buffer's one-row root), which pto-isa reads with
// the right stride.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=dsa-rp | tile-translate --tile-to-pto -o %t.l3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.l3.pto -o %t.l3.cpp
// RUN: FileCheck %s --input-file=%t.l3.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.l2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.l2.pto -o %t.l2.cpp
// RUN: FileCheck %s --input-file=%t.l2.cpp
// CHECK: Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 8, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> [[COLS:v[0-9]+]];
// CHECK: TEXP({{v[0-9]+}}, [[COLS]]);
func.func @column_block(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %x[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %r = tile.exp %s : !tile.tile<16x8xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %O1 : !tile.tensor<16x8xf32>
}
