// while_nest with its stores kept (the tensor is carried and returned, so
// dead-code erasure keeps them): an scf.while whose body holds another
// scf.while and an scf.for. ptoas 0.27 asserts in SCFWhileToCF on it as
// written (the inner while makes it lower the whole kernel to a CFG; the for
// makes the outer while's body several blocks), so the emitter writes the
// for as a while (WhileOnlyNesting.cpp); it was refused before.
func.func @while_nest_live(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %w:2 = scf.while (%i = %c0, %T = %O) : (index, !tile.tensor<16x16xf32>) -> (index, !tile.tensor<16x16xf32>) {
    %p = arith.cmpi slt, %i, %n : index
    scf.condition(%p) %i, %T : index, !tile.tensor<16x16xf32>
  } do {
  ^bb0(%i1: index, %T1: !tile.tensor<16x16xf32>):
    %v:2 = scf.while (%j = %c0, %U = %T1) : (index, !tile.tensor<16x16xf32>) -> (index, !tile.tensor<16x16xf32>) {
      %q = arith.cmpi slt, %j, %n : index
      scf.condition(%q) %j, %U : index, !tile.tensor<16x16xf32>
    } do {
    ^bb0(%j1: index, %U1: !tile.tensor<16x16xf32>):
      %e = tile.exp %x : !tile.tile<16x16xf32, vec>
      %U2 = tile.store %e, %U1[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      %j2 = arith.addi %j1, %c1 : index
      scf.yield %j2, %U2 : index, !tile.tensor<16x16xf32>
    }
    %F = scf.for %k = %c0 to %n step %c1 iter_args(%V = %v#1) -> (!tile.tensor<16x16xf32>) {
      %V1 = tile.store %x, %V[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
      scf.yield %V1 : !tile.tensor<16x16xf32>
    }
    %i2 = arith.addi %i1, %c1 : index
    scf.yield %i2, %F : index, !tile.tensor<16x16xf32>
  }
  return %w#1 : !tile.tensor<16x16xf32>
}
