// REQUIRES: ptoas
// A slice of a reshape at level2: ptoas lowers pto.subset before
// pto.treshape, so a subset of a treshape was rejected ("pto.subset source
// must be lowered to memref first"); every view is now a subset of the
// buffer's root alloc_tile, then a treshape.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.pto
// RUN: FileCheck %s --input-file=%t.pto --check-prefix=PTO
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// PTO: %[[ROOT:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// PTO-NEXT: %[[S:.*]] = pto.subset %[[ROOT]][%c8, %c0] sizes [8, 16]
// PTO-NEXT: pto.treshape %[[S]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8,
// CHECK: TEXP(
func.func @reshape_slice(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %v = tile.reshape %x : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
  %s = tile.slice %v[16, 0] : !tile.tile<32x8xf32, vec> -> !tile.tile<16x8xf32, vec>
  %r = tile.exp %s : !tile.tile<16x8xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %O1 : !tile.tensor<16x8xf32>
}
