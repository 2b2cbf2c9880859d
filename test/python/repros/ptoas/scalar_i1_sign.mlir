// .venv/bin/python -m tilemem.testing.toolchain /tmp/hunt32a/repros/scalar_i1_sign.mlir --memory-planner all -> FAIL at compare (all planners): 256/256 mismatch, reference 6, simulator 4 (x+1 vs x-1). Emitter converts the i1 scalar with arith.extsi (true -> -1, Handles.cpp convertScalar; sitofp for float tiles, same with adds_f32_i1: ref 1.27 sim -0.73); interpreter _elem_scalar treats i1 true as 1.
module attributes {tile.target_arch = "a3"} {
func.func @adds_i32_i1(%X: !tile.tensor<16x16xi32>, %O: !tile.tensor<16x16xi32>) -> !tile.tensor<16x16xi32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xi32> -> !tile.tile<16x16xi32, vec>
  %k = arith.constant true
  %r = tile.adds %x, %k : !tile.tile<16x16xi32, vec>, i1
  %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<16x16xi32, vec>, !tile.tensor<16x16xi32>
  return %O1 : !tile.tensor<16x16xi32>
}
}
