// RUN: tile-opt %s --tile-select-buffer-ir-functions --tile-init-memref --tile-materialize-semantic-aliases=enable-buffer-ir=true --tile-verify-storage --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-select-buffer-ir-functions --tile-init-memref --tile-materialize-semantic-aliases=enable-buffer-ir=false --tile-verify-storage --split-input-file | FileCheck %s --check-prefix=TILE

// Buffer-IR branch destinations (seed rules 1-4) in selected kernels.

// Tests the seed's example: `if flag: yield a else: yield b` with a and b
// live after the branch gets one new allocation and one copy in each arm;
// the inputs keep their own storage.
// CHECK-LABEL: func.func @outside_inputs
// CHECK-DAG:     %[[DEST:.*]] = tile.alloc : !tile.buffer<vec, 256>
// CHECK-DAG:     %[[A:.*]] = tile.exp %{{.*}} into(%[[BA:[^ ]*]] :
// CHECK-DAG:     %[[B:.*]] = tile.muls %{{.*}} into(%[[BB:[^ ]*]] :
// CHECK:         scf.if
// CHECK-NEXT:      %[[MA:.*]] = tile.move %[[A]] into(%[[DEST]] :
// CHECK-NEXT:      scf.yield %[[MA]]
// CHECK:         } else {
// CHECK-NEXT:      %[[MB:.*]] = tile.move %[[B]] into(%[[DEST]] :
// CHECK-NEXT:      scf.yield %[[MB]]
func.func @outside_inputs(%x: !tile.tile<8x8xf32, vec>, %c: i1) -> (!tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>, !tile.tile<8x8xf32, vec>) {
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
// the arm is copied rather than retargeted, while the other arm's sole-use
// producer writes the destination.
// CHECK-LABEL: func.func @aliased_local
// CHECK:         scf.if
// CHECK:           %[[A:.*]] = tile.exp
// CHECK:           tile.add %[[A]], %[[A]]
// CHECK:           tile.move %[[A]] into(%[[DEST:[^ ]*]] :
// CHECK:         } else {
// CHECK-NEXT:      tile.muls %{{.*}} into(%[[DEST]] :
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
