// RUN: tile-opt %s --split-input-file --tile-init-memref --tile-materialize-semantic-aliases | FileCheck %s
// RUN: tile-opt %s --split-input-file --tile-init-memref --tile-materialize-semantic-aliases --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS

// The pass checks its result with the storage verifier before keeping it
// (Passes.td, `verify`). Its analyses replay one recorded walk of the
// function (RecordedWalk.h); a rewrite that creates no op leaves that walk
// valid, and the self-check replays it instead of walking the function again.
// The statistics reports come one per split, in order.

// Tests that a rewrite which only retargets a producer (the add writes the
// carry's window) replays the walk for its self-check.
// CHECK-LABEL: func.func @retarget_only
// CHECK: %[[BUF:.*]] = tile.alloc
// CHECK: scf.for
// CHECK-NEXT: tile.add {{.*}} into(%[[BUF]] :
// CHECK-NOT: tile.move
// STATS-LABEL: TileMaterializeSemanticAliases
// STATS: (S) 0 entry-copies
// STATS-NEXT: (S) 1 replayed-self-checks
// STATS-NEXT: (S) 1 retargeted-producers
// STATS: (S) 0 yield-copies
func.func @retarget_only(%x: !tile.tile<8x8xf32, vec>, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = tile.full 0.0 : !tile.tile<8x8xf32, vec>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (!tile.tile<8x8xf32, vec>) {
    %next = tile.add %acc, %x : !tile.tile<8x8xf32, vec>
    scf.yield %next : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a rewrite which inserts copies (the two carries swap every
// iteration: a cycle, broken through a scratch tile) walks the function
// again for its self-check: the recorded walk lacks the new ops.
// CHECK-LABEL: func.func @swap_needs_copies
// CHECK: scf.for
// CHECK-COUNT-3: tile.move
// CHECK-NEXT: scf.yield
// STATS-LABEL: TileMaterializeSemanticAliases
// STATS: (S) 0 replayed-self-checks
// STATS-NEXT: (S) 0 retargeted-producers
// STATS-NEXT: (S) 1 scratch-tiles
// STATS: (S) 3 yield-copies
func.func @swap_needs_copies(%x: !tile.tile<8x8xf32, vec>, %y: !tile.tile<8x8xf32, vec>, %n: index) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a0 = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b0 = tile.exp %y : !tile.tile<8x8xf32, vec>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %a0, %b = %b0) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    scf.yield %b, %a : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}
