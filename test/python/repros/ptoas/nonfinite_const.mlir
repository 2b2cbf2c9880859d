// .venv/bin/python -m tilemem.testing.toolchain /tmp/hunt32a/repros/nonfinite_const.mlir --memory-planner all -> ptoas accepted, FAIL at compile: "error: NaN was not declared in this scope" (tile.full of a NaN / tile.maxs with a NaN constant; an inf constant, e.g. tile.full 1.0e10 on f16 or tile.mins with 0x7F800000, gives "Inf was not declared"). tilemem emits arith.constant 0x7FC00000 : f32 as texpands/tmaxs operand; ptoas prints it as a bare NaN/Inf C++ token.
module attributes {tile.target_arch = "a3"} {
func.func @full_f32_nan(%X: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = tile.full 0x7FF8000000000000 : !tile.tile<16x16xf32, vec>
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
}
