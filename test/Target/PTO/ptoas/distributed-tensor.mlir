// REQUIRES: ptoas
// Distributed tensors are emitted as the tensors they are: a global-memory
// pointer each, the window being tilemem's storage identity, not PTO's. A
// window tensor carried through a loop and an if reaches ptoas as the
// tensor view of its argument, at both levels.
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=ptoas | tile-translate --tile-to-pto -o %t2.pto
// RUN: FileCheck %s --input-file=%t2.pto --check-prefix=PTO
// RUN: %ptoas --pto-level=level2 --enable-insert-sync %t2.pto -o %t2.cpp
// RUN: FileCheck %s --input-file=%t2.cpp
// RUN: tile-opt %s --tile-memory-pipeline=memory-planner=pypto | tile-translate --tile-to-pto --pto-level=level3 -o %t3.pto
// RUN: %ptoas --pto-level=level3 --enable-insert-sync %t3.pto -o %t3.cpp
// RUN: FileCheck %s --input-file=%t3.cpp
// PTO: func.func @window_accumulate(%{{.*}}: !pto.ptr<f32>, %{{.*}}: !pto.ptr<f32>)
// PTO: scf.for
// PTO: pto.tstore
// CHECK: TSTORE(
func.func @window_accumulate(%A: !tile.tensor<64x64xf32>, %W: !tile.tensor<64x64xf32, window = "comm0">) -> !tile.tensor<64x64xf32, window = "comm0"> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %W) -> (!tile.tensor<64x64xf32, window = "comm0">) {
    %row = arith.muli %i, %c16 : index
    %x = tile.load %A[%row, %c0] : !tile.tensor<64x64xf32> -> !tile.tile<16x64xf32, vec>
    %y = tile.exp %x : !tile.tile<16x64xf32, vec>
    %t1 = tile.store %y, %t[%row, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<64x64xf32, window = "comm0">
    scf.yield %t1 : !tile.tensor<64x64xf32, window = "comm0">
  }
  return %r : !tile.tensor<64x64xf32, window = "comm0">
}
