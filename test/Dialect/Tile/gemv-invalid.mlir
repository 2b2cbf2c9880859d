// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Tests that tile.gemv's left operand is a whole 16-row box.
func.func @gemv_rows(%l: !tile.tile<1x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.gemv' op lhs must be a 16-row fractal box, not 1 rows: TGEMV reads row 0 of a 16-row left box and writes row 0 of a 16-row acc box}}
  %0 = tile.gemv %l, %r : !tile.tile<1x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
  return
}

// -----

// Tests that tile.gemv's result is a whole 16-row acc box.
func.func @gemv_result_rows(%l: !tile.tile<16x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.gemv' op result must be a 16-row fractal box, not 32 rows}}
  %0 = tile.gemv %l, %r : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<32x64xf32, acc>
  return
}

// -----

// Tests that tile.gemv's operands compose as a matmul's.
func.func @gemv_compose(%l: !tile.tile<16x16xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.gemv' op shapes do not compose: 16x16 * 32x64 -> 16x64}}
  %0 = tile.gemv %l, %r : !tile.tile<16x16xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
  return
}

// -----

// Tests that tile.gemv's left operand is in left.
func.func @gemv_spaces(%l: !tile.tile<16x32xf16, mat>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.gemv' op lhs must be in left, not mat}}
  %0 = tile.gemv %l, %r : !tile.tile<16x32xf16, mat>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
  return
}

// -----

// Tests that tile.gemv accumulates f16 products in f32.
func.func @gemv_accumulator(%l: !tile.tile<16x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  // expected-error @+1 {{'tile.gemv' op accumulates 'f16' products in 'f32', not 'f16'}}
  %0 = tile.gemv %l, %r : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf16, acc>
  return
}
