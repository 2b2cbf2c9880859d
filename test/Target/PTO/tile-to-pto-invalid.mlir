// RUN: tile-translate --tile-to-pto --split-input-file --verify-diagnostics %s
// RUN: not tile-translate --tile-to-pto %S/tile-to-pto-level3.mlir --pto-level=level4 2>&1 | FileCheck %s --check-prefix=LEVEL
// A level3 request with an allocation lacking an address names the allocation:
// RUN: tile-translate --tile-to-pto --pto-level=level3 --verify-diagnostics %S/Inputs/unaddressed.mlir

// LEVEL: unknown PTO level 'level4' (expected auto, level2 or level3)

// Tests that a transposed view of a boxed (fractal) tile is rejected: its
// inner boxes would be transposed too, which no tile_buf layout describes.
func.func @transpose_view_mat(%A: !tile.tensor<16x32xf16>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<mat, 1024>
  %l = tile.alloc : !tile.buffer<left, 1024>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<mat, 1024>) : !tile.tensor<16x32xf16> -> !tile.tile<16x32xf16, mat>
  // expected-error@+1 {{'tile.transpose_view' op cannot be emitted to PTO: a transposed mat tile has no tile_buf layout: its fractal boxes would be transposed too}}
  %v = tile.transpose_view %t : !tile.tile<16x32xf16, mat> -> !tile.tile<32x16xf16, mat>
  %m = tile.move %v into(%l : !tile.buffer<left, 1024>) : !tile.tile<32x16xf16, mat> -> !tile.tile<32x16xf16, left>
  return
}

// -----

// Tests that a transposed view of a strided slice is rejected: the view is
// neither row- nor column-major dense, and a tile_buf has no strides.
func.func @transpose_view_strided(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<4x8xf32>) -> !tile.tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %s = tile.slice %t[0, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<8x4xf32, vec>
  // expected-error@+1 {{'tile.transpose_view' op cannot be emitted to PTO: its tile is a strided view, and a tile_buf has no strides}}
  %v = tile.transpose_view %s : !tile.tile<8x4xf32, vec> -> !tile.tile<4x8xf32, vec>
  %B1 = tile.store %v, %B[%c0, %c0] : !tile.tile<4x8xf32, vec>, !tile.tensor<4x8xf32>
  return %B1 : !tile.tensor<4x8xf32>
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

// Tests that a transpose at level3 without `tile.scratch_addr` is rejected:
// pto.ttrans needs a scratch tile, and at level3 only the address planner
// can place it.
func.func @transpose_level3(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %o = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  // expected-error@+1 {{'tile.transpose' op cannot be emitted to PTO: pto.ttrans needs a scratch tile, and level3 takes its address from `tile.scratch_addr`, which is missing (run the address planner)}}
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
  // expected-error@+1 {{'tile.write' op cannot be emitted to PTO: pto.tsetval takes a linear offset into a dense tile, and this tile is a strided view}}
  %w = tile.write %s[%c0, %c0], %v : !tile.tile<8x4xf32, vec>, f32
  return
}
