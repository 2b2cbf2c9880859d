// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --tile-storage-pipeline | FileCheck %s --check-prefix=PIPE
// RUN: tile-opt %s --tile-init-memref=erase-dead-code=false --tile-test-print-storage --mlir-disable-threading -o /dev/null | FileCheck %s --check-prefix=STORAGE

// Distributed tensors: `!tile.tensor<..., window = "name">`, a tensor in a
// named communication window. The window is a type parameter, so every
// value derived from the tensor keeps it; the storage of a loop carry or
// result and of an if result is the initializer's (the tensor rules), zero
// trips included.

// Tests that a distributed tensor round-trips, is stored to, carried through
// scf.for (zero trips possible), scf.while and scf.if, and that every
// derived value lives in the argument's storage.
// CHECK-LABEL: func.func @window_carries
// CHECK-SAME:    !tile.tensor<64x64xf32, window = "comm0">
// PIPE-LABEL:  func.func @window_carries
// PIPE-NOT:      tile.move
// PIPE:          return
// STORAGE-LABEL: storage of @window_carries
// STORAGE-NEXT:  %arg0: %arg0[0, 16384]
// STORAGE-NOT:   : %{{[0-9]+}}[0, 16384]
// STORAGE:       %{{[0-9]+}}: %arg0[0, 16384]
// STORAGE-NOT:   : %{{[0-9]+}}[0, 16384]
// STORAGE-LABEL: storage of @two_windows
func.func @window_carries(%W: !tile.tensor<64x64xf32, window = "comm0">, %x: !tile.tile<16x64xf32, vec>, %n: index, %c: i1) -> !tile.tensor<64x64xf32, window = "comm0"> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %W) -> (!tile.tensor<64x64xf32, window = "comm0">) {
    %t1 = tile.store %x, %t[%c16, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<64x64xf32, window = "comm0">
    scf.yield %t1 : !tile.tensor<64x64xf32, window = "comm0">
  }
  %w:2 = scf.while (%t = %r, %k = %c0) : (!tile.tensor<64x64xf32, window = "comm0">, index) -> (!tile.tensor<64x64xf32, window = "comm0">, index) {
    %go = arith.cmpi slt, %k, %n : index
    scf.condition(%go) %t, %k : !tile.tensor<64x64xf32, window = "comm0">, index
  } do {
  ^bb0(%t: !tile.tensor<64x64xf32, window = "comm0">, %k: index):
    %t2 = tile.store %x, %t[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<64x64xf32, window = "comm0">
    %k1 = arith.addi %k, %c1 : index
    scf.yield %t2, %k1 : !tile.tensor<64x64xf32, window = "comm0">, index
  }
  %f = scf.if %c -> (!tile.tensor<64x64xf32, window = "comm0">) {
    %t3 = tile.store %x, %w#0[%c16, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<64x64xf32, window = "comm0">
    scf.yield %t3 : !tile.tensor<64x64xf32, window = "comm0">
  } else {
    scf.yield %w#0 : !tile.tensor<64x64xf32, window = "comm0">
  }
  return %f : !tile.tensor<64x64xf32, window = "comm0">
}

// Tests that tiles are loaded from a distributed tensor and stored into a
// plain one, and that two windows in one signature stay apart.
// CHECK-LABEL: func.func @two_windows
// CHECK-SAME:    window = "comm0"
// CHECK-SAME:    window = "comm1"
// CHECK-SAME:    !tile.tensor<16x64xf32>
func.func @two_windows(%A: !tile.tensor<16x64xf32, window = "comm0">, %B: !tile.tensor<16x64xf32, window = "comm1">, %O: !tile.tensor<16x64xf32>) -> (!tile.tensor<16x64xf32, window = "comm1">, !tile.tensor<16x64xf32>) {
  %c0 = arith.constant 0 : index
  %a = tile.load %A[%c0, %c0] : !tile.tensor<16x64xf32, window = "comm0"> -> !tile.tile<16x64xf32, vec>
  %b = tile.load %B[%c0, %c0] : !tile.tensor<16x64xf32, window = "comm1"> -> !tile.tile<16x64xf32, vec>
  %s = tile.add %a, %b : !tile.tile<16x64xf32, vec>
  %B1 = tile.store %s, %B[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<16x64xf32, window = "comm1">
  %O1 = tile.store %s, %O[%c0, %c0] : !tile.tile<16x64xf32, vec>, !tile.tensor<16x64xf32>
  return %B1, %O1 : !tile.tensor<16x64xf32, window = "comm1">, !tile.tensor<16x64xf32>
}
