// RUN: tile-opt %s --tile-memory-reuse=in-place-only=true --tile-verify-storage --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-memory-reuse=in-place-only=true --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// tile-memory-reuse{in-place-only}, the ptoas planner's step: only an
// allocation first written by an op that reads another for the last time,
// and may write over it, joins it, and only when both have one buffer type
// (a level2 alloc_tile holds tiles of one type).

// STATS-DAG: (S) 2 merged-allocations
// STATS-DAG: (S) 2 in-place-merges

// Tests that a chain of in-place ops shares one allocation, and that an
// allocation whose lifetime is only disjoint from another's (the store of
// %a ends it before %c is loaded) does not join it.
// CHECK-LABEL: func.func @chain
// CHECK:       %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:       %[[C:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:   tile.alloc
// CHECK:       tile.load {{.*}} into(%[[A]]
// CHECK:       tile.exp {{.*}} into(%[[A]]
// CHECK:       tile.exp {{.*}} into(%[[A]]
// CHECK:       tile.load {{.*}} into(%[[C]]
func.func @chain(%T: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %b2 = tile.alloc : !tile.buffer<vec, 256>
  %b3 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.load %T[%c0, %c0] into(%b0 : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %e = tile.exp %a into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %f = tile.exp %e into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %T1 = tile.store %f, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %c = tile.load %T1[%c0, %c0] into(%b3 : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %T2 = tile.store %c, %T1[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %T2 : !tile.tensor<8x8xf32>
}

// -----

// Tests that an in-place pair of two buffer types stays apart: the exp may
// write over the load's window, but the load's buffer is larger.
// CHECK-LABEL: func.func @two_types
// CHECK:       tile.alloc : !tile.buffer<vec, 512>
// CHECK:       tile.alloc : !tile.buffer<vec, 256>
func.func @two_types(%T: !tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %b0 = tile.alloc : !tile.buffer<vec, 512>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.load %T[%c0, %c0] into(%b0 : !tile.buffer<vec, 512>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %e = tile.exp %a into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}
