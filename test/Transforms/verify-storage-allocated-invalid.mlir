// RUN: tile-opt %s --tile-verify-storage="allocated=true" --split-input-file -verify-diagnostics

// Address checks of tile-verify-storage{allocated=true}, run after address
// allocation.

// Tests that an allocation without an address is reported.
func.func @missing_address(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{allocation %0 has no address after address allocation}}
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %a : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a move whose source and destination overlap in address space
// (two allocations placed on the same bytes) is reported.
func.func @move_overlap(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %b1 = tile.alloc addr = 128 : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b0 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{move source %2 [0, 256) and destination [128, 384) overlap in address space}}
  %m = tile.move %a into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %m : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a dynamic slot is assumed to be any slot of its pool.
func.func @move_dynamic_slot(%x: !tile.tile<8x8xf32, vec>, %i: index) -> !tile.tile<8x8xf32, vec> {
  %pool = tile.alloc addr = 0 : !tile.buffer<vec, 256, slots = 2>
  %b1 = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  %a = tile.exp %x into(%b1 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error @+1 {{overlap in address space}}
  %m = tile.move %a into(%pool slot %i : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  return %m : !tile.tile<8x8xf32, vec>
}
