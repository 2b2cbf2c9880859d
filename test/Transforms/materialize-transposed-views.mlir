// RUN: tile-opt %s --tile-materialize-transposed-views --split-input-file | FileCheck %s

// Tests that a transposed view an op reads becomes a tile.transpose of its
// base (x + transpose_view(x): ptoas's pto.tadd wants row-major tiles).
// CHECK-LABEL: func.func @square_add
// CHECK-SAME: (%[[X:.*]]: !tile.tile<16x16xf32, vec>)
// CHECK-NEXT: %[[T:.*]] = tile.transpose %[[X]] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT: %[[R:.*]] = tile.add %[[X]], %[[T]] : !tile.tile<16x16xf32, vec>
// CHECK-NEXT: return %[[R]]
func.func @square_add(%x: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec> {
  %v = tile.transpose_view %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %r = tile.add %x, %v : !tile.tile<16x16xf32, vec>
  return %r : !tile.tile<16x16xf32, vec>
}

// -----

// Tests that a transposed view of a column slice (strided, no tile_buf) is
// a row slice of the base's transpose: columns 8-15 of x are rows 8-15 of
// transpose(x), and the slice of the view after it composes (rows 0-7 of
// the view are rows 8-15 there too).
// CHECK-LABEL: func.func @column_slice
// CHECK-SAME: (%[[X:.*]]: !tile.tile<16x16xf32, vec>)
// CHECK-NEXT: %[[T:.*]] = tile.transpose %[[X]] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT: %[[S:.*]] = tile.slice %[[T]][8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
// CHECK-NEXT: %[[E:.*]] = tile.exp %[[S]] : !tile.tile<8x16xf32, vec>
// CHECK-NEXT: return %[[E]]
func.func @column_slice(%x: !tile.tile<16x16xf32, vec>) -> !tile.tile<8x16xf32, vec> {
  %cols = tile.slice %x[0, 8] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %rows = tile.transpose_view %cols : !tile.tile<16x8xf32, vec> -> !tile.tile<8x16xf32, vec>
  %h = tile.slice %rows[0, 0] : !tile.tile<8x16xf32, vec> -> !tile.tile<8x16xf32, vec>
  %e = tile.exp %h : !tile.tile<8x16xf32, vec>
  return %e : !tile.tile<8x16xf32, vec>
}

// -----

// Tests that transposes that cancel leave the base (or a slice of it), and
// that an odd chain stored and yielded is materialized at both uses.
// CHECK-LABEL: func.func @chains
// CHECK-SAME: (%[[X:.*]]: !tile.tile<16x16xf32, vec>, %[[A:.*]]: !tile.tensor<16x16xf32>)
// CHECK-NEXT: arith.constant
// CHECK-NEXT: %[[T:.*]] = tile.transpose %[[X]]
// CHECK-NEXT: %[[A1:.*]] = tile.store %[[T]], %[[A]][%{{.*}}, %{{.*}}]
// CHECK-NEXT: %[[E:.*]] = tile.exp %[[X]]
// CHECK-NEXT: return %[[A1]], %[[E]], %[[T]]
func.func @chains(%x: !tile.tile<16x16xf32, vec>, %A: !tile.tensor<16x16xf32>) -> (!tile.tensor<16x16xf32>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  %v1 = tile.transpose_view %x : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %v2 = tile.transpose_view %v1 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %v3 = tile.transpose_view %v2 : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %A1 = tile.store %v3, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  %e = tile.exp %v2 : !tile.tile<16x16xf32, vec>
  return %A1, %e, %v3 : !tile.tensor<16x16xf32>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>
}

// -----

// Tests that views of vectors and views only other views read are left
// alone: a transposed 16x1 column is the 1x16 row over the same bytes.
// CHECK-LABEL: func.func @left_alone
// CHECK-NEXT: tile.transpose_view
// CHECK-NEXT: tile.exp
// CHECK-NOT: tile.transpose {{.*}}->
func.func @left_alone(%c: !tile.tile<16x1xf32, vec>) -> !tile.tile<1x16xf32, vec> {
  %v = tile.transpose_view %c : !tile.tile<16x1xf32, vec> -> !tile.tile<1x16xf32, vec>
  %e = tile.exp %v : !tile.tile<1x16xf32, vec>
  return %e : !tile.tile<1x16xf32, vec>
}
