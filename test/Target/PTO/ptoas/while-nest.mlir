// REQUIRES: ptoas
// An scf.while inside an scf.while whose body also holds an scf.if and an
// scf.for: ptoas lowers the whole kernel to a CFG (needsWholeFunctionSCFToCF)
// and asserts in SCFWhileToCF on a while body of several blocks, so the
// emitter writes the scf.if and the scf.for as whiles (WhileOnlyNesting.cpp),
// which ptoas lowers one by one. test_toolchain_corpora.py runs the kernel of
// tile-to-pto.mlir (@branch_and_loop_in_nested_while) on the simulator.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t3.pto -o %t3.cpp
// RUN: FileCheck %s --input-file=%t3.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t2.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t2.pto -o %t2.cpp
// RUN: FileCheck %s --input-file=%t2.cpp
// CHECK: TLOAD(
// CHECK: TEXP(
// CHECK: TADD(
// CHECK: TMULS(
// CHECK: TSTORE(
func.func @while_nest(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %n: index, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %w:2 = scf.while (%i = %c0, %o1 = %O) : (index, !tile.tensor<16x16xf32>) -> (index, !tile.tensor<16x16xf32>) {
    %p = arith.cmpi slt, %i, %n : index
    scf.condition(%p) %i, %o1 : index, !tile.tensor<16x16xf32>
  } do {
  ^bb0(%i1: index, %o2: !tile.tensor<16x16xf32>):
    %v = scf.while (%j = %c0) : (index) -> index {
      %q = arith.cmpi slt, %j, %i1 : index
      scf.condition(%q) %j : index
    } do {
    ^bb0(%j1: index):
      %j2 = arith.addi %j1, %c1 : index
      scf.yield %j2 : index
    }
    %o3 = scf.if %c -> !tile.tensor<16x16xf32> {
      %y = tile.load %o2[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
      %e = tile.exp %x : !tile.tile<16x16xf32, vec>
      %f = tile.add %e, %y : !tile.tile<16x16xf32, vec>
      %o4 = tile.store %f, %o2[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      scf.yield %o4 : !tile.tensor<16x16xf32>
    } else {
      scf.yield %o2 : !tile.tensor<16x16xf32>
    }
    %o5 = scf.for %k = %c0 to %v step %c1 iter_args(%o6 = %o3) -> (!tile.tensor<16x16xf32>) {
      %z = tile.load %o6[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
      %s = tile.muls %z, %half : !tile.tile<16x16xf32, vec>, f32
      %o7 = tile.store %s, %o6[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      scf.yield %o7 : !tile.tensor<16x16xf32>
    }
    %i2 = arith.addi %i1, %c1 : index
    scf.yield %i2, %o5 : index, !tile.tensor<16x16xf32>
  }
  return %w#1 : !tile.tensor<16x16xf32>
}
