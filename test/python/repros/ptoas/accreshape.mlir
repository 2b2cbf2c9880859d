// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/accreshape.mlir --memory-planner all
// OBSERVED all three planners (level3 AND level2): 992 of 1024 elements of %Dg wrong: tile.reshape of a 32x32 acc tile to 16x64 reinterprets the fractal-boxed bytes as if row-major. EXPECTED: correct values or a refusal (emission refuses transpose_view of boxed tiles but not reshape). SILENT MISCOMPILE.
// reshape a 32x32 acc matmul result to 16x64 and store it
!A = !tile.tensor<32x32xf32>
!H = !tile.tensor<16x64xf32>
!M = !tile.tile<32x32xf32, mat>
!L = !tile.tile<32x32xf32, left>
!R = !tile.tile<32x32xf32, right>
!Acc = !tile.tile<32x32xf32, acc>
module attributes {tile.target_arch = "a3"} {
  func.func @accreshape(%Ag: !A, %Bg: !A, %Dg: !H) -> !H {
    %c0 = arith.constant 0 : index
    %a = tile.load %Ag[%c0, %c0] : !A -> !M
    %b = tile.load %Bg[%c0, %c0] : !A -> !M
    %l = tile.move %a : !M -> !L
    %r = tile.move %b : !M -> !R
    %p = tile.matmul %l, %r : !L, !R -> !Acc
    %top = tile.reshape %p : !Acc -> !tile.tile<16x64xf32, acc>
    %D1 = tile.store %top, %Dg[%c0, %c0] : !tile.tile<16x64xf32, acc>, !H
    return %D1 : !H
  }
}
