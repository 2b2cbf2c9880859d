// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/abs_colblock.mlir --memory-planner all
// OBSERVED every planner: ptoas accepts, g++ fails "no matching function for call to TABS_IMPL(Tile<...16, 64...>&, Tile<...16, 128, ... 16, 64...>&)" for tile.abs of a column block (exp/neg/sqrt/log/rsqrt/relu/recip of the same block pass). EXPECTED: emitted correctly or refused. G++ COMPILE FAILURE OF PTOAS OUTPUT.
!Q = !tile.tensor<16x128xf32>
!O = !tile.tensor<16x64xf32>
!T = !tile.tile<16x128xf32, vec>
!Hf = !tile.tile<16x64xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @abs_colblock(%Qg: !Q, %O: !O) -> !O {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %x = tile.slice %q[0, 64] : !T -> !Hf
    %r = tile.abs %x : !Hf
    %O1 = tile.store %r, %O[%c0, %c0] : !Hf, !O
    return %O1 : !O
  }
}
