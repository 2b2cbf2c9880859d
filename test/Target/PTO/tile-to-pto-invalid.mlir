// RUN: tile-translate --tile-to-pto --split-input-file --verify-diagnostics %s
// RUN: not tile-translate --tile-to-pto %S/tile-to-pto-level3.mlir --pto-level=level4 2>&1 | FileCheck %s --check-prefix=LEVEL
// RUN: not tile-translate --tile-to-pto %S/tile-to-pto.mlir 2>&1 | FileCheck %s --check-prefix=AMBIGUOUS
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

// Tests that a row slice of an acc tile is rejected: acc keeps its elements
// in 16x16 fractal boxes, so the top rows are not the first bytes (this was
// emitted as an alloc_tile at the slice's row-major offset and computed
// wrong values on the simulator).
func.func @slice_acc(%A: !tile.tensor<32x32xf32>, %D: !tile.tensor<16x32xf32>) -> !tile.tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %bm = tile.alloc : !tile.buffer<mat, 4096>
  %bl = tile.alloc : !tile.buffer<left, 4096>
  %br = tile.alloc : !tile.buffer<right, 4096>
  %ba = tile.alloc : !tile.buffer<acc, 4096>
  %m = tile.load %A[%c0, %c0] into(%bm : !tile.buffer<mat, 4096>) : !tile.tensor<32x32xf32> -> !tile.tile<32x32xf32, mat>
  %l = tile.move %m into(%bl : !tile.buffer<left, 4096>) : !tile.tile<32x32xf32, mat> -> !tile.tile<32x32xf32, left>
  %r = tile.move %m into(%br : !tile.buffer<right, 4096>) : !tile.tile<32x32xf32, mat> -> !tile.tile<32x32xf32, right>
  %p = tile.matmul %l, %r into(%ba : !tile.buffer<acc, 4096>) : !tile.tile<32x32xf32, left>, !tile.tile<32x32xf32, right> -> !tile.tile<32x32xf32, acc>
  // expected-error@+1 {{'tile.slice' op cannot be emitted to PTO: a view of another shape of a acc tile has no tile_buf: its elements lie in fractal boxes}}
  %top = tile.slice %p[0, 0] : !tile.tile<32x32xf32, acc> -> !tile.tile<16x32xf32, acc>
  %s = tile.store %top, %D[%c0, %c0] : !tile.tile<16x32xf32, acc>, !tile.tensor<16x32xf32>
  return %s : !tile.tensor<16x32xf32>
}

// -----

// Tests that a reshape of a whole acc tile into another shape is rejected at
// level2: its handle would be a pto.treshape of the buffer's root
// alloc_tile, which is right for another producer reusing the buffer but
// reads the fractal boxes of this one in the wrong order (the simulator gave
// 992 of 1024 elements wrong).
func.func @reshape_acc_level2(%A: !tile.tensor<32x32xf32>, %D: !tile.tensor<16x64xf32>) -> !tile.tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %bm = tile.alloc : !tile.buffer<mat, 4096>
  %bl = tile.alloc : !tile.buffer<left, 4096>
  %br = tile.alloc : !tile.buffer<right, 4096>
  %ba = tile.alloc : !tile.buffer<acc, 4096>
  %m = tile.load %A[%c0, %c0] into(%bm : !tile.buffer<mat, 4096>) : !tile.tensor<32x32xf32> -> !tile.tile<32x32xf32, mat>
  %l = tile.move %m into(%bl : !tile.buffer<left, 4096>) : !tile.tile<32x32xf32, mat> -> !tile.tile<32x32xf32, left>
  %r = tile.move %m into(%br : !tile.buffer<right, 4096>) : !tile.tile<32x32xf32, mat> -> !tile.tile<32x32xf32, right>
  %p = tile.matmul %l, %r into(%ba : !tile.buffer<acc, 4096>) : !tile.tile<32x32xf32, left>, !tile.tile<32x32xf32, right> -> !tile.tile<32x32xf32, acc>
  // expected-error@+1 {{'tile.reshape' op cannot be emitted to PTO: a view of another shape of a acc tile has no tile_buf: its elements lie in fractal boxes}}
  %v = tile.reshape %p : !tile.tile<32x32xf32, acc> -> !tile.tile<16x64xf32, acc>
  %s = tile.store %v, %D[%c0, %c0] : !tile.tile<16x64xf32, acc>, !tile.tensor<16x64xf32>
  return %s : !tile.tensor<16x64xf32>
}

// -----

// Tests that a row slice of a mat tile is rejected at level3, where its
// handle would be an alloc_tile at the slice's row-major byte offset (2048),
// which holds other elements of the fractal boxes.
func.func @slice_mat_level3(%A: !tile.tensor<32x32xf32>, %D: !tile.tensor<16x32xf32>) -> !tile.tensor<16x32xf32> {
  %c0 = arith.constant 0 : index
  %bm = tile.alloc addr = 0 : !tile.buffer<mat, 4096>
  %bl = tile.alloc addr = 0 : !tile.buffer<left, 2048>
  %m = tile.load %A[%c0, %c0] into(%bm : !tile.buffer<mat, 4096>) : !tile.tensor<32x32xf32> -> !tile.tile<32x32xf32, mat>
  // expected-error@+1 {{'tile.slice' op cannot be emitted to PTO: a view of another shape of a mat tile has no tile_buf: its elements lie in fractal boxes}}
  %h = tile.slice %m[16, 0] : !tile.tile<32x32xf32, mat> -> !tile.tile<16x32xf32, mat>
  %l = tile.move %h into(%bl : !tile.buffer<left, 2048>) : !tile.tile<16x32xf32, mat> -> !tile.tile<16x32xf32, left>
  return %D : !tile.tensor<16x32xf32>
}

// -----

// Tests that a transposed view of a strided slice is rejected: the view is
// neither row- nor column-major dense, and a tile_buf has no strides other
// than its row length (tile-materialize-transposed-views rewrites this
// before the storage passes; emission alone cannot).
func.func @transpose_view_strided(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<4x8xf32>) -> !tile.tensor<4x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %s = tile.slice %t[0, 0] : !tile.tile<8x8xf32, vec> -> !tile.tile<8x4xf32, vec>
  // expected-error@+1 {{'tile.transpose_view' op cannot be emitted to PTO: its tile is a strided view that is not a column block of a vec tile, and a tile_buf has no strides other than its row length}}
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
func.func @assemble_mat(%A: !tile.tensor<32x16xf16>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<mat, 1024>
  %s = tile.alloc : !tile.buffer<mat, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<mat, 1024>) : !tile.tensor<32x16xf16> -> !tile.tile<32x16xf16, mat>
  %p = tile.load %A[%c0, %c0] into(%s : !tile.buffer<mat, 512>) : !tile.tensor<32x16xf16> -> !tile.tile<16x16xf16, mat>
  // expected-error@+1 {{'tile.assemble' op cannot be emitted to PTO: assembling is a copy into a block of the target, and pto.tmov copies within vec only (mat here)}}
  %t1 = tile.assemble %t, %p[0, 0] : !tile.tile<32x16xf16, mat>, !tile.tile<16x16xf16, mat>
  return
}

// -----

// Tests that a tile pto-isa cannot instantiate is rejected: an unboxed
// row-major vec tile_buf's rows must be 32-byte multiples (8x4 f32: 16).
func.func @row_not_32_bytes(%A: !tile.tensor<8x4xf32>) -> !tile.tensor<8x4xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 128>
  // expected-error@+1 {{'tile.load' op cannot be emitted to PTO: pto-isa has no Tile for '!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=4, v_row=8, v_col=4, blayout=row_major, slayout=none_box, fractal=512, pad=0>': its rows are 16 bytes, not a multiple of 32}}
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 128>) : !tile.tensor<8x4xf32> -> !tile.tile<8x4xf32, vec>
  %A1 = tile.store %t, %A[%c0, %c0] : !tile.tile<8x4xf32, vec>, !tile.tensor<8x4xf32>
  return %A1 : !tile.tensor<8x4xf32>
}

// -----

// Tests that a boxed tile smaller than its fractal box is rejected (pto-isa:
// "Layout rows must be divisible by inner box rows").
func.func @boxed_too_small(%A: !tile.tensor<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<mat, 256>
  // expected-error@+1 {{'tile.load' op cannot be emitted to PTO: pto-isa has no Tile for '!pto.tile_buf<loc=mat, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=col_major, slayout=row_major, fractal=512, pad=0>': its 8 rows are not a multiple of the 16-row fractal box}}
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<mat, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, mat>
  return
}

// -----

// Tests that a transposed view read by an op whose ptoas verifier wants
// row-major tiles is rejected when tile-materialize-transposed-views has not
// run (the memory pipeline runs it first).
func.func @transposed_add(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %d = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %v = tile.transpose_view %t : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  // expected-error@+1 {{'tile.add' op cannot be emitted to PTO: its operand is a col_major tile_buf (a transposed view), and ptoas's pto.tadd requires a row-major operand (tile-materialize-transposed-views turns a transposed view into a transpose)}}
  %r = tile.add %t, %v into(%d : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %A1 = tile.store %r, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that pto-isa's TADD, which takes its three tiles as one C++ type, is
// not given a column block (a tile_buf as wide as its row stride) and a
// compact tile.
func.func @add_column_block(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  // expected-error@+1 {{'tile.add' op cannot be emitted to PTO: pto-isa's TADD takes its tiles as one Tile type, and its source is a column block of a wider tile}}
  %r = tile.add %s, %s into(%d : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
  %B1 = tile.store %r, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %B1 : !tile.tensor<16x8xf32>
}

// -----

// Tests that a block of an acc tile extracted into mat is rejected: ptoas's
// pto.textract reads loc=mat only (A2/A3: "expects A2/A3 textract src to use
// loc=mat"), and pto.tmov copies whole tiles.
func.func @extract_acc_block(%c: i1) {
  %a = tile.alloc : !tile.buffer<acc, 4096>
  %m = tile.alloc : !tile.buffer<mat, 1024>
  %t = tile.create into(%a : !tile.buffer<acc, 4096>) : !tile.tile<32x32xf32, acc>
  // expected-error@+1 {{'tile.extract' op cannot be emitted to PTO: a block of a tile in acc extracted into mat has no ptoas form: pto.textract reads loc=mat and writes left or right, and pto.tmov copies whole tiles}}
  %k = tile.extract %t[16, 0] into(%m : !tile.buffer<mat, 1024>) : !tile.tile<32x32xf32, acc> -> !tile.tile<16x16xf32, mat>
  return
}

// -----

// Tests that a level2 tile at an offset inside a boxed buffer is rejected:
// ptoas's pto.subset of a boxed tile keeps whole rows or columns in box
// units, so only the whole buffer has a level2 handle.
func.func @boxed_window(%A: !tile.tensor<32x16xf16>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<mat, 1024>
  %l = tile.alloc : !tile.buffer<left, 512>
  // expected-error@+1 {{'tile.load' op cannot be emitted to PTO: at level2 its tile}}
  %t = tile.load %A[%c0, %c0] into(%b[512, 512] : !tile.buffer<mat, 1024>) : !tile.tensor<32x16xf16> -> !tile.tile<16x16xf16, mat>
  %m = tile.move %t into(%l : !tile.buffer<left, 512>) : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, left>
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

// Tests that a level3 address past the capacity of its space is rejected
// rather than emitted (INT64_MAX here, which also overflowed the emitter's
// address arithmetic).
func.func @address_past_capacity(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{cannot be emitted to PTO: storage is not legalized: allocation %0 of 1024 bytes does not fit in vec: it needs bytes [9223372036854775807, 9223372036854776831)}}
  %b = tile.alloc addr = 9223372036854775807 : !tile.buffer<vec, 1024>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %B = tile.store %t, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}

// -----

// Tests that two user addresses sharing bytes while both are live are
// rejected at level3.
func.func @addresses_overlap_while_live(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  // expected-note@+1 {{allocation %0 [0, 1024) is live at points [3, 6]}}
  %b0 = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
  // expected-error@+1 {{cannot be emitted to PTO: storage is not legalized: allocation %1 [512, 1536) overlaps allocation %0 [0, 1024) in vec while both are live}}
  %b1 = tile.alloc addr = 512 : !tile.buffer<vec, 1024>
  %t = tile.load %A[%c0, %c0] into(%b0 : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  // expected-note@+1 {{both are live here}}
  %u = tile.exp %t into(%b1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %v = tile.add %t, %u into(%b0 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %B = tile.store %v, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}

// -----

// Tests that with several kernels and none marked pto.entry the entry is
// ambiguous. The error is the module's, at its location, and does not print
// the module after it (the AMBIGUOUS run reads the goldens as one module).
// AMBIGUOUS: tile-to-pto.mlir:0:0: error: cannot be emitted to PTO: {{[0-9]+}} kernels and 0 marked `pto.entry`; mark exactly one
// AMBIGUOUS-NEXT: tile-to-pto.mlir:{{[0-9]+}}:1: note: kernel @accumulate
// AMBIGUOUS-NOT: see current operation
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

// Tests that an A2/A3 vec tile.move of a column block into a dense tile is
// refused when pto.tmax cannot stand in for pto.tmov: ptoas's verifier wants
// pto.tmov source and destination of one shape ("expects A2/A3 non-mat tmov
// to use matching src/dst shapes"), a column block's tile_buf is as wide as
// its row stride, and ptoas's A2/A3 pto.tmax takes no i8.
func.func @move_column_block_i8(%A: !tile.tensor<16x64xi8>, %B: !tile.tensor<16x32xi8>) -> !tile.tensor<16x32xi8> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x64xi8> -> !tile.tile<16x64xi8, vec>
  %s = tile.slice %t[0, 32] : !tile.tile<16x64xi8, vec> -> !tile.tile<16x32xi8, vec>
  // expected-error@+1 {{'tile.move' op cannot be emitted to PTO: ptoas's A2/A3 pto.tmov wants its source and result tile_bufs of one shape, and its source is a column block of a wider tile}}
  %m = tile.move %s into(%d : !tile.buffer<vec, 512>) : !tile.tile<16x32xi8, vec> -> !tile.tile<16x32xi8, vec>
  %B1 = tile.store %m, %B[%c0, %c0] : !tile.tile<16x32xi8, vec>, !tile.tensor<16x32xi8>
  return %B1 : !tile.tensor<16x32xi8>
}

// -----

// Tests that tile.col_sum of a transposed view is refused at level2: ptoas
// 0.27 crashes on pto.tcolsum there, and the view's rows are no rows of its
// storage that the emitter could add instead.
func.func @col_sum_transposed_level2(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<1x16xf32>) -> !tile.tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %r = tile.alloc : !tile.buffer<vec, 64>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %t = tile.transpose_view %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  // expected-error @+1 {{'tile.col_sum' op cannot be emitted to PTO: ptoas 0.27 crashes on pto.tcolsum at level2 (its TColSumOp::getDpsInitsMutable is out of range), and the source is not stored as rows the sum could add instead: emit it at level3}}
  %s = tile.col_sum %t into(%r : !tile.buffer<vec, 64>) : !tile.tile<16x16xf32, vec> -> !tile.tile<1x16xf32, vec>
  %B1 = tile.store %s, %B[%c0, %c0] : !tile.tile<1x16xf32, vec>, !tile.tensor<1x16xf32>
  return %B1 : !tile.tensor<1x16xf32>
}

// -----

// Tests that an elementwise op of an element type ptoas's A2/A3 verifier
// rejects (i8 for pto.tadd) is refused at the op (a3 is the default arch).
func.func @add_i8_a3(%A: !tile.tensor<16x64xi8>) -> !tile.tensor<16x64xi8> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x64xi8> -> !tile.tile<16x64xi8, vec>
  // expected-error@+1 {{'tile.add' op cannot be emitted to PTO: ptoas's A2/A3 pto.tadd takes element types i32/i16/f16/f32, not i8}}
  %y = tile.add %x, %x into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x64xi8, vec>
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x64xi8, vec>, !tile.tensor<16x64xi8>
  return %A1 : !tile.tensor<16x64xi8>
}

// -----

// Tests that a bf16 fill is refused on A2/A3 (pto.texpands).
func.func @full_bf16_a3(%A: !tile.tensor<16x16xbf16>) -> !tile.tensor<16x16xbf16> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 512>
  // expected-error@+1 {{'tile.full' op cannot be emitted to PTO: ptoas's A2/A3 pto.texpands takes element types i16/i32/f16/f32, not bf16}}
  %x = tile.full 1.0 into(%b : !tile.buffer<vec, 512>) : !tile.tile<16x16xbf16, vec>
  %A1 = tile.store %x, %A[%c0, %c0] : !tile.tile<16x16xbf16, vec>, !tile.tensor<16x16xbf16>
  return %A1 : !tile.tensor<16x16xbf16>
}

// -----

// Tests that ptoas's A5 element types are the A5 lists: an i8 tile.mul,
// which ptoas's A5 pto.tmul rejects, is refused on a5.
module attributes {tile.target_arch = "a5"} {
func.func @mul_i8_a5(%A: !tile.tensor<16x64xi8>) -> !tile.tensor<16x64xi8> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x64xi8> -> !tile.tile<16x64xi8, vec>
  // expected-error@+1 {{'tile.mul' op cannot be emitted to PTO: ptoas's A5 pto.tmul takes element types i32/i16/f16/f32, not i8}}
  %y = tile.mul %x, %x into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x64xi8, vec>
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x64xi8, vec>, !tile.tensor<16x64xi8>
  return %A1 : !tile.tensor<16x64xi8>
}
}

// -----

// Tests that a bf16 tile.sub is refused on a5 (ptoas's A5 pto.tsub takes
// i8 but not bf16, unlike its pto.tadd).
module attributes {tile.target_arch = "a5"} {
func.func @sub_bf16_a5(%A: !tile.tensor<16x16xbf16>) -> !tile.tensor<16x16xbf16> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 512>) : !tile.tensor<16x16xbf16> -> !tile.tile<16x16xbf16, vec>
  // expected-error@+1 {{'tile.sub' op cannot be emitted to PTO: ptoas's A5 pto.tsub takes element types i32/i16/i8/f16/f32, not bf16}}
  %y = tile.sub %x, %x into(%b : !tile.buffer<vec, 512>) : !tile.tile<16x16xbf16, vec>
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xbf16, vec>, !tile.tensor<16x16xbf16>
  return %A1 : !tile.tensor<16x16xbf16>
}
}

// -----

// Tests that tile.cmp on a5 at level3 without `tile.scratch_addr` is
// rejected: ptoas's A5 pto.tcmp writes the mask into a scratch tile of the
// source's shape, and at level3 only the address planner can place it.
module attributes {tile.target_arch = "a5"} {
func.func @cmp_a5_level3(%A: !tile.tensor<16x64xf32>, %M: !tile.tensor<16x32xi8>) -> !tile.tensor<16x32xi8> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 4096>
  %m = tile.alloc addr = 4096 : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  // expected-error@+1 {{'tile.cmp' op cannot be emitted to PTO: pto.tcmp needs a scratch tile, and level3 takes its address from `tile.scratch_addr`, which is missing (run the address planner)}}
  %k = tile.cmp lt %x, %x into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x64xf32, vec> -> !tile.tile<16x32xi8, vec>
  %M1 = tile.store %k, %M[%c0, %c0] : !tile.tile<16x32xi8, vec>, !tile.tensor<16x32xi8>
  return %M1 : !tile.tensor<16x32xi8>
}
}

// -----

// Tests that a NaN fill is refused: ptoas prints the constant as C++ that
// does not compile.
func.func @full_nan(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  // expected-error@+1 {{'tile.full' op cannot be emitted to PTO: ptoas 0.27 prints a NaN or infinite float constant as C++ that does not compile (NaN.0f, Inf.0f)}}
  %x = tile.full 0x7FF8000000000000 into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %A1 = tile.store %x, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that a finite fill past the element type's range (1e10 in f16, an
// infinity) is refused too.
func.func @full_f16_overflow(%A: !tile.tensor<16x16xf16>) -> !tile.tensor<16x16xf16> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 512>
  // expected-error@+1 {{'tile.full' op cannot be emitted to PTO: ptoas 0.27 prints a NaN or infinite float constant}}
  %x = tile.full 1.0e10 into(%b : !tile.buffer<vec, 512>) : !tile.tile<16x16xf16, vec>
  %A1 = tile.store %x, %A[%c0, %c0] : !tile.tile<16x16xf16, vec>, !tile.tensor<16x16xf16>
  return %A1 : !tile.tensor<16x16xf16>
}

// -----

// Tests that an infinite scalar constant is refused at the constant.
func.func @adds_inf(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  // expected-error@+1 {{'arith.constant' op cannot be emitted to PTO: ptoas 0.27 prints a NaN or infinite float constant}}
  %inf = arith.constant 0xFF800000 : f32
  %y = tile.maxs %x, %inf into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.cvt of a column block is refused: ptoas's pto.tcvt wants
// its source and result tile_bufs of one shape ("expects src and dst to have
// compatible shapes"), and a column block's is as wide as the tile it is cut
// from.
func.func @cvt_column_block(%A: !tile.tensor<16x32xf32>, %B: !tile.tensor<16x16xf16>) -> !tile.tensor<16x16xf16> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 2048>
  %d = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 2048>) : !tile.tensor<16x32xf32> -> !tile.tile<16x32xf32, vec>
  %s = tile.slice %t[0, 16] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x16xf32, vec>
  // expected-error@+1 {{'tile.cvt' op cannot be emitted to PTO: ptoas's pto.tcvt wants its source and result tile_bufs of one shape, and its source is a column block of a wider tile}}
  %h = tile.cvt %s into(%d : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf16, vec>
  %B1 = tile.store %h, %B[%c0, %c0] : !tile.tile<16x16xf16, vec>, !tile.tensor<16x16xf16>
  return %B1 : !tile.tensor<16x16xf16>
}

// -----

// Tests that tile.col_max of a column block is refused: pto-isa's TCOLMAX
// static-asserts its source's and result's column counts equal
// ("Inconsistent number of cols"; g++ rejected the PTO ptoas made of it).
func.func @col_max_column_block(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<1x8xf32>) -> !tile.tensor<1x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 32>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  // expected-error@+1 {{'tile.col_max' op cannot be emitted to PTO: pto-isa's TCOLMAX wants its source and result tile_bufs of one column count}}
  %m = tile.col_max %s into(%d : !tile.buffer<vec, 32>) : !tile.tile<16x8xf32, vec> -> !tile.tile<1x8xf32, vec>
  %B1 = tile.store %m, %B[%c0, %c0] : !tile.tile<1x8xf32, vec>, !tile.tensor<1x8xf32>
  return %B1 : !tile.tensor<1x8xf32>
}

// -----

// Tests that tile.col_expand_sub of a column block is refused: ptoas's
// pto.tcolexpandsub wants its source and result of one shape ("expects
// src0/dst to have same shape").
func.func @col_expand_sub_column_block(%A: !tile.tensor<16x16xf32>, %V: !tile.tensor<1x8xf32>, %B: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %v = tile.alloc : !tile.buffer<vec, 32>
  %d = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = tile.load %V[%c0, %c0] into(%v : !tile.buffer<vec, 32>) : !tile.tensor<1x8xf32> -> !tile.tile<1x8xf32, vec>
  %s = tile.slice %t[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  // expected-error@+1 {{'tile.col_expand_sub' op cannot be emitted to PTO: ptoas's pto.tcolexpandsub wants its source and result tile_bufs of one shape, and its source is a column block of a wider tile}}
  %e = tile.col_expand_sub %s, %r into(%d : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>, !tile.tile<1x8xf32, vec>
  %B1 = tile.store %e, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %B1 : !tile.tensor<16x8xf32>
}

// -----

// Tests that tile.abs of a column block is refused: pto-isa's TABS takes its
// source and result as one C++ Tile type (TABS_IMPL(tile_shape &, tile_shape
// &)), which g++ could not match for the PTO ptoas made of it.
func.func @abs_column_block(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  // expected-error@+1 {{'tile.abs' op cannot be emitted to PTO: pto-isa's TABS takes its tiles as one Tile type, and its source is a column block of a wider tile}}
  %a = tile.abs %s into(%d : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
  %B1 = tile.store %a, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %B1 : !tile.tensor<16x8xf32>
}

// -----

// Tests that tile.transpose of a column sliced out of a wider tile is
// refused: a vector is transposed as a pto.tmov in storage order, and the
// sliced column's tile_buf is the wider tile's rows with one valid column
// each, not a row (ptoas rejected the tmov of 16x16 into 1x16).
func.func @transpose_strided_column(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<1x16xf32>) -> !tile.tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 64>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 3] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  // expected-error@+1 {{'tile.transpose' op cannot be emitted to PTO: a vector is transposed as a pto.tmov of its elements in storage order, and its source is a column sliced out of a wider tile}}
  %r = tile.transpose %s into(%d : !tile.buffer<vec, 64>) : !tile.tile<16x1xf32, vec> -> !tile.tile<1x16xf32, vec>
  %B1 = tile.store %r, %B[%c0, %c0] : !tile.tile<1x16xf32, vec>, !tile.tensor<1x16xf32>
  return %B1 : !tile.tensor<1x16xf32>
}

// -----

// Tests that a column sliced out of a wider tile is refused as the factors
// of tile.row_expand_mul: pto-isa's TROWEXPANDMUL reads a column only as a
// dense col_major Rx1 tile_buf (the simulator aborted with "TROWEXPAND:
// invalid src1 shape" on the sliced column's row-major tile_buf).
func.func @row_expand_mul_strided_column(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 1024>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 3] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  // expected-error@+1 {{'tile.row_expand_mul' op cannot be emitted to PTO: its vector operand is a column sliced out of a wider tile}}
  %e = tile.row_expand_mul %t, %s into(%d : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %B1 = tile.store %e, %B[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that the refusal of an elementwise op on a column sliced out of a
// wider tile says so: the column's tile_buf is row-major (the wider tile's
// rows, one valid column), its result's a col_major column, and ptoas wants
// one layout (it named a col_major tile_buf and transposed views the kernel
// did not have).
func.func @exp_strided_column(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x1xf32>) -> !tile.tensor<16x1xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 64>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 3] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x1xf32, vec>
  // expected-error@+1 {{'tile.exp' op cannot be emitted to PTO: its source is a column sliced out of a wider tile, a row-major tile_buf of that tile's rows with one valid column}}
  %e = tile.exp %s into(%d : !tile.buffer<vec, 64>) : !tile.tile<16x1xf32, vec>
  %B1 = tile.store %e, %B[%c0, %c0] : !tile.tile<16x1xf32, vec>, !tile.tensor<16x1xf32>
  return %B1 : !tile.tensor<16x1xf32>
}

// -----

// Tests that an index constant beyond int32_t is rejected: ptoas 0.27
// declares index values int32_t in its C++ and truncated this bound to -1,
// so the loop never ran (found on the simulator by tilemem.testing.mutate).
func.func @index_constant_beyond_int32(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'arith.constant' op cannot be emitted to PTO: ptoas 0.27 holds index values in int32_t, and this constant is 9223372036854775807, outside its range}}
  %max = arith.constant 9223372036854775807 : index
  scf.for %k = %c0 to %max step %max {
    %i = arith.addi %k, %n : index
  }
  return
}

// -----

// Tests that index arithmetic on constants is folded to find the same: the
// product 2^32 is 0 in int32_t.
func.func @index_product_beyond_int32(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 65536 : index
  // expected-error@+1 {{'arith.muli' op cannot be emitted to PTO: ptoas 0.27 holds index values in int32_t, and this value is 4294967296, outside its range}}
  %m = arith.muli %k, %k : index
  scf.for %i = %c0 to %m step %c1 {
    %j = arith.addi %i, %n : index
  }
  return
}

// -----

// Tests that a loop whose induction variable's last increment overflows
// int32_t is rejected: from 2^30, `i += 2^30` is UB in ptoas's C++ (the
// interpreter's 64-bit loop runs twice).
func.func @induction_beyond_int32(%n: index) {
  %c0 = arith.constant 0 : index
  %max = arith.constant 2147483647 : index
  %step = arith.constant 1073741824 : index
  // expected-error@+1 {{'scf.for' op cannot be emitted to PTO: ptoas 0.27 holds index values in int32_t, and the induction variable's last increment (1073741824 + 1073741824) overflows it}}
  scf.for %i = %c0 to %max step %step {
    %j = arith.addi %i, %n : index
  }
  return
}

// -----

// Tests that index values known only at run time, and constants at the
// int32_t extremes, are emitted (the driver range-checks index arguments).
func.func @index_int32_extremes(%n: index) {
  %c0 = arith.constant 0 : index
  %min = arith.constant -2147483648 : index
  %max = arith.constant 2147483647 : index
  %big = arith.muli %n, %max : index
  scf.for %i = %min to %c0 step %max {
    %j = arith.addi %i, %big : index
  }
  return
}

// -----

// Tests that an arith op ptoas 0.27 has no C++ lowering for is refused at
// the op.
func.func @arith_without_lowering(%a: f8E4M3FN, %s: f8E8M0FNU) {
  // expected-error@+1 {{'arith.scaling_extf' op cannot be emitted to PTO: ptoas 0.27 has no lowering to C++ for it}}
  %f = arith.scaling_extf %a, %s : f8E4M3FN, f8E8M0FNU to f32
  return
}

// -----

// Tests that a refusal of the scf.while an scf.for carrying a scalar is
// emitted as names the scf.for: here a left tile dies in it at level2.
func.func @for_as_while_left_tile_dies(%A: !tile.tensor<128x128xf16>, %D: !tile.tensor<128x128xf32>, %n: index) -> !tile.tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = tile.alloc : !tile.buffer<mat, 32768>
  // expected-note@+1 {{the left tile}}
  %bl = tile.alloc : !tile.buffer<left, 32768>
  %bl2 = tile.alloc : !tile.buffer<left, 32768>
  %br = tile.alloc : !tile.buffer<right, 32768>
  %ba = tile.alloc : !tile.buffer<acc, 65536>
  %m = tile.load %A[%c0, %c0] into(%bm : !tile.buffer<mat, 32768>) : !tile.tensor<128x128xf16> -> !tile.tile<128x128xf16, mat>
  %l = tile.move %m into(%bl : !tile.buffer<left, 32768>) : !tile.tile<128x128xf16, mat> -> !tile.tile<128x128xf16, left>
  %r = tile.move %m into(%br : !tile.buffer<right, 32768>) : !tile.tile<128x128xf16, mat> -> !tile.tile<128x128xf16, right>
  // expected-error@+2 {{'scf.for' op cannot be emitted to PTO: at level2, ptoas 0.27's PlanMemory would not see where the left tile used in this scf.while dies}}
  // expected-note@+1 {{this scf.for carries a scalar, so it is emitted as an scf.while (ptoas 0.27 crashes on an scf.for that carries one)}}
  %w = scf.for %i = %c0 to %n step %c1 iter_args(%a = %c0) -> (index) {
    %p = tile.matmul %l, %r into(%ba : !tile.buffer<acc, 65536>) : !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right> -> !tile.tile<128x128xf32, acc>
    %s = tile.store %p, %D[%c0, %c0] : !tile.tile<128x128xf32, acc>, !tile.tensor<128x128xf32>
    %a1 = arith.addi %a, %c1 : index
    scf.yield %a1 : index
  }
  %l2 = tile.move %m into(%bl2 : !tile.buffer<left, 32768>) : !tile.tile<128x128xf16, mat> -> !tile.tile<128x128xf16, left>
  %q = tile.matmul %l2, %r into(%ba : !tile.buffer<acc, 65536>) : !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right> -> !tile.tile<128x128xf32, acc>
  %s2 = tile.store %q, %D[%c0, %c0] : !tile.tile<128x128xf32, acc>, !tile.tensor<128x128xf32>
  return %s2 : !tile.tensor<128x128xf32>
}

// -----

// Tests that a while carry yielded to another position whose type has no
// cast round trip ptoas 0.27 is known to keep is refused at the yield rather
// than left to ptoas's one-after-another assignment.
func.func @while_lagged_i48_carry(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i48
  %t3 = arith.constant 3 : i48
  %b = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:3 = scf.while (%k = %c0, %a = %z, %s = %z) : (index, i48, i48) -> (index, i48, i48) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %a, %s : index, i48, i48
  } do {
  ^bb0(%k: index, %a: i48, %s: i48):
    %k1 = arith.addi %k, %c1 : index
    %a1 = arith.addi %a, %t3 : i48
    // expected-error@+1 {{cannot be emitted to PTO: iteration argument #1 ('i48') is yielded to position #2, which needs a copy ptoas 0.27 keeps, and no cast round trip of its type is known to be kept}}
    scf.yield %k1, %a1, %a : index, i48, i48
  }
  %i = arith.extsi %r#2 : i48 to i64
  %f = arith.sitofp %i : i64 to f32
  %y = tile.adds %x, %f into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a kernel is refused at level2 when a boxed tile dies inside an
// scf.while and the declared tiles of its space reach the capacity: ptoas's
// PlanMemory would then reuse addresses without seeing the tile's lifetime
// end, and no copy of a left tile onto itself marks it as for vec tiles.
func.func @left_tile_dies_in_while(%A: !tile.tensor<128x128xf16>, %D: !tile.tensor<128x128xf32>, %n: index) -> !tile.tensor<128x128xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %bm = tile.alloc : !tile.buffer<mat, 32768>
  // expected-note@+1 {{the left tile}}
  %bl = tile.alloc : !tile.buffer<left, 32768>
  %bl2 = tile.alloc : !tile.buffer<left, 32768>
  %br = tile.alloc : !tile.buffer<right, 32768>
  %ba = tile.alloc : !tile.buffer<acc, 65536>
  %m = tile.load %A[%c0, %c0] into(%bm : !tile.buffer<mat, 32768>) : !tile.tensor<128x128xf16> -> !tile.tile<128x128xf16, mat>
  %l = tile.move %m into(%bl : !tile.buffer<left, 32768>) : !tile.tile<128x128xf16, mat> -> !tile.tile<128x128xf16, left>
  %r = tile.move %m into(%br : !tile.buffer<right, 32768>) : !tile.tile<128x128xf16, mat> -> !tile.tile<128x128xf16, right>
  // expected-error@+1 {{'scf.while' op cannot be emitted to PTO: at level2, ptoas 0.27's PlanMemory would not see where the left tile used in this scf.while dies (it frees a buffer only at an op of the buffer's own block, and does not enter scf.while), and the kernel's left tiles (65536 bytes) reach the capacity (65536 bytes), where it reuses addresses and may place another tile over this one while it is live; a boxed tile has no copy onto itself to mark that point, as a vec tile has. Plan the kernel's memory with pypto or dsa-rp (level3)}}
  %w = scf.while (%i = %c0) : (index) -> index {
    %more = arith.cmpi ult, %i, %n : index
    scf.condition(%more) %i : index
  } do {
  ^bb0(%j: index):
    %p = tile.matmul %l, %r into(%ba : !tile.buffer<acc, 65536>) : !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right> -> !tile.tile<128x128xf32, acc>
    %s = tile.store %p, %D[%c0, %c0] : !tile.tile<128x128xf32, acc>, !tile.tensor<128x128xf32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1 : index
  }
  %l2 = tile.move %m into(%bl2 : !tile.buffer<left, 32768>) : !tile.tile<128x128xf16, mat> -> !tile.tile<128x128xf16, left>
  %q = tile.matmul %l2, %r into(%ba : !tile.buffer<acc, 65536>) : !tile.tile<128x128xf16, left>, !tile.tile<128x128xf16, right> -> !tile.tile<128x128xf32, acc>
  %s2 = tile.store %q, %D[%c0, %c0] : !tile.tile<128x128xf32, acc>, !tile.tensor<128x128xf32>
  return %s2 : !tile.tensor<128x128xf32>
}

// -----

// Tests that a level2 buffer holding an f32 tile and then an f16 tile is
// rejected: its second handle would be a pto.treshape from f32 to f16, which
// pto-isa's TRESHAPE on the CPU simulator does not compile (a g++ 12
// _Float16 is not std::is_floating_point); found by an independently
// written generator.
func.func @level2_buffer_of_f32_and_f16(%A: !tile.tensor<16x64xf32>, %B: !tile.tensor<16x128xf16>, %O: !tile.tensor<16x64xf32>, %P: !tile.tensor<16x128xf16>) -> (!tile.tensor<16x64xf32>, !tile.tensor<16x128xf16>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 4096>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %O1 = tile.store %x, %O[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<16x64xf32>
  // expected-error@+1 {{at level2 its tile ('!pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=128, v_row=16, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>' at byte 0 of a 4096-byte buffer) must be a view of its buffer's alloc_tile ('!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>'), and pto-isa's TRESHAPE (its CPU simulator) does not reinterpret f32 as f16}}
  %y = tile.load %B[%c0, %c0] into(%b : !tile.buffer<vec, 4096>) : !tile.tensor<16x128xf16> -> !tile.tile<16x128xf16, vec>
  %P1 = tile.store %y, %P[%c0, %c0] : !tile.tile<16x128xf16, vec>, !tile.tensor<16x128xf16>
  return %O1, %P1 : !tile.tensor<16x64xf32>, !tile.tensor<16x128xf16>
}
