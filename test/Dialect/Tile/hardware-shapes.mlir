// RUN: tile-opt %s -split-input-file | tile-opt -split-input-file | FileCheck %s

// The shapes each target holds at the boundaries of pto-isa's rules
// (pto/common/pto_tile.hpp; include/tilemem/Dialect/Tile/IR/HardwareShapes.h).
// The cases past the boundaries are in hardware-shapes-invalid.mlir.

// Tests that a3 holds a vec row of 32 bytes, the shortest.
// CHECK-LABEL: func.func private @legal_1x8xf32_vec
// CHECK-SAME: !tile.tile<1x8xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_1x8xf32_vec(!tile.tile<1x8xf32, vec>)
}

// -----

// Tests that a3 holds vec rows of any count (vec tiles are never boxed).
// CHECK-LABEL: func.func private @legal_3x8xf32_vec
// CHECK-SAME: !tile.tile<3x8xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_3x8xf32_vec(!tile.tile<3x8xf32, vec>)
}

// -----

// Tests that a3 holds a vec column of 32 bytes (column-major).
// CHECK-LABEL: func.func private @legal_8x1xf32_vec
// CHECK-SAME: !tile.tile<8x1xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_8x1xf32_vec(!tile.tile<8x1xf32, vec>)
}

// -----

// Tests that a3 holds an f16 vec row of 32 bytes.
// CHECK-LABEL: func.func private @legal_1x16xf16_vec
// CHECK-SAME: !tile.tile<1x16xf16, vec>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_1x16xf16_vec(!tile.tile<1x16xf16, vec>)
}

// -----

// Tests that a3 holds an i8 vec row of 32 bytes.
// CHECK-LABEL: func.func private @legal_1x32xi8_vec
// CHECK-SAME: !tile.tile<1x32xi8, vec>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_1x32xi8_vec(!tile.tile<1x32xi8, vec>)
}

// -----

// Tests that a3 holds an f32 mat tile of one 16 x 8 fractal box.
// CHECK-LABEL: func.func private @legal_16x8xf32_mat
// CHECK-SAME: !tile.tile<16x8xf32, mat>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_16x8xf32_mat(!tile.tile<16x8xf32, mat>)
}

// -----

// Tests that a3 holds a single-row mat tile (rows are not boxed then).
// CHECK-LABEL: func.func private @legal_1x8xf32_mat
// CHECK-SAME: !tile.tile<1x8xf32, mat>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_1x8xf32_mat(!tile.tile<1x8xf32, mat>)
}

// -----

// Tests that a3 holds an f16 mat tile of one 16 x 16 fractal box.
// CHECK-LABEL: func.func private @legal_16x16xf16_mat
// CHECK-SAME: !tile.tile<16x16xf16, mat>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_16x16xf16_mat(!tile.tile<16x16xf16, mat>)
}

// -----

// Tests that a3 holds an i8 mat tile of one 16 x 32 fractal box.
// CHECK-LABEL: func.func private @legal_16x32xi8_mat
// CHECK-SAME: !tile.tile<16x32xi8, mat>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_16x32xi8_mat(!tile.tile<16x32xi8, mat>)
}

// -----

// Tests that a3 holds an f32 left tile of one fractal box.
// CHECK-LABEL: func.func private @legal_16x8xf32_left
// CHECK-SAME: !tile.tile<16x8xf32, left>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_16x8xf32_left(!tile.tile<16x8xf32, left>)
}

// -----

// Tests that a5 holds an f32 left tile on a5 (column-major boxes).
// CHECK-LABEL: func.func private @legal_16x8xf32_left_a5
// CHECK-SAME: !tile.tile<16x8xf32, left>
module attributes {tile.target_arch = "a5"} {
  func.func private @legal_16x8xf32_left_a5(!tile.tile<16x8xf32, left>)
}

// -----

// Tests that a3 holds an f32 right tile of one 8 x 16 (column-major) box.
// CHECK-LABEL: func.func private @legal_8x16xf32_right
// CHECK-SAME: !tile.tile<8x16xf32, right>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_8x16xf32_right(!tile.tile<8x16xf32, right>)
}

// -----

// Tests that a3 holds an acc tile of one 16 x 16 box (1024-byte fractal).
// CHECK-LABEL: func.func private @legal_16x16xf32_acc
// CHECK-SAME: !tile.tile<16x16xf32, acc>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_16x16xf32_acc(!tile.tile<16x16xf32, acc>)
}

// -----

// Tests that a3 holds a single-row acc tile.
// CHECK-LABEL: func.func private @legal_1x16xf32_acc
// CHECK-SAME: !tile.tile<1x16xf32, acc>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_1x16xf32_acc(!tile.tile<1x16xf32, acc>)
}

// -----

// Tests that a3 holds a bias row of 32 bytes.
// CHECK-LABEL: func.func private @legal_1x8xf32_bias
// CHECK-SAME: !tile.tile<1x8xf32, bias>
module attributes {tile.target_arch = "a3"} {
  func.func private @legal_1x8xf32_bias(!tile.tile<1x8xf32, bias>)
}

// -----

// Tests that a module without tile.target_arch is target-independent: its
// tiles are not checked against any hardware.
// CHECK-LABEL: func.func private @no_target
// CHECK-SAME: !tile.tile<8x8xf32, acc>
func.func private @no_target(!tile.tile<8x8xf32, acc>)
