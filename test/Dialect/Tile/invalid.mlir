// RUN: tile-opt %s -split-input-file -verify-diagnostics
// RUN: not tile-opt %S/../../python/repros/correctness/constant-index-out-of-bounds-accepted.mlir 2>&1 | FileCheck %s --check-prefix=REPRO

// The reproducer (a load at row 1000 and a store at column 1000 of 64x64
// tensors): the verifier stops at the load; the store's own case is
// @store_constant_col_outside below.
// REPRO: constant-index-out-of-bounds-accepted.mlir:4:8: error: 'tile.load' op loaded tile block [1000, 0] + 64x64 lies outside the 64x64 tensor

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// Tests that a tile must be 2-D (rank 1).
// expected-error @+1 {{expected a 2-D shape, got rank 1}}
func.func private @tile_rank1(!tile.tile<64xf32, vec>)

// -----

// Tests that a tile must be 2-D (rank 3).
// expected-error @+1 {{expected a 2-D shape, got rank 3}}
func.func private @tile_rank3(!tile.tile<2x2x2xf32, vec>)

// -----

// Tests that a tile must be 2-D (rank 0).
// expected-error @+1 {{expected a 2-D shape, got rank 0}}
func.func private @tile_rank0(!tile.tile<f32, vec>)

// -----

// Tests that a tile dimension cannot be dynamic.
// expected-error @+1 {{expected static positive dimensions, got ?}}
func.func private @tile_dynamic(!tile.tile<?x64xf32, vec>)

// -----

// Tests that a tile dimension must be positive.
// expected-error @+1 {{expected static positive dimensions, got 0}}
func.func private @tile_zero(!tile.tile<64x0xf32, vec>)

// -----

// Tests that f64 is not a tile element type.
// expected-error @+1 {{unsupported element type 'f64' (expected f16, bf16, f32, i8, i16 or i32)}}
func.func private @tile_f64(!tile.tile<64x64xf64, vec>)

// -----

// Tests that i1 is not a tile element type.
// expected-error @+1 {{unsupported element type 'i1' (expected f16, bf16, f32, i8, i16 or i32)}}
func.func private @tile_i1(!tile.tile<64x64xi1, vec>)

// -----

// Tests that only signless integers are tile element types.
// expected-error @+1 {{unsupported element type 'ui8' (expected f16, bf16, f32, i8, i16 or i32)}}
func.func private @tile_ui8(!tile.tile<64x64xui8, vec>)

// -----

// Tests that index is not a tile element type.
// expected-error @+1 {{unsupported element type 'index' (expected f16, bf16, f32, i8, i16 or i32)}}
func.func private @tile_index(!tile.tile<64x64xindex, vec>)

// -----

// Tests that a tile's memory space must be a known one.
// expected-error @+1 {{unknown memory space 'ddr' (expected vec, mat, left, right, acc or bias)}}
func.func private @tile_unknown_space(!tile.tile<64x64xf32, ddr>)

// -----

// Tests that a tile type must name its memory space.
// expected-error @+1 {{expected ','}}
func.func private @tile_no_space(!tile.tile<64x64xf32>)

// -----

// Tests that a global tensor must be 2-D.
// expected-error @+1 {{expected a 2-D shape, got rank 1}}
func.func private @tensor_rank1(!tile.tensor<256xf32>)

// -----

// Tests that a global tensor dimension cannot be dynamic.
// expected-error @+1 {{expected static positive dimensions, got ?}}
func.func private @tensor_dynamic(!tile.tensor<256x?xf32>)

// -----

// Tests that a global tensor dimension must be positive.
// expected-error @+1 {{expected static positive dimensions, got 0}}
func.func private @tensor_zero(!tile.tensor<0x64xf32>)

// -----

// Tests that a global tensor's element type must be supported.
// expected-error @+1 {{unsupported element type 'i64' (expected f16, bf16, f32, i8, i16 or i32)}}
func.func private @tensor_i64(!tile.tensor<256x64xi64>)

// -----

// Tests that a buffer's memory space must be a known one.
// expected-error @+1 {{unknown memory space 'gm' (expected vec, mat, left, right, acc or bias)}}
func.func private @buffer_unknown_space(!tile.buffer<gm, 16384>)

// -----

// Tests that a buffer size of 0 is rejected.
// expected-error @+1 {{buffer size must be positive, got 0}}
func.func private @buffer_size_zero(!tile.buffer<vec, 0>)

// -----

// Tests that a negative buffer size is rejected.
// expected-error @+1 {{buffer size must be positive, got -4096}}
func.func private @buffer_size_negative(!tile.buffer<vec, -4096>)

// -----

// Tests that a buffer slot count of 0 is rejected.
// expected-error @+1 {{buffer slot count must be positive, got 0}}
func.func private @buffer_slots_zero(!tile.buffer<vec, 16384, slots = 0>)

// -----

// Tests that a negative buffer slot count is rejected.
// expected-error @+1 {{buffer slot count must be positive, got -2}}
func.func private @buffer_slots_negative(!tile.buffer<vec, 16384, slots = -2>)

// -----

// Tests that a slot count beyond 2^24 is rejected (windows keep slots in 32 bits).
// expected-error @+1 {{buffer slot count must be at most 16777216, got 4294967296}}
func.func private @buffer_slots_too_many(!tile.buffer<vec, 32, slots = 4294967296>)

// -----

// Tests that size * slots overflowing int64 is a type error, not a wrapped
// byte count (test/python/repros/correctness/buffer-size-times-slots-overflow.mlir).
func.func @buffer_size_times_slots_overflow(%a: !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec> {
  // expected-error @+1 {{buffer size * slots must be at most 1125899906842624 bytes, got 4611686018427387904 * 4}}
  %b = tile.alloc : !tile.buffer<vec, 4611686018427387904, slots = 4>
  %0 = tile.exp %a into(%b : !tile.buffer<vec, 4611686018427387904, slots = 4>) : !tile.tile<64x64xf32, vec>
  return %0 : !tile.tile<64x64xf32, vec>
}

// -----

// Tests that a buffer larger than 2^50 bytes in total is rejected, in one
// slot or across slots.
// expected-error @+1 {{buffer size * slots must be at most 1125899906842624 bytes, got 1125899906842625 * 1}}
func.func private @buffer_too_large(!tile.buffer<vec, 1125899906842625>)

// -----

// expected-error @+1 {{buffer size * slots must be at most 1125899906842624 bytes, got 562949953421313 * 2}}
func.func private @buffer_slots_too_large(!tile.buffer<vec, 562949953421313, slots = 2>)

// -----

// Tests that the slot count keyword is `slots`.
// expected-error @+1 {{expected 'slots'}}
func.func private @buffer_slot_keyword(!tile.buffer<vec, 16384, slot = 2>)

// -----

// Tests that a buffer type must give its size.
// expected-error @+1 {{expected ','}}
func.func private @buffer_no_size(!tile.buffer<vec>)

//===----------------------------------------------------------------------===//
// tile.alloc
//===----------------------------------------------------------------------===//

// -----

// Tests that tile.alloc produces a buffer.
func.func @alloc_not_buffer() {
  // expected-error @+1 {{'tile.alloc' op result #0 must be an on-chip allocation handle, but got '!tile.tile<64x64xf32, vec>'}}
  %b = tile.alloc : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that an allocation address must be non-negative.
func.func @alloc_negative_addr() {
  // expected-error @+1 {{'tile.alloc' op address must be non-negative, got -1}}
  %b = tile.alloc addr = -1 : !tile.buffer<vec, 16384>
  return
}

// -----

// Tests that a very negative allocation address is rejected too.
func.func @alloc_min_addr() {
  // expected-error @+1 {{'tile.alloc' op address must be non-negative, got -9223372036854775808}}
  %b = tile.alloc addr = -9223372036854775808 pinned : !tile.buffer<vec, 16384>
  return
}

//===----------------------------------------------------------------------===//
// The destination clause
//===----------------------------------------------------------------------===//

// -----

// Tests that the destination buffer must be in the result tile's space.
func.func @dest_space_mismatch() {
  %b = tile.alloc : !tile.buffer<mat, 16384>
  // expected-error @+1 {{'tile.full' op destination buffer is in mat but the result tile is in vec}}
  %t = tile.full 0.0 into(%b : !tile.buffer<mat, 16384>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that the destination space is checked for cross-space producers.
func.func @dest_space_mismatch_move(%m: !tile.tile<64x32xf16, mat>) {
  %b = tile.alloc : !tile.buffer<right, 4096>
  // expected-error @+1 {{'tile.move' op destination buffer is in right but the result tile is in left}}
  %t = tile.move %m into(%b : !tile.buffer<right, 4096>) : !tile.tile<64x32xf16, mat> -> !tile.tile<64x32xf16, left>
  return
}

// -----

// Tests that a window's size must be the tile's byte size.
func.func @window_size_mismatch() {
  %b = tile.alloc : !tile.buffer<vec, 32768>
  // expected-error @+1 {{'tile.full' op window size 8192 does not match the tile's 16384 bytes}}
  %t = tile.full 0.0 into(%b[0, 8192] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a window must end inside its buffer.
func.func @window_past_end() {
  %b = tile.alloc : !tile.buffer<vec, 32768>
  // expected-error @+1 {{'tile.full' op window [16385, 16384] lies outside its 32768-byte buffer}}
  %t = tile.full 0.0 into(%b[16385, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a window cannot start before its buffer.
func.func @window_negative_offset() {
  %b = tile.alloc : !tile.buffer<vec, 32768>
  // expected-error @+1 {{'tile.full' op window [-4, 16384] lies outside its 32768-byte buffer}}
  %t = tile.full 0.0 into(%b[-4, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a destination without a window needs a buffer at least as large
// as the tile.
func.func @window_whole_buffer_too_small() {
  %b = tile.alloc : !tile.buffer<vec, 8192>
  // expected-error @+1 {{'tile.full' op window [0, 16384] lies outside its 8192-byte buffer}}
  %t = tile.full 0.0 into(%b : !tile.buffer<vec, 8192>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a window whose end overflows int64 is still outside its buffer.
func.func @window_offset_overflow() {
  %b = tile.alloc : !tile.buffer<vec, 32768>
  // expected-error @+1 {{'tile.full' op window [9223372036854775000, 16384] lies outside its 32768-byte buffer}}
  %t = tile.full 0.0 into(%b[9223372036854775000, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a tile whose byte size overflows int64 cannot fit in a 16-byte
// buffer. (The exact diagnostic is up to the fix: the type may be rejected,
// or the window check may catch it; either way this line must be an error.)
func.func @tile_size_overflow() {
  %b = tile.alloc : !tile.buffer<vec, 16>
  // expected-error-re @+1 {{{{.+}}}}
  %t = tile.full 0.0 into(%b : !tile.buffer<vec, 16>) : !tile.tile<2147483648x2147483648xf32, vec>
  return
}

// -----

// Tests that a static slot must be below the buffer's slot count.
func.func @slot_out_of_range() {
  %b = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  // expected-error @+1 {{'tile.full' op slot 2 is out of range for a buffer with 2 slot(s)}}
  %t = tile.full 0.0 into(%b slot 2 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a static slot cannot be negative.
func.func @slot_negative() {
  %b = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  // expected-error @+1 {{'tile.full' op slot -1 is out of range for a buffer with 2 slot(s)}}
  %t = tile.full 0.0 into(%b slot -1 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a constant dynamic slot is checked as a static one: -1 would
// place the tile below its buffer, silently.
func.func @constant_slot_negative() {
  %b = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  %m = arith.constant -1 : index
  // expected-error @+1 {{'tile.full' op slot -1 is out of range for a buffer with 2 slot(s)}}
  %t = tile.full 0.0 into(%b slot %m : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a constant dynamic slot past int32 is out of range too (it
// stayed dynamic and its emission did not verify).
func.func @constant_slot_past_int32() {
  %b = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  %m = arith.constant 2147483648 : index
  // expected-error @+1 {{'tile.full' op slot 2147483648 is out of range for a buffer with 2 slot(s)}}
  %t = tile.full 0.0 into(%b slot %m : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a single-slot buffer only has slot 0.
func.func @slot_single_slot_buffer() {
  %b = tile.alloc : !tile.buffer<vec, 32768>
  // expected-error @+1 {{'tile.full' op slot 1 is out of range for a buffer with 1 slot(s)}}
  %t = tile.full 0.0 into(%b[16384, 16384] slot 1 : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a destination cannot have both a static and a dynamic slot
// (only expressible in the generic form).
func.func @slot_static_and_dynamic(%i: index) {
  %b = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  // expected-error @+1 {{'tile.full' op has both a static and a dynamic slot}}
  %t = "tile.full"(%b, %i) <{operandSegmentSizes = array<i32: 1, 1>, static_slot = 1 : i64, value = 0.0 : f64}> : (!tile.buffer<vec, 16384, slots = 2>, index) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a window needs a destination buffer (generic form).
func.func @window_without_dest(%a: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.add' op has a window or slot but no destination buffer}}
  %t = "tile.add"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, window = array<i64: 0, 16384>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a static slot needs a destination buffer (generic form).
func.func @static_slot_without_dest(%a: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.add' op has a window or slot but no destination buffer}}
  %t = "tile.add"(%a, %a) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_slot = 0 : i64}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a dynamic slot needs a destination buffer (generic form).
func.func @dynamic_slot_without_dest(%a: !tile.tile<64x64xf32, vec>, %i: index) {
  // expected-error @+1 {{'tile.add' op has a window or slot but no destination buffer}}
  %t = "tile.add"(%a, %a, %i) <{operandSegmentSizes = array<i32: 1, 1, 0, 1>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, index) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a window has exactly two values (generic form).
func.func @window_three_values(%a: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  // expected-error @+1 {{'tile.add' op window must be [offset, size], got 3 values}}
  %t = "tile.add"(%a, %a, %b) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, window = array<i64: 0, 16384, 0>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, !tile.buffer<vec, 16384>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that the destination operand must be a buffer (generic form).
func.func @dest_not_buffer(%a: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.add' op operand #2 must be an on-chip allocation handle, but got '!tile.tile<64x64xf32, vec>'}}
  %t = "tile.add"(%a, %a, %a) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a window is `[offset, size]`.
func.func @dest_parse_window(%a: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  // expected-error @+1 {{expected ','}}
  %t = tile.add %a, %a into(%b[0] : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that `slot` is followed by an SSA value or an integer.
func.func @dest_parse_slot(%a: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  // expected-error @+1 {{custom op 'tile.add' expected integer value}}
  %t = tile.add %a, %a into(%b slot : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that the destination clause spells the buffer type.
func.func @dest_parse_type(%a: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  // expected-error @+1 {{expected ':'}}
  %t = tile.add %a, %a into(%b) : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that tile.matmul_acc, a writeback op, takes no destination clause.
func.func @dest_on_matmul_acc(%c: !tile.tile<64x64xf32, acc>, %l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  %b = tile.alloc : !tile.buffer<acc, 16384>
  // expected-error @+1 {{expected ':'}}
  %x = tile.matmul_acc %c, %l, %r into(%b : !tile.buffer<acc, 16384>) : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
  return
}

// -----

// Tests that tile.store, a writeback op, takes no destination clause.
func.func @dest_on_store(%A: !tile.tensor<256x64xf32>, %t: !tile.tile<64x64xf32, vec>, %i: index) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  // expected-error @+1 {{expected ':'}}
  %x = tile.store %t, %A[%i, %i] into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  return
}

// -----

// Tests that tile.reshape, a view, takes no destination clause.
func.func @dest_on_reshape(%t: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  // expected-error @+1 {{a view has no destination}}
  %x = tile.reshape %t into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
  return
}

// -----

// Tests that tile.assemble, a first-input alias, takes no destination clause.
func.func @dest_on_assemble(%t: !tile.tile<64x64xf32, vec>, %s: !tile.tile<16x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 16384>
  // expected-error @+1 {{expected ':'}}
  %x = tile.assemble %t, %s[0, 0] into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  return
}

//===----------------------------------------------------------------------===//
// Fixed output spaces
//===----------------------------------------------------------------------===//

// -----

// Tests that an elementwise op cannot produce an acc tile.
func.func @add_in_acc(%a: !tile.tile<64x64xf32, acc>) {
  // expected-error @+1 {{'tile.add' op can only produce tiles in vec, not acc}}
  %t = tile.add %a, %a : !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that an elementwise op cannot produce a mat tile.
func.func @maximum_in_mat(%a: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.maximum' op can only produce tiles in vec, not mat}}
  %t = tile.maximum %a, %a : !tile.tile<64x64xf16, mat>
  return
}

// -----

// Tests that tile.exp cannot produce an acc tile.
func.func @exp_in_acc(%a: !tile.tile<64x64xf32, acc>) {
  // expected-error @+1 {{'tile.exp' op can only produce tiles in vec, not acc}}
  %t = tile.exp %a : !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that a tile-scalar op cannot produce a left tile.
func.func @muls_in_left(%a: !tile.tile<64x64xf16, left>, %s: f16) {
  // expected-error @+1 {{'tile.muls' op can only produce tiles in vec, not left}}
  %t = tile.muls %a, %s : !tile.tile<64x64xf16, left>, f16
  return
}

// -----

// Tests that tile.full cannot produce a mat tile.
func.func @full_in_mat() {
  // expected-error @+1 {{'tile.full' op can only produce tiles in vec, not mat}}
  %t = tile.full 0.0 : !tile.tile<64x64xf32, mat>
  return
}

// -----

// Tests that tile.transpose cannot produce a mat tile.
func.func @transpose_into_mat(%a: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.transpose' op can only produce tiles in vec, not mat}}
  %t = tile.transpose %a : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, mat>
  return
}

// -----

// Tests that tile.row_sum cannot produce a bias tile.
func.func @row_sum_into_bias(%a: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.row_sum' op can only produce tiles in vec, not bias}}
  %t = tile.row_sum %a : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, bias>
  return
}

// -----

// Tests that tile.row_expand_mul cannot produce a mat tile.
func.func @row_expand_mul_in_mat(%a: !tile.tile<64x64xf32, mat>, %s: !tile.tile<64x1xf32, vec>) {
  // expected-error @+1 {{'tile.row_expand_mul' op can only produce tiles in vec, not mat}}
  %t = tile.row_expand_mul %a, %s : !tile.tile<64x64xf32, mat>, !tile.tile<64x1xf32, vec>
  return
}

// -----

// Tests that tile.matmul can only produce an acc tile.
func.func @matmul_into_vec(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul' op can only produce tiles in acc, not vec}}
  %x = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, vec>
  return
}

//===----------------------------------------------------------------------===//
// Same-type constraints (generic form)
//===----------------------------------------------------------------------===//

// -----

// Tests that a binary op's operands and result share one type.
func.func @add_type_mismatch(%a: !tile.tile<64x64xf32, vec>, %c: !tile.tile<64x64xf16, vec>) {
  // expected-error @+1 {{'tile.add' op failed to verify that all of {lhs, rhs, result} have same type}}
  %t = "tile.add"(%a, %c) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf16, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a view given a destination says why it takes none (the
// parser's own error would be "expected ':'").
func.func @view_with_destination(%a: !tile.tile<64x64xf32, vec>) {
  %b = tile.alloc : !tile.buffer<vec, 8192>
  // expected-error @+1 {{a view has no destination: it names bytes of its source's window, so `into(...)` does not apply (give the source's producer the destination instead)}}
  %s = tile.slice %a[0, 0] into(%b : !tile.buffer<vec, 8192>) : !tile.tile<64x64xf32, vec> -> !tile.tile<32x64xf32, vec>
  return
}

// -----

// Tests that tile.div takes float tiles only (pto-isa's TDIV: f16 and f32 on
// A2/A3).
func.func @div_integer(%a: !tile.tile<32x32xi32, vec>) {
  // expected-error @+1 {{'tile.div' op operand #0 must be tile of f16 or f32, but got '!tile.tile<32x32xi32, vec>'}}
  %r = tile.div %a, %a : !tile.tile<32x32xi32, vec>
  return
}

// -----

// Tests that tile.exp takes f16 and f32 tiles only (pto-isa's TEXP; ptoas
// rejects a bf16 texp).
func.func @exp_bf16(%a: !tile.tile<64x64xbf16, vec>) {
  // expected-error @+1 {{'tile.exp' op operand #0 must be tile of f16 or f32, but got '!tile.tile<64x64xbf16, vec>'}}
  %r = tile.exp %a : !tile.tile<64x64xbf16, vec>
  return
}

// -----

// Tests that tile.log, sqrt, rsqrt, recip and abs take f16 and f32 tiles only
// (ptoas: "expects element type to be f16 or f32").
func.func @log_integer(%a: !tile.tile<32x32xi32, vec>) {
  // expected-error @+1 {{'tile.log' op operand #0 must be tile of f16 or f32, but got '!tile.tile<32x32xi32, vec>'}}
  %r = tile.log %a : !tile.tile<32x32xi32, vec>
  return
}

// -----

func.func @sqrt_integer(%a: !tile.tile<32x32xi16, vec>) {
  // expected-error @+1 {{'tile.sqrt' op operand #0 must be tile of f16 or f32, but got '!tile.tile<32x32xi16, vec>'}}
  %r = tile.sqrt %a : !tile.tile<32x32xi16, vec>
  return
}

// -----

func.func @rsqrt_bf16(%a: !tile.tile<32x32xbf16, vec>) {
  // expected-error @+1 {{'tile.rsqrt' op operand #0 must be tile of f16 or f32, but got '!tile.tile<32x32xbf16, vec>'}}
  %r = tile.rsqrt %a : !tile.tile<32x32xbf16, vec>
  return
}

// -----

func.func @recip_integer(%a: !tile.tile<32x32xi32, vec>) {
  // expected-error @+1 {{'tile.recip' op operand #0 must be tile of f16 or f32, but got '!tile.tile<32x32xi32, vec>'}}
  %r = tile.recip %a : !tile.tile<32x32xi32, vec>
  return
}

// -----

func.func @abs_integer(%a: !tile.tile<32x32xi32, vec>) {
  // expected-error @+1 {{'tile.abs' op operand #0 must be tile of f16 or f32, but got '!tile.tile<32x32xi32, vec>'}}
  %r = tile.abs %a : !tile.tile<32x32xi32, vec>
  return
}

// -----

// Tests that tile.neg takes i16, i32, f16 and f32 tiles (ptoas's A2/A3 tneg).
func.func @neg_i8(%a: !tile.tile<32x32xi8, vec>) {
  // expected-error @+1 {{'tile.neg' op operand #0 must be tile of i16, i32, f16 or f32, but got '!tile.tile<32x32xi8, vec>'}}
  %r = tile.neg %a : !tile.tile<32x32xi8, vec>
  return
}

// -----

// Tests that tile.relu takes i32, f16 and f32 tiles (ptoas's A2/A3 trelu).
func.func @relu_i16(%a: !tile.tile<32x32xi16, vec>) {
  // expected-error @+1 {{'tile.relu' op operand #0 must be tile of i32, f16 or f32, but got '!tile.tile<32x32xi16, vec>'}}
  %r = tile.relu %a : !tile.tile<32x32xi16, vec>
  return
}

// -----

// Tests that tile.subs takes i16, i32, f16 and f32 tiles (ptoas's A2/A3
// tsubs).
func.func @subs_i8(%a: !tile.tile<32x32xi8, vec>, %s: i32) {
  // expected-error @+1 {{'tile.subs' op operand #0 must be tile of i16, i32, f16 or f32, but got '!tile.tile<32x32xi8, vec>'}}
  %r = tile.subs %a, %s : !tile.tile<32x32xi8, vec>, i32
  return
}

// -----

// Tests that tile.divs takes float tiles only, as tile.div.
func.func @divs_integer(%a: !tile.tile<32x32xi32, vec>, %s: i32) {
  // expected-error @+1 {{'tile.divs' op operand #0 must be tile of f16 or f32, but got '!tile.tile<32x32xi32, vec>'}}
  %r = tile.divs %a, %s : !tile.tile<32x32xi32, vec>, i32
  return
}

// -----

// Tests that tile.maxs and tile.mins reject i32 tiles: ptoas takes their
// scalar as a float, and not every i32 has an f32.
func.func @maxs_i32(%a: !tile.tile<32x32xi32, vec>, %s: i32) {
  // expected-error @+1 {{'tile.maxs' op operand #0 must be tile of i16, f16 or f32, but got '!tile.tile<32x32xi32, vec>'}}
  %r = tile.maxs %a, %s : !tile.tile<32x32xi32, vec>, i32
  return
}

// -----

func.func @mins_i32(%a: !tile.tile<32x32xi32, vec>, %s: f32) {
  // expected-error @+1 {{'tile.mins' op operand #0 must be tile of i16, f16 or f32, but got '!tile.tile<32x32xi32, vec>'}}
  %r = tile.mins %a, %s : !tile.tile<32x32xi32, vec>, f32
  return
}

// -----

// Tests that tile.row_max's result is the source's rows as a column.
func.func @row_max_shape(%a: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.row_max' op result must be a 64x1 column tile}}
  %r = tile.row_max %a : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  return
}

// -----

// Tests that tile.row_min takes i16, i32, f16 and f32 tiles (ptoas's trowmin).
func.func @row_min_i8(%a: !tile.tile<64x64xi8, vec>) {
  // expected-error @+1 {{'tile.row_min' op operand #0 must be tile of i16, i32, f16 or f32, but got '!tile.tile<64x64xi8, vec>'}}
  %r = tile.row_min %a : !tile.tile<64x64xi8, vec> -> !tile.tile<64x1xi8, vec>
  return
}

// -----

// Tests that tile.col_sum's result is one row as wide as the source.
func.func @col_sum_shape(%a: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.col_sum' op result must be a 1x32 row tile}}
  %r = tile.col_sum %a : !tile.tile<64x32xf32, vec> -> !tile.tile<1x64xf32, vec>
  return
}

// -----

// Tests that tile.col_max takes f16 and f32 tiles only (pto-isa's TCOLMAX
// static-asserts them, though ptoas accepts i32).
func.func @col_max_i32(%a: !tile.tile<64x32xi32, vec>) {
  // expected-error @+1 {{'tile.col_max' op operand #0 must be tile of f16 or f32, but got '!tile.tile<64x32xi32, vec>'}}
  %r = tile.col_max %a : !tile.tile<64x32xi32, vec> -> !tile.tile<1x32xi32, vec>
  return
}

// -----

// Tests that tile.col_sum's result has the source's element type.
func.func @col_sum_element(%a: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.col_sum' op}}
  %r = tile.col_sum %a : !tile.tile<64x32xf32, vec> -> !tile.tile<1x32xf16, vec>
  return
}

// -----

// Tests that a row_expand_* operand is a column as tall as the tile.
func.func @row_expand_add_row(%a: !tile.tile<64x32xf32, vec>, %r: !tile.tile<1x32xf32, vec>) {
  // expected-error @+1 {{'tile.row_expand_add' op factors must be a 64x1 column tile}}
  %0 = tile.row_expand_add %a, %r : !tile.tile<64x32xf32, vec>, !tile.tile<1x32xf32, vec>
  return
}

// -----

// Tests that a col_expand_* operand is a row as wide as the tile.
func.func @col_expand_sub_column(%a: !tile.tile<64x32xf32, vec>, %c: !tile.tile<64x1xf32, vec>) {
  // expected-error @+1 {{'tile.col_expand_sub' op factors must be a 1x32 row tile}}
  %0 = tile.col_expand_sub %a, %c : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, vec>
  return
}

// -----

// Tests that row_expand_div and col_expand_div take float tiles only
// (ptoas's trowexpanddiv / tcolexpanddiv: f16 and f32).
func.func @row_expand_div_integer(%a: !tile.tile<64x32xi32, vec>, %c: !tile.tile<64x1xi32, vec>) {
  // expected-error @+1 {{'tile.row_expand_div' op operand #0 must be tile of f16 or f32, but got '!tile.tile<64x32xi32, vec>'}}
  %0 = tile.row_expand_div %a, %c : !tile.tile<64x32xi32, vec>, !tile.tile<64x1xi32, vec>
  return
}

// -----

func.func @col_expand_div_integer(%a: !tile.tile<64x32xi16, vec>, %r: !tile.tile<1x32xi16, vec>) {
  // expected-error @+1 {{'tile.col_expand_div' op operand #0 must be tile of f16 or f32, but got '!tile.tile<64x32xi16, vec>'}}
  %0 = tile.col_expand_div %a, %r : !tile.tile<64x32xi16, vec>, !tile.tile<1x32xi16, vec>
  return
}

// -----

// Tests that the other broadcasts take i16, i32, f16 and f32 tiles.
func.func @col_expand_max_i8(%a: !tile.tile<64x32xi8, vec>, %r: !tile.tile<1x32xi8, vec>) {
  // expected-error @+1 {{'tile.col_expand_max' op operand #0 must be tile of i16, i32, f16 or f32, but got '!tile.tile<64x32xi8, vec>'}}
  %0 = tile.col_expand_max %a, %r : !tile.tile<64x32xi8, vec>, !tile.tile<1x32xi8, vec>
  return
}

// -----

// Tests that row_expand broadcasts a column as tall as its result.
func.func @row_expand_shape(%c: !tile.tile<32x1xf32, vec>) {
  // expected-error @+1 {{'tile.row_expand' op source must be a 64x1 column tile}}
  %0 = tile.row_expand %c : !tile.tile<32x1xf32, vec> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that col_expand broadcasts a row as wide as its result, of its
// element type.
func.func @col_expand_element(%r: !tile.tile<1x32xf16, vec>) {
  // expected-error @+1 {{'tile.col_expand' op}}
  %0 = tile.col_expand %r : !tile.tile<1x32xf16, vec> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that tile.exp's result has its operand's type.
func.func @exp_type_mismatch(%a: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.exp' op failed to verify that all of {source, result} have same type}}
  %t = "tile.exp"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tile.tile<64x64xf32, vec>) -> !tile.tile<32x128xf32, vec>
  return
}

// -----

// Tests that tile.matmul_acc's result has its accumulator's type.
func.func @matmul_acc_result_type(%c: !tile.tile<64x64xf32, acc>, %l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul_acc' op failed to verify that all of {acc, result} have same type}}
  %x = "tile.matmul_acc"(%c, %l, %r) : (!tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>) -> !tile.tile<64x64xf16, acc>
  return
}

// -----

// Tests that tile.write's result has its operand's type.
func.func @write_result_type(%t: !tile.tile<64x64xf32, vec>, %i: index, %v: f32) {
  // expected-error @+1 {{'tile.write' op failed to verify that all of {tile, result} have same type}}
  %x = "tile.write"(%t, %i, %i, %v) : (!tile.tile<64x64xf32, vec>, index, index, f32) -> !tile.tile<32x64xf32, vec>
  return
}

// -----

// Tests that tile.store's result has the stored-to tensor's type.
func.func @store_result_type(%A: !tile.tensor<256x64xf32>, %t: !tile.tile<64x64xf32, vec>, %i: index) {
  // expected-error @+1 {{'tile.store' op failed to verify that all of {tensor, result} have same type}}
  %x = "tile.store"(%t, %A, %i, %i) : (!tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>, index, index) -> !tile.tensor<64x64xf32>
  return
}

// -----

// Tests that tile.assemble's result has its target's type.
func.func @assemble_result_type(%t: !tile.tile<64x64xf32, vec>, %s: !tile.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'tile.assemble' op failed to verify that all of {target, result} have same type}}
  %x = "tile.assemble"(%t, %s) <{offsets = array<i64: 0, 0>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  return
}

// -----

// Tests that a tile-scalar op's scalar is a float or signless integer.
func.func @muls_tile_scalar(%t: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.muls' op operand #1 must be floating-point or signless integer, but got '!tile.tile<64x64xf32, vec>'}}
  %x = "tile.muls"(%t, %t) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  return
}

//===----------------------------------------------------------------------===//
// tile.load / tile.store
//===----------------------------------------------------------------------===//

// -----

// Tests that tile.load takes two indices.
func.func @load_one_index(%A: !tile.tensor<256x64xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op expected 2 indices, got 1}}
  %t = tile.load %A[%i] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that tile.load keeps the tensor's element type.
func.func @load_element_mismatch(%A: !tile.tensor<256x64xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op element types differ: 'f32' vs 'f16'}}
  %t = tile.load %A[%i, %i] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf16, vec>
  return
}

// -----

// Tests that a loaded tile cannot have more columns than its tensor.
func.func @load_too_wide(%A: !tile.tensor<256x64xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op tile is larger than the tensor}}
  %t = tile.load %A[%i, %i] : !tile.tensor<256x64xf32> -> !tile.tile<64x128xf32, vec>
  return
}

// -----

// Tests that a loaded tile cannot have more rows than its tensor.
func.func @load_too_tall(%A: !tile.tensor<32x64xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op tile is larger than the tensor}}
  %t = tile.load %A[%i, %i] : !tile.tensor<32x64xf32> -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that tile.load cannot load into left.
func.func @load_into_left(%A: !tile.tensor<256x64xf16>, %i: index) {
  // expected-error @+1 {{'tile.load' op loaded tile must be in vec or mat, not left}}
  %t = tile.load %A[%i, %i] : !tile.tensor<256x64xf16> -> !tile.tile<64x64xf16, left>
  return
}

// -----

// Tests that tile.load cannot load into acc.
func.func @load_into_acc(%A: !tile.tensor<256x64xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op loaded tile must be in vec or mat, not acc}}
  %t = tile.load %A[%i, %i] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that a tile.load whose constant offsets put the block past the
// tensor's rows is rejected (the reproducer's 1000 on a 64-row tensor).
func.func @load_constant_row_outside(%A: !tile.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  // expected-error @+1 {{'tile.load' op loaded tile block [1000, 0] + 64x64 lies outside the 64x64 tensor}}
  %t = tile.load %A[%c1000, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a block that starts inside the tensor but ends past it is
// rejected: rows [200, 264) of a 256-row tensor.
func.func @load_constant_block_overhangs(%A: !tile.tensor<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %c200 = arith.constant 200 : index
  // expected-error @+1 {{'tile.load' op loaded tile block [200, 0] + 64x64 lies outside the 256x64 tensor}}
  %t = tile.load %A[%c200, %c0] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a negative constant offset is rejected.
func.func @load_constant_negative(%A: !tile.tensor<256x64xf32>) {
  %c0 = arith.constant 0 : index
  %cm8 = arith.constant -8 : index
  // expected-error @+1 {{'tile.load' op loaded tile block [0, -8] + 64x32 lies outside the 256x64 tensor}}
  %t = tile.load %A[%c0, %cm8] : !tile.tensor<256x64xf32> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that a constant offset is checked even when the other one is
// dynamic (printed as ?), and that an offset near the int64 maximum does not
// wrap around into the tensor.
func.func @load_constant_col_outside(%A: !tile.tensor<256x64xf32>, %i: index) {
  %big = arith.constant 9223372036854775807 : index
  // expected-error @+1 {{'tile.load' op loaded tile block [?, 9223372036854775807] + 64x32 lies outside the 256x64 tensor}}
  %t = tile.load %A[%i, %big] : !tile.tensor<256x64xf32> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that a tile.store whose constant offsets put the block past the
// tensor is rejected (the reproducer's store at column 1000).
func.func @store_constant_col_outside(%O: !tile.tensor<64x64xf32>, %t: !tile.tile<64x64xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  // expected-error @+1 {{'tile.store' op stored tile block [0, 1000] + 64x64 lies outside the 64x64 tensor}}
  %x = tile.store %t, %O[%c0, %c1000] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return
}

// -----

// Tests that a tile.store block one row past the end is rejected: rows
// [193, 257) of a 256-row tensor.
func.func @store_constant_off_by_one(%O: !tile.tensor<256x64xf32>, %t: !tile.tile<64x64xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c193 = arith.constant 193 : index
  // expected-error @+1 {{'tile.store' op stored tile block [193, 0] + 64x64 lies outside the 256x64 tensor}}
  %x = tile.store %t, %O[%c193, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  return
}

// -----

// Tests that tile.store takes two indices.
func.func @store_three_indices(%A: !tile.tensor<256x64xf32>, %t: !tile.tile<64x64xf32, vec>, %i: index) {
  // expected-error @+1 {{'tile.store' op expected 2 indices, got 3}}
  %x = tile.store %t, %A[%i, %i, %i] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  return
}

// -----

// Tests that tile.store keeps the tensor's element type.
func.func @store_element_mismatch(%A: !tile.tensor<256x64xf32>, %t: !tile.tile<64x64xi32, vec>, %i: index) {
  // expected-error @+1 {{'tile.store' op element types differ: 'f32' vs 'i32'}}
  %x = tile.store %t, %A[%i, %i] : !tile.tile<64x64xi32, vec>, !tile.tensor<256x64xf32>
  return
}

// -----

// Tests that a stored tile cannot be larger than its tensor.
func.func @store_too_large(%A: !tile.tensor<32x64xf32>, %t: !tile.tile<64x64xf32, vec>, %i: index) {
  // expected-error @+1 {{'tile.store' op tile is larger than the tensor}}
  %x = tile.store %t, %A[%i, %i] : !tile.tile<64x64xf32, vec>, !tile.tensor<32x64xf32>
  return
}

// -----

// Tests that tile.store cannot store from mat.
func.func @store_from_mat(%A: !tile.tensor<256x64xf32>, %t: !tile.tile<64x64xf32, mat>, %i: index) {
  // expected-error @+1 {{'tile.store' op stored tile must be in vec or acc, not mat}}
  %x = tile.store %t, %A[%i, %i] : !tile.tile<64x64xf32, mat>, !tile.tensor<256x64xf32>
  return
}

// -----

// Tests that tile.store cannot store from right.
func.func @store_from_right(%A: !tile.tensor<256x64xf16>, %t: !tile.tile<64x64xf16, right>, %i: index) {
  // expected-error @+1 {{'tile.store' op stored tile must be in vec or acc, not right}}
  %x = tile.store %t, %A[%i, %i] : !tile.tile<64x64xf16, right>, !tile.tensor<256x64xf16>
  return
}

//===----------------------------------------------------------------------===//
// tile.move
//===----------------------------------------------------------------------===//

// -----

// Tests that there is no acc->acc copy.
func.func @move_acc_acc(%x: !tile.tile<64x64xf32, acc>) {
  // expected-error @+1 {{'tile.move' op no copy from acc to acc on any target}}
  %t = tile.move %x : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that there is no mat->mat copy.
func.func @move_mat_mat(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.move' op no copy from mat to mat on any target}}
  %t = tile.move %x : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, mat>
  return
}

// -----

// Tests that there is no left->left copy.
func.func @move_left_left(%x: !tile.tile<64x64xf16, left>) {
  // expected-error @+1 {{'tile.move' op no copy from left to left on any target}}
  %t = tile.move %x : !tile.tile<64x64xf16, left> -> !tile.tile<64x64xf16, left>
  return
}

// -----

// Tests that there is no right->right copy.
func.func @move_right_right(%x: !tile.tile<64x64xf16, right>) {
  // expected-error @+1 {{'tile.move' op no copy from right to right on any target}}
  %t = tile.move %x : !tile.tile<64x64xf16, right> -> !tile.tile<64x64xf16, right>
  return
}

// -----

// Tests that there is no bias->bias copy.
func.func @move_bias_bias(%x: !tile.tile<1x64xf32, bias>) {
  // expected-error @+1 {{'tile.move' op no copy from bias to bias on any target}}
  %t = tile.move %x : !tile.tile<1x64xf32, bias> -> !tile.tile<1x64xf32, bias>
  return
}

// -----

// Tests that vec cannot be copied straight to left.
func.func @move_vec_left(%x: !tile.tile<64x64xf16, vec>) {
  // expected-error @+1 {{'tile.move' op no copy from vec to left on any target}}
  %t = tile.move %x : !tile.tile<64x64xf16, vec> -> !tile.tile<64x64xf16, left>
  return
}

// -----

// Tests that left cannot be copied back to mat.
func.func @move_left_mat(%x: !tile.tile<64x64xf16, left>) {
  // expected-error @+1 {{'tile.move' op no copy from left to mat on any target}}
  %t = tile.move %x : !tile.tile<64x64xf16, left> -> !tile.tile<64x64xf16, mat>
  return
}

// -----

// Tests that mat cannot be copied to vec.
func.func @move_mat_vec(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.move' op no copy from mat to vec on any target}}
  %t = tile.move %x : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, vec>
  return
}

// -----

// Tests that vec->mat is rejected on a3.
module attributes {tile.target_arch = "a3"} {
  func.func @move_vec_mat_a3(%x: !tile.tile<64x64xf32, vec>) {
    // expected-error @+1 {{'tile.move' op no copy from vec to mat on a3}}
    %t = tile.move %x : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, mat>
    return
  }
}

// -----

// Tests that acc->vec is rejected on a3.
module attributes {tile.target_arch = "a3"} {
  func.func @move_acc_vec_a3(%x: !tile.tile<64x64xf32, acc>) {
    // expected-error @+1 {{'tile.move' op no copy from acc to vec on a3}}
    %t = tile.move %x : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, vec>
    return
  }
}

// -----

// Tests that vec->mat and acc->vec are legal on a5 (no diagnostic).
module attributes {tile.target_arch = "a5"} {
  func.func @move_a5_pairs(%x: !tile.tile<64x64xf32, vec>, %y: !tile.tile<64x64xf32, acc>) {
    %t = tile.move %x : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, mat>
    %u = tile.move %y : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, vec>
    return
  }
}

// -----

// Tests that a5 still has no acc->acc copy, and says so.
module attributes {tile.target_arch = "a5"} {
  func.func @move_acc_acc_a5(%x: !tile.tile<64x64xf32, acc>) {
    // expected-error @+1 {{'tile.move' op no copy from acc to acc on a5}}
    %t = tile.move %x : !tile.tile<64x64xf32, acc> -> !tile.tile<64x64xf32, acc>
    return
  }
}

// -----

// Tests that an unknown tile.target_arch is diagnosed rather than silently
// treated as "any target" (which would accept a5-only copies). The message
// must mention the attribute name.
// expected-error @+1 {{tile.target_arch}}
module attributes {tile.target_arch = "a9"} {
  func.func @move_unknown_arch(%x: !tile.tile<64x64xf32, vec>) {
    %t = tile.move %x : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, mat>
    return
  }
}

// -----

// Tests that tile.move keeps the shape.
func.func @move_shape(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.move' op source and result shapes differ}}
  %t = tile.move %x : !tile.tile<64x64xf32, vec> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that tile.move keeps the element type unless it reads acc.
func.func @move_element(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.move' op element types differ: 'f16' vs 'f32'}}
  %t = tile.move %x : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf32, left>
  return
}

//===----------------------------------------------------------------------===//
// tile.extract
//===----------------------------------------------------------------------===//

// -----

// Tests that tile.extract cannot read vec.
func.func @extract_vec_left(%x: !tile.tile<64x64xf16, vec>) {
  // expected-error @+1 {{'tile.extract' op cannot extract from vec into left (mat->left/right/bias or acc->mat)}}
  %t = tile.extract %x[0, 0] : !tile.tile<64x64xf16, vec> -> !tile.tile<32x32xf16, left>
  return
}

// -----

// Tests that tile.extract cannot write vec.
func.func @extract_mat_vec(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.extract' op cannot extract from mat into vec (mat->left/right/bias or acc->mat)}}
  %t = tile.extract %x[0, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xf16, vec>
  return
}

// -----

// Tests that tile.extract cannot go from acc to left.
func.func @extract_acc_left(%x: !tile.tile<64x64xf32, acc>) {
  // expected-error @+1 {{'tile.extract' op cannot extract from acc into left (mat->left/right/bias or acc->mat)}}
  %t = tile.extract %x[0, 0] : !tile.tile<64x64xf32, acc> -> !tile.tile<32x32xf32, left>
  return
}

// -----

// Tests that tile.extract cannot stay in mat.
func.func @extract_mat_mat(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.extract' op cannot extract from mat into mat (mat->left/right/bias or acc->mat)}}
  %t = tile.extract %x[0, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xf16, mat>
  return
}

// -----

// Tests that an extracted block must lie inside its source (rows).
func.func @extract_rows_oob(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.extract' op extracted block [48, 0] + 32x32 exceeds 64x64}}
  %t = tile.extract %x[48, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xf16, left>
  return
}

// -----

// Tests that an extracted block must lie inside its source (columns).
func.func @extract_cols_oob(%x: !tile.tile<64x64xf32, acc>) {
  // expected-error @+1 {{'tile.extract' op extracted block [0, 40] + 32x32 exceeds 64x64}}
  %t = tile.extract %x[0, 40] : !tile.tile<64x64xf32, acc> -> !tile.tile<32x32xf32, mat>
  return
}

// -----

// Tests that extract offsets cannot be negative.
func.func @extract_negative_offset(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.extract' op extracted block [0, -1] + 32x32 exceeds 64x64}}
  %t = tile.extract %x[0, -1] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xf16, right>
  return
}

// -----

// Tests that tile.extract takes two offsets.
func.func @extract_one_offset(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.extract' op expected 2 offsets, got 1}}
  %t = tile.extract %x[0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xf16, left>
  return
}

// -----

// Tests that tile.extract from mat keeps the element type.
func.func @extract_element(%x: !tile.tile<64x64xf16, mat>) {
  // expected-error @+1 {{'tile.extract' op element types differ: 'f16' vs 'bf16'}}
  %t = tile.extract %x[0, 0] : !tile.tile<64x64xf16, mat> -> !tile.tile<32x32xbf16, left>
  return
}

//===----------------------------------------------------------------------===//
// Vector computation
//===----------------------------------------------------------------------===//

// -----

// Tests that tile.exp rejects i32 tiles.
func.func @exp_i32(%x: !tile.tile<64x64xi32, vec>) {
  // expected-error @+1 {{'tile.exp' op operand #0 must be tile of f16 or f32, but got '!tile.tile<64x64xi32, vec>'}}
  %t = tile.exp %x : !tile.tile<64x64xi32, vec>
  return
}

// -----

// Tests that tile.exp rejects i8 tiles.
func.func @exp_i8(%x: !tile.tile<64x64xi8, vec>) {
  // expected-error @+1 {{'tile.exp' op operand #0 must be tile of f16 or f32, but got '!tile.tile<64x64xi8, vec>'}}
  %t = tile.exp %x : !tile.tile<64x64xi8, vec>
  return
}

// -----

// Tests that tile.transpose's result is the transposed shape.
func.func @transpose_shape(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.transpose' op result shape must be the transposed source shape}}
  %t = tile.transpose %x : !tile.tile<64x32xf32, vec> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that tile.transpose reads vec.
func.func @transpose_source_space(%x: !tile.tile<64x32xf32, mat>) {
  // expected-error @+1 {{'tile.transpose' op source must be in vec, not mat}}
  %t = tile.transpose %x : !tile.tile<64x32xf32, mat> -> !tile.tile<32x64xf32, vec>
  return
}

// -----

// Tests that tile.transpose keeps the element type.
func.func @transpose_element(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.transpose' op element types differ: 'f32' vs 'f16'}}
  %t = tile.transpose %x : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf16, vec>
  return
}

// -----

// Tests that tile.row_sum produces one column.
func.func @row_sum_cols(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.row_sum' op result must be a 64x1 column tile}}
  %t = tile.row_sum %x : !tile.tile<64x32xf32, vec> -> !tile.tile<64x2xf32, vec>
  return
}

// -----

// Tests that tile.row_sum keeps the row count.
func.func @row_sum_rows(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.row_sum' op result must be a 64x1 column tile}}
  %t = tile.row_sum %x : !tile.tile<64x32xf32, vec> -> !tile.tile<32x1xf32, vec>
  return
}

// -----

// Tests that tile.row_sum reads vec.
func.func @row_sum_source_space(%x: !tile.tile<64x32xf32, mat>) {
  // expected-error @+1 {{'tile.row_sum' op source must be in vec, not mat}}
  %t = tile.row_sum %x : !tile.tile<64x32xf32, mat> -> !tile.tile<64x1xf32, vec>
  return
}

// -----

// Tests that tile.row_sum keeps the element type.
func.func @row_sum_element(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.row_sum' op element types differ: 'f32' vs 'f16'}}
  %t = tile.row_sum %x : !tile.tile<64x32xf32, vec> -> !tile.tile<64x1xf16, vec>
  return
}

// -----

// Tests that tile.row_expand_mul's factors have one column.
func.func @row_expand_mul_cols(%x: !tile.tile<64x32xf32, vec>, %s: !tile.tile<64x2xf32, vec>) {
  // expected-error @+1 {{'tile.row_expand_mul' op factors must be a 64x1 column tile}}
  %t = tile.row_expand_mul %x, %s : !tile.tile<64x32xf32, vec>, !tile.tile<64x2xf32, vec>
  return
}

// -----

// Tests that tile.row_expand_mul's factors have one row per source row.
func.func @row_expand_mul_rows(%x: !tile.tile<64x32xf32, vec>, %s: !tile.tile<32x1xf32, vec>) {
  // expected-error @+1 {{'tile.row_expand_mul' op factors must be a 64x1 column tile}}
  %t = tile.row_expand_mul %x, %s : !tile.tile<64x32xf32, vec>, !tile.tile<32x1xf32, vec>
  return
}

// -----

// Tests that tile.row_expand_mul's factors are in vec.
func.func @row_expand_mul_factor_space(%x: !tile.tile<64x32xf32, vec>, %s: !tile.tile<64x1xf32, mat>) {
  // expected-error @+1 {{'tile.row_expand_mul' op factors must be in vec, not mat}}
  %t = tile.row_expand_mul %x, %s : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf32, mat>
  return
}

// -----

// Tests that tile.row_expand_mul's factors have the source's element type.
func.func @row_expand_mul_element(%x: !tile.tile<64x32xf32, vec>, %s: !tile.tile<64x1xf16, vec>) {
  // expected-error @+1 {{'tile.row_expand_mul' op element types differ: 'f32' vs 'f16'}}
  %t = tile.row_expand_mul %x, %s : !tile.tile<64x32xf32, vec>, !tile.tile<64x1xf16, vec>
  return
}

// -----

// Tests that tile.row_expand_mul takes the element types of the other
// broadcasts (pto-isa's TROWEXPANDMUL: no i8 or bf16).
func.func @row_expand_mul_i8(%x: !tile.tile<64x32xi8, vec>, %s: !tile.tile<64x1xi8, vec>) {
  // expected-error @+1 {{'tile.row_expand_mul' op operand #0 must be tile of i16, i32, f16 or f32}}
  %t = tile.row_expand_mul %x, %s : !tile.tile<64x32xi8, vec>, !tile.tile<64x1xi8, vec>
  return
}

//===----------------------------------------------------------------------===//
// Cube computation
//===----------------------------------------------------------------------===//

// -----

// Tests that tile.matmul's inner dimensions agree.
func.func @matmul_inner_dim(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<16x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul' op shapes do not compose: 64x32 * 16x64 -> 64x64}}
  %x = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<16x64xf16, right> -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that tile.matmul's result has lhs's rows.
func.func @matmul_result_rows(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul' op shapes do not compose: 64x32 * 32x64 -> 32x64}}
  %x = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<32x64xf32, acc>
  return
}

// -----

// Tests that tile.matmul's result has rhs's columns.
func.func @matmul_result_cols(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul' op shapes do not compose: 64x32 * 32x64 -> 64x32}}
  %x = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<64x32xf32, acc>
  return
}

// -----

// Tests that tile.matmul's lhs is in left.
func.func @matmul_lhs_space(%l: !tile.tile<64x32xf16, mat>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul' op lhs must be in left, not mat}}
  %x = tile.matmul %l, %r : !tile.tile<64x32xf16, mat>, !tile.tile<32x64xf16, right> -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that tile.matmul's rhs is in right.
func.func @matmul_rhs_space(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, left>) {
  // expected-error @+1 {{'tile.matmul' op rhs must be in right, not left}}
  %x = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, left> -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that tile.matmul's operands share an element type.
func.func @matmul_element(%l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xbf16, right>) {
  // expected-error @+1 {{'tile.matmul' op element types differ: 'f16' vs 'bf16'}}
  %x = tile.matmul %l, %r : !tile.tile<64x32xf16, left>, !tile.tile<32x64xbf16, right> -> !tile.tile<64x64xf32, acc>
  return
}

// -----

// Tests that tile.matmul_acc's accumulator is in acc.
func.func @matmul_acc_space(%c: !tile.tile<64x64xf32, vec>, %l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul_acc' op accumulator must be in acc, not vec}}
  %x = tile.matmul_acc %c, %l, %r : !tile.tile<64x64xf32, vec>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
  return
}

// -----

// Tests that tile.matmul_acc's lhs is in left.
func.func @matmul_acc_lhs_space(%c: !tile.tile<64x64xf32, acc>, %l: !tile.tile<64x32xf16, right>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul_acc' op lhs must be in left, not right}}
  %x = tile.matmul_acc %c, %l, %r : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, right>, !tile.tile<32x64xf16, right>
  return
}

// -----

// Tests that tile.matmul_acc's shapes compose.
func.func @matmul_acc_shape(%c: !tile.tile<64x64xf32, acc>, %l: !tile.tile<64x16xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul_acc' op shapes do not compose: 64x16 * 32x64 -> 64x64}}
  %x = tile.matmul_acc %c, %l, %r : !tile.tile<64x64xf32, acc>, !tile.tile<64x16xf16, left>, !tile.tile<32x64xf16, right>
  return
}

// -----

// Tests that tile.matmul_acc's operands share an element type.
func.func @matmul_acc_element(%c: !tile.tile<64x64xi32, acc>, %l: !tile.tile<64x32xi8, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.matmul_acc' op element types differ: 'i8' vs 'f16'}}
  %x = tile.matmul_acc %c, %l, %r : !tile.tile<64x64xi32, acc>, !tile.tile<64x32xi8, left>, !tile.tile<32x64xf16, right>
  return
}

// -----

// Tests that init_cond is an i1.
// expected-note @+1 {{prior use here}}
func.func @matmul_acc_init_cond_type(%c: !tile.tile<64x64xf32, acc>, %l: !tile.tile<64x32xf16, left>, %r: !tile.tile<32x64xf16, right>, %f: i32) {
  // expected-error @+1 {{use of value '%f' expects different type than prior uses: 'i1' vs 'i32'}}
  %x = tile.matmul_acc %c, %l, %r init_cond %f : !tile.tile<64x64xf32, acc>, !tile.tile<64x32xf16, left>, !tile.tile<32x64xf16, right>
  return
}

//===----------------------------------------------------------------------===//
// Views and first-input aliases
//===----------------------------------------------------------------------===//

// -----

// Tests that tile.reshape keeps the element count.
func.func @reshape_count(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.reshape' op reshape must keep the element count (4096 vs 2048)}}
  %t = tile.reshape %x : !tile.tile<64x64xf32, vec> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that tile.reshape keeps the memory space.
func.func @reshape_space(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.reshape' op a view cannot change the memory space}}
  %t = tile.reshape %x : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, mat>
  return
}

// -----

// Tests that tile.reshape keeps the element type.
func.func @reshape_element(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.reshape' op element types differ: 'f32' vs 'i32'}}
  %t = tile.reshape %x : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xi32, vec>
  return
}

// -----

// Tests that a slice lies inside its source (rows).
func.func @slice_rows_oob(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op sliced block [48, 0] + 32x64 exceeds 64x64}}
  %t = tile.slice %x[48, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<32x64xf32, vec>
  return
}

// -----

// Tests that a slice lies inside its source (columns).
func.func @slice_cols_oob(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op sliced block [0, 1] + 64x64 exceeds 64x64}}
  %t = tile.slice %x[0, 1] : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that slice offsets cannot be negative.
func.func @slice_negative(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op sliced block [-16, 0] + 16x64 exceeds 64x64}}
  %t = tile.slice %x[-16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
  return
}

// -----

// Tests that tile.slice keeps the memory space.
func.func @slice_space(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op a view cannot change the memory space}}
  %t = tile.slice %x[0, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<32x64xf32, mat>
  return
}

// -----

// Tests that tile.slice keeps the element type.
func.func @slice_element(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op element types differ: 'f32' vs 'f16'}}
  %t = tile.slice %x[0, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<32x64xf16, vec>
  return
}

// -----

// Tests that tile.slice takes two offsets.
func.func @slice_three_offsets(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op expected 2 offsets, got 3}}
  %t = tile.slice %x[0, 0, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<32x64xf32, vec>
  return
}

// -----

// Tests that tile.transpose_view's result is the transposed shape.
func.func @transpose_view_shape(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.transpose_view' op result shape must be the transposed source shape}}
  %t = tile.transpose_view %x : !tile.tile<64x32xf32, vec> -> !tile.tile<64x32xf32, vec>
  return
}

// -----

// Tests that tile.transpose_view keeps the memory space.
func.func @transpose_view_space(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.transpose_view' op a view cannot change the memory space}}
  %t = tile.transpose_view %x : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xf32, mat>
  return
}

// -----

// Tests that tile.transpose_view keeps the element type.
func.func @transpose_view_element(%x: !tile.tile<64x32xf32, vec>) {
  // expected-error @+1 {{'tile.transpose_view' op element types differ: 'f32' vs 'i32'}}
  %t = tile.transpose_view %x : !tile.tile<64x32xf32, vec> -> !tile.tile<32x64xi32, vec>
  return
}

// -----

// Tests that an assembled block lies inside its target.
func.func @assemble_oob(%x: !tile.tile<64x64xf32, vec>, %y: !tile.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'tile.assemble' op assembled block [56, 0] + 16x64 exceeds 64x64}}
  %t = tile.assemble %x, %y[56, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  return
}

// -----

// Tests that an assembled block cannot start before its target.
func.func @assemble_negative(%x: !tile.tile<64x64xf32, vec>, %y: !tile.tile<16x32xf32, vec>) {
  // expected-error @+1 {{'tile.assemble' op assembled block [0, -8] + 16x32 exceeds 64x64}}
  %t = tile.assemble %x, %y[0, -8] : !tile.tile<64x64xf32, vec>, !tile.tile<16x32xf32, vec>
  return
}

// -----

// Tests that tile.assemble's source and target share a memory space.
func.func @assemble_space(%x: !tile.tile<64x64xf32, vec>, %y: !tile.tile<16x64xf32, mat>) {
  // expected-error @+1 {{'tile.assemble' op source and target must be in one memory space}}
  %t = tile.assemble %x, %y[0, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, mat>
  return
}

// -----

// Tests that tile.assemble's source and target share an element type.
func.func @assemble_element(%x: !tile.tile<64x64xf32, vec>, %y: !tile.tile<16x64xf16, vec>) {
  // expected-error @+1 {{'tile.assemble' op element types differ: 'f32' vs 'f16'}}
  %t = tile.assemble %x, %y[0, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf16, vec>
  return
}

// -----

// Tests that tile.assemble takes two offsets.
func.func @assemble_one_offset(%x: !tile.tile<64x64xf32, vec>, %y: !tile.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'tile.assemble' op expected 2 offsets, got 1}}
  %t = tile.assemble %x, %y[0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  return
}

//===----------------------------------------------------------------------===//
// tile.scope
//===----------------------------------------------------------------------===//

// -----

// Tests that a scope's yielded types must match its result types.
func.func @scope_yield_type(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.scope' op along control flow edge from Operation tile.scope_yield to parent: successor operand type #0 '!tile.tile<64x64xf32, vec>' should match successor input type #0 '!tile.tile<64x64xf16, vec>'}}
  %s = tile.scope "k" -> !tile.tile<64x64xf16, vec> {
    // expected-note @+1 {{region branch point}}
    tile.scope_yield %x : !tile.tile<64x64xf32, vec>
  }
  return
}

// -----

// Tests that a scope with a result must yield it (the implicit terminator
// yields nothing).
func.func @scope_missing_yield(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+2 {{'tile.scope' op along control flow edge from Operation tile.scope_yield to parent: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note @+1 {{region branch point}}
  %s = tile.scope "k" -> !tile.tile<64x64xf32, vec> {
  }
  return
}

// -----

// Tests that a scope without results cannot yield values.
func.func @scope_extra_yield(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.scope' op along control flow edge from Operation tile.scope_yield to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  tile.scope "k" {
    // expected-note @+1 {{region branch point}}
    tile.scope_yield %x : !tile.tile<64x64xf32, vec>
  }
  return
}

// -----

// Tests that a scope yields as many values as it has results.
func.func @scope_yield_count(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.scope' op along control flow edge from Operation tile.scope_yield to parent: region branch point has 1 operands, but region successor needs 2 inputs}}
  %s:2 = tile.scope "k" -> !tile.tile<64x64xf32, vec>, !tile.tile<64x64xf32, vec> {
    // expected-note @+1 {{region branch point}}
    tile.scope_yield %x : !tile.tile<64x64xf32, vec>
  }
  return
}

// -----

// Tests that tile.scope_yield only terminates a tile.scope.
func.func @scope_yield_outside(%x: !tile.tile<64x64xf32, vec>) {
  // expected-error @+1 {{'tile.scope_yield' op expects parent op 'tile.scope'}}
  tile.scope_yield %x : !tile.tile<64x64xf32, vec>
  return
}

// -----

// Tests that a scope body needs exactly one block (generic form).
func.func @scope_no_block() {
  // expected-error @+1 {{'tile.scope' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "tile.scope"() <{kind = "k"}> ({}) : () -> ()
  return
}

// -----

// Tests that a scope body without a terminator is diagnosed, not a crash
// (generic form).
func.func @scope_no_terminator(%x: !tile.tile<64x64xf32, vec>) {
  "tile.scope"() <{kind = "k"}> ({
    // expected-error @+1 {{block with no terminator}}
    %0 = "tile.exp"(%x) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (!tile.tile<64x64xf32, vec>) -> !tile.tile<64x64xf32, vec>
  }) : () -> ()
  return
}

// -----

// Tests that a scope body ending in another dialect's terminator is
// diagnosed, not a crash (generic form).
func.func @scope_foreign_terminator() {
  "tile.scope"() <{kind = "k"}> ({
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    "func.return"() : () -> ()
  }) : () -> ()
  return
}

// -----

// Tests that a matmul accumulates float products in f32.
func.func @matmul_wrong_accumulator(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<16x16xf16, right>) -> !tile.tile<16x16xf16, acc> {
  // expected-error @+1 {{'tile.matmul' op accumulates 'f16' products in 'f32', not 'f16'}}
  %c = tile.matmul %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right> -> !tile.tile<16x16xf16, acc>
  return %c : !tile.tile<16x16xf16, acc>
}

// -----

// Tests that tile.write only writes vec tiles.
func.func @write_outside_vec(%t: !tile.tile<16x16xf32, mat>, %i: index, %v: f32) -> !tile.tile<16x16xf32, mat> {
  // expected-error @+1 {{'tile.write' op written tile must be in vec, not mat}}
  %w = tile.write %t[%i, %i], %v : !tile.tile<16x16xf32, mat>, f32
  return %w : !tile.tile<16x16xf32, mat>
}

// -----

// Tests that a constant tile.write index outside the tile is rejected.
func.func @write_row_outside(%t: !tile.tile<16x16xf32, vec>, %v: f32) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'tile.write' op row index 16 is outside the tile's 16 rows}}
  %w = tile.write %t[%c16, %c0], %v : !tile.tile<16x16xf32, vec>, f32
  return %w : !tile.tile<16x16xf32, vec>
}

// -----

// Tests that a negative constant column index is rejected, INT64_MIN too.
func.func @write_column_negative(%t: !tile.tile<16x16xf32, vec>, %v: f32) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %min = arith.constant -9223372036854775808 : index
  // expected-error @+1 {{'tile.write' op column index -9223372036854775808 is outside the tile's 16 columns}}
  %w = tile.write %t[%c0, %min], %v : !tile.tile<16x16xf32, vec>, f32
  return %w : !tile.tile<16x16xf32, vec>
}

// -----

// Tests that tile.orchestration is a unit attribute of functions.
// expected-error @+1 {{'tile.orchestration' must be a unit attribute on a func.func}}
func.func @orchestration_value() attributes {tile.orchestration = 1 : i32} {
  return
}

// -----

// Tests that tile.scratch_addr is only accepted on the ops that need a
// scratch tile (tile.transpose, tile.row_sum).
func.func @scratch_addr_on_add(%a: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{'tile.scratch_addr' must be a non-negative i64 on an op with a scratch tile (tile.transpose, tile.row_sum, tile.row_max, tile.row_min, tile.sel, and tile.cmp on a5)}}
  %r = tile.add %a, %a {tile.scratch_addr = 0 : i64} : !tile.tile<8x8xf32, vec>
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that tile.scratch_addr is a non-negative i64 byte address.
func.func @scratch_addr_negative(%a: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{'tile.scratch_addr' must be a non-negative i64 on an op with a scratch tile (tile.transpose, tile.row_sum, tile.row_max, tile.row_min, tile.sel, and tile.cmp on a5)}}
  %r = tile.transpose %a {tile.scratch_addr = -256 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that an unsigned tile.scratch_addr is rejected (an i64 means a
// signless one), not read as if it were one.
func.func @scratch_addr_unsigned(%a: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{'tile.scratch_addr' must be a non-negative i64 on an op with a scratch tile}}
  %r = tile.transpose %a {tile.scratch_addr = 256 : ui64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a signed tile.scratch_addr is rejected too.
func.func @scratch_addr_signed(%a: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{'tile.scratch_addr' must be a non-negative i64 on an op with a scratch tile}}
  %r = tile.transpose %a {tile.scratch_addr = 256 : si64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %r : !tile.tile<8x8xf32, vec>
}
