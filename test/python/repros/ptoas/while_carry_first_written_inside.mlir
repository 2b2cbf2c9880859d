// A while carry created by tile.create and first written inside the body (the first-iteration scf.if): ptoas 0.27's
// PlanMemory starts a buffer live into an scf.for at the loop (GetLiveBuffersInLoop), but one live into an scf.while
// at its first write, here the copy into the carry at the end of the body. The body's %x, dead at the first cvt, then
// lives before the carry's lifetime starts; with the declared tiles over the capacity (the four exps after the loop),
// PlanMemory placed the carry over %x, whose load in the next iteration overwrote it before tile.add read it: %O had
// 4091 mismatching elements with the ptoas planner. PASS with every planner: the emitter puts a pto.tmov of the carry's
// root onto itself before the while, where PlanMemory starts it (bracketWhileUses in lib/Target/PTO/Level2.cpp);
// test_while_marks_are_load_bearing strips the marks from the emitted PTO and sees the mismatch again.
module attributes {tile.target_arch = "a3"} {
  func.func @carry_first_written_in_while(%A: !tile.tensor<64x128xf32>, %O: !tile.tensor<64x128xf32>, %P: !tile.tensor<64x128xf32>) -> (!tile.tensor<64x128xf32>, !tile.tensor<64x128xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %two = arith.constant 2.0 : f32
    %t = tile.create : !tile.tile<64x128xf32, vec>
    %w:2 = scf.while (%i = %c0, %acc = %t) : (index, !tile.tile<64x128xf32, vec>) -> (index, !tile.tile<64x128xf32, vec>) {
      %more = arith.cmpi ult, %i, %c3 : index
      scf.condition(%more) %i, %acc : index, !tile.tile<64x128xf32, vec>
    } do {
    ^bb0(%j: index, %d: !tile.tile<64x128xf32, vec>):
      %x = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
      %h = tile.cvt %x : !tile.tile<64x128xf32, vec> -> !tile.tile<64x128xf16, vec>
      %v = tile.cvt %h : !tile.tile<64x128xf16, vec> -> !tile.tile<64x128xf32, vec>
      %first = arith.cmpi eq, %j, %c0 : index
      %next = scf.if %first -> (!tile.tile<64x128xf32, vec>) {
        scf.yield %v : !tile.tile<64x128xf32, vec>
      } else {
        %s = tile.add %d, %v : !tile.tile<64x128xf32, vec>
        scf.yield %s : !tile.tile<64x128xf32, vec>
      }
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1, %next : index, !tile.tile<64x128xf32, vec>
    }
    %y0 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z0 = tile.exp %y0 : !tile.tile<64x128xf32, vec>
    %P1 = tile.store %z0, %P[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %y1 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z1 = tile.exp %y1 : !tile.tile<64x128xf32, vec>
    %P2 = tile.store %z1, %P1[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %y2 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z2 = tile.exp %y2 : !tile.tile<64x128xf32, vec>
    %P3 = tile.store %z2, %P2[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %y3 = tile.load %A[%c0, %c0] : !tile.tensor<64x128xf32> -> !tile.tile<64x128xf32, vec>
    %z3 = tile.exp %y3 : !tile.tile<64x128xf32, vec>
    %P4 = tile.store %z3, %P3[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    %s = tile.store %w#1, %O[%c0, %c0] : !tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>
    return %s, %P4 : !tile.tensor<64x128xf32>, !tile.tensor<64x128xf32>
  }
}
