// RUN: tile-opt %s --tile-init-memref=erase-dead-code=false --tile-materialize-semantic-aliases --tile-verify-storage --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-init-memref=erase-dead-code=false --tile-materialize-semantic-aliases --split-input-file | tile-opt --tile-materialize-semantic-aliases --tile-verify-storage --split-input-file | FileCheck %s --check-prefix=AGAIN
// RUN: tile-opt %s --tile-init-memref=erase-dead-code=false --tile-materialize-semantic-aliases="memory-planner=dsa-rp arch=a5" --tile-verify-storage --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-init-memref=erase-dead-code=false --tile-materialize-semantic-aliases=memory-planner=ptoas --tile-verify-storage --split-input-file | FileCheck %s
// (Dead code is kept: these cases test the pass's own handling of code that
// never runs; tile-init-memref erases it by default, see init-memref-dead-code.mlir.)

// Storage decisions of --tile-materialize-semantic-aliases on the output of
// --tile-init-memref: which window each producer writes (its into(...)
// clause), which tile.move ops are inserted and where, and which allocations
// remain. Every case was also run through the reference interpreter
// (value mode on the input vs storage mode on the output) for all small trip
// counts and both branch directions. The AGAIN run checks that the pass is
// idempotent (a second run finds nothing to do); the planner runs check that
// the Tile-path decisions do not depend on the memory planner. Rejections are
// in materialize-semantic-aliases-invalid.mlir, rollback on failure in
// materialize-semantic-aliases-rollback.mlir, and known bugs (failing until
// fixed) in materialize-semantic-aliases-bugs.mlir.

//===----------------------------------------------------------------------===//
// Loop accumulators updated in place
//===----------------------------------------------------------------------===//

// Tests that the seed's example, a loop accumulator acc = add(acc, x), is
// updated in place: the add is retargeted into the carry's allocation, the
// add's own allocation is removed, and no copy is inserted.
// CHECK-LABEL: func.func @accumulator_in_place
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[ZERO:.*]] = tile.full 0.000000e+00 into(%[[ACC]] : !tile.buffer<vec, 16384>)
// CHECK:         scf.for %{{.*}} iter_args(%[[CARRY:.*]] = %[[ZERO]])
// CHECK-NEXT:      %[[NEXT:.*]] = tile.add %[[CARRY]], %{{.*}} into(%[[ACC]] : !tile.buffer<vec, 16384>)
// CHECK-NEXT:      scf.yield %[[NEXT]]
// CHECK-NOT:     tile.move
// CHECK:         return
// AGAIN-LABEL: func.func @accumulator_in_place
// AGAIN-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 16384>
// AGAIN-NOT:     tile.alloc
// AGAIN:         tile.add %{{.*}}, %{{.*}} into(%[[ACC]] :
// AGAIN-NOT:     tile.move
// AGAIN:         return
func.func @accumulator_in_place(%x: !tile.tile<64x64xf32, vec>, %n: index) -> !tile.tile<64x64xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<64x64xf32, vec>
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  return %r : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that a tile.matmul_acc carried in acc needs nothing: the writeback
// updates the carry's window already. One acc allocation, no copy.
// CHECK-LABEL: func.func @matmul_acc_carry
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[INIT:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] : !tile.buffer<acc, 1024>)
// CHECK:         scf.for %{{.*}} iter_args(%[[CARRY:.*]] = %[[INIT]])
// CHECK-NEXT:      %[[NEXT:.*]] = tile.matmul_acc %[[CARRY]], %{{.*}}, %{{.*}} :
// CHECK-NEXT:      scf.yield %[[NEXT]]
// CHECK-NOT:     tile.move
// CHECK:         return
func.func @matmul_acc_carry(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %next = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %next : !tile.tile<16x16xf32, acc>
  }
  return %res : !tile.tile<16x16xf32, acc>
}

// -----

// Tests that the producer chain is followed through a matmul_acc writeback and
// two reshapes back to the tile.matmul that starts it: that matmul is
// retargeted into the acc carry (after the carry's last read, the store), so
// the acc loop needs no acc->acc copy and keeps a single acc allocation.
// CHECK-LABEL: func.func @chain_through_matmul_acc_and_reshape
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK:           tile.store
// CHECK-NEXT:      %[[P:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] : !tile.buffer<acc, 1024>)
// CHECK-NEXT:      %[[Q:.*]] = tile.matmul_acc %[[P]],
// CHECK-NEXT:      %[[V:.*]] = tile.reshape %[[Q]]
// CHECK-NEXT:      %[[W:.*]] = tile.reshape %[[V]]
// CHECK-NEXT:      scf.yield %[[W]], %{{.*}} :
// CHECK-NOT:     tile.move
// CHECK:         return
func.func @chain_through_matmul_acc_and_reshape(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %T: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init, %t = %T) -> (!tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>) {
    %t1 = tile.store %acc, %t[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
    %p = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    %q = tile.matmul_acc %p, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    %v = tile.reshape %q : !tile.tile<16x16xf32, acc> -> !tile.tile<8x32xf32, acc>
    %w = tile.reshape %v : !tile.tile<8x32xf32, acc> -> !tile.tile<16x16xf32, acc>
    scf.yield %w, %t1 : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
  }
  %T2 = tile.store %res#0, %res#1[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
  return %T2 : !tile.tensor<16x16xf32>
}

// -----

// Tests that the chain is followed through reshapes and a pair of
// transpose_views (which restores the row-major layout): the add writes the
// carry.
// CHECK-LABEL: func.func @chain_through_views
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[T:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[ACC]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      tile.reshape %[[T]]
// CHECK-NEXT:      tile.reshape
// CHECK-NEXT:      tile.transpose_view
// CHECK-NEXT:      %[[K:.*]] = tile.transpose_view
// CHECK-NEXT:      scf.yield %[[K]]
// CHECK-NOT:     tile.move
func.func @chain_through_views(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    %f = tile.reshape %t : !tile.tile<8x8xf32, vec> -> !tile.tile<4x16xf32, vec>
    %g = tile.reshape %f : !tile.tile<4x16xf32, vec> -> !tile.tile<8x8xf32, vec>
    %h = tile.transpose_view %g : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
    %k = tile.transpose_view %h : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
    scf.yield %k : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a slice is undone on the way back: the carry is the lower half
// (%big[256, 256]) of a 16x8 tile, the loop yields the lower half of a
// freshly assembled 16x8 tile, so the 16x8 producer is retargeted at the
// window 256 bytes earlier, i.e. the whole 512-byte allocation. Its own
// allocation disappears; the add keeps its own.
// CHECK-LABEL: func.func @chain_through_slice_and_assemble
// CHECK-NEXT:    %[[BIG:.*]] = tile.alloc : !tile.buffer<vec, 512>
// CHECK-NEXT:    %[[ADD:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.full 0.000000e+00 into(%[[BIG]] : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
// CHECK:         scf.for
// CHECK-NEXT:      %[[S:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[ADD]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      %[[W:.*]] = tile.full 1.000000e+00 into(%[[BIG]] : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
// CHECK-NEXT:      %[[A:.*]] = tile.assemble %[[W]], %[[S]][8, 0]
// CHECK-NEXT:      %[[V:.*]] = tile.slice %[[A]][8, 0]
// CHECK-NEXT:      scf.yield %[[V]]
// CHECK-NOT:     tile.move
func.func @chain_through_slice_and_assemble(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %big = tile.full 0.0 : !tile.tile<16x8xf32, vec>
  %init = tile.slice %big[8, 0] : !tile.tile<16x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<8x8xf32, vec>) {
    %s = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    %w = tile.full 1.0 : !tile.tile<16x8xf32, vec>
    %a = tile.assemble %w, %s[8, 0] : !tile.tile<16x8xf32, vec>, !tile.tile<8x8xf32, vec>
    %v = tile.slice %a[8, 0] : !tile.tile<16x8xf32, vec> -> !tile.tile<8x8xf32, vec>
    scf.yield %v : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that tile.assemble into the carry is followed to its target's
// producer (a first-input alias that writes data): the full is retargeted into
// the carry after the carry's last read (the slice feeding the add).
// CHECK-LABEL: func.func @assemble_into_carry
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[H:.*]] = tile.alloc : !tile.buffer<vec, 128>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      tile.slice
// CHECK-NEXT:      %[[ADD:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[H]] : !tile.buffer<vec, 128>)
// CHECK-NEXT:      %[[T:.*]] = tile.full 2.000000e+00 into(%[[ACC]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      %[[A:.*]] = tile.assemble %[[T]], %[[ADD]][4, 0]
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NOT:     tile.move
func.func @assemble_into_carry(%x: !tile.tile<4x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %top = tile.slice %acc[0, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
    %h = tile.add %top, %x : !tile.tile<4x8xf32, vec>
    %t = tile.full 2.0 : !tile.tile<8x8xf32, vec>
    %a = tile.assemble %t, %h[4, 0] : !tile.tile<8x8xf32, vec>, !tile.tile<4x8xf32, vec>
    scf.yield %a : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a carry whose producer writes into a slot of a double-buffered
// allocation takes the carry's window, and that a constant dynamic slot of the
// initializer becomes a static slot of the retargeted producer.
// CHECK-LABEL: func.func @carry_in_a_slot
// CHECK-NEXT:    %[[LOAD:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[POOL:.*]] = tile.alloc : !tile.buffer<vec, 256, slots = 2>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[T:.*]] = tile.load %{{.*}} into(%[[LOAD]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      %[[A:.*]] = tile.add %{{.*}}, %[[T]] into(%[[POOL]] slot 1 : !tile.buffer<vec, 256, slots = 2>)
// CHECK-NEXT:      scf.yield %[[A]]
// CHECK-NOT:     tile.move
func.func @carry_in_a_slot(%A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %z = tile.full 0.0 into(%buf slot %c1 : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.load %A[%i, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %a1 = tile.add %a, %t : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a double-buffered load with a dynamic slot keeps its storage
// while the accumulator it feeds is updated in place.
// CHECK-LABEL: func.func @double_buffered_input
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[IN:.*]] = tile.alloc : !tile.buffer<vec, 256, slots = 2>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK:           %[[T:.*]] = tile.load %{{.*}} into(%[[IN]] slot %{{.*}} : !tile.buffer<vec, 256, slots = 2>)
// CHECK-NEXT:      tile.maximum %{{.*}}, %[[T]] into(%[[ACC]] : !tile.buffer<vec, 256>)
// CHECK-NOT:     tile.move
func.func @double_buffered_input(%A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %in = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %s = arith.remui %i, %c2 : index
    %t = tile.load %A[%i, %c0] into(%in slot %s : !tile.buffer<vec, 256, slots = 2>) : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %a1 = tile.maximum %a, %t : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a producer writing a pinned (user-declared) allocation is never
// retargeted: its result is copied into the carry before the yield instead.
// CHECK-LABEL: func.func @pinned_producer_is_copied
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[PIN:.*]] = tile.alloc pinned : !tile.buffer<vec, 256>
// CHECK:         scf.for
// CHECK-NEXT:      %[[A:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[PIN]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      %[[M:.*]] = tile.move %[[A]] into(%[[ACC]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      scf.yield %[[M]]
func.func @pinned_producer_is_copied(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = tile.alloc pinned : !tile.buffer<vec, 256>
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %a1 = tile.add %a, %x into(%p : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that no producer is retargeted into a pinned allocation either: the
// carry lives in the user's pinned buffer, the loop's add keeps its own
// allocation and its result is copied into the carry before the yield (a
// pinned allocation keeps exactly the values the user put there).
// CHECK-LABEL: func.func @no_retarget_into_pinned
// CHECK-NEXT:    %[[OWN:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[PIN:.*]] = tile.alloc pinned : !tile.buffer<vec, 256>
// CHECK:         scf.for
// CHECK-NEXT:      %[[A:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[OWN]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      %[[M:.*]] = tile.move %[[A]] into(%[[PIN]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      scf.yield %[[M]]
func.func @no_retarget_into_pinned(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %p = tile.alloc pinned : !tile.buffer<vec, 256>
  %z = tile.full 0.0 into(%p : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %a1 = tile.add %a, %x : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a user-addressed allocation is user storage too: the branch
// result lives in it (the then-arm writes it), the else-arm's producer is
// not retargeted into it but copied, and the then-arm's producer is not
// moved out of it.
// CHECK-LABEL: func.func @no_retarget_into_user_address
// CHECK-NEXT:    %[[OWN:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[USER:.*]] = tile.alloc addr = 512 : !tile.buffer<vec, 256>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tile.exp %{{.*}} into(%[[USER]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[OWN]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      %[[M:.*]] = tile.move %[[E]] into(%[[USER]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:      scf.yield %[[M]]
func.func @no_retarget_into_user_address(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %q = tile.alloc addr = 512 : !tile.buffer<vec, 256>
  %r = scf.if %c -> !tile.tile<8x8xf32, vec> {
    %t = tile.exp %x into(%q : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    %e = tile.add %x, %x : !tile.tile<8x8xf32, vec>
    scf.yield %e : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Branches and nested loops inside loops
//===----------------------------------------------------------------------===//

// Tests that an if yielded by a loop has both arms retargeted into the carry:
// the then-arm producer by the loop (through the if result), the else-arm
// producer by the if. One allocation remains.
// CHECK-LABEL: func.func @if_in_loop
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[S:.*]] = scf.if
// CHECK-NEXT:        %[[A:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[ACC]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:        scf.yield %[[A]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[M:.*]] = tile.mul %{{.*}}, %{{.*}} into(%[[ACC]] : !tile.buffer<vec, 256>)
// CHECK-NEXT:        scf.yield %[[M]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[S]]
// CHECK-NOT:     tile.move
func.func @if_in_loop(%x: !tile.tile<8x8xf32, vec>, %c: i1, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %s = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
      %a = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
      scf.yield %a : !tile.tile<8x8xf32, vec>
    } else {
      %m = tile.mul %acc, %x : !tile.tile<8x8xf32, vec>
      scf.yield %m : !tile.tile<8x8xf32, vec>
    }
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that nested ifs are all aligned on the carry, and that an arm
// yielding an earlier result that already lives there needs nothing.
// CHECK-LABEL: func.func @nested_ifs_in_loop
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[CARRY:.*]] = %{{.*}})
// CHECK:           %[[S:.*]] = scf.if
// CHECK-NEXT:        scf.if
// CHECK-NEXT:          tile.add %[[CARRY]], %{{.*}} into(%[[ACC]] :
// CHECK:               tile.sub %[[CARRY]], %{{.*}} into(%[[ACC]] :
// CHECK:             tile.mul %[[CARRY]], %{{.*}} into(%[[ACC]] :
// CHECK:           scf.if
// CHECK-NEXT:        scf.yield %[[S]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        tile.exp %{{.*}} into(%[[ACC]] :
// CHECK-NOT:     tile.move
func.func @nested_ifs_in_loop(%x: !tile.tile<8x8xf32, vec>, %c: i1, %d: i1, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %s = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
      %t = scf.if %d -> (!tile.tile<8x8xf32, vec>) {
        %u = tile.add %a, %x : !tile.tile<8x8xf32, vec>
        scf.yield %u : !tile.tile<8x8xf32, vec>
      } else {
        %u = tile.sub %a, %x : !tile.tile<8x8xf32, vec>
        scf.yield %u : !tile.tile<8x8xf32, vec>
      }
      scf.yield %t : !tile.tile<8x8xf32, vec>
    } else {
      %u = tile.mul %a, %x : !tile.tile<8x8xf32, vec>
      scf.yield %u : !tile.tile<8x8xf32, vec>
    }
    %k = scf.if %d -> (!tile.tile<8x8xf32, vec>) {
      scf.yield %s : !tile.tile<8x8xf32, vec>
    } else {
      %e = tile.exp %s : !tile.tile<8x8xf32, vec>
      scf.yield %e : !tile.tile<8x8xf32, vec>
    }
    scf.yield %k : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an inner loop seeded by the outer carry accumulates in the outer
// carry's allocation, and the outer producer after it too.
// CHECK-LABEL: func.func @nested_loops
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[O:.*]] = %{{.*}})
// CHECK-NEXT:      %[[IN:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[O]])
// CHECK-NEXT:        %[[N:.*]] = tile.add %[[A]], %{{.*}} into(%[[ACC]] :
// CHECK-NEXT:        scf.yield %[[N]]
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[S:.*]] = tile.mul %[[IN]], %{{.*}} into(%[[ACC]] :
// CHECK-NEXT:      scf.yield %[[S]]
// CHECK-NOT:     tile.move
func.func @nested_loops(%x: !tile.tile<8x8xf32, vec>, %n: index, %m: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc) -> (!tile.tile<8x8xf32, vec>) {
      %next = tile.add %a, %x : !tile.tile<8x8xf32, vec>
      scf.yield %next : !tile.tile<8x8xf32, vec>
    }
    %scaled = tile.mul %inner, %x : !tile.tile<8x8xf32, vec>
    scf.yield %scaled : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an outer loop yielding the inner loop's result directly needs
// nothing beyond the inner retarget.
// CHECK-LABEL: func.func @outer_yields_inner_result
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[IN:.*]] = scf.for
// CHECK-NEXT:        tile.add %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK:           scf.yield %[[IN]]
// CHECK-NOT:     tile.move
func.func @outer_yields_inner_result(%x: !tile.tile<8x8xf32, vec>, %n: index, %m: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc) -> (!tile.tile<8x8xf32, vec>) {
      %next = tile.add %a, %x : !tile.tile<8x8xf32, vec>
      scf.yield %next : !tile.tile<8x8xf32, vec>
    }
    scf.yield %inner : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an inner loop body reading the outer carry (its own
// initializer) gets an entry copy inside the outer body, so the inner carry
// advances in private storage; the outer yield then copies the inner result
// back into the outer carry.
// CHECK-LABEL: func.func @inner_body_reads_outer_carry
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.exp %{{.*}} into(%[[ACC]] :
// CHECK:         scf.for %{{.*}} iter_args(%[[O:.*]] = %{{.*}})
// CHECK-NEXT:      %[[COPY:.*]] = tile.move %[[O]] into(%[[PRIV]] :
// CHECK-NEXT:      %[[IN:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[COPY]])
// CHECK-NEXT:        tile.add %[[A]], %[[O]] into(%[[PRIV]] :
// CHECK:           %[[BACK:.*]] = tile.move %[[IN]] into(%[[ACC]] :
// CHECK-NEXT:      scf.yield %[[BACK]]
func.func @inner_body_reads_outer_carry(%x: !tile.tile<8x8xf32, vec>, %n: index, %m: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%o = %z) -> (!tile.tile<8x8xf32, vec>) {
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a = %o) -> (!tile.tile<8x8xf32, vec>) {
      %next = tile.add %a, %o : !tile.tile<8x8xf32, vec>
      scf.yield %next : !tile.tile<8x8xf32, vec>
    }
    scf.yield %inner : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a while carry is aligned through scf.condition (the
// before-region producer writes the carry) and through the after-region
// yield (the body's producer writes it too).
// CHECK-LABEL: func.func @while_carry
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.while
// CHECK:           %[[E:.*]] = tile.exp %{{.*}} into(%[[ACC]] :
// CHECK-NEXT:      scf.condition(%{{.*}}) %{{.*}}, %[[E]]
// CHECK:         } do {
// CHECK:           %[[V:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK:           scf.yield %{{.*}}, %[[V]]
// CHECK-NOT:     tile.move
func.func @while_carry(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r:2 = scf.while (%i = %c0, %t = %zero) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
    %go = arith.cmpi slt, %i, %n : index
    %e = tile.exp %t : !tile.tile<8x8xf32, vec>
    scf.condition(%go) %i, %e : index, !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%i2: index, %u: !tile.tile<8x8xf32, vec>):
    %v = tile.add %u, %x : !tile.tile<8x8xf32, vec>
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %v : index, !tile.tile<8x8xf32, vec>
  }
  return %r#1 : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a while whose before-region reads the pre-loop initializer gets
// an entry copy (the carry then advances in the copy) and the producer in the
// before-region writes the copy.
// CHECK-LABEL: func.func @while_reads_initializer
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[Z:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[INIT:.*]] = tile.exp %{{.*}} into(%[[Z]] :
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %[[INIT]] into(%[[PRIV]] :
// CHECK-NEXT:    scf.while (%{{.*}} = %{{.*}}, %[[T:.*]] = %[[COPY]])
// CHECK:           tile.add %[[T]], %[[INIT]] into(%[[PRIV]] :
// CHECK:         } do {
// CHECK-NOT:       tile.move
// CHECK:           scf.yield
func.func @while_reads_initializer(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.exp %x : !tile.tile<8x8xf32, vec>
  %w:2 = scf.while (%i = %c0, %p = %z) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
    %go = arith.cmpi slt, %i, %n : index
    %e = tile.add %p, %z : !tile.tile<8x8xf32, vec>
    scf.condition(%go) %i, %e : index, !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%j: index, %s: !tile.tile<8x8xf32, vec>):
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %s : index, !tile.tile<8x8xf32, vec>
  }
  return %w#1 : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a for loop nested in a while body is seeded by the while's
// after-region argument and accumulates in the while carry's allocation.
// CHECK-LABEL: func.func @loop_in_while
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.while
// CHECK:         } do {
// CHECK-NEXT:    ^bb0(%{{.*}}: index, %[[U:.*]]: !tile.tile<8x8xf32, vec>):
// CHECK-NEXT:      %[[IN:.*]] = scf.for %{{.*}} iter_args(%[[A:.*]] = %[[U]])
// CHECK-NEXT:        tile.add %[[A]], %{{.*}} into(%[[ACC]] :
// CHECK:           scf.yield %{{.*}}, %[[IN]]
// CHECK-NOT:     tile.move
func.func @loop_in_while(%x: !tile.tile<8x8xf32, vec>, %n: index, %m: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r:2 = scf.while (%i = %c0, %t = %zero) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t : index, !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%i2: index, %u: !tile.tile<8x8xf32, vec>):
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a = %u) -> (!tile.tile<8x8xf32, vec>) {
      %next = tile.add %a, %x : !tile.tile<8x8xf32, vec>
      scf.yield %next : !tile.tile<8x8xf32, vec>
    }
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %inner : index, !tile.tile<8x8xf32, vec>
  }
  return %r#1 : !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Retargets refused: fix-up copies
//===----------------------------------------------------------------------===//

// Tests that a retarget is refused when the carry's window is still read
// later in the body (%acc by the mul after the add): the add keeps its own
// allocation and a tile.move right before the yield copies it into the carry.
// The other carry is updated in place.
// CHECK-LABEL: func.func @refused_read_later_in_body
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[S:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[NEXT:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[SC:.*]] = %{{.*}})
// CHECK-NEXT:      %[[N:.*]] = tile.add %[[ACC]], %{{.*}} into(%[[NEXT]] :
// CHECK-NEXT:      %[[S2:.*]] = tile.mul %[[SC]], %[[ACC]] into(%[[S]] :
// CHECK-NEXT:      %[[M:.*]] = tile.move %[[N]] into(%[[A]] :
// CHECK-NEXT:      scf.yield %[[M]], %[[S2]]
// AGAIN-LABEL: func.func @refused_read_later_in_body
// AGAIN-COUNT-1: tile.move
// AGAIN-NOT:     tile.move
// AGAIN:         return
func.func @refused_read_later_in_body(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %one = tile.full 1.0 : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %s = %one) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    %s2 = tile.mul %s, %acc : !tile.tile<8x8xf32, vec>
    scf.yield %next, %s2 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a retarget is refused when a read of the target window recurs
// through an enclosing loop, here from the sibling arm: the else arm reads %k
// (defined before the loop), so neither may the mul write %k's window nor may
// %k's producer write the mul's (the mul would clobber %k for a later
// iteration's else arm). Both are compiler-owned, so they become the two
// slots of one pool and the if selects a slot (no copy).
// CHECK-LABEL: func.func @refused_sibling_read_reaches_write
// CHECK-NEXT:    %[[POOL:.*]] = tile.alloc : !tile.buffer<vec, 256, slots = 2>
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[KV:.*]] = tile.exp %{{.*}} into(%[[POOL]] slot 1 :
// CHECK:         scf.for
// CHECK:           %[[SLOT:.*]] = arith.select
// CHECK-NEXT:      %[[R:.*]] = scf.if
// CHECK-NEXT:        %[[MUL:.*]] = tile.mul %{{.*}}, %{{.*}} into(%[[POOL]] :
// CHECK-NEXT:        %[[T:.*]] = tile.create into(%[[POOL]] slot %[[SLOT]] :
// CHECK-NEXT:        scf.yield %[[T]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[E:.*]] = tile.create into(%[[POOL]] slot %[[SLOT]] :
// CHECK-NEXT:        scf.yield %[[E]]
// CHECK-NEXT:      }
// CHECK-NEXT:      tile.if_exit_barrier %[[R]]
// CHECK-NEXT:      tile.add %{{.*}}, %[[R]] into(%[[ACC]] :
// CHECK-NOT:     tile.move
func.func @refused_sibling_read_reaches_write(%x: !tile.tile<8x8xf32, vec>, %c: i1, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = tile.exp %x : !tile.tile<8x8xf32, vec>
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
      %t = tile.mul %acc, %x : !tile.tile<8x8xf32, vec>
      scf.yield %t : !tile.tile<8x8xf32, vec>
    } else {
      scf.yield %k : !tile.tile<8x8xf32, vec>
    }
    %s = tile.add %acc, %r : !tile.tile<8x8xf32, vec>
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %res : !tile.tile<8x8xf32, vec>
}

// -----

// Tests the same branch without the enclosing loop: the sibling arm's read of
// %k cannot reach the then-arm's write (the arms are exclusive and %k is dead
// after the if), so the retarget is allowed and both share one allocation
// without a copy.
// CHECK-LABEL: func.func @sibling_read_exclusive
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK-NEXT:    %[[KV:.*]] = tile.exp %{{.*}} into(%[[B]] :
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %[[MUL:.*]] = tile.mul %{{.*}}, %{{.*}} into(%[[B]] :
// CHECK-NEXT:      scf.yield %[[MUL]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %[[KV]]
// CHECK-NOT:     tile.move
func.func @sibling_read_exclusive(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %k = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %k : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a then-arm read of a value defined before the if does not block
// retargeting the else-arm producer into the then-arm's result window.
// CHECK-LABEL: func.func @else_arm_retargeted
// CHECK-NEXT:    %[[K:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[R:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.if
// CHECK-NEXT:      tile.add %{{.*}}, %{{.*}} into(%[[R]] :
// CHECK:         } else {
// CHECK-NEXT:      tile.mul %{{.*}}, %{{.*}} into(%[[R]] :
// CHECK-NOT:     tile.move
func.func @else_arm_retargeted(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %k = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %u = tile.add %k, %x : !tile.tile<8x8xf32, vec>
    scf.yield %u : !tile.tile<8x8xf32, vec>
  } else {
    %t = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that when the else arm yields a value still read after the if (here
// the caller's, so no slot selection), the retarget is refused and the else
// arm copies it into the then-arm's window instead.
// CHECK-LABEL: func.func @else_value_read_after_if
// CHECK-NEXT:    %[[T:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tile.mul %{{.*}}, %{{.*}} into(%[[T]] :
// CHECK:         } else {
// CHECK-NEXT:      %[[M:.*]] = tile.move %arg1 into(%[[T]] :
// CHECK-NEXT:      scf.yield %[[M]]
func.func @else_value_read_after_if(%x: !tile.tile<8x8xf32, vec>, %k: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %k : !tile.tile<8x8xf32, vec>
  }
  return %r, %k : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that when both arms yield values still read after the if that cannot
// share a pool (the caller's), the result gets a fresh allocation (created at
// the entry) and each arm moves its value into it.
// CHECK-LABEL: func.func @both_arm_values_live
// CHECK-NEXT:    %[[RES:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %[[M1:.*]] = tile.move %arg0 into(%[[RES]] :
// CHECK-NEXT:      scf.yield %[[M1]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[M2:.*]] = tile.move %arg1 into(%[[RES]] :
// CHECK-NEXT:      scf.yield %[[M2]]
func.func @both_arm_values_live(%a: !tile.tile<8x8xf32, vec>, %b: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r, %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a logical tile selection: two compiler-owned tiles still read after
// the if become the two slots of one pool; both arms yield the pool's tile at
// the slot the condition selects (tile.create, no copy) and an exit barrier
// follows the if, reading the selected tiles so that their slots stay live
// until the selection completes.
// CHECK-LABEL: func.func @selected_in_slots
// CHECK-NEXT:    %[[POOL:.*]] = tile.alloc : !tile.buffer<vec, 256, slots = 2>
// CHECK-NOT:     tile.alloc
// CHECK-NEXT:    %[[AV:.*]] = tile.exp %{{.*}} into(%[[POOL]] :
// CHECK-NEXT:    %[[BV:.*]] = tile.mul %{{.*}}, %{{.*}} into(%[[POOL]] slot 1 :
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[SLOT:.*]] = arith.select %arg1, %[[C0]], %[[C1]] : index
// CHECK-NEXT:    %[[R:.*]] = scf.if %arg1
// CHECK-NEXT:      %[[T:.*]] = tile.create into(%[[POOL]] slot %[[SLOT]] :
// CHECK-NEXT:      scf.yield %[[T]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E:.*]] = tile.create into(%[[POOL]] slot %[[SLOT]] :
// CHECK-NEXT:      scf.yield %[[E]]
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.if_exit_barrier %[[R]], %[[AV]], %[[BV]] : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
// CHECK-NEXT:    return %[[R]], %[[AV]], %[[BV]]
func.func @selected_in_slots(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r, %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an accumulator phi of two live matmul results, which has no
// acc->acc copy, is selected from two slots instead of being rejected.
// CHECK-LABEL: func.func @acc_selected_in_slots
// CHECK-NEXT:    %[[POOL:.*]] = tile.alloc : !tile.buffer<acc, 256, slots = 2>
// CHECK:         tile.matmul %{{.*}}, %{{.*}} into(%[[POOL]] :
// CHECK:         tile.matmul %{{.*}}, %{{.*}} into(%[[POOL]] slot 1 :
// CHECK:         scf.if
// CHECK-NEXT:      tile.create into(%[[POOL]] slot
// CHECK:         tile.if_exit_barrier
func.func @acc_selected_in_slots(%l: !tile.tile<8x8xf32, left>, %r: !tile.tile<8x8xf32, right>, %c: i1) -> (!tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, acc>) {
  %a = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
  %b = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
  %s = scf.if %c -> (!tile.tile<8x8xf32, acc>) {
    scf.yield %a : !tile.tile<8x8xf32, acc>
  } else {
    scf.yield %b : !tile.tile<8x8xf32, acc>
  }
  return %s, %a, %b : !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, acc>
}

// -----

// Tests that two acc results swapped between the arms are two selections of
// one pool, at opposite slots (the else arm yields the then arm's results in
// the other order), instead of a divergent phi: an acc->acc copy does not
// exist, and the swap needs no copy.
// CHECK-LABEL: func.func @acc_swap_selected_in_slots
// CHECK-NEXT:    %[[POOL:.*]] = tile.alloc : !tile.buffer<acc, 1024, slots = 2>
// CHECK:         %[[A:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[POOL]] :
// CHECK:         %[[B:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[POOL]] slot 1 :
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[S0:.*]] = arith.select %arg4, %[[C0]], %[[C1]] : index
// CHECK-NEXT:    %[[S1:.*]] = arith.select %arg4, %[[C1]], %[[C0]] : index
// CHECK-NEXT:    %[[R:.*]]:2 = scf.if %arg4
// CHECK-NEXT:      %[[T0:.*]] = tile.create into(%[[POOL]] slot %[[S0]] :
// CHECK-NEXT:      %[[T1:.*]] = tile.create into(%[[POOL]] slot %[[S1]] :
// CHECK-NEXT:      scf.yield %[[T0]], %[[T1]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E0:.*]] = tile.create into(%[[POOL]] slot %[[S0]] :
// CHECK-NEXT:      %[[E1:.*]] = tile.create into(%[[POOL]] slot %[[S1]] :
// CHECK-NEXT:      scf.yield %[[E0]], %[[E1]]
// CHECK-NEXT:    }
// CHECK-NEXT:    tile.if_exit_barrier %[[R]]#0, %[[A]], %[[B]], %[[R]]#1 :
// CHECK-NOT:     tile.move
func.func @acc_swap_selected_in_slots(%l: !tile.tile<16x16xf32, left>, %r: !tile.tile<16x16xf32, right>, %l2: !tile.tile<16x16xf32, left>, %r2: !tile.tile<16x16xf32, right>, %c: i1) -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
  %a = tile.matmul %l, %r : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
  %b = tile.matmul %l2, %r2 : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
  %s:2 = scf.if %c -> (!tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>) {
    scf.yield %a, %b : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
  } else {
    scf.yield %b, %a : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
  }
  return %s#0, %s#1 : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf32, acc>
}

// -----

// Tests that a loop-touched allocation is not selected: %a is a loop carry,
// so the result gets a fresh allocation with a copy in each arm.
// CHECK-LABEL: func.func @loop_touched_not_selected
// CHECK-NOT:     slots = 2
// CHECK:         scf.if
// CHECK-NEXT:      tile.move
// CHECK:         } else {
// CHECK-NEXT:      tile.move
func.func @loop_touched_not_selected(%x: !tile.tile<8x8xf32, vec>, %c: i1, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %a = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a0) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  %b = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r, %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests an if whose arms swap two values that stay live: both results are
// selected from one pool holding %a in slot 0 and %b in slot 1, at opposite
// slots, with no copy. (It used to take a fresh allocation and a move in
// each arm for result #0.)
// CHECK-LABEL: func.func @if_swaps_live_values
// CHECK-NEXT:    %[[POOL:.*]] = tile.alloc : !tile.buffer<vec, 256, slots = 2>
// CHECK-NEXT:    %[[AV:.*]] = tile.exp %{{.*}} into(%[[POOL]] :
// CHECK-NEXT:    %[[BV:.*]] = tile.mul %{{.*}}, %{{.*}} into(%[[POOL]] slot 1 :
// CHECK:         %[[S0:.*]] = arith.select
// CHECK-NEXT:    %[[S1:.*]] = arith.select
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %[[T0:.*]] = tile.create into(%[[POOL]] slot %[[S0]] :
// CHECK-NEXT:      %[[T1:.*]] = tile.create into(%[[POOL]] slot %[[S1]] :
// CHECK-NEXT:      scf.yield %[[T0]], %[[T1]]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[E0:.*]] = tile.create into(%[[POOL]] slot %[[S0]] :
// CHECK-NEXT:      %[[E1:.*]] = tile.create into(%[[POOL]] slot %[[S1]] :
// CHECK-NEXT:      scf.yield %[[E0]], %[[E1]]
// CHECK-NOT:     tile.move
func.func @if_swaps_live_values(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r:2 = scf.if %c -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %b, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1, %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a loop yielding a value defined before it (and read after it)
// copies that value into the carry on every iteration.
// CHECK-LABEL: func.func @yield_of_outer_value
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[K:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc
// CHECK-NOT:     tile.alloc
// CHECK:         %[[KV:.*]] = tile.exp %{{.*}} into(%[[K]] :
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      %[[M:.*]] = tile.move %[[KV]] into(%[[ACC]] :
// CHECK-NEXT:      scf.yield %[[M]]
func.func @yield_of_outer_value(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %k = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %k : !tile.tile<8x8xf32, vec>
  }
  %s = tile.add %r, %k : !tile.tile<8x8xf32, vec>
  return %s : !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Loop inputs that stay observable: entry copies
//===----------------------------------------------------------------------===//

// Tests PyPTO bug H1: the body reads the pre-loop initializer %a, which the
// next iteration still needs. The carry gets an entry copy before the loop and
// advances in the copy's allocation; %a keeps its own.
// CHECK-LABEL: func.func @body_reads_initializer
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %[[AV]] into(%[[PRIV]] :
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[COPY]])
// CHECK-NEXT:      %[[N:.*]] = tile.add %[[ACC]], %[[AV]] into(%[[PRIV]] :
// CHECK-NEXT:      scf.yield %[[N]]
// AGAIN-LABEL: func.func @body_reads_initializer
// AGAIN-COUNT-2: tile.alloc
// AGAIN-NOT:     tile.alloc
// AGAIN:         tile.move
// AGAIN-NEXT:    scf.for
// AGAIN-NOT:     tile.move
// AGAIN:         return
func.func @body_reads_initializer(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %a : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an initializer read after the loop gets an entry copy too.
// CHECK-LABEL: func.func @initializer_read_after_loop
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %[[AV]] into(%[[PRIV]] :
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[COPY]])
// CHECK-NEXT:      tile.add %[[ACC]], %{{.*}} into(%[[PRIV]] :
// CHECK:         return %[[R]], %[[AV]]
func.func @initializer_read_after_loop(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that two loops seeded by the same tile isolate the first one (the
// second still reads the seed); the second updates the seed in place.
// CHECK-LABEL: func.func @two_loops_one_seed
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[Z:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[ZV:.*]] = tile.full 0.000000e+00 into(%[[Z]] :
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %[[ZV]] into(%[[PRIV]] :
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%{{.*}} = %[[COPY]])
// CHECK-NEXT:      tile.add %{{.*}}, %{{.*}} into(%[[PRIV]] :
// CHECK:         scf.for %{{.*}} iter_args(%{{.*}} = %[[ZV]])
// CHECK-NEXT:      tile.mul %{{.*}}, %{{.*}} into(%[[Z]] :
func.func @two_loops_one_seed(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %a1 = tile.add %a, %x : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%b = %z) -> (!tile.tile<8x8xf32, vec>) {
    %b1 = tile.mul %b, %x : !tile.tile<8x8xf32, vec>
    scf.yield %b1 : !tile.tile<8x8xf32, vec>
  }
  return %r1, %r2 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a carry seeded by a function argument (the caller's storage) is
// copied into a private allocation before the loop (the pass's policy for
// vec; the same rule rejects acc arguments, see
// materialize-semantic-aliases-bugs.mlir).
// CHECK-LABEL: func.func @argument_initializer
// CHECK-SAME:    (%[[X:[^:]*]]: !tile.tile<8x8xf32, vec>
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[COPY:.*]] = tile.move %[[X]] into(%[[PRIV]] :
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%[[A:.*]] = %[[COPY]])
// CHECK-NEXT:      tile.exp %[[A]] into(%[[PRIV]] :
func.func @argument_initializer(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (!tile.tile<8x8xf32, vec>) {
    %a1 = tile.exp %a : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a carry seeded by a transposed view (a producer cannot write it
// row-major) and one seeded by a column slice (strided) get entry copies, while
// a row slice of a tile that is still read after the loop gets one because the
// tile is observed.
// CHECK-LABEL: func.func @view_initializers
// CHECK-COUNT-3: tile.move
// CHECK-NOT:     tile.move
// CHECK:         return
func.func @view_initializers(%x: !tile.tile<8x8xf32, vec>, %y: !tile.tile<8x4xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x4xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<16x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tile.exp %x : !tile.tile<8x8xf32, vec>
  %t = tile.transpose_view %e : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> (!tile.tile<8x8xf32, vec>) {
    %a1 = tile.add %a, %x : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  %f = tile.full 3.0 : !tile.tile<8x8xf32, vec>
  %cols = tile.slice %f[0, 4] : !tile.tile<8x8xf32, vec> -> !tile.tile<8x4xf32, vec>
  %r2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cols) -> (!tile.tile<8x4xf32, vec>) {
    %a1 = tile.add %a, %y : !tile.tile<8x4xf32, vec>
    scf.yield %a1 : !tile.tile<8x4xf32, vec>
  }
  %big = tile.full 2.0 : !tile.tile<16x8xf32, vec>
  %rows = tile.slice %big[8, 0] : !tile.tile<16x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %r3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %rows) -> (!tile.tile<8x8xf32, vec>) {
    %a1 = tile.add %a, %x : !tile.tile<8x8xf32, vec>
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  return %r1, %r2, %r3, %big : !tile.tile<8x8xf32, vec>, !tile.tile<8x4xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<16x8xf32, vec>
}

// -----

// Tests that the same tile passed as two initializers gets exactly one entry
// copy (for the second carry); each carry is then updated in place.
// CHECK-LABEL: func.func @same_tile_two_initializers
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[Z:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[ZV:.*]] = tile.full 0.000000e+00 into(%[[Z]] :
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %[[ZV]] into(%[[PRIV]] :
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%{{.*}} = %[[ZV]], %{{.*}} = %[[COPY]])
// CHECK-NEXT:      tile.add %{{.*}}, %{{.*}} into(%[[Z]] :
// CHECK-NEXT:      tile.mul %{{.*}}, %{{.*}} into(%[[PRIV]] :
// CHECK-NOT:     tile.move
func.func @same_tile_two_initializers(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %a1 = tile.add %a, %x : !tile.tile<8x8xf32, vec>
    %b1 = tile.mul %b, %x : !tile.tile<8x8xf32, vec>
    scf.yield %a1, %b1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Trip counts
//===----------------------------------------------------------------------===//

// Tests a zero-trip loop (%c0 to %c0) whose initializer is read after it: the
// body never runs, so the carry needs no private copy, and the (dead) body
// producer is retargeted into the initializer's window.
// CHECK-LABEL: func.func @zero_trip_initializer_read_after
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} = %[[C0:[a-z0-9_]+]] to %[[C0]] step %{{.*}} iter_args(%{{.*}} = %[[AV]])
// CHECK-NEXT:      tile.add %{{.*}}, %{{.*}} into(%[[A]] :
// CHECK:         return %[[R]], %[[AV]]
// CHECK-NOT:     tile.move
func.func @zero_trip_initializer_read_after(%x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a zero-trip loop whose (dead) body reads the initializer: no copy.
// CHECK-LABEL: func.func @zero_trip_body_reads_initializer
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK-NOT:     tile.move
// CHECK:         return
func.func @zero_trip_body_reads_initializer(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %a : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests a one-trip loop (%c0 to %c1) whose body reads the initializer: the
// read cannot recur (there is no second iteration) and happens before the
// write, so the carry is updated in place without an entry copy.
// CHECK-LABEL: func.func @one_trip_body_reads_initializer
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[AV]])
// CHECK-NEXT:      tile.add %[[ACC]], %[[AV]] into(%[[A]] :
// CHECK-NOT:     tile.move
func.func @one_trip_body_reads_initializer(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %a : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests the same body with two trips: the second iteration reads the
// initializer again, so the entry copy is back.
// CHECK-LABEL: func.func @two_trips_body_reads_initializer
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %[[AV]] into(%[[PRIV]] :
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%[[ACC:.*]] = %[[COPY]])
// CHECK-NEXT:      tile.add %[[ACC]], %[[AV]] into(%[[PRIV]] :
func.func @two_trips_body_reads_initializer(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %a : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests a one-trip loop inside a loop with an unknown trip count: the
// enclosing loop repeats the read of the initializer, so the one-trip loop
// still gets an entry copy (inside the outer body).
// CHECK-LABEL: func.func @one_trip_in_repeating_loop
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK:         scf.for
// CHECK-NEXT:      %[[COPY:.*]] = tile.move %[[AV]] into(%[[PRIV]] :
// CHECK-NEXT:      scf.for %{{.*}} iter_args(%{{.*}} = %[[COPY]])
// CHECK-NEXT:        tile.add %{{.*}}, %[[AV]] into(%[[PRIV]] :
func.func @one_trip_in_repeating_loop(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%o = %z) -> (!tile.tile<8x8xf32, vec>) {
    %in = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
      %next = tile.add %acc, %a : !tile.tile<8x8xf32, vec>
      scf.yield %next : !tile.tile<8x8xf32, vec>
    }
    %s = tile.add %o, %in : !tile.tile<8x8xf32, vec>
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests a one-trip loop whose initializer is read after it: the single
// iteration does update the carry, so the entry copy is needed.
// CHECK-LABEL: func.func @one_trip_initializer_read_after
// CHECK:         tile.move
// CHECK-NEXT:    scf.for
// CHECK-NOT:     tile.move
// CHECK:         return
func.func @one_trip_initializer_read_after(%x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a while loop whose condition is false on entry (%i starts at 0 and
// the condition is %i < 0): the after-region never runs, so the initializer
// read after the loop needs no copy.
// CHECK-LABEL: func.func @while_false_on_entry
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK-NOT:     tile.move
// CHECK:         return
func.func @while_false_on_entry(%x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r:2 = scf.while (%i = %c0, %t = %a) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
    %go = arith.cmpi slt, %i, %c0 : index
    scf.condition(%go) %i, %t : index, !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%i2: index, %u: !tile.tile<8x8xf32, vec>):
    %v = tile.add %u, %x : !tile.tile<8x8xf32, vec>
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %v : index, !tile.tile<8x8xf32, vec>
  }
  return %r#1, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests the same while with an unknown bound: the after-region may run, so the
// initializer read after the loop is isolated by an entry copy.
// CHECK-LABEL: func.func @while_unknown_trip_count
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[COPY:.*]] = tile.move %{{.*}} into(%[[PRIV]] :
// CHECK-NEXT:    scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %[[COPY]])
// CHECK:         } do {
// CHECK:           tile.add %{{.*}}, %{{.*}} into(%[[PRIV]] :
func.func @while_unknown_trip_count(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r:2 = scf.while (%i = %c0, %t = %a) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t : index, !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%i2: index, %u: !tile.tile<8x8xf32, vec>):
    %v = tile.add %u, %x : !tile.tile<8x8xf32, vec>
    %i3 = arith.addi %i2, %c1 : index
    scf.yield %i3, %v : index, !tile.tile<8x8xf32, vec>
  }
  return %r#1, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Write-only and read-modify-write operands
//===----------------------------------------------------------------------===//

// Tests that tile.store's tensor operand is write-only: the original tensor
// passed to a loop is later completely overwritten by a store (not read), so
// the loop may update it in place (no copy is needed, and none would be
// possible for a tensor).
// CHECK-LABEL: func.func @store_is_write_only
// CHECK-SAME:    (%{{[^:]*}}: !tile.tile<8x8xf32, vec>, %[[T:[^:]*]]: !tile.tensor<8x8xf32>
// CHECK:         scf.for %{{.*}} iter_args(%[[C:.*]] = %[[T]])
// CHECK-NEXT:      %[[S:.*]] = tile.store %{{.*}}, %[[C]][
// CHECK-NEXT:      scf.yield %[[S]]
// CHECK:         tile.store %{{.*}}, %[[T]][
// CHECK-NOT:     tile.move
func.func @store_is_write_only(%x: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>, %n: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %T) -> (!tile.tensor<8x8xf32>) {
    %t1 = tile.store %x, %t[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
    scf.yield %t1 : !tile.tensor<8x8xf32>
  }
  %l = tile.load %r[%c0, %c0] : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %y = tile.exp %l : !tile.tile<8x8xf32, vec>
  %T2 = tile.store %y, %T[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %T2 : !tile.tensor<8x8xf32>
}

// -----

// Tests that tile.write reads its tile (read-modify-write): writing into %a
// while %a is still read afterwards makes the write update a copy.
// CHECK-LABEL: func.func @write_of_live_tile
// CHECK-NEXT:    %[[COPYBUF:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[S:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK-NEXT:    %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK-NEXT:    %[[COPY:.*]] = tile.move %[[AV]] into(%[[COPYBUF]] :
// CHECK-NEXT:    %[[W:.*]] = tile.write %[[COPY]][
// CHECK-NEXT:    %[[SUM:.*]] = tile.add %[[AV]], %{{.*}} into(%[[S]] :
// CHECK-NEXT:    return %[[W]], %[[SUM]]
// AGAIN-LABEL: func.func @write_of_live_tile
// AGAIN-COUNT-1: tile.move
// AGAIN-NOT:     tile.move
// AGAIN:         return
func.func @write_of_live_tile(%x: !tile.tile<8x8xf32, vec>, %i: index, %v: f32) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %w = tile.write %a[%i, %i], %v : !tile.tile<8x8xf32, vec>, f32
  %s = tile.add %a, %x : !tile.tile<8x8xf32, vec>
  return %w, %s : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a tile.write in a loop of a tile defined before the loop updates
// a fresh copy in every iteration (the next iteration reads the original).
// CHECK-LABEL: func.func @write_in_loop_of_outer_tile
// CHECK-NEXT:    %[[COPYBUF:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[AV:.*]] = tile.exp %{{.*}} into(%[[A]] :
// CHECK:         scf.for
// CHECK-NEXT:      %[[COPY:.*]] = tile.move %[[AV]] into(%[[COPYBUF]] :
// CHECK-NEXT:      %[[W:.*]] = tile.write %[[COPY]][
// CHECK-NEXT:      tile.add %{{.*}}, %[[W]] into(%[[ACC]] :
func.func @write_in_loop_of_outer_tile(%x: !tile.tile<8x8xf32, vec>, %n: index, %v: f32) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %w = tile.write %a[%i, %i], %v : !tile.tile<8x8xf32, vec>, f32
    %next = tile.add %acc, %w : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a tile.write on the carry updates it in place, and that the
// initializer, read after the loop, is isolated by an entry copy.
// CHECK-LABEL: func.func @write_on_carry
// CHECK-NEXT:    %[[PRIV:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[COPY:.*]] = tile.move %{{.*}} into(%[[PRIV]] :
// CHECK-NEXT:    scf.for %{{.*}} iter_args(%[[C:.*]] = %[[COPY]])
// CHECK-NEXT:      %[[W:.*]] = tile.write %[[C]][
// CHECK-NEXT:      scf.yield %[[W]]
func.func @write_on_carry(%x: !tile.tile<8x8xf32, vec>, %n: index, %v: f32) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %a1 = tile.write %a[%i, %i], %v : !tile.tile<8x8xf32, vec>, f32
    scf.yield %a1 : !tile.tile<8x8xf32, vec>
  }
  return %r, %z : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a writeback of a value forwarded unchanged through a loop (whose
// result is returned) copies the value first: the loop result is the same
// payload as its initializer.
// CHECK-LABEL: func.func @writeback_after_forwarding_loop
// CHECK-NEXT:    %[[COPYBUF:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[Z:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         %[[ZV:.*]] = tile.exp %{{.*}} into(%[[Z]] :
// CHECK:         %[[R:.*]] = scf.for
// CHECK:         %[[COPY:.*]] = tile.move %[[ZV]] into(%[[COPYBUF]] :
// CHECK-NEXT:    %[[W:.*]] = tile.write %[[COPY]][
// CHECK-NEXT:    return %[[R]], %[[W]]
func.func @writeback_after_forwarding_loop(%x: !tile.tile<8x8xf32, vec>, %n: index, %v: f32) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %a : !tile.tile<8x8xf32, vec>
  }
  %w = tile.write %z[%c0, %c0], %v : !tile.tile<8x8xf32, vec>, f32
  return %r, %w : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Accumulator phis
//===----------------------------------------------------------------------===//

// Tests the peeled accumulator phi `if first: matmul else: matmul_acc(prev)`
// in a loop carried in acc: the then-arm matmul is retargeted into the carry's
// window, so the branch needs no (impossible) acc->acc copy and one acc
// allocation remains.
// CHECK-LABEL: func.func @accumulator_phi_in_loop
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.create into(%[[ACC]] : !tile.buffer<acc, 1024>)
// CHECK:         scf.for %{{.*}} iter_args(%[[C:.*]] = %{{.*}})
// CHECK:           %[[P:.*]] = scf.if
// CHECK-NEXT:        %[[M:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] : !tile.buffer<acc, 1024>)
// CHECK-NEXT:        scf.yield %[[M]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[A:.*]] = tile.matmul_acc %[[C]],
// CHECK-NEXT:        scf.yield %[[A]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[P]]
// CHECK-NOT:     tile.move
// AGAIN-LABEL: func.func @accumulator_phi_in_loop
// AGAIN-COUNT-1: tile.alloc
// AGAIN-NOT:     tile.alloc
// AGAIN-NOT:     tile.move
// AGAIN:         return
func.func @accumulator_phi_in_loop(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.create : !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %p = scf.if %first -> (!tile.tile<16x16xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      scf.yield %m : !tile.tile<16x16xf32, acc>
    } else {
      %a = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      scf.yield %a : !tile.tile<16x16xf32, acc>
    }
    scf.yield %p : !tile.tile<16x16xf32, acc>
  }
  return %res : !tile.tile<16x16xf32, acc>
}

// -----

// Tests the same phi with metadata views on both arms and on the yield: the
// views are followed and the then-arm matmul still lands in the carry.
// CHECK-LABEL: func.func @accumulator_phi_through_reshapes
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.if
// CHECK-NEXT:      tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK-NOT:     tile.move
func.func @accumulator_phi_through_reshapes(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %p = scf.if %first -> (!tile.tile<8x32xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      %mv = tile.reshape %m : !tile.tile<16x16xf32, acc> -> !tile.tile<8x32xf32, acc>
      scf.yield %mv : !tile.tile<8x32xf32, acc>
    } else {
      %a = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      %av = tile.reshape %a : !tile.tile<16x16xf32, acc> -> !tile.tile<8x32xf32, acc>
      scf.yield %av : !tile.tile<8x32xf32, acc>
    }
    %pv = tile.reshape %p : !tile.tile<8x32xf32, acc> -> !tile.tile<16x16xf32, acc>
    scf.yield %pv : !tile.tile<16x16xf32, acc>
  }
  return %res : !tile.tile<16x16xf32, acc>
}

// -----

// Tests the phi outside any loop: the sibling seed (then-arm matmul) is local
// to its arm and the reused input %seed is dead after the if, so the matmul
// writes %seed's window.
// CHECK-LABEL: func.func @accumulator_phi_straight_line
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK-NEXT:    %[[SEED:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK:         } else {
// CHECK-NEXT:      tile.matmul_acc %[[SEED]],
// CHECK-NOT:     tile.move
func.func @accumulator_phi_straight_line(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1) -> !tile.tile<16x16xf32, acc> {
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
    %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    scf.yield %m : !tile.tile<16x16xf32, acc>
  } else {
    %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %a : !tile.tile<16x16xf32, acc>
  }
  return %p : !tile.tile<16x16xf32, acc>
}

// -----

// Tests a branch-local loop carried by an accumulator seeded outside the
// branch: the other arm's matmul is retargeted into the seed's window.
// CHECK-LABEL: func.func @accumulator_phi_branch_local_loop
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[SEED:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK:         } else {
// CHECK-NEXT:      scf.for %{{.*}} iter_args(%[[A:.*]] = %[[SEED]])
// CHECK-NEXT:        tile.matmul_acc %[[A]],
// CHECK-NOT:     tile.move
func.func @accumulator_phi_branch_local_loop(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1, %n: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
    %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    scf.yield %m : !tile.tile<16x16xf32, acc>
  } else {
    %lp = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %seed) -> (!tile.tile<16x16xf32, acc>) {
      %a = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      scf.yield %a : !tile.tile<16x16xf32, acc>
    }
    scf.yield %lp : !tile.tile<16x16xf32, acc>
  }
  return %p : !tile.tile<16x16xf32, acc>
}

// -----

// Tests the branch-local accumulator loop inside an outer acc loop: the
// branch-local loop is seeded by the outer carry, and the first-iteration
// matmul writes the outer carry's window.
// CHECK-LABEL: func.func @accumulator_phi_branch_loop_in_loop
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[O:.*]] = %{{.*}})
// CHECK:           scf.if
// CHECK-NEXT:        tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK:           } else {
// CHECK-NEXT:        scf.for %{{.*}} iter_args(%{{.*}} = %[[O]])
// CHECK-NOT:     tile.move
func.func @accumulator_phi_branch_loop_in_loop(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index, %m: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %p = scf.if %first -> (!tile.tile<16x16xf32, acc>) {
      %mm = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      scf.yield %mm : !tile.tile<16x16xf32, acc>
    } else {
      %lp = scf.for %j = %c0 to %m step %c1 iter_args(%a = %acc) -> (!tile.tile<16x16xf32, acc>) {
        %a1 = tile.matmul_acc %a, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
        scf.yield %a1 : !tile.tile<16x16xf32, acc>
      }
      scf.yield %lp : !tile.tile<16x16xf32, acc>
    }
    scf.yield %p : !tile.tile<16x16xf32, acc>
  }
  return %res : !tile.tile<16x16xf32, acc>
}

// -----

// Tests that an accumulator read before the phi is not an obstacle when it is
// recreated in every iteration of the enclosing loop: the read cannot recur
// after the branch, so the then-arm matmul still writes the seed's window.
// CHECK-LABEL: func.func @accumulator_phi_seed_recreated_in_loop
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[SEED:.*]] = tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK-NEXT:      tile.store %[[SEED]]
// CHECK-NEXT:      scf.if
// CHECK-NEXT:        tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK-NOT:     tile.move
func.func @accumulator_phi_seed_recreated_in_loop(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %c: i1, %n: index, %T: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%t = %T) -> (!tile.tensor<16x16xf32>) {
    %seed = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
    %t1 = tile.store %seed, %t[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
    %p = scf.if %c -> (!tile.tile<16x16xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      scf.yield %m : !tile.tile<16x16xf32, acc>
    } else {
      %a = tile.matmul_acc %seed, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      scf.yield %a : !tile.tile<16x16xf32, acc>
    }
    %t2 = tile.store %p, %t1[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
    scf.yield %t2 : !tile.tensor<16x16xf32>
  }
  return %res : !tile.tensor<16x16xf32>
}

// -----

// Tests the accumulator phi inside a while body (the traversal descends
// through while regions).
// CHECK-LABEL: func.func @accumulator_phi_in_while
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         } do {
// CHECK:           scf.if
// CHECK-NEXT:        tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK-NOT:     tile.move
func.func @accumulator_phi_in_while(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %w:2 = scf.while (%i = %c0, %acc = %init) : (index, !tile.tile<16x16xf32, acc>) -> (index, !tile.tile<16x16xf32, acc>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %acc : index, !tile.tile<16x16xf32, acc>
  } do {
  ^bb0(%j: index, %a: !tile.tile<16x16xf32, acc>):
    %first = arith.cmpi eq, %j, %c0 : index
    %p = scf.if %first -> (!tile.tile<16x16xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
      scf.yield %m : !tile.tile<16x16xf32, acc>
    } else {
      %u = tile.matmul_acc %a, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
      scf.yield %u : !tile.tile<16x16xf32, acc>
    }
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %p : index, !tile.tile<16x16xf32, acc>
  }
  return %w#1 : !tile.tile<16x16xf32, acc>
}

// -----

// Tests the single-op spelling matmul_acc(..., init_cond): nothing to do.
// CHECK-LABEL: func.func @accumulator_init_cond
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 1024>
// CHECK-NOT:     tile.alloc
// CHECK:         tile.matmul_acc %{{.*}}, %{{.*}}, %{{.*}} init_cond
// CHECK-NOT:     tile.move
func.func @accumulator_init_cond(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> !tile.tile<16x16xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tile.create : !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %a = tile.matmul_acc %acc, %l, %r init_cond %first : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %a : !tile.tile<16x16xf32, acc>
  }
  return %res : !tile.tile<16x16xf32, acc>
}

// -----

//===----------------------------------------------------------------------===//
// Tensor carries
//===----------------------------------------------------------------------===//

// Tests a loop carrying the output tensor through tile.store: the tensor
// carry stays in the caller's tensor (tensors are never copied) and the
// tiles keep their own allocations.
// CHECK-LABEL: func.func @tensor_carry
// CHECK-SAME:    (%{{[^:]*}}: !tile.tensor<32x8xf32>, %[[B:[^:]*]]: !tile.tensor<32x8xf32>)
// CHECK-NEXT:    tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         %[[R:.*]] = scf.for %{{.*}} iter_args(%[[C:.*]] = %[[B]])
// CHECK:           %[[S:.*]] = tile.store %{{.*}}, %[[C]][
// CHECK-NEXT:      scf.yield %[[S]]
// CHECK-NOT:     tile.move
// CHECK:         return %[[R]]
func.func @tensor_carry(%A: !tile.tensor<32x8xf32>, %B: !tile.tensor<32x8xf32>) -> !tile.tensor<32x8xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %r = scf.for %i = %c0 to %c32 step %c8 iter_args(%b = %B) -> (!tile.tensor<32x8xf32>) {
    %t = tile.load %A[%i, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %e = tile.exp %t : !tile.tile<8x8xf32, vec>
    %b1 = tile.store %e, %b[%i, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<32x8xf32>
    scf.yield %b1 : !tile.tensor<32x8xf32>
  }
  return %r : !tile.tensor<32x8xf32>
}

// -----

// Tests a tile accumulator and a tensor carried side by side, the tensor
// updated from the accumulator each iteration.
// CHECK-LABEL: func.func @tensor_and_tile_carries
// CHECK-NEXT:    %[[ACC:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[LD:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      tile.load %{{.*}} into(%[[LD]] :
// CHECK-NEXT:      %[[N:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[ACC]] :
// CHECK-NEXT:      %[[S:.*]] = tile.store %[[N]],
// CHECK-NEXT:      scf.yield %[[N]], %[[S]]
// CHECK-NOT:     tile.move
func.func @tensor_and_tile_carries(%A: !tile.tensor<32x8xf32>, %B: !tile.tensor<8x8xf32>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z, %b = %B) -> (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) {
    %t = tile.load %A[%i, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %next = tile.add %acc, %t : !tile.tile<8x8xf32, vec>
    %b1 = tile.store %next, %b[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
    scf.yield %next, %b1 : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Parallel copies at yields
//===----------------------------------------------------------------------===//

// Tests a swap of two vec carries (`yield %b, %a`): one parallel copy with
// exactly one scratch tile for the cycle. The scratch takes %b first, then %a
// moves into %b's carry, then the scratch into %a's carry.
// CHECK-LABEL: func.func @swap
// CHECK-NEXT:    %[[SCRATCH:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[CA:.*]] = %{{.*}}, %[[CB:.*]] = %{{.*}})
// CHECK-NEXT:      %[[S:.*]] = tile.move %[[CB]] into(%[[SCRATCH]] :
// CHECK-NEXT:      %[[TOB:.*]] = tile.move %[[CA]] into(%[[B]] :
// CHECK-NEXT:      %[[TOA:.*]] = tile.move %[[S]] into(%[[A]] :
// CHECK-NEXT:      scf.yield %[[TOA]], %[[TOB]]
// AGAIN-LABEL: func.func @swap
// AGAIN-COUNT-3: tile.alloc
// AGAIN-NOT:     tile.alloc
// AGAIN:         scf.for
// AGAIN-COUNT-3: tile.move
// AGAIN-NEXT:    scf.yield
func.func @swap(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %b, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a three-way rotation (a <- b, b <- c, c <- a): one scratch tile, four
// moves: b to the scratch, then c into b, a into c, and the scratch into a.
// CHECK-LABEL: func.func @rotate_three
// CHECK-NEXT:    %[[SCRATCH:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[C:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[CA:.*]] = %{{.*}}, %[[CB:.*]] = %{{.*}}, %[[CC:.*]] = %{{.*}})
// CHECK-NEXT:      %[[S:.*]] = tile.move %[[CB]] into(%[[SCRATCH]] :
// CHECK-NEXT:      %[[TOB:.*]] = tile.move %[[CC]] into(%[[B]] :
// CHECK-NEXT:      %[[TOC:.*]] = tile.move %[[CA]] into(%[[C]] :
// CHECK-NEXT:      %[[TOA:.*]] = tile.move %[[S]] into(%[[A]] :
// CHECK-NEXT:      scf.yield %[[TOA]], %[[TOB]], %[[TOC]]
func.func @rotate_three(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %c0t = tile.add %x, %x : !tile.tile<8x8xf32, vec>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %c = %c0t) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %b, %c, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1, %r#2 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests two independent swaps in one yield: one scratch tile per cycle (two).
// CHECK-LABEL: func.func @two_swaps
// CHECK-NEXT:    %[[S2:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[S1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-COUNT-4: tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      tile.move %{{.*}} into(%[[S1]] :
// CHECK-NEXT:      tile.move
// CHECK-NEXT:      tile.move
// CHECK-NEXT:      tile.move %{{.*}} into(%[[S2]] :
// CHECK-NEXT:      tile.move
// CHECK-NEXT:      tile.move
// CHECK-NEXT:      scf.yield
func.func @two_swaps(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %c0t = tile.add %x, %x : !tile.tile<8x8xf32, vec>
  %d0 = tile.sub %x, %a0 : !tile.tile<8x8xf32, vec>
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %c = %c0t, %d = %d0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %b, %a, %d, %c : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1, %r#2, %r#3 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a carried value the yield copies out to another carry (a lag,
// `yield %s, %a`) is copied before its producer's read-and-overwrite instead
// of at the yield: the add then writes %a's window in place, one move in all
// where copying at the yield takes two.
// CHECK-LABEL: func.func @lag_copied_before_producer
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[CA:.*]] = %{{.*}}, %[[CB:.*]] = %{{.*}})
// CHECK-NEXT:      %[[LAG:.*]] = tile.move %[[CA]] into(%[[B]] :
// CHECK-NEXT:      %[[S:.*]] = tile.add %[[CA]], %{{.*}} into(%[[A]] :
// CHECK-NEXT:      scf.yield %[[S]], %[[LAG]]
func.func @lag_copied_before_producer(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %s = tile.add %a, %x : !tile.tile<8x8xf32, vec>
    scf.yield %s, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that the lag is not copied early when its target still holds a value
// read after the producer (%b, read by the mul): both copies stay at the
// yield, after the last read of %b.
// CHECK-LABEL: func.func @lag_target_still_read
// CHECK:         scf.for %{{.*}} iter_args(%[[CA:.*]] = %{{.*}}, %[[CB:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-NEXT:      %[[S:.*]] = tile.add %[[CA]]
// CHECK-NEXT:      tile.mul %[[CB]], %[[S]]
// CHECK-NEXT:      tile.move %[[CA]]
// CHECK-NEXT:      tile.move %[[S]]
// CHECK-NEXT:      scf.yield
func.func @lag_target_still_read(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %u0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %v = %u0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %s = tile.add %a, %x : !tile.tile<8x8xf32, vec>
    %u = tile.mul %b, %s : !tile.tile<8x8xf32, vec>
    scf.yield %s, %a, %u : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1, %r#2 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a swap with fanout (a <- b, b <- a, c <- a): the copy out of the
// cycle into c goes first; a's carry window is then no longer needed as a
// source (b reads a from c's window), so b moves into it and the cycle
// needs no scratch: three moves.
// CHECK-LABEL: func.func @swap_with_fanout
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[C:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[CA:.*]] = %{{.*}}, %[[CB:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-NEXT:      %[[TOC:.*]] = tile.move %[[CA]] into(%[[C]] :
// CHECK-NEXT:      %[[TOA:.*]] = tile.move %[[CB]] into(%[[A]] :
// CHECK-NEXT:      %[[TOB:.*]] = tile.move %[[TOC]] into(%[[B]] :
// CHECK-NEXT:      scf.yield %[[TOA]], %[[TOB]], %[[TOC]]
func.func @swap_with_fanout(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %c0t = tile.add %x, %x : !tile.tile<8x8xf32, vec>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %c = %c0t) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %b, %a, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1, %r#2 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests fan-out into three carries from a carry in a cycle (a <- b, and
// b, c, d <- a): a is delivered to c first, then read from there, which
// frees a's window for b: four moves and no scratch (spilling b took five
// moves and a scratch tile).
// CHECK-LABEL: func.func @fan_out_three
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[C:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[D:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[CA:.*]] = %{{.*}}, %[[CB:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-NEXT:      %[[TOC:.*]] = tile.move %[[CA]] into(%[[C]] :
// CHECK-NEXT:      %[[TOA:.*]] = tile.move %[[CB]] into(%[[A]] :
// CHECK-NEXT:      %[[TOB:.*]] = tile.move %[[TOC]] into(%[[B]] :
// CHECK-NEXT:      %[[TOD:.*]] = tile.move %[[TOC]] into(%[[D]] :
// CHECK-NEXT:      scf.yield %[[TOA]], %[[TOB]], %[[TOC]], %[[TOD]]
func.func @fan_out_three(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %c0t = tile.add %x, %x : !tile.tile<8x8xf32, vec>
  %d0 = tile.sub %x, %x : !tile.tile<8x8xf32, vec>
  %r:4 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0, %c = %c0t, %d = %d0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %b, %a, %a, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1, %r#2, %r#3 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a shift register (lag2 = lag1; lag1 = v): no cycle, so no scratch.
// lag1 is copied into lag2's carry before the load, which then writes lag1's
// carry in place: one move (copying both at the yield would take two).
// CHECK-LABEL: func.func @shift_register
// CHECK-NEXT:    %[[LAG1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[LAG2:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[L1:.*]] = %{{.*}}, %{{.*}} = %{{.*}})
// CHECK-NEXT:      %[[TO2:.*]] = tile.move %[[L1]] into(%[[LAG2]] :
// CHECK-NEXT:      %[[V:.*]] = tile.load %{{.*}} into(%[[LAG1]] :
// CHECK-NEXT:      scf.yield %[[V]], %[[TO2]]
func.func @shift_register(%A: !tile.tensor<32x8xf32>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z1 = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %z2 = tile.full 1.0 : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%lag1 = %z1, %lag2 = %z2) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %v = tile.load %A[%i, %c0] : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    scf.yield %v, %lag1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests one value yielded for two carries: it is produced in the first carry
// and copied into the second.
// CHECK-LABEL: func.func @one_value_two_carries
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[S:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[A]] :
// CHECK-NEXT:      %[[M:.*]] = tile.move %[[S]] into(%[[B]] :
// CHECK-NEXT:      scf.yield %[[S]], %[[M]]
func.func @one_value_two_carries(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %s = tile.add %a, %b : !tile.tile<8x8xf32, vec>
    scf.yield %s, %s : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a loop carry yielding another loop's carry: the inner result lives in
// the inner seed's allocation (the inner body reads the outer carry, so the
// inner loop cannot accumulate in it), and the outer yield copies it back.
// CHECK-LABEL: func.func @carry_yields_other_loop_carry
// CHECK-NEXT:    %[[O:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[I:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[OC:.*]] = %{{.*}})
// CHECK-NEXT:      tile.exp %{{.*}} into(%[[I]] :
// CHECK-NEXT:      %[[IN:.*]] = scf.for
// CHECK-NEXT:        tile.add %{{.*}}, %[[OC]] into(%[[I]] :
// CHECK:           %[[M:.*]] = tile.move %[[IN]] into(%[[O]] :
// CHECK-NEXT:      scf.yield %[[M]]
func.func @carry_yields_other_loop_carry(%x: !tile.tile<8x8xf32, vec>, %n: index, %m: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%o = %z) -> (!tile.tile<8x8xf32, vec>) {
    %seed = tile.exp %x : !tile.tile<8x8xf32, vec>
    %inner = scf.for %j = %c0 to %m step %c1 iter_args(%a = %seed) -> (!tile.tile<8x8xf32, vec>) {
      %next = tile.add %a, %o : !tile.tile<8x8xf32, vec>
      scf.yield %next : !tile.tile<8x8xf32, vec>
    }
    scf.yield %inner : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests a loop whose if swaps the two carries in one arm: the arms deliver
// through a fresh window for result #0, and the loop yield copies it back.
// CHECK-LABEL: func.func @swap_in_branch
// CHECK-NEXT:    %[[R0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for %{{.*}} iter_args(%[[CA:.*]] = %{{.*}}, %[[CB:.*]] = %{{.*}})
// CHECK-NEXT:      %[[IF:.*]]:2 = scf.if
// CHECK-NEXT:        %[[T0:.*]] = tile.move %[[CA]] into(%[[R0]] :
// CHECK-NEXT:        scf.yield %[[T0]], %[[CB]]
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %[[E0:.*]] = tile.move %[[CB]] into(%[[R0]] :
// CHECK-NEXT:        %[[E1:.*]] = tile.move %[[CA]] into(%[[B]] :
// CHECK-NEXT:        scf.yield %[[E0]], %[[E1]]
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[Y:.*]] = tile.move %[[IF]]#0 into(%[[A]] :
// CHECK-NEXT:      scf.yield %[[Y]], %[[IF]]#1
func.func @swap_in_branch(%x: !tile.tile<8x8xf32, vec>, %c: i1, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %r:2 = scf.if %c -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
      scf.yield %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
    } else {
      scf.yield %b, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
    }
    scf.yield %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %res#0, %res#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Transparent scopes
//===----------------------------------------------------------------------===//

// Tests yields of tile.scope results: the carry that can be produced in place
// is retargeted inside the scope, the other one is copied inside the scope
// right before tile.scope_yield, not before the loop's scf.yield.
// CHECK-LABEL: func.func @copy_inside_scope
// CHECK-NEXT:    %[[A:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[S:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[N:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NOT:     tile.alloc
// CHECK:         scf.for
// CHECK-NEXT:      %[[Y:.*]]:2 = tile.scope "split_aiv"
// CHECK-NEXT:        %[[NEXT:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[N]] :
// CHECK-NEXT:        %[[S2:.*]] = tile.mul %{{.*}}, %{{.*}} into(%[[S]] :
// CHECK-NEXT:        %[[M:.*]] = tile.move %[[NEXT]] into(%[[A]] :
// CHECK-NEXT:        tile.scope_yield %[[M]], %[[S2]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[Y]]#0, %[[Y]]#1
// AGAIN-LABEL: func.func @copy_inside_scope
// AGAIN-COUNT-1: tile.move
// AGAIN-NEXT:    tile.scope_yield
// AGAIN-NOT:     tile.move
// AGAIN:         return
func.func @copy_inside_scope(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %one = tile.full 1.0 : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %s = %one) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %y:2 = tile.scope "split_aiv" -> !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec> {
      %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
      %s2 = tile.mul %s, %acc : !tile.tile<8x8xf32, vec>
      tile.scope_yield %next, %s2 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
    }
    scf.yield %y#0, %y#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a swap yielded through a scope: the parallel copy, scratch included,
// is scheduled inside the scope.
// CHECK-LABEL: func.func @swap_inside_scope
// CHECK-NEXT:    %[[SCRATCH:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         tile.scope "split_aiv"
// CHECK-NEXT:      %[[S:.*]] = tile.move %{{.*}} into(%[[SCRATCH]] :
// CHECK-NEXT:      %[[TOB:.*]] = tile.move
// CHECK-NEXT:      %[[TOA:.*]] = tile.move %[[S]] into
// CHECK-NEXT:      tile.scope_yield %[[TOA]], %[[TOB]]
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.yield
func.func @swap_inside_scope(%x: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %y:2 = tile.scope "split_aiv" -> !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec> {
      tile.scope_yield %b, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
    }
    scf.yield %y#0, %y#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests a branch copy through a scope in the else arm: the move goes inside
// the scope.
// CHECK-LABEL: func.func @branch_copy_inside_scope
// CHECK:         } else {
// CHECK-NEXT:      %[[SC:.*]] = tile.scope "split_aiv"
// CHECK-NEXT:        %[[M:.*]] = tile.move
// CHECK-NEXT:        tile.scope_yield %[[M]]
// CHECK-NEXT:      }
// CHECK-NEXT:      scf.yield %[[SC]]
func.func @branch_copy_inside_scope(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %k = tile.exp %x : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.mul %x, %x : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    %s = tile.scope "split_aiv" -> !tile.tile<8x8xf32, vec> {
      tile.scope_yield %k : !tile.tile<8x8xf32, vec>
    }
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %r, %k : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

//===----------------------------------------------------------------------===//
// Skipped functions
//===----------------------------------------------------------------------===//

// Tests that orchestration functions are left untouched, even with an
// unaligned carry written by hand (the verifier skips them too).
// CHECK-LABEL: func.func @orchestration_untouched
// CHECK:         %[[B0:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    %[[B1:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         tile.full 0.000000e+00 into(%[[B0]] :
// CHECK:         scf.for
// CHECK-NEXT:      %[[N:.*]] = tile.add %{{.*}}, %{{.*}} into(%[[B1]] :
// CHECK-NEXT:      scf.yield %[[N]]
// CHECK-NOT:     tile.move
// AGAIN-LABEL: func.func @orchestration_untouched
// AGAIN-COUNT-2: tile.alloc
// AGAIN-NOT:     tile.move
// AGAIN:         return
func.func @orchestration_untouched(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> attributes {tile.orchestration} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %zero = tile.full 0.0 into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that external functions (declarations) are skipped.
// CHECK-LABEL: func.func private @declaration
func.func private @declaration(!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>

// -----

// Tests that a peeled accumulator (the first iteration seeds it with
// tile.matmul, the others continue it with tile.matmul_acc) needs no
// acc->acc copy: the seeding matmul is produced in the continued
// accumulator's window.
// CHECK-LABEL: func.func @peeled_accumulator
// CHECK:         %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 256>
// CHECK-NOT:     tile.alloc : !tile.buffer<acc
// CHECK:         scf.for
// CHECK:           scf.if
// CHECK:             tile.matmul %{{.*}}, %{{.*}} into(%[[ACC]]
// CHECK:           } else {
// CHECK:             tile.matmul_acc
// CHECK-NOT:     tile.move
func.func @peeled_accumulator(%A: !tile.tensor<8x64xf32>, %B: !tile.tensor<64x8xf32>,
                              %l: !tile.tile<8x8xf32, left>, %r: !tile.tile<8x8xf32, right>,
                              %O: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %init = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
  %res = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %init) -> (!tile.tile<8x8xf32, acc>) {
    %first = arith.cmpi eq, %k, %c0 : index
    %next = scf.if %first -> (!tile.tile<8x8xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
      scf.yield %m : !tile.tile<8x8xf32, acc>
    } else {
      %m = tile.matmul_acc %acc, %l, %r : !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right>
      scf.yield %m : !tile.tile<8x8xf32, acc>
    }
    scf.yield %next : !tile.tile<8x8xf32, acc>
  }
  %O1 = tile.store %res, %O[%c0, %c0] : !tile.tile<8x8xf32, acc>, !tile.tensor<8x8xf32>
  return %O1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a tree of peeled accumulator phis settles bottom-up into one
// acc window (inner ifs before the ifs that yield their results), where
// aligning the outer if first would pin a fresh window and leave the inner
// phis divergent (an acc->acc copy the hardware does not have).
// CHECK-LABEL: func.func @accumulator_phi_tree
// CHECK:         %[[ACC:.*]] = tile.alloc : !tile.buffer<acc, 256>
// CHECK-NOT:     tile.alloc
// CHECK-NOT:     tile.move
func.func @accumulator_phi_tree(%l: !tile.tile<8x8xf32, left>, %r: !tile.tile<8x8xf32, right>, %c: i1, %O: !tile.tensor<64x8xf32>) -> !tile.tensor<64x8xf32> {
  %c0 = arith.constant 0 : index
  %a0 = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
  %p = scf.if %c -> (!tile.tile<8x8xf32, acc>) {
    %m = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
    scf.yield %m : !tile.tile<8x8xf32, acc>
  } else {
    %m = tile.matmul_acc %a0, %l, %r : !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right>
    scf.yield %m : !tile.tile<8x8xf32, acc>
  }
  %b = scf.if %c -> (!tile.tile<8x8xf32, acc>) {
    %i = scf.if %c -> (!tile.tile<8x8xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
      scf.yield %m : !tile.tile<8x8xf32, acc>
    } else {
      %m = tile.matmul_acc %p, %l, %r : !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right>
      scf.yield %m : !tile.tile<8x8xf32, acc>
    }
    scf.yield %i : !tile.tile<8x8xf32, acc>
  } else {
    %i = scf.if %c -> (!tile.tile<8x8xf32, acc>) {
      %m = tile.matmul %l, %r : !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right> -> !tile.tile<8x8xf32, acc>
      scf.yield %m : !tile.tile<8x8xf32, acc>
    } else {
      %m = tile.matmul_acc %p, %l, %r : !tile.tile<8x8xf32, acc>, !tile.tile<8x8xf32, left>, !tile.tile<8x8xf32, right>
      scf.yield %m : !tile.tile<8x8xf32, acc>
    }
    scf.yield %i : !tile.tile<8x8xf32, acc>
  }
  %O1 = tile.store %b, %O[%c0, %c0] : !tile.tile<8x8xf32, acc>, !tile.tensor<64x8xf32>
  return %O1 : !tile.tensor<64x8xf32>
}
