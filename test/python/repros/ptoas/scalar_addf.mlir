// A scalar sum in an scf.while (found by the fuzzer's scalar constructs):
// ptoas 0.27 has no lowering of arith.addf ("failed to legalize operation
// 'arith.addf' that was explicitly marked illegal"), so tilemem emits
// a + b as a - (-b), the same IEEE sum; here the sum of a halved carry and
// a kernel argument, added to every element.
func.func @scalar_addf(%A: !tile.tensor<16x16xf32>, %n: index, %b: f32) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r:2 = scf.while (%i = %c0, %s = %half) : (index, f32) -> (index, f32) {
    %go = arith.cmpi slt, %i, %n : index
    scf.condition(%go) %i, %s : index, f32
  } do {
  ^bb0(%i: index, %s: f32):
    %h = arith.mulf %s, %half : f32
    %t = arith.addf %h, %b : f32
    %next = arith.addi %i, %c1 : index
    scf.yield %next, %t : index, f32
  }
  %nz = arith.constant -0.0 : f32
  %u = arith.addf %r#1, %nz : f32
  %y = tile.adds %x, %u : !tile.tile<16x16xf32, vec>, f32
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
