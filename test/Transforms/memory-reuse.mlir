// RUN: tile-opt %s --tile-memory-reuse --tile-verify-storage --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-memory-reuse --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// tile-verify-storage after the pass: merging only makes the windows of
// values that are never live together equal, so the storage stays valid.

// STATS-DAG: (S) 16 merged-allocations
// STATS-DAG: (S) 9 in-place-merges
// STATS-DAG: (S) 5 merged-into-larger
// STATS-DAG: (S) 1 removed-allocations

// Tests that two allocations of one type used one after the other become
// one, and that all uses of the second now name the first.
// CHECK-LABEL: func.func @sequential
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant
// CHECK-NEXT:    %[[A:.*]] = tile.exp %arg0 into(%[[B]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:    tile.store %[[A]]
// CHECK-NEXT:    %[[C:.*]] = tile.exp %arg1 into(%[[B]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:    return %[[C]]
func.func @sequential(%x: !tile.tile<8x8xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s = tile.store %a, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %c = tile.exp %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %c : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a not-in-place-safe op (tile.transpose) never writes over the
// operand it reads for the last time (closed intervals meet at the op, and
// it makes no in-place pair), while the in-place-safe exp after it writes
// over the transpose's result, which dies there.
// CHECK-LABEL: func.func @operand_and_result
// CHECK-NEXT:    %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.exp %arg0 into(%[[B0]]
// CHECK-NEXT:    %[[T:.*]] = tile.transpose %[[A]] into(%[[B1]]
// CHECK-NEXT:    %[[E:.*]] = tile.exp %[[T]] into(%[[B1]]
// CHECK-NEXT:    return %[[E]]
func.func @operand_and_result(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %b2 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %t = tile.transpose %a into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %e = tile.exp %t into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an allocation joins a larger one of its space whose interval
// ended before it starts: the 256-byte tile is written into the dead
// 1024-byte allocation, which keeps its type.
// CHECK-LABEL: func.func @smaller_joins_larger
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %arg0 into(%[[B]] : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
// CHECK:         tile.exp %arg1 into(%[[B]] : !tile.buffer<vec, 1024>) : !tile.tile<8x8xf32, vec>
func.func @smaller_joins_larger(%x: !tile.tile<16x16xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<16x16xf32>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 1024>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %s = tile.store %a, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %c = tile.exp %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %c : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that the larger allocation is the kept one also when it starts
// later (largest first): the earlier 256-byte tile joins it, and the kept
// allocation moves before the first allocation of its group.
// CHECK-LABEL: func.func @larger_after_smaller
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %arg1 into(%[[B]] : !tile.buffer<vec, 1024>) : !tile.tile<8x8xf32, vec>
// CHECK:         tile.exp %arg0 into(%[[B]] : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
func.func @larger_after_smaller(%x: !tile.tile<16x16xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>) -> !tile.tile<16x16xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 1024>
  %c0 = arith.constant 0 : index
  %a = tile.exp %y into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s = tile.store %a, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %c = tile.exp %x into(%b1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  return %c : !tile.tile<16x16xf32, vec>
}

// -----

// Tests that a smaller allocation fills the gap between two members of a
// larger one: %b and %c (1024 bytes) share one allocation and the 256-byte
// tile live between them joins it too; the 256-byte tile live with %c
// keeps its own.
// CHECK-LABEL: func.func @fills_gap
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 1024>
// CHECK-NEXT:    %[[S:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %arg0 into(%[[B]]
// CHECK:         tile.exp %arg1 into(%[[B]]
// CHECK:         tile.exp %arg0 into(%[[B]]
// CHECK:         tile.exp %arg1 into(%[[S]]
func.func @fills_gap(%x: !tile.tile<16x16xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<16x16xf32>, %U: !tile.tensor<8x8xf32>) -> (!tile.tile<16x16xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %b0 = tile.alloc : !tile.buffer<vec, 1024>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %b2 = tile.alloc : !tile.buffer<vec, 1024>
  %b3 = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %s0 = tile.store %a, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %b = tile.exp %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s1 = tile.store %b, %U[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %c = tile.exp %x into(%b2 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %d = tile.exp %y into(%b3 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %c, %d : !tile.tile<16x16xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that another slot count, another space, or a buffer used other
// than as a destination (passed to a call: its type is part of the call)
// keeps its own allocation, whatever the sizes.
// CHECK-LABEL: func.func @classes_differ
// CHECK-NEXT:    tile.alloc : !tile.buffer<vec, 1024>
// CHECK-NEXT:    tile.alloc : !tile.buffer<vec, 256, slots = 2>
// CHECK-NEXT:    tile.alloc : !tile.buffer<mat, 256>
// CHECK-NEXT:    tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
func.func private @sink(!tile.buffer<vec, 256>)
func.func @classes_differ(%x: !tile.tile<16x16xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x8xf32>, %T: !tile.tensor<16x16xf32>) -> !tile.tile<8x8xf32, mat> {
  %b0 = tile.alloc : !tile.buffer<vec, 1024>
  %b1 = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %b2 = tile.alloc : !tile.buffer<mat, 256>
  %b3 = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %s = tile.store %a, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %c = tile.exp %y into(%b1 slot 1 : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  %s1 = tile.store %c, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %d = tile.exp %y into(%b3 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s2 = tile.store %d, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  func.call @sink(%b3) : (!tile.buffer<vec, 256>) -> ()
  %m = tile.load %B[%c0, %c0] into(%b2 : !tile.buffer<mat, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, mat>
  return %m : !tile.tile<8x8xf32, mat>
}

// -----

// Tests that an in-place pair joins across sizes: the exp reads the first
// four rows of %w (a 256-byte window at byte 0 of the 512-byte allocation,
// as wide as its own result) for the last time, so it writes its 256-byte
// result over them.
// CHECK-LABEL: func.func @in_place_smaller
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 512>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[W:.*]] = tile.exp %arg0 into(%[[B]]
// CHECK-NEXT:    %[[H:.*]] = tile.slice %[[W]]
// CHECK-NEXT:    tile.exp %[[H]] into(%[[B]] : !tile.buffer<vec, 512>) : !tile.tile<4x16xf32, vec>
func.func @in_place_smaller(%x: !tile.tile<8x16xf32, vec>) -> !tile.tile<4x16xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 512>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %w = tile.exp %x into(%b0 : !tile.buffer<vec, 512>) : !tile.tile<8x16xf32, vec>
  %h = tile.slice %w[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<4x16xf32, vec>
  %g = tile.exp %h into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<4x16xf32, vec>
  return %g : !tile.tile<4x16xf32, vec>
}

// -----

// Tests that an in-place pair joins from the other side too: the larger
// allocation, which the exp writes first (at byte 0, as wide as its
// operand), is placed first, and the dying operand's smaller allocation
// joins it right before it.
// CHECK-LABEL: func.func @in_place_into_larger
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[T:.*]] = tile.exp %arg0 into(%[[B]] : !tile.buffer<vec, 1024>) : !tile.tile<8x8xf32, vec>
// CHECK-NEXT:    tile.exp %[[T]] into(%[[B]][0, 256]
// CHECK:         tile.exp %arg1 into(%[[B]] : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
func.func @in_place_into_larger(%x: !tile.tile<8x8xf32, vec>, %y: !tile.tile<16x16xf32, vec>, %T: !tile.tensor<8x8xf32>) -> !tile.tile<16x16xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 1024>
  %c0 = arith.constant 0 : index
  %t = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %u = tile.exp %t into(%b1[0, 256] : !tile.buffer<vec, 1024>) : !tile.tile<8x8xf32, vec>
  %s = tile.store %u, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %v = tile.exp %y into(%b1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  return %v : !tile.tile<16x16xf32, vec>
}

// -----

// Tests that the pair above is not made when the larger tile is read again
// after the exp: %w stays live, so the exp's result keeps its own
// allocation.
// CHECK-LABEL: func.func @in_place_smaller_read_later
// CHECK-NEXT:    %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 512>
// CHECK-NEXT:    %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %{{.*}} into(%[[B1]] : !tile.buffer<vec, 256>) : !tile.tile<4x16xf32, vec>
func.func @in_place_smaller_read_later(%x: !tile.tile<8x16xf32, vec>, %T: !tile.tensor<8x16xf32>) -> (!tile.tile<4x16xf32, vec>, !tile.tensor<8x16xf32>) {
  %b0 = tile.alloc : !tile.buffer<vec, 512>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %w = tile.exp %x into(%b0 : !tile.buffer<vec, 512>) : !tile.tile<8x16xf32, vec>
  %h = tile.slice %w[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<4x16xf32, vec>
  %g = tile.exp %h into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<4x16xf32, vec>
  %s = tile.store %w, %T[%c0, %c0] : !tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>
  return %g, %s : !tile.tile<4x16xf32, vec>, !tile.tensor<8x16xf32>
}

// -----

// Tests that a loop-carried accumulator's allocation, live over the whole
// loop, takes no larger temporary of the loop body, and that the
// temporary's larger allocation does not take the accumulator either
// (the add reads a 16-column slice, not the accumulator's window, so it
// makes no in-place pair).
// CHECK-LABEL: func.func @loop_carry_across_sizes
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[BIG:.*]] = tile.alloc : !tile.buffer<vec, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      tile.exp %{{.*}} into(%[[BIG]]
// CHECK:           tile.add {{.*}} into(%[[ACC]]
func.func @loop_carry_across_sizes(%x: !tile.tile<16x16xf32, vec>, %z: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %acc = tile.alloc : !tile.buffer<vec, 256>
  %big = tile.alloc : !tile.buffer<vec, 1024>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z0 = tile.exp %z into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z0) -> (!tile.tile<8x8xf32, vec>) {
    %e = tile.exp %x into(%big : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    %q = tile.slice %e[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x8xf32, vec>
    %s = tile.add %a, %q into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that user storage takes no smaller planner allocation: the pinned
// 1024-byte buffer is dead when the 256-byte tile starts, yet each keeps
// its own.
// CHECK-LABEL: func.func @pinned_larger
// CHECK-NEXT:    tile.alloc pinned : !tile.buffer<vec, 1024>
// CHECK-NEXT:    tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
func.func @pinned_larger(%x: !tile.tile<16x16xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<16x16xf32>) -> !tile.tile<8x8xf32, vec> {
  %p = tile.alloc pinned : !tile.buffer<vec, 1024>
  %b = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %a = tile.exp %x into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %s = tile.store %a, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %c = tile.exp %y into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %c : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that pinned allocations and allocations with an address are never
// merged (neither kept nor absorbed), that an unused planner allocation is
// removed, and that an unused pinned one stays.
// CHECK-LABEL: func.func @pinned_and_placed
// CHECK-NEXT:    tile.alloc pinned : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc addr = 512 : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc addr = 0 pinned : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %{{.*}} into(%[[B]]
// CHECK:         return
func.func @pinned_and_placed(%x: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec> {
  %p = tile.alloc pinned : !tile.buffer<vec, 256>
  %q = tile.alloc addr = 512 : !tile.buffer<vec, 256>
  %b = tile.alloc : !tile.buffer<vec, 256>
  %unused = tile.alloc : !tile.buffer<vec, 256>
  %unused_pinned = tile.alloc addr = 0 pinned : !tile.buffer<acc, 1024>
  %c0 = arith.constant 0 : index
  %a = tile.exp %x into(%p : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s = tile.store %a, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %e = tile.exp %x into(%q : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s1 = tile.store %e, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %f = tile.exp %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %f : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that user storage never joins a planner allocation either: the
// pinned %p and the user-addressed %q start after %b has ended, so they
// would join it, but each keeps its own values; %c, a planner allocation
// starting after all of them, joins %b (not %p or %q).
// CHECK-LABEL: func.func @user_storage_joins_nothing
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[P:.*]] = tile.alloc pinned : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[Q:.*]] = tile.alloc addr = 512 : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %{{.*}} into(%[[B]]
// CHECK:         tile.exp %{{.*}} into(%[[P]]
// CHECK:         tile.exp %{{.*}} into(%[[Q]]
// CHECK:         tile.exp %{{.*}} into(%[[B]]
func.func @user_storage_joins_nothing(%x: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec> {
  %b = tile.alloc : !tile.buffer<vec, 256>
  %p = tile.alloc pinned : !tile.buffer<vec, 256>
  %q = tile.alloc addr = 512 : !tile.buffer<vec, 256>
  %c = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %e0 = tile.exp %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s0 = tile.store %e0, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %e1 = tile.exp %x into(%p : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s1 = tile.store %e1, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %e2 = tile.exp %x into(%q : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s2 = tile.store %e2, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  %e3 = tile.exp %x into(%c : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %e3 : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a loop-carried accumulator keeps its own allocation through the
// loop (its interval covers the loop) apart from the loop's temporary, and
// that the temporary it is computed from and the exp of the result after
// the loop, each in place over the value dying at its op, share it.
// CHECK-LABEL: func.func @loop
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[TMP:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[P:.*]] = tile.exp %arg0 into(%[[ACC]]
// CHECK:         tile.add %[[P]], %[[P]] into(%[[ACC]]
// CHECK:         scf.for
// CHECK:           tile.load {{.*}} into(%[[TMP]]
// CHECK:           tile.add {{.*}} into(%[[ACC]]
// CHECK:         tile.exp %{{.*}} into(%[[ACC]]
func.func @loop(%x: !tile.tile<8x8xf32, vec>, %A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %acc = tile.alloc : !tile.buffer<vec, 256>
  %pre = tile.alloc : !tile.buffer<vec, 256>
  %in = tile.alloc : !tile.buffer<vec, 256>
  %out = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = tile.exp %x into(%pre : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %z = tile.add %p, %p into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.load %A[%i, %c0] into(%in : !tile.buffer<vec, 256>) : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %s = tile.add %a, %t into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  %m = tile.exp %r into(%out : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %m : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an allocation made inside a branch that absorbs another one is
// hoisted to the entry block, so it dominates every use it takes over.
// CHECK-LABEL: func.func @hoist
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    arith.constant
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tile.exp %arg0 into(%[[B]]
// CHECK:         }
// CHECK-NEXT:    tile.exp %arg1 into(%[[B]]
// CHECK-NOT:     tile.alloc
func.func @hoist(%x: !tile.tile<8x8xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %c: i1, %T: !tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  scf.if %c {
    %b0 = tile.alloc : !tile.buffer<vec, 256>
    %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %s = tile.store %a, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  }
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %e = tile.exp %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that the result's buffer, live from both arms to its read, takes the
// then arm's temporary in place (it dies at the exp writing the result),
// and that the else arm's temporary, which the result's interval covers,
// keeps its own.
// CHECK-LABEL: func.func @arms
// CHECK-NEXT:    %[[R:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[E:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[T:.*]] = tile.exp %arg0 into(%[[R]]
// CHECK-NEXT:    tile.exp %[[T]] into(%[[R]]
// CHECK:         } else {
// CHECK-NEXT:      %[[T2:.*]] = tile.exp %arg0 into(%[[E]]
// CHECK-NEXT:      tile.exp %[[T2]] into(%[[R]]
func.func @arms(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %br = tile.alloc : !tile.buffer<vec, 256>
  %bt = tile.alloc : !tile.buffer<vec, 256>
  %be = tile.alloc : !tile.buffer<vec, 256>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.exp %x into(%bt : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %u = tile.exp %t into(%br : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %u : !tile.tile<8x8xf32, vec>
  } else {
    %t = tile.exp %x into(%be : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %u = tile.exp %t into(%br : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %u : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an in-place-safe op overwrites an operand that dies at it: a
// chain of them (t = exp x; u = t + y; v = exp u) runs in one buffer, as
// PyPTO's MemoryReuse places it.
// CHECK-LABEL: func.func @in_place_chain
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[T:.*]] = tile.exp %arg0 into(%[[B]]
// CHECK-NEXT:    %[[U:.*]] = tile.add %[[T]], %arg1 into(%[[B]]
// CHECK-NEXT:    tile.exp %[[U]] into(%[[B]]
func.func @in_place_chain(%x: !tile.tile<8x8xf32, vec>, %y: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %b2 = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %u = tile.add %t, %y into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %v = tile.exp %u into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %v : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an operand read again later is never overwritten: %t is read
// by the add after the exp that could have taken its buffer.
// CHECK-LABEL: func.func @read_later
// CHECK-NEXT:    %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[T:.*]] = tile.exp %arg0 into(%[[B0]]
// CHECK-NEXT:    %[[U:.*]] = tile.exp %[[T]] into(%[[B1]]
// CHECK-NEXT:    tile.add %[[U]], %[[T]] into(%[[B1]]
func.func @read_later(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %b2 = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %u = tile.exp %t into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %w = tile.add %u, %t into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %w : !tile.tile<8x8xf32, vec>
}

// -----

// Tests the loop case: %t, defined before the loop and read in every
// iteration by an in-place-safe exp, is never overwritten by it: its
// interval runs to the end of the loop, past the exp.
// CHECK-LABEL: func.func @loop_operand_not_reused
// CHECK-NEXT:    %[[BT:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[BU:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[T:.*]] = tile.exp %arg0 into(%[[BT]]
// CHECK:         scf.for
// CHECK-NEXT:      tile.exp %[[T]] into(%[[BU]]
func.func @loop_operand_not_reused(%x: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>, %n: index) -> !tile.tensor<8x8xf32> {
  %bt = tile.alloc : !tile.buffer<vec, 256>
  %bu = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = tile.exp %x into(%bt : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%o = %T) -> (!tile.tensor<8x8xf32>) {
    %u = tile.exp %t into(%bu : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %s = tile.store %u, %o[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
    scf.yield %s : !tile.tensor<8x8xf32>
  }
  return %r : !tile.tensor<8x8xf32>
}

// -----

// Tests that an in-place pair merges only when the result window is the
// operand's in the merged buffer: the exp of the slice at byte 128 of %w
// writes byte 0 of its buffer, so the two stay apart (the pair's shift is
// 128; dsa-rp may still place them 128 bytes apart).
// CHECK-LABEL: func.func @shifted_window
// CHECK-NEXT:    %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
func.func @shifted_window(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<4x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %w = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %h = tile.slice %w[4, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
  %g = tile.exp %h into(%b1[0, 128] : !tile.buffer<vec, 256>) : !tile.tile<4x8xf32, vec>
  return %g : !tile.tile<4x8xf32, vec>
}

// -----

// Tests that orchestration functions are left alone.
// CHECK-LABEL: func.func @orchestration
// CHECK-COUNT-2: tile.alloc
func.func @orchestration(%x: !tile.tile<8x8xf32, vec>) attributes {tile.orchestration} {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  return
}
