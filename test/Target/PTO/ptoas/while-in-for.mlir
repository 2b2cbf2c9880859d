// REQUIRES: ptoas
// An scf.while inside an scf.for: ptoas lowers the whole kernel to a CFG
// (needsWholeFunctionSCFToCF) and handles it when no while body holds an
// scf.for or scf.if (while-nest.mlir: the emitter writes those as whiles)
// (blocks ptoas would merge over a tile are kept apart by a barrier:
// block-merge.mlir).
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// CHECK: TMULS(
// CHECK: TADDS(
// CHECK: TSTORE(
func.func @while_in_for(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%t = %x, %T = %O) -> (!tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>) {
    %w:2 = scf.while (%i = %c0, %u = %t) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
      %p = arith.cmpi slt, %i, %k : index
      scf.condition(%p) %i, %u : index, !tile.tile<16x16xf32, vec>
    } do {
    ^bb0(%i1: index, %u1: !tile.tile<16x16xf32, vec>):
      %u2 = tile.muls %u1, %half : !tile.tile<16x16xf32, vec>, f32
      %u3 = tile.adds %u2, %half : !tile.tile<16x16xf32, vec>, f32
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2, %u3 : index, !tile.tile<16x16xf32, vec>
    }
    %T1 = tile.store %w#1, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    scf.yield %w#1, %T1 : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  }
  return %r#1 : !tile.tensor<16x16xf32>
}
