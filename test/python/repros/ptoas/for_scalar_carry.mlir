// An scf.for carrying an index sum (found while checking what ptoas 0.27
// makes of index carries): ptoas asserts in PTOToEmitC ("Bit position out of
// bounds") on every scf.for that carries a scalar, f32, i32 or index, so
// tilemem emits such a loop as an scf.while.
func.func @carry_scalar(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0) -> (index) {
    %t = arith.addi %s, %i : index
    scf.yield %t : index
  }
  %ki = arith.index_cast %k : index to i32
  %f = arith.sitofp %ki : i32 to f32
  %t = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %e = tile.adds %t, %f : !tile.tile<16x16xf32, vec>, f32
  %B = tile.store %e, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}
