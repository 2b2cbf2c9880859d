// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Tests that tile.gemv round-trips, with and without a destination.
// CHECK-LABEL: func.func @gemv
// CHECK-SAME: (%[[L:.*]]: !tile.tile<16x32xf16, left>, %[[R:.*]]: !tile.tile<32x64xf16, right>)
// CHECK: tile.gemv %[[L]], %[[R]] : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
// CHECK: tile.gemv %[[L]], %[[R]] into(%{{.*}} : !tile.buffer<acc, 4096>) : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
func.func @gemv(%l: !tile.tile<16x32xf16, left>, %r: !tile.tile<32x64xf16, right>) {
  %b = tile.alloc : !tile.buffer<acc, 4096>
  %0 = tile.gemv %l, %r : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
  %1 = tile.gemv %l, %r into(%b : !tile.buffer<acc, 4096>) : !tile.tile<16x32xf16, left>, !tile.tile<32x64xf16, right> -> !tile.tile<16x64xf32, acc>
  return
}
