// RUN: tile-opt %s --split-input-file --tile-allocate-memory-addr="memory-planner=dsa-rp" -verify-diagnostics
// RUN: tile-opt %s --split-input-file --tile-allocate-memory-addr="memory-planner=pypto" -verify-diagnostics
// RUN: not tile-opt %s --split-input-file --tile-allocate-memory-addr="memory-planner=dsa-rp" --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=UNCHANGED
// RUN: not tile-opt %s --split-input-file --tile-allocate-memory-addr="arch=a5" 2>&1 | FileCheck %s --check-prefix=A5
// RUN: not tile-opt %s --split-input-file --tile-allocate-memory-addr="arch=a3" 2>&1 | FileCheck %s --check-prefix=A3
// RUN: not tile-opt %s --split-input-file --tile-allocate-memory-addr="memory-planner=ptoas" 2>&1 | FileCheck %s --check-prefix=PLANNER
// RUN: not tile-opt %s --split-input-file --tile-allocate-memory-addr="arch=a7" 2>&1 | FileCheck %s --check-prefix=ARCH

// The arch option overrides the module: with arch=a5 the vec overflows of
// a3 fit (248 KiB of vec), the others still fail; with arch=a3 the acc
// capacity of the a5 module drops to 128 KiB.
// A5-NOT: error: allocation {{.*}} fit in vec
// A5: error: allocation %2 of 102400 bytes does not fit in acc: it needs bytes [204800, 307200) but the capacity on a5 is 262144 bytes
// A5-NOT: error: allocation {{.*}} fit in vec
// A5: error: allocation {{.*}} does not fit in mat
// A5-NOT: error: allocation {{.*}} fit in vec
// A3: error: allocation %1 of 102400 bytes does not fit in acc: it needs bytes [102400, 204800) but the capacity on a3 is 131072 bytes

// The options are enums, checked when the pipeline is parsed, before any
// function is looked at (pass-options-invalid.mlir: once per pipeline); ptoas
// assigns no addresses, so it is no value of this pass's memory-planner:
// PLANNER: for the --memory-planner option: Cannot find option named 'ptoas'!
// ARCH: for the --arch option: Cannot find option named 'a7'!

// Tests that an allocation that does not fit is reported at its tile.alloc
// with the bytes it needs and the capacity, and a note at the op where the
// live allocations of its space peak (the max-live lower bound).
func.func @vec_overflow(%x: !tile.tile<160x160xf32, vec>) -> !tile.tile<160x160xf32, vec> {
  %b0 = tile.alloc : !tile.buffer<vec, 102400>
  // expected-error @+1 {{allocation %1 of 102400 bytes does not fit in vec: it needs bytes [102400, 204800) but the capacity on a3 is 188416 bytes}}
  %b1 = tile.alloc : !tile.buffer<vec, 102400>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 102400>) : !tile.tile<160x160xf32, vec>
  // expected-note @+1 {{the live allocations of vec peak here at 204800 bytes}}
  %b = tile.exp %x into(%b1 : !tile.buffer<vec, 102400>) : !tile.tile<160x160xf32, vec>
  %c = tile.add %a, %b into(%b0 : !tile.buffer<vec, 102400>) : !tile.tile<160x160xf32, vec>
  return %c : !tile.tile<160x160xf32, vec>
}

// -----

// Tests the a5 capacity of acc (256 KiB), from the module's
// tile.target_arch: three 100 KiB accumulators live together do not fit.
module attributes {tile.target_arch = "a5"} {
  func.func @acc_overflow(%l: !tile.tile<160x16xf16, left>, %r: !tile.tile<16x160xf16, right>) -> !tile.tile<160x160xf32, acc> {
    %b0 = tile.alloc : !tile.buffer<acc, 102400>
    %b1 = tile.alloc : !tile.buffer<acc, 102400>
    // expected-error @+1 {{allocation %2 of 102400 bytes does not fit in acc: it needs bytes [204800, 307200) but the capacity on a5 is 262144 bytes}}
    %b2 = tile.alloc : !tile.buffer<acc, 102400>
    %c0 = tile.matmul %l, %r into(%b0 : !tile.buffer<acc, 102400>) : !tile.tile<160x16xf16, left>, !tile.tile<16x160xf16, right> -> !tile.tile<160x160xf32, acc>
    %c1 = tile.matmul %l, %r into(%b1 : !tile.buffer<acc, 102400>) : !tile.tile<160x16xf16, left>, !tile.tile<16x160xf16, right> -> !tile.tile<160x160xf32, acc>
    // expected-note @+1 {{the live allocations of acc peak here at 307200 bytes}}
    %c2 = tile.matmul %l, %r into(%b2 : !tile.buffer<acc, 102400>) : !tile.tile<160x16xf16, left>, !tile.tile<16x160xf16, right> -> !tile.tile<160x160xf32, acc>
    %d = tile.matmul_acc %c0, %l, %r : !tile.tile<160x160xf32, acc>, !tile.tile<160x16xf16, left>, !tile.tile<16x160xf16, right>
    %e = tile.matmul_acc %c1, %l, %r : !tile.tile<160x160xf32, acc>, !tile.tile<160x16xf16, left>, !tile.tile<16x160xf16, right>
    %f = tile.matmul_acc %c2, %l, %r : !tile.tile<160x160xf32, acc>, !tile.tile<160x16xf16, left>, !tile.tile<16x160xf16, right>
    return %f : !tile.tile<160x160xf32, acc>
  }
}

// -----

// Tests that an allocation with an address beyond the capacity is reported
// (the note names the peak of its space, here its own op).
func.func @fixed_overflow(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{allocation %0 of 256 bytes does not fit in vec: it needs bytes [188416, 188672) but the capacity on a3 is 188416 bytes}}
  %p = tile.alloc addr = 188416 pinned : !tile.buffer<vec, 256>
  // expected-note @+1 {{the live allocations of vec peak here at 256 bytes}}
  %a = tile.exp %x into(%p : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %a : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a failure in one space leaves the whole function unchanged:
// the vec allocation, which fits, gets no address either.
// UNCHANGED-LABEL: func.func @mat_overflow
// UNCHANGED-NEXT:    tile.alloc : !tile.buffer<vec, 256>
// UNCHANGED-NEXT:    tile.alloc : !tile.buffer<mat, 307200>
// UNCHANGED-NEXT:    tile.alloc : !tile.buffer<mat, 307200>
func.func @mat_overflow(%A: !tile.tensor<8x8xf16>, %x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right>, !tile.tile<8x8xf32, vec>) {
  %v = tile.alloc : !tile.buffer<vec, 256>
  %m0 = tile.alloc : !tile.buffer<mat, 307200>
  // expected-error @+1 {{allocation %2 of 307200 bytes does not fit in mat: it needs bytes [307200, 614400) but the capacity on a3 is 524288 bytes}}
  %m1 = tile.alloc : !tile.buffer<mat, 307200>
  %c0 = arith.constant 0 : index
  %e = tile.exp %x into(%v : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %a = tile.load %A[%c0, %c0] into(%m0[0, 128] : !tile.buffer<mat, 307200>) : !tile.tensor<8x8xf16> -> !tile.tile<8x8xf16, mat>
  // expected-note @+1 {{the live allocations of mat peak here at 614400 bytes}}
  %b = tile.load %A[%c0, %c0] into(%m1[0, 128] : !tile.buffer<mat, 307200>) : !tile.tensor<8x8xf16> -> !tile.tile<8x8xf16, mat>
  %l = tile.move %a : !tile.tile<8x8xf16, mat> -> !tile.tile<8x8xf16, left>
  %r = tile.move %b : !tile.tile<8x8xf16, mat> -> !tile.tile<8x8xf16, right>
  return %l, %r, %e : !tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a scratch tile is in the capacity check: with vec full, the
// transpose's 256-byte scratch does not fit, and the error is at the op;
// the peak the note gives counts the scratch.
func.func @scratch_overflow(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %p = tile.alloc addr = 0 pinned : !tile.buffer<vec, 188416>
  // expected-error @+2 {{the scratch tile of 256 bytes does not fit in vec: it needs bytes [188416, 188672) but the capacity on a3 is 188416 bytes}}
  // expected-note @+1 {{the live allocations of vec peak here at 188672 bytes}}
  %t = tile.transpose %x into(%p[0, 256] : !tile.buffer<vec, 188416>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %t : !tile.tile<8x8xf32, vec>
}
