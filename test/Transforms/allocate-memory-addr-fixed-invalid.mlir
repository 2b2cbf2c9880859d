// RUN: tile-opt %s --split-input-file --tile-allocate-memory-addr="memory-planner=dsa-rp" -verify-diagnostics
// RUN: tile-opt %s --split-input-file --tile-allocate-memory-addr="memory-planner=pypto" -verify-diagnostics
// RUN: not tile-opt %s --split-input-file --tile-allocate-memory-addr="memory-planner=dsa-rp" --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UNCHANGED

// Addresses already in the IR (a user `addr`, pinned or not, and an
// existing `tile.scratch_addr`) are fixed obstacles of both planners. They
// are checked first against the rules every plan satisfies
// (AddressRules.h): aligned, inside the capacity, and no two of them
// sharing a byte while both are live. A violation fails the pass and
// leaves the function unchanged.

// Tests that two user-fixed allocations overlapping while live are an error,
// not silently kept (test/python/repros/correctness/addr-pinned-overlap-miscompile.mlir),
// and that the function is left unchanged: the planner's own allocation
// %2 gets no address.
// UNCHANGED-LABEL: func.func @pinned_overlap
// UNCHANGED-NEXT:    arith.constant
// UNCHANGED-NEXT:    tile.alloc addr = 0 pinned : !tile.buffer<vec, 16384>
// UNCHANGED-NEXT:    tile.alloc addr = 32 pinned : !tile.buffer<vec, 16384>
// UNCHANGED-NEXT:    tile.alloc : !tile.buffer<vec, 16384>
func.func @pinned_overlap(%A: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{allocation %0 [0, 16384) is live at points [4, 6]}}
  %b = tile.alloc addr = 0 pinned : !tile.buffer<vec, 16384>
  // expected-error @+1 {{allocation %1 [32, 16416) overlaps allocation %0 [0, 16384) in vec while both are live, from tile.exp (point 5) on}}
  %d = tile.alloc addr = 32 pinned : !tile.buffer<vec, 16384>
  %s_buf = tile.alloc : !tile.buffer<vec, 16384>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  // expected-note @+1 {{both are live here}}
  %e = tile.exp %t into(%d : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %s = tile.add %e, %t into(%s_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %O1 = tile.store %s, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %O1 : !tile.tensor<64x64xf32>
}

// -----

// Tests that a misaligned user address is an error, and that misaligned
// user buffers are still checked for overlap
// (test/python/repros/correctness/addr-misaligned-overlap-miscompile.mlir).
func.func @misaligned_overlap(%A: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  // expected-error @+2 {{allocation %0 has address 3, which is not a multiple of 32 bytes (the address alignment)}}
  // expected-note @+1 {{allocation %0 [3, 16387) is live at points [3, 5]}}
  %b = tile.alloc addr = 3 : !tile.buffer<vec, 16384>
  // expected-error @+2 {{allocation %1 has address 8, which is not a multiple of 32 bytes}}
  // expected-error @+1 {{allocation %1 [8, 16392) overlaps allocation %0 [3, 16387) in vec while both are live, from tile.exp (point 4) on}}
  %d = tile.alloc addr = 8 : !tile.buffer<vec, 16384>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  // expected-note @+1 {{both are live here}}
  %e = tile.exp %t into(%d : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %s = tile.add %e, %t : !tile.tile<64x64xf32, vec>
  %O1 = tile.store %s, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %O1 : !tile.tensor<64x64xf32>
}

// -----

// Tests that a user address near 2^63 does not wrap around in the capacity
// check (test/python/repros/correctness/addr-overflow-accepted.mlir): the
// needed range is printed exactly.
func.func @address_overflow(%a: !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec> {
  // expected-error @+1 {{allocation %0 of 16384 bytes does not fit in vec: it needs bytes [9223372036854775800, 9223372036854792184) but the capacity on a3 is 188416 bytes}}
  %b = tile.alloc addr = 9223372036854775800 : !tile.buffer<vec, 16384>
  %c = tile.alloc : !tile.buffer<vec, 16384>
  // The exp of %0 may write over it (an in-place pair): the bound is one
  // buffer, first reached here.
  // expected-note @+1 {{the live allocations of vec peak here at 16384 bytes}}
  %0 = tile.exp %a into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %1 = tile.exp %0 into(%c : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  return %1 : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that an existing scratch address is a fixed item too: it must not
// overlap a user allocation live at its op.
func.func @fixed_scratch_overlap(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-note @+1 {{allocation %0 [0, 256) is live at points [1, 2]}}
  %p = tile.alloc addr = 0 pinned : !tile.buffer<vec, 256>
  // expected-error @+2 {{the scratch tile of %1 [128, 384) overlaps allocation %0 [0, 256) in vec while both are live, from tile.transpose (point 1) on}}
  // expected-note @+1 {{both are live here}}
  %t = tile.transpose %x into(%p : !tile.buffer<vec, 256>) {tile.scratch_addr = 128 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %t : !tile.tile<8x8xf32, vec>
}
