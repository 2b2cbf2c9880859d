// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Tests that tile.fillpad's valid block is non-empty and inside the tile.
func.func @fillpad_outside(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.fillpad' op valid block 17x4 must be non-empty and within 16x16}}
  %0 = tile.fillpad %t valid [17, 4] pad zero : !tile.tile<16x16xf32, vec>
  return
}

// -----

func.func @fillpad_empty(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.fillpad' op valid block 4x0 must be non-empty and within 16x16}}
  %0 = tile.fillpad %t valid [4, 0] pad zero : !tile.tile<16x16xf32, vec>
  return
}

// -----

func.func @fillpad_extents(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.fillpad' op expected a valid block of 2 extents, got 1}}
  %0 = tile.fillpad %t valid [4] pad zero : !tile.tile<16x16xf32, vec>
  return
}

// -----

// Tests that tile.fillpad pads vec tiles (TFILLPAD_INPLACE on A2/A3).
func.func @fillpad_space(%t: !tile.tile<16x16xf32, mat>) {
  // expected-error @+1 {{'tile.fillpad' op padded tile must be in vec, not mat}}
  %0 = tile.fillpad %t valid [4, 4] pad zero : !tile.tile<16x16xf32, mat>
  return
}

// -----

func.func @fillpad_pad(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'pad' [zero, max, min]}}
  %0 = tile.fillpad %t valid [4, 4] pad null : !tile.tile<16x16xf32, vec>
  return
}
