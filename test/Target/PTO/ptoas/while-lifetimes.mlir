// REQUIRES: ptoas
// Tests that ptoas's PlanMemory sees where every buffer of a kernel with an
// scf.while begins and ends: it ends a buffer's lifetime only at an op of the
// buffer's own block and does not enter scf.while, so the carry's buffer,
// last read in the body, was never freed ("freeTime : -1", a lifetime that
// overlaps nothing) and, with the declared tiles over the capacity, placed
// over %x, still live (repros/ptoas/while_carry_freed_never.mlir). The
// emitter's pto.tmov of the carry's root onto itself after the while ends it
// there.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.pto
// RUN: FileCheck %s --input-file=%t.pto --check-prefix=PTO
// RUN: %ptoas --pto-level=level2 --enable-insert-sync --debug-only=pto-plan-memory %t.pto -o %t.cpp 2>&1 | FileCheck %s
// RUN: FileCheck %s --input-file=%t.cpp --check-prefix=CPP
// PTO: scf.while
// PTO: scf.yield
// PTO-NEXT: }
// PTO-NEXT: pto.tmov ins(%[[CARRY:[0-9]+]] : {{.*}}) outs(%[[CARRY]] :
// CHECK: Buffer2Life
// CHECK-NOT: freeTime : -1
// CPP: TSTORE(
module attributes {tile.target_arch = "a3"} {
  func.func @w2(%A: !tile.tensor<64x128xf32>, %O: !tile.tensor<64x128xf32>, %P: !tile.tensor<64x128xf32>) -> (!tile.tensor<64x128xf32>, !tile.tensor<64x128xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c1f = arith.constant 1.0 : f32
    %x = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %e = tile.muls %x, %c1f : !tile.tile<64x128xf32, vec>, f32
    %w:3 = scf.while (%i = %c0, %c = %e, %k = %e) : (index, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) -> (index, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>) {
      %more = arith.cmpi ult, %i, %c3 : index
      scf.condition(%more) %i, %c, %k : index, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>
    } do {
    ^bb0(%j: index, %d: !tile.tile<64x128xf32, vec>, %m: !tile.tile<64x128xf32, vec>):
      %n = tile.adds %d, %c1f : !tile.tile<64x128xf32, vec>, f32
      %q = tile.add %d, %m : !tile.tile<64x128xf32, vec>
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1, %n, %q : index, !tile.tile<64x128xf32, vec>, !tile.tile<64x128xf32, vec>
    }
    %P0 = tile.store %w#2, %P[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %y0 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z0 = tile.exp %y0 : !tile.tile<64x128xf32, vec>
    %P1 = tile.store %z0, %P0[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %y1 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z1 = tile.exp %y1 : !tile.tile<64x128xf32, vec>
    %P2 = tile.store %z1, %P1[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %y2 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z2 = tile.exp %y2 : !tile.tile<64x128xf32, vec>
    %P3 = tile.store %z2, %P2[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %y3 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z3 = tile.exp %y3 : !tile.tile<64x128xf32, vec>
    %P4 = tile.store %z3, %P3[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %s = tile.store %x, %O[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    return %s, %P4 : !tile.tensor<64x128xf32>, !tile.tensor<64x128xf32>
  }
}
