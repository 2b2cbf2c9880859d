// An scf.for swapping two f32 carries, emitted as an scf.while: with ptoas
// 0.27's one-after-another assignment of the iteration variables both took
// the second's value (2.0 instead of 1.0 after two trips). tilemem copies the
// swapped carries before the yield.
func.func @for_swapped_f32_carries(%A: !tile.tensor<16x16xf32>, %n: index) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%p = %one, %q = %two) -> (f32, f32) {
    scf.yield %q, %p : f32, f32
  }
  %y = tile.adds %x, %r#0 : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
