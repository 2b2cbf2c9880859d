// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/fillpad_colblock.mlir --memory-planner all
// OBSERVED every planner (shape_sweep --family loops, seed 1434823182): refused, "its tile is a column block (...), and pto-isa's TFILLPAD_INPLACE reads and writes whole tile rows": tile.fillpad of a column block, here the tail block of a row padded as attention masks its last keys. The tile it was cut from is not read after the pad, so the pad is made in place in its window (were it read after, materialization would copy the block anyway). EXPECTED: emitted correctly (the block is copied; the pad lands in the copy).
!Q = !tile.tensor<16x64xf32>
!O = !tile.tensor<16x32xf32>
!T = !tile.tile<16x64xf32, vec>
!H = !tile.tile<16x32xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @fillpad_colblock(%Qg: !Q, %O: !O, %W: !Q) -> (!O, !Q) {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %W1 = tile.store %q, %W[%c0, %c0] : !T, !Q
    %tail = tile.slice %q[0, 32] : !T -> !H
    %padded = tile.fillpad %tail valid [16, 20] pad zero : !H
    %e = tile.exp %padded : !H
    %O1 = tile.store %e, %O[%c0, %c0] : !H, !O
    return %O1, %W1 : !O, !Q
  }
}
