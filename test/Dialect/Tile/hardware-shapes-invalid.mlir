// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Tests that a3 rejects a vec row shorter than 32 bytes.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<16x4xf32, vec>', which a3 cannot hold: its rows are 16 bytes, not a multiple of 32 (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_16x4xf32_vec(%t: !tile.tile<16x4xf32, vec>) {
    return
  }
}

// -----

// Tests that a3 rejects a vec column shorter than 32 bytes.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<4x1xf32, vec>', which a3 cannot hold: its columns are 16 bytes, not a multiple of 32 (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_4x1xf32_vec(%t: !tile.tile<4x1xf32, vec>) {
    return
  }
}

// -----

// Tests that a3 rejects a single element in vec.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<1x1xf32, vec>', which a3 cannot hold: its rows are 4 bytes, not a multiple of 32 (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_1x1xf32_vec(%t: !tile.tile<1x1xf32, vec>) {
    return
  }
}

// -----

// Tests that a3 rejects an f16 vec row of 16 bytes.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<1x8xf16, vec>', which a3 cannot hold: its rows are 16 bytes, not a multiple of 32 (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_1x8xf16_vec(%t: !tile.tile<1x8xf16, vec>) {
    return
  }
}

// -----

// Tests that a3 rejects mat rows that are not a whole fractal box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<8x8xf32, mat>', which a3 cannot hold: its 8 rows are not a multiple of the 16-row fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_8x8xf32_mat(%t: !tile.tile<8x8xf32, mat>) {
    return
  }
}

// -----

// Tests that a3 rejects f32 mat columns that are not a whole fractal box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<16x4xf32, mat>', which a3 cannot hold: its 4 columns are not a multiple of the 8-column fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_16x4xf32_mat(%t: !tile.tile<16x4xf32, mat>) {
    return
  }
}

// -----

// Tests that a3 rejects f16 mat columns that are not a whole fractal box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<16x8xf16, mat>', which a3 cannot hold: its 8 columns are not a multiple of the 16-column fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_16x8xf16_mat(%t: !tile.tile<16x8xf16, mat>) {
    return
  }
}

// -----

// Tests that a3 rejects left columns that are not a whole fractal box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<16x4xf32, left>', which a3 cannot hold: its 4 columns are not a multiple of the 8-column fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_16x4xf32_left(%t: !tile.tile<16x4xf32, left>) {
    return
  }
}

// -----

// Tests that a5 rejects left rows that are not a whole fractal box on a5.
module attributes {tile.target_arch = "a5"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<8x8xf32, left>', which a5 cannot hold: its 8 rows are not a multiple of the 16-row fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_8x8xf32_left_a5(%t: !tile.tile<8x8xf32, left>) {
    return
  }
}

// -----

// Tests that a3 rejects f32 right rows that are not a whole (column-major) box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<4x16xf32, right>', which a3 cannot hold: its 4 rows are not a multiple of the 8-row fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_4x16xf32_right(%t: !tile.tile<4x16xf32, right>) {
    return
  }
}

// -----

// Tests that a3 rejects right columns that are not a whole box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<8x8xf32, right>', which a3 cannot hold: its 8 columns are not a multiple of the 16-column fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_8x8xf32_right(%t: !tile.tile<8x8xf32, right>) {
    return
  }
}

// -----

// Tests that a3 rejects acc rows that are not a whole 16 x 16 box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<8x16xf32, acc>', which a3 cannot hold: its 8 rows are not a multiple of the 16-row fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_8x16xf32_acc(%t: !tile.tile<8x16xf32, acc>) {
    return
  }
}

// -----

// Tests that a3 rejects acc columns that are not a whole 16 x 16 box.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<16x8xf32, acc>', which a3 cannot hold: its 8 columns are not a multiple of the 16-column fractal box (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_16x8xf32_acc(%t: !tile.tile<16x8xf32, acc>) {
    return
  }
}

// -----

// Tests that a3 rejects a bias row of 16 bytes.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<1x4xf32, bias>', which a3 cannot hold: its rows are 16 bytes, not a multiple of 32 (pto-isa's Tile, pto/common/pto_tile.hpp)}}
  func.func @illegal_1x4xf32_bias(%t: !tile.tile<1x4xf32, bias>) {
    return
  }
}

// -----

// Tests that an op producing a tile the target cannot hold is rejected at the
// op: a slice of a legal vec tile whose rows are 16 bytes.
module attributes {tile.target_arch = "a3"} {
  func.func @illegal_slice(%x: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x4xf32, vec> {
    // expected-error @+1 {{'tile.slice' op result #0 is a '!tile.tile<16x4xf32, vec>', which a3 cannot hold: its rows are 16 bytes, not a multiple of 32}}
    %s = tile.slice %x[0, 4] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x4xf32, vec>
    return %s : !tile.tile<16x4xf32, vec>
  }
}

// -----

// Tests that every value of a type the target cannot hold is reported: the
// argument, the loop's result and its region's carry.
module attributes {tile.target_arch = "a3"} {
  // expected-error @+1 {{block argument #0 of 'func.func' is a '!tile.tile<16x8xf32, acc>'}}
  func.func @illegal_carry(%x: !tile.tile<16x8xf32, acc>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+2 {{'scf.for' op result #0 is a '!tile.tile<16x8xf32, acc>', which a3 cannot hold}}
    // expected-error @+1 {{block argument #1 of 'scf.for' is a '!tile.tile<16x8xf32, acc>'}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (!tile.tile<16x8xf32, acc>) {
      scf.yield %a : !tile.tile<16x8xf32, acc>
    }
    return
  }
}
