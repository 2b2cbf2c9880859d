// .venv/bin/python -m tilemem.testing.toolchain /tmp/hunt32a/repros/harness_bf16_matmul_f32_out.mlir --memory-planner all -> FAIL at compare: 256/256 mismatch, reference -0.28, simulator 0.0. Harness gap, not emission: the bf16 inputs make the sim's TMATMUL meaningless (bfloat16_t is a _Float16 placeholder with g++ 12), but the f32 output is compared since only bf16 *outputs* are skipped. Same for gemv/extract+matmul_acc with bf16 and cvt bf16->f32.
module attributes {tile.target_arch = "a3"} {
func.func @mm_bf16_16x16x16_a3(%A: !tile.tensor<16x16xbf16>, %B: !tile.tensor<16x16xbf16>, %C: !tile.tensor<16x16xf32>) -> (!tile.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<16x16xbf16> -> !tile.tile<16x16xbf16, mat>
  %b = tile.load %B[%c0, %c0] : !tile.tensor<16x16xbf16> -> !tile.tile<16x16xbf16, mat>
  %l = tile.move %a : !tile.tile<16x16xbf16, mat> -> !tile.tile<16x16xbf16, left>
  %r = tile.move %b : !tile.tile<16x16xbf16, mat> -> !tile.tile<16x16xbf16, right>
  %c = tile.matmul %l, %r : !tile.tile<16x16xbf16, left>, !tile.tile<16x16xbf16, right> -> !tile.tile<16x16xf32, acc>
  %C1 = tile.store %c, %C[%c0, %c0] : !tile.tile<16x16xf32, acc>, !tile.tensor<16x16xf32>
  return %C1 : !tile.tensor<16x16xf32>
}
}
