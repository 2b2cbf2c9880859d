// RUN: tile-translate --tile-to-pto --split-input-file %s | FileCheck %s
// RUN: tile-translate --tile-to-pto --pto-level=level2 --split-input-file %s | FileCheck %s
//
// Level2 emission (docs/pto-emission.md). Every buffer slot is one root
// pto.alloc_tile, every tile value a view of it (pto.subset of whole rows,
// then pto.treshape), and each root sits in the innermost block holding its
// uses. test/Target/PTO/ptoas/ feeds these rules to the real ptoas, and
// test/python/test_toolchain.py runs every kernel here on pto-isa's
// simulator.

// Tests that a loop-carried accumulator is one handle updated in place (the
// scf.for carries neither the tile nor the tensor; tensor arguments become
// pointers with one tensor view each), and that every alloc_tile sits in the
// innermost block holding all its uses: the accumulator before the loop, the
// loaded block inside the loop body (so ptoas's PlanMemory does not keep it
// live across the loop: acc_pressure).
// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME: %[[A:.*]]: !pto.ptr<f32>, %[[B:.*]]: !pto.ptr<f32>) {
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[TA:.*]] = pto.make_tensor_view %[[A]], shape = [%[[C256]], %[[C64]]], strides = [%[[C64]], %[[C1]]] : !pto.tensor_view<?x?xf32>
// CHECK: %[[TB:.*]] = pto.make_tensor_view %[[B]], shape = [%[[C64]], %[[C64]]], strides = [%[[C64]], %[[C1]]] : !pto.tensor_view<?x?xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.texpands ins(%[[ZERO]] : f32) outs(%[[ACC]] : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT:   %[[ROW:.*]] = arith.muli %[[I]], %[[C64]] : index
// CHECK-NEXT:   %[[PV:.*]] = pto.partition_view %[[TA]], offsets = [%[[ROW]], %{{.*}}], sizes = [%[[C64]], %[[C64]]] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT:   %[[IN:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK-NEXT:   pto.tload ins(%[[PV]] : !pto.partition_tensor_view<64x64xf32>) outs(%[[IN]] : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT:   pto.tadd ins(%[[ACC]], %[[IN]] : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%[[ACC]] : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: }
// CHECK-NEXT: pto.tmuls ins(%[[ACC]], %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(%[[ACC]] : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: %[[OUT:.*]] = pto.partition_view %[[TB]], offsets = [%{{.*}}, %{{.*}}], sizes = [%[[C64]], %[[C64]]]
// CHECK-NEXT: pto.tstore ins(%[[ACC]] : !pto.tile_buf<{{.*}}>) outs(%[[OUT]] : !pto.partition_tensor_view<64x64xf32>)
// CHECK-NEXT: return{{$}}
func.func @accumulate(%A: !tile.tensor<256x64xf32>, %B: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %scale = arith.constant 2.500000e-01 : f32
  %acc_buf = tile.alloc : !tile.buffer<vec, 16384>
  %in_buf = tile.alloc : !tile.buffer<vec, 16384>
  %zero = tile.full 0.0 into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
    %row = arith.muli %i, %c64 : index
    %block = tile.load %A[%row, %c0] into(%in_buf : !tile.buffer<vec, 16384>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
    %next = tile.add %acc, %block into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  %mean = tile.muls %sum, %scale into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>, f32
  %B1 = tile.store %mean, %B[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %B1 : !tile.tensor<64x64xf32>
}

// -----

// Tests that a loop carry whose initializer emits nothing (tile.create) keeps
// its alloc_tile outside the loop: the loop carries the value from one
// iteration to the next.
// CHECK-LABEL: func.func @carry_created(
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile
// CHECK-NEXT: scf.for
// CHECK-NEXT: pto.texp ins(%[[T]] : {{.*}}) outs(%[[T]] : {{.*}})
func.func @carry_created(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %t0 = tile.create into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0, %T = %A) -> (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) {
    %e = tile.exp %t into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    %T1 = tile.store %e, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    scf.yield %e, %T1 : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  }
  return %r#1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that an if/else phi whose arms write one window is one handle both
// arms write, and the scf.if yields nothing.
// CHECK-LABEL: func.func @phi(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %[[C:.*]]: i1) {
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[IN:.*]] = pto.alloc_tile
// CHECK: pto.tload
// CHECK-NEXT: %[[PHI:.*]] = pto.alloc_tile
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NEXT: pto.texp ins(%[[IN]] : {{.*}}) outs(%[[PHI]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.texpands ins(%[[ONE]] : f32) outs(%[[PHI]] : {{.*}})
// CHECK-NEXT: }
// CHECK: pto.tstore ins(%[[PHI]] : {{.*}})
func.func @phi(%A: !tile.tensor<64x64xf32>, %c: i1) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %in = tile.alloc : !tile.buffer<vec, 16384>
  %x = tile.load %A[%c0, %c0] into(%in : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %r = scf.if %c -> (!tile.tile<64x64xf32, vec>) {
    %e = tile.exp %x into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    scf.yield %e : !tile.tile<64x64xf32, vec>
  } else {
    %f = tile.full 1.0 into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    scf.yield %f : !tile.tile<64x64xf32, vec>
  }
  %A1 = tile.store %r, %A[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %A1 : !tile.tensor<64x64xf32>
}

// -----

// Tests views: a row slice is a pto.subset of whole rows of its buffer's
// root, an assemble copies its source into such a subset, a reshape is a
// pto.treshape of the root (never a view of a view: ptoas lowers pto.subset
// before pto.treshape).
// CHECK-LABEL: func.func @views(
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, {{.*}}>
// CHECK-NEXT: %[[TOP:.*]] = pto.subset %[[T]][%{{.*}}, %{{.*}}] sizes [16, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: %[[BLOCK:.*]] = pto.subset %[[T]][%{{.*}}, %{{.*}}] sizes [16, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: %[[FLAT:.*]] = pto.treshape %[[T]] : !pto.tile_buf<{{.*}}rows=64, cols=64{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=32, v_row=128, v_col=32, {{.*}}>
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: %[[E:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, {{.*}}>
// CHECK-NEXT: pto.texp ins(%[[TOP]] : {{.*}}) outs(%[[E]] : {{.*}})
// CHECK-NEXT: pto.tmov ins(%[[E]] : {{.*}}) outs(%[[BLOCK]] : {{.*}})
// CHECK: pto.tstore ins(%[[FLAT]] : {{.*}})
func.func @views(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<128x32xf32>) -> !tile.tensor<128x32xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %s = tile.alloc : !tile.buffer<vec, 4096>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %top = tile.slice %t[16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
  %e = tile.exp %top into(%s : !tile.buffer<vec, 4096>) : !tile.tile<16x64xf32, vec>
  %t1 = tile.assemble %t, %e[48, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  %flat = tile.reshape %t1 : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
  %B1 = tile.store %flat, %B[%c0, %c0] : !tile.tile<128x32xf32, vec>, !tile.tensor<128x32xf32>
  return %B1 : !tile.tensor<128x32xf32>
}

// -----

// Tests a slice of a reshape (ptoas rejected a pto.subset of a pto.treshape:
// "pto.subset source must be lowered to memref first"): the slice's window
// is rows 8-15 of the buffer, so it is a subset of the root, reshaped to its
// type (here the root's row width already: no treshape).
// CHECK-LABEL: func.func @reshape_slice(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, {{.*}}>
// CHECK-NEXT: %[[S:.*]] = pto.subset %[[X]][%c8, %c0] sizes [8, 16]
// CHECK-NOT: pto.treshape
// CHECK: pto.texp ins(%[[S]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, {{.*}}>)
func.func @reshape_slice(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<8x16xf32>) -> !tile.tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %o = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %X[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %v = tile.reshape %x : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
  %s = tile.slice %v[16, 0] : !tile.tile<32x8xf32, vec> -> !tile.tile<16x8xf32, vec>
  %w = tile.reshape %s : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
  %r = tile.exp %w into(%o : !tile.buffer<vec, 512>) : !tile.tile<8x16xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>
  return %O1 : !tile.tensor<8x16xf32>
}

// -----

// Tests a column block (a strided view): its tile_buf is as wide as its row
// stride with v_col the block's width (ptoas translates a narrower
// pto.subset as a compact tile, losing the row stride, and rejects a
// full-width one at a column offset), reached from a one-row root padded
// past the buffer's end; tile.write takes the offset over 16 physical
// columns.
// CHECK-LABEL: func.func @column_block(
// CHECK: %[[ROOT:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=264, v_row=1, v_col=264, {{.*}}>
// CHECK-NEXT: %[[S0:.*]] = pto.subset %[[ROOT]][%c0, %c0] sizes [1, 256]
// CHECK-NEXT: %[[T:.*]] = pto.treshape %[[S0]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, {{.*}}>
// CHECK-NEXT: %[[S8:.*]] = pto.subset %[[ROOT]][%c0, %c8] sizes [1, 256]
// CHECK-NEXT: %[[COLS:.*]] = pto.treshape %[[S8]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=8, {{.*}}>
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: %[[M:.*]] = arith.muli %c3, %c16 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[M]], %c3 : index
// CHECK-NEXT: pto.tsetval ins(%[[OFF]], %{{.*}} : index, f32) outs(%[[COLS]] : {{.*}})
// CHECK: pto.texp ins(%[[COLS]] : {{.*}}v_col=8{{.*}}) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, {{.*}}>)
func.func @column_block(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x8xf32>, %v: f32) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %o = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %w = tile.write %s[%c3, %c3], %v : !tile.tile<16x8xf32, vec>, f32
  %e = tile.exp %w into(%o : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
  %B1 = tile.store %e, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %B1 : !tile.tensor<16x8xf32>
}

// -----

// Tests that a copy between a column block and a dense tile (a tile.move out
// of the block, a tile.assemble into it) is pto.tmax(x, x): ptoas's A2/A3
// verifier wants pto.tmov's tile_bufs of one shape, a column block's is as
// wide as its row stride, and max(x, x) is x.
// CHECK-LABEL: func.func @copy_column_block(
// CHECK: %[[COLS:.*]] = pto.treshape %{{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=8,
// CHECK: pto.tmax ins(%[[COLS]], %[[COLS]] : {{.*}}) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8,
// CHECK: pto.texp ins(%{{.*}}) outs(%[[E:[^ ]*]] :
// CHECK: pto.tmax ins(%[[E]], %[[E]] : {{.*}}) outs(%[[COLS]] :
// CHECK-NOT: pto.tmov
func.func @copy_column_block(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x8xf32>) -> (!tile.tensor<16x8xf32>, !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 512>
  %e = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %m = tile.move %s into(%d : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec> -> !tile.tile<16x8xf32, vec>
  %x = tile.exp %m into(%e : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
  %B1 = tile.store %x, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  %a = tile.assemble %t, %x[0, 8] : !tile.tile<16x16xf32, vec>, !tile.tile<16x8xf32, vec>
  %A1 = tile.store %a, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B1, %A1 : !tile.tensor<16x8xf32>, !tile.tensor<16x16xf32>
}

// -----

// Tests that at level2 the blocks tile.assemble copies into are views of
// their buffer's root: column blocks no value names, so the root is chosen
// from them too (a flat row, as for a column block view), and each copy is
// pto.tmax into the block's treshape.
// CHECK-LABEL: func.func @assemble_column_blocks(
// CHECK: %[[ROOT:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=
// CHECK-DAG: pto.treshape {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=8,
// CHECK: pto.tmax ins(%[[L:[^,]*]], %[[L]] : {{.*}}) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=8,
// CHECK: pto.tmax ins(%[[R:[^,]*]], %[[R]] : {{.*}}) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=8,
func.func @assemble_column_blocks(%A: !tile.tensor<16x8xf32>, %B: !tile.tensor<16x8xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %pa = tile.alloc : !tile.buffer<vec, 512>
  %pb = tile.alloc : !tile.buffer<vec, 512>
  %po = tile.alloc : !tile.buffer<vec, 1024>
  %a = tile.load %A[%c0, %c0] into(%pa : !tile.buffer<vec, 512>) : !tile.tensor<16x8xf32> -> !tile.tile<16x8xf32, vec>
  %b = tile.load %B[%c0, %c0] into(%pb : !tile.buffer<vec, 512>) : !tile.tensor<16x8xf32> -> !tile.tile<16x8xf32, vec>
  %o = tile.create into(%po : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %o1 = tile.assemble %o, %a[0, 0] : !tile.tile<16x16xf32, vec>, !tile.tile<16x8xf32, vec>
  %o2 = tile.assemble %o1, %b[0, 8] : !tile.tile<16x16xf32, vec>, !tile.tile<16x8xf32, vec>
  %O1 = tile.store %o2, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}

// -----

// Tests a two-slot pool with static slots: each slot is its own root, and a
// producer writing slot 0 again reuses slot 0's handle.
// CHECK-LABEL: func.func @pool(
// CHECK: %[[S0:.*]] = pto.alloc_tile
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[S0]] : {{.*}})
// CHECK: %[[S1:.*]] = pto.alloc_tile
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[S1]] : {{.*}})
// CHECK-NEXT: pto.tmax ins(%[[S0]], %[[S1]] : {{.*}}) outs(%[[S0]] : {{.*}})
// CHECK-NOT: pto.alloc_tile
func.func @pool(%A: !tile.tensor<128x64xf32>) -> !tile.tensor<128x64xf32> {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %p = tile.alloc : !tile.buffer<vec, 16384, slots = 2>
  %x = tile.load %A[%c0, %c0] into(%p slot 0 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tensor<128x64xf32> -> !tile.tile<64x64xf32, vec>
  %y = tile.load %A[%c64, %c0] into(%p slot 1 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tensor<128x64xf32> -> !tile.tile<64x64xf32, vec>
  %z = tile.maximum %x, %y into(%p slot 0 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tile<64x64xf32, vec>
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<128x64xf32>
  return %A1 : !tile.tensor<128x64xf32>
}

// -----

// Tests several kernels (the one marked pto.entry is the entry), the target
// architecture, an inlined tile.scope, a buffer holding two tiles (a
// one-row root with two views), scratch tiles for trowsum and ttrans placed
// at their op, the column-vector layout of a 64x1 tile, filled and added as
// the row over its bytes (ptoas wants row-major vec operands), and a
// tile.write as tsetval at a row-major offset with the value converted.
// CHECK: module attributes {pto.target_arch = "a5"} {
// CHECK-LABEL: func.func @norm(
// CHECK-SAME: attributes {pto.entry}
// CHECK: %[[B:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8192, {{.*}}>
// CHECK: %[[X:.*]] = pto.treshape %{{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK: %[[T:.*]] = pto.treshape %{{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK: %[[SUMS:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[SUMROW:.*]] = pto.treshape %[[SUMS]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64, blayout=row_major, {{.*}}>
// CHECK-NEXT: %[[TMP1:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: pto.trowsum ins(%[[X]], %[[TMP1]] : {{.*}}) outs(%[[SUMS]] : {{.*}})
// CHECK-NEXT: pto.trowexpandmul ins(%[[X]], %[[SUMS]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NEXT: %[[TMP2:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: pto.ttrans ins(%[[X]], %[[TMP2]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, {{.*}}blayout=col_major{{.*}}>
// CHECK-NEXT: %[[WROW:.*]] = pto.treshape %[[W]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, {{.*}}blayout=row_major{{.*}}>
// CHECK-NEXT: pto.texpands ins(%{{.*}} : f32) outs(%[[WROW]] : {{.*}})
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<64x1xf32>) outs(%[[SUMS]] : {{.*}})
// CHECK-NEXT: pto.tadd ins(%[[SUMROW]], %[[WROW]] : {{.*}}) outs(%[[WROW]] : {{.*}})
// CHECK: pto.tstore ins(%[[T]] : {{.*}})
// CHECK: pto.tstore ins(%[[W]] : {{.*}}) outs(%{{.*}} : !pto.partition_tensor_view<64x1xf32>)
// CHECK-LABEL: func.func @fill(
// CHECK-SAME: %{{.*}}: !pto.ptr<i32>, %[[I:.*]]: index, %[[V:.*]]: f32) {
// CHECK: %[[Z:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8, {{.*}}>
// CHECK-NEXT: pto.texpands ins(%{{.*}} : i32) outs(%[[Z]] : {{.*}})
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[I]], %c8 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[ROW]], %c0 : index
// CHECK-NEXT: %[[VI:.*]] = arith.fptosi %[[V]] : f32 to i32
// CHECK-NEXT: pto.tsetval ins(%[[OFF]], %[[VI]] : index, i32) outs(%[[Z]] : {{.*}})
module attributes {tile.target_arch = "a5"} {
  func.func @norm(%A: !tile.tensor<64x64xf32>, %S: !tile.tensor<64x1xf32>) -> (!tile.tensor<64x64xf32>, !tile.tensor<64x1xf32>) attributes {pto.entry} {
    %c0 = arith.constant 0 : index
    %b = tile.alloc : !tile.buffer<vec, 32768>
    %v = tile.alloc : !tile.buffer<vec, 256>
    %w = tile.alloc : !tile.buffer<vec, 256>
    %x = tile.load %A[%c0, %c0] into(%b[0, 16384] : !tile.buffer<vec, 32768>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %r = tile.scope "split_aiv" -> !tile.tile<64x64xf32, vec> {
      %sums = tile.row_sum %x into(%v : !tile.buffer<vec, 256>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
      %n = tile.row_expand_mul %x, %sums into(%b[0, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>
      %t = tile.transpose %n into(%b[16384, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
      tile.scope_yield %t : !tile.tile<64x64xf32, vec>
    }
    %one = tile.full 1.0 into(%w : !tile.buffer<vec, 256>) : !tile.tile<64x1xf32, vec>
    %col = tile.load %S[%c0, %c0] into(%v : !tile.buffer<vec, 256>) : !tile.tensor<64x1xf32> -> !tile.tile<64x1xf32, vec>
    %sum = tile.add %col, %one into(%w : !tile.buffer<vec, 256>) : !tile.tile<64x1xf32, vec>
    %A1 = tile.store %r, %A[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    %S1 = tile.store %sum, %S[%c0, %c0] : !tile.tile<64x1xf32, vec>, !tile.tensor<64x1xf32>
    return %A1, %S1 : !tile.tensor<64x64xf32>, !tile.tensor<64x1xf32>
  }
  func.func @fill(%B: !tile.tensor<8x8xi32>, %i: index, %v: f32) -> !tile.tensor<8x8xi32> {
    %c0 = arith.constant 0 : index
    %b = tile.alloc : !tile.buffer<vec, 256>
    %z = tile.full 7.0 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xi32, vec>
    %w = tile.write %z[%i, %c0], %v : !tile.tile<8x8xi32, vec>, f32
    %B1 = tile.store %w, %B[%c0, %c0] : !tile.tile<8x8xi32, vec>, !tile.tensor<8x8xi32>
    return %B1 : !tile.tensor<8x8xi32>
  }
}

// -----

// Tests that tile.write into a transposed view takes the column-major
// linear offset of the col_major handle: (row 1, col 2) of the 16x8 view is
// element 2 * 16 + 1.
// CHECK-LABEL: func.func @write_transposed(
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, {{.*}}blayout=row_major{{.*}}>
// CHECK-NEXT: %[[TV:.*]] = pto.treshape %[[T]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[COL:.*]] = arith.muli %c2, %c16 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[COL]], %c1 : index
// CHECK-NEXT: pto.tsetval ins(%[[OFF]], %{{.*}} : index, f32) outs(%[[TV]] : {{.*}})
// CHECK: pto.tstore ins(%[[T]] : {{.*}})
func.func @write_transposed(%A: !tile.tensor<8x16xf32>, %B: !tile.tensor<8x16xf32>, %v: f32) -> !tile.tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 512>) : !tile.tensor<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %tv = tile.transpose_view %t : !tile.tile<8x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %w = tile.write %tv[%c1, %c2], %v : !tile.tile<16x8xf32, vec>, f32
  %back = tile.transpose_view %w : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
  %B1 = tile.store %back, %B[%c0, %c0] : !tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>
  return %B1 : !tile.tensor<8x16xf32>
}

// -----

// Tests that every op on a level2 dynamic-slot window is repeated per slot
// under an scf.if chain on the slot (compares placed right after the slot
// is defined); no scf.if yields a tile_buf (ptoas casts such results to
// pointers in its C++).
// CHECK-LABEL: func.func @dynamic_slot(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %[[I:.*]]: index) {
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[I]], %c0 : index
// CHECK-NEXT: %[[IS1:.*]] = arith.cmpi eq, %[[I]], %c1 : index
// CHECK: %[[S0:.*]] = pto.alloc_tile
// CHECK-NEXT: %[[S1:.*]] = pto.alloc_tile
// CHECK-NEXT: %[[S2:.*]] = pto.alloc_tile
// CHECK-NEXT: scf.if %[[IS0]] {
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[S0]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[IS1]] {
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[S1]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[S2]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: scf.if %[[IS0]] {
// CHECK-NEXT: pto.tstore ins(%[[S0]] : {{.*}})
// CHECK-NOT: -> !pto.tile_buf
// CHECK: return
func.func @dynamic_slot(%A: !tile.tensor<8x8xf32>, %i: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 256, slots = 3>
  %t = tile.load %A[%c0, %c0] into(%p slot %i : !tile.buffer<vec, 256, slots = 3>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %A1 = tile.store %t, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests a double-buffered K loop (kernels/gemm_splitk.mlir): every window
// of the slot %k mod 2 is selected by one compare, and an op on several of
// them (the copy from the mat slot into the left slot, the matmul_acc of
// the left and the right slot) is repeated once per slot, each copy using
// that slot of every operand. (The expansion used to repeat it per
// combination, and to lose track of the op it repeated for the second
// operand when a clone reused the first one's memory: "internal error: a
// level2 slot selection is still used after its users were expanded".)
// CHECK-LABEL: func.func @double_buffered_k_loop(
// CHECK: scf.for
// CHECK: %[[SLOT:.*]] = arith.remui
// CHECK-NEXT: %[[IS0:.*]] = arith.cmpi eq, %[[SLOT]], %c0 : index
// CHECK-NEXT: %[[FIRST:.*]] = arith.cmpi eq, %arg3, %c0 : index
// CHECK-NOT: arith.cmpi
// CHECK: %[[A0:.*]] = pto.alloc_tile
// CHECK-NEXT: %[[A1:.*]] = pto.alloc_tile
// CHECK: %[[B0:.*]] = pto.alloc_tile
// CHECK-NEXT: %[[B1:.*]] = pto.alloc_tile
// CHECK: %[[L0:.*]] = pto.alloc_tile
// CHECK-NEXT: %[[L1:.*]] = pto.alloc_tile
// CHECK-NEXT: scf.if %[[IS0]] {
// CHECK-NEXT: pto.tmov ins(%[[A0]] : {{.*}}) outs(%[[L0]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.tmov ins(%[[A1]] : {{.*}}) outs(%[[L1]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: %[[R0:.*]] = pto.alloc_tile
// CHECK-NEXT: %[[R1:.*]] = pto.alloc_tile
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: scf.if %[[IS0]] {
// CHECK-NEXT: pto.tmatmul ins(%[[L0]], %[[R0]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.tmatmul ins(%[[L1]], %[[R1]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.if %[[IS0]] {
// CHECK-NEXT: pto.tmatmul.acc ins(%{{.*}}, %[[L0]], %[[R0]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.tmatmul.acc ins(%{{.*}}, %[[L1]], %[[R1]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: -> !pto.tile_buf
// CHECK: pto.tstore
func.func @double_buffered_k_loop(%A: !tile.tensor<16x64xf16>, %B: !tile.tensor<64x16xf16>, %C: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %am = tile.alloc : !tile.buffer<mat, 512, slots = 2>
  %bm = tile.alloc : !tile.buffer<mat, 512, slots = 2>
  %lb = tile.alloc : !tile.buffer<left, 512, slots = 2>
  %rb = tile.alloc : !tile.buffer<right, 512, slots = 2>
  %cb = tile.alloc : !tile.buffer<acc, 1024>
  %z = tile.create into(%cb : !tile.buffer<acc, 1024>) : !tile.tile<16x16xf32, acc>
  %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (!tile.tile<16x16xf32, acc>) {
    %kk = arith.muli %k, %c16 : index
    %slot = arith.remui %k, %c2 : index
    %first = arith.cmpi eq, %k, %c0 : index
    %a = tile.load %A[%c0, %kk] into(%am slot %slot : !tile.buffer<mat, 512, slots = 2>) : !tile.tensor<16x64xf16> -> !tile.tile<16x16xf16, mat>
    %b = tile.load %B[%kk, %c0] into(%bm slot %slot : !tile.buffer<mat, 512, slots = 2>) : !tile.tensor<64x16xf16> -> !tile.tile<16x16xf16, mat>
    %l = tile.move %a into(%lb slot %slot : !tile.buffer<left, 512, slots = 2>) : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, left>
    %r = tile.move %b into(%rb slot %slot : !tile.buffer<right, 512, slots = 2>) : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, right>
    %n = tile.matmul_acc %acc, %l, %r init_cond %first : !tile.tile<16x16xf32, acc>, !tile.tile<16x16xf16, left>, !tile.tile<16x16xf16, right>
    scf.yield %n : !tile.tile<16x16xf32, acc>
  }
  %C1 = tile.store %s, %C[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
  return %C1 : !tile.tensor<16x16xf32>
}

// -----

// Tests a logical tile selection (as MaterializeSemanticAliases makes it):
// the producers write the pool's two slot roots, tile.create emits nothing,
// the if whose arms only named the window is dropped, tile.if_exit_barrier
// is a PIPE_ALL barrier, and the consumer of the selected tile is repeated
// per slot.
// CHECK-LABEL: func.func @selection(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %{{.*}}: !pto.ptr<f32>, %[[C:.*]]: i1) {
// CHECK: %[[X:.*]] = pto.alloc_tile
// CHECK: %[[A:.*]] = pto.alloc_tile
// CHECK-NEXT: pto.texp ins(%[[X]] : {{.*}}) outs(%[[A]] : {{.*}})
// CHECK-NEXT: %[[B:.*]] = pto.alloc_tile
// CHECK-NEXT: pto.tmul ins(%[[X]], %[[X]] : {{.*}}) outs(%[[B]] : {{.*}})
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %c0, %c1 : index
// CHECK-NEXT: %[[IS0:.*]] = arith.cmpi eq, %[[S]], %c0 : index
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: %[[M:.*]] = pto.alloc_tile
// CHECK-NEXT: scf.if %[[IS0]] {
// CHECK-NEXT: pto.tmax ins(%[[A]], %[[X]] : {{.*}}) outs(%[[M]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.tmax ins(%[[B]], %[[X]] : {{.*}}) outs(%[[M]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: pto.partition_view
// CHECK-NEXT: pto.tstore ins(%[[M]] : {{.*}})
func.func @selection(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x8xf32>, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pool = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %in = tile.alloc : !tile.buffer<vec, 256>
  %o = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%in : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %a = tile.exp %x into(%pool : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  %b = tile.mul %x, %x into(%pool slot 1 : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  %s = arith.select %c, %c0, %c1 : index
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %t = tile.create into(%pool slot %s : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
    scf.yield %t : !tile.tile<8x8xf32, vec>
  } else {
    %e = tile.create into(%pool slot %s : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
    scf.yield %e : !tile.tile<8x8xf32, vec>
  }
  tile.if_exit_barrier %r : !tile.tile<8x8xf32, vec>
  %m = tile.maximum %r, %x into(%o : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %B1 = tile.store %m, %B[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %B1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that when the arms of an scf.if reach one window through different
// ops (a slice of a 64x64 tile, a producer into its first 16 rows), both
// are the window's one handle, a subset of the root; the if yields nothing.
// CHECK-LABEL: func.func @arms(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %{{.*}}: !pto.ptr<f32>, %[[C:.*]]: i1) {
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK-NEXT: %[[TOP:.*]] = pto.subset %[[T]][%c0, %c0] sizes [16, 64]
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.texpands ins(%{{.*}} : f32) outs(%[[TOP]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: pto.partition_view
// CHECK-NEXT: pto.tstore ins(%[[TOP]] : {{.*}})
func.func @arms(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<16x64xf32>, %c: i1) -> !tile.tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
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

// -----

// Tests that arms reaching one window through views of it (a reshape there
// and back) give the root itself, so a loop carrying the if result updates
// that handle in place.
// CHECK-LABEL: func.func @arms_same_root(
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile
// CHECK-NOT: pto.treshape
// CHECK: scf.if
// CHECK-NOT: -> !pto.tile_buf
// CHECK: pto.tadds ins(%[[T]], %{{.*}}) outs(%[[T]] : {{.*}})
// CHECK: scf.for
// CHECK-NEXT: pto.tadds ins(%[[T]], %{{.*}}) outs(%[[T]] : {{.*}})
// CHECK: pto.tstore ins(%[[T]] : {{.*}})
func.func @arms_same_root(%A: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %v = tile.reshape %t : !tile.tile<16x16xf32, vec> -> !tile.tile<32x8xf32, vec>
    %w = tile.reshape %v : !tile.tile<32x8xf32, vec> -> !tile.tile<16x16xf32, vec>
    scf.yield %w : !tile.tile<16x16xf32, vec>
  } else {
    %a = tile.adds %t, %one into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
    scf.yield %a : !tile.tile<16x16xf32, vec>
  }
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%x = %r) -> (!tile.tile<16x16xf32, vec>) {
    %y = tile.adds %x, %one into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
    scf.yield %y : !tile.tile<16x16xf32, vec>
  }
  %A1 = tile.store %l, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that a while carry yielded back through transposed views chosen by
// an scf.if stays the carry's alloc_tile: the views are windows of it, so
// the loop carries no tile.
// CHECK-LABEL: func.func @carry_through_selected_views(
// CHECK: %[[X:.*]] = pto.alloc_tile
// CHECK: scf.while (%{{.*}} = %c0) : (index) -> index {
// CHECK-NOT: pto.treshape
// CHECK: pto.tstore ins(%[[X]] : {{.*}})
func.func @carry_through_selected_views(%A: !tile.tensor<8x8xf32>, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b0 = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b0 : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:2 = scf.while (%i = %c0, %t = %x) : (index, !tile.tile<8x8xf32, vec>) -> (index, !tile.tile<8x8xf32, vec>) {
    %go = arith.cmpi slt, %i, %c1 : index
    scf.condition(%go) %i, %t : index, !tile.tile<8x8xf32, vec>
  } do {
  ^bb0(%i: index, %t: !tile.tile<8x8xf32, vec>):
    %v = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
      %tt = tile.transpose_view %t : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
      scf.yield %tt : !tile.tile<8x8xf32, vec>
    } else {
      %tx = tile.transpose_view %x : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
      scf.yield %tx : !tile.tile<8x8xf32, vec>
    }
    %w = tile.transpose_view %v : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
    %n = arith.addi %i, %c1 : index
    scf.yield %n, %w : index, !tile.tile<8x8xf32, vec>
  }
  %A1 = tile.store %r#1, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that tile.div is emitted as pto.tdiv from the emission table.
// CHECK-LABEL: func.func @div(
// CHECK: %[[X:.*]] = pto.alloc_tile
// CHECK: %[[Y:.*]] = pto.alloc_tile
// CHECK: pto.tdiv ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[X]] : {{.*}})
func.func @div(%A: !tile.tensor<32x16xf32>) -> !tile.tensor<32x16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<32x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %A[%c16, %c0] into(%q : !tile.buffer<vec, 1024>) : !tile.tensor<32x16xf32> -> !tile.tile<16x16xf32, vec>
  %z = tile.div %x, %y into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<32x16xf32>
  return %A1 : !tile.tensor<32x16xf32>
}

// -----

// Tests that tile.minimum is emitted as pto.tmin from the emission table.
// CHECK-LABEL: func.func @minimum(
// CHECK: %[[X:.*]] = pto.alloc_tile
// CHECK: %[[Y:.*]] = pto.alloc_tile
// CHECK: pto.tmin ins(%[[X]], %[[Y]] : {{.*}}) outs(%[[X]] : {{.*}})
func.func @minimum(%A: !tile.tensor<32x16xf32>) -> !tile.tensor<32x16xf32> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<32x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %A[%c16, %c0] into(%q : !tile.buffer<vec, 1024>) : !tile.tensor<32x16xf32> -> !tile.tile<16x16xf32, vec>
  %z = tile.minimum %x, %y into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<32x16xf32>
  return %A1 : !tile.tensor<32x16xf32>
}

// -----

// Tests that the unary ops are emitted from the emission table, each in
// place when its result shares its operand's window, and tile.recip (not
// in-place safe) into a window of its own.
// CHECK-LABEL: func.func @unary(
// CHECK: %[[X:.*]] = pto.alloc_tile
// CHECK: pto.tlog ins(%[[X]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.tsqrt ins(%[[X]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.trsqrt ins(%[[X]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.tabs ins(%[[X]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.tneg ins(%[[X]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.trelu ins(%[[X]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: %[[Y:.*]] = pto.alloc_tile
// CHECK: pto.trecip ins(%[[X]] : {{.*}}) outs(%[[Y]] : {{.*}})
func.func @unary(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %l = tile.log %x into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %s = tile.sqrt %l into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %r = tile.rsqrt %s into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %a = tile.abs %r into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %n = tile.neg %a into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %u = tile.relu %n into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %i = tile.recip %u into(%q : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %A1 = tile.store %i, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.subs/divs/maxs/mins are emitted from the emission table,
// the scalar converted to the element type, and for tile.maxs/mins on an
// integer tile then to f32 (ptoas wants a float scalar there).
// CHECK-LABEL: func.func @scalar_forms(
// CHECK: %[[X:.*]] = pto.alloc_tile {{.*}}dtype=f32
// CHECK: pto.tsubs ins(%[[X]], %{{.*}} : {{.*}}, f32) outs(%[[X]] : {{.*}})
// CHECK: pto.tdivs ins(%[[X]], %{{.*}} : {{.*}}, f32) outs(%[[X]] : {{.*}})
// CHECK: pto.tmaxs ins(%[[X]], %{{.*}} : {{.*}}, f32) outs(%[[X]] : {{.*}})
// CHECK: pto.tmins ins(%[[X]], %{{.*}} : {{.*}}, f32) outs(%[[X]] : {{.*}})
// CHECK: %[[H:.*]] = pto.alloc_tile {{.*}}dtype=i16
// CHECK: %[[N:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: %[[F:.*]] = arith.sitofp %[[N]] : i16 to f32
// CHECK: pto.tmaxs ins(%[[H]], %[[F]] : {{.*}}, f32) outs(%[[H]] : {{.*}})
// CHECK: %[[N2:.*]] = arith.trunci %{{.*}} : i32 to i16
// CHECK: pto.tsubs ins(%[[H]], %[[N2]] : {{.*}}, i16) outs(%[[H]] : {{.*}})
func.func @scalar_forms(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x16xi16>, %s: f32, %n: i32) -> (!tile.tensor<16x16xf32>, !tile.tensor<16x16xi16>) {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %a = tile.subs %x, %s into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %b = tile.divs %a, %s into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %c = tile.maxs %b, %s into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %d = tile.mins %c, %s into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %d, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %h = tile.load %B[%c0, %c0] into(%q : !tile.buffer<vec, 512>) : !tile.tensor<16x16xi16> -> !tile.tile<16x16xi16, vec>
  %m = tile.maxs %h, %n into(%q : !tile.buffer<vec, 512>) : !tile.tile<16x16xi16, vec>, i32
  %k = tile.subs %m, %n into(%q : !tile.buffer<vec, 512>) : !tile.tile<16x16xi16, vec>, i32
  %B1 = tile.store %k, %B[%c0, %c0] : !tile.tile<16x16xi16, vec>, !tile.tensor<16x16xi16>
  return %A1, %B1 : !tile.tensor<16x16xf32>, !tile.tensor<16x16xi16>
}

// -----

// Tests that an i1 scalar converts as 0 or 1 (zero extension, unsigned to
// float), not as the -1 a sign extension makes of true.
// CHECK-LABEL: func.func @bool_scalars(
// CHECK: %[[T:.*]] = arith.extui %{{.*}} : i1 to i32
// CHECK: pto.tadds ins(%{{.*}}, %[[T]] : {{.*}}, i32)
// CHECK: %[[F:.*]] = arith.uitofp %{{.*}} : i1 to f32
// CHECK: pto.tadds ins(%{{.*}}, %[[F]] : {{.*}}, f32)
func.func @bool_scalars(%A: !tile.tensor<16x16xi32>, %B: !tile.tensor<16x16xf32>, %k: i1) -> (!tile.tensor<16x16xi32>, !tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xi32> -> !tile.tile<16x16xi32, vec>
  %a = tile.adds %x, %k into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xi32, vec>, i1
  %A1 = tile.store %a, %A[%c0, %c0] : !tile.tile<16x16xi32, vec>, !tile.tensor<16x16xi32>
  %y = tile.load %B[%c0, %c0] into(%q : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %b = tile.adds %y, %k into(%q : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, i1
  %B1 = tile.store %b, %B[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1, %B1 : !tile.tensor<16x16xi32>, !tile.tensor<16x16xf32>
}

// -----

// Tests that the broadcasts are emitted from the emission table: the
// row_expand_* ops with the column as its col_major tile_buf, the
// col_expand_* ops with the row as a row-major 1x16 tile_buf, the result in
// the source's window where it shares it, and row_expand / col_expand into
// windows of their own. At level2 on a3 every row broadcast gets a tmp of
// one 32-byte block per row, rather than UB's fixed scratch, and
// row_expand_add, whose ptoas form takes none, is a trowexpandsub of the
// negated column (negated through the row over its bytes).
// CHECK-LABEL: func.func @broadcasts(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[C:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, {{.*}}blayout=col_major
// CHECK: %[[CROW:.*]] = pto.treshape %[[C]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, {{.*}}blayout=row_major
// CHECK: %[[MINUS:.*]] = arith.constant -1.000000e+00 : f32
// CHECK: %[[N:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, {{.*}}blayout=col_major
// CHECK: %[[NROW:.*]] = pto.treshape %[[N]]
// CHECK: pto.tmuls ins(%[[CROW]], %[[MINUS]] : {{.*}}) outs(%[[NROW]] :
// CHECK: %[[T0:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8,
// CHECK: pto.trowexpandsub ins(%[[X]], %[[N]], %[[T0]] : {{.*}}) outs(%[[X]] :
// CHECK-NOT: pto.trowexpandadd
// CHECK: %[[T1:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major
// CHECK: pto.trowexpandsub ins(%[[X]], %[[C]], %[[T1]] : {{.*}}) outs(%[[X]] :
// CHECK: %[[T2:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8,
// CHECK: pto.trowexpanddiv ins(%[[X]], %[[C]], %[[T2]] : {{.*}}) outs(%[[X]] :
// CHECK: pto.trowexpandmax ins(%[[X]], %[[C]], %{{.*}} : {{.*}}) outs(%[[X]] :
// CHECK: %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, {{.*}}blayout=row_major
// CHECK: pto.tcolexpandadd ins(%[[X]], %[[R]] : {{.*}}) outs(%[[X]] :
// CHECK: pto.tcolexpandsub ins(%[[X]], %[[R]] : {{.*}}) outs(%[[X]] :
// CHECK: pto.tcolexpandmul ins(%[[X]], %[[R]] : {{.*}}) outs(%[[X]] :
// CHECK: pto.tcolexpanddiv ins(%[[X]], %[[R]] : {{.*}}) outs(%[[X]] :
// CHECK: pto.tcolexpandmax ins(%[[X]], %[[R]] : {{.*}}) outs(%[[X]] :
// CHECK: pto.trowexpandmin ins(%[[X]], %[[C]], %{{.*}} : {{.*}}) outs(%[[X]] :
// CHECK: pto.tcolexpandmin ins(%[[X]], %[[R]] : {{.*}}) outs(%[[X]] :
// CHECK: %[[E:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: pto.trowexpand ins(%[[C]] : {{.*}}) outs(%[[E]] :
// CHECK: %[[F:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: pto.tcolexpand ins(%[[R]] : {{.*}}) outs(%[[F]] :
func.func @broadcasts(%A: !tile.tensor<16x16xf32>, %V: !tile.tensor<16x1xf32>, %W: !tile.tensor<1x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 64>
  %w = tile.alloc : !tile.buffer<vec, 64>
  %e = tile.alloc : !tile.buffer<vec, 1024>
  %f = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %c = tile.load %V[%c0, %c0] into(%q : !tile.buffer<vec, 64>) : !tile.tensor<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %0 = tile.row_expand_add %x, %c into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %1 = tile.row_expand_sub %0, %c into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %2 = tile.row_expand_div %1, %c into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %3 = tile.row_expand_max %2, %c into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %r = tile.load %W[%c0, %c0] into(%w : !tile.buffer<vec, 64>) : !tile.tensor<1x16xf32> -> !tile.tile<1x16xf32, vec>
  %4 = tile.col_expand_add %3, %r into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %5 = tile.col_expand_sub %4, %r into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %6 = tile.col_expand_mul %5, %r into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %7 = tile.col_expand_div %6, %r into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %8 = tile.col_expand_max %7, %r into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %mn1 = tile.row_expand_min %8, %c into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<16x1xf32, vec>
  %mn2 = tile.col_expand_min %mn1, %r into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  %9 = tile.row_expand %c into(%e : !tile.buffer<vec, 1024>) : !tile.tile<16x1xf32, vec> -> !tile.tile<16x16xf32, vec>
  %10 = tile.col_expand %r into(%f : !tile.buffer<vec, 1024>) : !tile.tile<1x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %11 = tile.add %mn2, %9 into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %12 = tile.add %11, %10 into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %A1 = tile.store %12, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.cvt is emitted from the emission table as pto.tcvt, into a
// window of its own: the default rounding mode (rint, ptoas's CAST_RINT)
// unwritten, another one as ptoas's #pto<round_mode ...>, and a column
// vector converted as the row over its bytes (ptoas wants row-major tiles).
// CHECK-LABEL: func.func @cvt(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[I:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16,
// CHECK: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32, {{.*}}>) outs(%[[I]] : !pto.tile_buf<loc=vec, dtype=i32,
// CHECK: %[[H:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16,
// CHECK: pto.tcvt ins(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, {{.*}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16,
// CHECK: pto.tcvt ins(%[[H]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: %[[S:.*]] = pto.treshape %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, {{.*}}blayout=col_major{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, {{.*}}blayout=row_major
// CHECK: %[[T:.*]] = pto.treshape %{{.*}} : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=1, {{.*}}blayout=col_major{{.*}}> -> !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=16, {{.*}}blayout=row_major
// CHECK: pto.tcvt ins(%[[S]] : {{.*}}) outs(%[[T]] : {{.*}})
func.func @cvt(%A: !tile.tensor<16x16xf32>, %I: !tile.tensor<16x16xi32>, %H: !tile.tensor<16x16xf16>,
               %V: !tile.tensor<16x1xf32>, %W: !tile.tensor<16x1xf16>)
    -> (!tile.tensor<16x16xf32>, !tile.tensor<16x16xi32>, !tile.tensor<16x16xf16>, !tile.tensor<16x1xf16>) {
  %c0 = arith.constant 0 : index
  %scale = arith.constant 40.0 : f32
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 1024>
  %r = tile.alloc : !tile.buffer<vec, 512>
  %u = tile.alloc : !tile.buffer<vec, 64>
  %v = tile.alloc : !tile.buffer<vec, 32>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.muls %x, %scale into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %i = tile.cvt %y rmode floor into(%q : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xi32, vec>
  %I1 = tile.store %i, %I[%c0, %c0] : !tile.tile<16x16xi32, vec>, !tile.tensor<16x16xi32>
  %h = tile.cvt %y into(%r : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf16, vec>
  %H1 = tile.store %h, %H[%c0, %c0] : !tile.tile<16x16xf16, vec>, !tile.tensor<16x16xf16>
  %z = tile.cvt %h into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf16, vec> -> !tile.tile<16x16xf32, vec>
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %c = tile.load %V[%c0, %c0] into(%u : !tile.buffer<vec, 64>) : !tile.tensor<16x1xf32> -> !tile.tile<16x1xf32, vec>
  %d = tile.cvt %c into(%v : !tile.buffer<vec, 32>) : !tile.tile<16x1xf32, vec> -> !tile.tile<16x1xf16, vec>
  %W1 = tile.store %d, %W[%c0, %c0] : !tile.tile<16x1xf16, vec>, !tile.tensor<16x1xf16>
  return %A1, %I1, %H1, %W1 : !tile.tensor<16x16xf32>, !tile.tensor<16x16xi32>, !tile.tensor<16x16xf16>, !tile.tensor<16x1xf16>
}

// -----

// Tests tile.cvt's rounding at the ties, on the simulator too
// (test_toolchain_corpora.py runs this kernel): float -> i32 in each mode
// (0.5, 1.5, 2.5 and their negatives; 2.4999998 just below a tie), and
// f32 -> f16 to nearest even (values halfway between two f16, 65519 just
// below the overflow, f16 subnormals).
// CHECK-LABEL: func.func @cvt_rounding(
// CHECK: pto.tsetval
// CHECK: pto.tcvt ins(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8,{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8,
// CHECK: pto.tcvt ins(%{{.*}} {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8,{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8,
// CHECK: pto.tcvt ins(%{{.*}} {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8,{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8,
// CHECK: pto.tcvt ins(%{{.*}} {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8,{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8,
// CHECK: pto.tcvt ins(%{{.*}} {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8,{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8,
// CHECK: pto.tcvt ins(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16,{{.*}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=16,
func.func @cvt_rounding(%I: !tile.tensor<5x8xi32>, %H: !tile.tensor<1x16xf16>) -> (!tile.tensor<5x8xi32>, !tile.tensor<1x16xf16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c11 = arith.constant 11 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %c14 = arith.constant 14 : index
  %c15 = arith.constant 15 : index
  %t0 = arith.constant 0.5 : f32
  %t1 = arith.constant 1.5 : f32
  %t2 = arith.constant 2.5 : f32
  %t3 = arith.constant -0.5 : f32
  %t4 = arith.constant -1.5 : f32
  %t5 = arith.constant -2.5 : f32
  %t6 = arith.constant 2.4999998 : f32
  %t7 = arith.constant -3.75 : f32
  %h0 = arith.constant 1.00048828125 : f32
  %h1 = arith.constant 1.00146484375 : f32
  %h2 = arith.constant -1.00048828125 : f32
  %h3 = arith.constant 2049.0 : f32
  %h4 = arith.constant 2051.0 : f32
  %h5 = arith.constant 65519.0 : f32
  %h6 = arith.constant 0.1 : f32
  %h7 = arith.constant -3.140625 : f32
  %h8 = arith.constant 1.0004892349243164 : f32
  %h9 = arith.constant 0.0 : f32
  %h10 = arith.constant -0.0 : f32
  %h11 = arith.constant 6.0e-08 : f32
  %h12 = arith.constant 3.0e-08 : f32
  %h13 = arith.constant 1.0e-08 : f32
  %h14 = arith.constant 100.0 : f32
  %h15 = arith.constant -7.5 : f32
  %x = tile.alloc : !tile.buffer<vec, 32>
  %y = tile.alloc : !tile.buffer<vec, 64>
  %o = tile.alloc : !tile.buffer<vec, 32, slots = 5>
  %g = tile.alloc : !tile.buffer<vec, 32>
  %x0 = tile.full 0.0 into(%x : !tile.buffer<vec, 32>) : !tile.tile<1x8xf32, vec>
  %x1 = tile.write %x0[%c0, %c0], %t0 : !tile.tile<1x8xf32, vec>, f32
  %x2 = tile.write %x1[%c0, %c1], %t1 : !tile.tile<1x8xf32, vec>, f32
  %x3 = tile.write %x2[%c0, %c2], %t2 : !tile.tile<1x8xf32, vec>, f32
  %x4 = tile.write %x3[%c0, %c3], %t3 : !tile.tile<1x8xf32, vec>, f32
  %x5 = tile.write %x4[%c0, %c4], %t4 : !tile.tile<1x8xf32, vec>, f32
  %x6 = tile.write %x5[%c0, %c5], %t5 : !tile.tile<1x8xf32, vec>, f32
  %x7 = tile.write %x6[%c0, %c6], %t6 : !tile.tile<1x8xf32, vec>, f32
  %x8 = tile.write %x7[%c0, %c7], %t7 : !tile.tile<1x8xf32, vec>, f32
  %y0 = tile.full 0.0 into(%y : !tile.buffer<vec, 64>) : !tile.tile<1x16xf32, vec>
  %y1 = tile.write %y0[%c0, %c0], %h0 : !tile.tile<1x16xf32, vec>, f32
  %y2 = tile.write %y1[%c0, %c1], %h1 : !tile.tile<1x16xf32, vec>, f32
  %y3 = tile.write %y2[%c0, %c2], %h2 : !tile.tile<1x16xf32, vec>, f32
  %y4 = tile.write %y3[%c0, %c3], %h3 : !tile.tile<1x16xf32, vec>, f32
  %y5 = tile.write %y4[%c0, %c4], %h4 : !tile.tile<1x16xf32, vec>, f32
  %y6 = tile.write %y5[%c0, %c5], %h5 : !tile.tile<1x16xf32, vec>, f32
  %y7 = tile.write %y6[%c0, %c6], %h6 : !tile.tile<1x16xf32, vec>, f32
  %y8 = tile.write %y7[%c0, %c7], %h7 : !tile.tile<1x16xf32, vec>, f32
  %y9 = tile.write %y8[%c0, %c8], %h8 : !tile.tile<1x16xf32, vec>, f32
  %y10 = tile.write %y9[%c0, %c9], %h9 : !tile.tile<1x16xf32, vec>, f32
  %y11 = tile.write %y10[%c0, %c10], %h10 : !tile.tile<1x16xf32, vec>, f32
  %y12 = tile.write %y11[%c0, %c11], %h11 : !tile.tile<1x16xf32, vec>, f32
  %y13 = tile.write %y12[%c0, %c12], %h12 : !tile.tile<1x16xf32, vec>, f32
  %y14 = tile.write %y13[%c0, %c13], %h13 : !tile.tile<1x16xf32, vec>, f32
  %y15 = tile.write %y14[%c0, %c14], %h14 : !tile.tile<1x16xf32, vec>, f32
  %y16 = tile.write %y15[%c0, %c15], %h15 : !tile.tile<1x16xf32, vec>, f32
  %i0 = tile.cvt %x8 into(%o slot 0 : !tile.buffer<vec, 32, slots = 5>) : !tile.tile<1x8xf32, vec> -> !tile.tile<1x8xi32, vec>
  %I1 = tile.store %i0, %I[%c0, %c0] : !tile.tile<1x8xi32, vec>, !tile.tensor<5x8xi32>
  %i1 = tile.cvt %x8 rmode round into(%o slot 1 : !tile.buffer<vec, 32, slots = 5>) : !tile.tile<1x8xf32, vec> -> !tile.tile<1x8xi32, vec>
  %I2 = tile.store %i1, %I1[%c1, %c0] : !tile.tile<1x8xi32, vec>, !tile.tensor<5x8xi32>
  %i2 = tile.cvt %x8 rmode floor into(%o slot 2 : !tile.buffer<vec, 32, slots = 5>) : !tile.tile<1x8xf32, vec> -> !tile.tile<1x8xi32, vec>
  %I3 = tile.store %i2, %I2[%c2, %c0] : !tile.tile<1x8xi32, vec>, !tile.tensor<5x8xi32>
  %i3 = tile.cvt %x8 rmode ceil into(%o slot 3 : !tile.buffer<vec, 32, slots = 5>) : !tile.tile<1x8xf32, vec> -> !tile.tile<1x8xi32, vec>
  %I4 = tile.store %i3, %I3[%c3, %c0] : !tile.tile<1x8xi32, vec>, !tile.tensor<5x8xi32>
  %i4 = tile.cvt %x8 rmode trunc into(%o slot 4 : !tile.buffer<vec, 32, slots = 5>) : !tile.tile<1x8xf32, vec> -> !tile.tile<1x8xi32, vec>
  %I5 = tile.store %i4, %I4[%c4, %c0] : !tile.tile<1x8xi32, vec>, !tile.tensor<5x8xi32>
  %f = tile.cvt %y16 into(%g : !tile.buffer<vec, 32>) : !tile.tile<1x16xf32, vec> -> !tile.tile<1x16xf16, vec>
  %H1 = tile.store %f, %H[%c0, %c0] : !tile.tile<1x16xf16, vec>, !tile.tensor<1x16xf16>
  return %I5, %H1 : !tile.tensor<5x8xi32>, !tile.tensor<1x16xf16>
}

// -----

// Tests that tile.cmp, tile.cmps and tile.sel are emitted from the emission
// table: the mask (16x32xi8) as a ui8 tile_buf whose valid columns are the
// 2 packed bytes of a 16-column row (the simulator's TCMPS and TSEL step
// through a mask by its valid columns, TCMP and the hardware by its rows),
// the comparison as ptoas's #pto<cmp ...>, the scalar in the element type,
// and pto.tsel with a scratch tile of the mask's type.
// CHECK-LABEL: func.func @select(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[Y:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32, v_row=16, v_col=32,
// CHECK: %[[M:.*]] = pto.treshape %[[R]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2, blayout=row_major
// CHECK: pto.tcmp ins(%[[X]], %[[Y]] {cmpMode = #pto<cmp lt>} : {{.*}}) outs(%[[M]] : {{.*}})
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32,
// CHECK: pto.tsel ins(%[[M]], %[[X]], %[[Y]], %[[T]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.tcmps ins(%[[X]], %{{.*}} {cmpMode = #pto<cmp ge>} : {{.*}}, f32) outs(%{{.*}} : {{.*}}dtype=ui8{{.*}}v_col=2
func.func @select(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x16xf32>, %s: f32) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 1024>
  %r = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %B[%c0, %c0] into(%q : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %m = tile.cmp lt %x, %y into(%r : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %z = tile.sel %m, %x, %y into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
  %n = tile.cmps ge %z, %s into(%r : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x32xi8, vec>
  %w = tile.sel %n, %y, %z into(%q : !tile.buffer<vec, 1024>) : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
  %A1 = tile.store %w, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.gemv is emitted from the emission table as pto.tgemv on
// the 16-row left and acc boxes, both with 1 valid row (ptoas: "expects lhs
// / dst valid_shape[0] to be 1 for tgemv"), the stored tile the whole box.
// CHECK-LABEL: func.func @gemv(
// CHECK: %[[L:.*]] = pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=16, v_row=16, v_col=16,
// CHECK: %[[L1:.*]] = pto.treshape %[[L]] : {{.*}} -> !pto.tile_buf<loc=left, dtype=f32, rows=16, cols=16, v_row=1, v_col=16,
// CHECK: %[[C:.*]] = pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16,
// CHECK: %[[C1:.*]] = pto.treshape %[[C]] : {{.*}} -> !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16,
// CHECK: pto.tgemv ins(%[[L1]], %{{.*}} : {{.*}}) outs(%[[C1]] :
// CHECK: pto.tstore ins(%[[C]] :
func.func @gemv(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %ma = tile.alloc : !tile.buffer<mat, 1024>
  %mb = tile.alloc : !tile.buffer<mat, 1024>
  %pl = tile.alloc : !tile.buffer<left, 1024>
  %pr = tile.alloc : !tile.buffer<right, 1024>
  %pc = tile.alloc : !tile.buffer<acc, 1024>
  %a = tile.load %A[%c0, %c0] into(%ma : !tile.buffer<mat, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, mat>
  %b = tile.load %B[%c0, %c0] into(%mb : !tile.buffer<mat, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, mat>
  %l = tile.extract %a[0, 0] into(%pl : !tile.buffer<left, 1024>) : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, left>
  %r = tile.extract %b[0, 0] into(%pr : !tile.buffer<right, 1024>) : !tile.tile<16x16xf32, mat> -> !tile.tile<16x16xf32, right>
  %c = tile.gemv %l, %r into(%pc : !tile.buffer<acc, 1024>) : !tile.tile<16x16xf32, left>, !tile.tile<16x16xf32, right> -> !tile.tile<16x16xf32, acc>
  %O1 = tile.store %c, %O[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.concat is emitted from the emission table as pto.tconcat,
// here of two column halves (column blocks: tile_bufs as wide as their row
// stride, 8 valid columns) into a tile of its own.
// CHECK-LABEL: func.func @concat(
// CHECK: %[[H:.*]] = pto.treshape %{{.*}} : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=8,
// CHECK: pto.tconcat ins(%[[H]], %{{.*}} : {{.*}}) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16,
func.func @concat(%A: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %q = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %l = tile.slice %x[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %r = tile.slice %x[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %c = tile.concat %l, %r into(%q : !tile.buffer<vec, 1024>) : !tile.tile<16x8xf32, vec>, !tile.tile<16x8xf32, vec> -> !tile.tile<16x16xf32, vec>
  %O1 = tile.store %c, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.fillpad is emitted from the emission table as
// pto.tfillpad_inplace on two tile_bufs over the tile's window: the valid
// block (v_row, v_col) and the whole tile, both with pto-isa's PadValue
// (2, Max), and that later ops read the tile's own handle.
// CHECK-LABEL: func.func @fillpad(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, {{.*}}pad=0>
// CHECK: %[[S:.*]] = pto.treshape %[[X]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=8, v_col=12, {{.*}}pad=2>
// CHECK: %[[D:.*]] = pto.treshape %[[X]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, {{.*}}pad=2>
// CHECK: pto.tfillpad_inplace ins(%[[S]] : {{.*}}) outs(%[[D]] : {{.*}})
// CHECK: pto.tmins ins(%[[X]], %{{.*}} : {{.*}}) outs(%[[X]] :
func.func @fillpad(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %p = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.fillpad %x valid [8, 12] pad max : !tile.tile<16x16xf32, vec>
  %z = tile.mins %y, %one into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that a root used in both arms of an scf.if sits in the loop body
// right before the if (the innermost block holding all its uses), and one
// used only in the then-arm sits in that arm, before its first use.
// CHECK-LABEL: func.func @placement_across_arms(
// CHECK:      scf.for
// CHECK-NEXT:   %[[BOTH:.*]] = pto.alloc_tile
// CHECK-NEXT:   scf.if
// CHECK-NEXT:     pto.partition_view
// CHECK-NEXT:     pto.tload {{.*}} outs(%[[BOTH]] :
// CHECK-NEXT:     %[[THEN:.*]] = pto.alloc_tile
// CHECK-NEXT:     pto.texp ins(%[[BOTH]] : {{.*}}) outs(%[[THEN]] :
// CHECK:        } else {
// CHECK-NOT:      pto.alloc_tile
// CHECK:          pto.tload {{.*}} outs(%[[BOTH]] :
// CHECK-NOT:      pto.alloc_tile
// CHECK:        }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @placement_across_arms(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x16xf32>, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %both = tile.alloc : !tile.buffer<vec, 1024>
  %then = tile.alloc : !tile.buffer<vec, 1024>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %B) -> (!tile.tensor<16x16xf32>) {
    %nb = scf.if %c -> (!tile.tensor<16x16xf32>) {
      %x = tile.load %A[%c0, %c0] into(%both : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
      %y = tile.exp %x into(%then : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
      %s = tile.store %y, %b[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      scf.yield %s : !tile.tensor<16x16xf32>
    } else {
      %x = tile.load %A[%c0, %c0] into(%both : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
      %s = tile.store %x, %b[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      scf.yield %s : !tile.tensor<16x16xf32>
    }
    scf.yield %nb : !tile.tensor<16x16xf32>
  }
  return %r : !tile.tensor<16x16xf32>
}

// -----

// Tests that a scalar arith.addf, which ptoas 0.27 has no lowering for, is
// emitted as the subtraction of a negation (the same IEEE result), and that a
// scalar an scf.while carries is read after the loop in the while's own
// block, as ptoas's SCFWhileToCF requires.
// CHECK-LABEL: func.func @scalar_sum_in_while(
// CHECK: %[[R:.*]]:2 = scf.while (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : (index, f32) -> (index, f32) {
// CHECK: } do {
// CHECK: %[[H:.*]] = arith.mulf
// CHECK-NEXT: %[[NEG:.*]] = arith.negf %{{.*}} : f32
// CHECK-NEXT: %[[SUM:.*]] = arith.subf %[[H]], %[[NEG]] : f32
// CHECK-NOT: arith.addf
// CHECK: pto.tadds ins(%{{.*}}, %[[R]]#1 : !pto.tile_buf<{{.*}}>, f32)
func.func @scalar_sum_in_while(%A: !tile.tensor<8x8xf32>, %n: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %b = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:2 = scf.while (%i = %c0, %s = %half) : (index, f32) -> (index, f32) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %s : index, f32
  } do {
  ^bb0(%i: index, %s: f32):
    %h = arith.mulf %s, %half : f32
    %t = arith.addf %h, %half : f32
    %next = arith.addi %i, %c1 : index
    scf.yield %next, %t : index, f32
  }
  %y = tile.adds %x, %r#1 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that an scf.for carrying a scalar, which ptoas 0.27 asserts on, is
// emitted as an scf.while whose first carry is the induction variable: the
// before region compares it with the upper bound, the body adds the step.
// CHECK-LABEL: func.func @for_f32_sum(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %[[N:.*]]: index, %[[X:.*]]: f32) {
// CHECK-NOT: scf.for
// CHECK: %[[W:.*]]:2 = scf.while (%[[I:.*]] = %c0, %[[A:.*]] = %[[X]]) : (index, f32) -> (index, f32) {
// CHECK-NEXT: %[[GO:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT: scf.condition(%[[GO]]) %[[I]], %[[A]] : index, f32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[I2:.*]]: index, %[[A2:.*]]: f32):
// CHECK-NEXT: %[[H:.*]] = arith.mulf %[[A2]], %{{.*}} : f32
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[I2]], %c1 : index
// CHECK-NEXT: scf.yield %[[NEXT]], %[[H]] : index, f32
// CHECK: pto.tadds ins(%{{.*}}, %[[W]]#1 : !pto.tile_buf<{{.*}}>, f32)
func.func @for_f32_sum(%A: !tile.tensor<8x8xf32>, %n: index, %x: f32) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %b = tile.alloc : !tile.buffer<vec, 256>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %h = arith.mulf %a, %half : f32
    scf.yield %h : f32
  }
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %y = tile.adds %t, %s into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that an unsigned scf.for carrying an index and a tile becomes a while
// comparing unsigned, whose tile carry stays the accumulator's handle.
// CHECK-LABEL: func.func @for_unsigned_index_and_tile(
// CHECK: %[[ACC:.*]] = pto.alloc_tile
// CHECK: %[[W:.*]]:2 = scf.while (%[[I:.*]] = %c0, %[[K:.*]] = %c0) : (index, index) -> (index, index) {
// CHECK-NEXT: %[[GO:.*]] = arith.cmpi ult, %[[I]], %{{.*}} : index
// CHECK: pto.tadd ins(%[[ACC]], %{{.*}} : {{.*}}) outs(%[[ACC]] : {{.*}})
// CHECK: %[[K2:.*]] = arith.addi
// CHECK-NEXT: %[[NEXT:.*]] = arith.addi %{{.*}}, %c1 : index
// CHECK-NEXT: scf.yield %[[NEXT]], %[[K2]] : index, index
// CHECK: arith.index_cast %[[W]]#1 : index to i32
func.func @for_unsigned_index_and_tile(%A: !tile.tensor<8x8xf32>, %n: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %bx = tile.alloc : !tile.buffer<vec, 256>
  %zero = tile.full 0.0 into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  %x = tile.load %A[%c0, %c0] into(%bx : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:2 = scf.for unsigned %i = %c0 to %n step %c1 iter_args(%acc = %zero, %k = %c0) -> (!tile.tile<8x8xf32, vec>, index) {
    %sum = tile.add %acc, %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
    %k2 = arith.addi %k, %c2 : index
    scf.yield %sum, %k2 : !tile.tile<8x8xf32, vec>, index
  }
  %ki = arith.index_cast %r#1 : index to i32
  %f = arith.sitofp %ki : i32 to f32
  %y = tile.adds %r#0, %f into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that an scf.while whose result is read inside an scf.if passes it,
// right after the while, through an index_cast to i64 and back, and the if
// reads the cast back: ptoas 0.27's SCFWhileToCF lowers a while only when
// every read of its results is in the while's own block, and does not fold
// the pair (test/Target/PTO/ptoas/scalar-arith.mlir runs this through it).
// CHECK-LABEL: func.func @while_result_read_in_nested_block(
// CHECK: %[[W:.*]] = scf.while
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[WIDE:.*]] = arith.index_cast %[[W]] : index to i64
// CHECK-NEXT: %[[BACK:.*]] = arith.index_cast %[[WIDE]] : i64 to index
// CHECK-NEXT: scf.if
// CHECK-NEXT: arith.index_cast %[[BACK]] : index to i32
func.func @while_result_read_in_nested_block(%A: !tile.tensor<8x8xf32>, %n: index, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  %y = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %k = arith.index_cast %r : index to i32
    %f = arith.sitofp %k : i32 to f32
    %z = tile.adds %x, %f into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
    scf.yield %z : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %x : !tile.tile<8x8xf32, vec>
  }
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a while result read after an scf.if of the while's own block
// takes the round trip when another scf.while is nested: ptoas then lowers
// the whole kernel to a CFG, which splits the block at the scf.if.
// CHECK-LABEL: func.func @while_result_read_after_split(
// CHECK: %[[W:.*]] = scf.while
// CHECK: %[[WIDE:.*]] = arith.index_cast %[[W]] : index to i64
// CHECK-NEXT: %[[BACK:.*]] = arith.index_cast %[[WIDE]] : i64 to index
// CHECK-NEXT: scf.if
// CHECK: arith.index_cast %[[BACK]] : index to i32
func.func @while_result_read_after_split(%A: !tile.tensor<8x8xf32>, %n: index, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %b2 = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r = scf.while (%i = %c0) : (index) -> index {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i : index
  } do {
  ^bb0(%i: index):
    %next = arith.addi %i, %c1 : index
    scf.yield %next : index
  }
  %y = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %w = scf.while (%j = %c0) : (index) -> index {
      %go = arith.cmpi slt, %j, %n : index
      scf.condition(%go) %j : index
    } do {
    ^bb0(%j: index):
      %e = tile.exp %x into(%b2 : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
    scf.yield %x : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %x : !tile.tile<8x8xf32, vec>
  }
  %k = arith.index_cast %r : index to i32
  %f = arith.sitofp %k : i32 to f32
  %z = tile.adds %y, %f into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that the f32 result of an scf.for carrying a scalar (emitted as an
// scf.while) read inside an scf.if takes its round trip through a bitcast
// to i32; the induction variable, read nowhere, takes none.
// CHECK-LABEL: func.func @for_as_while_result_read_in_nested_block(
// CHECK: %[[W:.*]]:2 = scf.while
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[BITS:.*]] = arith.bitcast %[[W]]#1 : f32 to i32
// CHECK-NEXT: %[[BACK:.*]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK-NEXT: scf.if
// CHECK-NEXT: pto.tadds ins(%{{.*}}, %[[BACK]] :
func.func @for_as_while_result_read_in_nested_block(%A: !tile.tensor<8x8xf32>, %n: index, %c: i1, %x: f32) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %h = arith.mulf %a, %half : f32
    scf.yield %h : f32
  }
  %y = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %z = tile.adds %t, %s into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
    scf.yield %z : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %t : !tile.tile<8x8xf32, vec>
  }
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that an scf.while carry yielded to another position (the third carry
// takes the second's old value) is copied before the yield through an
// index_cast round trip: ptoas 0.27's C++ assigns the iteration variables
// one after another, so the third would read the second's new value. The
// first two carries, yielded computed values, and no carry yielded to its
// own position take a copy.
// CHECK-LABEL: func.func @while_lagged_carry(
// CHECK: scf.while
// CHECK: ^bb0(%[[K:.*]]: index, %[[A:.*]]: index, %[[B:.*]]: index):
// CHECK-NEXT: %[[K1:.*]] = arith.addi %[[K]], %c1 : index
// CHECK-NEXT: %[[A1:.*]] = arith.addi %[[A]], %c3 : index
// CHECK-NEXT: %[[WIDE:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK-NEXT: %[[OLD:.*]] = arith.index_cast %[[WIDE]] : i64 to index
// CHECK-NEXT: scf.yield %[[K1]], %[[A1]], %[[OLD]] : index, index, index
func.func @while_lagged_carry(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %b = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:3 = scf.while (%k = %c0, %a = %c0, %s = %c0) : (index, index, index) -> (index, index, index) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %a, %s : index, index, index
  } do {
  ^bb0(%k: index, %a: index, %s: index):
    %k1 = arith.addi %k, %c1 : index
    %a1 = arith.addi %a, %c3 : index
    scf.yield %k1, %a1, %a : index, index, index
  }
  %i = arith.index_cast %r#2 : index to i32
  %f = arith.sitofp %i : i32 to f32
  %y = tile.adds %x, %f into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a carry the condition forwards to another position and the body
// yields back to its own position is copied: it reaches the yield at another
// position than the iteration argument it came from (`%q` is `%a`, yielded
// where `%b` goes), so ptoas's one-after-another assignment would hand it the
// new value of `%a`. The computed `%p1` takes no copy.
// CHECK-LABEL: func.func @while_condition_permutes_carries(
// CHECK: scf.condition(%{{.*}}) %[[K0:.*]], %[[B0:.*]], %[[A0:.*]] : index, index, index
// CHECK: ^bb0(%[[K:.*]]: index, %[[P:.*]]: index, %[[Q:.*]]: index):
// CHECK-NEXT: %[[K1:.*]] = arith.addi %[[K]], %c1 : index
// CHECK-NEXT: %[[P1:.*]] = arith.addi %[[P]], %[[K1]] : index
// CHECK-NEXT: %[[WIDE:.*]] = arith.index_cast %[[Q]] : index to i64
// CHECK-NEXT: %[[OLD:.*]] = arith.index_cast %[[WIDE]] : i64 to index
// CHECK-NEXT: scf.yield %[[K1]], %[[P1]], %[[OLD]] : index, index, index
func.func @while_condition_permutes_carries(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %buf = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%buf : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:3 = scf.while (%k = %c0, %a = %c1, %b = %c5) : (index, index, index) -> (index, index, index) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %b, %a : index, index, index
  } do {
  ^bb0(%k: index, %p: index, %q: index):
    %k1 = arith.addi %k, %c1 : index
    %p1 = arith.addi %p, %k1 : index
    scf.yield %k1, %p1, %q : index, index, index
  }
  %s = arith.muli %r#1, %c3 : index
  %t = arith.addi %s, %r#2 : index
  %i = arith.index_cast %t : index to i32
  %f = arith.sitofp %i : i32 to f32
  %y = tile.adds %x, %f into(%buf : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that scalars an scf.if in a while body swaps reach the while's yield
// without a copy: the if's results are variables of their own, assigned in
// each arm, so only the while's own iteration arguments need one.
// CHECK-LABEL: func.func @if_in_while_swaps_scalars(
// CHECK: %[[P:.*]]:2 = scf.if
// CHECK-NEXT: scf.yield %[[B:.*]], %[[A:.*]] : index, index
// CHECK: scf.yield %{{.*}}, %[[P]]#0, %[[P]]#1 : index, index, index
// CHECK-NOT: index_cast {{.*}} : index to i64
// CHECK: return
func.func @if_in_while_swaps_scalars(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %buf = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%buf : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:3 = scf.while (%k = %c0, %a = %c1, %b = %c7) : (index, index, index) -> (index, index, index) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %a, %b : index, index, index
  } do {
  ^bb0(%k: index, %a: index, %b: index):
    %k1 = arith.addi %k, %c1 : index
    %odd = arith.cmpi eq, %k, %c1 : index
    %p:2 = scf.if %odd -> (index, index) {
      scf.yield %b, %a : index, index
    } else {
      %a3 = arith.muli %a, %c3 : index
      scf.yield %a3, %b : index, index
    }
    scf.yield %k1, %p#0, %p#1 : index, index, index
  }
  %s = arith.muli %r#1, %c3 : index
  %t = arith.addi %s, %r#2 : index
  %i = arith.index_cast %t : index to i32
  %f = arith.sitofp %i : i32 to f32
  %y = tile.adds %x, %f into(%buf : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a while nested in a loop (the kernel ptoas lowers to a CFG as a
// whole) has its permuted carry copied the same way, and that the outer
// loop's yield of the inner while's results in swapped order takes no copy.
// CHECK-LABEL: func.func @nested_while_swaps_carries(
// CHECK: scf.while
// CHECK: scf.while
// CHECK: ^bb0(%[[K:.*]]: index, %[[A:.*]]: index, %[[B:.*]]: index):
// CHECK-NEXT: %[[K1:.*]] = arith.addi %[[K]], %c1 : index
// CHECK-NEXT: %[[A2:.*]] = arith.muli %[[A]], %c2 : index
// CHECK-NEXT: %[[WIDE:.*]] = arith.index_cast %[[B]] : index to i64
// CHECK-NEXT: %[[OLD:.*]] = arith.index_cast %[[WIDE]] : i64 to index
// CHECK-NEXT: scf.yield %[[K1]], %[[OLD]], %[[A2]] : index, index, index
// CHECK: %[[N:.*]] = arith.addi
// CHECK-NEXT: scf.yield %[[N]], %{{.*}}#2, %{{.*}}#1 : index, index, index
func.func @nested_while_swaps_carries(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %buf = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%buf : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %o:2 = scf.for %j = %c0 to %c2 step %c1 iter_args(%u = %c1, %v = %c7) -> (index, index) {
    %r:3 = scf.while (%k = %c0, %a = %u, %b = %v) : (index, index, index) -> (index, index, index) {
      %go = arith.cmpi slt, %k, %c3 : index
      scf.condition(%go) %k, %a, %b : index, index, index
    } do {
    ^bb0(%k: index, %a: index, %b: index):
      %k1 = arith.addi %k, %c1 : index
      %a2 = arith.muli %a, %c2 : index
      scf.yield %k1, %b, %a2 : index, index, index
    }
    scf.yield %r#2, %r#1 : index, index
  }
  %s = arith.muli %o#0, %c3 : index
  %t = arith.addi %s, %o#1 : index
  %i = arith.index_cast %t : index to i32
  %f = arith.sitofp %i : i32 to f32
  %y = tile.adds %x, %f into(%buf : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a lagged carry of every scalar type is copied through a round
// trip ptoas 0.27 keeps: index through i64, i1, i8 and i16 through index, i32
// and i64 through the float of their width (ptoas's index is 32 bits, so an
// i32 through index is an identity it folds, and an i64 through it loses its
// high half), floats through the integer of theirs.
// CHECK-LABEL: func.func @while_lagged_carries_of_every_type(
// CHECK: ^bb0(%{{.*}}: index, %[[PA:[^:]*]]: i1, %{{[^:]*}}: i1, %[[IA:[^:]*]]: i8, %{{[^:]*}}: i8, %[[SA:[^:]*]]: i16, %{{[^:]*}}: i16, %[[WA:[^:]*]]: i32, %{{[^:]*}}: i32, %[[LA:[^:]*]]: i64, %{{[^:]*}}: i64, %[[HA:[^:]*]]: f16, %{{[^:]*}}: f16, %[[FA:[^:]*]]: f32, %{{[^:]*}}: f32):
// CHECK: %[[P:.*]] = arith.index_cast %[[PA]] : i1 to index
// CHECK-NEXT: %[[PB:.*]] = arith.index_cast %[[P]] : index to i1
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[IA]] : i8 to index
// CHECK-NEXT: %[[IB:.*]] = arith.index_cast %[[I]] : index to i8
// CHECK-NEXT: %[[S:.*]] = arith.index_cast %[[SA]] : i16 to index
// CHECK-NEXT: %[[SB:.*]] = arith.index_cast %[[S]] : index to i16
// CHECK-NEXT: %[[W:.*]] = arith.bitcast %[[WA]] : i32 to f32
// CHECK-NEXT: %[[WB:.*]] = arith.bitcast %[[W]] : f32 to i32
// CHECK-NEXT: %[[L:.*]] = arith.bitcast %[[LA]] : i64 to f64
// CHECK-NEXT: %[[LB:.*]] = arith.bitcast %[[L]] : f64 to i64
// CHECK-NEXT: %[[H:.*]] = arith.bitcast %[[HA]] : f16 to i16
// CHECK-NEXT: %[[HB:.*]] = arith.bitcast %[[H]] : i16 to f16
// CHECK-NEXT: %[[F:.*]] = arith.bitcast %[[FA]] : f32 to i32
// CHECK-NEXT: %[[FB:.*]] = arith.bitcast %[[F]] : i32 to f32
// CHECK-NEXT: scf.yield %{{.*}}, %{{.*}}, %[[PB]], %{{.*}}, %[[IB]], %{{.*}}, %[[SB]], %{{.*}}, %[[WB]], %{{.*}}, %[[LB]], %{{.*}}, %[[HB]], %{{.*}}, %[[FB]] :
func.func @while_lagged_carries_of_every_type(%A: !tile.tensor<8x8xf32>) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %b0 = arith.constant false
  %i0 = arith.constant 0 : i8
  %i1 = arith.constant 5 : i8
  %s0 = arith.constant 0 : i16
  %s1 = arith.constant 300 : i16
  %w0 = arith.constant 0 : i32
  %w1 = arith.constant 70000 : i32
  %l0 = arith.constant 0 : i64
  %l1 = arith.constant 8589934595 : i64
  %h0 = arith.constant 0.0 : f16
  %h1 = arith.constant 1.5 : f16
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 2.5 : f32
  %buf = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%buf : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:15 = scf.while (%k = %c0, %pa = %b0, %pb = %b0, %ia = %i0, %ib = %i0, %sa = %s0, %sb = %s0, %wa = %w0, %wb = %w0, %la = %l0, %lb = %l0, %ha = %h0, %hb = %h0, %fa = %f0, %fb = %f0) : (index, i1, i1, i8, i8, i16, i16, i32, i32, i64, i64, f16, f16, f32, f32) -> (index, i1, i1, i8, i8, i16, i16, i32, i32, i64, i64, f16, f16, f32, f32) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %pa, %pb, %ia, %ib, %sa, %sb, %wa, %wb, %la, %lb, %ha, %hb, %fa, %fb : index, i1, i1, i8, i8, i16, i16, i32, i32, i64, i64, f16, f16, f32, f32
  } do {
  ^bb0(%k: index, %pa: i1, %pb: i1, %ia: i8, %ib: i8, %sa: i16, %sb: i16, %wa: i32, %wb: i32, %la: i64, %lb: i64, %ha: f16, %hb: f16, %fa: f32, %fb: f32):
    %k1 = arith.addi %k, %c1 : index
    %pa1 = arith.xori %pa, %true : i1
    %ia1 = arith.addi %ia, %i1 : i8
    %sa1 = arith.addi %sa, %s1 : i16
    %wa1 = arith.addi %wa, %w1 : i32
    %la1 = arith.addi %la, %l1 : i64
    %ha1 = arith.mulf %h1, %h1 : f16
    %ha2 = arith.subf %ha, %ha1 : f16
    %fa1 = arith.subf %fa, %f1 : f32
    scf.yield %k1, %pa1, %pa, %ia1, %ia, %sa1, %sa, %wa1, %wa, %la1, %la, %ha2, %ha, %fa1, %fa : index, i1, i1, i8, i8, i16, i16, i32, i32, i64, i64, f16, f16, f32, f32
  }
  %p = arith.extui %r#2 : i1 to i64
  %i = arith.extsi %r#4 : i8 to i64
  %s = arith.extsi %r#6 : i16 to i64
  %w = arith.extsi %r#8 : i32 to i64
  %sum1 = arith.addi %p, %i : i64
  %sum2 = arith.addi %sum1, %s : i64
  %sum3 = arith.addi %sum2, %w : i64
  %sum4 = arith.addi %sum3, %r#10 : i64
  %sf = arith.sitofp %sum4 : i64 to f32
  %hf = arith.extf %r#12 : f16 to f32
  %g1 = arith.subf %sf, %hf : f32
  %g2 = arith.subf %g1, %r#14 : f32
  %y = tile.adds %x, %g2 into(%buf : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that arith.ceildivui is emitted as arith's own expansion (ptoas 0.27
// writes (a + b - 1) / b, which wraps), an index_castui from index or from 32
// bits as index_cast (ptoas's index is 32 bits: it zero-extends a negative
// index to i64 from 32 bits, and fails on an i32 one cast back), and one from
// i8 as it is.
// CHECK-LABEL: func.func @ceildivui_and_index_castui(
// CHECK: %[[A:.*]] = arith.addi
// CHECK-NEXT: %[[B:.*]] = arith.ori
// CHECK: %[[ZERO:.*]] = arith.cmpi eq, %[[A]], %[[C0:.*]] : i32
// CHECK-NEXT: %[[BELOW:.*]] = arith.subi %[[A]], %[[C1:.*]] : i32
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[BELOW]], %[[B]] : i32
// CHECK-NEXT: %[[UP:.*]] = arith.addi %[[Q]], %[[C1]] : i32
// CHECK-NEXT: arith.select %[[ZERO]], %[[C0]], %[[UP]] : i32
// CHECK-NOT: ceildivui
// CHECK: arith.index_cast %{{.*}} : index to i64
// CHECK: arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT: arith.index_castui %{{.*}} : i8 to index
func.func @ceildivui_and_index_castui(%A: !tile.tensor<8x8xi32>, %x: i32, %n: index, %y: i8) -> !tile.tensor<8x8xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  %high = arith.constant -4 : i32
  %buf = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%buf : !tile.buffer<vec, 256>) : !tile.tensor<8x8xi32> -> !tile.tile<8x8xi32, vec>
  %low = arith.andi %x, %c3 : i32
  %a = arith.addi %low, %c8 : i32
  %b = arith.ori %x, %high : i32
  %q = arith.ceildivui %a, %b : i32
  %t1 = tile.write %t[%c0, %c0], %q : !tile.tile<8x8xi32, vec>, i32
  %neg = arith.subi %n, %c2 : index
  %wide = arith.index_castui %neg : index to i64
  %narrow = arith.trunci %wide : i64 to i32
  %t2 = tile.write %t1[%c0, %c1], %narrow : !tile.tile<8x8xi32, vec>, i32
  %i = arith.index_castui %x : i32 to index
  %j = arith.index_castui %y : i8 to index
  %ij = arith.addi %i, %j : index
  %back = arith.index_cast %ij : index to i32
  %t3 = tile.write %t2[%c0, %c2], %back : !tile.tile<8x8xi32, vec>, i32
  %A1 = tile.store %t3, %A[%c0, %c0] : !tile.tile<8x8xi32, vec>, !tile.tensor<8x8xi32>
  return %A1 : !tile.tensor<8x8xi32>
}

// -----

// Tests that a while result read after a later while of its block is routed
// right after its while: ptoas 0.27 lowers the whiles in an order of its
// greedy driver's, and when the later one goes first it splits the block
// there, leaving the read in another block ("Unsupported SCF op remained
// after pre-lowering"). The later while's result, read after it, needs none.
// CHECK-LABEL: func.func @while_result_read_after_later_while(
// CHECK: %[[R:.*]]:2 = scf.while
// CHECK: %[[WIDE:.*]] = arith.index_cast %[[R]]#1 : i1 to index
// CHECK-NEXT: %[[BACK:.*]] = arith.index_cast %[[WIDE]] : index to i1
// CHECK-NEXT: %[[S:.*]]:2 = scf.while
// CHECK: arith.select %[[BACK]],
// CHECK-NOT: index_cast
// CHECK: return
func.func @while_result_read_after_later_while(%A: !tile.tensor<8x8xf32>, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %true = arith.constant true
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %b = tile.alloc : !tile.buffer<vec, 256>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r:2 = scf.while (%k = %c0, %p = %c) : (index, i1) -> (index, i1) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %p : index, i1
  } do {
  ^bb0(%k: index, %p: i1):
    %k1 = arith.addi %k, %c1 : index
    %p1 = arith.xori %p, %true : i1
    scf.yield %k1, %p1 : index, i1
  }
  %s:2 = scf.while (%k = %c0, %q = %f1) : (index, f32) -> (index, f32) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %q : index, f32
  } do {
  ^bb0(%k: index, %q: f32):
    %k1 = arith.addi %k, %c1 : index
    %q1 = arith.mulf %q, %f2 : f32
    scf.yield %k1, %q1 : index, f32
  }
  %v = arith.select %r#1, %f1, %f2 : f32
  %w = arith.mulf %v, %s#1 : f32
  %y = tile.adds %x, %w into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests the same for the scf.for loops (emitted as whiles) of fuzz seed
// 1432602350 as the pypto planner leaves them: ptoas rejected the kernel,
// whose CFG simulation then lowered the whiles in an order that passed; it
// now lowers the last first, the order that splits the most. (At level2 a
// pto.tmov marking the end of a tile last used in the first loop comes
// between the round trip and the second loop.)
// CHECK-LABEL: func.func @for_result_read_after_later_for(
// CHECK: %[[R:.*]]:2 = scf.while
// CHECK: %[[WIDE:.*]] = arith.index_cast %[[R]]#1 : i1 to index
// CHECK-NEXT: %[[BACK:.*]] = arith.index_cast %[[WIDE]] : index to i1
// CHECK-NOT: arith.
// CHECK: scf.while
// CHECK: arith.select %[[BACK]],
func.func @for_result_read_after_later_for(%arg0: !tile.tensor<64x16xf32>, %arg1: !tile.tensor<64x16xf32>, %arg2: index, %arg3: i1, %arg4: !tile.tensor<16x16xf32>) -> (!tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>) attributes {tile.buffer_ir} {
  %0 = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
  %1 = tile.alloc addr = 1024 : !tile.buffer<vec, 1024>
  %2 = tile.alloc addr = 2048 : !tile.buffer<vec, 1024>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %cst = arith.constant 1.000000e+00 : f32
  %cst_0 = arith.constant 5.000000e-01 : f32
  %cst_1 = arith.constant 3.200000e+01 : f32
  %cst_2 = arith.constant -3.200000e+01 : f32
  %true = arith.constant true
  %3 = tile.load %arg0[%c0, %c0] into(%1 : !tile.buffer<vec, 1024>) : !tile.tensor<64x16xf32> -> !tile.tile<16x16xf32, vec>
  %4 = tile.slice %3[0, 0]  : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %5 = tile.slice %3[0, 0]  : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %6 = tile.concat %4, %5 into(%2 : !tile.buffer<vec, 1024>) : !tile.tile<16x8xf32, vec>, !tile.tile<16x8xf32, vec> -> !tile.tile<16x16xf32, vec>
  %7 = tile.full 5.000000e-01 into(%1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %8 = tile.move %6 into(%0 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %9:4 = scf.for %arg5 = %c0 to %c3 step %c1 iter_args(%arg6 = %arg3, %arg7 = %8, %arg8 = %7, %arg9 = %arg1) -> (i1, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>) {
    %18 = scf.if %arg3 -> (!tile.tensor<64x16xf32>) {
      %22 = scf.if %arg3 -> (!tile.tensor<64x16xf32>) {
        scf.yield %arg9 : !tile.tensor<64x16xf32>
      } else {
        %23 = tile.store %6, %arg9[%c16, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
        scf.yield %23 : !tile.tensor<64x16xf32>
      }
      scf.yield %22 : !tile.tensor<64x16xf32>
    } else {
      scf.yield %arg9 : !tile.tensor<64x16xf32>
    }
    %19 = tile.transpose %arg8 into(%0 : !tile.buffer<vec, 1024>) {tile.scratch_addr = 3072 : i64} : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
    %20:2 = tile.scope "split_aiv" -> !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec> {
      %22 = tile.adds %19, %cst into(%1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
      tile.scope_yield %19, %22 : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
    }
    %21 = arith.xori %arg6, %true : i1
    scf.yield %21, %20#0, %20#1, %18 : i1, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
  }
  %10:2 = scf.for %arg5 = %c0 to %c3 step %c1 iter_args(%arg6 = %cst_0, %arg7 = %9#3) -> (f32, !tile.tensor<64x16xf32>) {
    %18 = arith.minimumf %cst, %cst_1 : f32
    %19 = arith.maximumf %18, %cst_2 : f32
    scf.yield %19, %arg7 : f32, !tile.tensor<64x16xf32>
  }
  %11 = tile.store %9#2, %10#1[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<64x16xf32>
  %12 = arith.select %9#0, %cst, %cst_0 : f32
  %13 = arith.addf %12, %10#0 : f32
  %14 = arith.minimumf %13, %cst_1 : f32
  %15 = arith.maximumf %14, %cst_2 : f32
  %16 = tile.adds %9#1, %15 into(%0 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %17 = tile.store %16, %arg4[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %11, %17 : !tile.tensor<64x16xf32>, !tile.tensor<16x16xf32>
}

// -----

// Tests that a while result read only through ops that fold to it (a select
// of one value twice, the maximum of a value and itself, an index plus zero)
// is routed when what reads those ops is in another block: ptoas 0.27's
// greedy rewrite folds them as it lowers, and in a kernel it lowers to a CFG
// as a whole (a while nested in an scf.for) the reads in the later scf.for
// are then reads of the results themselves from another block, and the
// while is left ("Unsupported SCF op remained after pre-lowering"; fuzz seed
// 1434000276).
// CHECK-LABEL: func.func @while_result_read_through_fold(
// CHECK: %[[R:.*]]:3 = scf.while
// CHECK: %[[WIDE:.*]] = arith.index_cast %[[R]]#0 : index to i64
// CHECK-NEXT: %[[TRIPS:.*]] = arith.index_cast %[[WIDE]] : i64 to index
// CHECK-NEXT: %[[BITS:.*]] = arith.bitcast %[[R]]#1 : f32 to i32
// CHECK-NEXT: %[[S:.*]] = arith.bitcast %[[BITS]] : i32 to f32
// CHECK-NEXT: %[[QBITS:.*]] = arith.bitcast %[[R]]#2 : f32 to i32
// CHECK-NEXT: %[[Q:.*]] = arith.bitcast %[[QBITS]] : i32 to f32
// CHECK-NEXT: arith.select %{{.*}}, %[[S]], %[[S]] : f32
// CHECK-NEXT: arith.maximumf %[[Q]], %[[Q]] : f32
// CHECK-NEXT: arith.addi %[[TRIPS]], %{{.*}} : index
func.func @while_result_read_through_fold(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f32
  %half = arith.constant 0.5 : f32
  %b0 = tile.alloc : !tile.buffer<vec, 1024>
  %b1 = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %X[%c0, %c0] into(%b0 : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%t = %x) -> (!tile.tile<16x16xf32, vec>) {
    %w:3 = scf.while (%k = %c0, %s = %f1, %q = %half) : (index, f32, f32) -> (index, f32, f32) {
      %go = arith.cmpi slt, %k, %c2 : index
      scf.condition(%go) %k, %s, %q : index, f32, f32
    } do {
    ^bb0(%k1: index, %s1: f32, %q1: f32):
      %s2 = arith.mulf %s1, %half : f32
      %q2 = arith.mulf %q1, %q1 : f32
      %k2 = arith.addi %k1, %c1 : index
      scf.yield %k2, %s2, %q2 : index, f32, f32
    }
    %sel = arith.select %c, %w#1, %w#1 : f32
    %max = arith.maximumf %w#2, %w#2 : f32
    %trips = arith.addi %w#0, %c0 : index
    %inner = scf.for %j = %c0 to %trips step %c1 iter_args(%u = %t) -> (!tile.tile<16x16xf32, vec>) {
      %v = tile.adds %u, %sel into(%b1 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
      %m = tile.muls %v, %max into(%b0 : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
      scf.yield %m : !tile.tile<16x16xf32, vec>
    }
    scf.yield %inner : !tile.tile<16x16xf32, vec>
  }
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that at level2, once a space's tiles exceed its capacity (here six
// 32 KiB vec tiles, 192 KiB), each root's first use waits behind a
// pto.barrier <PIPE_ALL>: ptoas's PlanMemory may then place a buffer over part
// of a dead one from another address, which its InsertSync does not relate
// (the load into %d need not wait for the store still reading %a). One
// barrier serves the roots first used right after it; below the capacity
// (every other level2 case here) there is none.
// CHECK-LABEL: func.func @reused_space_barriers(
// CHECK: %[[A:[0-9]+]] = pto.alloc_tile
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.tload ins({{.*}}) outs(%[[A]] :
// CHECK-COUNT-5: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NOT: pto.barrier
// CHECK: return
func.func @reused_space_barriers(%X: !tile.tensor<64x128xf32>, %O: !tile.tensor<64x128xf32>) -> !tile.tensor<64x128xf32> {
  %c0 = arith.constant 0 : index
  %ba = tile.alloc : !tile.buffer<vec, 32768>
  %bb = tile.alloc : !tile.buffer<vec, 32768>
  %bc = tile.alloc : !tile.buffer<vec, 32768>
  %bd = tile.alloc : !tile.buffer<vec, 32768>
  %be = tile.alloc : !tile.buffer<vec, 32768>
  %bf = tile.alloc : !tile.buffer<vec, 32768>
  %a = tile.load %X[%c0, %c0] into(%ba : !tile.buffer<vec, 32768>) : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %O1 = tile.store %a, %O[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
  %b = tile.load %X[%c0, %c0] into(%bb : !tile.buffer<vec, 32768>) : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
  %c = tile.exp %b into(%bc : !tile.buffer<vec, 32768>) : !tile.tile<64x128xf32, vec>
  %d = tile.exp %c into(%bd : !tile.buffer<vec, 32768>) : !tile.tile<64x128xf32, vec>
  %e = tile.exp %d into(%be : !tile.buffer<vec, 32768>) : !tile.tile<64x128xf32, vec>
  %f = tile.exp %e into(%bf : !tile.buffer<vec, 32768>) : !tile.tile<64x128xf32, vec>
  %O2 = tile.store %f, %O1[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
  return %O2 : !tile.tensor<64x128xf32>
}

// -----

// Tests that a vec root last used inside an scf.while of its block gets a
// pto.tmov onto itself after the while: ptoas's PlanMemory ends a buffer's
// lifetime only at an op of its own block and does not enter scf.while, so
// it never ended this one and could place another tile over it
// (repros/ptoas/while_carry_freed_never.mlir).
// CHECK-LABEL: func.func @while_tile_dies_inside(
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile
// CHECK-NEXT: pto.tload ins({{.*}}) outs(%[[T]] :
// CHECK-NEXT: scf.while
// CHECK: pto.texp ins(%[[T]] : {{.*}}) outs(%[[T]] :
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: pto.tmov ins(%[[T]] : {{.*}}) outs(%[[T]] :
// CHECK-NEXT: return
func.func @while_tile_dies_inside(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %w:3 = scf.while (%i = %c0, %a = %x, %T = %A) : (index, !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) -> (index, !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) {
    %more = arith.cmpi ult, %i, %n : index
    scf.condition(%more) %i, %a, %T : index, !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  } do {
  ^bb0(%j: index, %d: !tile.tile<16x16xf32, vec>, %U: !tile.tensor<16x16xf32>):
    %e = tile.exp %d into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    %U1 = tile.store %e, %U[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %e, %U1 : index, !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  }
  return %w#2 : !tile.tensor<16x16xf32>
}

// -----

// Tests that a vec root first written inside an scf.while gets a pto.tmov
// onto itself before the while, where PlanMemory starts its lifetime (it
// starts one live into an scf.for at the loop, one live into an scf.while at
// its first write: repros/ptoas/while_carry_first_written_inside.mlir), and
// none after it, since the store after the loop ends it in its block.
// CHECK-LABEL: func.func @while_carry_first_written_inside(
// CHECK: %[[T:[0-9]+]] = pto.alloc_tile
// CHECK-NEXT: pto.tmov ins(%[[T]] : {{.*}}) outs(%[[T]] :
// CHECK-NEXT: scf.while
// CHECK: pto.texp ins(%[[T]] : {{.*}}) outs(%[[T]] :
// CHECK: scf.yield
// CHECK-NEXT: }
// CHECK-NOT: pto.tmov
// CHECK: pto.tstore ins(%[[T]] :
func.func @while_carry_first_written_inside(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %t = tile.create into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
  %w:2 = scf.while (%i = %c0, %a = %t) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
    %more = arith.cmpi ult, %i, %n : index
    scf.condition(%more) %i, %a : index, !tile.tile<16x16xf32, vec>
  } do {
  ^bb0(%j: index, %d: !tile.tile<16x16xf32, vec>):
    %e = tile.exp %d into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %e : index, !tile.tile<16x16xf32, vec>
  }
  %O = tile.store %w#1, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O : !tile.tensor<16x16xf32>
}

// -----

// Tests that in a kernel ptoas lowers to a CFG as a whole (here an scf.while
// inside an scf.for) the scf.if and the scf.for inside the while are
// emitted as whiles (ptoas 0.27 asserts on a while body of several blocks):
// one while per arm that runs at most once, carrying the branch's result
// from a zero, and one counting the loop's induction variable.
// CHECK-LABEL: func.func @branch_and_loop_in_nested_while(
// CHECK: scf.for
// CHECK-NOT: scf.if
// CHECK: scf.while
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[THEN:.*]]:2 = scf.while (%[[GO:.*]] = %arg3, %{{.*}} = %[[ZERO]]) : (i1, f32) -> (i1, f32) {
// CHECK-NEXT: scf.condition(%[[GO]])
// CHECK: arith.mulf
// CHECK: %[[NO:.*]] = arith.constant false
// CHECK-NEXT: scf.yield %[[NO]], %{{.*}} : i1, f32
// CHECK: %[[NOT:.*]] = arith.cmpi eq, %arg3, %{{.*}} : i1
// CHECK: scf.while (%[[GO2:.*]] = %[[NOT]], %{{.*}} = %{{.*}}) : (i1, f32) -> (i1, f32) {
// CHECK-NEXT: scf.condition(%[[GO2]])
// CHECK: scf.while (%[[J:.*]] = %c0) : (index) -> index {
// CHECK-NEXT: arith.cmpi slt, %[[J]], %{{.*}} : index
// CHECK: ^bb0(%[[J1:.*]]: index):
// CHECK-NEXT: pto.tadds
// CHECK-NEXT: arith.addi %[[J1]], %c1 : index
// CHECK-NOT: scf.if
// CHECK: return
func.func @branch_and_loop_in_nested_while(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %n: index, %c: i1, %x: f32) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %t = tile.load %X[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%u = %t) -> (!tile.tile<16x16xf32, vec>) {
    %w:3 = scf.while (%i = %c0, %v = %u, %a = %x) : (index, !tile.tile<16x16xf32, vec>, f32) -> (index, !tile.tile<16x16xf32, vec>, f32) {
      %p = arith.cmpi slt, %i, %k : index
      scf.condition(%p) %i, %v, %a : index, !tile.tile<16x16xf32, vec>, f32
    } do {
    ^bb0(%i1: index, %v1: !tile.tile<16x16xf32, vec>, %a1: f32):
      %h = scf.if %c -> (f32) {
        %m = arith.mulf %a1, %half : f32
        scf.yield %m : f32
      } else {
        scf.yield %a1 : f32
      }
      %v2 = scf.for %j = %c0 to %i1 step %c1 iter_args(%y = %v1) -> (!tile.tile<16x16xf32, vec>) {
        %y1 = tile.adds %y, %h into(%b : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
        scf.yield %y1 : !tile.tile<16x16xf32, vec>
      }
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2, %v2, %h : index, !tile.tile<16x16xf32, vec>, f32
    }
    scf.yield %w#1 : !tile.tile<16x16xf32, vec>
  }
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.col_sum at level2 is its source's rows added one by one
// into the result (ptoas 0.27 crashes on pto.tcolsum there): each row a
// subset of the source's root, the first add reading two rows.
// CHECK-LABEL: func.func @col_sum_by_rows(
// CHECK: %[[SRC:.*]] = pto.alloc_tile
// CHECK: %[[ROW0:.*]] = pto.subset %[[SRC]][%c0, %c0] sizes [1, 16]
// CHECK: %[[ROW1:.*]] = pto.subset %[[SRC]][%c1, %c0] sizes [1, 16]
// CHECK: %[[ROW2:.*]] = pto.subset %[[SRC]][%c2, %c0] sizes [1, 16]
// CHECK: pto.tload
// CHECK: %[[SUM:.*]] = pto.alloc_tile
// CHECK-NEXT: pto.tadd ins(%[[ROW0]], %[[ROW1]] : {{.*}}) outs(%[[SUM]] :
// CHECK-NEXT: pto.tadd ins(%[[SUM]], %[[ROW2]] : {{.*}}) outs(%[[SUM]] :
// CHECK-NOT: pto.tcolsum
// CHECK: pto.tstore ins(%[[SUM]]
func.func @col_sum_by_rows(%A: !tile.tensor<3x16xf32>, %B: !tile.tensor<1x16xf32>) -> !tile.tensor<1x16xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 192>
  %r = tile.alloc : !tile.buffer<vec, 64>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 192>) : !tile.tensor<3x16xf32> -> !tile.tile<3x16xf32, vec>
  %s = tile.col_sum %x into(%r : !tile.buffer<vec, 64>) : !tile.tile<3x16xf32, vec> -> !tile.tile<1x16xf32, vec>
  %B1 = tile.store %s, %B[%c0, %c0] : !tile.tile<1x16xf32, vec>, !tile.tensor<1x16xf32>
  return %B1 : !tile.tensor<1x16xf32>
}

// -----

// Tests that where ptoas's lowering of a kernel to a CFG as a whole (an
// scf.while inside an scf.for) would merge the two arms of an if, which
// differ only in the tile their pto.texp reads, into one block taking the
// tile as an argument (its C++ casts such an argument to a pointer), a full
// barrier in one arm keeps them apart.
// CHECK-LABEL: func.func @block_merge_kept_apart(
// CHECK: scf.while
// CHECK: scf.if
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.texp
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.texp
// CHECK-NEXT: }
func.func @block_merge_kept_apart(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 1024>
  %o = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %X[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %O[%c0, %c0] into(%d : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  scf.for %k = %c0 to %n step %c1 {
    %w = scf.while (%i = %c0) : (index) -> index {
      %p = arith.cmpi slt, %i, %n : index
      scf.condition(%p) %i : index
    } do {
    ^bb0(%i1: index):
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2 : index
    }
  }
  %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %x into(%o : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  } else {
    %e = tile.exp %y into(%o : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}


// -----

// Tests that blocks ptoas's block merging would join only once its CSE has
// run are kept apart too. The second if on %c is written as two one-shot
// whiles; its else arm's `cmpi eq, %c, false` repeats the first if's, and
// once ptoas's CSE reuses that one, the ops after the then-arm's while (the
// self-copy marking where %a's tile dies) are one tmov, like the else arm's
// body, and both branch to the else arm's while: merged, their tiles would
// be block arguments ("failed to legalize operation 'pto.tmov'"). A full
// barrier before the self-copy keeps them apart.
// CHECK-LABEL: func.func @block_merge_after_cse(
// CHECK: %[[R:[0-9]+]] = pto.alloc_tile
// CHECK: scf.while
// CHECK: %[[A:[0-9]+]] = pto.alloc_tile
// CHECK: %[[B:[0-9]+]] = pto.alloc_tile
// CHECK: pto.tmov ins(%[[A]] : {{.*}}) outs(%[[R]] :
// CHECK: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.tmov ins(%[[A]] : {{.*}}) outs(%[[A]] :
// CHECK: scf.while
// CHECK: pto.tmov ins(%[[B]] : {{.*}}) outs(%[[R]] :
// CHECK-NOT: pto.barrier
// CHECK: return
func.func @block_merge_after_cse(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ba = tile.alloc : !tile.buffer<vec, 1024>
  %bb = tile.alloc : !tile.buffer<vec, 1024>
  %br = tile.alloc : !tile.buffer<vec, 1024>
  %T = scf.for %k = %c0 to %n step %c1 iter_args(%t = %O) -> (!tile.tensor<16x16xf32>) {
    %x = tile.load %X[%c0, %c0] into(%br : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
    %w:2 = scf.while (%i = %c0, %acc = %x) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
      %p = arith.cmpi slt, %i, %c1 : index
      scf.condition(%p) %i, %acc : index, !tile.tile<16x16xf32, vec>
    } do {
    ^bb0(%i1: index, %acc1: !tile.tile<16x16xf32, vec>):
      %a = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
        %e = tile.exp %acc1 into(%ba : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
        scf.yield %e : !tile.tile<16x16xf32, vec>
      } else {
        %e = tile.abs %acc1 into(%ba : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
        scf.yield %e : !tile.tile<16x16xf32, vec>
      }
      %b = tile.log %acc1 into(%bb : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
      %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
        %m = tile.move %a into(%br : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        scf.yield %m : !tile.tile<16x16xf32, vec>
      } else {
        %m = tile.move %b into(%br : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        scf.yield %m : !tile.tile<16x16xf32, vec>
      }
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2, %r : index, !tile.tile<16x16xf32, vec>
    }
    %u = tile.store %w#1, %t[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    scf.yield %u : !tile.tensor<16x16xf32>
  }
  return %T : !tile.tensor<16x16xf32>
}

// -----

// Tests that tile.cmp on a5 compares into its scratch tile, of the source's
// rows x columns as ptoas's A5 pto.tcmp wants its destination, whose rows
// hold the packed bits at their start, and a pto.tmov copies those C/8
// bytes of each row into the mask's rows.
// CHECK-LABEL: func.func @cmp_a5(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
// CHECK: %[[S:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=64, v_row=16, v_col=8,
// CHECK-NEXT: pto.tcmp ins(%[[X]], %[[X]] {cmpMode = #pto<cmp lt>} : {{.*}}) outs(%[[S]] :
// CHECK: %[[M:.*]] = pto.treshape {{.*}} -> !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=8,
// CHECK-NEXT: pto.tmov ins(%[[S]] : {{.*}}) outs(%[[M]] :
module attributes {tile.target_arch = "a5"} {
func.func @cmp_a5(%A: !tile.tensor<16x64xf32>, %M: !tile.tensor<16x32xi8>) -> !tile.tensor<16x32xi8> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 4096>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %k = tile.cmp lt %x, %x into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x64xf32, vec> -> !tile.tile<16x32xi8, vec>
  %M1 = tile.store %k, %M[%c0, %c0] : !tile.tile<16x32xi8, vec>, !tile.tensor<16x32xi8>
  return %M1 : !tile.tensor<16x32xi8>
}
}

// -----

// Tests that tile.cmp on a5 of 16 columns (rows of 16 bytes, which pto-isa
// has no i8 tile of) compares copies of its sources 32 columns wide, in its
// scratch tile, whose destination is the mask itself (rows of 32 bytes).
// CHECK-LABEL: func.func @cmp_a5_narrow(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[Y:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[L:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=16,
// CHECK-NEXT: pto.tmov ins(%[[X]] : {{.*}}) outs(%[[L]] :
// CHECK-NEXT: %[[R:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=16,
// CHECK-NEXT: pto.tmov ins(%[[Y]] : {{.*}}) outs(%[[R]] :
// CHECK: %[[M:.*]] = pto.treshape {{.*}} -> !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2,
// CHECK-NEXT: pto.tcmp ins(%[[L]], %[[R]] {cmpMode = #pto<cmp lt>} : {{.*}}) outs(%[[M]] :
// CHECK-NOT: pto.tmov
// CHECK: return
module attributes {tile.target_arch = "a5"} {
func.func @cmp_a5_narrow(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x16xf32>, %M: !tile.tensor<16x32xi8>) -> !tile.tensor<16x32xi8> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 1024>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %B[%c0, %c0] into(%d : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %k = tile.cmp lt %x, %y into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %M1 = tile.store %k, %M[%c0, %c0] : !tile.tile<16x32xi8, vec>, !tile.tensor<16x32xi8>
  return %M1 : !tile.tensor<16x32xi8>
}
}

// -----

// Tests that a narrow tile.cmp on a5 whose sources are one value copies it
// once and compares that copy with itself.
// CHECK-LABEL: func.func @cmp_a5_narrow_one_source(
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[L:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=16,
// CHECK-NEXT: pto.tmov ins(%[[X]] : {{.*}}) outs(%[[L]] :
// CHECK-NOT: pto.tmov
// CHECK: pto.tcmp ins(%[[L]], %[[L]] {cmpMode = #pto<cmp lt>}
// CHECK-NOT: pto.tmov
// CHECK: return
module attributes {tile.target_arch = "a5"} {
func.func @cmp_a5_narrow_one_source(%A: !tile.tensor<16x16xf32>, %M: !tile.tensor<16x32xi8>) -> !tile.tensor<16x32xi8> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %m = tile.alloc : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %k = tile.cmp lt %x, %x into(%m : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %M1 = tile.store %k, %M[%c0, %c0] : !tile.tile<16x32xi8, vec>, !tile.tensor<16x32xi8>
  return %M1 : !tile.tensor<16x32xi8>
}
}

// -----

// Tests that a one-row tile of a boxed space is a tile_buf of a whole box of
// rows with one valid row: ptoas's PlanMemory reserves a tile_buf's rows x
// cols, and pto-isa lays the row's columns out box by box (1,024 bytes for
// 1x32 f16 in left); a tile_buf of one row let ptoas place the next tile
// over the first one's second box.
// CHECK-LABEL: func.func @one_row_left(
// CHECK: pto.alloc_tile : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=1, v_col=32,
// CHECK: pto.alloc_tile : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32, v_row=1, v_col=32,
// CHECK: pto.alloc_tile : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=1, v_col=16,
// CHECK: pto.tmatmul
module attributes {tile.target_arch = "a3"} {
func.func @one_row_left(%A: !tile.tensor<16x32xf16>, %B: !tile.tensor<32x16xf16>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %bm = tile.alloc : !tile.buffer<mat, 1024>
  %bm2 = tile.alloc : !tile.buffer<mat, 1024>
  %bl = tile.alloc : !tile.buffer<left, 1024>
  %br = tile.alloc : !tile.buffer<right, 1024>
  %bc = tile.alloc : !tile.buffer<acc, 1024>
  %a = tile.load %A[%c0, %c0] into(%bm : !tile.buffer<mat, 1024>) : !tile.tensor<16x32xf16> -> !tile.tile<1x32xf16, mat>
  %l = tile.move %a into(%bl : !tile.buffer<left, 1024>) : !tile.tile<1x32xf16, mat> -> !tile.tile<1x32xf16, left>
  %b = tile.load %B[%c0, %c0] into(%bm2 : !tile.buffer<mat, 1024>) : !tile.tensor<32x16xf16> -> !tile.tile<32x16xf16, mat>
  %r = tile.move %b into(%br : !tile.buffer<right, 1024>) : !tile.tile<32x16xf16, mat> -> !tile.tile<32x16xf16, right>
  %c = tile.matmul %l, %r into(%bc : !tile.buffer<acc, 1024>) : !tile.tile<1x32xf16, left>, !tile.tile<32x16xf16, right> -> !tile.tile<1x16xf32, acc>
  %O1 = tile.store %c, %O[%c0, %c0] : !tile.tile<1x16xf32, acc>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
}
