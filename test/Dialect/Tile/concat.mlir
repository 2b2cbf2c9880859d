// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Tests that tile.concat round-trips, with and without a destination.
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.*]]: !tile.tile<16x8xf32, vec>, %[[B:.*]]: !tile.tile<16x24xf32, vec>)
// CHECK: tile.concat %[[A]], %[[B]] : !tile.tile<16x8xf32, vec>, !tile.tile<16x24xf32, vec> -> !tile.tile<16x32xf32, vec>
// CHECK: tile.concat %[[B]], %[[A]] into(%{{.*}} : !tile.buffer<vec, 2048>) : !tile.tile<16x24xf32, vec>, !tile.tile<16x8xf32, vec> -> !tile.tile<16x32xf32, vec>
func.func @concat(%a: !tile.tile<16x8xf32, vec>, %b: !tile.tile<16x24xf32, vec>) {
  %buf = tile.alloc : !tile.buffer<vec, 2048>
  %0 = tile.concat %a, %b : !tile.tile<16x8xf32, vec>, !tile.tile<16x24xf32, vec> -> !tile.tile<16x32xf32, vec>
  %1 = tile.concat %b, %a into(%buf : !tile.buffer<vec, 2048>) : !tile.tile<16x24xf32, vec>, !tile.tile<16x8xf32, vec> -> !tile.tile<16x32xf32, vec>
  return
}
