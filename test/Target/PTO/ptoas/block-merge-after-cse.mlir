// REQUIRES: ptoas
// A kernel ptoas lowers to a CFG as a whole (an scf.while inside an scf.for)
// at level2, where its CSE (run before the lowering) makes the ops after the
// then-arm's while of the second if (the self-copy marking where %a's tile
// dies) one tmov like the else arm's body: merged, ptoas fails ("failed to
// legalize operation 'pto.tmov'", a tile reaching it as a block argument).
// The emitter's simulation of that lowering runs the same CSE and keeps the
// blocks apart with a full barrier (checkCFGLowering); each TMOV keeps its
// own tiles. test_toolchain_corpora.py runs the kernel on the simulator
// (test/python/repros/ptoas/block_merge_after_cse.mlir).
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.pto
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// CHECK: TEXP([[A:v[0-9]+]], [[R:v[0-9]+]]);
// CHECK: TLOG([[B:v[0-9]+]], [[R]]);
// CHECK: TMOV([[R]], [[A]]);
// CHECK: pipe_barrier(PIPE_ALL);
// CHECK: TMOV([[A]], [[A]]);
// CHECK: TMOV([[R]], [[B]]);
func.func @block_merge_after_cse(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ba = tile.alloc : !tile.buffer<vec, 1024>
  %bb = tile.alloc : !tile.buffer<vec, 1024>
  %br = tile.alloc : !tile.buffer<vec, 1024>
  %T = scf.for %k = %c0 to %n step %c1 iter_args(%t = %O) -> (!tile.tensor<16x16xf32>) {
    %x = tile.load %X[%c0, %c0] into(%br : !tile.buffer<vec, 1024>) : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
    %w:2 = scf.while (%i = %c0, %acc = %x) : (index, !tile.tile<16x16xf32, vec>) -> (index, !tile.tile<16x16xf32, vec>) {
      %p = arith.cmpi slt, %i, %c1 : index
      scf.condition(%p) %i, %acc : index, !tile.tile<16x16xf32, vec>
    } do {
    ^bb0(%i1: index, %acc1: !tile.tile<16x16xf32, vec>):
      %a = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
        %e = tile.exp %acc1 into(%ba : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
        scf.yield %e : !tile.tile<16x16xf32, vec>
      } else {
        %e = tile.abs %acc1 into(%ba : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
        scf.yield %e : !tile.tile<16x16xf32, vec>
      }
      %b = tile.log %acc1 into(%bb : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec>
      %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
        %m = tile.move %a into(%br : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        scf.yield %m : !tile.tile<16x16xf32, vec>
      } else {
        %m = tile.move %b into(%br : !tile.buffer<vec, 1024>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
        scf.yield %m : !tile.tile<16x16xf32, vec>
      }
      %i2 = arith.addi %i1, %c1 : index
      scf.yield %i2, %r : index, !tile.tile<16x16xf32, vec>
    }
    %u = tile.store %w#1, %t[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
    scf.yield %u : !tile.tensor<16x16xf32>
  }
  return %T : !tile.tensor<16x16xf32>
}
