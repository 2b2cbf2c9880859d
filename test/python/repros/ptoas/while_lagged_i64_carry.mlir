// The same lagged carry in i64 with values past 32 bits: tilemem's copy
// before the yield went through index, which ptoas 0.27 holds in an int32_t,
// so the copy lost the high half (the simulator computed 12.3 where
// 3.4e10 is right). An i64 copy now goes through f64.
func.func @while_lagged_i64_carry(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %z = arith.constant 0 : i64
  %t3 = arith.constant 8589934595 : i64
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:3 = scf.while (%k = %c0, %a = %z, %b = %z) : (index, i64, i64) -> (index, i64, i64) {
    %go = arith.cmpi slt, %k, %c3 : index
    scf.condition(%go) %k, %a, %b : index, i64, i64
  } do {
  ^bb0(%k: index, %a: i64, %b: i64):
    %k1 = arith.addi %k, %c1 : index
    %a1 = arith.addi %a, %t3 : i64
    scf.yield %k1, %a1, %a : index, i64, i64
  }
  %i = arith.addi %r#2, %r#2 : i64
  %f = arith.sitofp %i : i64 to f32
  %y = tile.adds %x, %f : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
