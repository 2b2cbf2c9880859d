// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/add_colblock_carried.mlir --memory-planner all
// OBSERVED every planner (shape_sweep --family loops, seed 1434820033): refused, "pto-isa's TADD takes its tiles as one Tile type, and its source is a column block of a wider tile": a tile.add of an scf.if result whose then arm yields a column block, and of a loop carry seeded by one. EXPECTED: emitted correctly (tile-materialize-column-blocks copies values whose storage derives from a column block).
!Q = !tile.tensor<16x64xf32>
!O = !tile.tensor<16x48xf32>
!T = !tile.tile<16x64xf32, vec>
!H = !tile.tile<16x48xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @add_colblock_carried(%Qg: !Q, %O: !O, %P: !O) -> (!O, !O) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %true = arith.constant true
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %x = tile.slice %q[0, 16] : !T -> !H
    %y = tile.slice %q[0, 0] : !T -> !H
    %chosen = scf.if %true -> (!H) {
      scf.yield %x : !H
    } else {
      scf.yield %y : !H
    }
    %sum = tile.add %chosen, %y : !H
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x) -> (!H) {
      %n = tile.add %acc, %acc : !H
      scf.yield %n : !H
    }
    %O1 = tile.store %sum, %O[%c0, %c0] : !H, !O
    %P1 = tile.store %r, %P[%c0, %c0] : !H, !O
    return %O1, %P1 : !O, !O
  }
}
