// RUN: tile-opt %s --tile-select-buffer-ir-functions --tile-init-memref --tile-materialize-semantic-aliases=enable-buffer-ir=true --tile-verify-storage --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-select-buffer-ir-functions --tile-init-memref --tile-materialize-semantic-aliases=enable-buffer-ir=false --tile-verify-storage --split-input-file | FileCheck %s --check-prefix=TILE

// Buffer-IR branch destinations (seed rules 1-4) in selected kernels.

// Tests the seed's example: `if flag: yield a else: yield b` with a and b
// live after the branch gets one new allocation and one copy in each arm;
// the inputs keep their own storage. (Here a and b are the caller's tiles;
// two compiler-owned tiles would instead share a two-slot pool, see
// @outside_inputs_selected.)
// CHECK-LABEL: func.func @outside_inputs
// CHECK-NEXT:    %[[DEST:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      %[[MA:.*]] = tile.move %arg0 into(%[[DEST]] :
// CHECK-NEXT:      scf.yield %[[MA]]
// CHECK:         } else {
// CHECK-NEXT:      %[[MB:.*]] = tile.move %arg1 into(%[[DEST]] :
// CHECK-NEXT:      scf.yield %[[MB]]
func.func @outside_inputs(%a: !tile.tile<8x8xf32, vec>, %b: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r, %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that two compiler-owned inputs from outside the branch, live after
// it, keep their bytes in two slots of one pool and the if selects a slot
// (a logical tile selection, in both modes): no copy.
// CHECK-LABEL: func.func @outside_inputs_selected
// CHECK-NEXT:    %[[POOL:.*]] = tile.alloc : !tile.buffer<vec, 256, slots = 2>
// CHECK:         tile.exp %{{.*}} into(%[[POOL]] :
// CHECK:         tile.muls %{{.*}} into(%[[POOL]] slot 1 :
// CHECK:         scf.if
// CHECK-NEXT:      tile.create into(%[[POOL]] slot
// CHECK:         } else {
// CHECK-NEXT:      tile.create into(%[[POOL]] slot
// CHECK:         tile.if_exit_barrier
// CHECK-NOT:     tile.move
// TILE-LABEL: func.func @outside_inputs_selected
// TILE:         tile.alloc : !tile.buffer<vec, 256, slots = 2>
// TILE:         tile.if_exit_barrier
func.func @outside_inputs_selected(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %f = arith.constant 2.0 : f32
  %a = tile.exp %x : !tile.tile<8x8xf32, vec>
  %b = tile.muls %x, %f : !tile.tile<8x8xf32, vec>, f32
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r, %a, %b : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that two independent branch-local producers write the new
// allocation directly, with no copy (and their own allocations go away).
// CHECK-LABEL: func.func @local_producers
// CHECK-NEXT:    %[[DEST:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-NEXT:    scf.if
// CHECK-NEXT:      tile.exp %{{.*}} into(%[[DEST]] :
// CHECK:           tile.add %{{.*}} into(%[[DEST]] :
// CHECK-NOT:     tile.move
func.func @local_producers(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %a = tile.exp %x : !tile.tile<8x8xf32, vec>
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    %b = tile.add %x, %x : !tile.tile<8x8xf32, vec>
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a branch-local producer whose value is also used elsewhere in
// the arm keeps its window, which the other arm's sole-use producer writes
// (no copy); the caller's %x yielded for result #1 is copied into the then
// value's window, which nothing reads after the else arm.
// CHECK-LABEL: func.func @aliased_local
// CHECK:         scf.if
// CHECK-NEXT:      %[[A:.*]] = tile.exp %{{.*}} into(%[[WA:[^ ]*]] :
// CHECK-NEXT:      tile.add %[[A]], %[[A]] into(%[[WS:[^ ]*]] :
// CHECK:         } else {
// CHECK-NEXT:      tile.muls %{{.*}} into(%[[WA]] :
// CHECK-NEXT:      tile.move %arg0 into(%[[WS]] :
func.func @aliased_local(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
  %f = arith.constant 2.0 : f32
  %r:2 = scf.if %c -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
    %a = tile.exp %x : !tile.tile<8x8xf32, vec>
    %s = tile.add %a, %a : !tile.tile<8x8xf32, vec>
    scf.yield %a, %s : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  } else {
    %b = tile.muls %x, %f : !tile.tile<8x8xf32, vec>, f32
    scf.yield %b, %x : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
  }
  return %r#0, %r#1 : !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>
}

// -----

// Tests that explicit off mode and unselected kernels keep the Tile path:
// the else producer is retargeted into the then arm's window.
// TILE-LABEL: func.func @tile_path
// TILE:         %[[A:.*]] = tile.exp %{{.*}} into(%[[W:[^ ]*]] :
// TILE:       } else {
// TILE-NEXT:    tile.add %{{.*}} into(%[[W]] :
// CHECK-LABEL: func.func @tile_path
func.func @tile_path(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> !tile.tile<8x8xf32, vec> {
  %r = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
    %a = tile.exp %x : !tile.tile<8x8xf32, vec>
    scf.yield %a : !tile.tile<8x8xf32, vec>
  } else {
    %b = tile.add %x, %x : !tile.tile<8x8xf32, vec>
    scf.yield %b : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}
