// The kernel of index_beyond_int32.mlir with the int32_t extremes as bounds
// (the widest index values ptoas's C++ holds): one iteration from 0 to
// INT32_MAX, and INT32_MIN as the lower bound of a loop that never runs;
// the i64 extremes wrap in both (INT64_MAX + n - INT64_MIN).
func.func @int32_bounds(%A: !tile.tensor<16x16xf32>, %n: i64) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %max = arith.constant 2147483647 : index
  %min = arith.constant -2147483648 : index
  %max64 = arith.constant 9223372036854775807 : i64
  %min64 = arith.constant -9223372036854775808 : i64
  %t = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %max step %max iter_args(%acc = %t) -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %acc : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  %q = scf.for %i = %c0 to %min step %max iter_args(%acc = %r) -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %acc : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  %s = arith.addi %n, %max64 : i64
  %u = arith.subi %s, %min64 : i64
  %f = arith.sitofp %u : i64 to f32
  %w = tile.adds %q, %f : !tile.tile<16x16xf32, vec>, f32
  %B = tile.store %w, %A[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  return %B : !tile.tensor<16x16xf32>
}
