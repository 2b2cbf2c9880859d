// REQUIRES: ptoas
// Level2 alloc_tile placement: with every alloc_tile in the prologue,
// ptoas's PlanMemory kept all 14 buffers of this loop live across it ("vec
// overflow, requires 1835008 bits while 1572864 bits available"); each
// alloc_tile now sits in the innermost block holding its uses (the loaded
// and the exp'd tiles inside the loop body, the accumulator before it), and
// PlanMemory reuses the body's buffers. The placement is checked on the
// storage pipeline's output (one allocation per producer); the ptoas
// planner's pipeline first merges each exp into the buffer of the tile it
// reads for the last time (tile-memory-reuse{in-place-only}, as PlanMemory
// writes nothing in place), which leaves one buffer in the body. Over the
// capacity, where PlanMemory reuses addresses, each buffer's first use waits
// behind a pto.barrier <PIPE_ALL> (docs/pto-emission.md, "Syncs between tiles
// at different addresses").
// RUN: tile-opt %s --tile-storage-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.pto
// RUN: FileCheck %s --input-file=%t.pto --check-prefix=PTO
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.pto -o %t.cpp
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t.inplace.pto
// RUN: FileCheck %s --input-file=%t.inplace.pto --check-prefix=INPLACE
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t.inplace.pto -o %t.inplace.cpp
// RUN: FileCheck %s --input-file=%t.inplace.cpp
// PTO: pto.alloc_tile
// PTO-NEXT: pto.barrier #pto.pipe<PIPE_ALL>
// PTO-NEXT: pto.texpands
// PTO-NEXT: scf.for
// PTO-COUNT-13: pto.alloc_tile
// PTO: pto.tadd
// PTO-NEXT: }
// INPLACE: pto.alloc_tile
// INPLACE-NEXT: pto.texpands
// INPLACE-NEXT: scf.for
// INPLACE: pto.alloc_tile
// INPLACE-NOT: pto.alloc_tile
// INPLACE: pto.tadd
// CHECK: TADD(
func.func @acc_pressure(%A: !tile.tensor<256x64xf32>, %B: !tile.tensor<64x64xf32>) -> !tile.tensor<64x64xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %zero = tile.full 0.0 : !tile.tile<64x64xf32, vec>
  %sum = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (!tile.tile<64x64xf32, vec>) {
    %row = arith.muli %i, %c64 : index
    %t0 = tile.load %A[%row, %c0] : !tile.tensor<256x64xf32> -> !tile.tile<64x64xf32, vec>
    %t1 = tile.exp %t0 : !tile.tile<64x64xf32, vec>
    %t2 = tile.exp %t1 : !tile.tile<64x64xf32, vec>
    %t3 = tile.exp %t2 : !tile.tile<64x64xf32, vec>
    %t4 = tile.exp %t3 : !tile.tile<64x64xf32, vec>
    %t5 = tile.exp %t4 : !tile.tile<64x64xf32, vec>
    %t6 = tile.exp %t5 : !tile.tile<64x64xf32, vec>
    %t7 = tile.exp %t6 : !tile.tile<64x64xf32, vec>
    %t8 = tile.exp %t7 : !tile.tile<64x64xf32, vec>
    %t9 = tile.exp %t8 : !tile.tile<64x64xf32, vec>
    %t10 = tile.exp %t9 : !tile.tile<64x64xf32, vec>
    %t11 = tile.exp %t10 : !tile.tile<64x64xf32, vec>
    %t12 = tile.exp %t11 : !tile.tile<64x64xf32, vec>
    %next = tile.add %acc, %t12 : !tile.tile<64x64xf32, vec>
    scf.yield %next : !tile.tile<64x64xf32, vec>
  }
  %B1 = tile.store %sum, %B[%c0, %c0] : !tile.tile<64x64xf32, vec>, !tile.tensor<64x64xf32>
  return %B1 : !tile.tensor<64x64xf32>
}
