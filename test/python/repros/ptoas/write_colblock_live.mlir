// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/write_colblock_live.mlir --memory-planner all
// OBSERVED every planner: emission fails "'tile.move' op cannot be emitted to PTO: ptoas's A2/A3 pto.tmov wants source and destination tile_bufs of one shape, and a column block's is as wide as its row stride" -- the tile.move was inserted by tile-materialize-semantic-aliases (to copy the column block %x, still read after tile.write updates it), the user wrote none; without the later read of %x the kernel passes. EXPECTED: pipeline produces an emittable copy, or a diagnostic that names the user's op and the reason. WRONG REJECTION / MISLEADING DIAGNOSTIC.
!Q = !tile.tensor<16x128xf32>
!T = !tile.tile<16x128xf32, vec>
!Hf = !tile.tile<16x64xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @write_colblock_live(%Qg: !Q, %O: !Q) -> !Q {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %x = tile.slice %q[0, 64] : !T -> !Hf
    %e = tile.write %x[%c0, %c0], %one : !Hf, f32
    %O1 = tile.store %e, %O[%c0, %c0] : !Hf, !Q
    %O2 = tile.store %x, %O1[%c0, %c64] : !Hf, !Q
    return %O2 : !Q
  }
}
