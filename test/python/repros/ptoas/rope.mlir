// CMD: eval "$(scripts/toolchain-env.sh)" && PYTHONPATH=build/python_packages .venv/bin/python -m tilemem.testing.toolchain test/python/repros/ptoas/rope.mlir --memory-planner all
// OBSERVED (hunt of 2026-12-03, listed as a documented refusal): tile.assemble of a half-width column block was refused at emission (ptoas's A2/A3 tmov wants one shape). Now a copy as pto.tmax(x, x), with a level2 root chosen for the blocks: PASS with every planner.
// rotate-half RoPE on one 16x128 head via slices and assemble
!Q = !tile.tensor<16x128xf32>
!H = !tile.tensor<16x64xf32>
!T = !tile.tile<16x128xf32, vec>
!Hf = !tile.tile<16x64xf32, vec>
module attributes {tile.target_arch = "a3"} {
  func.func @rope(%Qg: !Q, %cos: !H, %sin: !H, %O: !Q) -> !Q {
    %c0 = arith.constant 0 : index
    %q = tile.load %Qg[%c0, %c0] : !Q -> !T
    %cs = tile.load %cos[%c0, %c0] : !H -> !Hf
    %sn = tile.load %sin[%c0, %c0] : !H -> !Hf
    %x1 = tile.slice %q[0, 0] : !T -> !Hf
    %x2 = tile.slice %q[0, 64] : !T -> !Hf
    %a = tile.mul %x1, %cs : !Hf
    %b = tile.mul %x2, %sn : !Hf
    %lo = tile.sub %a, %b : !Hf
    %c = tile.mul %x2, %cs : !Hf
    %d = tile.mul %x1, %sn : !Hf
    %hi = tile.add %c, %d : !Hf
    %o = tile.create : !T
    %o1 = tile.assemble %o, %lo[0, 0] : !T, !Hf
    %o2 = tile.assemble %o1, %hi[0, 64] : !T, !Hf
    %O1 = tile.store %o2, %O[%c0, %c0] : !T, !Q
    return %O1 : !Q
  }
}
