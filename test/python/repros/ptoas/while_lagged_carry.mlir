// An scf.while whose third carry takes the second's value of the iteration
// before (fuzz seed 1431800974, executed): ptoas 0.27's C++ assigns the
// iteration variables one after another from the yield, `v1 = k1; v2 = a1;
// v3 = v2;`, so the third read the new value (1 instead of 0 here, 2 of 256
// elements wrong on the simulator with every planner). tilemem copies such a
// carry before the yield.
func.func @while_lagged_carry(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:3 = scf.while (%k = %c0, %a = %c0, %b = %c0) : (index, index, index) -> (index, index, index) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %a, %b : index, index, index
  } do {
  ^bb0(%k: index, %a: index, %b: index):
    %k1 = arith.addi %k, %c1 : index
    %a1 = arith.addi %a, %c3 : index
    scf.yield %k1, %a1, %a : index, index, index
  }
  %i = arith.index_cast %r#2 : index to i32
  %f = arith.sitofp %i : i32 to f32
  %y = tile.adds %x, %f : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
