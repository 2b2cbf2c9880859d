// RUN: tile-opt %s --split-input-file --tile-check-capacity -verify-diagnostics
// RUN: not tile-opt %s --split-input-file --tile-init-memref --tile-check-capacity="arch=a5" 2>&1 | FileCheck %s --check-prefix=A5
// RUN: not tile-opt %s --split-input-file --tile-memory-pipeline="memory-planner=ptoas" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTOAS

// tile-check-capacity, the capacity check of the ptoas planner path: a tile
// or an allocation (all its slots) larger than its memory space on the
// target is an error at its definition. tile-memory-pipeline runs it for
// memory-planner=ptoas, where ptoas places the tiles.

// Tests that a 16 GiB vec tile is an error at each producer, naming the
// value, the space, its bytes and the capacity, and that its allocation is
// not reported again (test/python/repros/correctness/ptoas-planner-16GiB-tile-accepted.mlir,
// here after tile-init-memref; in the ptoas pipeline the exp's allocation
// is merged into the load's in place, so its values are numbered one lower).
// PTOAS: error: tile %1 of 17179869184 bytes does not fit in vec: the capacity on a3 is 188416 bytes
// PTOAS: error: tile %2 of 17179869184 bytes does not fit in vec: the capacity on a3 is 188416 bytes
// PTOAS-NOT: error: allocation {{.*}} does not fit
// A5: error: tile %2 of 17179869184 bytes does not fit in vec: the capacity on a5 is 253952 bytes
func.func @huge_tile(%A: !tile.tensor<65536x65536xf32>, %i: index) -> !tile.tensor<65536x65536xf32> {
  %b0 = tile.alloc : !tile.buffer<vec, 17179869184>
  %b1 = tile.alloc : !tile.buffer<vec, 17179869184>
  // expected-error @+1 {{tile %2 of 17179869184 bytes does not fit in vec: the capacity on a3 is 188416 bytes}}
  %t = tile.load %A[%i, %i] into(%b0 : !tile.buffer<vec, 17179869184>) : !tile.tensor<65536x65536xf32> -> !tile.tile<65536x65536xf32, vec>
  // expected-error @+1 {{tile %3 of 17179869184 bytes does not fit in vec: the capacity on a3 is 188416 bytes}}
  %e = tile.exp %t into(%b1 : !tile.buffer<vec, 17179869184>) : !tile.tile<65536x65536xf32, vec>
  %B = tile.store %e, %A[%i, %i] : !tile.tile<65536x65536xf32, vec>, !tile.tensor<65536x65536xf32>
  return %B : !tile.tensor<65536x65536xf32>
}

// -----

// Tests that an allocation whose tiles fit but whose slots together do not
// is reported at its tile.alloc, and a too large tile argument at the
// argument. With arch=a5 (248 KiB of vec, 256 KiB of acc) both fit.
// PTOAS: error: tile argument %arg1 of 204800 bytes does not fit in acc
// PTOAS: error: allocation %0 (2 slots of 102400 bytes) of 204800 bytes does not fit in vec
// A5-NOT: error: tile argument
// A5-NOT: error: allocation {{.*}} does not fit
func.func @slots_and_arguments(%x: !tile.tile<8x8xf32, vec>,
    // expected-error @+1 {{tile argument %arg1 of 204800 bytes does not fit in acc: the capacity on a3 is 131072 bytes}}
    %big: !tile.tile<160x320xf32, acc>) -> (!tile.tile<8x8xf32, vec>, !tile.tile<160x320xf32, acc>) {
  // expected-error @+1 {{allocation %0 (2 slots of 102400 bytes) of 204800 bytes does not fit in vec: the capacity on a3 is 188416 bytes}}
  %pool = tile.alloc : !tile.buffer<vec, 102400, slots = 2>
  %a = tile.exp %x into(%pool[0, 256] slot 1 : !tile.buffer<vec, 102400, slots = 2>) : !tile.tile<8x8xf32, vec>
  return %a, %big : !tile.tile<8x8xf32, vec>, !tile.tile<160x320xf32, acc>
}

// -----

// Tests that tiles and allocations at the capacity are accepted, and that
// orchestration functions are skipped.
// PTOAS-NOT: error: {{tile|allocation}}
func.func @at_capacity(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b = tile.alloc : !tile.buffer<vec, 94208, slots = 2>
  %a = tile.exp %x into(%b[0, 256] : !tile.buffer<vec, 94208, slots = 2>) : !tile.tile<8x8xf32, vec>
  return %a : !tile.tile<8x8xf32, vec>
}
func.func @orchestration(%b: !tile.tile<1024x1024xf32, vec>) attributes {tile.orchestration} {
  return
}

// -----

// Tests that a user's fixed address is an error on the ptoas planner path:
// ptoas places every tile itself and rejects an alloc_tile with an address,
// so the address could not be kept (the pypto and dsa-rp planners keep it).
// PTOAS: error: allocation %0 has a fixed address (addr = 512), which the ptoas planner cannot keep
func.func @fixed_address(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  // expected-error @+1 {{allocation %0 has a fixed address (addr = 512), which the ptoas planner cannot keep: ptoas places every tile itself (use memory-planner=pypto or dsa-rp)}}
  %b = tile.alloc addr = 512 pinned : !tile.buffer<vec, 256>
  %e = tile.exp %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a user's scratch address is an error on the ptoas planner path
// too: ptoas allocates its ops' scratch tiles itself, and the address was
// dropped without a word (hunt of 2026-12-04, F10; pypto and dsa-rp check it).
// PTOAS: error: its scratch tile has a fixed address (tile.scratch_addr = 3), which the ptoas planner cannot keep
func.func @fixed_scratch_address(%a: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec> {
  // expected-error @+1 {{its scratch tile has a fixed address (tile.scratch_addr = 3), which the ptoas planner cannot keep: ptoas places every tile itself (use memory-planner=pypto or dsa-rp)}}
  %t = tile.transpose %a {tile.scratch_addr = 3 : i64} : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  return %t : !tile.tile<16x16xf32, vec>
}

