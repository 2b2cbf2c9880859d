// Found by tilemem.testing.mutate --execute (seed 1420102557 of the mutation
// set before copy-op and forward were added; a mutant of
// test/Target/PTO/tile-to-pto-extreme-constants.mlir): ptoas 0.27 declares
// index values int32_t in its C++, so the bound INT64_MAX became
// `const int32_t v6 = 9223372036854775807;` (-1), the loop never ran, and
// every element differed from the interpreter's one exp. Now refused at the
// constant.
func.func @extreme_bounds(%A: !tile.tensor<16x16xf32>, %n: i64) -> !tile.tensor<16x16xf32> {
  %c0 = arith.constant 0 : index
  %max = arith.constant 9223372036854775807 : index
  %max64 = arith.constant 9223372036854775807 : i64
  %min64 = arith.constant -9223372036854775808 : i64
  %t = tile.load %A[%c0, %c0] : !tile.tensor<16x16xf32> -> !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %max step %max iter_args(%acc = %t) -> (!tile.tile<16x16xf32, vec>) {
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
