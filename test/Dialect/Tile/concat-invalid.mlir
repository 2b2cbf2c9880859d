// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Tests that tile.concat's result has both operands' columns.
func.func @concat_columns(%a: !tile.tile<16x8xf32, vec>, %b: !tile.tile<16x24xf32, vec>) {
  // expected-error @+1 {{'tile.concat' op result must be the 16x32 tile of both operands' columns side by side (16x8 and 16x24 -> 16x24)}}
  %0 = tile.concat %a, %b : !tile.tile<16x8xf32, vec>, !tile.tile<16x24xf32, vec> -> !tile.tile<16x24xf32, vec>
  return
}

// -----

func.func @concat_rows(%a: !tile.tile<16x8xf32, vec>, %b: !tile.tile<8x8xf32, vec>) {
  // expected-error @+1 {{'tile.concat' op result must be the 16x16 tile of both operands' columns side by side (16x8 and 8x8 -> 16x16)}}
  %0 = tile.concat %a, %b : !tile.tile<16x8xf32, vec>, !tile.tile<8x8xf32, vec> -> !tile.tile<16x16xf32, vec>
  return
}

// -----

func.func @concat_elements(%a: !tile.tile<16x8xf32, vec>, %b: !tile.tile<16x16xf16, vec>) {
  // expected-error @+1 {{'tile.concat' op element types differ: 'f32' vs 'f16'}}
  %0 = tile.concat %a, %b : !tile.tile<16x8xf32, vec>, !tile.tile<16x16xf16, vec> -> !tile.tile<16x24xf32, vec>
  return
}

// -----

func.func @concat_space(%a: !tile.tile<16x8xf32, mat>, %b: !tile.tile<16x8xf32, vec>) {
  // expected-error @+1 {{'tile.concat' op lhs must be in vec, not mat}}
  %0 = tile.concat %a, %b : !tile.tile<16x8xf32, mat>, !tile.tile<16x8xf32, vec> -> !tile.tile<16x16xf32, vec>
  return
}
