// REQUIRES: ptoas
// A kernel ptoas lowers to a CFG as a whole (an scf.while inside an scf.for)
// whose if arms differ only in the tile their pto.texp reads: ptoas's block
// merging would make that tile a block argument, which its C++ casts to a
// pointer (`(__ubuf__ float*) v11`, then TEXP of the cast). The emitter puts
// a full barrier in one arm (checkCFGLowering), and the C++ keeps both TEXPs
// on their own tiles.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// CHECK-NOT: (__ubuf__ float*)
// CHECK-COUNT-2: TEXP(
// CHECK-NOT: (__ubuf__ float*)
func.func @block_merge(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = tile.alloc : !tile.buffer<vec, 1024>
  %d = tile.alloc : !tile.buffer<vec, 1024>
  %o = tile.alloc : !tile.buffer<vec, 1024>
  %x = tile.load %X[%c0, %c0] into(%b : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %O[%c0, %c0] into(%d : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %T = scf.for %k = %c0 to %n step %c1 iter_args(%t = %O) -> (!tile.tensor<16x16xf32>) {
    %w:2 = scf.while (%i = %c0, %u = %t) : (index, !tile.tensor<16x16xf32>) -> (index, !tile.tensor<16x16xf32>) {
      %p = arith.cmpi slt, %i, %n : index
      scf.condition(%p) %i, %u : index, !tile.tensor<16x16xf32>
    } do {
    ^bb0(%i1: index, %u1: !tile.tensor<16x16xf32>):
      %u2 = tile.store %x, %u1[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2, %u2 : index, !tile.tensor<16x16xf32>
    }
    scf.yield %w#1 : !tile.tensor<16x16xf32>
  }
  %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %x into(%o : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  } else {
    %e = tile.exp %y into(%o : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  %O1 = tile.store %r, %T[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
