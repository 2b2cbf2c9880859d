// REQUIRES: ptoas
// Tests that a level3 kernel whose slice shares its source's bytes from
// another address gets a full barrier between the load and the op reading
// the slice, and pins why: ptoas 0.27's InsertSync relates two tile_bufs
// only through one address value (MemoryDependentAnalyzer::MemAlias), so for
// the PTO emitted before (Inputs/unrelated-syncs.pto) it puts no MTE2 -> V
// wait between TLOAD into [0, 4096) and TEXP reading [2048, 4096); on the
// NPU the exp may read before the load lands. With the slice at offset 0
// (one address) it does put one. A ptoas that relates overlapping addresses
// fails the NOSYNC check, and the barriers can go.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto -o %t.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t.pto -o %t.cpp > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %S/Inputs/unrelated-syncs.pto -o %t.before.cpp > /dev/null 2>&1
// RUN: FileCheck %s --input-file=%t.before.cpp --check-prefix=NOSYNC
// CHECK: TLOAD(
// CHECK-NEXT: pipe_barrier(PIPE_ALL);
// CHECK-NEXT: TEXP(
// NOSYNC: TLOAD(
// NOSYNC-NEXT: TEXP(
module attributes {tile.target_arch = "a3"} {
func.func @slice_read(%X: !tile.tensor<16x64xf32>, %O: !tile.tensor<8x64xf32>) -> !tile.tensor<8x64xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x64xf32> -> !tile.tile<16x64xf32, vec>
  %s = tile.slice %x[8, 0] : !tile.tile<16x64xf32, vec> -> !tile.tile<8x64xf32, vec>
  %e = tile.exp %s : !tile.tile<8x64xf32, vec>
  %o = tile.store %e, %O[%c0, %c0] : !tile.tile<8x64xf32, vec>, !tile.tensor<8x64xf32>
  return %o : !tile.tensor<8x64xf32>
}
}
