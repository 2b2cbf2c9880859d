// RUN: tile-opt %s | tile-opt | FileCheck %s
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s

// Tests that tile.cmp, tile.cmps and tile.sel round-trip with every
// comparison, with and without destinations: the mask of a 16x16 tile is
// 16x32xi8 (2 bytes of bits per row, rows of 32 bytes), of a 16x512 tile
// 16x64xi8.
// CHECK-LABEL: func.func @masks
// CHECK-SAME: (%[[A:.*]]: !tile.tile<16x16xf32, vec>, %[[B:.*]]: !tile.tile<16x16xf32, vec>, %[[H:.*]]: !tile.tile<16x512xf16, vec>, %[[I:.*]]: !tile.tile<16x16xi32, vec>, %[[S:.*]]: f32, %[[N:.*]]: i32)
// CHECK: %[[M0:.*]] = tile.cmp eq %[[A]], %[[B]] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
// CHECK: tile.cmp ne %[[A]], %[[B]] : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
// CHECK: tile.cmp lt %[[A]], %[[B]] into(%{{.*}} : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
// CHECK: tile.cmp le %[[H]], %[[H]] : !tile.tile<16x512xf16, vec> -> !tile.tile<16x64xi8, vec>
// CHECK: tile.cmps gt %[[A]], %[[S]] : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x32xi8, vec>
// CHECK: tile.cmps ge %[[A]], %[[S]] : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x32xi8, vec>
// CHECK: tile.cmps eq %[[I]], %[[N]] : !tile.tile<16x16xi32, vec>, i32 -> !tile.tile<16x32xi8, vec>
// CHECK: tile.cmp ne %[[I]], %[[I]] : !tile.tile<16x16xi32, vec> -> !tile.tile<16x32xi8, vec>
// CHECK: tile.sel %[[M0]], %[[A]], %[[B]] : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
// CHECK: tile.sel %[[M0]], %[[I]], %[[I]] into(%{{.*}} : !tile.buffer<vec, 1024>) : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xi32, vec>
func.func @masks(%a: !tile.tile<16x16xf32, vec>, %b: !tile.tile<16x16xf32, vec>,
                 %h: !tile.tile<16x512xf16, vec>, %i: !tile.tile<16x16xi32, vec>,
                 %s: f32, %n: i32) {
  %buf = tile.alloc : !tile.buffer<vec, 512>
  %out = tile.alloc : !tile.buffer<vec, 1024>
  %0 = tile.cmp eq %a, %b : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %1 = tile.cmp ne %a, %b : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %2 = tile.cmp lt %a, %b into(%buf : !tile.buffer<vec, 512>) : !tile.tile<16x16xf32, vec> -> !tile.tile<16x32xi8, vec>
  %3 = tile.cmp le %h, %h : !tile.tile<16x512xf16, vec> -> !tile.tile<16x64xi8, vec>
  %4 = tile.cmps gt %a, %s : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x32xi8, vec>
  %5 = tile.cmps ge %a, %s : !tile.tile<16x16xf32, vec>, f32 -> !tile.tile<16x32xi8, vec>
  %6 = tile.cmps eq %i, %n : !tile.tile<16x16xi32, vec>, i32 -> !tile.tile<16x32xi8, vec>
  %7 = tile.cmp ne %i, %i : !tile.tile<16x16xi32, vec> -> !tile.tile<16x32xi8, vec>
  %8 = tile.sel %0, %a, %b : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xf32, vec>
  %9 = tile.sel %0, %i, %i into(%out : !tile.buffer<vec, 1024>) : !tile.tile<16x32xi8, vec>, !tile.tile<16x16xi32, vec>
  return
}
