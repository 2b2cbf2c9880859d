// arith.ceildivui whose dividend plus divisor passes 2^32: ptoas 0.27 writes
// it as (a + b - 1) / b in uint32_t, which wraps (0 where 1 is right). The
// operands come from an argument so that nothing folds them; tilemem emits
// arith's own expansion, a == 0 ? 0 : (a - 1) / b + 1.
func.func @ceildivui_wraps(%A: !tile.tensor<8x8xi32>, %x: i32) -> !tile.tensor<8x8xi32> {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : i32
  %c8 = arith.constant 8 : i32
  %high = arith.constant -4 : i32
  %t = tile.load %A[%c0, %c0] : !tile.tensor<8x8xi32> -> !tile.tile<8x8xi32, vec>
  %low = arith.andi %x, %c3 : i32
  // a in [8, 11], b in [2^32 - 4, 2^32 - 1] unsigned: a + b - 1 wraps.
  %a = arith.addi %low, %c8 : i32
  %b = arith.ori %x, %high : i32
  %q = arith.ceildivui %a, %b : i32
  %t1 = tile.write %t[%c0, %c0], %q : !tile.tile<8x8xi32, vec>, i32
  %A1 = tile.store %t1, %A[%c0, %c0] : !tile.tile<8x8xi32, vec>, !tile.tensor<8x8xi32>
  return %A1 : !tile.tensor<8x8xi32>
}
