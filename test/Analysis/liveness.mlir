// RUN: tile-opt %s --tile-test-print-liveness --mlir-disable-threading -o /dev/null | FileCheck %s

// StorageLiveness prints, for every tile value (function arguments, then op
// results and block arguments in pre-order), the region-free ops after
// which it may still be read: ops after its definition, on some path that
// reaches a read (sibling if arms excluded), and every op of a loop whose
// later iteration reads it again.
//
// --mlir-disable-threading: the pass prints from each function's instance.

// Tests that a value read in both arms of an if is live after the ops that
// precede each read, but not after the then arm's read (the else arm cannot
// follow it), and that a value is dead after its last read.
// CHECK-LABEL: liveness of @arms:
// CHECK-NEXT:   %arg1 at line [[@LINE+8]]: live after tile.exp at line [[@LINE+10]], tile.exp at line [[@LINE+15]]
// CHECK-NEXT:   %0 at line [[@LINE+9]]: live after tile.add at line [[@LINE+11]], scf.yield at line [[@LINE+12]], tile.exp at line [[@LINE+14]], tile.add at line [[@LINE+15]], scf.yield at line [[@LINE+16]]
// CHECK-NEXT:   %1 at line [[@LINE+9]]: live after nothing
// CHECK-NEXT:   %3 at line [[@LINE+9]]: live after nothing
// CHECK-NEXT:   %3 at line [[@LINE+11]]: live after nothing
// CHECK-NEXT:   %4 at line [[@LINE+11]]: live after nothing
// CHECK-NEXT:   %2 at line [[@LINE+13]]: live after nothing

func.func @arms(%c: i1, %x: !tile.tile<16x16xf32, vec>)
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

// Tests that a value defined before a loop and read in its body is live
// after every op of the body, the read included (the next iteration reads
// it again), while a value defined and last read inside the body is not
// live after its read.
// CHECK-LABEL: liveness of @recurring:
// CHECK-NEXT:   %arg1 at line [[@LINE+7]]: live after arith.constant at line [[@LINE+8]], arith.constant at line [[@LINE+9]], tile.exp at line [[@LINE+10]]
// CHECK-NEXT:   %0 at line [[@LINE+9]]: live after tile.exp at line [[@LINE+11]], tile.add at line [[@LINE+12]], scf.yield at line [[@LINE+13]]
// CHECK-NEXT:   %arg3 at line [[@LINE+9]]: live after nothing
// CHECK-NEXT:   %1 at line [[@LINE+8]]: live after nothing
// CHECK-NEXT:   %2 at line [[@LINE+8]]: live after nothing
// CHECK-NEXT:   %3 at line [[@LINE+8]]: live after nothing

func.func @recurring(%n: index, %x: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = tile.exp %x : !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (!tile.tile<16x16xf32, vec>) {
    %t = tile.exp %a : !tile.tile<16x16xf32, vec>
    %s = tile.add %t, %k : !tile.tile<16x16xf32, vec>
    scf.yield %s : !tile.tile<16x16xf32, vec>
  }
  return %r : !tile.tile<16x16xf32, vec>
}

// Tests that a loop that runs at most once does not make a read recur: the
// value is dead after its read in the body.
// CHECK-LABEL: liveness of @once:
// CHECK-NEXT:   %arg0 at line [[@LINE+7]]: live after arith.constant at line [[@LINE+8]], arith.constant at line [[@LINE+9]], tile.exp at line [[@LINE+10]]
// CHECK-NEXT:   %0 at line [[@LINE+9]]: live after nothing
// CHECK-NEXT:   %arg2 at line [[@LINE+9]]: live after nothing
// CHECK-NEXT:   %1 at line [[@LINE+8]]: live after nothing
// CHECK-NEXT:   %2 at line [[@LINE+8]]: live after nothing
// CHECK-NEXT:   %3 at line [[@LINE+8]]: live after nothing

func.func @once(%x: !tile.tile<16x16xf32, vec>) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = tile.exp %x : !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%a = %x) -> (!tile.tile<16x16xf32, vec>) {
    %s = tile.add %a, %k : !tile.tile<16x16xf32, vec>
    %u = tile.exp %s : !tile.tile<16x16xf32, vec>
    scf.yield %u : !tile.tile<16x16xf32, vec>
  }
  return %r : !tile.tile<16x16xf32, vec>
}
