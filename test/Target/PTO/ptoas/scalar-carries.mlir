// REQUIRES: ptoas
// Scalars crossing a loop, through the real ptoas: an scf.while carries an
// index (a row offset) into ptoas's C++ as an int32_t variable. An scf.for
// that carries a scalar (here an f32, Inputs/for-scalar-carry.pto) makes
// ptoas 0.27 assert, which is why tile-translate emits such a loop as an
// scf.while (@for_f32_sum, tile-to-pto.mlir); this pins the crash, so a
// ptoas that no longer crashes fails here and the rewrite can go.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: not --crash %ptoas --pto-level=level3 %S/Inputs/for-scalar-carry.pto -o %t.for.cpp 2>&1 | FileCheck %s --check-prefix=FOR
// FOR: Bit position out of bounds
// CHECK-LABEL: void for_f32_sum(
// CHECK:         goto
// CHECK:         TADDS(
// CHECK-LABEL: void while_row(
// CHECK:         goto
// CHECK:         TLOAD(
func.func @for_f32_sum(%A: !tile.tensor<16x16xf32>, %n: index, %x: f32) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (f32) {
    %h = arith.mulf %a, %half : f32
    scf.yield %h : f32
  }
  %t = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %e = tile.adds %t, %s : !tile.tile<16x16xf32, vec>, f32
  %B = tile.store %e, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}

func.func @while_row(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> attributes {pto.entry} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = scf.while (%i = %c0) : (index) -> index {
    %p = arith.cmpi slt, %i, %n : index
    scf.condition(%p) %i : index
  } do {
  ^bb0(%j: index):
    %j1 = arith.addi %j, %c1 : index
    scf.yield %j1 : index
  }
  %t = tile.load %A[%k, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<1x16xf32, vec>
  %e = tile.exp %t : !tile.tile<1x16xf32, vec>
  %B = tile.store %e, %A[%c0, %c0] : !tile.tile<1x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}
