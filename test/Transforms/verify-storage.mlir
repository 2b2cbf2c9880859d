// RUN: tile-opt %s --tile-verify-storage --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-verify-storage="allocated=true" --split-input-file | FileCheck %s

// Programs whose storage satisfies the postcondition: the verifier accepts
// them and leaves them unchanged. Violations are in verify-storage-invalid.mlir.

// Tests that a loop-carried accumulator updated in its own buffer is accepted.
// CHECK-LABEL: func.func @accumulator_in_place
// CHECK: tile.add %{{.*}}, %{{.*}} into(%[[B:.*]] :
func.func @accumulator_in_place(%A: !tile.tensor<256x64xf32>, %n: index) -> !tile.tile<64x64xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc_buf = tile.alloc addr = 0 : !tile.buffer<vec, 16384>
  %load_buf = tile.alloc addr = 65536 : !tile.buffer<vec, 16384>
  %zero = tile.full 0.0 into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
    %t = tile.load %A[%c0, %c0] into(%load_buf : !tile.buffer<vec, 16384>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
    %next = tile.add %acc, %t into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  return %r : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that a writeback op may overwrite the operand it consumes, and that a
// chain of views of the written value stays on its storage.
// CHECK-LABEL: func.func @writeback_chain
func.func @writeback_chain(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>, %n: index) -> !tile.tile<8x32xf32, acc> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = tile.alloc addr = 0 : !tile.buffer<acc, 1024>
  %init = tile.matmul %l, %r into(%buf : !tile.buffer<acc, 1024>) : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf32, acc>
  %res = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<16x16xf32, acc>) {
    %next = tile.matmul_acc %acc, %l, %r : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    %v = tile.transpose_view %next : !tile.tile<16x16xf32, acc> -> !tile.tile<16x16xf32, acc>
    %w = tile.transpose_view %v : !tile.tile<16x16xf32, acc> -> !tile.tile<16x16xf32, acc>
    scf.yield %w : !tile.tile<16x16xf32, acc>
  }
  %view = tile.reshape %res : !tile.tile<16x16xf32, acc> -> !tile.tile<8x32xf32, acc>
  return %view : !tile.tile<8x32xf32, acc>
}

// -----

// Tests that both arms of an if may write the result's window, and that a
// write in one arm does not clobber a value read only in the other arm.
// CHECK-LABEL: func.func @exclusive_arms
func.func @exclusive_arms(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %c1f = arith.constant 1.0 : f32
    %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %b1 = tile.alloc addr = 65536 : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.muls %x, %c1f into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    %e = tile.add %a, %a into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %m = tile.move %e into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
    scf.yield %m : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a while loop whose body and condition forward the carry's window
// is accepted, and that a tensor carry updated by stores is accepted.
// CHECK-LABEL: func.func @while_and_tensor_carry
func.func @while_and_tensor_carry(%B: !tile.tensor<64x64xf32>, %x: !tile.tile<64x64xf32, vec>, %n: index) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = tile.alloc addr = 0 : !tile.buffer<vec, 16384>
  %init = tile.exp %x into(%buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %res:3 = scf.while (%i = %c0, %t = %init, %T = %B) : (index, !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) -> (index, !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t, %T : index, !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  } do {
  ^bb0(%i: index, %t: !tile.tile<64x64xf32, vec>, %T: !tile.tensor<64x64xf32>):
    %u = tile.add %t, %x into(%buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    %T1 = tile.store %u, %T[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %u, %T1 : index, !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  }
  return %res#2 : !tile.tensor<64x64xf32>
}

// -----

// Tests that yields through a transparent tile.scope are followed.
// CHECK-LABEL: func.func @yield_through_scope
func.func @yield_through_scope(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %init = tile.full 0.0 into(%buf : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (!tile.tile<8x8xf32, vec>) {
    %s = tile.scope "split_aiv" -> !tile.tile<8x8xf32, vec> {
      %next = tile.add %acc, %x into(%buf : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
      tile.scope_yield %next : !tile.tile<8x8xf32, vec>
    }
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that distinct slots and disjoint windows of one buffer are distinct
// storage, and that addresses are accepted in allocated mode.
// CHECK-LABEL: func.func @slots_and_windows
func.func @slots_and_windows(%x: !tile.tile<8x8xf32, vec>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %pool = tile.alloc addr = 0 : !tile.buffer<vec, 512, slots = 2>
  %a = tile.exp %x into(%pool[0, 256] slot 0 : !tile.buffer<vec, 512, slots = 2>) : !tile.tile<8x8xf32, vec>
  %b = tile.exp %a into(%pool[0, 256] slot 1 : !tile.buffer<vec, 512, slots = 2>) : !tile.tile<8x8xf32, vec>
  %c = tile.move %b into(%pool[256, 256] slot 1 : !tile.buffer<vec, 512, slots = 2>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %a, %b, %c : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that two results of one if may partially overlap when both arms
// yield them where they are: two overlapping slices of one tile. (This was
// reported as "results ... partially overlap", rejecting correct storage
// that the widened fuzzer produced: a row slice yielded with its source.)
// CHECK-LABEL: func.func @if_results_overlap_like_their_yields
func.func @if_results_overlap_like_their_yields(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<4x8xf32, vec>, !tile.tile<4x8xf32, vec>) {
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %t = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %r:2 = scf.if %c -> (!tile.tile<4x8xf32, vec>, !tile.tile<4x8xf32, vec>) {
    %lo = tile.slice %t[0, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
    %mid = tile.slice %t[2, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
    scf.yield %lo, %mid : !tile.tile<4x8xf32, vec>, !tile.tile<4x8xf32, vec>
  } else {
    %lo = tile.slice %t[0, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
    %mid = tile.slice %t[2, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
    scf.yield %lo, %mid : !tile.tile<4x8xf32, vec>, !tile.tile<4x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<4x8xf32, vec>, !tile.tile<4x8xf32, vec>
}

// -----

// Tests the address plans allocated mode accepts: allocations on common
// bytes whose live intervals are disjoint (%b0 is dead once %b1 is
// written), adjacent ranges live together, the same address in two spaces,
// and a scratch tile placed beside the allocations live at its op.
// CHECK-LABEL: func.func @address_sharing_without_overlap
func.func @address_sharing_without_overlap(%A: !tile.tensor<8x8xf32>, %l: !tile.tile<8x8xf16, left>, %r: !tile.tile<8x8xf16, right>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, acc>) {
  %c0 = arith.constant 0 : index
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %b1 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %b2 = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  %acc = tile.alloc addr = 0 : !tile.buffer<acc, 256>
  %a = tile.load %A[%c0, %c0] into(%b0 : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %e = tile.exp %a into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %t = tile.transpose %e into(%b1 : !tile.buffer<vec, 256>) {tile.scratch_addr = 512 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %m = tile.matmul %l, %r into(%acc : !tile.buffer<acc, 256>) : !tile.tile<8x8xf16, left>, !tile.tile<8x8xf16, right> -> !tile.tile<8x8xf32, acc>
  return %t, %m : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, acc>
}

// -----

// Tests that the capacities are the target's: 248 KiB of vec fits on a5.
// CHECK-LABEL: func.func @a5_capacity
module attributes {tile.target_arch = "a5"} {
  func.func @a5_capacity(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
    %b = tile.alloc addr = 0 : !tile.buffer<vec, 126976, slots = 2>
    %a = tile.exp %x into(%b[0, 256] slot 1 : !tile.buffer<vec, 126976, slots = 2>) : !tile.tile<8x8xf32, vec>
    return %a : !tile.tile<8x8xf32, vec>
  }
}

// -----

// Tests that an in-place pair may overlap at its op, placed at its shift:
// the exp reads the slice at byte 128 of %w for the last time and writes
// %g to exactly those bytes, whose buffer starts at 128 (in both modes: the
// windows are apart in their allocations, the same bytes in address).
// CHECK-LABEL: func.func @in_place_overlap
func.func @in_place_overlap(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<4x8xf32, vec> {
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %b1 = tile.alloc addr = 128 : !tile.buffer<vec, 128>
  %w = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %h = tile.slice %w[4, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<4x8xf32, vec>
  %g = tile.exp %h into(%b1 : !tile.buffer<vec, 128>) : !tile.tile<4x8xf32, vec>
  return %g : !tile.tile<4x8xf32, vec>
}
