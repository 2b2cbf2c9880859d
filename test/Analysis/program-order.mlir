// RUN: tile-opt %s --tile-test-print-program-order --mlir-disable-threading -o /dev/null | FileCheck %s

// ProgramOrder prints every op of a function in pre-order with its rank in
// the then-first order, its rank in the else-first order and the rank of
// the last op nested in it (its end).
//
// --mlir-disable-threading: the pass prints from each function's instance.

// Tests that the two orders disagree exactly on the two arms of an scf.if
// (the then arm comes first in one and last in the other) and agree before
// and after it, and that an if's end is the last op of its else arm.
// CHECK-LABEL: order of @branches:
// CHECK-NEXT:   tile.exp at line [[@LINE+12]]: 0 0 0
// CHECK-NEXT:   scf.if at line [[@LINE+12]]: 1 1 6
// CHECK-NEXT:   tile.add at line [[@LINE+12]]: 2 5 2
// CHECK-NEXT:   scf.yield at line [[@LINE+12]]: 3 6 3
// CHECK-NEXT:   tile.exp at line [[@LINE+13]]: 4 2 4
// CHECK-NEXT:   tile.add at line [[@LINE+13]]: 5 3 5
// CHECK-NEXT:   scf.yield at line [[@LINE+13]]: 6 4 6
// CHECK-NEXT:   tile.add at line [[@LINE+14]]: 7 7 7
// CHECK-NEXT:   func.return at line [[@LINE+14]]: 8 8 8
// CHECK-NOT: {{.}}
func.func @branches(%c: i1, %x: !tile.tile<16x16xf32, vec>)
    -> !tile.tile<16x16xf32, vec> {
  %a = tile.exp %x : !tile.tile<16x16xf32, vec>
  %r = scf.if %c -> !tile.tile<16x16xf32, vec> {
    %t = tile.add %a, %x : !tile.tile<16x16xf32, vec>
    scf.yield %t : !tile.tile<16x16xf32, vec>
  } else {
    %e = tile.exp %a : !tile.tile<16x16xf32, vec>
    %f = tile.add %e, %x : !tile.tile<16x16xf32, vec>
    scf.yield %f : !tile.tile<16x16xf32, vec>
  }
  %d = tile.add %r, %a : !tile.tile<16x16xf32, vec>
  return %d : !tile.tile<16x16xf32, vec>
}

// Tests that a loop's body follows the loop in both orders and that the
// loop's end covers its body, nested ifs included.
// CHECK-LABEL: order of @loop:
// CHECK-NEXT:   arith.constant at line [[@LINE+11]]: 0 0 0
// CHECK-NEXT:   arith.constant at line [[@LINE+11]]: 1 1 1
// CHECK-NEXT:   scf.for at line [[@LINE+11]]: 2 2 7
// CHECK-NEXT:   scf.if at line [[@LINE+11]]: 3 3 6
// CHECK-NEXT:   tile.exp at line [[@LINE+11]]: 4 5 4
// CHECK-NEXT:   scf.yield at line [[@LINE+11]]: 5 6 5
// CHECK-NEXT:   scf.yield at line [[@LINE+12]]: 6 4 6
// CHECK-NEXT:   scf.yield at line [[@LINE+13]]: 7 7 7
// CHECK-NEXT:   func.return at line [[@LINE+14]]: 8 8 8
// CHECK-NOT: {{.}}
func.func @loop(%n: index, %c: i1, %x: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (!tile.tile<16x16xf32, vec>) {
    %s = scf.if %c -> !tile.tile<16x16xf32, vec> {
      %e = tile.exp %a : !tile.tile<16x16xf32, vec>
      scf.yield %e : !tile.tile<16x16xf32, vec>
    } else {
      scf.yield %a : !tile.tile<16x16xf32, vec>
    }
    scf.yield %s : !tile.tile<16x16xf32, vec>
  }
  return %r : !tile.tile<16x16xf32, vec>
}
