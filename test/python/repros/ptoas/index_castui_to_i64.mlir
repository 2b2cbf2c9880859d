// arith.index_castui of a negative index to i64: MLIR's index is 64 bits, so
// the cast keeps -7; ptoas 0.27 holds index in an int32_t and zero-extends
// it from 32 bits (4294967289). tilemem emits index_cast, which means the
// same for every index value that fits 32 bits.
func.func @index_castui_to_i64(%A: !tile.tensor<8x8xf32>, %n: index) -> !tile.tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %c7 = arith.constant 7 : index
  %t = tile.load %A[%c0, %c0] : !tile.tensor<8x8xf32> -> !tile.tile<8x8xf32, vec>
  %neg = arith.subi %n, %c7 : index
  %w = arith.index_castui %neg : index to i64
  %f = arith.sitofp %w : i64 to f32
  %t1 = tile.adds %t, %f : !tile.tile<8x8xf32, vec>, f32
  %A1 = tile.store %t1, %A[%c0, %c0] : !tile.tile<8x8xf32, vec>, !tile.tensor<8x8xf32>
  return %A1 : !tile.tensor<8x8xf32>
}
