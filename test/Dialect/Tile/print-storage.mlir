// RUN: tile-opt %s --tile-test-print-storage --mlir-disable-threading -o /dev/null | FileCheck %s

// The storage analysis prints, per function and in program order (an op's
// region arguments, then its results, then the ops nested in it), the window
// of every tile and tensor value: `<value>: <root>[<offset>, <size>]`, then
// ` slot <s>` for a dynamic slot or a non-zero static slot, then
// ` layout [<row stride>, <column stride>]` (in elements) for a value not
// stored densely row-major (slices of columns, transposed views), or `none`.
// Buffers, indices and scalars have no window and are not printed.
//
// --mlir-disable-threading: the pass runs on each func.func and prints to
// stdout; with threading, functions are printed in a nondeterministic order.

// Tests that an allocating producer's window is its destination clause: the
// whole buffer from 0, an explicit window, a static slot, a dynamic slot, and
// a window with a slot. Static slot 0 is the default and is not printed.
// CHECK-LABEL: storage of @allocating
// CHECK-NEXT:   %arg0: %arg0[0, 65536]
// CHECK-NEXT:   %1: %0[0, 16384]
// CHECK-NEXT:   %2: %0[16384, 16384]
// CHECK-NEXT:   %3: %0[0, 16384] slot 1
// CHECK-NEXT:   %4: %0[0, 16384] slot %arg1
// CHECK-NEXT:   %5: %0[16384, 8192] slot %arg1
// CHECK-NEXT:   %6: %0[8192, 8192]{{$}}
// CHECK-NEXT:   %7: %0[24576, 256] slot 1
// CHECK-NOT: {{.}}
func.func @allocating(%A: !tile.tensor<256x64xf32>, %i: index) {
  %b = tile.alloc : !tile.buffer<vec, 32768, slots = 2>
  %t0 = tile.load %A[%i, %i] into(%b : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  %t1 = tile.load %A[%i, %i] into(%b[16384, 16384] : !tile.buffer<vec, 32768, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  %t2 = tile.add %t0, %t1 into(%b slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
  %t3 = tile.exp %t2 into(%b slot %i : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec>
  %t4 = tile.full 0.0 into(%b[16384, 8192] slot %i : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<32x64xf32, vec>
  %t5 = tile.create into(%b[8192, 8192] slot 0 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<32x64xf32, vec>
  %t6 = tile.row_sum %t3 into(%b[24576, 256] slot 1 : !tile.buffer<vec, 32768, slots = 2>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
  return
}

// Tests that producers in other spaces (extract, matmul, move) take their
// destination window too.
// CHECK-LABEL: storage of @allocating_cube
// CHECK-NEXT:   %arg0: %arg0[0, 8192]
// CHECK-NEXT:   %4: %0[0, 4096]
// CHECK-NEXT:   %5: %1[4096, 4096]
// CHECK-NEXT:   %6: %2[0, 16384] slot 1
// CHECK-NEXT:   %7: %3[16384, 16384]
// CHECK-NOT: {{.}}
func.func @allocating_cube(%m: !tile.tile<64x64xf16, mat>) {
  %lb = tile.alloc : !tile.buffer<left, 4096>
  %rb = tile.alloc : !tile.buffer<right, 8192>
  %cb = tile.alloc : !tile.buffer<acc, 16384, slots = 2>
  %mb = tile.alloc : !tile.buffer<mat, 32768>
  %l = tile.extract %m[0, 0] into(%lb : !tile.buffer<left, 4096>) : !tile.tile<64x64xf16, mat> -> !tile.tile<64x32xf16, left>
  %r = tile.extract %m[32, 0] into(%rb[4096, 4096] : !tile.buffer<right, 8192>) : !tile.tile<64x64xf16, mat> -> !tile.tile<32x64xf16, right>
  %c = tile.matmul %l, %r into(%cb slot 1 : !tile.buffer<acc, 16384, slots = 2>) : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, acc>
  %c2m = tile.move %c into(%mb[16384, 16384] : !tile.buffer<mat, 32768>) : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, mat>
  return
}

// Tests that a producer with no destination has no storage yet, and neither
// have the values deriving from it (views, writebacks).
// CHECK-LABEL: storage of @no_destination
// CHECK-NEXT:   %arg0: %arg0[0, 16384]
// CHECK-NEXT:   %0: none
// CHECK-NEXT:   %1: none
// CHECK-NEXT:   %2: none
// CHECK-NEXT:   %3: none
// CHECK-NOT: {{.}}
func.func @no_destination(%a: !tile.tile<64x64xf32, vec>, %i: index, %v: f32) {
  %0 = tile.add %a, %a : !tile.tile<64x64xf32, vec>
  %1 = tile.slice %0[16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
  %2 = tile.write %0[%i, %i], %v : !tile.tile<64x64xf32, vec>, f32
  %3 = tile.create : !tile.tile<64x64xf32, vec>
  return
}

// Tests that tile.matmul_acc (writeback of operand 0) yields its accumulator's
// window, slot included, and keeps it through a chain.
// CHECK-LABEL: storage of @writeback_matmul_acc
// CHECK-NEXT:   %arg0: %arg0[0, 4096]
// CHECK-NEXT:   %arg1: %arg1[0, 4096]
// CHECK-NEXT:   %1: %0[16384, 16384] slot %arg2
// CHECK-NEXT:   %2: %0[16384, 16384] slot %arg2
// CHECK-NEXT:   %3: %0[16384, 16384] slot %arg2
// CHECK-NOT: {{.}}
func.func @writeback_matmul_acc(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>, %i: index, %first: i1) {
  %cb = tile.alloc : !tile.buffer<acc, 32768, slots = 2>
  %c0 = tile.create into(%cb[16384, 16384] slot %i : !tile.buffer<acc, 32768, slots = 2>) : !tile.tile<64x64xf32, acc>
  %c1 = tile.matmul_acc %c0, %l, %r init_cond %first : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
  %c2 = tile.matmul_acc %c1, %l, %r : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
  return
}

// Tests that tile.write (writeback of operand 0) yields the written tile's
// window.
// CHECK-LABEL: storage of @writeback_write
// CHECK-NEXT:   %1: %0[4096, 16384] slot 2
// CHECK-NEXT:   %2: %0[4096, 16384] slot 2
// CHECK-NOT: {{.}}
func.func @writeback_write(%i: index, %v: f32) {
  %b = tile.alloc : !tile.buffer<vec, 20480, slots = 3>
  %t = tile.full 0.0 into(%b[4096, 16384] slot 2 : !tile.buffer<vec, 20480, slots = 3>) : !tile.tile<64x64xf32, vec>
  %t1 = tile.write %t[%i, %i], %v : !tile.tile<64x64xf32, vec>, f32
  return
}

// Tests that tile.store (write-only writeback of operand 1, a tensor) yields
// the stored-to tensor's window, here a function argument's, through a chain.
// CHECK-LABEL: storage of @writeback_store
// CHECK-NEXT:   %arg0: %arg0[0, 65536]
// CHECK-NEXT:   %arg1: %arg1[0, 16384]
// CHECK-NEXT:   %0: %arg0[0, 65536]
// CHECK-NEXT:   %1: %arg0[0, 65536]
// CHECK-NOT: {{.}}
func.func @writeback_store(%T: !tile.tensor<256x64xf32>, %t: !tile.tile<64x64xf32, vec>, %i: index) -> !tile.tensor<256x64xf32> {
  %T1 = tile.store %t, %T[%i, %i] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  %T2 = tile.store %t, %T1[%i, %i] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  return %T2 : !tile.tensor<256x64xf32>
}

// Tests that tile.reshape is its source's window at relative offset 0.
// CHECK-LABEL: storage of @view_reshape
// CHECK-NEXT:   %1: %0[8192, 16384] slot 1
// CHECK-NEXT:   %2: %0[8192, 16384] slot 1
// CHECK-NEXT:   %3: %0[8192, 16384] slot 1
// CHECK-NOT: {{.}}
func.func @view_reshape() {
  %b = tile.alloc : !tile.buffer<vec, 24576, slots = 2>
  %t = tile.full 0.0 into(%b[8192, 16384] slot 1 : !tile.buffer<vec, 24576, slots = 2>) : !tile.tile<64x64xf32, vec>
  %r = tile.reshape %t : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
  %r2 = tile.reshape %r : !tile.tile<128x32xf32, vec> -> !tile.tile<4096x1xf32, vec>
  return
}

// Tests tile.slice windows: a row slice starts at its first row and spans
// its own bytes; a column slice starts at its first element and spans up to
// its last one (a strided view: 63 full rows plus 32 elements); offsets add
// up through a slice of a row slice.
// CHECK-LABEL: storage of @view_slice
// CHECK-NEXT:   %1: %0[1024, 16384]
// CHECK-NEXT:   %2: %0[5120, 4096]
// CHECK-NEXT:   %3: %0[1152, 16256] layout [64, 1]
// CHECK-NEXT:   %4: %0[5376, 2048]
// CHECK-NEXT:   %5: %0[1024, 16384]
// CHECK-NOT: {{.}}
func.func @view_slice() {
  %b = tile.alloc : !tile.buffer<vec, 17408>
  %t = tile.full 0.0 into(%b[1024, 16384] : !tile.buffer<vec, 17408>) : !tile.tile<64x64xf32, vec>
  // Rows 16..31: offset 16 * 64 * 4 = 4096.
  %rows = tile.slice %t[16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
  // Columns 32..63: offset 32 * 4 = 128, span (63 * 64 + 32) * 4 = 16256.
  %cols = tile.slice %t[0, 32] : !tile.tile<64x64xf32, vec> -> !tile.tile<64x32xf32, vec>
  // Row 1 onwards of %rows: 4096 + 1 * 64 * 4 = 4352, 8 rows = 2048 bytes.
  %sub = tile.slice %rows[1, 0] : !tile.tile<16x64xf32, vec> -> !tile.tile<8x64xf32, vec>
  // A whole-tile slice is its source's window.
  %all = tile.slice %t[0, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  return
}

// Tests that slicing a strided (column) slice accounts for the row stride of
// the underlying storage: row 1 of the 32 right-hand columns of a 64x64xf32
// tile starts at (1 * 64 + 32) * 4 = 384, and a whole-tile slice of the
// column slice keeps its span.
// CHECK-LABEL: storage of @view_slice_of_strided_slice
// CHECK-NEXT:   %1: %0[0, 16384]
// CHECK-NEXT:   %2: %0[128, 16256] layout [64, 1]
// CHECK-NEXT:   %3: %0[384, 128] layout [64, 1]
// CHECK-NEXT:   %4: %0[128, 16256] layout [64, 1]
// CHECK-NOT: {{.}}
func.func @view_slice_of_strided_slice() {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %t = tile.full 0.0 into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %cols = tile.slice %t[0, 32] : !tile.tile<64x64xf32, vec> -> !tile.tile<64x32xf32, vec>
  %row1 = tile.slice %cols[1, 0] : !tile.tile<64x32xf32, vec> -> !tile.tile<1x32xf32, vec>
  %same = tile.slice %cols[0, 0] : !tile.tile<64x32xf32, vec> -> !tile.tile<64x32xf32, vec>
  return
}

// Tests that tile.transpose_view is its source's window (the whole tile, or
// a contiguous row slice), and that views keep a dynamic slot.
// CHECK-LABEL: storage of @view_transpose_view
// CHECK-NEXT:   %1: %0[8192, 8192] slot %arg0
// CHECK-NEXT:   %2: %0[8192, 8192] slot %arg0 layout [1, 32]
// CHECK-NEXT:   %3: %0[10240, 2048] slot %arg0
// CHECK-NEXT:   %4: %0[10240, 2048] slot %arg0 layout [1, 32]
// CHECK-NOT: {{.}}
func.func @view_transpose_view(%i: index) {
  %b = tile.alloc : !tile.buffer<vec, 16384, slots = 4>
  %t = tile.full 0.0 into(%b[8192, 8192] slot %i : !tile.buffer<vec, 16384, slots = 4>) : !tile.tile<64x32xf32, vec>
  %v = tile.transpose_view %t : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
  // Rows 16..31: offset 16 * 32 * 4 = 2048.
  %s = tile.slice %t[16, 0] : !tile.tile<64x32xf32, vec> -> !tile.tile<16x32xf32, vec>
  %sv = tile.transpose_view %s : !tile.tile<16x32xf32, vec> -> !tile.tile<32x16xf32, vec>
  return
}

// Tests that slicing a transposed view covers the bytes of the elements it
// reads: rows 16..31 of the transpose of a 64x32xf32 tile are its columns
// 16..31, from element (0, 16) at byte 64 to element (63, 31) ending at byte
// 8192, so the window is [8192 + 64, 8128].
// CHECK-LABEL: storage of @view_slice_of_transpose_view
// CHECK-NEXT:   %1: %0[8192, 8192]
// CHECK-NEXT:   %2: %0[8192, 8192] layout [1, 32]
// CHECK-NEXT:   %3: %0[8256, 8128] layout [1, 32]
// CHECK-NOT: {{.}}
func.func @view_slice_of_transpose_view() {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %t = tile.full 0.0 into(%b[8192, 8192] : !tile.buffer<vec, 16384>) : !tile.tile<64x32xf32, vec>
  %v = tile.transpose_view %t : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, vec>
  %s = tile.slice %v[16, 0] : !tile.tile<32x64xf32, vec> -> !tile.tile<16x64xf32, vec>
  return
}

// Tests that tile.assemble (a first-input alias that writes data) is its
// target's window, whatever the source's.
// CHECK-LABEL: storage of @assemble
// CHECK-NEXT:   %1: %0[0, 16384]
// CHECK-NEXT:   %2: %0[16384, 4096]
// CHECK-NEXT:   %3: %0[0, 16384]
// CHECK-NEXT:   %4: %0[0, 16384]
// CHECK-NOT: {{.}}
func.func @assemble() {
  %b = tile.alloc : !tile.buffer<vec, 20480>
  %t = tile.full 0.0 into(%b[0, 16384] : !tile.buffer<vec, 20480>) : !tile.tile<64x64xf32, vec>
  %s = tile.full 1.0 into(%b[16384, 4096] : !tile.buffer<vec, 20480>) : !tile.tile<16x64xf32, vec>
  %t1 = tile.assemble %t, %s[48, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  %t2 = tile.assemble %t1, %s[0, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  return
}

// Tests that scf.for iter_args and results take their initializer's window
// (not the yielded value's), for tiles and tensors, and that a carry whose
// initializer is a function argument is external.
// CHECK-LABEL: storage of @for_carries
// CHECK-NEXT:   %arg0: %arg0[0, 16384]
// CHECK-NEXT:   %arg1: %arg1[0, 65536]
// CHECK-NEXT:   %1: %0[0, 16384]
// CHECK-NEXT:   %arg4: %0[0, 16384]
// CHECK-NEXT:   %arg5: %arg0[0, 16384]
// CHECK-NEXT:   %arg6: %arg1[0, 65536]
// CHECK-NEXT:   %2#0: %0[0, 16384]
// CHECK-NEXT:   %2#1: %arg0[0, 16384]
// CHECK-NEXT:   %2#2: %arg1[0, 65536]
// CHECK-NEXT:   %3: %0[16384, 16384]
// CHECK-NEXT:   %4: %arg1[0, 65536]
// CHECK-NOT: {{.}}
func.func @for_carries(%x: !tile.tile<64x64xf32, vec>, %T: !tile.tensor<256x64xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 32768>
  %a = tile.full 0.0 into(%b[0, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a, %y = %x, %U = %T)
      -> (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>) {
    // Deliberately yields another window: the analysis still uses the init's.
    %nx = tile.add %acc, %y into(%b[16384, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
    %U1 = tile.store %nx, %U[%i, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
    scf.yield %nx, %y, %U1 : !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  }
  return
}

// Tests nested loops: an inner carry initialized by an outer carry gets the
// outer initializer's window.
// CHECK-LABEL: storage of @for_nested
// CHECK-NEXT:   %1: %0[0, 16384] slot 1
// CHECK-NEXT:   %arg2: %0[0, 16384] slot 1
// CHECK-NEXT:   %2: %0[0, 16384] slot 1
// CHECK-NEXT:   %arg4: %0[0, 16384] slot 1
// CHECK-NEXT:   %3: %0[0, 16384] slot 1
// CHECK-NEXT:   %4: %0[0, 16384] slot 1
// CHECK-NOT: {{.}}
func.func @for_nested(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  %a = tile.full 0.0 into(%b slot 1 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!tile.tile<64x64xf32, vec>) {
    %in = scf.for %j = %c0 to %n step %c1 iter_args(%acc2 = %acc) -> (!tile.tile<64x64xf32, vec>) {
      %e = tile.exp %acc2 into(%b slot 1 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xf32, vec>
      scf.yield %e : !tile.tile<64x64xf32, vec>
    }
    scf.yield %in : !tile.tile<64x64xf32, vec>
  }
  return
}

// Tests scf.while: before-region arguments take the initializers' windows;
// after-region arguments take the scf.condition operands' windows (here
// swapped, and one computed in the before region); results, like an
// scf.for's, take their carries' windows, which valid storage forwards them
// in.
// CHECK-LABEL: storage of @while_carries
// CHECK-NEXT:   %1: %0[0, 4096]
// CHECK-NEXT:   %2: %0[4096, 4096]
// CHECK-NEXT:   %arg1: %0[0, 4096]
// CHECK-NEXT:   %arg2: %0[4096, 4096]
// CHECK-NEXT:   %arg1: %0[4096, 4096]
// CHECK-NEXT:   %arg2: %0[8192, 4096]
// CHECK-NEXT:   %3#0: %0[0, 4096]
// CHECK-NEXT:   %3#1: %0[4096, 4096]
// CHECK-NEXT:   %4: %0[8192, 4096]
// CHECK-NOT: {{.}}
func.func @while_carries(%c: i1) {
  %b = tile.alloc : !tile.buffer<vec, 12288>
  %p0 = tile.full 0.0 into(%b[0, 4096] : !tile.buffer<vec, 12288>) : !tile.tile<32x32xf32, vec>
  %q0 = tile.full 1.0 into(%b[4096, 4096] : !tile.buffer<vec, 12288>) : !tile.tile<32x32xf32, vec>
  %w:2 = scf.while (%p = %p0, %q = %q0) : (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) -> (!tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>) {
    %e = tile.exp %p into(%b[8192, 4096] : !tile.buffer<vec, 12288>) : !tile.tile<32x32xf32, vec>
    scf.condition(%c) %q, %e : !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>
  } do {
  ^bb0(%s: !tile.tile<32x32xf32, vec>, %t: !tile.tile<32x32xf32, vec>):
    scf.yield %s, %t : !tile.tile<32x32xf32, vec>, !tile.tile<32x32xf32, vec>
  }
  return
}

// Tests that scf.if results take the then-arm's yielded window.
// CHECK-LABEL: storage of @if_results
// CHECK-NEXT:   %arg0: %arg0[0, 16384]
// CHECK-NEXT:   %1: %0[16384, 16384]
// CHECK-NEXT:   %2: %0[16384, 16384]
// CHECK-NEXT:   %4: %0[16384, 16384]
// CHECK-NEXT:   %4: %0[0, 16384]
// CHECK-NEXT:   %3: %arg0[0, 16384]
// CHECK-NOT: {{.}}
func.func @if_results(%x: !tile.tile<64x64xf32, vec>, %c: i1) {
  %b = tile.alloc : !tile.buffer<vec, 32768>
  %z = tile.full 0.0 into(%b[16384, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
  %f = scf.if %c -> !tile.tile<64x64xf32, vec> {
    %y = tile.exp %z into(%b[16384, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
    scf.yield %y : !tile.tile<64x64xf32, vec>
  } else {
    %y = tile.exp %x into(%b[0, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
    scf.yield %y : !tile.tile<64x64xf32, vec>
  }
  %g = scf.if %c -> !tile.tile<64x64xf32, vec> {
    scf.yield %x : !tile.tile<64x64xf32, vec>
  } else {
    scf.yield %z : !tile.tile<64x64xf32, vec>
  }
  return
}

// Tests that tile.scope results take the yielded values' windows, and that
// ops inside a scope are analyzed like any other.
// CHECK-LABEL: storage of @scope_results
// CHECK-NEXT:   %arg0: %arg0[0, 16384]
// CHECK-NEXT:   %1#0: %0[16384, 16384]
// CHECK-NEXT:   %1#1: %arg0[0, 16384]
// CHECK-NEXT:   %2: %0[16384, 16384]
// CHECK-NOT: {{.}}
func.func @scope_results(%x: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 32768>
  %r:2 = tile.scope "split_aiv" -> !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec> {
    %y = tile.exp %x into(%b[16384, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
    tile.scope_yield %y, %x : !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>
  }
  return
}

// Tests that function arguments have external storage rooted at the argument
// itself, covering the whole tile or tensor, in every space.
// CHECK-LABEL: storage of @function_args
// CHECK-NEXT:   %arg0: %arg0[0, 16384]
// CHECK-NEXT:   %arg1: %arg1[0, 2048]
// CHECK-NEXT:   %arg2: %arg2[0, 32768]
// CHECK-NEXT:   %arg4: %arg4[0, 64]
// CHECK-NOT: {{.}}
func.func @function_args(%v: !tile.tile<64x64xf32, vec>, %m: !tile.tile<32x32xbf16, mat>,
                         %T: !tile.tensor<256x64xi16>, %n: index, %c: !tile.tile<4x4xi32, acc>,
                         %buf: !tile.buffer<vec, 1024>) {
  return
}

// Tests that results of ops outside the storage rules (arith.select,
// scf.execute_region) have no window.
// CHECK-LABEL: storage of @outside_rules
// CHECK-NEXT:   %arg0: %arg0[0, 16384]
// CHECK-NEXT:   %arg1: %arg1[0, 16384]
// CHECK-NEXT:   %0: none
// CHECK-NEXT:   %1: none
// CHECK-NOT: {{.}}
func.func @outside_rules(%x: !tile.tile<64x64xf32, vec>, %y: !tile.tile<64x64xf32, vec>, %c: i1) {
  %s = arith.select %c, %x, %y : !tile.tile<64x64xf32, vec>
  %e = scf.execute_region -> !tile.tile<64x64xf32, vec> {
    scf.yield %x : !tile.tile<64x64xf32, vec>
  }
  return
}
