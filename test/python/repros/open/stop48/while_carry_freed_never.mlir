// PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/open/stop48/while_carry_freed_never.mlir --memory-planner ptoas
// (after eval "$(scripts/toolchain-env.sh)"): FAIL at compare, 8192 mismatching elements in %O (all of %x); pypto and dsa-rp (level3) pass.
// The minimal form of while_after_loop_pingpong_level2.mlir, written from its diagnosis. ptoas 0.27's PlanMemory kills
// a buffer only at an op in the block of its alloc (UpdateOpKillInfo: IsInSameBlock), and its liveness walk does not
// enter scf.while as it enters scf.for and scf.if: the buffer of the carry %c, last read inside the while body, is
// never killed ("freeTime : -1" in --debug-only=pto-plan-memory), and an interval ending at -1 overlaps nothing
// (GetOverlapBufferLife). Only when the declared tiles exceed the capacity does PlanMemory reuse addresses (the
// four 32 KiB exps after the while force it): it then places %c's buffer over %x's, live until the last store.
// A candidate workaround at level2: a use of each such buffer in its alloc's block after the while (e.g. a tmov of
// the buffer onto itself), so that PlanMemory kills it there. Checked by hand on the emitted PTO (not built): with
// `pto.tmov ins(%5) outs(%5)` after the while (%5 the carry's alloc_tile), Buffer2Life gives it freeTime 37 and ptoas
// places it at 32768, apart from %x's tile at 0 (both at 0 without it).
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
