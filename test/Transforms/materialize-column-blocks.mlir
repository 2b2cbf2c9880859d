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
// keeps every column and one column are left alone, and that a slice of a
// slice narrower than the base is a column block.
// CHECK-LABEL: func.func @what_is_not_a_column_block
// CHECK-NOT: tile.move
// CHECK: %[[N:.*]] = tile.slice %{{.*}}[0, 8] : !tile.tile<8x32xf32, vec> -> !tile.tile<8x16xf32, vec>
// CHECK-NEXT: %[[C:.*]] = tile.move %[[N]]
// CHECK-NEXT: tile.abs %[[C]]
// CHECK-NOT: tile.move
func.func @what_is_not_a_column_block(%x: !tile.tile<16x32xf32, vec>)
    -> (!tile.tile<8x32xf32, vec>, !tile.tile<8x32xf32, vec>, !tile.tile<16x1xf32, vec>,
        !tile.tile<8x16xf32, vec>) {
  %rows = tile.slice %x[8, 0] : !tile.tile<16x32xf32, vec> -> !tile.tile<8x32xf32, vec>
  %a = tile.abs %rows : !tile.tile<8x32xf32, vec>
  %same = tile.slice %rows[0, 0] : !tile.tile<8x32xf32, vec> -> !tile.tile<8x32xf32, vec>
  %b = tile.add %same, %same : !tile.tile<8x32xf32, vec>
  %column = tile.slice %x[0, 3] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x1xf32, vec>
  %c = tile.abs %column : !tile.tile<16x1xf32, vec>
  %narrow = tile.slice %rows[0, 8] : !tile.tile<8x32xf32, vec> -> !tile.tile<8x16xf32, vec>
  %d = tile.abs %narrow : !tile.tile<8x16xf32, vec>
  return %a, %b, %c, %d : !tile.tile<8x32xf32, vec>, !tile.tile<8x32xf32, vec>, !tile.tile<16x1xf32, vec>, !tile.tile<8x16xf32, vec>
}

// -----

// Tests that a loop carry seeded by a column block is copied first in the
// loop body, on every iteration, where an add reads it, and that the
// slice itself is not copied (no op that needs it reads it).
// CHECK-LABEL: func.func @carry_seeded_by_a_column_block
// CHECK: tile.slice
// CHECK-NEXT: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK-NEXT: %[[C:.*]] = tile.move %[[ACC]] : !tile.tile<16x8xf32, vec> -> !tile.tile<16x8xf32, vec>
// CHECK-NEXT: tile.add %[[C]], %[[C]]
// CHECK-NOT: tile.move
func.func @carry_seeded_by_a_column_block(%x: !tile.tile<16x32xf32, vec>, %n: index) -> !tile.tile<16x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %block = tile.slice %x[0, 8] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
  %e = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %block) -> (!tile.tile<16x8xf32, vec>) {
    %next = tile.add %acc, %acc : !tile.tile<16x8xf32, vec>
    scf.yield %next : !tile.tile<16x8xf32, vec>
  }
  return %e : !tile.tile<16x8xf32, vec>
}

// -----

// Tests that the result of an scf.if whose then arm yields a column block
// is copied right after the if, and that a loop whose initializer is dense
// is not a column block even when it yields one (the yield is copied into
// the carry's storage by materialization).
// CHECK-LABEL: func.func @branch_results_and_dense_carries
// CHECK: %[[IF:.*]] = scf.if
// CHECK: } else {
// CHECK: }
// CHECK-NEXT: %[[C:.*]] = tile.move %[[IF]]
// CHECK-NEXT: tile.abs %[[C]]
// CHECK: scf.for
// CHECK-NOT: tile.move
// CHECK: return
func.func @branch_results_and_dense_carries(%x: !tile.tile<16x32xf32, vec>, %y: !tile.tile<16x8xf32, vec>,
                                            %p: i1, %n: index) -> (!tile.tile<16x8xf32, vec>, !tile.tile<16x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %block = tile.slice %x[0, 16] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
  %chosen = scf.if %p -> (!tile.tile<16x8xf32, vec>) {
    scf.yield %block : !tile.tile<16x8xf32, vec>
  } else {
    scf.yield %y : !tile.tile<16x8xf32, vec>
  }
  %a = tile.abs %chosen : !tile.tile<16x8xf32, vec>
  %e = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %y) -> (!tile.tile<16x8xf32, vec>) {
    %sum = tile.add %acc, %acc : !tile.tile<16x8xf32, vec>
    scf.yield %block : !tile.tile<16x8xf32, vec>
  }
  return %a, %e : !tile.tile<16x8xf32, vec>, !tile.tile<16x8xf32, vec>
}

// -----

// Tests that a tile assembled into a column block, and a row slice of a
// column block, are column blocks too.
// CHECK-LABEL: func.func @derived_from_a_column_block
// CHECK: %[[W:.*]] = tile.assemble
// CHECK-NEXT: %[[CW:.*]] = tile.move %[[W]] : !tile.tile<16x16xf32, vec>
// CHECK: %[[R:.*]] = tile.slice %[[W]][8, 0]
// CHECK-NEXT: %[[CR:.*]] = tile.move %[[R]] : !tile.tile<8x16xf32, vec>
// CHECK: tile.abs %[[CW]]
// CHECK: tile.add %[[CR]], %[[CR]]
func.func @derived_from_a_column_block(%x: !tile.tile<16x32xf32, vec>, %y: !tile.tile<16x8xf32, vec>)
    -> (!tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>) {
  %block = tile.slice %x[0, 16] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x16xf32, vec>
  %w = tile.assemble %block, %y[0, 8] : !tile.tile<16x16xf32, vec>, !tile.tile<16x8xf32, vec>
  %r = tile.slice %w[8, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<8x16xf32, vec>
  %a = tile.abs %w : !tile.tile<16x16xf32, vec>
  %b = tile.add %r, %r : !tile.tile<8x16xf32, vec>
  return %a, %b : !tile.tile<16x16xf32, vec>, !tile.tile<8x16xf32, vec>
}

// -----

// Tests that the tiles pto-isa reads by whole rows (ShapeRule::WholeRows:
// tile.fillpad's, tile.cmp's, tile.sel's data tiles) are copied when they
// are column blocks, and that a writeback (tile.fillpad) then updates the
// copy.
// CHECK-LABEL: func.func @whole_rows
// CHECK: %[[V:.*]] = tile.slice
// CHECK-NEXT: %[[C:.*]] = tile.move %[[V]]
// CHECK: tile.fillpad %[[C]]
// CHECK: tile.cmp eq %[[C]], %[[C]]
// CHECK: tile.sel %{{.*}}, %[[C]], %{{.*}} :
func.func @whole_rows(%x: !tile.tile<16x32xf32, vec>, %y: !tile.tile<16x8xf32, vec>)
    -> (!tile.tile<16x8xf32, vec>, !tile.tile<16x8xf32, vec>) {
  %v = tile.slice %x[0, 8] : !tile.tile<16x32xf32, vec> -> !tile.tile<16x8xf32, vec>
  %p = tile.fillpad %v valid [4, 4] pad zero : !tile.tile<16x8xf32, vec>
  %m = tile.cmp eq %v, %v : !tile.tile<16x8xf32, vec> -> !tile.tile<16x32xi8, vec>
  %s = tile.sel %m, %v, %y : !tile.tile<16x32xi8, vec>, !tile.tile<16x8xf32, vec>
  return %p, %s : !tile.tile<16x8xf32, vec>, !tile.tile<16x8xf32, vec>
}
