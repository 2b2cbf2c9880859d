// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/extract.mlir --memory-planner all
// OBSERVED every planner: FAIL at compare, 22 of 1024 elements of %Dg off by ~1e-3 (one f16 element of the acc->mat converted product lies within 2.4e-4 ulp of an f16 rounding tie, and the simulator's f32 summation order rounds it the other way). Correct kernel; harness tolerance false positive. EXPECTED: PASS. HARNESS (low).
// extract blocks of mat tiles at nonzero static offsets into left/right; acc -> mat -> left chained GEMM
!A = !tile.tensor<32x64xf16>
!B = !tile.tensor<64x32xf16>
!C = !tile.tensor<32x32xf32>
!Am = !tile.tile<32x64xf16, mat>
!Bm = !tile.tile<64x32xf16, mat>
!L = !tile.tile<32x32xf16, left>
!R = !tile.tile<32x32xf16, right>
!Acc = !tile.tile<32x32xf32, acc>
module attributes {tile.target_arch = "a3"} {
  func.func @extract(%Ag: !A, %Bg: !B, %Cg: !C, %Dg: !C) -> (!C, !C) {
    %c0 = arith.constant 0 : index
    %a = tile.load %Ag[%c0, %c0] : !A -> !Am
    %b = tile.load %Bg[%c0, %c0] : !B -> !Bm
    %l0 = tile.extract %a[0, 0] : !Am -> !L
    %l1 = tile.extract %a[0, 32] : !Am -> !L
    %r0 = tile.extract %b[0, 0] : !Bm -> !R
    %r1 = tile.extract %b[32, 0] : !Bm -> !R
    %p = tile.matmul %l0, %r0 : !L, !R -> !Acc
    %q = tile.matmul_acc %p, %l1, %r1 : !Acc, !L, !R
    %C1 = tile.store %q, %Cg[%c0, %c0] : !Acc, !C
    %h = tile.move %q : !Acc -> !tile.tile<32x32xf16, mat>
    %hl = tile.move %h : !tile.tile<32x32xf16, mat> -> !L
    %d = tile.matmul %hl, %r1 : !L, !R -> !Acc
    %D1 = tile.store %d, %Dg[%c0, %c0] : !Acc, !C
    return %C1, %D1 : !C, !C
  }
}
