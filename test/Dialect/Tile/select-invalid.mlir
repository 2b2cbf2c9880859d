// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Tests that a comparison's result is the mask of its operands' shape.
func.func @cmp_mask_shape(%a: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.cmp' op result must be the mask of a 16x16 tile, !tile.tile<16x32xi8, vec> (a bit per element, rows of 32 bytes)}}
  %0 = tile.cmp lt %a, %a : !tile.tile<16x16xf32, vec> -> !tile.tile<16x2xi8, vec>
  return
}

// -----

func.func @cmps_mask_element(%a: !tile.tile<16x16xf32, vec>, %s: f32) {
  // expected-error @+1 {{'tile.cmps' op result must be the mask of a 16x16 tile, !tile.tile<16x32xi8, vec>}}
  %0 = tile.cmps lt %a, %s : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x8xi32, vec>
  return
}

// -----

// Tests that a mask needs whole bytes per row.
func.func @cmp_columns(%a: !tile.tile<16x4xf32, vec>) {
  // expected-error @+1 {{'tile.cmp' op a mask packs 8 columns per byte, and 4 columns is not a multiple of 8}}
  %0 = tile.cmp lt %a, %a : !tile.tile<16x4xf32, vec> -> !tile.tile<16x32xi8, vec>
  return
}

// -----

// Tests that A2/A3 compares i32 tiles for equality only (TCMP and TCMPS
// test i32 elements with vcmpv_eq whatever the mode).
func.func @cmp_i32_order(%a: !tile.tile<16x16xi32, vec>) {
  // expected-error @+1 {{'tile.cmp' op compares i32 tiles with eq or ne only: A2/A3's TCMP tests i32 elements for equality whatever the mode, so lt would be eq}}
  %0 = tile.cmp lt %a, %a : !tile.tile<16x16xi32, vec> -> !tile.tile<16x32xi8, vec>
  return
}

// -----

func.func @cmps_i32_order(%a: !tile.tile<16x16xi32, vec>, %n: i32) {
  // expected-error @+1 {{'tile.cmps' op compares i32 tiles with eq or ne only: A2/A3's TCMPS tests i32 elements for equality whatever the mode, so ge would be eq}}
  %0 = tile.cmps ge %a, %n : !tile.tile<16x16xi32, vec>, i32 -> !tile.tile<16x32xi8, vec>
  return
}

// -----

// Tests that tile.cmps takes no i16 tile (A2/A3's TCMPS reads it as f16).
func.func @cmps_i16(%a: !tile.tile<16x16xi16, vec>, %n: i16) {
  // expected-error @+1 {{'tile.cmps' op operand #0 must be tile of i32, f16 or f32, but got '!tile.tile<16x16xi16, vec>'}}
  %0 = tile.cmps eq %a, %n : !tile.tile<16x16xi16, vec>, i16 -> !tile.tile<16x32xi8, vec>
  return
}

// -----

// Tests that the operands of tile.cmp have one type.
func.func @cmp_types(%a: !tile.tile<16x16xf32, vec>, %b: !tile.tile<16x16xf16, vec>) {
  // expected-error @+1 {{'tile.cmp' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "tile.cmp"(%a, %b) <{mode = 2 : i32, operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf16, vec>) -> !tile.tile<16x32xi8, vec>
  return
}

// -----

func.func @cmp_space(%a: !tile.tile<16x16xf32, mat>) {
  // expected-error @+1 {{'tile.cmp' op operands must be in vec, not mat}}
  %0 = tile.cmp lt %a, %a : !tile.tile<16x16xf32, mat> -> !tile.tile<16x32xi8, vec>
  return
}

// -----

// Tests that tile.sel's mask is the mask of its result's shape.
func.func @sel_mask(%m: !tile.tile<16x64xi8, vec>, %a: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.sel' op mask must be the mask of a 16x16 tile, !tile.tile<16x32xi8, vec>}}
  %0 = tile.sel %m, %a, %a : !tile.tile<16x64xi8, vec>, !tile.tile<16x16xf32, vec>
  return
}

// -----

// Tests that tile.sel takes 2- and 4-byte elements (A2/A3's TSEL).
func.func @sel_i8(%m: !tile.tile<16x32xi8, vec>, %a: !tile.tile<16x32xi8, vec>) {
  // expected-error @+1 {{'tile.sel' op operand #1 must be tile of i16, i32, f16 or f32, but got '!tile.tile<16x32xi8, vec>'}}
  %0 = tile.sel %m, %a, %a : !tile.tile<16x32xi8, vec>, !tile.tile<16x32xi8, vec>
  return
}

// -----

func.func @cmp_mode_unknown(%a: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'mode' [eq, ne, lt, le, gt, ge]}}
  %0 = tile.cmp less %a, %a : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  return
}
