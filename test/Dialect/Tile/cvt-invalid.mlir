// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Tests that tile.cvt keeps the shape.
func.func @cvt_shape(%a: !tile.tile<16x32xf32, vec>) {
  // expected-error @+1 {{'tile.cvt' op source and result shapes differ}}
  %0 = tile.cvt %a : !tile.tile<16x32xf32, vec> -> !tile.tile<32x16xf16, vec>
  return
}

// -----

// Tests that tile.cvt converts vec tiles (TCVT is a vector instruction).
func.func @cvt_source_space(%a: !tile.tile<16x32xf32, mat>) {
  // expected-error @+1 {{'tile.cvt' op source must be in vec, not mat}}
  %0 = tile.cvt %a : !tile.tile<16x32xf32, mat> -> !tile.tile<16x32xf16, vec>
  return
}

// -----

func.func @cvt_result_space(%a: !tile.tile<16x32xf32, vec>) {
  // expected-error @+1 {{'tile.cvt' op can only produce tiles in vec, not mat}}
  %0 = tile.cvt %a : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xf16, mat>
  return
}

// -----

// Tests that a pair pto-isa's A2/A3 TCVT has no instruction for is rejected
// (ptoas accepts any pair; TCVT then writes nothing on A2/A3).
func.func @cvt_f32_i8(%a: !tile.tile<16x32xf32, vec>) {
  // expected-error @+1 {{'tile.cvt' op pto-isa's A2/A3 TCVT has no 'f32' -> 'i8' conversion (from 'f32': f16, bf16, i32, i16)}}
  %0 = tile.cvt %a : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi8, vec>
  return
}

// -----

// Tests that f32 -> f32 is not a conversion (A2/A3 rounds it to an
// integral value, the simulator copies it).
func.func @cvt_same_type(%a: !tile.tile<16x32xf32, vec>) {
  // expected-error @+1 {{'tile.cvt' op pto-isa's A2/A3 TCVT has no 'f32' -> 'f32' conversion}}
  %0 = tile.cvt %a : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xf32, vec>
  return
}

// -----

// Tests that i32 -> f16 (a dequantization on A2/A3) is rejected.
func.func @cvt_i32_f16(%a: !tile.tile<16x32xi32, vec>) {
  // expected-error @+1 {{'tile.cvt' op pto-isa's A2/A3 TCVT has no 'i32' -> 'f16' conversion (from 'i32': f32, i16)}}
  %0 = tile.cvt %a : !tile.tile<16x32xi32, vec> -> !tile.tile<16x32xf16, vec>
  return
}

// -----

// Tests that a rounding mode other than rint is rejected on a conversion to
// a float (the simulator rounds those to nearest even whatever the mode).
func.func @cvt_mode_to_float(%a: !tile.tile<16x32xf32, vec>) {
  // expected-error @+1 {{'tile.cvt' op rmode floor applies to a float converted to an integer only: a conversion to a float rounds to nearest even (rint)}}
  %0 = tile.cvt %a rmode floor : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xf16, vec>
  return
}

// -----

func.func @cvt_mode_int_to_int(%a: !tile.tile<16x32xi32, vec>) {
  // expected-error @+1 {{'tile.cvt' op rmode trunc applies to a float converted to an integer only}}
  %0 = tile.cvt %a rmode trunc : !tile.tile<16x32xi32, vec> -> !tile.tile<16x32xi16, vec>
  return
}

// -----

// Tests that an unknown rounding mode is a parse error.
func.func @cvt_mode_unknown(%a: !tile.tile<16x32xf32, vec>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'rmode' [rint, round, floor, ceil, trunc]}}
  %0 = tile.cvt %a rmode odd : !tile.tile<16x32xf32, vec> -> !tile.tile<16x32xi32, vec>
  return
}
