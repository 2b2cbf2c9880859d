// REQUIRES: ptoas
// Tile-typed scf.if results at level2. A logical tile selection (an arm
// yields a tile still read after the if) is a two-slot pool and a dynamic
// slot: each op on the selected tile is repeated per slot under an scf.if
// on the slot, and no scf.if yields a tile_buf (ptoas rejected a yielded
// tile_buf read by tmax, "ins/outs are not memref yet", and cast one read by
// tadd to a pointer in its C++, "(__ubuf__ float*) v").
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.pto
// RUN: FileCheck %s --input-file=%t.pto --check-prefix=PTO
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// PTO-NOT: -> !pto.tile_buf
// PTO: pto.barrier #pto.pipe<PIPE_ALL>
// PTO: scf.if
// PTO-NEXT: pto.tmax
// PTO: } else {
// PTO-NEXT: pto.tmax
// CHECK-NOT: (__ubuf__ float*) v
// CHECK: TMAX(
// CHECK: TMAX(
func.func @sel_max(%X: !tile.tensor<16x16xf32>, %Y: !tile.tensor<16x16xf32>, %O: !tile.tensor<16x16xf32>, %c: i1) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %x = tile.load %X[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %y = tile.load %Y[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.if %c -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %x : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  } else {
    scf.yield %y : !tile.tile<16x16xf32, vec>
  }
  %t = tile.maximum %r, %y : !tile.tile<16x16xf32, vec>
  %O1 = tile.store %t, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %O1 : !tile.tensor<16x16xf32>
}
