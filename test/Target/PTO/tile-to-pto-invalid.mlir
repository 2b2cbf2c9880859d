// RUN: tile-translate --tile-to-pto --split-input-file --verify-diagnostics %s
// RUN: not tile-translate --tile-to-pto %S/tile-to-pto-level3.mlir --pto-level=level4 2>&1 | FileCheck %s --check-prefix=LEVEL
// A level3 request with an allocation lacking an address names the allocation:
// RUN: tile-translate --tile-to-pto --pto-level=level3 --verify-diagnostics %S/Inputs/unaddressed.mlir

// LEVEL: unknown PTO level 'level4' (expected auto, level2 or level3)

// Tests that a transposed view, which reads a row-major tile column-major,
// has no PTO form.
func.func @transpose_view(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  // expected-error@+1 {{'tile.transpose_view' op cannot be emitted to PTO: a transposed view reads a row-major tile column-major}}
  %v = tile.transpose_view %t : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %A1 = tile.store %v, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a dynamic slot at level2 (no addresses) is rejected: only
// level3 can compute the slot's address.
func.func @dynamic_slot_level2(%A: !tile.tensor<8x8xf32>, %i: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  // expected-error@+1 {{'tile.load' op cannot be emitted to PTO: its storage has a dynamic slot: level2 handles carry no address}}
  %t = tile.load %A[%c0, %c0] into(%p slot %i : !tile.buffer<vec, 256, slots = 2>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %A1 = tile.store %t, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a kernel returning a tile is rejected: PTO kernels return
// nothing.
// expected-error@+1 {{'func.func' op cannot be emitted to PTO: result #0 is a tile: PTO kernels return nothing}}
func.func @returns_tile(%A: !tile.tensor<8x8xf32>) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  return %t : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a kernel returning a scalar is rejected.
// expected-error@+1 {{'func.func' op cannot be emitted to PTO: result #0 is a scalar: PTO kernels return nothing}}
func.func @returns_scalar(%n: index) -> index {
  return %n : index
}

// -----

// Tests that a tile argument is rejected: kernel arguments are global
// tensors and scalars.
// expected-error@+1 {{'func.func' op cannot be emitted to PTO: argument #0 is a tile: kernel arguments are global tensors and scalars}}
func.func @tile_argument(%t: !tile.tile<8x8xf32, vec>, %A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %A1 = tile.store %t, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that calls are not emitted.
func.func private @helper(%n: index)
func.func @calls(%n: index) {
  // expected-error@+1 {{'func.call' op cannot be emitted to PTO: calls are not emitted}}
  func.call @helper(%n) : (index) -> ()
  return
}

// -----

// Tests that an assemble into a mat tile is rejected: it is a copy, and
// pto.tmov copies within vec only.
func.func @assemble_mat(%A: !tile.tensor<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<mat, 512>
  %s = tile.alloc : !tile.buffer<mat, 128>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<mat, 512>) : !tile.tensor<16x16xf16> -> !tile.tile<16x16xf16, mat>
  %p = tile.load %A[%c0, %c0] into(%s : !tile.buffer<mat, 128>) : !tile.tensor<16x16xf16> -> !tile.tile<4x16xf16, mat>
  // expected-error@+1 {{'tile.assemble' op cannot be emitted to PTO: assembling is a copy into a block of the target, and pto.tmov copies within vec only (mat here)}}
  %t1 = tile.assemble %t, %p[0, 0] : !tile.tile<16x16xf16, mat>, !tile.tile<4x16xf16, mat>
  return
}

// -----

// Tests that a transpose at level3 is rejected: pto.ttrans needs a scratch
// tile the address plan does not provide.
func.func @transpose_level3(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %o = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  // expected-error@+1 {{'tile.transpose' op cannot be emitted to PTO: pto.ttrans needs a scratch tile, which a level3 address plan does not provide (emit at level2)}}
  %r = tile.transpose %t into(%o : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %A1 = tile.store %r, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a module that is not storage-legalized is rejected with the
// storage verifier's finding (here a producer without storage).
func.func @not_legalized(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{cannot be emitted to PTO: storage is not legalized:}}
  %t = tile.load %A[%c0, %c0] : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %A1 = tile.store %t, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that with several kernels and none marked pto.entry the entry is
// ambiguous.
// expected-error@+1 {{cannot be emitted to PTO: 2 kernels and 0 marked `pto.entry`; mark exactly one}}
module {
  // expected-note@+1 {{kernel @first}}
  func.func @first(%n: index) {
    return
  }
  // expected-note@+1 {{kernel @second}}
  func.func @second(%n: index) {
    return
  }
}

// -----

// Tests that a module of orchestration functions only has nothing to emit.
// expected-error@+1 {{cannot be emitted to PTO: the module has no kernel}}
module {
  func.func @host(%n: index) attributes {tile.orchestration} {
    return
  }
}

// -----

// Tests that a tile chosen at run time (arith.select) has no single storage.
func.func @select(%A: !tile.tensor<8x8xf32>, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %d = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %y = tile.full 1.0 into(%d : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  // expected-error@+1 {{cannot be emitted to PTO}}
  %z = arith.select %c, %x, %y : !tile.tile<8x8xf32, vec>
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that control flow ptoas does not read (scf.execute_region) is
// rejected.
func.func @execute_region(%n: index) {
  // expected-error@+1 {{'scf.execute_region' op cannot be emitted to PTO: ptoas reads only func, arith and scf (for, while, if) besides pto}}
  scf.execute_region {
    scf.yield
  }
  return
}

// -----

// Tests that tile.write on a strided (column) slice is rejected: pto.tsetval
// takes a row-major flat offset.
func.func @write_strided(%A: !tile.tensor<8x8xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %s = tile.slice %t[0, 4] : !tile.tile<8x8xf32, vec> -> !tile.tile<8x4xf32, vec>
  // expected-error@+1 {{'tile.write' op cannot be emitted to PTO: pto.tsetval takes a row-major flat offset, and this tile is a strided view}}
  %w = tile.write %s[%c0, %c0], %v : !tile.tile<8x4xf32, vec>, f32
  return
}

// -----

// Tests that at level2 the arms of an scf.if must write one handle: a view
// of one alloc_tile and a separate alloc_tile of the same window are two
// buffers for ptoas's planner.
func.func @arms(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<16x64xf32>, %c: i1) -> !tile.tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  // expected-error@+1 {{'scf.if' op cannot be emitted to PTO: result #0 is yielded in different storage by the two arms}}
  %r = scf.if %c -> (!tile.tile<16x64xf32, vec>) {
    %s = tile.slice %t[0, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
    scf.yield %s : !tile.tile<16x64xf32, vec>
  } else {
    %f = tile.full 1.0 into(%b[0, 4096] : !tile.buffer<vec, 16384>) : !tile.tile<16x64xf32, vec>
    scf.yield %f : !tile.tile<16x64xf32, vec>
  }
  %B1 = tile.store %r, %B[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<16x64xf32>
  return %B1 : !tile.tensor<16x64xf32>
}
