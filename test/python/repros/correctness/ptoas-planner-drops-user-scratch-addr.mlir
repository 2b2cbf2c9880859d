// build/bin/tile-opt THIS --tile-memory-pipeline=memory-planner=ptoas | build/bin/tile-translate --tile-to-pto --pto-level=level2
// observed: accepted; the user tile.scratch_addr = 3 (misaligned; 188160 or 2^63-8, outside the capacity, are accepted the same way) is silently dropped at level2. With memory-planner=pypto or dsa-rp the same kernel is rejected ("the scratch tile of %3 has address 3, which is not a multiple of 32 bytes"), and a user `addr` on a tile.alloc is rejected for the ptoas planner ("has a fixed address (addr = N), which the ptoas planner cannot keep"). expected: the same treatment as a user addr (a located error), or at least the alignment/capacity check. class: accepted invalid program (low severity; no wrong code, since level2 lets ptoas place the temporary)
module attributes {tile.target_arch = "a3"} {
func.func @k(%A: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x8xf32>) -> !tile.tensor<16x8xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %t = tile.transpose %a {tile.scratch_addr = 3 : i64} : !tile.tile<16x16xf32, vec> -> !tile.tile<16x16xf32, vec>
  %s = tile.slice %t[0, 0] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x8xf32, vec>
  %O1 = tile.store %s, %O[%c0, %c0] : !tile.tile<16x8xf32, vec>, !tile.tensor<16x8xf32>
  return %O1 : !tile.tensor<16x8xf32>
}
}
