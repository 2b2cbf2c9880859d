// RUN: tile-opt %s --tile-select-buffer-ir-functions --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-select-buffer-ir-functions --tile-select-buffer-ir-functions=enable-buffer-ir=false --split-input-file | FileCheck %s --check-prefix=OFF

// Tests that a kernel made only of tile, arith, scf and func.return ops is
// selected, and that explicit off mode clears every selection.
// CHECK-LABEL: func.func @supported
// CHECK-SAME:    attributes {tile.buffer_ir}
// OFF-LABEL:   func.func @supported
// OFF-NOT:       tile.buffer_ir
func.func @supported(%x: !tile.tile<8x8xf32, vec>, %c: i1, %n: index) -> !tile.tile<8x8xf32, vec> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (!tile.tile<8x8xf32, vec>) {
    %s = scf.if %c -> (!tile.tile<8x8xf32, vec>) {
      %e = tile.exp %a : !tile.tile<8x8xf32, vec>
      scf.yield %e : !tile.tile<8x8xf32, vec>
    } else {
      scf.yield %a : !tile.tile<8x8xf32, vec>
    }
    scf.yield %s : !tile.tile<8x8xf32, vec>
  }
  return %r : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that a call keeps the kernel on the Tile path.
// CHECK-LABEL: func.func @calls
// CHECK-NOT:     tile.buffer_ir
// CHECK:         call @callee
func.func private @callee(!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
func.func @calls(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %y = func.call @callee(%x) : (!tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec>
  return %y : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that pinned storage and multi-slot pools keep the kernel on the
// Tile path.
// CHECK-LABEL: func.func @pinned
// CHECK-NOT:     tile.buffer_ir
// CHECK-LABEL: func.func @pool
// CHECK-NOT:     tile.buffer_ir
func.func @pinned(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b = tile.alloc pinned : !tile.buffer<vec, 256>
  %e = tile.exp %x into(%b : !tile.buffer<vec, 256>) : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}
func.func @pool(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> {
  %b = tile.alloc : !tile.buffer<vec, 256, slots = 2>
  %e = tile.exp %x into(%b slot 1 : !tile.buffer<vec, 256, slots = 2>) : !tile.tile<8x8xf32, vec>
  return %e : !tile.tile<8x8xf32, vec>
}

// -----

// Tests that orchestration functions are never selected.
// CHECK-LABEL: func.func @orchestration
// CHECK-NOT:     tile.buffer_ir
func.func @orchestration(%x: !tile.tile<8x8xf32, vec>) -> !tile.tile<8x8xf32, vec> attributes {tile.orchestration} {
  return %x : !tile.tile<8x8xf32, vec>
}
