// RUN: mlir-opt %s --load-dialect-plugin=%tilemem_plugin --load-pass-plugin=%tilemem_plugin \
// RUN:   --pass-pipeline='builtin.module(func.func(tile-init-memref,tile-verify-storage))' | FileCheck %s

// Tests that the upstream mlir-opt of the wheel loads the tile dialect and the
// tilemem passes from the plugin and runs them.
// CHECK-LABEL: func.func @plugin
// CHECK:         %[[B:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK:         tile.exp %{{.*}} into(%[[B]] : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
func.func @plugin(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %e = tile.exp %x : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}
