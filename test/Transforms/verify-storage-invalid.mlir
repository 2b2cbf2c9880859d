// RUN: tile-opt %s --tile-verify-storage --split-input-file -verify-diagnostics

// Violations of the storage postcondition; the allocated-mode (address)
// checks are in verify-storage-allocated-invalid.mlir.

// Tests that a producer without a destination is reported.
func.func @no_storage(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{its result has no storage: the producer has no destination (run tile-init-memref)}}
  %e = tile.exp %x : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a call's tile and tensor results are reported as having no
// storage, with the reason: the passes plan one function at a time.
func.func private @callee(!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>)
func.func @call_results(%x: !tile.tile<8x8xf32, vec>, %a: !tile.tensor<8x8xf32>) -> (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) {
  // expected-error @+2 {{its result #0 has no storage: the storage passes plan one function at a time, so a call's tile and tensor results have none (inline the callee: --inline; or mark a caller that only calls kernels tile.orchestration)}}
  // expected-error @+1 {{its result #1 has no storage: the storage passes plan one function at a time}}
  %t, %b = func.call @callee(%x, %a) : (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>) -> (!tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>)
  return %t, %b : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
}

// -----

// Tests that a reshape of a strided view (columns of a tile) has no storage:
// a reshape names bytes in row-major order.
func.func @reshape_of_strided_view(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<4x8xf32, vec> {
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.exp %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %cols = tile.slice %t[0, 4] : !tile.tile<8x8xf32, vec> -> !tile.tile<8x4xf32, vec>
  // expected-error @+1 {{its result has no storage: a strided view cannot be reshaped (a reshape names bytes in row-major order)}}
  %r = tile.reshape %cols : !tile.tile<8x4xf32, vec> -> !tile.tile<4x8xf32, vec>
  return %r : !tile.tile<4x8xf32, vec>
}

// -----

// Tests that a yielded value outside the carry's window is reported, naming
// both windows and the initializer.
func.func @carry_mismatch(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %init = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{carry #0: yielded value %4 lives in %1[0, 256] but the carry lives in %0[0, 256] (initializer %2)}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<8x8xf32, vec>) {
    // expected-note @+1 {{%4 is defined here}}
    %next = tile.add %acc, %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a while loop is checked on both its yield and its condition.
func.func @while_mismatch(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %init = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-note @+3 {{%arg2 is defined here}}
  // expected-error @+2 {{carry #0: yielded value}}
  // expected-error @+1 {{carry #0: forwarded value}}
  %r = scf.while (%t = %init) : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
    // expected-note @+1 {{%4 is defined here}}
    %f = tile.exp %t into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.condition(%c) %f : !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%u: !tile.tile<8x8xf32, vec>):
    scf.yield %u : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that the same tile passed as two initializers is reported: the two
// carries would share one buffer.
func.func @same_tile_two_carries(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  // expected-note @+1 {{the initializer %1 is defined here}}
  %init = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{carries initialized by %1 and %1 overlap in %0[0, 256]}}
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init, %b = %init) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0 : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an else arm yielding another window than the result's is reported.
func.func @if_arm_mismatch(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  // expected-error @+1 {{result #0: the else arm yields %3 in %1[0, 256] but the result lives in %0[0, 256]}}
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    // expected-note @+1 {{%3 is defined here}}
    %e = tile.exp %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %e : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that overwriting a value that is read later is reported, naming the
// clobbered value and its later reader.
func.func @clobber_straight_line(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{writes %0[0, 256], clobbering %1 (%0[0, 256]) which is still read afterwards by tile.add}}
  %b = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-note @+1 {{%1 is read here}}
  %c = tile.add %a, %b into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %c : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a read in the next iteration counts: the loop body overwrites the
// pre-loop initializer's buffer after reading it (the PyPTO H1 bug).
func.func @clobber_around_back_edge(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile.tile<8x8xf32, vec>) {
    // expected-note @+2 {{%1 is read here}}
    // expected-error @+1 {{clobbering %1 (%0[0, 256]) which is still read afterwards by tile.add}}
    %next = tile.add %acc, %a into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a write in one arm clobbering a value read after the if is
// reported (only the other arm's reads are exempt).
func.func @clobber_from_arm(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %b1 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  scf.if %c {
    // expected-error @+1 {{clobbering %2 (%0[0, 256])}}
    %t = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  }
  // expected-note @+1 {{%2 is read here}}
  %u = tile.add %a, %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %u : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a writeback clobbers views of its operand that are read later:
// only the consumed operand itself is exempt.
func.func @writeback_clobbers_view(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>) -> (!tile.tile<16x16xf32, acc>, !tile.tile<8x32xf32, acc>) {
  %buf = tile.alloc : !tile.buffer<acc, 1024>
  %c = tile.matmul %l, %r into(%buf : !tile.buffer<acc, 1024>) : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %v = tile.reshape %c : !tile.tile<16x16xf32, acc> -> !tile.tile<8x32xf32, acc>
  // expected-error @+1 {{clobbering %2 (%0[0, 1024]) which is still read afterwards by func.return}}
  %d = tile.matmul_acc %c, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
  // expected-note @+1 {{%2 is read here}}
  return %d, %v : !tile.tile<16x16xf32, acc>, !tile.tile<8x32xf32, acc>
}

// -----

// Tests that a not-in-place-safe op may not write over its input.
func.func @transpose_in_place(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  // expected-note @+1 {{%1 is defined here}}
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{result %2 in %0[0, 256] overlaps operand %1 in %0[0, 256], but the op is not in-place safe}}
  %t = tile.transpose %a into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %t : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that tile.cvt may not convert in place, even between element types
// of one width (f32 -> i32).
func.func @cvt_in_place(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xi32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  // expected-note @+1 {{%1 is defined here}}
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{result %2 in %0[0, 256] overlaps operand %1 in %0[0, 256], but the op is not in-place safe}}
  %t = tile.cvt %a into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xi32, vec>
  return %t : !tile.tile<8x8xi32, vec>
}

// -----

// Tests that tile.sel's result may not alias its mask (operand 0).
func.func @sel_over_mask(%a: !tile.tile<16x16xi16, vec>) -> !tile.tile<16x16xi16, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 512>
  %b1 = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.full 1.0 into(%b1 : !tile.buffer<vec, 512>) : !tile.tile<16x16xf16, vec>
  // expected-note @+1 {{%3 is defined here}}
  %m = tile.cmp lt %x, %x into(%b0 : !tile.buffer<vec, 512>) : !tile.tile<16x16xf16, vec> -> !tile.tile<16x32xi8, vec>
  // expected-error @+1 {{overlaps operand %3 in %0[0, 512], but the op forbids its result to alias it}}
  %s = tile.sel %m, %a, %a into(%b0 : !tile.buffer<vec, 512>) : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xi16, vec>
  return %s : !tile.tile<16x16xi16, vec>
}

// -----

// Tests that row_expand_mul's result may not alias its factors (operand 1).
func.func @forbidden_alias(%x: !tile.tile<8x8xf32, vec>, %s: !tile.tile<8x1xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  // expected-note @+1 {{%1 is defined here}}
  %f = tile.exp %s into(%b0[0, 32] : !tile.buffer<vec, 256>) : !tile.tile<8x1xf32, vec>
  // expected-error @+1 {{overlaps operand %1 in %0[0, 32], but the op forbids its result to alias it}}
  %r = tile.row_expand_mul %x, %f into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, !tile.tile<8x1xf32, vec>
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an in-place op may not read a transposed view of the window it
// writes: a streaming unit would overwrite elements before reading them.
func.func @in_place_through_transposed_view(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-note @+1 {{%2 is defined here}}
  %t = tile.transpose_view %a : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{an in-place op must read each element where it writes it (same window and layout, or disjoint)}}
  %s = tile.add %t, %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %s : !tile.tile<8x8xf32, vec>
}
