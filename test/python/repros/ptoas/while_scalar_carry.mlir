// The form that works: an scf.while carrying an index (the last row index
// reached) that a tile.load then reads at; ptoas 0.27 takes it, and the
// simulator computes what the interpreter does.
func.func @while_off(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
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
