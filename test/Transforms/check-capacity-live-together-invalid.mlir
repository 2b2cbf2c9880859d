// RUN: tile-opt %s --split-input-file --tile-init-memref --tile-check-capacity -verify-diagnostics
// RUN: tile-opt %s --split-input-file --tile-init-memref --tile-check-capacity="arch=a5" | FileCheck %s --check-prefix=A5
// RUN: not tile-opt %s --split-input-file --tile-memory-pipeline="memory-planner=ptoas" -o /dev/null 2>&1 | FileCheck %s --check-prefix=PTOAS

// tile-check-capacity's second check: the tiles live at one point (the
// max-live lower bound of AllocationLifetimes, after tile-init-memref has
// given every tile its allocation) must fit in their space together.

// Tests that tiles which fit one by one but not together are an error at
// the op where their bytes peak: three 64 KiB vec tiles live at the third
// load (192 KiB, over a3's 184 KiB; a5's 248 KiB hold them). The add writes
// %d over %a, which dies there, so its bytes are counted once. ptoas's
// PlanMemory reported such a kernel as a whole-function overflow, or
// aborted ("missing failed storage entry"; shape_sweep attention seed
// 1435041028).
// PTOAS: error: the tiles live here need 196608 bytes of vec together, but the capacity on a3 is 188416 bytes: no planner can place them
// A5-LABEL: func.func @live_together
func.func @live_together(%A: !tile.tensor<128x384xf32>) -> !tile.tensor<128x384xf32> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<128x384xf32> -> !tile.tile<128x128xf32, vec>
  %b = tile.load %A[%c0, %c128] : !tile.tensor<128x384xf32> -> !tile.tile<128x128xf32, vec>
  // expected-error @+1 {{the tiles live here need 196608 bytes of vec together, but the capacity on a3 is 188416 bytes: no planner can place them}}
  %c = tile.load %A[%c0, %c256] : !tile.tensor<128x384xf32> -> !tile.tile<128x128xf32, vec>
  %d = tile.add %a, %b : !tile.tile<128x128xf32, vec>
  %e = tile.add %d, %c : !tile.tile<128x128xf32, vec>
  %B = tile.store %e, %A[%c0, %c0] : !tile.tile<128x128xf32, vec>, !tile.tensor<128x384xf32>
  return %B : !tile.tensor<128x384xf32>
}

// -----

// Tests that the scratch tile of a row sum counts with the tiles live at
// its op: its 96 KiB source, the scratch (as large) and the 384-byte
// result need 196992 bytes; the source alone fits. At level2 ptoas plans an
// alloc_tile for the scratch too.
// PTOAS: error: the tiles live here need 196992 bytes of vec together
// A5-LABEL: func.func @scratch_counts
func.func @scratch_counts(%A: !tile.tensor<96x256xf32>, %O: !tile.tensor<96x1xf32>) -> !tile.tensor<96x1xf32> {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<96x256xf32> -> !tile.tile<96x256xf32, vec>
  // expected-error @+1 {{the tiles live here need 196992 bytes of vec together, but the capacity on a3 is 188416 bytes: no planner can place them}}
  %s = tile.row_sum %a : !tile.tile<96x256xf32, vec> -> !tile.tile<96x1xf32, vec>
  %B = tile.store %s, %O[%c0, %c0] : !tile.tile<96x1xf32, vec>, !tile.tensor<96x1xf32>
  return %B : !tile.tensor<96x1xf32>
}
