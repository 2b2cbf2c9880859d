// RUN: tile-opt %s --inline --symbol-dce | FileCheck %s
// RUN: tile-opt %s --inline --symbol-dce | tile-opt --tile-memory-pipeline | FileCheck %s --check-prefix=PLANNED

// Tests that tile ops inline (the tile dialect's inliner interface and
// func's inliner extension are registered), so that a kernel calling a
// function that returns a tile can be planned: the storage passes plan one
// function at a time and reject the call's result.
// CHECK-LABEL: func.func @kernel(
// CHECK-NOT:     call
// CHECK:         %[[X:.*]] = tile.load
// CHECK:         %[[Y:.*]] = tile.exp %[[X]] : !tile.tile<16x16xf32, vec>
// CHECK:         tile.store %[[Y]]
// PLANNED-LABEL: func.func @kernel(
// PLANNED:         %[[B:.*]] = tile.alloc addr = 0 : !tile.buffer<vec, 1024>
// PLANNED:         %[[X:.*]] = tile.load {{.*}} into(%[[B]]
// PLANNED:         tile.exp %[[X]] into(%[[B]]
func.func private @exp(%x: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec> {
  %y = tile.exp %x : !tile.tile<16x16xf32, vec>
  return %y : !tile.tile<16x16xf32, vec>
}
func.func @kernel(%A: !tile.tensor<16x16xf32>) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = func.call @exp(%x) : (!tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec>
  %A1 = tile.store %y, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %A1 : !tile.tensor<16x16xf32>
}
