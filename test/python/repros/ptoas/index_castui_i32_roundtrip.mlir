// arith.index_castui from i32 to index, cast back to i32 and written into a
// tile: ptoas 0.27 folds the pair and fails ("'emitc.expression' op yielded
// value has no defining op"). tilemem emits index_cast for a cast from 32
// bits, which its 32-bit index makes the same.
func.func @index_castui_i32_roundtrip(%A: !tile.tensor<8x8xi32>, %x: i32) -> !tile.tensor<8x8xi32> {
  %c0 = arith.constant 0 : index
  %t = tile.load %A[%c0, %c0] : !tile.tensor<8x8xi32> -> !tile.tile<8x8xi32, vec>
  %i = arith.index_castui %x : i32 to index
  %y = arith.index_cast %i : index to i32
  %t1 = tile.write %t[%c0, %c0], %y : !tile.tile<8x8xi32, vec>, i32
  %A1 = tile.store %t1, %A[%c0, %c0] : !tile.tile<8x8xi32, vec>, !tile.tensor<8x8xi32>
  return %A1 : !tile.tensor<8x8xi32>
}
