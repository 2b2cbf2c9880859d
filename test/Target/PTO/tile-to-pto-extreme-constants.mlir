// RUN: tile-opt %s --tile-memory-pipeline | tile-translate --tile-to-pto | FileCheck %s

// Tests that the extreme constants ptoas's C++ holds (int32_t for index,
// int64_t for i64) are emitted as constants like any other: the emitter's
// constant cache once kept them in a DenseMap, which reserves INT64_MAX and
// INT64_MIN as its empty and deleted keys, and aborted on them. Index
// constants beyond int32_t are refused (tile-to-pto-invalid.mlir).
// CHECK-LABEL: func.func @extreme_bounds
// CHECK-DAG:     %[[MAX:.*]] = arith.constant 2147483647 : index
// CHECK-DAG:     %[[MIN:.*]] = arith.constant -2147483648 : index
// CHECK-DAG:     arith.constant 9223372036854775807 : i64
// CHECK-DAG:     arith.constant -9223372036854775808 : i64
// CHECK:         scf.for %{{.*}} = %[[MIN]] to %{{.*}} step %[[MAX]]
func.func @extreme_bounds(%A: !tile.tensor<16x16xf32>, %n: i64) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %max = arith.constant 2147483647 : index
  %min = arith.constant -2147483648 : index
  %max64 = arith.constant 9223372036854775807 : i64
  %min64 = arith.constant -9223372036854775808 : i64
  %t = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %min to %c0 step %max iter_args(%acc = %t) -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %acc : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  %s = arith.addi %n, %max64 : i64
  %u = arith.subi %s, %min64 : i64
  %f = arith.sitofp %u : i64 to f32
  %w = tile.adds %r, %f : !tile.tile<16x16xf32, vec>, f32
  %B = tile.store %w, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}
