// RUN: tile-opt %s --tile-materialize-column-blocks --split-input-file | FileCheck %s

// Tests that an add of a column block reads a copy made right after the
// slice, and that the copy serves both of its operands.
// CHECK-LABEL: func.func @add_of_a_column_block
// CHECK: %[[V:.*]] = tile.slice %{{.*}}[0, 8] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
// CHECK-NEXT: %[[C:.*]] = tile.move %[[V]] : !tile.tile<16x8xf32, vec> -> !tile.tile<16x8xf32, vec>
// CHECK-NEXT: %{{.*}} = tile.add %[[C]], %[[C]] : !tile.tile<16x8xf32, vec>
// CHECK-NOT: tile.move
func.func @add_of_a_column_block(%x: !tile.tile<16x32xf32, vec>) -> !tile.tile<16x8xf32, vec> {
  %v = tile.slice %x[0, 8] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
  %r = tile.add %v, %v : !tile.tile<16x8xf32, vec>
  return %r : !tile.tile<16x8xf32, vec>
}

// -----

// Tests that ops whose instructions read a column block through its row
// stride (tile.sub, tile.exp) keep reading the slice, and that the
// source of tile.cvt, tile.col_sum and tile.col_expand_sub reads a copy
// while the vector operand of the last one does not.
// CHECK-LABEL: func.func @only_the_ops_that_need_it
// CHECK: %[[V:.*]] = tile.slice %{{.*}}[0, 16] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x16xf32, vec>
// CHECK-NEXT: %[[C:.*]] = tile.move %[[V]]
// CHECK: tile.sub %[[V]], %[[V]]
// CHECK: tile.exp %[[V]]
// CHECK: tile.cvt %[[C]]
// CHECK: tile.col_sum %[[C]]
// CHECK: tile.col_expand_sub %[[C]], %{{.*}} :
func.func @only_the_ops_that_need_it(%x: !tile.tile<16x32xf32, vec>, %row: !tile.tile<1x16xf32, vec>)
    -> (!tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf16, vec>,
        !tile.tile<1x16xf32, vec>, !tile.tile<16x16xf32, vec>) {
  %v = tile.slice %x[0, 16] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x16xf32, vec>
  %a = tile.sub %v, %v : !tile.tile<16x16xf32, vec>
  %b = tile.exp %v : !tile.tile<16x16xf32, vec>
  %c = tile.cvt %v : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf16, vec>
  %d = tile.col_sum %v : !tile.tile<16x16xf32, vec> -> !tile.tile<1x16xf32, vec>
  %e = tile.col_expand_sub %v, %row : !tile.tile<16x16xf32, vec>, !tile.tile<1x16xf32, vec>
  return %a, %b, %c, %d, %e : !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf32, vec>, !tile.tile<16x16xf16, vec>, !tile.tile<1x16xf32, vec>, !tile.tile<16x16xf32, vec>
}

// -----

// Tests that row slices (as wide as their base), a slice of a slice that
// keeps every column, one column, and a column block reaching the op as a
// loop carry are left alone, and that a slice of a slice narrower than
// the base is a column block.
// CHECK-LABEL: func.func @what_is_not_a_column_block
// CHECK-NOT: tile.move
// CHECK: %[[N:.*]] = tile.slice %{{.*}}[0, 8] : !tile.tile<8x32xf32, vec> -> !tile.tile<8x16xf32, vec>
// CHECK-NEXT: %[[C:.*]] = tile.move %[[N]]
// CHECK-NEXT: tile.abs %[[C]]
// CHECK-NOT: tile.move
func.func @what_is_not_a_column_block(%x: !tile.tile<16x32xf32, vec>, %n: index)
    -> (!tile.tile<8x32xf32, vec>, !tile.tile<8x32xf32, vec>, !tile.tile<16x1xf32, vec>,
        !tile.tile<8x16xf32, vec>, !tile.tile<16x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tile.slice %x[8, 0] : !tile.tile<16x32xf32, vec> -> !tile.tile<8x32xf32, vec>
  %a = tile.abs %rows : !tile.tile<8x32xf32, vec>
  %same = tile.slice %rows[0, 0] : !tile.tile<8x32xf32, vec> -> !tile.tile<8x32xf32, vec>
  %b = tile.add %same, %same : !tile.tile<8x32xf32, vec>
  %column = tile.slice %x[0, 3] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x1xf32, vec>
  %c = tile.abs %column : !tile.tile<16x1xf32, vec>
  %narrow = tile.slice %rows[0, 8] : !tile.tile<8x32xf32, vec> -> !tile.tile<8x16xf32, vec>
  %d = tile.abs %narrow : !tile.tile<8x16xf32, vec>
  %block = tile.slice %x[0, 8] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
  %e = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %block) -> (!tile.tile<16x8xf32, vec>) {
    %next = tile.add %acc, %acc : !tile.tile<16x8xf32, vec>
    scf.yield %next : !tile.tile<16x8xf32, vec>
  }
  return %a, %b, %c, %d, %e : !tile.tile<8x32xf32, vec>, !tile.tile<8x32xf32, vec>, !tile.tile<16x1xf32, vec>, !tile.tile<8x16xf32, vec>, !tile.tile<16x8xf32, vec>
}
