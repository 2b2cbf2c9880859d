// RUN: tile-opt %s --tile-test-print-lifetimes --mlir-disable-threading -o /dev/null | FileCheck %s

// AllocationLifetimes prints, per function, the number of program points
// (point i is the i-th op of the body in pre-order, then-arm first), one
// line per allocation `<name>: <space> <bytes> [<start>, <end>]`, one line
// per in-place pair (an allocation read for the last time by an op that
// may write the next one over it: `in place <from> -> <to> at <point> shift
// <bytes>`), one line per loop or branch, and the max-live lower bound of
// each used space (an in-place pair's overlap not counted at its point) with
// the op where it is first reached.
//
// --mlir-disable-threading: the pass prints from each function's instance.

// Tests that a loop-carried accumulator covers the whole loop and the read
// after it, and that a buffer reused before and after the loop is live from
// its first write to its last read (a hull).
// CHECK-LABEL: lifetimes of @carry: 11 points
// CHECK-NEXT:   %0: vec 256 [4, 9]
// CHECK-NEXT:   %1: vec 256 [6, 10]
// CHECK-NEXT:   for [5, 8]
// CHECK-NEXT:   peak vec: 512 at 6 (tile.load)
// CHECK-NOT: {{.}}
func.func @carry(%A: !tile.tensor<32x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %acc = tile.alloc : !tile.buffer<vec, 256>
  %in = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = tile.full 0.0 into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.load %A[%i, %c0] into(%in : !tile.buffer<vec, 256>) : !tile.tensor<32x8xf32> -> !tile.tile<8x8xf32, vec>
    %s = tile.add %a, %t into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  %m = tile.exp %r into(%in : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %m : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a value defined before a repeating loop and read in it stays
// live to the end of the loop (the next iteration reads it again), so the
// add reading it is no in-place pair with it (the loop case: %x must not be
// overwritten); that %t, read for the last time by the exp, is one with %u;
// and that a result nobody reads is live at its producer only.
// CHECK-LABEL: lifetimes of @read_in_loop: 11 points
// CHECK-NEXT:   %0: vec 256 [5, 9]
// CHECK-NEXT:   %1: vec 256 [7, 8]
// CHECK-NEXT:   %2: vec 256 [8, 8]
// CHECK-NEXT:   in place %1 -> %2 at 8 shift 0
// CHECK-NEXT:   for [6, 9]
// CHECK-NEXT:   peak vec: 512 at 7 (tile.add)
// CHECK-NOT: {{.}}
func.func @read_in_loop(%x0: !tile.tile<8x8xf32, vec>, %n: index) {
  %bx = tile.alloc : !tile.buffer<vec, 256>
  %bt = tile.alloc : !tile.buffer<vec, 256>
  %bu = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.full 1.0 into(%bx : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  scf.for %i = %c0 to %n step %c1 {
    %t = tile.add %x, %x0 into(%bt : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %u = tile.exp %t into(%bu : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield
  }
  return
}

// -----

// Tests that with a loop that runs once (TripCounts) the read does not
// recur: the value before the loop is dead after its read, an in-place pair
// with the add's result, and the peak drops to one buffer.
// CHECK-LABEL: lifetimes of @read_in_one_trip_loop: 11 points
// CHECK-NEXT:   %0: vec 256 [5, 7]
// CHECK-NEXT:   %1: vec 256 [7, 8]
// CHECK-NEXT:   %2: vec 256 [8, 8]
// CHECK-NEXT:   in place %0 -> %1 at 7 shift 0
// CHECK-NEXT:   in place %1 -> %2 at 8 shift 0
// CHECK-NEXT:   for [6, 9]
// CHECK-NEXT:   peak vec: 256 at 5 (tile.full)
// CHECK-NOT: {{.}}
func.func @read_in_one_trip_loop(%x0: !tile.tile<8x8xf32, vec>) {
  %bx = tile.alloc : !tile.buffer<vec, 256>
  %bt = tile.alloc : !tile.buffer<vec, 256>
  %bu = tile.alloc : !tile.buffer<vec, 256>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.full 1.0 into(%bx : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  scf.for %i = %c0 to %c1 step %c1 {
    %t = tile.add %x, %x0 into(%bt : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %u = tile.exp %t into(%bu : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield
  }
  return
}

// -----

// Tests that both arms of an if write the result's buffer and it stays live
// to its last read; that a pinned multi-slot buffer counts all its slots and
// keeps its address; that a view's read keeps its source's buffer live, and
// makes an in-place pair at the view's bytes: the slice of slot 1 at byte
// 512 + 256 + 128 = 896 (the analysis names the pair whoever owns the
// storage; the planners leave user storage alone); and that an untouched
// allocation is live at its own op only, in its space.
// CHECK-LABEL: lifetimes of @branches: 14 points
// CHECK-NEXT:   %0: vec 1024 [9, 11] pinned addr 0
// CHECK-NEXT:   %1: vec 256 [5, 13]
// CHECK-NEXT:   %2: vec 128 [11, 13]
// CHECK-NEXT:   %3: mat 1024 [3, 3] untouched
// CHECK-NEXT:   in place %0 -> %2 at 11 shift 896
// CHECK-NEXT:   if [4, 8]
// CHECK-NEXT:   peak vec: 1280 at 9 (tile.full)
// CHECK-NEXT:   peak mat: 1024 at 3 (tile.alloc)
// CHECK-NOT: {{.}}
func.func @branches(%c: i1, %x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<4x8xf32, vec>) {
  %p = tile.alloc addr = 0 pinned : !tile.buffer<vec, 512, slots = 2>
  %b = tile.alloc : !tile.buffer<vec, 256>
  %q = tile.alloc : !tile.buffer<vec, 128>
  %u = tile.alloc : !tile.buffer<mat, 1024>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %e = tile.exp %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %e : !tile.tile<8x8xf32, vec>
  } else {
    %f = tile.exp %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %f : !tile.tile<8x8xf32, vec>
  }
  %v = tile.full 1.0 into(%p[256, 256] slot 1 : !tile.buffer<vec, 512, slots = 2>) : !tile.tile<8x8xf32, vec>
  %s = tile.slice %v[4, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
  %y = tile.exp %s into(%q : !tile.buffer<vec, 128>) : !tile.tile<4x8xf32, vec>
  %k = tile.add %r, %r into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %k, %y : !tile.tile<8x8xf32, vec>, !tile.tile<4x8xf32, vec>
}

// -----

// Tests the carries of a while loop: both the before- and after-region
// arguments are carried, so the carried buffer covers the whole loop.
// CHECK-LABEL: lifetimes of @while_carry: 9 points
// CHECK-NEXT:   %0: vec 256 [2, 8]
// CHECK-NEXT:   %1: vec 256 [4, 5]
// CHECK-NEXT:   while [3, 7]
// CHECK-NEXT:   peak vec: 512 at 4 (tile.exp)
// CHECK-NOT: {{.}}
func.func @while_carry(%c: i1) -> !tile.tile<8x8xf32, vec> {
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.alloc : !tile.buffer<vec, 256>
  %z = tile.full 0.0 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.while (%w = %z) : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
    %e = tile.exp %w into(%t : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %n = tile.add %e, %w into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.condition(%c) %n : !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%a: !tile.tile<8x8xf32, vec>):
    scf.yield %a : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests which ops make in-place pairs: the exp of a dying %a (%1 -> %2); not
// the transpose (not in-place safe), nor the row_expand_mul with its dying
// factors (it forbids its result to alias them) while its dying source
// makes one (%3 -> %4); the exp of a slice at byte 128 of %5 writes its
// result at byte 0 of %6: a pair with shift 128; %p, read again by the add,
// makes none with %q, which both die at the add (%10 -> %12, %11 -> %12);
// an exp into a dynamic slot makes none either.
// CHECK-LABEL: lifetimes of @in_place_pairs
// CHECK-DAG:   in place %1 -> %2 at {{[0-9]+}} shift 0
// CHECK-DAG:   in place %3 -> %4 at {{[0-9]+}} shift 0
// CHECK-DAG:   in place %5 -> %6 at {{[0-9]+}} shift 128
// CHECK-DAG:   in place %10 -> %12 at {{[0-9]+}} shift 0
// CHECK-DAG:   in place %11 -> %12 at {{[0-9]+}} shift 0
// CHECK-NOT:   in place
// CHECK:       peak vec
func.func @in_place_pairs(%x: !tile.tile<8x8xf32, vec>, %f0: !tile.tile<8x1xf32, vec>, %k: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<4x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %b2 = tile.alloc : !tile.buffer<vec, 256>
  %b3 = tile.alloc : !tile.buffer<vec, 256>
  %b4 = tile.alloc : !tile.buffer<vec, 256>
  %b5 = tile.alloc : !tile.buffer<vec, 256>
  %b6 = tile.alloc : !tile.buffer<vec, 256>
  %b7 = tile.alloc : !tile.buffer<vec, 32>
  %b8 = tile.alloc : !tile.buffer<vec, 256>
  %b9 = tile.alloc : !tile.buffer<vec, 256>
  %b10 = tile.alloc : !tile.buffer<vec, 256>
  %b11 = tile.alloc : !tile.buffer<vec, 256>
  %b12 = tile.alloc : !tile.buffer<vec, 256>
  %b13 = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %t = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %tt = tile.transpose %t into(%b8 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %a = tile.exp %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %e = tile.exp %a into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %s = tile.exp %x into(%b3 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %f = tile.exp %f0 into(%b7 : !tile.buffer<vec, 32>) : !tile.tile<8x1xf32, vec>
  %r = tile.row_expand_mul %s, %f into(%b4 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, !tile.tile<8x1xf32, vec>
  %w = tile.exp %x into(%b5 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %h = tile.slice %w[4, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
  %g = tile.exp %h into(%b6[0, 128] : !tile.buffer<vec, 256>) : !tile.tile<4x8xf32, vec>
  %p = tile.exp %x into(%b10 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %q = tile.exp %p into(%b11 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %z = tile.add %q, %p into(%b12 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %c = tile.exp %x into(%b9 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %d = tile.exp %c into(%b13 slot %k : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  return %tt, %e, %g, %r, %z, %d : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<4x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that the scratch tile of a row reduction counts in the max-live
// bound at its op: the 1024-byte source, the 64-byte result and a scratch
// as large as the source are live together there.
// CHECK-LABEL: lifetimes of @row_sum_scratch: 7 points
// CHECK-NEXT:   %0: vec 1024 [3, 4]
// CHECK-NEXT:   %1: vec 64 [4, 5]
// CHECK-NEXT:   peak vec: 2112 at 4 (tile.row_sum)
// CHECK-NOT: {{.}}
func.func @row_sum_scratch(%A: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x1xf32>) {
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %r = tile.alloc : !tile.buffer<vec, 64>
  %c0 = arith.constant 0 : index
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.row_sum %t into(%r : !tile.buffer<vec, 64>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  tile.store %s, %O[%c0, %c0] : !tile.tile<16x1xf32, vec>, !tile.tensor<16x1xf32>
  return
}
