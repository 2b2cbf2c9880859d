// An scf.while whose third i32 carry takes the second's value of the
// iteration before (a systematic check of scalar types after fuzz seed
// 1431800974): tilemem's copy before the yield went through index, and
// ptoas 0.27's index is a 32-bit int, so it folded `index_cast` to index and
// back as an identity and assigned `v3 = v2` from the new value again (256 of
// 256 elements wrong on the simulator). An i32 copy now goes through f32.
func.func @while_lagged_i32_carry(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i32
  %t3 = arith.constant 3 : i32
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:3 = scf.while (%k = %c0, %a = %z, %b = %z) : (index, i32, i32) -> (index, i32, i32) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %a, %b : index, i32, i32
  } do {
  ^bb0(%k: index, %a: i32, %b: i32):
    %k1 = arith.addi %k, %c1 : index
    %a1 = arith.addi %a, %t3 : i32
    scf.yield %k1, %a1, %a : index, i32, i32
  }
  %i = arith.extsi %r#2 : i32 to i64
  %f = arith.sitofp %i : i64 to f32
  %y = tile.adds %x, %f : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
