// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/transpose_strided_col.mlir --memory-planner all
// OBSERVED every planner: ptoas rejects the emitted PTO ("pto.tmov op expects A2/A3 non-mat tmov to use matching src/dst shapes") for tile.transpose of a strided 16x1 column slice. EXPECTED: emission handles it or refuses with a located diagnostic. PTOAS REJECTS EMITTED PTO.
!Q = !tile.tensor<16x64xf32>
!O = !tile.tensor<16x1xf32>
!Or = !tile.tensor<1x16xf32>
!T = !tile.tile<16x64xf32, vec>
!C = !tile.tile<16x1xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @transpose_strided_col(%Qg: !Q, %O: !Or) -> !Or {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %col = tile.slice %q[0, 3] : !T -> !C
    %r = tile.transpose %col : !C -> !tile.tile<1x16xf32, vec>
    %O1 = tile.store %r, %O[%c0, %c0] : !tile.tile<1x16xf32, vec>, !Or
    return %O1 : !Or
  }
}
