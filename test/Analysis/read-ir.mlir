// RUN: tile-opt %s --tile-test-read-ir --mlir-pass-statistics --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s

// tile-test-read-ir reads every op of each function once (the function op
// and the ops nested in its loops included) with its operands and results,
// and changes nothing: the floor bench/run.py measures next to the passes.

// Tests that every op is read once, nested ones included, with each operand
// and result: 7 ops (func, two constants, for, exp, yield, return) and 11
// values (2 constants; the for's 4 operands and result; the exp's operand
// and result; the yield's and the return's operands).
// CHECK-LABEL: TestReadIR
// CHECK-DAG: (S) 7 ops-read
// CHECK-DAG: (S) 11 values-read
func.func @nest(%x: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %c4 step %c4 iter_args(%t = %x) -> (!tile.tile<16x16xf32, vec>) {
    %e = tile.exp %t : !tile.tile<16x16xf32, vec>
    scf.yield %e : !tile.tile<16x16xf32, vec>
  }
  return %r : !tile.tile<16x16xf32, vec>
}
