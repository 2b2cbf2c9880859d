// RUN: tile-translate --tile-to-pto --split-input-file %s | FileCheck %s
// RUN: tile-translate --tile-to-pto --pto-level=level2 --split-input-file %s | FileCheck %s

// Tests that a loop-carried accumulator is one handle updated in place: the
// scf.for carries neither the tile nor the tensor, and tensor arguments
// become pointers with one tensor view each.
// CHECK-LABEL: func.func @accumulate(
// CHECK-SAME: %[[A:.*]]: !pto.ptr<f32>, %[[B:.*]]: !pto.ptr<f32>) {
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[TA:.*]] = pto.make_tensor_view %[[A]], shape = [%[[C256]], %[[C64]]], strides = [%[[C64]], %[[C1]]] : !pto.tensor_view<?x?xf32>
// CHECK: %[[TB:.*]] = pto.make_tensor_view %[[B]], shape = [%[[C64]], %[[C64]]], strides = [%[[C64]], %[[C1]]] : !pto.tensor_view<?x?xf32>
// CHECK: %[[ACC:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[IN:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NOT: pto.alloc_tile
// CHECK: pto.texpands ins(%[[ZERO]] : f32) outs(%[[ACC]] : !pto.tile_buf<{{.*}}>)
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[ROW:.*]] = arith.muli %[[I]], %[[C64]] : index
// CHECK:   %[[PV:.*]] = pto.partition_view %[[TA]], offsets = [%[[ROW]], %{{.*}}], sizes = [%[[C64]], %[[C64]]] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK:   pto.tload ins(%[[PV]] : !pto.partition_tensor_view<64x64xf32>) outs(%[[IN]] : !pto.tile_buf<{{.*}}>)
// CHECK:   pto.tadd ins(%[[ACC]], %[[IN]] : !pto.tile_buf<{{.*}}>, !pto.tile_buf<{{.*}}>) outs(%[[ACC]] : !pto.tile_buf<{{.*}}>)
// CHECK-NEXT: }
// CHECK: pto.tmuls ins(%[[ACC]], %{{.*}} : !pto.tile_buf<{{.*}}>, f32) outs(%[[ACC]] : !pto.tile_buf<{{.*}}>)
// CHECK: %[[OUT:.*]] = pto.partition_view %[[TB]], offsets = [%{{.*}}, %{{.*}}], sizes = [%[[C64]], %[[C64]]]
// CHECK: pto.tstore ins(%[[ACC]] : !pto.tile_buf<{{.*}}>) outs(%[[OUT]] : !pto.partition_tensor_view<64x64xf32>)
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

// Tests that an if/else phi whose arms write one window is one handle both
// arms write, and the scf.if yields nothing.
// CHECK-LABEL: func.func @phi(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %[[C:.*]]: i1) {
// CHECK: %[[IN:.*]] = pto.alloc_tile
// CHECK: %[[PHI:.*]] = pto.alloc_tile
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: scf.if %[[C]] {
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

// Tests that scf.while keeps its scalar carry only: the tile carry is one
// handle, every SSA version of the tensor is the same pointer, and the f16
// scalar is converted to the tile's element type.
// CHECK-LABEL: func.func @drain(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %[[N:.*]]: index, %[[S:.*]]: f16) {
// CHECK: %[[TV:.*]] = pto.make_tensor_view
// CHECK: %[[T:.*]] = pto.alloc_tile
// CHECK: pto.texpands ins(%{{.*}} : f32) outs(%[[T]] : {{.*}})
// CHECK: %{{.*}} = scf.while (%[[I:.*]] = %{{.*}}) : (index) -> index {
// CHECK-NEXT: %[[GO:.*]] = arith.cmpi slt, %[[I]], %[[N]] : index
// CHECK-NEXT: scf.condition(%[[GO]]) %[[I]] : index
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[J:.*]]: index):
// CHECK: %[[PV:.*]] = pto.partition_view %[[TV]]
// CHECK-NEXT: pto.tstore ins(%[[T]] : {{.*}}) outs(%[[PV]] : {{.*}})
// CHECK-NEXT: %[[F:.*]] = arith.extf %[[S]] : f16 to f32
// CHECK-NEXT: pto.tmuls ins(%[[T]], %[[F]] : {{.*}}, f32) outs(%[[T]] : {{.*}})
// CHECK-NEXT: %[[J1:.*]] = arith.addi %[[J]], %{{.*}} : index
// CHECK-NEXT: scf.yield %[[J1]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return{{$}}
func.func @drain(%A: !tile.tensor<256x64xf32>, %n: index, %s: f16) -> !tile.tensor<256x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %t0 = tile.full 1.0 into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
  %r:3 = scf.while (%i = %c0, %t = %t0, %T = %A) : (index, !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>) -> (index, !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %t, %T : index, !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  } do {
  ^bb0(%j: index, %u: !tile.tile<64x64xf32, vec>, %U: !tile.tensor<256x64xf32>):
    %row = arith.muli %j, %c64 : index
    %U1 = tile.store %u, %U[%row, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
    %u1 = tile.muls %u, %s into(%b : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>, f16
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1, %u1, %U1 : index, !tile.tile<64x64xf32, vec>, !tile.tensor<256x64xf32>
  }
  return %r#2 : !tile.tensor<256x64xf32>
}

// -----

// Tests views: a slice is a pto.subset of its source's handle, an assemble
// copies its source into a subset of the target (level2 handles are
// separate buffers), and a reshape is a pto.treshape alias.
// CHECK-LABEL: func.func @views(
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, {{.*}}>
// CHECK: %[[E:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, {{.*}}>
// CHECK: pto.tload ins(%{{.*}}) outs(%[[T]] : {{.*}})
// CHECK: %[[TOP:.*]] = pto.subset %[[T]][%c0, %c0] sizes [16, 64] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}>
// CHECK: pto.texp ins(%[[TOP]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, {{.*}}>) outs(%[[E]] : {{.*}})
// CHECK: %[[BLOCK:.*]] = pto.subset %[[T]][%c48, %c0] sizes [16, 64] : {{.*}}
// CHECK: pto.tmov ins(%[[E]] : {{.*}}) outs(%[[BLOCK]] : {{.*}})
// CHECK: %[[FLAT:.*]] = pto.treshape %[[T]] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=32, v_row=128, v_col=32, {{.*}}>
// CHECK: pto.tstore ins(%[[FLAT]] : {{.*}}) outs(%{{.*}} : !pto.partition_tensor_view<128x32xf32>)
func.func @views(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<128x32xf32>) -> !tile.tensor<128x32xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 16384>
  %s = tile.alloc : !tile.buffer<vec, 4096>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %top = tile.slice %t[0, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<16x64xf32, vec>
  %e = tile.exp %top into(%s : !tile.buffer<vec, 4096>) : !tile.tile<16x64xf32, vec>
  %t1 = tile.assemble %t, %e[48, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  %flat = tile.reshape %t1 : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
  %B1 = tile.store %flat, %B[%c0, %c0] : !tile.tile<128x32xf32, vec>, !tile.tensor<128x32xf32>
  return %B1 : !tile.tensor<128x32xf32>
}

// -----

// Tests a two-slot pool with static slots: each slot is its own window and
// handle, and a producer writing slot 0 again reuses slot 0's handle.
// CHECK-LABEL: func.func @pool(
// CHECK: %[[S0:.*]] = pto.alloc_tile
// CHECK: %[[S1:.*]] = pto.alloc_tile
// CHECK-NOT: pto.alloc_tile
// CHECK: pto.tload ins(%{{.*}}) outs(%[[S0]] : {{.*}})
// CHECK: pto.tload ins(%{{.*}}) outs(%[[S1]] : {{.*}})
// CHECK: pto.tmax ins(%[[S0]], %[[S1]] : {{.*}}) outs(%[[S0]] : {{.*}})
// CHECK: pto.tstore ins(%[[S0]] : {{.*}})
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
// architecture, an inlined tile.scope, scratch tiles for trowsum and ttrans,
// the column-vector layout of a 64x1 tile, and a tile.write as tsetval at a
// row-major offset with the value converted to i32.
// CHECK: module attributes {pto.target_arch = "a5"} {
// CHECK-LABEL: func.func @norm(
// CHECK-SAME: attributes {pto.entry} {
// CHECK: %[[X:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// CHECK: %[[TMP:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// CHECK: %[[SUMS:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[TMP2:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// CHECK: pto.tload ins(%{{.*}}) outs(%[[X]] : {{.*}})
// CHECK-NOT: tile.scope
// CHECK: pto.trowsum ins(%[[X]], %[[TMP]] : {{.*}}) outs(%[[SUMS]] : {{.*}})
// CHECK: pto.trowexpandmul ins(%[[X]], %[[SUMS]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.ttrans ins(%[[X]], %[[TMP2]] : {{.*}}) outs(%[[T]] : {{.*}})
// CHECK: pto.tstore ins(%[[T]] : {{.*}})
// CHECK-LABEL: func.func @fill(
// CHECK-SAME: %{{.*}}: !pto.ptr<i32>, %[[I:.*]]: index, %[[V:.*]]: f32) {
// CHECK: %[[W:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=8,
// CHECK: %[[SEVEN:.*]] = arith.constant 7 : i32
// CHECK: pto.texpands ins(%[[SEVEN]] : i32) outs(%[[W]] : {{.*}})
// CHECK: %[[R:.*]] = arith.muli %[[I]], %c8 : index
// CHECK: %[[OFF:.*]] = arith.addi %[[R]], %c0 : index
// CHECK: %[[VI:.*]] = arith.fptosi %[[V]] : f32 to i32
// CHECK: pto.tsetval ins(%[[OFF]], %[[VI]] : index, i32) outs(%[[W]] : {{.*}})
module attributes {tile.target_arch = "a5"} {
  func.func @norm(%A: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> attributes {pto.entry} {
    %c0 = arith.constant 0 : index
    %b = tile.alloc : !tile.buffer<vec, 32768>
    %v = tile.alloc : !tile.buffer<vec, 256>
    %x = tile.load %A[%c0, %c0] into(%b[0, 16384] : !tile.buffer<vec, 32768>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
    %r = tile.scope "split_aiv" -> !tile.tile<64x64xf32, vec> {
      %sums = tile.row_sum %x into(%v : !tile.buffer<vec, 256>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x1xf32, vec>
      %n = tile.row_expand_mul %x, %sums into(%b[0, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec>, !tile.tile<64x1xf32, vec>
      %t = tile.transpose %n into(%b[16384, 16384] : !tile.buffer<vec, 32768>) : !tile.tile<64x64xf32, vec> -> !tile.tile<64x64xf32, vec>
      tile.scope_yield %t : !tile.tile<64x64xf32, vec>
    }
    %A1 = tile.store %r, %A[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    return %A1 : !tile.tensor<64x64xf32>
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

// Tests that a transposed view is pto.treshape of the viewed handle to the
// transposed shape with the other base layout (row_major 8x16 and col_major
// 16x8 cover the same bytes), read by the next op.
// CHECK-LABEL: func.func @transpose_view(
// CHECK: %[[T:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[E:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<8x16xf32>) outs(%[[T]] :
// CHECK: %[[V:.*]] = pto.treshape %[[T]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, {{.*}}, blayout=row_major, {{.*}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.texp ins(%[[V]] : !pto.tile_buf<{{.*}}blayout=col_major{{.*}}>) outs(%[[E]] : !pto.tile_buf<{{.*}}blayout=row_major{{.*}}>)
// CHECK: pto.tstore ins(%[[E]] :
func.func @transpose_view(%A: !tile.tensor<8x16xf32>, %B: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc : !tile.buffer<vec, 512>
  %o = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 512>) : !tile.tensor<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %v = tile.transpose_view %t : !tile.tile<8x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %e = tile.exp %v into(%o : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
  %B1 = tile.store %e, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %B1 : !tile.tensor<16x8xf32>
}

// -----

// Tests that tile.write into a transposed view takes the column-major
// linear offset of the col_major handle: (row 1, col 2) of the 16x8 view is
// element 2 * 16 + 1.
// CHECK-LABEL: func.func @write_transposed(
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[V:.*]] = pto.treshape
// CHECK: %[[SCALED:.*]] = arith.muli %[[C2]], %[[C16]] : index
// CHECK: %[[OFF:.*]] = arith.addi %[[SCALED]], %[[C1]] : index
// CHECK: pto.tsetval ins(%[[OFF]], %{{.*}} : index, f32) outs(%[[V]] : !pto.tile_buf<{{.*}}rows=16, cols=8{{.*}}blayout=col_major
// CHECK: pto.tstore ins(%[[V]] :
func.func @write_transposed(%A: !tile.tensor<8x16xf32>, %B: !tile.tensor<16x8xf32>, %v: f32) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tile.alloc : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 512>) : !tile.tensor<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %tv = tile.transpose_view %t : !tile.tile<8x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %w = tile.write %tv[%c1, %c2], %v : !tile.tile<16x8xf32, vec>, f32
  %B1 = tile.store %w, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %B1 : !tile.tensor<16x8xf32>
}

// -----

// Tests that a dynamic slot at level2 selects among the per-slot handles
// with an scf.if chain on the slot value (one compare per slot but the
// last), built once, right after the slot is defined, and used by every
// access to the window.
// CHECK-LABEL: func.func @dynamic_slot(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %[[I:.*]]: index) {
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[S0:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: %[[S1:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: %[[S2:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[I]], %[[C0]] : index
// CHECK: %[[H:.*]] = scf.if %[[IS0]] -> (!pto.tile_buf<{{.*}}>) {
// CHECK-NEXT: scf.yield %[[S0]] : !pto.tile_buf<{{.*}}>
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[IS1:.*]] = arith.cmpi eq, %[[I]], %[[C1]] : index
// CHECK-NEXT: %[[H1:.*]] = scf.if %[[IS1]] -> (!pto.tile_buf<{{.*}}>) {
// CHECK-NEXT: scf.yield %[[S1]] : !pto.tile_buf<{{.*}}>
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[S2]] : !pto.tile_buf<{{.*}}>
// CHECK-NEXT: }
// CHECK-NEXT: scf.yield %[[H1]] : !pto.tile_buf<{{.*}}>
// CHECK-NEXT: }
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<8x8xf32>) outs(%[[H]] :
// CHECK: pto.tstore ins(%[[H]] :
// CHECK-NOT: scf.if
func.func @dynamic_slot(%A: !tile.tensor<8x8xf32>, %i: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc : !tile.buffer<vec, 256, slots = 3>
  %t = tile.load %A[%c0, %c0] into(%p slot %i : !tile.buffer<vec, 256, slots = 3>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %A1 = tile.store %t, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests a logical tile selection (as MaterializeSemanticAliases makes it):
// the producers write the pool's two slot handles, the window at the slot
// %s is the scf.if selection placed after %s, tile.create emits nothing, the
// if whose arms only named the window is dropped, and tile.if_exit_barrier
// is a PIPE_ALL pipeline barrier before the selected tile is used.
// CHECK-LABEL: func.func @selection(
// CHECK-SAME: %{{.*}}: !pto.ptr<f32>, %{{.*}}: !pto.ptr<f32>, %[[C:.*]]: i1) {
// CHECK: %[[X:.*]] = pto.alloc_tile
// CHECK: %[[P0:.*]] = pto.alloc_tile
// CHECK: %[[P1:.*]] = pto.alloc_tile
// CHECK: pto.texp ins(%[[X]] : {{.*}}) outs(%[[P0]] :
// CHECK: pto.tmul ins(%[[X]], %[[X]] : {{.*}}) outs(%[[P1]] :
// CHECK: %[[S:.*]] = arith.select %[[C]], %{{.*}}, %{{.*}} : index
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[S]], %{{.*}} : index
// CHECK: %[[R:.*]] = scf.if %[[IS0]] -> (!pto.tile_buf<{{.*}}>) {
// CHECK-NEXT: scf.yield %[[P0]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[P1]]
// CHECK-NEXT: }
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: %[[PV:.*]] = pto.partition_view
// CHECK-NEXT: pto.tstore ins(%[[R]] :
func.func @selection(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x8xf32>, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pool = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %in = tile.alloc : !tile.buffer<vec, 256>
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
  %B1 = tile.store %r, %B[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %B1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that when the arms of an scf.if reach one window through different
// handles (a subset view of the 64x64 alloc_tile, a 16x64 alloc_tile), the
// if yields the handle at level2 (ptoas aliases the result with both).
// CHECK-LABEL: func.func @arms(
// CHECK-SAME: %{{[^:]*}}: !pto.ptr<f32>, %{{[^:]*}}: !pto.ptr<f32>, %[[C:[^:]*]]: i1) {
// CHECK: %[[BIG:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64
// CHECK: %[[SMALL:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK: %[[R:.*]] = scf.if %[[C]] -> (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, {{.*}}>) {
// CHECK-NEXT: %[[SUB:.*]] = pto.subset %[[BIG]][%{{.*}}, %{{.*}}] sizes [16, 64]
// CHECK-NEXT: scf.yield %[[SUB]]
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.texpands ins(%{{.*}} : f32) outs(%[[SMALL]] :
// CHECK-NEXT: scf.yield %[[SMALL]]
// CHECK-NEXT: }
// CHECK: pto.tstore ins(%[[R]] :
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

// Tests that arms reaching one window through views of one alloc_tile with
// its type (a reshape there and back) give the alloc_tile itself at level2,
// so a loop carrying the if result updates that handle in place.
// CHECK-LABEL: func.func @arms_same_root(
// CHECK: %[[H:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: scf.if %{{.*}} {
// CHECK: pto.treshape %[[H]]
// CHECK: } else {
// CHECK-NEXT: pto.tadds ins(%[[H]], %{{.*}}) outs(%[[H]] :
// CHECK-NEXT: }
// CHECK: scf.for
// CHECK-NEXT: pto.tadds ins(%[[H]], %{{.*}}) outs(%[[H]] :
// CHECK-NEXT: }
func.func @arms_same_root(%A: !tile.tensor<8x8xf32>, %c: i1, %n: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %b = tile.alloc : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %v = tile.reshape %t : !tile.tile<8x8xf32, vec> -> !tile.tile<16x4xf32, vec>
    %w = tile.reshape %v : !tile.tile<16x4xf32, vec> -> !tile.tile<8x8xf32, vec>
    scf.yield %w : !tile.tile<8x8xf32, vec>
  } else {
    %a = tile.adds %t, %one into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
    scf.yield %a : !tile.tile<8x8xf32, vec>
  }
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%x = %r) -> (!tile.tile<8x8xf32, vec>) {
    %y = tile.adds %x, %one into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>, f32
    scf.yield %y : !tile.tile<8x8xf32, vec>
  }
  %A1 = tile.store %l, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that a while carry yielded back through transposed views chosen by
// an scf.if stays the carry's alloc_tile: both arms are views of it, so the
// level2 scf.if selecting the two treshape handles is a view of it too and
// the loop carries no tile.
// CHECK-LABEL: func.func @carry_through_selected_views
// CHECK:         %[[H:.*]] = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK:         scf.while (%{{.*}} = %{{.*}}) : (index) -> index
// CHECK:           scf.if
// CHECK:             pto.treshape %[[H]]
// CHECK:           } else {
// CHECK:             pto.treshape %[[H]]
// CHECK:         pto.tstore ins(%[[H]]
func.func @carry_through_selected_views(%A: !tile.tensor<8x8xf32>, %c: i1) {
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
  return
}
