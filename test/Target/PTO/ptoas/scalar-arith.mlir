// REQUIRES: ptoas
// Scalar arithmetic through the real ptoas. ptoas 0.27 has no lowering of
// arith.addf (Inputs/scalar-addf.pto: "failed to legalize"), so
// tile-translate writes a + b as a - (-b); and its SCFWhileToCF leaves an
// scf.while whose result is read in another block (Inputs/
// while-result-in-if.pto), so tile-translate reads such a result through a
// cast and back next to the while (tile-to-pto.mlir, which
// test_toolchain_corpora.py runs through ptoas and the simulator). The two
// pins fail when a ptoas lowers them, and the workarounds can go.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: not %ptoas --pto-level=level3 %S/Inputs/scalar-addf.pto -o %t.addf.cpp 2>&1 | FileCheck %s --check-prefix=ADDF
// RUN: not %ptoas --pto-level=level3 %S/Inputs/while-result-in-if.pto -o %t.while.cpp 2>&1 | FileCheck %s --check-prefix=WHILE
// ADDF: failed to legalize operation 'arith.addf'
// WHILE: Unsupported SCF op remained after pre-lowering
// CHECK-LABEL: void scalar_sum_in_while(
// CHECK:         goto
// CHECK:         TADDS(
func.func @scalar_sum_in_while(%A: !tile.tensor<8x8xf32>, %n: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %x = tile.load %A[%c0, %c0] : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
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
  %y = tile.adds %x, %r#1 : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}
