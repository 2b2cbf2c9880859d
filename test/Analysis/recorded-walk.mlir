// RUN: tile-opt %s --tile-test-print-recorded-walk --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s

// A RecordedWalk prints the ops it recorded, as its enter/exit replay meets
// them, and then checks its four replays (what the analyses use) against
// the tile::walk forms they stand for, visit by visit, blocks included.
//
// --mlir-disable-threading: the pass prints from each function's instance.

// Tests that the record of nested regions (a loop, an if with two arms, a
// while with a before and an after region, an if with one arm) enters and
// exits every op with regions around what is nested in it, and that every
// replay visits what tile::walk visits, in the same order.
// CHECK-LABEL: walk of @nested:
// CHECK-NEXT:    enter func.func at line [[@LINE+30]]
// CHECK-NEXT:      op arith.constant at line [[@LINE+31]]
// CHECK-NEXT:      op arith.constant at line [[@LINE+31]]
// CHECK-NEXT:      op tile.exp at line [[@LINE+31]]
// CHECK-NEXT:      enter scf.for at line [[@LINE+31]]
// CHECK-NEXT:        enter scf.if at line [[@LINE+31]]
// CHECK-NEXT:          op tile.add at line [[@LINE+31]]
// CHECK-NEXT:          op scf.yield at line [[@LINE+31]]
// CHECK-NEXT:          op scf.yield at line [[@LINE+32]]
// CHECK-NEXT:        exit scf.if at line [[@LINE+27]]
// CHECK-NEXT:        op scf.yield at line [[@LINE+32]]
// CHECK-NEXT:      exit scf.for at line [[@LINE+24]]
// CHECK-NEXT:      enter scf.while at line [[@LINE+32]]
// CHECK-NEXT:        op arith.cmpi at line [[@LINE+33]]
// CHECK-NEXT:        op scf.condition at line [[@LINE+33]]
// CHECK-NEXT:        op tile.exp at line [[@LINE+35]]
// CHECK-NEXT:        op arith.addi at line [[@LINE+35]]
// CHECK-NEXT:        op scf.yield at line [[@LINE+35]]
// CHECK-NEXT:      exit scf.while at line [[@LINE+26]]
// CHECK-NEXT:      enter scf.if at line [[@LINE+35]]
// CHECK-NEXT:        op tile.store at line [[@LINE+35]]
// CHECK-NEXT:        op scf.yield at line [[@LINE+33]]
// CHECK-NEXT:      exit scf.if at line [[@LINE+32]]
// CHECK-NEXT:      op func.return at line [[@LINE+34]]
// CHECK-NEXT:    exit func.func at line [[@LINE+6]]
// CHECK-NEXT:    pre-order replay = tile::walk
// CHECK-NEXT:    post-order replay = tile::walk
// CHECK-NEXT:    enter/exit replay = tile::walk
// CHECK-NEXT:    blocks-then-results replay = tile::walk
// CHECK-NEXT:    20 ops, 5 with regions
func.func @nested(%c: i1, %n: index, %x: !tile.tile<16x16xf32, vec>,
                  %O: !tile.tensor<16x16xf32>) -> !tile.tile<16x16xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tile.exp %x : !tile.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> !tile.tile<16x16xf32, vec> {
    %s = scf.if %c -> !tile.tile<16x16xf32, vec> {
      %t = tile.add %acc, %x : !tile.tile<16x16xf32, vec>
      scf.yield %t : !tile.tile<16x16xf32, vec>
    } else {
      scf.yield %acc : !tile.tile<16x16xf32, vec>
    }
    scf.yield %s : !tile.tile<16x16xf32, vec>
  }
  %w:2 = scf.while (%v = %r, %k = %c0) : (!tile.tile<16x16xf32, vec>, index)
      -> (!tile.tile<16x16xf32, vec>, index) {
    %go = arith.cmpi slt, %k, %n : index
    scf.condition(%go) %v, %k : !tile.tile<16x16xf32, vec>, index
  } do {
  ^bb0(%v2: !tile.tile<16x16xf32, vec>, %k2: index):
    %e = tile.exp %v2 : !tile.tile<16x16xf32, vec>
    %k3 = arith.addi %k2, %c1 : index
    scf.yield %e, %k3 : !tile.tile<16x16xf32, vec>, index
  }
  scf.if %c {
    tile.store %w#0, %O[%c0, %c0] : !tile.tile<16x16xf32, vec>, !tile.tensor<16x16xf32>
  }
  return %w#0 : !tile.tile<16x16xf32, vec>
}

// Tests that a function without a body is recorded as one op (no regions
// entered) and that its replays still match.
// CHECK-LABEL: walk of @external:
// CHECK-NEXT:    enter func.func at line [[@LINE+7]]
// CHECK-NEXT:    exit func.func at line [[@LINE+6]]
// CHECK-NEXT:    pre-order replay = tile::walk
// CHECK-NEXT:    post-order replay = tile::walk
// CHECK-NEXT:    enter/exit replay = tile::walk
// CHECK-NEXT:    blocks-then-results replay = tile::walk
// CHECK-NEXT:    1 ops, 1 with regions
func.func private @external(%x: !tile.tile<16x16xf32, vec>)
