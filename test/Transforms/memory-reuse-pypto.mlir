// RUN: tile-opt %s --split-input-file --tile-init-memref --tile-memory-reuse --tile-verify-storage | FileCheck %s

// PyPTO's expectations for its MemoryReuse pass (hw-native-sys/pypto,
// tests/ut/ir/transforms/test_memory_reuse.py: TestBasic and
// TestAllocCleanup), ported: the same programs (64x64 f32 vec tiles, one
// 16384-byte buffer each after tile-init-memref), and the same sharing
// after tile-memory-reuse: which tiles share a buffer, and how many
// buffers remain (one stated difference, @different_sizes). Both passes
// pack allocations largest first into buffers free over their lifetimes,
// and let an in-place-safe producer overwrite an operand that dies at it.


// test_simple: tile_a, tile_c, tile_d and tile_e share one buffer; tile_b
// has its own (2 buffers).
// CHECK-LABEL: func.func @simple
// CHECK-NEXT:    %[[M3:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NEXT:    %[[M4:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[A:.*]] = tile.load {{.*}} into(%[[M3]]
// CHECK-NEXT:    %[[B:.*]] = tile.load {{.*}} into(%[[M4]]
// CHECK-NEXT:    %[[C:.*]] = tile.add %[[A]], %[[B]] into(%[[M3]]
// CHECK-NEXT:    %[[D:.*]] = tile.mul %[[C]], %[[C]] into(%[[M3]]
// CHECK-NEXT:    tile.add %[[D]], %[[D]] into(%[[M3]]
func.func @simple(%in_a: !tile.tensor<64x64xf32>, %in_b: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %b = tile.load %in_b[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %c = tile.add %a, %b : !tile.tile<64x64xf32, vec>
  %d = tile.mul %c, %c : !tile.tile<64x64xf32, vec>
  %e = tile.add %d, %d : !tile.tile<64x64xf32, vec>
  %r = tile.store %e, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}

// -----

// test_sequential: the producer-consumer chain runs in one buffer.
// CHECK-LABEL: func.func @sequential
// CHECK-NEXT:    %[[M:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NOT:     tile.alloc
// CHECK-COUNT-5: into(%[[M]]
func.func @sequential(%in_a: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %a : !tile.tile<64x64xf32, vec>
  %c = tile.add %b, %b : !tile.tile<64x64xf32, vec>
  %d = tile.add %c, %c : !tile.tile<64x64xf32, vec>
  %e = tile.add %d, %d : !tile.tile<64x64xf32, vec>
  %r = tile.store %e, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}

// -----

// test_different_sizes, with a stated difference. PyPTO expects tile_a and
// tile_e in one 16384-byte buffer and tile_b and tile_f in a 4096-byte one
// ("different sizes never alias", an expectation from the time of its
// tile-type gate, removed in its #1788). Its MemoryReuse packs largest
// first since #1805, a smaller tile joining any larger buffer free over its
// lifetime; tilemem packs the same way, so tile_b, dead before tile_e is
// loaded, joins the 16384-byte buffer between tile_a and tile_e. Same bytes
// (16384 + 4096), two buffers.
// CHECK-LABEL: func.func @different_sizes
// CHECK-NEXT:    %[[M4:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NEXT:    %[[M5:.*]] = tile.alloc : !tile.buffer<vec, 4096>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.load {{.*}} into(%[[M4]] {{.*}} -> !tile.tile<64x64xf32, vec>
// CHECK:         tile.load {{.*}} into(%[[M4]] {{.*}} -> !tile.tile<32x32xf32, vec>
// CHECK:         tile.load {{.*}} into(%[[M4]] {{.*}} -> !tile.tile<64x64xf32, vec>
// CHECK:         tile.load {{.*}} into(%[[M5]] {{.*}} -> !tile.tile<32x32xf32, vec>
func.func @different_sizes(%in_a: !tile.tensor<64x64xf32>, %in_b: !tile.tensor<32x32xf32>, %out_a: !tile.tensor<64x64xf32>, %out_b: !tile.tensor<32x32xf32>) -> (!tile.tensor<64x64xf32>, !tile.tensor<32x32xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %ra = tile.store %a, %out_a[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  %b = tile.load %in_b[%c0, %c0] : !tile.tensor<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %rb = tile.store %b, %out_b[%c0, %c0] : !tile.tile<32x32xf32, vec>, !tile.tensor<32x32xf32>
  %e = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %f = tile.load %in_b[%c0, %c0] : !tile.tensor<32x32xf32> -> !tile.tile<32x32xf32, vec>
  %re = tile.store %e, %ra[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  %rf = tile.store %f, %rb[%c0, %c0] : !tile.tile<32x32xf32, vec>, !tile.tensor<32x32xf32>
  return %re, %rf : !tile.tensor<64x64xf32>, !tile.tensor<32x32xf32>
}

// -----

// test_transitive_conflict: tile_a, tile_b, tile_c and tile_e share one
// buffer; tile_d has its own, as tile_c is still read (by tile_e) when
// tile_d is written.
// CHECK-LABEL: func.func @transitive_conflict
// CHECK-NEXT:    %[[M2:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NEXT:    %[[M5:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[A:.*]] = tile.load {{.*}} into(%[[M2]]
// CHECK-NEXT:    %[[B:.*]] = tile.add %[[A]], %[[A]] into(%[[M2]]
// CHECK-NEXT:    %[[C:.*]] = tile.add %[[B]], %[[B]] into(%[[M2]]
// CHECK-NEXT:    %[[D:.*]] = tile.add %[[C]], %[[C]] into(%[[M5]]
// CHECK-NEXT:    tile.add %[[C]], %[[D]] into(%[[M2]]
func.func @transitive_conflict(%in_a: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %a : !tile.tile<64x64xf32, vec>
  %c = tile.add %b, %b : !tile.tile<64x64xf32, vec>
  %d = tile.add %c, %c : !tile.tile<64x64xf32, vec>
  %e = tile.add %c, %d : !tile.tile<64x64xf32, vec>
  %r = tile.store %e, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}

// -----

// test_partial_reuse_with_overlapping_lifetimes: tile_a and tile_b are
// both live at tile_c's definition; tile_c reuses tile_a (2 buffers).
// CHECK-LABEL: func.func @partial_reuse
// CHECK-NEXT:    %[[M2:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NEXT:    %[[M3:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[A:.*]] = tile.load {{.*}} into(%[[M2]]
// CHECK-NEXT:    %[[B:.*]] = tile.load {{.*}} into(%[[M3]]
// CHECK-NEXT:    tile.add %[[A]], %[[B]] into(%[[M2]]
func.func @partial_reuse(%in_a: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %b = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %c = tile.add %a, %b : !tile.tile<64x64xf32, vec>
  %r = tile.store %c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}

// -----

// test_unused_alloc_removed_after_reuse: three tiles, one buffer left.
// CHECK-LABEL: func.func @unused_alloc_removed
// CHECK-NEXT:    %[[M:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NOT:     tile.alloc
// CHECK-COUNT-3: into(%[[M]]
func.func @unused_alloc_removed(%in_a: !tile.tensor<64x64xf32>, %out: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %in_a[%c0, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %b = tile.add %a, %a : !tile.tile<64x64xf32, vec>
  %c = tile.add %b, %b : !tile.tile<64x64xf32, vec>
  %r = tile.store %c, %out[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %r : !tile.tensor<64x64xf32>
}
