// RUN: tile-opt %s --tile-test-print-trip-counts --mlir-disable-threading -o /dev/null | FileCheck %s

// TripCounts prints each loop's verdict (zero trips, at most once, repeats)
// and every op it proves never runs (nested in a zero-trip loop, in the
// after-region of a while that is false on entry).
//
// --mlir-disable-threading: the pass prints from each function's instance.

// Tests the verdict on constant bounds (0..0: zero trips, 0..1: at most
// once, 0..2: repeats), on unknown bounds (repeats), and that everything
// nested in a zero-trip loop never runs, a nested loop included.
// CHECK-LABEL: trips of @for_bounds:
// CHECK-NEXT:   scf.for at line [[@LINE+12]]: zero trips
// CHECK-NEXT:   tile.exp at line [[@LINE+12]]: never runs
// CHECK-NEXT:   scf.for at line [[@LINE+12]]: repeats, never runs
// CHECK-NEXT:   scf.yield at line [[@LINE+11]]: never runs
// CHECK-NEXT:   scf.yield at line [[@LINE+8]]: never runs
// CHECK-NEXT:   scf.for at line [[@LINE+12]]: at most once
// CHECK-NEXT:   scf.for at line [[@LINE+13]]: repeats
// CHECK-NEXT:   scf.for at line [[@LINE+14]]: repeats
func.func @for_bounds(%n: index, %x: !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c0 step %c1 {
    %e = tile.exp %x : !tile.tile<16x16xf32, vec>
    scf.for %j = %c0 to %c2 step %c1 {
    }
  }
  scf.for %i = %c0 to %c1 step %c1 {
  }
  scf.for %i = %c0 to %c2 step %c1 {
  }
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}

// Tests that a while whose condition is false on entry runs its
// before-region once and its after-region never, and that a while on an
// unknown condition repeats.
// CHECK-LABEL: trips of @while_false_on_entry:
// CHECK-NEXT:   scf.while at line [[@LINE+7]]: zero trips
// CHECK-NEXT:   tile.exp at line [[@LINE+10]]: never runs
// CHECK-NEXT:   scf.yield at line [[@LINE+10]]: never runs
// CHECK-NEXT:   scf.while at line [[@LINE+11]]: repeats
func.func @while_false_on_entry(%go: i1, %x: !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %false = arith.constant false
  %r = scf.while (%k = %c0) : (index) -> index {
    scf.condition(%false) %k : index
  } do {
  ^bb0(%k2: index):
    %e = tile.exp %x : !tile.tile<16x16xf32, vec>
    scf.yield %k2 : index
  }
  %s = scf.while (%k = %c0) : (index) -> index {
    scf.condition(%go) %k : index
  } do {
  ^bb0(%k2: index):
    scf.yield %k2 : index
  }
  return
}

// Tests that bounds wider than 64 bits are unknown (the loop repeats) rather
// than truncated: 2^100 .. 2^100 + 1 is one trip in i128, and an i128 while
// condition on such constants is not decided either.
// CHECK-LABEL: trips of @wide_bounds:
// CHECK-NEXT:   scf.for at line [[@LINE+8]]: repeats
// CHECK-NEXT:   scf.while at line [[@LINE+9]]: repeats
// CHECK-NOT:    never runs
func.func @wide_bounds() {
  %lo = arith.constant 1267650600228229401496703205376 : i128
  %hi = arith.constant 1267650600228229401496703205377 : i128
  %one = arith.constant 1 : i128
  %c0 = arith.constant 0 : i128
  scf.for %i = %lo to %hi step %one : i128 {
  }
  %r = scf.while (%k = %lo) : (i128) -> i128 {
    %go = arith.cmpi slt, %k, %c0 : i128
    scf.condition(%go) %k : i128
  } do {
  ^bb0(%k2: i128):
    scf.yield %k2 : i128
  }
  return
}

// Tests that a trip count past INT64_MAX repeats: INT64_MIN to INT64_MAX by 1
// is 2^64 - 1 trips, which once truncated to -1 and read as "at most once".
// CHECK-LABEL: trips of @count_past_int64_max:
// CHECK-NEXT:   scf.for at line [[@LINE+5]]: repeats
func.func @count_past_int64_max(%x: !tile.tile<16x16xf32, vec>) {
  %lb = arith.constant -9223372036854775808 : i64
  %ub = arith.constant 9223372036854775807 : i64
  %st = arith.constant 1 : i64
  scf.for %i = %lb to %ub step %st : i64 {
    %e = tile.exp %x : !tile.tile<16x16xf32, vec>
  }
  return
}
