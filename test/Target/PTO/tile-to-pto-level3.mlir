// RUN: tile-translate --tile-to-pto --split-input-file %s | FileCheck %s
// RUN: tile-translate --tile-to-pto --pto-level=level3 --split-input-file %s | FileCheck %s

// Tests a split-K matmul at level3 (chosen automatically: every tile.alloc
// has an address): each handle carries addr = alloc addr + offset, the
// accumulator is one handle, and matmul_acc with init_cond becomes an scf.if
// choosing tmatmul (first step) or tmatmul.acc.
// CHECK: module attributes {pto.target_arch = "a3"} {
// CHECK-LABEL: func.func @splitk(
// CHECK-SAME: %{{.*}}: !pto.ptr<f16>, %{{.*}}: !pto.ptr<f16>, %{{.*}}: !pto.ptr<f32>) {
// CHECK-DAG: %[[A0:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[A8192:.*]] = arith.constant 8192 : i64
// CHECK-DAG: %[[A4096:.*]] = arith.constant 4096 : i64
// CHECK-DAG: %[[ACC:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-DAG: %[[AM:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK-DAG: %[[BM:.*]] = pto.alloc_tile addr = %[[A8192]] : !pto.tile_buf<loc=mat, dtype=f16,
// CHECK-DAG: %[[L:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK-DAG: %[[R:.*]] = pto.alloc_tile addr = %[[A4096]] : !pto.tile_buf<loc=right, dtype=f16, rows=64, cols=64, v_row=64, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[FIRST:.*]] = arith.cmpi eq, %[[K]], %{{.*}} : index
// CHECK:   pto.tload ins(%{{.*}} : !pto.partition_tensor_view<64x64xf16>) outs(%[[AM]] : {{.*}})
// CHECK:   pto.tload ins(%{{.*}} : !pto.partition_tensor_view<64x64xf16>) outs(%[[BM]] : {{.*}})
// CHECK:   pto.textract ins(%[[AM]], %{{.*}}, %{{.*}} : {{.*}}, index, index) outs(%[[L]] : {{.*}})
// CHECK:   pto.textract ins(%[[BM]], %{{.*}}, %{{.*}} : {{.*}}, index, index) outs(%[[R]] : {{.*}})
// CHECK:   scf.if %[[FIRST]] {
// CHECK-NEXT: pto.tmatmul ins(%[[L]], %[[R]] : {{.*}}) outs(%[[ACC]] : {{.*}})
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.tmatmul.acc ins(%[[ACC]], %[[L]], %[[R]] : {{.*}}) outs(%[[ACC]] : {{.*}})
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: pto.tstore ins(%[[ACC]] : {{.*}}) outs(%{{.*}} : !pto.partition_tensor_view<64x64xf32>)
module attributes {tile.target_arch = "a3"} {
  func.func @splitk(%A: !tile.tensor<64x256xf16>, %B: !tile.tensor<256x64xf16>, %C: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %amat = tile.alloc addr = 0 : !tile.buffer<mat, 8192>
    %bmat = tile.alloc addr = 8192 : !tile.buffer<mat, 8192>
    %l = tile.alloc addr = 0 : !tile.buffer<left, 8192>
    %r = tile.alloc addr = 4096 : !tile.buffer<right, 8192>
    %acc = tile.alloc addr = 0 : !tile.buffer<acc, 16384>
    %init = tile.create into(%acc : !tile.buffer<acc, 16384>) : !tile.tile<64x64xf32, acc>
    %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%c = %init) -> (!tile.tile<64x64xf32, acc>) {
      %first = arith.cmpi eq, %k, %c0 : index
      %off = arith.muli %k, %c64 : index
      %a = tile.load %A[%c0, %off] into(%amat : !tile.buffer<mat, 8192>) : !tile.tensor<64x256xf16> -> !tile.tile<64x64xf16, mat>
      %b = tile.load %B[%off, %c0] into(%bmat : !tile.buffer<mat, 8192>) : !tile.tensor<256x64xf16> -> !tile.tile<64x64xf16, mat>
      %la = tile.extract %a[0, 0] into(%l : !tile.buffer<left, 8192>) : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
      %rb = tile.extract %b[0, 0] into(%r : !tile.buffer<right, 8192>) : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
      %n = tile.matmul_acc %c, %la, %rb init_cond %first : !tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>
      scf.yield %n : !tile.tile<64x64xf32, acc>
    }
    %C1 = tile.store %sum, %C[%c0, %c0] : !tile.tile<64x64xf32, acc>, !tile.tensor<64x64xf32>
    return %C1 : !tile.tensor<64x64xf32>
  }
}

// -----

// Tests a double-buffered pool: a static slot is addr + slot * size, and a
// dynamic slot computes its address with arith ops right after the slot is
// defined, inside the loop; the left tile is col_major on a5.
// CHECK: module attributes {pto.target_arch = "a5"} {
// CHECK-LABEL: func.func @pipeline(
// CHECK-DAG: %[[BASE:.*]] = arith.constant 1024 : i64
// CHECK-DAG: %[[SIZE:.*]] = arith.constant 16384 : i64
// CHECK-DAG: %[[SLOT1:.*]] = arith.constant 17408 : i64
// CHECK-DAG: %[[ACC:.*]] = pto.alloc_tile addr = %c65536_i64 : !pto.tile_buf<loc=vec,
// CHECK-DAG: %[[PRE:.*]] = pto.alloc_tile addr = %[[SLOT1]] : !pto.tile_buf<loc=vec,
// CHECK-DAG: pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major,
// CHECK: pto.tload ins(%{{.*}}) outs(%[[PRE]] : {{.*}})
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   %[[SLOT:.*]] = arith.remui %[[I]], %{{.*}} : index
// CHECK-NEXT: %[[S64:.*]] = arith.index_cast %[[SLOT]] : index to i64
// CHECK-NEXT: %[[SCALED:.*]] = arith.muli %[[S64]], %[[SIZE]] : i64
// CHECK-NEXT: %[[ADDR:.*]] = arith.addi %[[SCALED]], %[[BASE]] : i64
// CHECK-NEXT: %[[IN:.*]] = pto.alloc_tile addr = %[[ADDR]] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// CHECK:   pto.tload ins(%{{.*}}) outs(%[[IN]] : {{.*}})
// CHECK:   pto.tadd ins(%[[ACC]], %[[IN]] : {{.*}}) outs(%[[ACC]] : {{.*}})
// CHECK: }
module attributes {tile.target_arch = "a5"} {
  func.func @pipeline(%A: !tile.tensor<256x64xf32>, %B: !tile.tensor<64x64xf32>, %L: !tile.tensor<16x16xf16>) -> !tile.tensor<64x64xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %acc_buf = tile.alloc addr = 65536 : !tile.buffer<vec, 16384>
    %in_buf = tile.alloc addr = 1024 : !tile.buffer<vec, 16384, slots = 2>
    %m = tile.alloc addr = 0 : !tile.buffer<mat, 512>
    %lb = tile.alloc addr = 0 : !tile.buffer<left, 512>
    %mt = tile.load %L[%c0, %c0] into(%m : !tile.buffer<mat, 512>) : !tile.tensor<16x16xf16> -> !tile.tile<16x16xf16, mat>
    %lt = tile.move %mt into(%lb : !tile.buffer<left, 512>) : !tile.tile<16x16xf16, mat> -> !tile.tile<16x16xf16, left>
    %pre = tile.load %A[%c0, %c0] into(%in_buf slot 1 : !tile.buffer<vec, 16384, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
    %zero = tile.full 0.0 into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    %first = tile.add %zero, %pre into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
    %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %first) -> (!tile.tile<64x64xf32, vec>) {
      %row = arith.muli %i, %c64 : index
      %slot = arith.remui %i, %c2 : index
      %block = tile.load %A[%row, %c0] into(%in_buf slot %slot : !tile.buffer<vec, 16384, slots = 2>) : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
      %next = tile.add %acc, %block into(%acc_buf : !tile.buffer<vec, 16384>) : !tile.tile<64x64xf32, vec>
      scf.yield %next : !tile.tile<64x64xf32, vec>
    }
    %B1 = tile.store %sum, %B[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
    return %B1 : !tile.tensor<64x64xf32>
  }
}

// -----

// Tests that at level3 every view is the alloc_tile at its own address with
// its own type (a handle is its address): an assemble copies its source into
// the block's alloc_tile (byte 12288 = row 48 of the target), and a reshape
// is an alloc_tile at the target's address with the reshaped type. The
// block shares bytes with the target from another address, which ptoas's
// InsertSync does not relate, so the copy into the block waits behind a
// pto.barrier <PIPE_ALL> for the load of the target, and the store of the
// reshaped target for the copy (@unrelated_handles).
// CHECK-LABEL: func.func @assemble(
// CHECK: %[[A0:.*]] = arith.constant 0 : i64
// CHECK: %[[T:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// CHECK: %[[OTHER:.*]] = pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
// CHECK: %[[A12288:.*]] = arith.constant 12288 : i64
// CHECK-NEXT: %[[BLOCK:.*]] = pto.alloc_tile addr = %[[A12288]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
// CHECK-NEXT: %[[FLAT:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=32,
// CHECK: pto.partition_view
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[T]] : {{.*}})
// CHECK-NEXT: pto.texpands ins(%{{.*}}) outs(%[[OTHER]] : {{.*}})
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.tmov ins(%[[OTHER]] : {{.*}}) outs(%[[BLOCK]] : {{.*}})
// CHECK-NEXT: %{{.*}} = pto.partition_view
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.tstore ins(%[[FLAT]] : {{.*}})
func.func @assemble(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<128x32xf32>) -> !tile.tensor<128x32xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 16384>
  %o = tile.alloc addr = 16384 : !tile.buffer<vec, 4096>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %other = tile.full 2.0 into(%o : !tile.buffer<vec, 4096>) : !tile.tile<16x64xf32, vec>
  %t1 = tile.assemble %t, %other[48, 0] : !tile.tile<64x64xf32, vec>, !tile.tile<16x64xf32, vec>
  %flat = tile.reshape %t1 : !tile.tile<64x64xf32, vec> -> !tile.tile<128x32xf32, vec>
  %B1 = tile.store %flat, %B[%c0, %c0] : !tile.tile<128x32xf32, vec>, !tile.tensor<128x32xf32>
  return %B1 : !tile.tensor<128x32xf32>
}

// -----

// Tests that at level3 the arms of an scf.if may write one window through
// different handles (a view and a producer's handle): a handle is its
// address, so the result is the window's handle.
// CHECK-LABEL: func.func @arms(
// CHECK: %[[T:.*]] = pto.alloc_tile addr = %[[A:.*]] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=64,
// CHECK: %[[W:.*]] = pto.alloc_tile addr = %[[A]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
// CHECK: scf.if %{{.*}} {
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.texpands ins(%{{.*}} : f32) outs(%[[W]] : {{.*}})
// CHECK-NEXT: }
// CHECK: pto.tstore ins(%[[W]] : {{.*}})
func.func @arms(%A: !tile.tensor<64x64xf32>, %B: !tile.tensor<16x64xf32>, %c: i1) -> !tile.tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 16384>
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

// Tests that at level3 a transposed view is a second alloc_tile at the
// viewed tile's address, with the transposed shape and the other base
// layout (row_major 8x16 and col_major 16x8 cover the same bytes); a
// tile.write into it takes the column-major offset (2 * 16 + 1).
// CHECK-LABEL: func.func @transpose_view(
// CHECK: %[[A1024:.*]] = arith.constant 1024 : i64
// CHECK: %[[T:.*]] = pto.alloc_tile addr = %[[A1024]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[V:.*]] = pto.alloc_tile addr = %[[A1024]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.tload ins(%{{.*}} : !pto.partition_tensor_view<8x16xf32>) outs(%[[T]] :
// CHECK: %[[COL:.*]] = arith.muli %c2, %c16 : index
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[COL]], %c1 : index
// CHECK-NEXT: pto.tsetval ins(%[[OFF]], %{{.*}} : index, f32) outs(%[[V]] : {{.*}})
// CHECK: pto.tstore ins(%[[T]] :
// CHECK-NOT: pto.treshape
func.func @transpose_view(%A: !tile.tensor<8x16xf32>, %B: !tile.tensor<8x16xf32>, %x: f32) -> !tile.tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = tile.alloc addr = 1024 : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 512>) : !tile.tensor<8x16xf32> -> !tile.tile<8x16xf32, vec>
  %v = tile.transpose_view %t : !tile.tile<8x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %w = tile.write %v[%c1, %c2], %x : !tile.tile<16x8xf32, vec>, f32
  %back = tile.transpose_view %w : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
  %B1 = tile.store %back, %B[%c0, %c0] : !tile.tile<8x16xf32, vec>, !tile.tensor<8x16xf32>
  return %B1 : !tile.tensor<8x16xf32>
}

// -----

// Tests that the handle of a transposed view of a square tile is not the
// tile's own (the handle map is keyed by the PTO type, which carries the
// layout): the 8x8 view is a col_major alloc_tile at the same address, so
// x + transpose_view(x) would read two different tiles (it was emitted as
// tadd(%2, %2) when the map was keyed by the tile type).
// CHECK-LABEL: func.func @square_transpose_view(
// CHECK: %[[A0:.*]] = arith.constant 0 : i64
// CHECK: %[[X:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=row_major,
// CHECK: %[[V:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, v_row=8, v_col=8, blayout=col_major,
// CHECK: pto.tsetval ins(%{{.*}}, %{{.*}} : index, f32) outs(%[[V]] : {{.*}})
// CHECK: pto.tstore ins(%[[X]] :
func.func @square_transpose_view(%A: !tile.tensor<8x8xf32>, %x: f32, %i: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %v = tile.transpose_view %t : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %w = tile.write %v[%c0, %i], %x : !tile.tile<8x8xf32, vec>, f32
  %back = tile.transpose_view %w : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %A1 = tile.store %back, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}

// -----

// Tests that at level3 a column block (a strided view) is the alloc_tile at
// its first element's address (byte 32 of the tile: column 8), as wide as
// its row stride, with v_col the block's width: a tile_buf's row stride is
// its column count (ptoas translates a pto.subset narrower than its source
// as a compact tile, which loses the stride).
// CHECK-LABEL: func.func @column_block(
// CHECK: %[[A32:.*]] = arith.constant 32 : i64
// CHECK-NEXT: %[[COLS:.*]] = pto.alloc_tile addr = %[[A32]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=8, blayout=row_major,
// CHECK: pto.texp ins(%[[COLS]] : {{.*}}) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8,
func.func @column_block(%A: !tile.tensor<16x16xf32>, %B: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
  %o = tile.alloc addr = 1024 : !tile.buffer<vec, 512>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %e = tile.exp %s into(%o : !tile.buffer<vec, 512>) : !tile.tile<16x8xf32, vec>
  %B1 = tile.store %e, %B[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %B1 : !tile.tensor<16x8xf32>
}

// -----

// Tests that at level3 the scratch tile of pto.ttrans / pto.trowsum is an
// alloc_tile (the source's type) at the address the planner recorded in
// `tile.scratch_addr`.
// CHECK-LABEL: func.func @scratch(
// CHECK: %[[A0:.*]] = arith.constant 0 : i64
// CHECK: %[[T:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: %[[R:.*]] = pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: %[[A768:.*]] = arith.constant 768 : i64
// CHECK: %[[TMP1:.*]] = pto.alloc_tile addr = %[[A768]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: %[[S:.*]] = pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1
// CHECK: %[[TMP2:.*]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: pto.ttrans ins(%[[T]], %[[TMP1]] : {{.*}}) outs(%[[R]] :
// CHECK: pto.trowsum ins(%[[R]], %[[TMP2]] : {{.*}}) outs(%[[S]] :
func.func @scratch(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x1xf32>) -> !tile.tensor<8x1xf32> {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %o = tile.alloc addr = 256 : !tile.buffer<vec, 256>
  %s = tile.alloc addr = 512 : !tile.buffer<vec, 32>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %r = tile.transpose %t into(%o : !tile.buffer<vec, 256>) {tile.scratch_addr = 768 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x8xf32, vec>
  %sum = tile.row_sum %r into(%s : !tile.buffer<vec, 32>) {tile.scratch_addr = 0 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
  %B1 = tile.store %sum, %B[%c0, %c0] : !tile.tile<8x1xf32, vec>, !tile.tensor<8x1xf32>
  return %B1 : !tile.tensor<8x1xf32>
}

// -----

// Tests a logical tile selection at level3: the window at the dynamic slot
// is one alloc_tile at base + slot * size, and tile.if_exit_barrier is a
// PIPE_ALL pipeline barrier.
// CHECK-LABEL: func.func @selection(
// CHECK: %[[S:.*]] = arith.select
// CHECK-NEXT: %[[S64:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[S64]], %{{.*}} : i64
// CHECK-NEXT: %[[ADDR:.*]] = arith.addi %[[OFF]], %{{.*}} : i64
// CHECK-NEXT: %[[R:.*]] = pto.alloc_tile addr = %[[ADDR]]
// CHECK-NOT: scf.if
// CHECK: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK: pto.tstore ins(%[[R]] :
func.func @selection(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x8xf32>, %c: i1) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %pool = tile.alloc addr = 256 : !tile.buffer<vec, 256, slots = 2>
  %in = tile.alloc addr = 0 : !tile.buffer<vec, 256>
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

// Tests the reductions at level3: pto.trowmax / pto.trowmin with a scratch
// tile at their `tile.scratch_addr`, a column (8x1) result, and pto.tcolsum /
// pto.tcolmax from the row-major source into a row-major 1x8 row.
// CHECK-LABEL: func.func @reductions(
// CHECK: %[[T:.*]] = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8, {{.*}}blayout=row_major
// CHECK: %[[M:.*]] = pto.alloc_tile addr = %c256_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, {{.*}}blayout=col_major
// CHECK: %[[TMP:.*]] = pto.alloc_tile addr = %c512_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8
// CHECK: %[[C:.*]] = pto.alloc_tile addr = %c320_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, {{.*}}blayout=row_major
// CHECK: pto.trowmax ins(%[[T]], %[[TMP]] : {{.*}}) outs(%[[M]] :
// CHECK: pto.trowmin ins(%[[T]], %{{.*}} : {{.*}}) outs(%{{.*}} :
// CHECK: pto.tcolsum ins(%[[T]] : {{.*}}) outs(%[[C]] :
// CHECK: pto.tcolmax ins(%[[T]] : {{.*}}) outs(%{{.*}} :
func.func @reductions(%A: !tile.tensor<8x8xf32>, %B: !tile.tensor<8x1xf32>, %C: !tile.tensor<1x8xf32>) -> (!tile.tensor<8x1xf32>, !tile.tensor<1x8xf32>) {
  %c0 = arith.constant 0 : index
  %b = tile.alloc addr = 0 : !tile.buffer<vec, 256>
  %m = tile.alloc addr = 256 : !tile.buffer<vec, 32>
  %n = tile.alloc addr = 288 : !tile.buffer<vec, 32>
  %s = tile.alloc addr = 320 : !tile.buffer<vec, 32>
  %x = tile.alloc addr = 352 : !tile.buffer<vec, 32>
  %t = tile.load %A[%c0, %c0] into(%b : !tile.buffer<vec, 256>) : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %mx = tile.row_max %t into(%m : !tile.buffer<vec, 32>) {tile.scratch_addr = 512 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
  %mn = tile.row_min %t into(%n : !tile.buffer<vec, 32>) {tile.scratch_addr = 512 : i64} : !tile.tile<8x8xf32, vec> -> !tile.tile<8x1xf32, vec>
  %d = tile.add %mx, %mn into(%m : !tile.buffer<vec, 32>) : !tile.tile<8x1xf32, vec>
  %B1 = tile.store %d, %B[%c0, %c0] : !tile.tile<8x1xf32, vec>, !tile.tensor<8x1xf32>
  %cs = tile.col_sum %t into(%s : !tile.buffer<vec, 32>) : !tile.tile<8x8xf32, vec> -> !tile.tile<1x8xf32, vec>
  %cm = tile.col_max %t into(%x : !tile.buffer<vec, 32>) : !tile.tile<8x8xf32, vec> -> !tile.tile<1x8xf32, vec>
  %e = tile.add %cs, %cm into(%s : !tile.buffer<vec, 32>) : !tile.tile<1x8xf32, vec>
  %C1 = tile.store %e, %C[%c0, %c0] : !tile.tile<1x8xf32, vec>, !tile.tensor<1x8xf32>
  return %B1, %C1 : !tile.tensor<8x1xf32>, !tile.tensor<1x8xf32>
}

// -----

// Tests tile.cvt at level3: pto.tcvt between the alloc_tiles at the two
// addresses, of two element types, the rounding mode as ptoas spells it.
// CHECK-LABEL: func.func @cvt(
// CHECK: %[[X:.*]] = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16,
// CHECK: %[[I:.*]] = pto.alloc_tile addr = %c1024_i64 : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16,
// CHECK: %[[H:.*]] = pto.alloc_tile addr = %c2048_i64 : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16,
// CHECK: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode TRUNC>} : {{.*}}) outs(%[[I]] : {{.*}})
// CHECK: pto.tcvt ins(%[[I]] : {{.*}}) outs(%[[X]] : {{.*}})
// CHECK: pto.tcvt ins(%[[X]] : {{.*}}) outs(%[[H]] : {{.*}})
func.func @cvt(%A: !tile.tensor<16x16xf32>, %H: !tile.tensor<16x16xf16>) -> (!tile.tensor<16x16xf32>, !tile.tensor<16x16xf16>) {
  %c0 = arith.constant 0 : index
  %scale = arith.constant 10.0 : f32
  %p = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
  %q = tile.alloc addr = 1024 : !tile.buffer<vec, 1024>
  %r = tile.alloc addr = 2048 : !tile.buffer<vec, 512>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.muls %x, %scale into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>, f32
  %i = tile.cvt %y rmode trunc into(%q : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xi32, vec>
  %z = tile.cvt %i into(%p : !tile.buffer<vec, 1024>) : !tile.tile<16x16xi32, vec> -> !tile.tile<16x16xf32, vec>
  %A1 = tile.store %z, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %h = tile.cvt %z into(%r : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf16, vec>
  %H1 = tile.store %h, %H[%c0, %c0] : !tile.tile<16x16xf16, vec>, !tile.tensor<16x16xf16>
  return %A1, %H1 : !tile.tensor<16x16xf32>, !tile.tensor<16x16xf16>
}

// -----

// Tests tile.cmps and tile.sel at level3: the mask's handle is the ui8
// alloc_tile at its address with 2 valid columns, and pto.tsel's scratch the
// alloc_tile at its `tile.scratch_addr` (past %q, which tile.sel reads: at
// 2048 the scratch overlapped it, which emission now rejects).
// CHECK-LABEL: func.func @select(
// CHECK-DAG: %[[X:.*]] = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16,
// CHECK-DAG: %[[M:.*]] = pto.alloc_tile addr = %c1024_i64 : !pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2,
// CHECK-DAG: %[[T:.*]] = pto.alloc_tile addr = %c2560_i64 : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=32,
// CHECK: pto.tcmps ins(%[[X]], %{{.*}} {cmpMode = #pto<cmp eq>} : {{.*}}, i32) outs(%[[M]] :
// CHECK: pto.tsel ins(%[[M]], %[[X]], %{{.*}}, %[[T]] : {{.*}}) outs(%[[X]] :
func.func @select(%A: !tile.tensor<16x16xi32>, %n: i32) -> !tile.tensor<16x16xi32> {
  %c0 = arith.constant 0 : index
  %p = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
  %r = tile.alloc addr = 1024 : !tile.buffer<vec, 512>
  %q = tile.alloc addr = 1536 : !tile.buffer<vec, 1024>
  %x = tile.load %A[%c0, %c0] into(%p : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xi32> -> !tile.tile<16x16xi32, vec>
  %z = tile.full 7.0 into(%q : !tile.buffer<vec, 1024>) : !tile.tile<16x16xi32, vec>
  %m = tile.cmps eq %x, %n into(%r : !tile.buffer<vec, 512>) : !tile.tile<16x16xi32, vec>, i32 -> !tile.tile<16x32xi8, vec>
  %s = tile.sel %m, %x, %z into(%p : !tile.buffer<vec, 1024>) {tile.scratch_addr = 2560 : i64} : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xi32, vec>
  %A1 = tile.store %s, %A[%c0, %c0] : !tile.tile<16x16xi32, vec>, !tile.tensor<16x16xi32>
  return %A1 : !tile.tensor<16x16xi32>
}

// -----

// Tests that level3 puts a pto.barrier <PIPE_ALL> between an access to a
// tile_buf and a later one to a tile_buf sharing its bytes from a different
// address (ptoas's InsertSync relates tile_bufs through one address value
// only, so a load into [0, 4096) and an exp reading [2048, 4096) got no wait
// between them), and none elsewhere: not before the load (nothing before
// it), nor before the store of %e (a buffer of its own).
// CHECK-LABEL: func.func @unrelated_handles(
// CHECK-DAG: %[[X:.*]] = pto.alloc_tile addr = %[[A0:[^ ]*]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64,
// CHECK-DAG: %[[S:.*]] = pto.alloc_tile addr = %{{.*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64,
// CHECK: pto.partition_view
// CHECK-NEXT: pto.tload ins(%{{.*}}) outs(%[[X]] :
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.texp ins(%[[S]] : {{.*}}) outs(%[[E:.*]] :
// CHECK-NEXT: pto.partition_view
// CHECK-NEXT: pto.tstore ins(%[[E]] :
func.func @unrelated_handles(%X: !tile.tensor<16x64xf32>, %O: !tile.tensor<8x64xf32>) -> !tile.tensor<8x64xf32> {
  %c0 = arith.constant 0 : index
  %bx = tile.alloc addr = 0 : !tile.buffer<vec, 4096>
  %be = tile.alloc addr = 4096 : !tile.buffer<vec, 2048>
  %x = tile.load %X[%c0, %c0] into(%bx : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %s = tile.slice %x[8, 0] : !tile.tile<16x64xf32, vec> -> !tile.tile<8x64xf32, vec>
  %e = tile.exp %s into(%be : !tile.buffer<vec, 2048>) : !tile.tile<8x64xf32, vec>
  %o = tile.store %e, %O[%c0, %c0] : !tile.tile<8x64xf32, vec>, !tile.tensor<8x64xf32>
  return %o : !tile.tensor<8x64xf32>
}

// -----

// Tests that a dynamic slot's tile_buf and a tile_buf of slot 0 of the same
// buffer, whose ranges start at one address, are related by a barrier: the
// dynamic one's address is computed, so ptoas's InsertSync relates it to
// neither slot. The load in the loop waits for the accesses before the loop
// and for the previous iteration's store (its own tile_buf, but another
// iteration may take the other slot); the store waits for nothing, the
// load before it being to the same tile_buf.
// CHECK-LABEL: func.func @dynamic_slot_at_a_fixed_start(
// CHECK-NOT: pto.barrier
// CHECK: pto.tload ins({{.*}}) outs(%[[FIXED:[0-9]+]] :
// CHECK-NOT: pto.barrier
// CHECK: pto.tstore ins(%[[FIXED]] :
// CHECK: scf.for
// CHECK: %[[DYN:[0-9]+]] = pto.alloc_tile addr = %{{[0-9]+}}
// CHECK: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.tload ins({{.*}}) outs(%[[DYN]] :
// CHECK-NOT: pto.barrier
// CHECK: pto.tstore ins(%[[DYN]] :
func.func @dynamic_slot_at_a_fixed_start(%A: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>, %n: index) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %buf = tile.alloc addr = 0 : !tile.buffer<vec, 4096, slots = 2>
  %first = tile.load %A[%c0, %c0] into(%buf : !tile.buffer<vec, 4096, slots = 2>) : !tile.tensor<64x64xf32> -> !tile.tile<16x64xf32, vec>
  %O1 = tile.store %first, %O[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%T = %O1) -> (!tile.tensor<64x64xf32>) {
    %slot = arith.remui %i, %c2 : index
    %x = tile.load %A[%c0, %c0] into(%buf slot %slot : !tile.buffer<vec, 4096, slots = 2>) : !tile.tensor<64x64xf32> -> !tile.tile<16x64xf32, vec>
    %T1 = tile.store %x, %T[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<64x64xf32>
    scf.yield %T1 : !tile.tensor<64x64xf32>
  }
  return %r : !tile.tensor<64x64xf32>
}

// -----

// Tests that the barrier a branch needs is placed on the path that needs it,
// and that the join of the branches keeps what either arm accessed: the exp
// of the slice %s in the then arm waits for the load of %x, and the exp
// writing %x in place after the if waits for that exp (which the else arm
// did not run).
// CHECK-LABEL: func.func @unrelated_handles_in_branches(
// CHECK: pto.tload
// CHECK-NOT: pto.barrier
// CHECK: scf.if
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.texp
// CHECK-NEXT: } else {
// CHECK-NEXT: pto.texpands
// CHECK-NEXT: }
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.texp
// CHECK-NOT: pto.barrier
// CHECK: pto.tstore
func.func @unrelated_handles_in_branches(%X: !tile.tensor<16x64xf32>, %O: !tile.tensor<16x64xf32>, %c: i1) -> !tile.tensor<16x64xf32> {
  %c0 = arith.constant 0 : index
  %bx = tile.alloc addr = 0 : !tile.buffer<vec, 4096>
  %be = tile.alloc addr = 4096 : !tile.buffer<vec, 2048>
  %x = tile.load %X[%c0, %c0] into(%bx : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %e = scf.if %c -> (!tile.tile<8x64xf32, vec>) {
    %s = tile.slice %x[8, 0] : !tile.tile<16x64xf32, vec> -> !tile.tile<8x64xf32, vec>
    %t = tile.exp %s into(%be : !tile.buffer<vec, 2048>) : !tile.tile<8x64xf32, vec>
    scf.yield %t : !tile.tile<8x64xf32, vec>
  } else {
    %f = tile.full 1.0 into(%be : !tile.buffer<vec, 2048>) : !tile.tile<8x64xf32, vec>
    scf.yield %f : !tile.tile<8x64xf32, vec>
  }
  %x2 = tile.exp %x into(%bx : !tile.buffer<vec, 4096>) : !tile.tile<16x64xf32, vec>
  %o = tile.store %x2, %O[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<16x64xf32>
  return %o : !tile.tensor<16x64xf32>
}

// -----

// Tests that a tile_buf overlapping more tile_bufs of other roots than the
// walk keeps partners for (16; here 17 one-row slices of %x) is saturated:
// every access to it waits behind a barrier (the load, though nothing came
// before it, and the store) and counts as an access to every tile_buf (the
// first slice's exp waits), while the slices, each overlapping only %x,
// wait for nothing after that.
// CHECK-LABEL: func.func @saturated(
// CHECK: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.tload
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.texp
// CHECK-NOT: pto.barrier
// CHECK-COUNT-16: pto.texp
// CHECK-NOT: pto.barrier
// CHECK: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.tstore
// CHECK-NOT: pto.barrier
// CHECK: return
func.func @saturated(%X: !tile.tensor<64x64xf32>, %O: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %bx = tile.alloc addr = 0 : !tile.buffer<vec, 16384>
  %be = tile.alloc addr = 16384 : !tile.buffer<vec, 4352>
  %x = tile.load %X[%c0, %c0] into(%bx : !tile.buffer<vec, 16384>) : !tile.tensor<64x64xf32> -> !tile.tile<64x64xf32, vec>
  %s1 = tile.slice %x[1, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e1 = tile.exp %s1 into(%be[0, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s2 = tile.slice %x[2, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e2 = tile.exp %s2 into(%be[256, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s3 = tile.slice %x[3, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e3 = tile.exp %s3 into(%be[512, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s4 = tile.slice %x[4, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e4 = tile.exp %s4 into(%be[768, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s5 = tile.slice %x[5, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e5 = tile.exp %s5 into(%be[1024, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s6 = tile.slice %x[6, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e6 = tile.exp %s6 into(%be[1280, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s7 = tile.slice %x[7, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e7 = tile.exp %s7 into(%be[1536, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s8 = tile.slice %x[8, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e8 = tile.exp %s8 into(%be[1792, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s9 = tile.slice %x[9, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e9 = tile.exp %s9 into(%be[2048, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s10 = tile.slice %x[10, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e10 = tile.exp %s10 into(%be[2304, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s11 = tile.slice %x[11, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e11 = tile.exp %s11 into(%be[2560, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s12 = tile.slice %x[12, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e12 = tile.exp %s12 into(%be[2816, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s13 = tile.slice %x[13, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e13 = tile.exp %s13 into(%be[3072, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s14 = tile.slice %x[14, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e14 = tile.exp %s14 into(%be[3328, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s15 = tile.slice %x[15, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e15 = tile.exp %s15 into(%be[3584, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s16 = tile.slice %x[16, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e16 = tile.exp %s16 into(%be[3840, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %s17 = tile.slice %x[17, 0] : !tile.tile<64x64xf32, vec> -> !tile.tile<1x64xf32, vec>
  %e17 = tile.exp %s17 into(%be[4096, 256] : !tile.buffer<vec, 4352>) : !tile.tile<1x64xf32, vec>
  %o = tile.store %x, %O[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %o : !tile.tensor<64x64xf32>
}

// -----

// Tests that a loop whose body accesses no tile_buf sharing bytes with one
// of another root brings back no earlier iterations: the add reading the
// slice %s after the loop waits for nothing, the exp having waited for the
// load of %x already.
// CHECK-LABEL: func.func @loop_without_conflicts(
// CHECK: pto.tload
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.texp
// CHECK-NEXT: scf.for
// CHECK-NEXT: pto.tadds
// CHECK-NEXT: }
// CHECK-NEXT: pto.tadd
func.func @loop_without_conflicts(%X: !tile.tensor<16x64xf32>, %O: !tile.tensor<8x64xf32>, %n: index) -> !tile.tensor<8x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %bx = tile.alloc addr = 0 : !tile.buffer<vec, 4096>
  %be = tile.alloc addr = 4096 : !tile.buffer<vec, 2048>
  %x = tile.load %X[%c0, %c0] into(%bx : !tile.buffer<vec, 4096>) : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %s = tile.slice %x[8, 0] : !tile.tile<16x64xf32, vec> -> !tile.tile<8x64xf32, vec>
  %e = tile.exp %s into(%be : !tile.buffer<vec, 2048>) : !tile.tile<8x64xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> (!tile.tile<8x64xf32, vec>) {
    %t2 = tile.adds %t, %one into(%be : !tile.buffer<vec, 2048>) : !tile.tile<8x64xf32, vec>, f32
    scf.yield %t2 : !tile.tile<8x64xf32, vec>
  }
  %f = tile.add %s, %r into(%be : !tile.buffer<vec, 2048>) : !tile.tile<8x64xf32, vec>
  %o = tile.store %f, %O[%c0, %c0] : !tile.tile<8x64xf32, vec>, !tile.tensor<8x64xf32>
  return %o : !tile.tensor<8x64xf32>
}

// -----

// Tests that two allocations at one address stay two tiles in the
// simulation of ptoas's CFG lowering, as they do in ptoas (its
// pto.pointer_cast has a MemAlloc result, so its CSE never merges two): the
// arms, equal but for that tile, are kept apart by a barrier. (Merged as one
// tile, a barrier-free simulation let ptoas merge such blocks of fuzz seed
// 20197576, branch-heavy with dsa-rp, with Left and Right tiles as block
// arguments its C++ casts to pointers.)
// CHECK-LABEL: func.func @block_merge_same_address(
// CHECK: %[[A:.*]] = pto.alloc_tile addr = %[[Z:.*]] :
// CHECK: %[[B:.*]] = pto.alloc_tile addr = %[[Z]] :
// CHECK: scf.if
// CHECK: pto.tload {{.*}} outs(%[[A]] :
// CHECK-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// CHECK-NEXT: pto.texp ins(%[[A]] :
// CHECK: } else {
// CHECK: pto.tload {{.*}} outs(%[[B]] :
// CHECK-NEXT: pto.texp ins(%[[B]] :
func.func @block_merge_same_address(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b1 = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
  %b2 = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
  %o = tile.alloc addr = 1024 : !tile.buffer<vec, 1024>
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
    %x = tile.load %X[%c0, %c0] into(%b1 : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
    %e = tile.exp %x into(%o : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  } else {
    %x = tile.load %X[%c0, %c0] into(%b2 : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
    %e = tile.exp %x into(%o : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
