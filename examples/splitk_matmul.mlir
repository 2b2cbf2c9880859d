// Split-K matmul: C = A * B with K = 256 cut into four 64-wide chunks. Each
// chunk is loaded into mat, moved into left/right and accumulated in acc by
// tile.matmul_acc; `init_cond %first` starts the accumulator on the first
// chunk (no separate zero fill), so the carry must stay in one acc buffer.
module attributes {tile.target_arch = "a3"} {
  func.func @splitk_matmul(%A: !tile.tensor<64x256xf16>, %B: !tile.tensor<256x64xf16>,
                           %C: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    %init = tile.create : !tile.tile<64x64xf32, acc>
    %res = scf.for %k = %c0 to %c256 step %c64 iter_args(%acc = %init) -> (!tile.tile<64x64xf32, acc>) {
      %first = arith.cmpi eq, %k, %c0 : index
      %a = tile.load %A[%c0, %k] : !tile.tensor<64x256xf16> -> !tile.tile<64x64xf16, mat>
      %l = tile.move %a : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, left>
      %b = tile.load %B[%k, %c0] : !tile.tensor<256x64xf16> -> !tile.tile<64x64xf16, mat>
      %r = tile.move %b : !tile.tile<64x64xf16, mat> -> !tile.tile<64x64xf16, right>
      %n = tile.matmul_acc %acc, %l, %r init_cond %first
          : !tile.tile<64x64xf32, acc>, !tile.tile<64x64xf16, left>, !tile.tile<64x64xf16, right>
      scf.yield %n : !tile.tile<64x64xf32, acc>
    }
    %C1 = tile.store %res, %C[%c0, %c0] : !tile.tile<64x64xf32, acc>, !tile.tensor<64x64xf32>
    return %C1 : !tile.tensor<64x64xf32>
  }
}
