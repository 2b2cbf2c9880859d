// RUN: tile-opt %s --tile-verify-storage="allocated=true" --split-input-file -verify-diagnostics

// Address checks of tile-verify-storage{allocated=true}, run after address
// allocation.

// Tests that an allocation without an address is reported.
func.func @missing_address(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{allocation %0 has no address after address allocation}}
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %a : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a move whose source and destination overlap in address space
// (two allocations placed on the same bytes) is reported, besides the two
// allocations overlapping while both are live at the move.
func.func @move_overlap(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-note @+1 {{allocation %0 [0, 256) is live at points [2, 3]}}
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-error @+1 {{allocation %1 [128, 384) overlaps allocation %0 [0, 256) in vec while both are live, from tile.move (point 3) on}}
  %b1 = tile.alloc addr = 128 : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+2 {{move source %2 [0, 256) and destination [128, 384) overlap in address space}}
  // expected-note @+1 {{both are live here}}
  %m = tile.move %a into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %m : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a dynamic slot is assumed to be any slot of its pool.
func.func @move_dynamic_slot(%x: !tile.tile<8x8xf32, vec>, %i: index) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{allocation %0 [0, 512) overlaps allocation %1 [256, 512) in vec while both are live, from tile.move (point 3) on}}
  %pool = tile.alloc addr = 0 : !tile.buffer<vec, 256, slots = 2>
  // expected-note @+1 {{allocation %1 [256, 512) is live at points [2, 3]}}
  %b1 = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+2 {{overlap in address space}}
  // expected-note @+1 {{both are live here}}
  %m = tile.move %a into(%pool slot %i : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %m : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that two allocations sharing bytes while both are live are reported
// at the one that starts later, naming the other and the first op where
// both are live (test/python/repros/correctness/verifier-gap-live-overlap.mlir:
// %a is still returned when %b is written over it).
func.func @live_allocations_share_bytes(%x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  // expected-note @+1 {{allocation %0 [0, 256) is live at points [2, 4]}}
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-error @+1 {{allocation %1 [0, 256) overlaps allocation %0 [0, 256) in vec while both are live, from tile.add (point 3) on}}
  %b1 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-note @+1 {{both are live here}}
  %b = tile.add %x, %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that pinned allocations are checked like any other: two user-fixed
// buffers 32 bytes apart overlap while the load's result is still read by
// the add (test/python/repros/correctness/addr-pinned-overlap-miscompile.mlir).
func.func @pinned_overlap(%A: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{allocation %0 [0, 16384) is live at points [4, 6]}}
  %b = tile.alloc addr = 0 pinned : !tile.buffer<vec, 16384>
  // expected-error @+1 {{allocation %1 [32, 16416) overlaps allocation %0 [0, 16384) in vec while both are live, from tile.exp (point 5) on}}
  %d = tile.alloc addr = 32 pinned : !tile.buffer<vec, 16384>
  %s_buf = tile.alloc addr = 32768 : !tile.buffer<vec, 16384>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  // expected-note @+1 {{both are live here}}
  %e = tile.exp %t into(%d : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %s = tile.add %e, %t into(%s_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %O1 = tile.store %s, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %O1 : !tile.tensor<64x64xf32>
}

// -----

// Tests that addresses must be 32-byte aligned, and that misaligned buffers
// are still checked for overlap
// (test/python/repros/correctness/addr-misaligned-overlap-miscompile.mlir).
func.func @misaligned_overlap(%A: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{allocation %0 has address 3, which is not a multiple of 32 bytes (the address alignment)}}
  // expected-note @+1 {{allocation %0 [3, 16387) is live at points [4, 6]}}
  %b = tile.alloc addr = 3 : !tile.buffer<vec, 16384>
  // expected-error @+2 {{allocation %1 has address 8, which is not a multiple of 32 bytes}}
  // expected-error @+1 {{allocation %1 [8, 16392) overlaps allocation %0 [3, 16387) in vec while both are live}}
  %d = tile.alloc addr = 8 : !tile.buffer<vec, 16384>
  %s_buf = tile.alloc addr = 32768 : !tile.buffer<vec, 16384>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  // expected-note @+1 {{both are live here}}
  %e = tile.exp %t into(%d : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %s = tile.add %e, %t into(%s_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %O1 = tile.store %s, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %O1 : !tile.tensor<64x64xf32>
}

// -----

// Tests that an address near 2^63 does not wrap around in the capacity
// check (test/python/repros/correctness/addr-overflow-accepted.mlir).
func.func @address_overflow(%a: !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec> {
  // expected-error @+1 {{allocation %0 of 16384 bytes does not fit in vec: it needs bytes [9223372036854775800, 9223372036854792184) but the capacity on a3 is 188416 bytes}}
  %b = tile.alloc addr = 9223372036854775800 : !tile.buffer<vec, 16384>
  %c = tile.alloc addr = 16384 : !tile.buffer<vec, 16384>
  %0 = tile.exp %a into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %1 = tile.exp %0 into(%c : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  return %1 : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that the capacity check covers every slot of a buffer
// (size * slots bytes), on the module's target.
module attributes {tile.target_arch = "a5"} {
  func.func @slots_past_capacity(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
    // expected-error @+1 {{allocation %0 of 258048 bytes does not fit in vec: it needs bytes [0, 258048) but the capacity on a5 is 253952 bytes}}
    %b = tile.alloc addr = 0 : !tile.buffer<vec, 129024, slots = 2>
    %a = tile.exp %x into(%b[0, 256] slot 1 : !tile.buffer<vec, 129024, slots = 2>) : !tile.tile<8x8xf32, vec>
    return %a : !tile.tile<8x8xf32, vec>
  }
}

// -----

// Tests that an allocation live across a loop (a carry) overlaps one used
// only inside the loop: the carry's interval covers the whole loop.
func.func @carry_covers_the_loop(%A: !tile.tensor<64x8xf32>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{allocation %0 [0, 256) is live at points [4, 9]}}
  %acc = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-error @+1 {{allocation %1 [128, 384) overlaps allocation %0 [0, 256) in vec while both are live, from tile.load (point 6) on}}
  %in = tile.alloc addr = 128 : !tile.buffer<vec, 256>
  %z = tile.full 0.0 into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (!tile.tile<8x8xf32, vec>) {
    // expected-note @+1 {{both are live here}}
    %t = tile.load %A[%c0, %c0] into(%in : !tile.buffer<vec, 256>) : !tile.tensor<64x8xf32> -> !tile.tile<8x8xf32, vec>
    %s = tile.add %a, %t into(%acc : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that the sweep finds an overlap with a live allocation when the
// nearest one below in address was itself reported: %2 lies inside %0 but
// not %1, which lies inside %0 too and is left out of the sweep.
func.func @nested_overlaps(%x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<32x32xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  // (one expectation matches both notes here, one per error)
  // expected-note @+1 {{allocation %0 [0, 4096) is live at points [3, 6]}}
  %big = tile.alloc addr = 0 : !tile.buffer<vec, 4096>
  // expected-error @+1 {{allocation %1 [256, 512) overlaps allocation %0 [0, 4096)}}
  %low = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  // expected-error @+1 {{allocation %2 [1024, 1280) overlaps allocation %0 [0, 4096)}}
  %high = tile.alloc addr = 1024 : !tile.buffer<vec, 256>
  %a = tile.full 0.0 into(%big : !tile.buffer<vec, 4096>) : !tile.tile<32x32xf32, vec>
  // expected-note @+1 {{both are live here}}
  %b = tile.exp %x into(%low : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-note @+1 {{both are live here}}
  %c = tile.exp %x into(%high : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %a, %b, %c : !tile.tile<32x32xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a scratch tile (live at its op) must not overlap an allocation
// live there, here the transpose's destination, and is checked for
// alignment.
func.func @scratch_overlaps_destination(%A: !tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %src = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-note @+1 {{allocation %1 [256, 512) is live at points [4, 5]}}
  %dst = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%src : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  // expected-error @+3 {{the scratch tile of %3 [129, 385) overlaps allocation %1 [256, 512) in vec while both are live, from tile.transpose (point 4) on}}
  // expected-error @+2 {{the scratch tile of %3 has address 129, which is not a multiple of 32 bytes}}
  // expected-note @+1 {{both are live here}}
  %t = tile.transpose %x into(%dst : !tile.buffer<vec, 256>) {tile.scratch_addr = 129 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %t : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an in-place pair may overlap only at its shift: the exp of the
// slice at byte 128 of %0 reads its last use of %0 while writing %1, so %1
// may sit at 128 (its window is then the slice's bytes) but not at 32,
// where its window [32, 160) half-overlaps the slice it reads.
func.func @in_place_wrong_shift(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<4x8xf32, vec> {
  // expected-note @+1 {{allocation %0 [0, 256) is live at points [2, 4]}}
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-error @+1 {{allocation %1 [32, 160) overlaps allocation %0 [0, 256) in vec while both are live, from tile.exp (point 4) on}}
  %b1 = tile.alloc addr = 32 : !tile.buffer<vec, 128>
  %w = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %h = tile.slice %w[4, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
  // expected-note @+1 {{both are live here}}
  %g = tile.exp %h into(%b1 : !tile.buffer<vec, 128>) : !tile.tile<4x8xf32, vec>
  return %g : !tile.tile<4x8xf32, vec>
}

// -----

// Tests that an op that is not in-place safe makes no in-place pair: the
// transpose reads %a for the last time, but its result may not share it.
func.func @not_in_place_safe(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-note @+1 {{allocation %0 [0, 256) is live at points [2, 3]}}
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-error @+1 {{allocation %1 [0, 256) overlaps allocation %0 [0, 256) in vec while both are live, from tile.transpose (point 3) on}}
  %b1 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-note @+1 {{both are live here}}
  %t = tile.transpose %a into(%b1 : !tile.buffer<vec, 256>) {tile.scratch_addr = 256 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %t : !tile.tile<8x8xf32, vec>
}

// -----

// Tests the loop case: %t, read in every iteration, is live to the end of
// the loop, so the exp reading it may not write over it.
func.func @loop_operand(%x: !tile.tile<8x8xf32, vec>, %T: !tile.tensor<8x8xf32>, %n: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{allocation %0 [0, 256) is live at points [4, 8]}}
  %bt = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  // expected-error @+1 {{allocation %1 [0, 256) overlaps allocation %0 [0, 256) in vec while both are live, from tile.exp (point 6) on}}
  %bu = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %t = tile.exp %x into(%bt : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%o = %T) -> (!tile.tensor<8x8xf32>) {
    // expected-note @+1 {{both are live here}}
    %u = tile.exp %t into(%bu : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %s = tile.store %u, %o[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
    scf.yield %s : !tile.tensor<8x8xf32>
  }
  return %r : !tile.tensor<8x8xf32>
}
